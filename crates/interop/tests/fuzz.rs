//! Fuzz: every importer, given a valid input mutated by bit flips, truncations, spliced bytes
//! (and, for AWS's JSON, random value edits), returns a value: a scenario or an error, never a
//! panic. Bounded to a few seconds each (cases below).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use quotalab_interop::aws::{self, ExportFile};
use quotalab_interop::kueue;
use quotalab_interop::traces::{alibaba, philly, swf, ImportOptions, TraceFile};
use quotalab_mutate::{apply_json, apply_to_text, ByteEdit};

const THROUGHPUTS: &str = "worker_type,job_type,scale_factor,isolated_throughput_steps_per_s\n\
v100,ResNet-18 (batch size 32),1,10.0\nk80,ResNet-18 (batch size 32),1,2.5\n";
const VC: &str = "ResNet-18 (batch size 32)\tcmd\t-n\t1\t36000\t0.000000\t1\n\
ResNet-18 (batch size 32)\tcmd\t-n\t1\t72000\t7200.000000\t2\n";
const NODES: &str = "sn,cpu_milli,memory_mib,gpu,model\nn1,1,1,8,T4\nn2,1,1,8,V100M16\n";
const PODS: &str = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n\
p1,1,1,1,1000,T4,LS,Succeeded,0,7200,3600\np2,1,1,2,500,,BE,Running,3600,10800,3600\n";
const SWF: &str = "; MaxProcs: 16\n\
1 0 10 3600 4 -1 -1 4 -1 -1 1 7 1 -1 -1 -1 -1 -1\n\
2 60 -1 7200 8 -1 -1 8 -1 -1 1 8 2 -1 -1 -1 -1 -1\n";
const KUEUE: &str = include_str!("fixtures/kueue/hand-written.yaml");
const KUEUE_CLUSTER: &str = include_str!("fixtures/kueue/cluster.yaml");

fn options(keep_going: bool) -> ImportOptions {
    ImportOptions {
        keep_going,
        ..Default::default()
    }
}

/// Both files of a two-file trace, one of them mutated.
fn pair(texts: [&str; 2], which: bool, edits: &[ByteEdit]) -> [String; 2] {
    let [a, b] = texts;
    if which {
        [apply_to_text(a, edits), b.to_string()]
    } else {
        [a.to_string(), apply_to_text(b, edits)]
    }
}

fn aws_files() -> Vec<ExportFile> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/aws");
    [
        "create-quota-share-prod.json",
        "create-quota-share-research.json",
    ]
    .iter()
    .map(|name| ExportFile {
        path: (*name).into(),
        contents: std::fs::read_to_string(format!("{dir}/{name}")).expect("fixture"),
    })
    .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn philly_never_panics(edits in quotalab_mutate::bytes(), which: bool, keep_going: bool) {
        let [vc, table] = pair([VC, THROUGHPUTS], which, &edits);
        let files = [TraceFile { name: "vc1.trace", text: &vc }, TraceFile { name: "gavel_isolated_throughputs.csv", text: &table }];
        let _ = philly::import(&files, &options(keep_going));
    }

    #[test]
    fn alibaba_never_panics(edits in quotalab_mutate::bytes(), which: bool, keep_going: bool) {
        let [pods, nodes] = pair([PODS, NODES], which, &edits);
        let files = [TraceFile { name: "pods.csv", text: &pods }, TraceFile { name: "nodes.csv", text: &nodes }];
        let _ = alibaba::import(&files, &options(keep_going));
    }

    #[test]
    fn swf_never_panics(edits in quotalab_mutate::bytes(), keep_going: bool) {
        let text = apply_to_text(SWF, &edits);
        let _ = swf::import(&[TraceFile { name: "log.swf", text: &text }], &options(keep_going));
    }

    #[test]
    fn kueue_never_panics(edits in quotalab_mutate::bytes()) {
        let _ = kueue::import(&apply_to_text(KUEUE, &edits));
    }

    /// A cluster's objects and Workloads, mutated: the import, its export, the export's import
    /// and both translations return a value.
    #[test]
    fn kueue_workloads_never_panic(edits in quotalab_mutate::bytes(), from_state: bool) {
        let options = kueue::ImportOptions { from_state, ..kueue::ImportOptions::default() };
        let text = apply_to_text(KUEUE_CLUSTER, &edits);
        let _ = kueue::import_for_rules(&text, &options, quotalab_engine::scenario::Rules::Aws);
        if let Ok(imported) = kueue::import_with(&text, &options) {
            let yaml = kueue::export(&imported.scenario).yaml;
            let _ = kueue::import_with(&yaml, &options);
            let aws = quotalab_engine::translate::to_aws(&imported.scenario).scenario;
            let _ = quotalab_engine::translate::to_kueue(&aws);
        }
    }

    #[test]
    fn aws_never_panics(edits in quotalab_mutate::bytes(), json in quotalab_mutate::json(), which in 0usize..2) {
        let mut files = aws_files();
        let file = &mut files[which];
        let value: serde_json::Value = serde_json::from_str(&file.contents).expect("fixture is JSON");
        file.contents = apply_to_text(&apply_json(&value, &json).to_string(), &edits);
        let _ = aws::import(&files);
        let _ = aws::import_bundle(&apply_to_text(&aws::export(&aws::import(&aws_files()).expect("fixtures import").scenario).to_bundle_json(), &edits));
    }
}
