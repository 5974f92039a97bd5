//! The synthetic traces in `data/traces/`: files in the exact formats of Alibaba's 2023 GPU
//! trace and of the Parallel Workloads Archive's SWF logs, made here from a fixed seed. Their
//! real counterparts may not be redistributed (data/traces/README.md says why), so the import
//! tests read these instead. This test makes them afresh and compares bytes; after a deliberate
//! change of the generator rewrite them with
//! `QUOTALAB_REGENERATE=1 cargo test -p quotalab-interop --test traces synthetic`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// SplitMix64: a small, fixed generator, so the files never depend on a crate's version.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A whole number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// One of `choices`, each with its weight.
    fn pick<T: Copy>(&mut self, choices: &[(T, u64)]) -> T {
        let total: u64 = choices.iter().map(|c| c.1).sum();
        let mut draw = self.below(total);
        for &(value, weight) in choices {
            if draw < weight {
                return value;
            }
            draw -= weight;
        }
        choices[choices.len() - 1].0
    }
}

/// Pods in each synthetic Alibaba pod list.
const ALIBABA_PODS: usize = 600;
/// Jobs in the synthetic SWF log.
const SWF_JOBS: usize = 600;

/// GPU models of the synthetic node list, with node counts and GPUs per node: the trace's
/// disclosed models plus `G2`, one of its undisclosed codes, which no catalog maps.
const NODE_MODELS: [(&str, u32, u32); 5] = [
    ("G2", 12, 8),
    ("T4", 20, 2),
    ("V100M16", 10, 4),
    ("V100M32", 4, 8),
    ("A10", 2, 1),
];
/// CPU-only nodes, listed only in the all-node file.
const CPU_NODES: usize = 6;
/// The synthetic trace spans 20 days.
const ALIBABA_SPAN_S: u64 = 20 * 86_400;

/// `(gpu node list, all node list)`, in the columns `sn,cpu_milli,memory_mib,gpu,model`.
fn alibaba_nodes() -> (String, String) {
    let header = "sn,cpu_milli,memory_mib,gpu,model\n";
    let mut gpu = String::from(header);
    let mut serial = 0;
    for (model, nodes, per_node) in NODE_MODELS {
        for _ in 0..nodes {
            serial += 1;
            let cpu = 32_000 * per_node.max(2);
            writeln!(
                gpu,
                "openb-node-{serial:04},{cpu},{},{per_node},{model}",
                cpu * 8
            )
            .unwrap();
        }
    }
    let mut all = gpu.clone();
    for _ in 0..CPU_NODES {
        serial += 1;
        writeln!(all, "openb-node-{serial:04},96000,786432,0,").unwrap();
    }
    (gpu, all)
}

/// `(default pod list, pod list with gpu_spec on about a third of the GPU pods)`, in the columns
/// `name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,
/// deletion_time,scheduled_time`.
fn alibaba_pods() -> (String, String) {
    let header = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";
    let mut plain = String::from(header);
    let mut with_spec = String::from(header);
    let mut draws = Draws(2023);
    let mut created = 0;
    for n in 0..ALIBABA_PODS {
        created += draws.below(2 * ALIBABA_SPAN_S / ALIBABA_PODS as u64);
        let num_gpu: u32 = draws.pick(&[(0, 12), (1, 80), (2, 3), (4, 3), (8, 2)]);
        let gpu_milli = match num_gpu {
            1 if draws.below(2) == 0 => 100 * (1 + draws.below(9)),
            0 => 0,
            _ => 1000,
        };
        let qos = draws.pick(&[("LS", 56), ("BE", 42), ("Burstable", 1), ("Guaranteed", 1)]);
        let phase = draws.pick(&[
            ("Running", 63),
            ("Failed", 23),
            ("Pending", 11),
            ("Succeeded", 3),
        ]);
        let scheduled = created + draws.below(600);
        let (deletion, scheduled) = match phase {
            "Pending" => (ALIBABA_SPAN_S.max(created), String::new()),
            "Running" => (ALIBABA_SPAN_S.max(scheduled + 1), scheduled.to_string()),
            _ => (
                scheduled + 60 + draws.below(2 * 86_400),
                scheduled.to_string(),
            ),
        };
        let spec = if num_gpu > 0 && draws.below(3) == 0 {
            draws.pick(&[("V100M16|V100M32", 3), ("T4", 2), ("G2", 1), ("A10|T4", 1)])
        } else {
            ""
        };
        let cpu = 4_000 * u64::from(num_gpu.max(1));
        let row = |spec: &str| {
            format!(
                "openb-pod-{n:04},{cpu},{},{num_gpu},{gpu_milli},{spec},{qos},{phase},{created},{deletion},{scheduled}\n",
                cpu * 4
            )
        };
        plain.push_str(&row(""));
        with_spec.push_str(&row(spec));
    }
    (plain, with_spec)
}

/// A log of two groups on 128 processors over three weeks, with the header fields the archive's
/// logs carry; group 1 submits most of the jobs, as normal users do in the archive's logs.
fn swf_log() -> String {
    let mut log = String::from(
        "; Version: 2.2\n\
         ; Computer: synthetic (Quota Lab test data, crates/interop/tests/traces/synthetic.rs)\n\
         ; Installation: none: every value below is drawn from a fixed seed\n\
         ; MaxJobs: 600\n\
         ; MaxRecords: 600\n\
         ; Preemption: No\n\
         ; MaxNodes: 128\n\
         ; MaxProcs: 128\n\
         ; Note: group 1 is normal users, group 2 is system personnel\n\
         ;\n",
    );
    let mut draws = Draws(1993);
    let mut submit = 0;
    for number in 1..=SWF_JOBS {
        submit += draws.below(2 * 21 * 86_400 / SWF_JOBS as u64);
        let run = 5 + draws.below(4 * 3_600);
        let procs = draws.pick(&[(1, 40), (8, 20), (32, 20), (64, 10), (128, 10)]);
        let user = 1 + draws.below(30);
        let group = if user <= 24 { 1 } else { 2 };
        writeln!(
            log,
            "{number:5} {submit:8} -1 {run:6} {procs:4} -1 -1 -1 -1 -1 1 {user:3} {group} -1 -1 -1 -1 -1"
        )
        .unwrap();
    }
    log
}

/// Jobs in the synthetic log of many users and short jobs.
const SHORT_JOBS: usize = 400;

/// A log like an inference cluster's, converted to SWF by its owner: many users, groups and
/// applications (more groups than AWS allows shares), short jobs down to one second, the waits the
/// cluster really gave (most none, some seconds or minutes, a few hours), statuses completed,
/// failed, cancelled and unknown, a few rows without run time or processors, and a header that
/// states neither `MaxProcs` nor a GPU model. It tests the issues a first-time user met
/// (docs/TRACES.md, "SWF").
fn swf_many_users() -> String {
    let mut log = String::from(
        "; Version: 2.2\n\
         ; Computer: synthetic inference cluster (Quota Lab test data, crates/interop/tests/traces/synthetic.rs)\n\
         ; Installation: none: every value below is drawn from a fixed seed\n\
         ; Note: users' jobs are grouped by team (field 13) and application (field 14)\n\
         ;\n",
    );
    let mut draws = Draws(3218);
    let mut submit = 0;
    for number in 1..=SHORT_JOBS {
        submit += draws.below(2 * 2 * 86_400 / SHORT_JOBS as u64);
        let run = match draws.below(10) {
            0..=3 => 1 + draws.below(10),
            4..=7 => 10 + draws.below(600),
            8 => 600 + draws.below(3_600),
            _ => 0,
        };
        let run: i64 = if run == 0 {
            [0, -1][draws.below(2) as usize]
        } else {
            run as i64
        };
        let wait = match draws.below(200) {
            0..=109 => 0,
            110..=179 => 1 + draws.below(120),
            180..=197 => 120 + draws.below(3_600),
            _ => 3_600 + draws.below(65 * 3_600),
        };
        let procs: i64 = if draws.below(50) == 0 {
            -1
        } else {
            draws.pick(&[(1, 50), (2, 25), (4, 15), (8, 10)])
        };
        let status: i64 = draws.pick(&[(1, 90), (0, 5), (5, 4), (-1, 1)]);
        let user = 1 + draws.below(45);
        let group = 1 + (user - 1) % 30;
        let application = 1 + draws.below(12);
        writeln!(
            log,
            "{number:5} {submit:8} {wait:6} {run:5} {procs:3} -1 -1 {procs:3} -1 -1 {status:2} {user:3} {group:3} {application:3} -1 -1 -1 -1"
        )
        .unwrap();
    }
    log
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/traces")
}

/// Every synthetic file, as (path under data/traces, contents).
fn files() -> Vec<(&'static str, String)> {
    let (gpu_nodes, all_nodes) = alibaba_nodes();
    let (plain, with_spec) = alibaba_pods();
    vec![
        (
            "alibaba-gpu-v2023-synthetic/openb_node_list_gpu_node.csv",
            gpu_nodes,
        ),
        (
            "alibaba-gpu-v2023-synthetic/openb_node_list_all_node.csv",
            all_nodes,
        ),
        (
            "alibaba-gpu-v2023-synthetic/openb_pod_list_default.csv",
            plain,
        ),
        (
            "alibaba-gpu-v2023-synthetic/openb_pod_list_gpuspec33.csv",
            with_spec,
        ),
        ("swf-synthetic/synthetic.swf", swf_log()),
        ("swf-synthetic/many-users.swf", swf_many_users()),
    ]
}

#[test]
fn synthetic_traces_are_what_the_generator_makes() {
    let regenerate = std::env::var_os("QUOTALAB_REGENERATE").is_some();
    for (path, fresh) in files() {
        let path = data_dir().join(path);
        if regenerate {
            std::fs::write(&path, &fresh).unwrap();
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; make it with QUOTALAB_REGENERATE=1",
                path.display()
            )
        });
        assert!(
            stored == fresh,
            "{} differs from what the generator makes; regenerate with QUOTALAB_REGENERATE=1 if the change is meant",
            path.display()
        );
    }
}

#[test]
fn synthetic_pod_lists_differ_only_in_gpu_spec() {
    let (plain, with_spec) = alibaba_pods();
    let column = |line: &str, i: usize| line.split(',').nth(i).unwrap_or("").to_string();
    let mut specs = 0;
    for (a, b) in plain.lines().zip(with_spec.lines()).skip(1) {
        for i in (0..11).filter(|&i| i != 5) {
            assert_eq!(column(a, i), column(b, i), "{a} / {b}");
        }
        specs += usize::from(!column(b, 5).is_empty());
    }
    assert_eq!(plain.lines().count(), ALIBABA_PODS + 1);
    assert!(
        (ALIBABA_PODS / 5..ALIBABA_PODS / 2).contains(&specs),
        "about a third of the GPU pods name a gpu_spec: {specs}"
    );
}
