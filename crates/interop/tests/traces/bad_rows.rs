//! Bad rows: reported with file and line number; without keep_going the import fails on the
//! first, with it the rest is imported, and every row read is still a job, a bad row or a
//! skipped one (docs/TRACES.md, "What every import shares").

use crate::support::nothing_lost;
use quotalab_interop::traces::{alibaba, philly, swf, ImportError, ImportOptions, TraceFile};

const THROUGHPUTS: &str = "worker_type,job_type,scale_factor,isolated_throughput_steps_per_s\n\
v100,ResNet-18 (batch size 32),1,10.0\n\
k80,ResNet-18 (batch size 32),1,2.5\n";

const VC: &str = "ResNet-18 (batch size 32)\tcmd\t-n\t1\t36000\t0.000000\t1\n\
ResNet-18 (batch size 32)\tcmd\t-n\t1\tlots\t60.000000\t1\n\
ResNet-18 (batch size 32)\tcmd\t-n\n\
ResNet-18 (batch size 32)\tcmd\t-n\t1\t72000\t7200.000000\t2\n";

fn keep_going() -> ImportOptions {
    ImportOptions {
        keep_going: true,
        ..Default::default()
    }
}

fn philly_files() -> Vec<TraceFile<'static>> {
    vec![
        TraceFile {
            name: "vc1.trace",
            text: VC,
        },
        TraceFile {
            name: "gavel_isolated_throughputs.csv",
            text: THROUGHPUTS,
        },
    ]
}

#[test]
fn philly_fails_on_the_first_bad_row_with_its_line() {
    let err = philly::import(&philly_files(), &ImportOptions::default()).unwrap_err();
    let ImportError::BadRow(row) = err else {
        panic!("{err}")
    };
    assert_eq!((row.file.as_str(), row.line), ("vc1.trace", 2));
    assert!(row.message.contains("total_steps"), "{}", row.message);
}

#[test]
fn philly_keep_going_skips_bad_rows_and_imports_the_rest() {
    let imported = philly::import(&philly_files(), &keep_going()).unwrap();
    let lines: Vec<usize> = imported.report.bad_rows.iter().map(|r| r.line).collect();
    assert_eq!(lines, [2, 3]);
    nothing_lost(&imported.report);
    assert_eq!(imported.scenario.jobs.len(), 2);
    // 36000 steps at 10 steps/s on V100 is 1 hour; at 2.5 on K80, 4 hours.
    let first = &imported.scenario.jobs[0];
    assert_eq!(first.duration_h, 1.0);
    assert_eq!(first.preferences[1].duration_h, Some(4.0));
    // 2 GPUs: throughput doubles (linear above the table's scale 1), 2 instances.
    let second = &imported.scenario.jobs[1];
    assert_eq!(
        (second.submit_h, second.duration_h, second.instance_count),
        (2.0, 1.0, Some(2))
    );
}

#[test]
fn philly_without_the_throughput_table_says_what_is_missing() {
    let err = philly::import(
        &[TraceFile {
            name: "vc1.trace",
            text: VC,
        }],
        &keep_going(),
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("gavel_isolated_throughputs.csv"),
        "{err}"
    );
}

const NODES: &str =
    "sn,cpu_milli,memory_mib,gpu,model\nn1,1,1,8,T4\nn2,1,1,8,V100M16\nn3,1,1,x,T4\n";
const PODS: &str = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n\
p1,1,1,1,1000,T4,LS,Succeeded,0,7200,3600\n\
p2,1,1,1,500,,BE,Running,3600,10800,3600\n\
p3,1,1,1,1000,,Gold,Running,0,10,0\n\
p4,1,1,0,0,,BE,Running,0,10,0\n\
p5,1,1,2,1000,G2,LS,Running,0,10,0\n\
p6,1,1,1,1000\n";

#[test]
fn alibaba_reports_bad_rows_in_both_files_and_maps_the_rest() {
    let files = [
        TraceFile {
            name: "pods.csv",
            text: PODS,
        },
        TraceFile {
            name: "nodes.csv",
            text: NODES,
        },
    ];
    let err = alibaba::import(&files, &ImportOptions::default()).unwrap_err();
    assert!(
        err.to_string().starts_with("nodes.csv:4: column gpu"),
        "{err}"
    );
    let imported = alibaba::import(&files, &keep_going()).unwrap();
    let bad: Vec<String> = imported
        .report
        .bad_rows
        .iter()
        .map(|r| format!("{}:{}", r.file, r.line))
        .collect();
    assert_eq!(bad, ["nodes.csv:4", "pods.csv:4", "pods.csv:7"]);
    // Six pods and the node list's bad row.
    assert_eq!(imported.report.rows, 7);
    nothing_lost(&imported.report);
    let jobs = &imported.scenario.jobs;
    assert_eq!(
        jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(),
        ["p1", "p2"]
    );
    // gpu_spec T4 gives one entry; an empty spec gives every mapped model with capacity.
    assert_eq!(jobs[0].preferences.len(), 1);
    assert_eq!(jobs[0].preferences[0].instance_type, "ml.g4dn.xlarge");
    assert_eq!((jobs[0].priority, jobs[1].priority), (300, 100));
    assert_eq!(
        jobs[1]
            .preferences
            .iter()
            .map(|p| p.instance_type.as_str())
            .collect::<Vec<_>>(),
        ["ml.p3.2xlarge", "ml.g4dn.xlarge"]
    );
    assert_eq!(
        imported.report.skipped.get("CPU-only pod (num_gpu 0)"),
        Some(&1)
    );
}

const SWF: &str = "; MaxProcs: 16\n\
1 0 -1 3600 4 -1 -1 4 -1 -1 1 7 1 -1 -1 -1 -1 -1\n\
2 60 -1 1800 x -1 -1 4 -1 -1 1 7 1 -1 -1 -1 -1 -1\n\
3 120 -1 -1 4 -1 -1 4 -1 -1 5 8 2 -1 -1 -1 -1 -1\n\
4 180 -1 7200 8 -1 -1 8 -1 -1 1 8 2 -1 -1\n\
5 240 -1 7200 8 -1 -1 8 -1 -1 1 8 2 -1 -1 -1 -1 -1\n";

#[test]
fn swf_bad_rows_carry_their_line_and_field() {
    let file = [TraceFile {
        name: "log.swf",
        text: SWF,
    }];
    let err = swf::import(&file, &ImportOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "log.swf:3: column 5 (allocated processors): expected a number, found \"x\""
    );
    let imported = swf::import(&file, &keep_going()).unwrap();
    assert_eq!(
        imported
            .report
            .bad_rows
            .iter()
            .map(|r| r.line)
            .collect::<Vec<_>>(),
        [3, 5]
    );
    nothing_lost(&imported.report);
    assert_eq!(
        imported
            .scenario
            .jobs
            .iter()
            .map(|j| j.name.as_str())
            .collect::<Vec<_>>(),
        ["job-1 (user 7, group 1)", "job-5 (user 8, group 2)"]
    );
    assert_eq!(imported.scenario.capacity[0].count, 16);
    // Shares by group, limits by processor-seconds: 4x3600 vs 8x7200 of 16 processors.
    let limits: Vec<u32> = imported
        .scenario
        .quota_shares
        .iter()
        .map(|s| s.capacity_limits[0].max_capacity)
        .collect();
    assert_eq!(limits, [3, 13]);
}
