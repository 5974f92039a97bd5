//! Trace import against the files in `data/traces`: every file of the Philly slice and of the
//! synthetic Alibaba and SWF traces is parsed, and the scenarios validate and run through the
//! engine. data/traces/README.md says what each folder holds.

use quotalab_interop::traces::{alibaba, philly, swf, ImportOptions, Sampling, TraceFile};
use std::path::{Path, PathBuf};

fn traces_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/traces")
        .join(sub)
}

/// Every file of a folder with the given extension, as (name, text), sorted by name.
fn read_all(sub: &str, ext: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(traces_dir(sub))
        .expect("the traces folder exists in data/traces")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

fn as_files(files: &[(String, String)]) -> Vec<TraceFile<'_>> {
    files
        .iter()
        .map(|(name, text)| TraceFile { name, text })
        .collect()
}

fn runs_cleanly(scenario: &quotalab_engine::Scenario) {
    let report = scenario.validate();
    assert!(report.errors.is_empty(), "{:?}", report.errors.first());
    let result = quotalab_engine::simulate(scenario);
    assert_eq!(result.jobs.len(), scenario.jobs.len());
}

/// Rows of data in the files: lines that are not empty, headers and `;` comments left out.
fn data_rows(files: &[(String, String)], header: bool) -> usize {
    files
        .iter()
        .map(|(_, text)| {
            let rows = text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with(';'))
                .count();
            rows - usize::from(header)
        })
        .sum()
}

/// Files as (name, text).
type Files = Vec<(String, String)>;

fn philly_inputs() -> (Files, Files) {
    (
        read_all("philly-gavel-per-vc", "trace"),
        read_all("philly-gavel-per-vc", "csv"),
    )
}

#[test]
fn philly_every_vc_file_imports_and_every_job_is_kept() {
    let (traces, tables) = philly_inputs();
    assert_eq!(traces.len(), 6, "the slice keeps six VCs");
    let rows = data_rows(&traces, false);
    let all: Vec<_> = traces.iter().chain(tables.iter()).cloned().collect();
    let imported = philly::import(&as_files(&all), &ImportOptions::default()).unwrap();
    assert_eq!(imported.report.rows, rows);
    assert_eq!(
        imported.scenario.jobs.len(),
        rows,
        "{:?}",
        imported.report.lines()
    );
    assert_eq!(imported.scenario.quota_shares.len(), traces.len());
    assert!(imported.report.bad_rows.is_empty());
    // Two VCs of the slice are missing from philly_vc_nodes.csv on purpose.
    for vc in ["795a4c", "925e2b"] {
        assert!(
            imported
                .report
                .notes
                .iter()
                .any(|n| n.contains(vc) && n.contains("no node count")),
            "{vc}: {:?}",
            imported.report.notes
        );
    }
    assert!(imported.scenario.validate().errors.is_empty());
}

#[test]
fn philly_every_vc_simulates_on_a_sample() {
    let (traces, tables) = philly_inputs();
    let rows = data_rows(&traces, false);
    let all: Vec<_> = traces.iter().chain(tables.iter()).cloned().collect();
    let options = ImportOptions {
        sampling: Sampling::OneIn(10),
        seed: 3,
        ..Default::default()
    };
    let imported = philly::import(&as_files(&all), &options).unwrap();
    let jobs = imported.scenario.jobs.len();
    assert!(
        (rows / 10..=rows / 10 + 1).contains(&jobs),
        "{jobs} of {rows}"
    );
    runs_cleanly(&imported.scenario);
}

#[test]
fn alibaba_both_pod_lists_import_with_either_node_list_and_simulate() {
    let files = read_all("alibaba-gpu-v2023-synthetic", "csv");
    let nodes: Vec<_> = files
        .iter()
        .filter(|f| f.0.contains("node_list"))
        .cloned()
        .collect();
    let pods: Vec<_> = files
        .iter()
        .filter(|f| f.0.contains("pod_list"))
        .cloned()
        .collect();
    assert_eq!((nodes.len(), pods.len()), (2, 2));
    for (pod, node) in pods.iter().zip(nodes.iter().rev()) {
        let input = vec![pod.clone(), node.clone()];
        let imported = alibaba::import(&as_files(&input), &ImportOptions::default()).unwrap();
        let rows = data_rows(std::slice::from_ref(pod), true);
        assert_eq!(imported.report.rows, rows, "{}", pod.0);
        assert!(imported.report.bad_rows.is_empty());
        // Most pods ask for GPUs and were scheduled; CPU-only and pending ones are left out.
        assert!(
            (rows / 2..rows).contains(&imported.scenario.jobs.len()),
            "{}: {:?}",
            pod.0,
            imported.report.lines()
        );
        assert_eq!(imported.scenario.quota_shares.len(), 4);
        runs_cleanly(&imported.scenario);
    }
}

#[test]
fn swf_log_imports_by_group_and_simulates() {
    let files: Files = read_all("swf-synthetic", "swf")
        .into_iter()
        .filter(|f| f.0 == "synthetic.swf")
        .collect();
    let imported = swf::import(&as_files(&files), &ImportOptions::default()).unwrap();
    assert_eq!(imported.report.rows, data_rows(&files, false));
    let names: Vec<&str> = imported
        .scenario
        .quota_shares
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["group-1", "group-2"]);
    assert_eq!(imported.scenario.capacity[0].count, 128);
    let window = ImportOptions {
        from_h: Some(24.0 * 7.0),
        to_h: Some(24.0 * 14.0),
        ..Default::default()
    };
    let week = swf::import(&as_files(&files), &window).unwrap();
    assert!(week.scenario.jobs.iter().all(|j| j.submit_h < 24.0 * 7.0));
    runs_cleanly(&week.scenario);
}
