//! A result never says `-0.0`: neither for prices and costs written as `-0.0` (they pass the
//! "0 or more" check) nor for the sums over nothing (a share without jobs, a job without
//! attempts).

use quotalab_engine::{simulate, Scenario};

const SCENARIO: &str = r#"{
  "version": 1, "name": "signed zeros", "horizon_h": 10,
  "instance_types": [ { "name": "ml.free.xlarge", "accelerator": "A10G", "accelerators": 1,
      "accelerator_memory_gib": 24, "price_per_h": -0.0, "speed": 1 } ],
  "capacity": [ { "instance_type": "ml.free.xlarge", "count": 1 } ],
  "spot": [ { "instance_type": "ml.g5.xlarge", "count": 1, "price_factor": -0.0, "interruptions_per_h": 0 } ],
  "training_plans": [ { "name": "tp", "instance_type": "ml.g5.xlarge", "count": 1,
      "blocks": [ { "start_h": 0, "end_h": 5 } ], "upfront_cost": -0.0 } ],
  "quota_shares": [
    { "name": "busy", "capacity_limits": [ { "instance_type": "ml.free.xlarge", "max_capacity": 1 },
        { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ], "strategy": "RESERVE" },
    { "name": "idle", "capacity_limits": [ { "instance_type": "ml.free.xlarge", "max_capacity": 1 } ], "strategy": "RESERVE" }
  ],
  "jobs": [
    { "name": "free", "share": "busy", "submit_h": 0, "duration_h": 2, "instance_count": 1,
      "preferences": [ { "instance_type": "ml.free.xlarge" } ] },
    { "name": "spot", "share": "busy", "submit_h": 0, "duration_h": 2, "instance_count": 1, "spot": true,
      "preferences": [ { "instance_type": "ml.g5.xlarge" } ] },
    { "name": "never", "share": "busy", "submit_h": 0, "duration_h": 2, "instance_count": 2,
      "preferences": [ { "instance_type": "ml.free.xlarge" } ] }
  ]
}"#;

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn results_hold_no_negative_zero() {
    let scenario = Scenario::parse_json(SCENARIO).expect("parses");
    let result = simulate(&scenario);
    assert!(!result.jobs[0].attempts.is_empty() && !result.jobs[1].attempts.is_empty());
    let text = result.to_json();
    assert!(!text.contains("-0.0"), "{text}");
    assert!(!text.contains("-0,") && !text.contains("-0}"), "{text}");
}
