//! Golden scenarios: each `X.json` beside an `X.expected.json` that lists expected values by
//! path (`"jobs": { "B2": { "end_h": 7, "attempts[0].preemption": "reclaim" } }`, `"totals"`,
//! `"shares"`, and `"result"` for any other path from the result's root). The files are compiled
//! in, so the same suite runs natively and in the browser.

use quotalab_engine::{simulate, Scenario};
use serde_json::Value;

/// A scenario and what its result must contain.
pub struct Golden {
    pub name: &'static str,
    pub scenario: &'static str,
    pub expected: &'static str,
}

/// The golden case `$name` of the folder `tests/$dir`, compiled in.
macro_rules! golden {
    ($dir:literal, $name:literal) => {
        Golden {
            name: $name,
            scenario: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/",
                $dir,
                "/",
                $name,
                ".json"
            )),
            expected: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/",
                $dir,
                "/",
                $name,
                ".expected.json"
            )),
        }
    };
}

pub(crate) use golden;

/// Runs the scenario and returns every mismatch with the expectations, as readable lines.
pub fn check(golden: &Golden) -> Vec<String> {
    let scenario = match Scenario::from_json(golden.scenario) {
        Ok(s) => s,
        Err(e) => return vec![format!("{}: does not load: {e}", golden.name)],
    };
    let result: Value =
        serde_json::from_str(&simulate(&scenario).to_json()).expect("result is JSON");
    let expected: Value = serde_json::from_str(golden.expected).expect("expectations are JSON");
    let mut failures = Vec::new();
    let mut checked = 0;
    if let Some(jobs) = expected.get("jobs").and_then(Value::as_object) {
        for (job, fields) in jobs {
            let Some(actual) = find_named(&result["jobs"], job) else {
                failures.push(format!("{}: no job {job} in the result", golden.name));
                continue;
            };
            compare(
                golden.name,
                job,
                actual,
                fields,
                &mut failures,
                &mut checked,
            );
        }
    }
    if let Some(shares) = expected.get("shares").and_then(Value::as_object) {
        for (share, fields) in shares {
            match find_named(&result["shares"], share) {
                Some(actual) => compare(
                    golden.name,
                    share,
                    actual,
                    fields,
                    &mut failures,
                    &mut checked,
                ),
                None => failures.push(format!("{}: no share {share} in the result", golden.name)),
            }
        }
    }
    // Any other value of the result, by its path from the result's root
    // (`"kueue.queues[0].resources[0].used_h"`, `"usage[1].unit"`).
    if let Some(paths) = expected.get("result") {
        compare(
            golden.name,
            "result",
            &result,
            paths,
            &mut failures,
            &mut checked,
        );
    }
    if let Some(totals) = expected.get("totals") {
        compare(
            golden.name,
            "totals",
            &result["totals"],
            totals,
            &mut failures,
            &mut checked,
        );
    }
    if checked == 0 {
        failures.push(format!("{}: the expectations check nothing", golden.name));
    }
    failures
}

fn find_named<'a>(list: &'a Value, name: &str) -> Option<&'a Value> {
    list.as_array()?.iter().find(|v| v["name"] == name)
}

fn compare(
    golden: &str,
    owner: &str,
    actual: &Value,
    fields: &Value,
    failures: &mut Vec<String>,
    checked: &mut usize,
) {
    for (path, want) in fields.as_object().into_iter().flatten() {
        *checked += 1;
        let got = lookup(actual, path);
        if !same(got, want) {
            failures.push(format!(
                "{golden}: {owner}.{path} is {}, expected {want}",
                got.map_or("missing".to_string(), Value::to_string)
            ));
        }
    }
}

/// Follows a path like `attempts[0].preemption` or `selected.preference`.
fn lookup<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    let mut current = value;
    for part in path.split('.') {
        let (key, index) = match part.find('[') {
            Some(i) => (
                &part[..i],
                part[i + 1..part.len() - 1].parse::<usize>().ok(),
            ),
            None => (part, None),
        };
        if !key.is_empty() {
            current = current.get(key)?;
        }
        if let Some(i) = index {
            current = current.get(i)?;
        }
    }
    Some(current)
}

/// Numbers compare to within a second's worth of hours (the engine's unit) or a cent.
fn same(got: Option<&Value>, want: &Value) -> bool {
    match (got, want) {
        (Some(Value::Number(a)), Value::Number(b)) => {
            (a.as_f64().unwrap_or(f64::NAN) - b.as_f64().unwrap_or(f64::NAN)).abs() < 1e-3
        }
        (Some(a), b) => a == b,
        (None, Value::Null) => true,
        (None, _) => false,
    }
}
