//! A trace imported the way a new user imports it, on the synthetic log of many users and short
//! jobs (`data/traces/swf-synthetic/many-users.swf`, data/traces/README.md): one test per thing
//! that gave such a user a misleading picture (docs/TRACES.md, "SWF", "Capacity", "The model's
//! gap"). The expected numbers are worked out here from the log's raw rows.

use crate::calibration::{sides_are, PerShare};
use quotalab_engine::scenario::JobSpec;
use quotalab_engine::{simulate, time, Scenario};
use quotalab_interop::traces::{
    swf, CapacityGiven, ImportError, ImportOptions, ImportedTrace, ShareBy, TraceFile,
};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

fn log() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/traces/swf-synthetic/many-users.swf");
    std::fs::read_to_string(path).unwrap()
}

fn import(options: &ImportOptions) -> Result<ImportedTrace, ImportError> {
    let text = log();
    swf::import(
        &[TraceFile {
            name: "many-users.swf",
            text: &text,
        }],
        options,
    )
}

fn default_import() -> ImportedTrace {
    import(&ImportOptions::default()).expect("the default import works")
}

/// One raw job line: (number, submit, wait, run, processors, status, user, group, application).
type Raw = (u64, i64, i64, i64, i64, i64, i64, i64, i64);

/// The job lines that describe work: run time and processors known.
fn raw_jobs() -> Vec<Raw> {
    log()
        .lines()
        .filter(|l| !l.trim_start().starts_with(';') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<i64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (
                f[0] as u64,
                f[1],
                f[2],
                f[3],
                f[4],
                f[10],
                f[11],
                f[12],
                f[13],
            )
        })
        .filter(|r| r.3 > 0 && r.4 > 0)
        .collect()
}

/// The raw line of an imported job, found by the job number its name starts with.
fn raw_of(job: &JobSpec, raw: &[Raw]) -> Raw {
    let number: u64 = job.name["job-".len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", job.name));
    *raw.iter().find(|r| r.0 == number).unwrap()
}

fn note<'a>(imported: &'a ImportedTrace, words: &str) -> &'a str {
    imported
        .report
        .notes
        .iter()
        .find(|n| n.contains(words))
        .unwrap_or_else(|| panic!("no note with {words:?}: {:?}", imported.report.notes))
}

/// Item 1: more groups than AWS allows shares is no longer an error: the largest keep their own
/// share, the rest are pooled, the note says how to change it, and each job keeps its ids.
#[test]
fn the_default_import_pools_the_smallest_groups_and_keeps_each_jobs_ids() {
    let imported = default_import();
    let groups: HashSet<i64> = raw_jobs().iter().map(|r| r.7).collect();
    assert!(groups.len() > 20, "the log has {} groups", groups.len());
    let shares = &imported.scenario.quota_shares;
    assert_eq!(shares.len(), 20);
    assert_eq!(shares.last().unwrap().name, "others");
    let pooled = note(&imported, "share one named \"others\"");
    for words in [
        "20 shares",
        "group column (field 13)",
        "--teams N",
        "--share-by",
    ] {
        assert!(pooled.contains(words), "{words}: {pooled}");
    }
    // The 19 largest groups by processor-seconds are the shares with their own name.
    let mut work: BTreeMap<i64, i64> = BTreeMap::new();
    for r in raw_jobs() {
        *work.entry(r.7).or_default() += r.3 * r.4;
    }
    let mut largest: Vec<(i64, i64)> = work.into_iter().collect();
    largest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let own: HashSet<String> = largest[..19]
        .iter()
        .map(|(g, _)| format!("group-{g}"))
        .collect();
    let named: HashSet<String> = shares[..19].iter().map(|s| s.name.clone()).collect();
    assert_eq!(named, own);
    // A job in the pool still says whose it is.
    let raw = raw_jobs();
    for job in &imported.scenario.jobs {
        let r = raw_of(job, &raw);
        let ids = format!("(user {}, group {}, application {})", r.6, r.7, r.8);
        assert!(job.name.ends_with(&ids), "{} for {r:?}", job.name);
    }
}

/// Item 1: a team count AWS does not allow is refused naming the option and what it allows.
#[test]
fn a_team_count_over_twenty_names_the_option() {
    let options = ImportOptions {
        teams: Some(21),
        ..Default::default()
    };
    let Err(error) = import(&options) else {
        panic!("21 shares were made")
    };
    assert!(matches!(
        error,
        ImportError::Option {
            option: "--teams",
            ..
        }
    ));
    assert!(
        error.to_string().starts_with("--teams 21: give 1 to 20"),
        "{error}"
    );
    let few = ImportOptions {
        teams: Some(5),
        share_by: Some(ShareBy::User),
        ..Default::default()
    };
    let by_user = import(&few).unwrap();
    assert_eq!(by_user.scenario.quota_shares.len(), 5);
    assert!(by_user.scenario.quota_shares[0].name.starts_with("user-"));
}

/// Item 2: the log's waits become each job's observed block, and a run's calibration compares
/// them per share and over all jobs.
#[test]
fn the_logs_own_waits_are_kept_and_calibrated() {
    let imported = default_import();
    let raw = raw_jobs();
    for job in &imported.scenario.jobs {
        let r = raw_of(job, &raw);
        let observed = job
            .observed
            .as_ref()
            .expect("every wait of this log is known");
        let start = time::seconds(observed.first_start_h.unwrap());
        assert_eq!(start - time::seconds(job.submit_h), r.2, "{}", job.name);
        assert_eq!(time::seconds(observed.end_h.unwrap()) - start, r.3);
    }
    let mut waits: Vec<f64> = raw_jobs().iter().map(|r| r.2 as f64 / 3600.0).collect();
    waits.sort_by(f64::total_cmp);
    let rank = |p: f64| waits[((p * waits.len() as f64).ceil() as usize).max(1) - 1];
    let calibration = simulate(&imported.scenario)
        .calibration
        .expect("observed jobs");
    assert_eq!(calibration.jobs_compared as usize, waits.len());
    let observed = &calibration.observed;
    // The engine takes start minus submission in hours, so equal to the second, not the bit.
    let close = |a: Option<f64>, b: f64| (a.unwrap() - b).abs() < 1e-9;
    assert!(close(observed.wait_p50_h, rank(0.5)), "{observed:?}");
    assert!(close(observed.wait_p90_h, rank(0.9)), "{observed:?}");
    let mean = waits.iter().sum::<f64>() / waits.len() as f64;
    assert!(close(observed.wait_mean_h, mean), "{observed:?}");
    assert_eq!(calibration.shares.len(), 20);
    let per_share: u32 = calibration.shares.iter().map(|s| s.jobs).sum();
    assert_eq!(per_share, calibration.jobs_compared);
    // Per share and over all: the observed side from the raw lines (a wait of field 3, and a
    // completion of wait plus run time for a job completed, status 1, or without a status),
    // the simulated side from the run's own job rows.
    let mut observed = PerShare::new();
    for job in &imported.scenario.jobs {
        let r = raw_of(job, &raw);
        for key in [
            String::new(),
            job.share.as_deref().unwrap_or_default().to_string(),
        ] {
            let (waits, completions) = observed.entry(key).or_default();
            waits.push(r.2 as f64 / 3600.0);
            if matches!(r.5, 1 | -1) {
                completions.push((r.2 + r.3) as f64 / 3600.0);
            }
        }
    }
    let run = simulate(&imported.scenario);
    let simulated = crate::calibration::simulated(&imported.scenario, &run);
    sides_are(run.calibration.as_ref().unwrap(), &observed, &simulated);
}

/// Item 3: a capacity taken from the observed peak is said to be that, with what it means and
/// what to try, and the summary shows the log's waits beside it; `--capacity` sets it.
#[test]
fn the_capacity_chosen_is_explained_beside_the_observed_waits() {
    let imported = default_import();
    let peak = imported.report.capacity_warning.as_deref().unwrap_or("");
    assert!(peak.starts_with("capacity is the peak of"), "{peak}");
    for words in ["in use at once", "seldom waits", "waited", "--capacity"] {
        assert!(peak.contains(words), "{words}: {peak}");
    }
    let lines = imported.report.lines();
    let capacity = lines.iter().find(|l| l.starts_with("capacity: ")).unwrap();
    assert!(capacity.contains("ml.g5.xlarge"), "{capacity}");
    let waits = lines
        .iter()
        .find(|l| l.starts_with("observed waits: "))
        .unwrap();
    let waited = raw_jobs().iter().filter(|r| r.2 > 0).count();
    assert!(
        waits.contains(&format!("{waited} of {} jobs waited", raw_jobs().len())),
        "{waits}"
    );
    for given in [
        CapacityGiven::Accelerators(6),
        CapacityGiven::Instances(vec![("ml.g5.xlarge".into(), 6)]),
    ] {
        let options = ImportOptions {
            capacity: Some(given),
            ..Default::default()
        };
        let small = import(&options).unwrap();
        assert_eq!(small.scenario.capacity[0].count, 6);
        assert!(small.report.capacity.contains("as given with --capacity"));
    }
}

/// Item 4: nothing is assumed in silence: the GPU model, the seconds, the source.
#[test]
fn the_gpu_model_the_seconds_and_the_source_are_the_logs() {
    let imported = default_import();
    note(&imported, "the log names no GPU model");
    let one_second = imported
        .scenario
        .jobs
        .iter()
        .find(|j| time::seconds(j.duration_h) == 1)
        .expect("the log has 1-second jobs");
    assert_eq!(one_second.duration_h, 1.0 / 3600.0);
    let runs: Vec<i64> = raw_jobs().iter().map(|r| r.3).collect();
    let mut imported_runs: Vec<i64> = imported
        .scenario
        .jobs
        .iter()
        .map(|j| time::seconds(j.duration_h))
        .collect();
    let mut raw_runs = runs.clone();
    imported_runs.sort_unstable();
    raw_runs.sort_unstable();
    assert_eq!(imported_runs, raw_runs, "every run time to the second");
    let description = &imported.scenario.description;
    assert!(
        description.contains("synthetic inference cluster"),
        "{description}"
    );
    assert!(!description.contains("Parallel Workloads Archive"));
}

/// Item 5: the import's own lines count with their plural, and with the singular for one: on a
/// log with one row skipped and one job larger than the share its group gets (16 processors
/// for 1 second, against another group's 36,000 processor-seconds), so one validation warning.
#[test]
fn counts_read_with_their_plural() {
    let lines = default_import().report.lines();
    assert!(lines[0].ends_with("jobs imported"), "{}", lines[0]);
    let text = "; MaxProcs: 16\n\
        1 0 0 1 16 -1 -1 16 -1 -1 1 7 1 -1 -1 -1 -1 -1\n\
        2 0 0 36000 1 -1 -1 1 -1 -1 1 8 2 -1 -1 -1 -1 -1\n\
        3 0 0 -1 1 -1 -1 1 -1 -1 1 8 2 -1 -1 -1 -1 -1\n";
    let file = [TraceFile {
        name: "one.swf",
        text,
    }];
    let report = swf::import(&file, &ImportOptions::default())
        .unwrap()
        .report;
    let lines = report.lines();
    assert_eq!(lines[0], "3 rows read, 2 jobs imported");
    assert!(
        lines.contains(
            &"skipped 1 row: no run time (field 4 is 0 or -1: cancelled or unknown)".to_string()
        ),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("note: the scenario has 1 validation warning (")),
        "{lines:?}"
    );
}

/// Item 6: every row is a job, a bad row, or skipped with its reason and count.
#[test]
fn nothing_is_lost() {
    let imported = default_import();
    let r = &imported.report;
    crate::support::nothing_lost(r);
    assert!(r.skipped.keys().any(|k| k.contains("no run time")));
    assert!(r.skipped.keys().any(|k| k.contains("no processor count")));
    let window = ImportOptions {
        from_h: Some(12.0),
        to_h: Some(36.0),
        ..Default::default()
    };
    let part = import(&window).unwrap();
    let r = &part.report;
    crate::support::nothing_lost(r);
    assert!(r.skipped.contains_key("submitted outside the time window"));
}

/// The scenario made is what the engine reads back, byte for byte.
#[test]
fn the_scenario_reads_back_as_written() {
    let scenario = default_import().scenario;
    let back = Scenario::from_json(&scenario.to_json_pretty()).unwrap();
    assert_eq!(back, scenario);
}

/// A trace's jobs name few shares and instance types many times over: each name is made once.
#[test]
fn the_jobs_of_a_share_share_its_name() {
    crate::support::names_shared(&default_import().scenario);
}
