//! Money and rates have upper bounds (docs/FORMAT.md, "Limits"), so that a result never holds a
//! non-finite number: every field above its bound is refused with its path and range, and a
//! scenario with every money field at its bound, over the longest horizon, costs a finite amount.
#![cfg(not(target_arch = "wasm32"))]

use quotalab_engine::time::MAX_TIME_H;
use quotalab_engine::validate::limits::{
    MAX_INSTANCES, MAX_PRICE_FACTOR, MAX_PRICE_PER_H, MAX_UPFRONT_COST,
};
use quotalab_engine::{simulate, Scenario};
use serde_json::{json, Value};

/// One type at `price` with the most accelerators an instance may have, its instances split
/// over on demand, spot at `factor` and a plan costing `upfront`; jobs as large as each pool,
/// all as long as the horizon allows.
fn scenario(price: f64, factor: f64, upfront: f64) -> Value {
    let most = MAX_INSTANCES / 3;
    let job = |name: &str, spot: bool, entry: Value| {
        json!({ "name": name, "submit_h": 0, "duration_h": MAX_TIME_H, "instance_count": most,
                "spot": spot, "preferences": [ entry ] })
    };
    json!({
        "version": 1, "name": "dearest", "horizon_h": MAX_TIME_H,
        "instance_types": [ { "name": "ml.gold.xlarge", "accelerator": "Au", "accelerators": u32::MAX,
            "accelerator_memory_gib": 80, "price_per_h": price, "speed": 1, "accelerated": true } ],
        "capacity": [ { "instance_type": "ml.gold.xlarge", "count": most } ],
        "spot": [ { "instance_type": "ml.gold.xlarge", "count": most, "price_factor": factor,
                    "interruptions_per_h": 0 } ],
        "training_plans": [ { "name": "tp", "instance_type": "ml.gold.xlarge", "count": most,
            "blocks": [ { "start_h": 0, "end_h": MAX_TIME_H } ], "upfront_cost": upfront } ],
        "job_mixes": [ { "name": "m", "count": 50, "arrivals": { "every_h": 1 }, "duration_h": MAX_TIME_H,
            "template": { "instance_count": most,
                          "preferences": [ { "instance_type": "ml.gold.xlarge" } ] } } ],
        "jobs": [
            job("on-demand", false, json!({ "instance_type": "ml.gold.xlarge" })),
            job("spot", true, json!({ "instance_type": "ml.gold.xlarge" })),
            job("plan", false, json!({ "instance_type": "ml.gold.xlarge", "training_plan": "tp" })),
        ]
    })
}

fn errors(doc: &Value) -> Vec<String> {
    let scenario = Scenario::parse_json(&doc.to_string()).expect("parses");
    scenario
        .validate()
        .errors
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn money_at_its_bounds_is_valid() {
    let doc = scenario(MAX_PRICE_PER_H, MAX_PRICE_FACTOR, MAX_UPFRONT_COST);
    assert_eq!(errors(&doc), Vec::<String>::new());
}

#[test]
fn money_above_its_bounds_is_refused_with_path_and_range() {
    let doc = scenario(1e308, 1e308, 1e308);
    let found = errors(&doc);
    for expected in [
        "instance_types[0].price_per_h: the price per instance-hour must be a number from 0 to 1e6",
        "spot[0].price_factor: the spot price factor must be a number from 0 to 100",
        "training_plans[0].upfront_cost: the upfront cost must be a number from 0 to 1e12",
    ] {
        assert!(
            found.iter().any(|f| f == expected),
            "{expected}\n{found:#?}"
        );
    }
}

#[test]
fn rates_above_their_bounds_are_refused() {
    let mut doc = scenario(1.0, 1.0, 1.0);
    doc["spot"][0]["interruptions_per_h"] = json!(1e300);
    doc["job_mixes"][0]["arrivals"] = json!({ "poisson_per_h": 1e300 });
    doc["instance_types"][0]["speed"] = json!(1e300);
    let found = errors(&doc).join("\n");
    for path in [
        "spot[0].interruptions_per_h: the interruption rate must be a number from 0 to 3600",
        "job_mixes[0].arrivals.poisson_per_h: the arrival rate per hour must be more than 0 and at most 3.6e6",
        "instance_types[0].speed: relative speed per accelerator must be more than 0 and at most 1e6",
    ] {
        assert!(found.contains(path), "{path}\n{found}");
    }
}

/// Every float anywhere in the value, which CBOR keeps even when it is infinite or NaN.
fn floats(value: &ciborium::Value, out: &mut Vec<f64>) {
    match value {
        ciborium::Value::Float(f) => out.push(*f),
        ciborium::Value::Array(items) => items.iter().for_each(|v| floats(v, out)),
        ciborium::Value::Map(entries) => entries.iter().for_each(|(k, v)| {
            floats(k, out);
            floats(v, out);
        }),
        ciborium::Value::Tag(_, inner) => floats(inner, out),
        _ => {}
    }
}

#[test]
fn the_dearest_scenario_costs_a_finite_amount() {
    let doc = scenario(MAX_PRICE_PER_H, MAX_PRICE_FACTOR, MAX_UPFRONT_COST);
    let result = simulate(&Scenario::from_json(&doc.to_string()).expect("valid"));
    let value = ciborium::Value::serialized(&result).expect("serialises");
    let mut all = Vec::new();
    floats(&value, &mut all);
    let bad: Vec<_> = all.iter().filter(|f| !f.is_finite()).collect();
    assert!(bad.is_empty(), "non-finite numbers in the result: {bad:?}");
    // The spot job alone runs the whole horizon on a third of the instances at the dearest rate.
    let spot_job = MAX_PRICE_PER_H * MAX_PRICE_FACTOR * f64::from(MAX_INSTANCES / 3) * MAX_TIME_H;
    assert!(
        result.totals.cost >= spot_job,
        "{} < {spot_job}",
        result.totals.cost
    );
    assert_eq!(result.totals.upfront_cost, MAX_UPFRONT_COST);
}

#[test]
fn instances_of_one_type_over_all_pools_are_bounded() {
    let mut doc = scenario(1.0, 1.0, 1.0);
    doc["capacity"][0]["count"] = json!(MAX_INSTANCES);
    doc["quota_shares"] = json!([ { "name": "A", "capacity_limits": [
        { "instance_type": "ml.gold.xlarge", "max_capacity": u32::MAX } ], "strategy": "LEND" } ]);
    let found = errors(&doc).join("\n");
    assert!(
        found.contains("capacity: \"ml.gold.xlarge\" has 1666666 instances over its pools"),
        "{found}"
    );
    assert!(
        found
            .contains("quota_shares[0].capacity_limits[0].max_capacity: at most 1000000 instances"),
        "{found}"
    );
}
