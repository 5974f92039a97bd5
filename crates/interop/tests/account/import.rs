//! `import account` on the fixture accounts (docs/ACCOUNT.md): the agreement as configured,
//! capacity per type, the workload as it happened, each job's observed outcome, and the list of
//! what could not be carried.

use quotalab_engine::scenario::{JobSpec, ObservedStatus, Scenario, Strategy};
use quotalab_interop::account::{import_account, AccountImport, AccountOptions, InputFile};

fn account(name: &str) -> Vec<InputFile> {
    crate::support::accounts(&[name])
}

fn import(name: &str, options: &AccountOptions) -> AccountImport {
    import_account(&account(name), options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn job<'a>(scenario: &'a Scenario, name: &str) -> &'a JobSpec {
    scenario
        .jobs
        .iter()
        .find(|j| j.name == name)
        .unwrap_or_else(|| panic!("no job {name}"))
}

fn capacity(scenario: &Scenario) -> Vec<(&str, u32)> {
    scenario
        .capacity
        .iter()
        .map(|c| (c.instance_type.as_str(), c.count))
        .collect()
}

fn unmapped_has(imported: &AccountImport, document: &str, field: &str) -> bool {
    imported
        .unmapped
        .iter()
        .any(|u| u.document.contains(document) && u.field == field)
}

#[test]
fn research_lab_agreement_is_the_three_shares_as_configured() {
    let s = import("research-lab", &AccountOptions::default()).scenario;
    assert_eq!(s.name, "ml-queue");
    let shares: Vec<(&str, Strategy, Option<i64>, bool)> = s
        .quota_shares
        .iter()
        .map(|q| {
            (
                q.name.as_str(),
                q.strategy,
                q.borrow_limit,
                q.in_share_preemption,
            )
        })
        .collect();
    // research and prod come from page 1 of list-quota-shares, nightly from page 2.
    assert_eq!(
        shares,
        [
            ("research", Strategy::LendAndBorrow, Some(200), true),
            ("prod", Strategy::Lend, None, false),
            ("nightly", Strategy::Reserve, None, true)
        ]
    );
    assert_eq!(capacity(&s), [("ml.g5.12xlarge", 4), ("ml.p5.48xlarge", 6)]);
    assert_eq!(s.training_plans.len(), 1);
    assert_eq!(s.training_plans[0].blocks[0].end_h, 168.0);
}

#[test]
fn research_lab_jobs_are_read_once_with_their_observed_outcome() {
    let imported = import("research-lab", &AccountOptions::default());
    let s = &imported.scenario;
    // Ten jobs listed over two pages; nine also described, r-sweep twice.
    assert_eq!(s.jobs.len(), 10);
    let pretrain = job(s, "r-pretrain");
    assert_eq!((pretrain.submit_h, pretrain.priority), (0.0, 100));
    assert_eq!(pretrain.instance_count, Some(4));
    assert_eq!(pretrain.preemption_retries, Some(3));
    // Its last attempt ran 8 h 10 min with a 10-minute startup.
    assert!((pretrain.duration_h - 8.0).abs() < 1e-9);
    assert!((pretrain.startup_h - 10.0 / 60.0).abs() < 1e-9);
    let observed = pretrain.observed.as_ref().unwrap();
    assert_eq!(observed.preemptions, 1);
    assert_eq!(observed.status, ObservedStatus::Succeeded);
    // Retries that ran out: FAILED on AWS, with the reason.
    let fragile = job(s, "r-fragile").observed.as_ref().unwrap();
    assert_eq!(fragile.status, ObservedStatus::Failed);
    assert!(fragile.reason.as_deref().unwrap().contains("exhausted"));
    assert_eq!(job(s, "r-fragile").preemption_retries, Some(0));
    // In-share preemption in nightly.
    assert_eq!(job(s, "n-eval-1").observed.as_ref().unwrap().preemptions, 1);
    // A pending time-out is FAILED on AWS; its reason makes it timed_out, and it never started.
    let wide = job(s, "p-wide");
    assert_eq!(wide.max_pending_h, Some(2.0));
    let wide = wide.observed.as_ref().unwrap();
    assert_eq!(
        (
            wide.status,
            wide.first_start_h,
            wide.instance_type.as_deref()
        ),
        (ObservedStatus::TimedOut, None, None)
    );
    // Still running when the history was taken.
    let long = job(s, "r-long");
    assert_eq!(
        long.observed.as_ref().unwrap().status,
        ObservedStatus::Unfinished
    );
    assert_eq!(
        long.preferences[0].training_plan.as_deref(),
        Some("p5-reserve")
    );
}

#[test]
fn the_preference_list_comes_from_the_payload_and_the_duration_from_the_type_that_ran() {
    let s = import("research-lab", &AccountOptions::default()).scenario;
    let sweep = job(&s, "r-sweep");
    let types: Vec<&str> = sweep
        .preferences
        .iter()
        .map(|p| p.instance_type.as_str())
        .collect();
    assert_eq!(types, ["ml.p5.48xlarge", "ml.g5.12xlarge"]);
    // It ran 3 h on its second entry, 10 minutes of them starting up.
    let ran = sweep.preferences[1].duration_h.unwrap();
    assert!((ran - (3.0 - 10.0 / 60.0)).abs() < 1e-9);
    // The first entry's duration follows by total speed (SEMANTICS §3).
    let speed = |t: &str| {
        let d = s.instance_type(t).unwrap();
        d.speed * f64::from(d.accelerators)
    };
    let expected = ran * speed("ml.g5.12xlarge") / speed("ml.p5.48xlarge");
    assert!((sweep.duration_h - expected).abs() < 1e-9);
    assert_eq!(
        sweep.observed.as_ref().unwrap().instance_type.as_deref(),
        Some("ml.g5.12xlarge")
    );
}

#[test]
fn research_lab_lists_what_it_could_not_carry() {
    let imported = import("research-lab", &AccountOptions::default());
    assert!(unmapped_has(
        &imported,
        "describe-job-queues.json › jobQueues[1]",
        ""
    ));
    assert!(unmapped_has(
        &imported,
        "describe-service-job-r-long.json",
        "timeoutConfig.attemptDurationSeconds"
    ));
    // The job only listed is still imported, and says so.
    assert!(imported
        .unmapped
        .iter()
        .any(|u| u.reason.contains("only listed")));
    assert!(job(&imported.scenario, "p-serve-eval").observed.is_some());
}

#[test]
fn two_teams_capacity_is_the_observed_peak_with_a_note_unless_given() {
    let imported = import("two-teams", &AccountOptions::default());
    assert_eq!(
        capacity(&imported.scenario),
        [("ml.g5.12xlarge", 4), ("ml.g6e.12xlarge", 4)]
    );
    assert!(imported.notes.iter().any(|n| n.contains("observed peak")));
    assert!(unmapped_has(
        &imported,
        "environments.json",
        "capacityLimits"
    ));
    let options = AccountOptions {
        capacity: [("ml.g6e.12xlarge".to_string(), 3)].into(),
        ..AccountOptions::default()
    };
    let given = import("two-teams", &options);
    assert_eq!(
        capacity(&given.scenario),
        [("ml.g5.12xlarge", 4), ("ml.g6e.12xlarge", 3)]
    );
}

#[test]
fn two_teams_reads_every_ending_and_skips_nothing_it_can_map() {
    let imported = import("two-teams", &AccountOptions::default());
    let s = &imported.scenario;
    // Files are read in path order: shares/speech.json first, named by its quotalab:name tag.
    assert_eq!(s.quota_shares[0].name, "speech team");
    assert_eq!(s.jobs.len(), 5);
    let flaky = job(s, "v-flaky").observed.as_ref().unwrap();
    assert_eq!(
        (flaky.status, flaky.preemptions),
        (ObservedStatus::Failed, 2)
    );
    assert_eq!(
        job(s, "s-cancelled").observed.as_ref().unwrap().status,
        ObservedStatus::Cancelled
    );
    // A broken payload is listed; the job still comes in, on the type it ran on.
    assert!(unmapped_has(
        &imported,
        "s-broken.json",
        "serviceRequestPayload"
    ));
    assert_eq!(
        job(s, "s-broken").preferences[0].instance_type,
        "ml.g5.12xlarge"
    );
    assert!(unmapped_has(&imported, "caller-identity.json", ""));
    assert!(unmapped_has(&imported, "s-asr.json", "shareIdentifier"));
}

#[test]
fn kueue_dump_reads_the_agreement_and_the_preempted_workloads() {
    let imported = import("kueue", &AccountOptions::default());
    let s = &imported.scenario;
    let a = &s.quota_shares[0];
    assert_eq!((a.name.as_str(), a.in_share_preemption), ("team-a", true));
    assert_eq!(s.quota_shares[1].borrow_limit, Some(200));
    let reclaimed = job(s, "team-b/job-pretrain-7f3a2");
    let observed = reclaimed.observed.as_ref().unwrap();
    assert_eq!(
        (observed.preemptions, observed.status),
        (1, ObservedStatus::Succeeded)
    );
    // One hour before the preemption and seven after its latest admission.
    assert!((reclaimed.duration_h - 8.0).abs() < 1e-9);
    let low = job(s, "team-a/job-sweep-low-00a1")
        .observed
        .as_ref()
        .unwrap();
    assert_eq!(
        (low.preemptions, low.status, low.first_start_h),
        (1, ObservedStatus::Unfinished, None)
    );
    let urgent = job(s, "team-a/job-urgent-91bb");
    assert_eq!(
        urgent.observed.as_ref().unwrap().instance_type.as_deref(),
        Some("ml.g5.12xlarge")
    );
    assert_eq!(urgent.priority, 1000);
    // v1beta1 from the second file, mapped to its ClusterQueue by the LocalQueue there.
    assert_eq!(
        job(s, "team-b/job-legacy-0042").share.as_deref(),
        Some("team-b")
    );
    assert_eq!(s.jobs.len(), 6);
}

#[test]
fn the_imported_history_runs_and_calibrates() {
    for name in ["research-lab", "two-teams", "kueue"] {
        let s = import(name, &AccountOptions::default()).scenario;
        let result = quotalab_engine::simulate(&s);
        let c = result
            .calibration
            .unwrap_or_else(|| panic!("{name}: no calibration"));
        assert_eq!(c.jobs_compared as usize, s.jobs.len(), "{name}");
        assert_eq!(c.shares.len(), s.quota_shares.len(), "{name}");
    }
}

#[test]
fn aws_and_kueue_together_or_nothing_readable_are_errors() {
    let mut both = account("two-teams");
    both.extend(account("kueue"));
    assert!(import_account(&both, &AccountOptions::default()).is_err());
    let foreign = [InputFile {
        path: "x.json".into(),
        contents: r#"{"Account": "1"}"#.into(),
    }];
    let error = import_account(&foreign, &AccountOptions::default()).unwrap_err();
    assert!(error.to_string().contains("x.json"), "{error}");
}

/// An account's history names few shares and types many times over: each name is made once.
#[test]
fn the_jobs_of_a_share_share_its_name() {
    crate::support::names_shared(&import("research-lab", &AccountOptions::default()).scenario);
}
