//! History to scenario (docs/ACCOUNT.md, "What comes out"): each job's submission, priority and
//! preference list as it was submitted, its duration from the run observed on the type that ran
//! (less startup), and its `observed` block; the capacity per type; the training plans. Hours
//! count from the earliest submission.

use super::history::{Held, JobHistory};
use super::sagemaker::Plan;
use super::timestamp::to_iso8601;
use super::unmapped::UnmappedList;
use super::AccountOptions;
use crate::agreement::add_placeholder_types;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::result::Text;
use quotalab_engine::scenario::{
    Capacity, JobAttributes, JobSpec, Observed, ObservedStatus, PlanBlock, Preference, Scenario,
    TrainingPlan,
};
use quotalab_engine::validate::limits::MAX_INSTANCES;
use std::collections::{BTreeMap, HashSet};

const MS_PER_H: f64 = 3_600_000.0;
/// SageMaker takes at most 5 instance preferences; so does the scenario (SEMANTICS §3).
const MAX_PREFERENCES: usize = 5;
/// AWS `schedulingPriority` range, which the scenario shares.
const MAX_PRIORITY: i64 = 9_999;
/// A training plan has at most 5 blocks (docs/FORMAT.md).
const MAX_BLOCKS: usize = 5;

/// Adds the history to `scenario`, which holds the agreement; returns each added job's
/// document, in the order of `scenario.jobs`.
pub fn add_history(
    scenario: &mut Scenario,
    mut histories: Vec<JobHistory>,
    plans: &[Plan],
    options: &AccountOptions,
    notes: &mut Vec<String>,
    unmapped: &mut UnmappedList,
) -> Vec<String> {
    histories.sort_by(|a, b| {
        a.submit_ms
            .cmp(&b.submit_ms)
            .then_with(|| a.name.cmp(&b.name))
    });
    let origin = histories
        .first()
        .map(|h| h.submit_ms)
        .or_else(|| {
            plans
                .iter()
                .flat_map(|p| p.blocks_ms.first())
                .map(|b| b.0)
                .min()
        })
        .unwrap_or(0);
    if !histories.is_empty() {
        let last = histories
            .iter()
            .map(|h| h.submit_ms)
            .max()
            .unwrap_or(origin);
        scenario.description = format!(
            "{} submitted from {} (t = 0) to {}. {}",
            counted(histories.len() as u64, "job"),
            to_iso8601(origin),
            to_iso8601(last),
            scenario.description
        );
    }
    let hours = |ms: i64| (ms - origin) as f64 / MS_PER_H;
    add_plans(scenario, plans, &hours, unmapped);
    let types = histories
        .iter()
        .flat_map(|h| {
            h.preferences
                .iter()
                .map(|p| p.instance_type.clone())
                .chain(h.ran_type.clone())
        })
        .chain(
            scenario
                .training_plans
                .iter()
                .map(|p| p.instance_type.clone()),
        )
        .collect::<std::collections::BTreeSet<_>>();
    // In name order, once each: a history repeats its few types many times.
    add_placeholder_types(scenario, types, notes);
    capacity(scenario, &histories, options, notes);

    let mut names = HashSet::new();
    let mut stand_ins = 0;
    let mut labels = Vec::new();
    for h in &histories {
        let name = unique(&h.name, &mut names);
        if let Some(job) = job(scenario, h, name, &hours, &mut stand_ins, unmapped) {
            scenario.jobs.to_mut().push(job);
            labels.push(h.label.clone());
        }
    }
    if stand_ins > 0 {
        notes.push(format!("jobs that never ran to an observed end: {stand_ins}; the duration of each is its MaxRuntimeInSeconds (Kueue: maximumExecutionTimeSeconds), else 1 hour; edit them if you know better"));
    }
    labels
}

fn unique(name: &str, taken: &mut HashSet<String>) -> String {
    let base: String = name.chars().take(120).collect();
    let mut candidate = base.clone();
    let mut k = 2;
    while !taken.insert(candidate.clone()) {
        candidate = format!("{base} ({k})");
        k += 1;
    }
    candidate
}

/// One scenario job from its history; `None` (listed) when it names no instance type at all.
fn job(
    scenario: &Scenario,
    h: &JobHistory,
    name: String,
    hours: &dyn Fn(i64) -> f64,
    stand_ins: &mut usize,
    unmapped: &mut UnmappedList,
) -> Option<JobSpec> {
    let mut preferences = preferences(scenario, h, unmapped);
    if preferences.is_empty() {
        unmapped.push(
            &h.label,
            "",
            "names no instance type (no payload, no capacity usage); the job is skipped",
        );
        return None;
    }
    let per_entry = preferences.iter().all(|p| p.instance_count.is_some());
    if !per_entry {
        for p in &mut preferences {
            p.instance_count = None;
        }
    }
    let priority = if (0..=MAX_PRIORITY).contains(&h.priority) {
        h.priority as i32
    } else {
        unmapped.push(
            &h.label,
            "priority",
            format!("{} is outside 0 to {MAX_PRIORITY}; clamped", h.priority),
        );
        h.priority.clamp(0, MAX_PRIORITY) as i32
    };
    let duration_h = duration(scenario, h, &mut preferences, stand_ins);
    let attributes = JobAttributes {
        priority,
        instance_count: if per_entry {
            None
        } else {
            h.instance_count.or(Some(1))
        },
        preferences,
        startup_h: h.startup_s / 3600.0,
        max_pending_h: h.max_pending_s.map(|s| s / 3600.0),
        preemption_retries: h.preemption_retries,
        ..JobAttributes::default()
    };
    let submit_h = hours(h.submit_ms);
    let mut spec = JobSpec::from_attributes(
        name,
        h.share.as_deref().map(Text::from),
        submit_h,
        duration_h,
        &attributes,
    );
    spec.observed = Some(Box::new(observed(h, submit_h, hours)));
    Some(spec)
}

/// The preference list as submitted: repeats left out, plans kept only where they reserve the
/// entry's type, at most [`MAX_PREFERENCES`] entries (each left-out part listed).
fn preferences(
    scenario: &Scenario,
    h: &JobHistory,
    unmapped: &mut UnmappedList,
) -> Vec<Preference> {
    let mut preferences: Vec<Preference> = Vec::new();
    for e in &h.preferences {
        if preferences
            .iter()
            .any(|p| p.instance_type == e.instance_type)
        {
            unmapped.push(
                &h.label,
                "preferences",
                format!(
                    "{} is listed twice; the second entry is left out",
                    e.instance_type
                ),
            );
            continue;
        }
        let training_plan = e.training_plan.clone().filter(|plan| {
            let fits = scenario
                .training_plans
                .iter()
                .any(|p| &p.name == plan && p.instance_type == e.instance_type);
            if !fits {
                unmapped.push(
                    &h.label,
                    "preferences",
                    format!(
                        "training plan {plan} does not reserve {}; the entry runs on demand",
                        e.instance_type
                    ),
                );
            }
            fits
        });
        preferences.push(Preference {
            instance_type: e.instance_type.as_str().into(),
            instance_count: e.instance_count,
            training_plan: training_plan.map(Text::from),
            duration_h: None,
        });
    }
    if preferences.len() > MAX_PREFERENCES {
        unmapped.push(
            &h.label,
            "preferences",
            format!(
                "{}; the scenario keeps the first {MAX_PREFERENCES}",
                counted(preferences.len() as u64, "preference")
            ),
        );
        preferences.truncate(MAX_PREFERENCES);
    }
    preferences
}

/// The job's duration on its first preference: the observed work on the type that ran (that
/// entry gets it as its own `duration_h` when it is not the first), else a stand-in, counted.
fn duration(
    scenario: &Scenario,
    h: &JobHistory,
    preferences: &mut [Preference],
    stand_ins: &mut usize,
) -> f64 {
    let work_h = match (h.work_s, h.limit_s) {
        (Some(w), _) => w / 3600.0,
        (None, limit) => {
            *stand_ins += 1;
            limit.map_or(1.0, |s| s / 3600.0)
        }
    }
    .max(1.0 / 3600.0);
    let ran = h
        .ran_type
        .as_ref()
        .and_then(|t| preferences.iter().position(|p| &p.instance_type == t))
        .unwrap_or(0);
    if ran == 0 {
        return work_h;
    }
    preferences[ran].duration_h = Some(work_h);
    work_h * total_speed(scenario, &preferences[ran], h) / total_speed(scenario, &preferences[0], h)
}

/// What really happened, on the scenario's clock; no time before the submission, no end
/// before the start.
fn observed(h: &JobHistory, submit_h: f64, hours: &dyn Fn(i64) -> f64) -> Observed {
    let first_start_h = h.first_start_ms.map(|t| hours(t).max(submit_h));
    let end_h = h
        .end_ms
        .filter(|_| h.status != ObservedStatus::Unfinished)
        .map(|t| hours(t).max(first_start_h.unwrap_or(submit_h)));
    Observed {
        first_start_h,
        end_h,
        status: h.status,
        reason: h.reason.clone(),
        instance_type: h.ran_type.clone(),
        preemptions: h.preemptions,
    }
}

/// SEMANTICS §3's total speed of an entry: speed times accelerators (at least one) times
/// instances.
fn total_speed(scenario: &Scenario, entry: &Preference, h: &JobHistory) -> f64 {
    let count = entry
        .instance_count
        .or(h.instance_count)
        .unwrap_or(1)
        .max(1);
    scenario
        .instance_type(&entry.instance_type)
        .map_or(1.0, |t| {
            t.speed.max(f64::MIN_POSITIVE) * f64::from(t.accelerators.max(1)) * f64::from(count)
        })
}

/// Capacity per type: `--capacity` first; then what the agreement states (service
/// environments, Kueue quotas); for types it leaves out, the observed peak of concurrent
/// instances, with a note.
fn capacity(
    scenario: &mut Scenario,
    histories: &[JobHistory],
    options: &AccountOptions,
    notes: &mut Vec<String>,
) {
    let stated: BTreeMap<String, u32> = scenario
        .capacity
        .iter()
        .map(|c| (c.instance_type.clone(), c.count))
        .collect();
    let mut capacity = stated.clone();
    let peaks = peak(histories.iter().flat_map(|h| &h.held));
    let mut from_peak = Vec::new();
    for (t, n) in peaks {
        if !capacity.contains_key(&t) && !options.capacity.contains_key(&t) {
            from_peak.push(format!("{t}={n}"));
            capacity.insert(t, n);
        }
    }
    if !from_peak.is_empty() {
        notes.push(format!("capacity not stated by the account, set to the observed peak of concurrent instances: {} (override with --capacity TYPE=N)", from_peak.join(", ")));
    }
    for (t, n) in &options.capacity {
        capacity.insert(t.clone(), *n);
    }
    capacity.retain(|_, n| *n > 0);
    cap_at_engine_limit(scenario, &mut capacity, notes);
    let overridden: Vec<String> = options.capacity.keys().cloned().collect();
    add_placeholder_types(scenario, overridden, notes);
    scenario.capacity = capacity
        .into_iter()
        .map(|(instance_type, count)| Capacity {
            instance_type,
            count,
            changes: Vec::new(),
        })
        .collect();
}

/// A count the engine cannot model (more than `MAX_INSTANCES` of a type over all its pools,
/// docs/FORMAT.md "Limits") is lowered to the most it can, with a note, so the rest imports.
fn cap_at_engine_limit(
    scenario: &Scenario,
    capacity: &mut BTreeMap<String, u32>,
    notes: &mut Vec<String>,
) {
    for (t, n) in capacity.iter_mut() {
        let planned: u32 = scenario
            .training_plans
            .iter()
            .filter(|p| &p.instance_type == t)
            .fold(0, |sum, p| sum.saturating_add(p.count));
        let most = MAX_INSTANCES.saturating_sub(planned);
        if *n > most {
            notes.push(format!(
                "{t}: {n} instances is more than a scenario may hold; set to {most} (at most {MAX_INSTANCES} of a type over all its pools)"
            ));
            *n = most;
        }
    }
}

/// The most instances of each type held at once.
fn peak<'a>(held: impl Iterator<Item = &'a Held>) -> BTreeMap<String, u32> {
    let mut changes: BTreeMap<&str, Vec<(i64, i64)>> = BTreeMap::new();
    for h in held {
        let list = changes.entry(&h.instance_type).or_default();
        list.push((h.start_ms, i64::from(h.instances)));
        if let Some(end) = h.end_ms {
            list.push((end.max(h.start_ms), -i64::from(h.instances)));
        }
    }
    changes
        .into_iter()
        .map(|(t, mut list)| {
            // Releases before takes at the same instant: a handover is not two at once.
            list.sort_unstable();
            let (mut level, mut most) = (0i64, 0i64);
            for (_, delta) in list {
                level += delta;
                most = most.max(level);
            }
            (t.to_string(), u32::try_from(most).unwrap_or(u32::MAX))
        })
        .collect()
}

fn add_plans(
    scenario: &mut Scenario,
    plans: &[Plan],
    hours: &dyn Fn(i64) -> f64,
    unmapped: &mut UnmappedList,
) {
    for p in plans {
        let mut blocks: Vec<PlanBlock> = p
            .blocks_ms
            .iter()
            .map(|&(s, e)| PlanBlock {
                start_h: hours(s).max(0.0),
                end_h: hours(e),
            })
            .filter(|b| b.end_h > b.start_h)
            .collect();
        if blocks.is_empty() {
            unmapped.push(
                &p.label,
                "ReservedCapacitySummaries",
                "every reserved window ended before the first submission; the plan is left out",
            );
            continue;
        }
        if blocks.len() > MAX_BLOCKS {
            unmapped.push(
                &p.label,
                "ReservedCapacitySummaries",
                format!(
                    "{}; the scenario keeps the first {MAX_BLOCKS}",
                    counted(blocks.len() as u64, "window")
                ),
            );
            blocks.truncate(MAX_BLOCKS);
        }
        scenario.training_plans.push(TrainingPlan {
            name: p.name.clone(),
            instance_type: p.instance_type.clone(),
            count: p.count,
            blocks,
            upfront_cost: p.upfront_cost,
            // A SageMaker training plan names no quota share; who bought it is not recorded.
            owner_share: None,
        });
    }
}
