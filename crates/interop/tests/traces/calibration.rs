//! The model's gap on the traces the repository ships (docs/TRACES.md, "The model's gap"): the
//! observed side of a run's calibration is what the raw rows say, worked out here from them, and
//! every import keeps every row or says why not. The Philly slice (Gavel's lists) records no
//! starts, so it has nothing to calibrate, and says so.

use quotalab_engine::result::calibration::{Calibration, Side};
use quotalab_engine::result::Status;
use quotalab_engine::scenario::ObservedStatus;
use quotalab_engine::{simulate, Scenario, SimResult};
use quotalab_interop::traces::{alibaba, philly, CapacityGiven, ImportOptions, TraceFile};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/traces")
        .join(sub)
}

fn read(sub: &str, names: &[&str]) -> Vec<(String, String)> {
    names
        .iter()
        .map(|n| {
            (
                n.to_string(),
                std::fs::read_to_string(dir(sub).join(n)).unwrap(),
            )
        })
        .collect()
}

fn files(owned: &[(String, String)]) -> Vec<TraceFile<'_>> {
    owned
        .iter()
        .map(|(name, text)| TraceFile { name, text })
        .collect()
}

/// Nearest-rank percentiles and the mean of hours, as the calibration defines them.
pub(crate) fn side(mut waits: Vec<f64>, mut completions: Vec<f64>) -> [Option<f64>; 5] {
    waits.sort_by(f64::total_cmp);
    completions.sort_by(f64::total_cmp);
    let rank = |v: &[f64], p: f64| {
        (!v.is_empty()).then(|| v[((p * v.len() as f64).ceil() as usize).max(1) - 1])
    };
    let mean = (!waits.is_empty()).then(|| waits.iter().sum::<f64>() / waits.len() as f64);
    [
        rank(&waits, 0.5),
        rank(&waits, 0.9),
        mean,
        rank(&completions, 0.5),
        rank(&completions, 0.9),
    ]
}

pub(crate) fn measured(s: &Side) -> [Option<f64>; 5] {
    [
        s.wait_p50_h,
        s.wait_p90_h,
        s.wait_mean_h,
        s.completion_p50_h,
        s.completion_p90_h,
    ]
}

/// Equal to the second: the engine subtracts hours, the raw rows whole seconds.
pub(crate) fn same(a: [Option<f64>; 5], b: [Option<f64>; 5]) -> bool {
    a.iter().zip(&b).all(|(x, y)| match (x, y) {
        (Some(x), Some(y)) => (x - y).abs() < 1e-9,
        (None, None) => true,
        _ => false,
    })
}

/// Waits and completions in hours per share ("" for all jobs).
pub(crate) type PerShare = BTreeMap<String, (Vec<f64>, Vec<f64>)>;

/// The simulated side worked out here from the run's own job rows: the wait of every compared
/// job the run started, the completion of those that succeeded both in the run and observed.
pub(crate) fn simulated(scenario: &Scenario, run: &SimResult) -> PerShare {
    let by_name: BTreeMap<&str, _> = run.jobs.iter().map(|j| (j.name.as_str(), j)).collect();
    let mut out = PerShare::new();
    for spec in &scenario.jobs {
        let (Some(observed), Some(result)) = (&spec.observed, by_name.get(spec.name.as_str()))
        else {
            continue;
        };
        let share = spec.share.clone().unwrap_or_default();
        for key in [String::new(), share.to_string()] {
            let (waits, completions) = out.entry(key).or_default();
            if let Some(start) = result.first_start_h {
                waits.push((start - spec.submit_h).max(0.0));
            }
            let both =
                result.status == Status::Succeeded && observed.status == ObservedStatus::Succeeded;
            if let (true, Some(end)) = (both, result.end_h) {
                completions.push(end - spec.submit_h);
            }
        }
    }
    out
}

/// Both sides of `calibration`, over all jobs and per share, are `observed` and `simulated`.
pub(crate) fn sides_are(calibration: &Calibration, observed: &PerShare, simulated: &PerShare) {
    let expect = |rows: &PerShare, key: &str| {
        let (waits, completions) = rows.get(key).cloned().unwrap_or_default();
        side(waits, completions)
    };
    assert!(same(measured(&calibration.observed), expect(observed, "")));
    assert!(same(
        measured(&calibration.simulated),
        expect(simulated, "")
    ));
    for share in &calibration.shares {
        let name = share.name.as_deref().unwrap_or("");
        assert_eq!(share.jobs as usize, observed[name].0.len(), "{name}");
        assert!(
            same(measured(&share.observed), expect(observed, name)),
            "{share:?}"
        );
        assert!(
            same(measured(&share.simulated), expect(simulated, name)),
            "{share:?}"
        );
    }
}

#[test]
fn alibaba_calibration_observes_what_the_pod_list_says() {
    let owned = read(
        "alibaba-gpu-v2023-synthetic",
        &["openb_pod_list_default.csv", "openb_node_list_gpu_node.csv"],
    );
    let imported = alibaba::import(&files(&owned), &ImportOptions::default()).unwrap();
    crate::support::nothing_lost(&imported.report);
    let share_of: BTreeMap<&str, &str> = imported
        .scenario
        .jobs
        .iter()
        .map(|j| (j.name.as_str(), j.share.as_deref().unwrap()))
        .collect();
    // Per share (and "" for all): waits of the pods that ran, completions of those that succeeded.
    let mut raw = PerShare::new();
    let mut running = 0;
    for line in owned[0].1.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (gpus, phase) = (f[3], f[7]);
        let (created, deleted, scheduled) = (f[8], f[9], f[10]);
        let Ok(scheduled) = scheduled.parse::<f64>() else {
            continue;
        };
        let (created, deleted): (f64, f64) = (created.parse().unwrap(), deleted.parse().unwrap());
        if gpus == "0" || deleted <= scheduled {
            continue;
        }
        let share = share_of[f[0]];
        running += usize::from(phase == "Running");
        for key in ["", share] {
            let (waits, completions) = raw.entry(key.to_string()).or_default();
            waits.push((scheduled - created) / 3600.0);
            if phase == "Succeeded" {
                completions.push((deleted - created) / 3600.0);
            }
        }
    }
    let run = simulate(&imported.scenario);
    let calibration = run.calibration.as_ref().expect("observed pods");
    assert_eq!(calibration.jobs_compared as usize, raw[""].0.len());
    sides_are(calibration, &raw, &simulated(&imported.scenario, &run));
    // The slice is contended in the simulation (its shares are a quarter of the node list
    // each): the simulated side is not the observed one.
    assert!(calibration.simulated.wait_p50_h > calibration.observed.wait_p50_h);
    // Pods still running at the trace's end are observed unfinished, not succeeded.
    let unfinished = imported
        .scenario
        .jobs
        .iter()
        .filter(|j| j.observed.as_ref().unwrap().end_h.is_none())
        .count();
    assert_eq!(unfinished, running);
}

#[test]
fn alibaba_capacity_can_be_given_per_type_or_in_all() {
    let owned = read(
        "alibaba-gpu-v2023-synthetic",
        &["openb_pod_list_default.csv", "openb_node_list_gpu_node.csv"],
    );
    let own = alibaba::import(&files(&owned), &ImportOptions::default()).unwrap();
    let first = own.scenario.capacity[0].instance_type.clone();
    let options = ImportOptions {
        capacity: Some(CapacityGiven::Instances(vec![(first.clone(), 2)])),
        ..Default::default()
    };
    let given = alibaba::import(&files(&owned), &options).unwrap();
    assert_eq!(given.scenario.capacity[0].count, 2);
    assert_eq!(given.scenario.capacity[1], own.scenario.capacity[1]);
    let on_first: u32 = given
        .scenario
        .quota_shares
        .iter()
        .map(|s| s.capacity_limits[0].max_capacity)
        .sum();
    assert!(
        on_first <= 4,
        "2 instances split among 4 teams, at least 1 each"
    );
}

#[test]
fn philly_records_no_starts_and_says_so() {
    let owned = read(
        "philly-gavel-per-vc",
        &[
            "6c71a0.trace",
            "ed69ec.trace",
            "gavel_isolated_throughputs.csv",
            "philly_vc_nodes.csv",
        ],
    );
    let imported = philly::import(&files(&owned), &ImportOptions::default()).unwrap();
    crate::support::nothing_lost(&imported.report);
    assert!(imported.scenario.jobs.iter().all(|j| j.observed.is_none()));
    assert!(imported.report.waits.is_none());
    assert!(imported
        .report
        .notes
        .iter()
        .any(|n| n.contains("no start or end times")));
    // Arrivals are kept to the second: the raw rows' times, shifted by nothing.
    let arrivals: Vec<i64> = owned[0]
        .1
        .lines()
        .map(|l| {
            l.split('\t')
                .nth(5)
                .unwrap()
                .parse::<f64>()
                .unwrap()
                .round() as i64
        })
        .collect();
    let vc: Vec<i64> = imported
        .scenario
        .jobs
        .iter()
        .filter(|j| j.share.as_deref() == Some("6c71a0"))
        .map(|j| quotalab_engine::time::seconds(j.submit_h))
        .collect();
    let mut sorted = arrivals.clone();
    sorted.sort_unstable();
    assert_eq!(vc, sorted);
    let half = ImportOptions {
        capacity: Some(CapacityGiven::Accelerators(40)),
        ..Default::default()
    };
    let smaller = philly::import(&files(&owned), &half).unwrap();
    let gpus: u32 = smaller.scenario.capacity.iter().map(|c| c.count).sum();
    assert_eq!(gpus, 40, "one GPU per instance of either type");
}

/// The node list's capacity far above what the pods ever held at once (2 GPUs of 80) is said to
/// leave the simulation without contention, with a capacity to try; one near it is not.
#[test]
fn alibaba_node_list_far_above_what_the_pods_held_is_noted() {
    let pods = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n\
        p1,1,1,1,1000,T4,LS,Succeeded,0,7200,600\n\
        p2,1,1,1,1000,T4,LS,Succeeded,0,7200,3600\n\
        p3,1,1,1,1000,T4,LS,Succeeded,8000,9000,8000\n";
    let nodes = |count: usize| {
        let mut text = String::from("sn,cpu_milli,memory_mib,gpu,model\n");
        for n in 0..count {
            text.push_str(&format!("n{n},1,1,8,T4\n"));
        }
        text
    };
    let warning = |nodes: &str| {
        let files = [
            TraceFile {
                name: "openb_pod_list_default.csv",
                text: pods,
            },
            TraceFile {
                name: "openb_node_list_gpu_node.csv",
                text: nodes,
            },
        ];
        let imported = alibaba::import(&files, &ImportOptions::default()).unwrap();
        imported.report.capacity_warning
    };
    let far = "times the most the imported jobs ever held at once";
    let many = warning(&nodes(10));
    let note = many
        .iter()
        .find(|n| n.contains(far))
        .unwrap_or_else(|| panic!("{many:?}"));
    assert!(
        note.starts_with("capacity is 80 accelerators, 40 times the most"),
        "{note}"
    );
    assert!(note.contains("expect simulated waits near 0"), "{note}");
    assert!(
        note.ends_with("--capacity 2 is the most held at once"),
        "{note}"
    );
    // The pods' own waits beside it: 600 s and 3,600 s, and none for the third.
    assert!(note.contains("2 of 3 jobs waited"), "{note}");
    let few = warning("sn,cpu_milli,memory_mib,gpu,model\nn0,1,1,3,T4\n");
    assert!(!few.iter().any(|n| n.contains(far)), "{few:?}");
}
