//! Validation (docs/FORMAT.md, "Validation"): errors stop a scenario from running, warnings flag
//! what is probably not meant or what AWS would refuse. Every finding names its JSON path.
//!
//! The checks take that path as something to display (`&dyn Display`, often `format_args!`)
//! and write it out only for a finding: a trace lists a million jobs of about ten fields each,
//! nearly all of them fine (docs/PERFORMANCE.md, "One validation per edit, and a quicker one").
//!
//! `structure` checks the capacity, pools, shares and actions; `jobs` checks jobs and mixes;
//! `feasibility` adds the warnings about entries that can never run. `kueue` checks an agreement
//! written as Kueue objects, and the jobs submitted to it.

pub(crate) mod feasibility;
mod jobs;
mod kueue;
pub mod limits;
mod observed;
mod structure;

use crate::diagnostic::Report;
use crate::scenario::{InstanceType, Scenario};
use crate::time::MAX_TIME_H;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Display;

/// The most jobs a scenario may hold, explicit and generated together: half a year of a large
/// shared cluster (the Helios traces hold 3.3 million jobs over six months) with room to spare.
/// The CLI runs that many in less than 2 GB (docs/PERFORMANCE.md, "The CLI at one and five million jobs"), and
/// a browser tab as many in less than 3.5 GB (docs/PERFORMANCE.md, "Five million jobs in the
/// browser").
pub const MAX_JOBS: u64 = 5_000_000;
/// Names are free text up to this many characters (docs/FORMAT.md).
pub const MAX_NAME_CHARS: usize = 128;
/// AWS: at most 20 quota shares per job queue.
pub const MAX_SHARES: usize = 20;
/// The highest scheduling priority (AWS `schedulingPriority`).
pub const MAX_PRIORITY: u32 = 9999;

/// Checks the whole scenario.
pub fn validate(scenario: &Scenario) -> Report {
    let mut report = Report::default();
    let context = Context::new(scenario);
    structure::check(scenario, &context, &mut report);
    jobs::check(scenario, &context, &mut report);
    kueue::check(scenario, &context, &mut report);
    if report.errors.is_empty() {
        feasibility::check(scenario, &context, &mut report);
        kueue::check_workload(scenario, &context, &mut report);
    }
    report
}

/// Name lookups the checks share.
pub(crate) struct Context<'a> {
    pub types: BTreeMap<&'a str, &'a InstanceType>,
    pub catalog: Vec<InstanceType>,
    /// Training plan name to its instance type.
    pub plans: BTreeMap<&'a str, &'a str>,
    pub shares: BTreeMap<&'a str, usize>,
    /// Every explicit job's name, and which jobs repeat a name an earlier job has
    /// ([`JobNames`]).
    pub jobs: JobNames<'a>,
    /// The agreement is written as Kueue objects (`kueue`), not as quota shares: jobs name
    /// ClusterQueues and priorities are Kueue's (docs/KUEUE.md).
    pub kueue_agreement: bool,
    /// For each mix name, the most jobs a mix of that name generates.
    mix_counts: HashMap<&'a str, u64>,
}

impl<'a> Context<'a> {
    fn new(scenario: &'a Scenario) -> Self {
        let catalog = crate::scenario::catalog::builtin();
        let mut types: BTreeMap<&str, &InstanceType> = BTreeMap::new();
        for t in &scenario.instance_types {
            types.insert(t.name.as_str(), t);
        }
        Context {
            types,
            catalog,
            plans: scenario
                .training_plans
                .iter()
                .map(|p| (p.name.as_str(), p.instance_type.as_str()))
                .collect(),
            shares: names(scenario.quota_shares.iter().map(|s| s.name.as_str())),
            jobs: JobNames::of(scenario),
            kueue_agreement: scenario.kueue.is_some(),
            mix_counts: scenario
                .job_mixes
                .iter()
                .fold(HashMap::new(), |mut counts, mix| {
                    let most = counts.entry(mix.name.as_str()).or_insert(0);
                    *most = (*most).max(crate::generate::mix_count(mix));
                    counts
                }),
        }
    }

    /// Whether the scenario has a job called `name`, explicit or generated. Generated names are
    /// read, not written out: a million-job mix would otherwise be a million strings on every
    /// validation (docs/PERFORMANCE.md, "Validation no longer writes out the generated names").
    pub fn has_job(&self, name: &str) -> bool {
        self.jobs.names.contains(name)
            || crate::generate::generated_as(name)
                .is_some_and(|(mix, k)| self.mix_counts.get(mix).is_some_and(|&n| k <= n))
    }

    /// The instance type called `name`, from the scenario or the built-in catalog.
    pub fn instance_type(&self, name: &str) -> Option<&InstanceType> {
        self.types
            .get(name)
            .copied()
            .or_else(|| self.catalog.iter().find(|t| t.name == name))
    }

    /// The instance type a training plan reserves.
    pub fn plan_type(&self, plan: &str) -> Option<&'a str> {
        self.plans.get(plan).copied()
    }

    pub fn check_type(&self, report: &mut Report, path: &dyn Display, name: &str) -> bool {
        if self.instance_type(name).is_some() {
            return true;
        }
        report.error(
            path.to_string(),
            format!("unknown instance type \"{name}\"; add it to instance_types or pick one from the built-in catalog"),
        );
        false
    }
}

fn names<'a>(items: impl Iterator<Item = &'a str>) -> BTreeMap<&'a str, usize> {
    let mut map = BTreeMap::new();
    for (i, name) in items.enumerate() {
        map.entry(name).or_insert(i);
    }
    map
}

/// The names of one kind seen so far, borrowed from the scenario: a trace lists a million jobs,
/// and a copy and a SipHash of each name was a tenth of validating it.
pub(crate) type Names<'a> = rustc_hash::FxHashSet<&'a str>;

/// The explicit jobs' names, gathered once for every check that needs them: whether a job an
/// action names exists, which job repeats an earlier one's name, and which names a mix's could
/// clash with. At a million listed jobs a set of their names is about 20 MB, and two such sets
/// (one to look names up, one to find the repeated ones) set the page's memory at every edit of
/// a trace (docs/PERFORMANCE.md, "One set of a trace's job names per validation").
pub(crate) struct JobNames<'a> {
    /// Every job's name, once.
    pub names: Names<'a>,
    /// The indices of the jobs whose name an earlier job has, in order; a well-formed scenario
    /// has none.
    repeated: Vec<usize>,
}

impl<'a> JobNames<'a> {
    fn of(scenario: &'a Scenario) -> Self {
        let mut names = Names::with_capacity_and_hasher(scenario.jobs.len(), Default::default());
        let repeated = scenario
            .jobs
            .iter()
            .enumerate()
            .filter(|(_, job)| !names.insert(job.name.as_str()))
            .map(|(i, _)| i)
            .collect();
        JobNames { names, repeated }
    }

    /// Whether job `index` repeats the name of a job before it.
    pub fn repeats_an_earlier(&self, index: usize) -> bool {
        self.repeated.binary_search(&index).is_ok()
    }
}

/// A name: non-empty, at most 128 characters, unique within its kind.
pub(crate) fn check_name<'a>(
    report: &mut Report,
    path: &dyn Display,
    name: &'a str,
    seen: &mut Names<'a>,
    kind: &str,
) {
    if let Some(problem) = name_problem(name, seen, kind) {
        report.error(path.to_string(), problem);
    }
}

/// What is wrong with a name of `kind` among those `seen` so far (docs/FORMAT.md,
/// "Conventions"), if anything; a good name is added to `seen`.
fn name_problem<'a>(name: &'a str, seen: &mut Names<'a>, kind: &str) -> Option<String> {
    name_problem_given(name, kind, |name| !seen.insert(name))
}

/// What is wrong with a name of `kind`, where `taken` says whether an earlier one of its kind
/// has it, asked only of a name that is otherwise good.
pub(crate) fn name_problem_given<'a>(
    name: &'a str,
    kind: &str,
    taken: impl FnOnce(&'a str) -> bool,
) -> Option<String> {
    if name.trim().is_empty() {
        Some(format!("the {kind} needs a name"))
    } else if name.chars().count() > MAX_NAME_CHARS {
        Some(format!(
            "names are at most {MAX_NAME_CHARS} characters; this one has {}",
            name.chars().count()
        ))
    } else if taken(name) {
        Some(format!(
            "another {kind} is already called \"{name}\"; names must be unique"
        ))
    } else {
        None
    }
}

/// A time in hours: finite and within `[0, MAX_TIME_H]`.
pub(crate) fn check_time(report: &mut Report, path: &dyn Display, hours: f64) -> bool {
    if !hours.is_finite() || !(0.0..=MAX_TIME_H).contains(&hours) {
        report.error(
            path.to_string(),
            format!("must be a time in hours from 0 to {MAX_TIME_H}"),
        );
        return false;
    }
    true
}

/// A duration in hours: finite, positive (or non-negative when `allow_zero`), within range.
pub(crate) fn check_duration(
    report: &mut Report,
    path: &dyn Display,
    hours: f64,
    allow_zero: bool,
) -> bool {
    let ok =
        hours.is_finite() && hours <= MAX_TIME_H && (hours > 0.0 || (allow_zero && hours == 0.0));
    if !ok {
        let lower = if allow_zero {
            "0 or more"
        } else {
            "more than 0"
        };
        report.error(
            path.to_string(),
            format!("must be a number of hours, {lower} and at most {MAX_TIME_H}"),
        );
    }
    ok
}
