//! The import's last step: the engine's own validation, through its one way in
//! (`Scenario::from_json`). A job the engine refuses (a time beyond its range, an observed
//! outcome that contradicts itself) is left out and listed with its document, and so is a
//! training plan; the rest still imports. Anything else refused is an error.

use super::unmapped::UnmappedList;
use super::AccountError;
use quotalab_engine::{Diagnostic, LoadError, Scenario, Severity};

/// Rounds of leaving out: a type left out makes the shares and jobs naming it invalid in the
/// next round, a share its jobs in the one after.
const ROUNDS: usize = 4;

/// The lists whose items may be left out, by their JSON path prefix.
const LISTS: &[&str] = &[
    "jobs[",
    "training_plans[",
    "quota_shares[",
    "instance_types[",
    "capacity[",
];

pub fn validated(
    mut scenario: Scenario,
    mut labels: Vec<String>,
    unmapped: &mut UnmappedList,
) -> Result<Scenario, AccountError> {
    for _ in 0..ROUNDS {
        let report = scenario.validate();
        if report.is_valid() {
            break;
        }
        let mut drop: Vec<Vec<usize>> = vec![Vec::new(); LISTS.len()];
        for error in &report.errors {
            let Some((list, i, rest)) = LISTS
                .iter()
                .enumerate()
                .find_map(|(l, prefix)| indexed(&error.path, prefix).map(|(i, rest)| (l, i, rest)))
            else {
                return Err(AccountError::Invalid(report.errors.clone()));
            };
            let document = match list {
                0 => labels.get(i).cloned().unwrap_or_default(),
                _ => format!(
                    "the imported scenario's {}",
                    LISTS[list].trim_end_matches('[')
                ),
            };
            if list == 0 && rest.starts_with(".observed") {
                if let Some(job) = scenario.jobs.to_mut().get_mut(i) {
                    job.observed = None;
                }
                unmapped.push(
                    &document,
                    &error.path,
                    format!(
                        "{}; the job is imported without its observed outcome",
                        error.message
                    ),
                );
            } else {
                unmapped.push(
                    &document,
                    &error.path,
                    format!("{}; it is left out", error.message),
                );
                drop[list].push(i);
            }
        }
        let dropped_plans: Vec<String> = drop[1]
            .iter()
            .filter_map(|&i| scenario.training_plans.get(i).map(|p| p.name.clone()))
            .collect();
        remove(&mut labels, &mut drop[0].clone());
        remove(scenario.jobs.to_mut(), &mut drop[0]);
        remove(&mut scenario.training_plans, &mut drop[1]);
        remove(&mut scenario.quota_shares, &mut drop[2]);
        remove(&mut scenario.instance_types, &mut drop[3]);
        remove(&mut scenario.capacity, &mut drop[4]);
        for p in scenario
            .jobs
            .to_mut()
            .iter_mut()
            .flat_map(|j| &mut j.preferences)
        {
            if p.training_plan
                .as_ref()
                .is_some_and(|t| dropped_plans.iter().any(|plan| t == plan))
            {
                p.training_plan = None;
            }
        }
    }
    match Scenario::from_json(&scenario.to_json_pretty()) {
        Ok(valid) => Ok(valid),
        Err(LoadError::Invalid { report }) => Err(AccountError::Invalid(report.errors)),
        Err(other) => Err(AccountError::Invalid(vec![Diagnostic {
            severity: Severity::Error,
            path: String::new(),
            message: other.to_string(),
        }])),
    }
}

/// `jobs[12].duration_h` with prefix `jobs[` is `(12, ".duration_h")`.
fn indexed<'a>(path: &'a str, prefix: &str) -> Option<(usize, &'a str)> {
    let rest = path.strip_prefix(prefix)?;
    let close = rest.find(']')?;
    Some((rest[..close].parse().ok()?, &rest[close + 1..]))
}

/// Removes the items at `indices` (any order, repeats allowed).
fn remove<T>(items: &mut Vec<T>, indices: &mut Vec<usize>) {
    indices.sort_unstable();
    indices.dedup();
    for &i in indices.iter().rev() {
        if i < items.len() {
            items.remove(i);
        }
    }
}
