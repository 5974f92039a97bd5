//! Sweep parameters: the numeric fields worth sweeping, and setting one by its JSON path.
//!
//! A parameter is addressed by the JSON path of docs/FORMAT.md (`capacity[0].count`,
//! `job_mixes[1].template.checkpoint_interval_h`), the same paths validation reports. A value is
//! applied through the JSON form and the scenario is parsed and validated again, so every rule of
//! the scenario format applies to swept values too, and a bad value gets the same message a user
//! typing it into the scenario would get (integer fields refuse fractions, and so on).

use crate::diagnostic::{Diagnostic, Severity};
use crate::quantity::{Notation, Quantity};
use crate::scenario::kueue::{Kueue, ResourceQuota};
use crate::scenario::{Arrivals, Scenario, Strategy};
use crate::LoadError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One sensible parameter of a scenario for a sweep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepParameter {
    /// The JSON path, e.g. `job_mixes[0].template.checkpoint_interval_h`.
    pub path: String,
    /// Plain words, e.g. `Checkpoint interval of mix 'train' (h)`.
    pub label: String,
    /// The scenario's value; `None` when the field is unset (no checkpoints, no max pending).
    pub current: Option<f64>,
    /// A range worth trying, low to high.
    pub suggested_range: (f64, f64),
    /// Whether the field takes whole numbers only.
    pub integer: bool,
}

/// The parameters worth sweeping, in scenario order: each type's on-demand and spot capacity,
/// spot interruption rates, each share's limits and borrow limit (`LEND_AND_BORROW` only), each
/// ClusterQueue's quotas (a scenario written as Kueue objects), and each mix's arrival rate or
/// period, checkpoint interval and max pending time.
///
/// A scenario written as Kueue objects admits by its quotas under either rule set (the AWS
/// translation counts its instances from them, docs/KUEUE-TRANSLATION.md, "Capacity"), so its
/// instance counts change nothing and are not offered; nor is a max pending time, which Kueue
/// has no counterpart for (docs/FORMAT.md, "A job under Kueue").
pub fn sweep_parameters(scenario: &Scenario) -> Vec<SweepParameter> {
    let mut list = Vec::new();
    let aws_form = scenario.kueue.is_none();
    for (i, c) in scenario.capacity.iter().enumerate().filter(|_| aws_form) {
        list.push(count(
            format!("capacity[{i}].count"),
            format!("On-demand capacity of {} (instances)", c.instance_type),
            c.count,
            0,
        ));
    }
    for (i, s) in scenario.spot.iter().enumerate() {
        if aws_form {
            list.push(count(
                format!("spot[{i}].count"),
                format!("Spot capacity of {} (instances)", s.instance_type),
                s.count,
                0,
            ));
        }
        list.push(real(
            format!("spot[{i}].interruptions_per_h"),
            format!("Spot interruptions of {} (per h)", s.instance_type),
            Some(s.interruptions_per_h),
            (0.01, 0.5),
        ));
    }
    for (i, share) in scenario.quota_shares.iter().enumerate() {
        for (j, limit) in share.capacity_limits.iter().enumerate() {
            list.push(count(
                format!("quota_shares[{i}].capacity_limits[{j}].max_capacity"),
                format!(
                    "Limit of share '{}' on {} (instances)",
                    share.name, limit.instance_type
                ),
                limit.max_capacity,
                1,
            ));
        }
        if share.strategy == Strategy::LendAndBorrow {
            list.push(SweepParameter {
                path: format!("quota_shares[{i}].borrow_limit"),
                label: format!(
                    "Borrow limit of share '{}' (% of its limit, -1 no cap)",
                    share.name
                ),
                current: Some(share.effective_borrow_limit() as f64),
                suggested_range: (0.0, 200.0),
                integer: true,
            });
        }
    }
    if let Some(kueue) = scenario.kueue.as_deref() {
        queue_quotas(kueue, &mut list);
    }
    for (i, mix) in scenario.job_mixes.iter().enumerate() {
        match &mix.arrivals {
            Arrivals::Poisson(p) => list.push(real(
                format!("job_mixes[{i}].arrivals.poisson_per_h"),
                format!("Arrival rate of mix '{}' (jobs/h)", mix.name),
                Some(p.poisson_per_h),
                (0.1, 4.0),
            )),
            Arrivals::Periodic(p) => list.push(real(
                format!("job_mixes[{i}].arrivals.every_h"),
                format!("Arrival period of mix '{}' (h)", mix.name),
                Some(p.every_h),
                (0.25, 8.0),
            )),
            Arrivals::Listed(_) => {}
        }
        list.push(real(
            format!("job_mixes[{i}].template.checkpoint_interval_h"),
            format!("Checkpoint interval of mix '{}' (h)", mix.name),
            mix.template.checkpoint_interval_h,
            (0.25, 4.0),
        ));
        if !aws_form {
            continue;
        }
        let pending = mix.template.max_pending_h;
        list.push(SweepParameter {
            path: format!("job_mixes[{i}].template.max_pending_h"),
            label: format!("Max pending time of mix '{}' (h)", mix.name),
            current: pending,
            suggested_range: (2.0, 672.0), // AWS MaxPendingTimeInSeconds: 2 to 672 hours
            integer: false,
        });
    }
    list
}

/// Each ClusterQueue's nominal quota per flavor and resource, and in a cohort its borrowing and
/// lending limits (unset, as Kueue reads it: no limit).
fn queue_quotas(kueue: &Kueue, list: &mut Vec<SweepParameter>) {
    for (i, queue) in kueue.cluster_queues.iter().enumerate() {
        for (g, group) in queue.resource_groups.iter().enumerate() {
            for (f, flavor) in group.flavors.iter().enumerate() {
                for (r, quota) in flavor.resources.iter().enumerate() {
                    let path = format!(
                        "kueue.cluster_queues[{i}].resource_groups[{g}].flavors[{f}].resources[{r}]"
                    );
                    let of = format!(
                        "of ClusterQueue '{}' on flavor '{}'",
                        queue.name, flavor.name
                    );
                    one_quota(&path, &of, quota, queue.cohort.is_some(), list);
                }
            }
        }
    }
}

/// One quota's parameters, in the resource's units: devices, or cores of `cpu`. Memory and
/// storage quotas are left out: in bytes, a sweep of them would read as noise. `of` says whose
/// quota it is.
fn one_quota(
    path: &str,
    of: &str,
    quota: &ResourceQuota,
    in_cohort: bool,
    list: &mut Vec<SweepParameter>,
) {
    if quota.nominal_quota.notation() == Notation::BinarySi
        || matches!(quota.name.as_str(), "memory" | "ephemeral-storage")
    {
        return;
    }
    let whole = quota.name != "cpu";
    let unit = if whole {
        quota.name.as_str()
    } else {
        "cpu cores"
    };
    let nominal = quota.nominal_quota.as_f64();
    let (path_of, label) = (
        format!("{path}.nominal_quota"),
        format!("Nominal quota {of} ({unit})"),
    );
    list.push(if whole {
        count(path_of, label, nominal as u32, 0)
    } else {
        real(path_of, label, Some(nominal), (0.5, 16.0))
    });
    if !in_cohort {
        return;
    }
    let limits = [
        ("borrowing_limit", "Borrowing limit", &quota.borrowing_limit),
        ("lending_limit", "Lending limit", &quota.lending_limit),
    ];
    for (field, words, limit) in limits {
        list.push(SweepParameter {
            path: format!("{path}.{field}"),
            label: format!("{words} {of} ({unit})"),
            current: limit.as_ref().map(Quantity::as_f64),
            suggested_range: (0.0, (2.0 * nominal).max(4.0)),
            integer: whole,
        });
    }
}

/// A whole-number parameter, suggested from a quarter to four times its value.
fn count(path: String, label: String, current: u32, min: u32) -> SweepParameter {
    let low = (current / 4).max(min).max(1);
    SweepParameter {
        path,
        label,
        current: Some(f64::from(current)),
        suggested_range: (f64::from(low), f64::from((current * 4).max(low + 3))),
        integer: true,
    }
}

/// A real parameter, suggested from a quarter to four times its value (or `fallback` if unset
/// or zero).
fn real(path: String, label: String, current: Option<f64>, fallback: (f64, f64)) -> SweepParameter {
    let suggested_range = match current {
        Some(c) if c > 0.0 => (c / 4.0, c * 4.0),
        _ => fallback,
    };
    SweepParameter {
        path,
        label,
        current,
        suggested_range,
        integer: false,
    }
}

/// The scenario with the field at `path` set to `value`, parsed and validated again. The error
/// names `path` and says what is allowed; its `path` is always `path`.
pub fn apply_parameter(
    scenario: &Scenario,
    path: &str,
    value: f64,
) -> Result<Scenario, Diagnostic> {
    let refuse = |message: String| Diagnostic {
        severity: Severity::Error,
        path: path.to_string(),
        message,
    };
    parameter_value(scenario, path)?;
    if !value.is_finite() {
        return Err(refuse(format!("{value} is not a finite number")));
    }
    let mut json = crate::json_text::value_of(scenario);
    *slot(&mut json, path)? = number(value);
    let changed =
        Scenario::parse_json(&json.to_string()).map_err(|e| refuse(shape_message(value, &e)))?;
    let report = changed.validate();
    match report
        .errors
        .iter()
        .find(|d| d.path.starts_with(path))
        .or(report.errors.first())
    {
        None => Ok(changed),
        Some(d) if d.path == path => Err(refuse(format!("{value}: {}", d.message))),
        Some(d) => Err(refuse(format!("{value} makes the scenario invalid: {d}"))),
    }
}

/// The field's current value (`None` when unset), or an error when `path` is not a numeric
/// field of the scenario.
pub fn parameter_value(scenario: &Scenario, path: &str) -> Result<Option<f64>, Diagnostic> {
    let mut json = crate::json_text::value_of(scenario);
    let found = slot(&mut json, path)?;
    match found {
        Value::Number(n) => Ok(n.as_f64()),
        // Kueue's quotas are Kubernetes quantities, written as text ("8", "500m").
        Value::String(text) if path.starts_with("kueue.") => Quantity::parse(text)
            .map(|q| Some(q.as_f64()))
            .map_err(|_| not_numeric(path, "not a Kubernetes quantity")),
        Value::Null => {
            // Unset: it is a real field only if the scenario format accepts a number there.
            *found = Value::from(1);
            match Scenario::parse_json(&json.to_string()) {
                Ok(_) => Ok(None),
                Err(_) => Err(not_numeric(
                    path,
                    "not a numeric field of the scenario format",
                )),
            }
        }
        _ => Err(not_numeric(path, "not a number")),
    }
}

fn not_numeric(path: &str, why: &str) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        path: path.to_string(),
        message: format!("cannot sweep this field: {why}; `quotalab sweep --list-params SCENARIO.json` lists the numeric fields worth sweeping"),
    }
}

/// The JSON value at `path`, created as `null` when the last key is missing from its object.
fn slot<'v>(json: &'v mut Value, path: &str) -> Result<&'v mut Value, Diagnostic> {
    let steps =
        parse_path(path).ok_or_else(|| not_numeric(path, "not a path like capacity[0].count"))?;
    let last = steps.len() - 1;
    let mut here = json;
    for (k, step) in steps.into_iter().enumerate() {
        here = match (step, here) {
            (Step::Key(key), Value::Object(map)) => {
                if k == last {
                    map.entry(key).or_insert(Value::Null)
                } else {
                    map.get_mut(&key).ok_or_else(|| {
                        not_numeric(path, &format!("the scenario has no `{key}` there"))
                    })?
                }
            }
            (Step::Key(key), _) => {
                return Err(not_numeric(
                    path,
                    &format!("`{key}` is not inside an object"),
                ))
            }
            (Step::Index(i), Value::Array(items)) => {
                let len = items.len();
                items.get_mut(i).ok_or_else(|| {
                    not_numeric(
                        path,
                        &format!("index {i} is out of range (the list has {len})"),
                    )
                })?
            }
            (Step::Index(i), _) => {
                return Err(not_numeric(
                    path,
                    &format!("[{i}] is not a list index here"),
                ))
            }
        };
    }
    Ok(here)
}

enum Step {
    Key(String),
    Index(usize),
}

/// `a.b[0].c` into steps; `None` when it is not of that form.
fn parse_path(path: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let (key, mut rest) = part.split_at(part.find('[').unwrap_or(part.len()));
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        steps.push(Step::Key(key.to_string()));
        while let Some(inner) = rest.strip_prefix('[') {
            let close = inner.find(']')?;
            steps.push(Step::Index(inner[..close].parse().ok()?));
            rest = &inner[close + 1..];
        }
        if !rest.is_empty() {
            return None;
        }
    }
    Some(steps)
}

/// A whole value as a JSON integer (so integer fields accept it), anything else as a float.
fn number(value: f64) -> Value {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        Value::from(value as i64)
    } else {
        Value::from(value)
    }
}

fn shape_message(value: f64, error: &LoadError) -> String {
    let text = match error {
        LoadError::Shape { message, .. } => message.clone(),
        other => other.to_string(),
    };
    if text.contains("expected u32") || text.contains("expected u64") {
        format!("{value} is not allowed: this field takes a whole number, 0 or more")
    } else if text.contains("expected i64") {
        format!("{value} is not allowed: this field takes a whole number")
    } else {
        format!("{value} is not allowed: {text}")
    }
}
