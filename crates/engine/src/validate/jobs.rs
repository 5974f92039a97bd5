//! Checks of explicit jobs, job mixes and their templates (docs/FORMAT.md job and entry rules).

use super::limits::{
    check_instances, check_positive, MAX_ACCELERATOR_MEMORY_GIB, MAX_ARRIVALS_PER_H,
};
use super::{
    check_duration, check_name, check_time, name_problem_given, Context, Names, MAX_JOBS,
    MAX_PRIORITY,
};
use crate::diagnostic::Report;
use crate::generate::{generated_as, generated_name};
use crate::result::numbers::count;
use crate::scenario::{
    Arrivals, DurationDistribution, DurationSpec, JobAttributes, JobKind, JobMix, Scenario,
};
use std::collections::{HashMap, HashSet};
use std::fmt::Display;

pub(super) fn check(scenario: &Scenario, context: &Context, report: &mut Report) {
    let total = crate::generate::job_count(scenario);
    if total > MAX_JOBS {
        report.error("jobs", too_many_jobs(total));
        return;
    }
    for (i, job) in scenario.jobs.iter().enumerate() {
        let path = format!("jobs[{i}]");
        let repeated = |_: &str| context.jobs.repeats_an_earlier(i);
        if let Some(problem) = name_problem_given(&job.name, "job", repeated) {
            report.error(format!("{path}.name"), problem);
        }
        check_share_ref(
            scenario,
            context,
            report,
            &format_args!("{path}.share"),
            job.share.as_deref(),
        );
        check_time(report, &format_args!("{path}.submit_h"), job.submit_h);
        check_duration(
            report,
            &format_args!("{path}.duration_h"),
            job.duration_h,
            false,
        );
        check_attributes(context, report, &path, &job.attributes());
        super::observed::check(context, report, &path, job);
    }
    let mut generated = GeneratedNames::new(&context.jobs.names);
    for (i, mix) in scenario.job_mixes.iter().enumerate() {
        check_mix(
            scenario,
            context,
            report,
            &format_args!("job_mixes[{i}]"),
            mix,
            &mut generated,
        );
    }
}

/// Which names the mixes generate would clash with a job's, decided from the names themselves.
///
/// A mix called `m` generates `m-1` to `m-N`, and `m-k` can be read only as mix `m`'s job `k`
/// (`generate::generated_as`). So an explicit job called `p-k` clashes with the `k`-th job of a
/// mix called `p`, if it makes that many, and two mixes clash only if they have the same name;
/// no generated name is written out.
struct GeneratedNames<'a> {
    /// For each prefix `p` of an explicit job called `p-k`, the smallest such `k`.
    explicit: HashMap<&'a str, u64>,
    /// The mixes checked so far that generate at least one job.
    mixes: HashSet<String>,
}

impl<'a> GeneratedNames<'a> {
    fn new(explicit_names: &Names<'a>) -> Self {
        let mut explicit: HashMap<&str, u64> = HashMap::new();
        // Only well-formed names count: a badly formed one is reported as that alone. The job
        // loop has checked each name's form already, so only the few that read as a generated
        // name are checked again here, not every name of a trace.
        let well_formed = |name: &str| name_problem_given(name, "job", |_| false).is_none();
        for (prefix, k) in explicit_names
            .iter()
            .filter_map(|name| generated_as(name).filter(|_| well_formed(name)))
        {
            let smallest = explicit.entry(prefix).or_insert(k);
            *smallest = (*smallest).min(k);
        }
        GeneratedNames {
            explicit,
            mixes: HashSet::new(),
        }
    }

    /// The first name of the `generated` that mix `name` makes which is already a job's, if
    /// any; the mix's names count as taken from then on.
    fn first_clash(&mut self, name: &str, generated: u64) -> Option<String> {
        if generated == 0 {
            return None;
        }
        let k = if self.mixes.insert(name.to_owned()) {
            self.explicit.get(name).copied().filter(|&k| k <= generated)
        } else {
            Some(1)
        };
        k.map(|k| generated_name(name, k))
    }
}

/// The refusal of a scenario over [`MAX_JOBS`]: its size, the limit, and how to run a part of it,
/// since no command runs more.
fn too_many_jobs(total: u64) -> String {
    format!(
        "the scenario would hold {} jobs (explicit and generated); the limit is {} jobs. Run a \
         sample of it: lower a job mix's count, or import a window or a sample of the trace \
         (quotalab import --from-h H --to-h H, or --sample N)",
        count(total),
        count(MAX_JOBS)
    )
}

/// SEMANTICS §2: a job names exactly one existing share when shares exist, and none otherwise.
/// Under Kueue objects a share names a ClusterQueue, which `validate::kueue` checks.
fn check_share_ref(
    scenario: &Scenario,
    context: &Context,
    report: &mut Report,
    path: &dyn Display,
    share: Option<&str>,
) {
    if context.kueue_agreement {
        return;
    }
    match (scenario.quota_shares.is_empty(), share) {
        (true, Some(_)) => report.error(
            path.to_string(),
            "this scenario declares no quota shares, so jobs must not name one",
        ),
        (false, None) => report.error(
            path.to_string(),
            "this scenario has quota shares, so every job must name one (AWS quotaShareName)",
        ),
        (false, Some(name)) if !context.shares.contains_key(name) => report.error(
            path.to_string(),
            format!("no quota share is called \"{name}\""),
        ),
        _ => {}
    }
}

fn check_mix(
    scenario: &Scenario,
    context: &Context,
    report: &mut Report,
    path: &dyn Display,
    mix: &JobMix,
    generated_names: &mut GeneratedNames,
) {
    let mut mix_names = Names::default();
    check_name(
        report,
        &format_args!("{path}.name"),
        &mix.name,
        &mut mix_names,
        "job mix",
    );
    check_share_ref(
        scenario,
        context,
        report,
        &format_args!("{path}.share"),
        mix.share.as_deref(),
    );
    let generated = crate::generate::mix_count(mix);
    match &mix.arrivals {
        Arrivals::Poisson(p) => {
            check_positive(
                report,
                &format_args!("{path}.arrivals.poisson_per_h"),
                p.poisson_per_h,
                "the arrival rate per hour",
                MAX_ARRIVALS_PER_H,
            );
            check_time(report, &format_args!("{path}.arrivals.start_h"), p.start_h);
        }
        Arrivals::Periodic(p) => {
            check_duration(
                report,
                &format_args!("{path}.arrivals.every_h"),
                p.every_h,
                false,
            );
            check_time(report, &format_args!("{path}.arrivals.start_h"), p.start_h);
        }
        Arrivals::Listed(l) => {
            for (k, at) in l.at_h.iter().enumerate() {
                check_time(report, &format_args!("{path}.arrivals.at_h[{k}]"), *at);
            }
            if mix.count.is_some_and(|c| c as usize != l.at_h.len()) {
                report.error(
                    format!("{path}.count"),
                    format!(
                        "count must equal the number of arrival times ({}) or be left out",
                        l.at_h.len()
                    ),
                );
            }
        }
    }
    if !matches!(mix.arrivals, Arrivals::Listed(_)) && mix.count.is_none() {
        report.error(
            format!("{path}.count"),
            "how many jobs the mix generates (1 or more); only at_h arrivals may leave it out",
        );
    } else if generated == 0 {
        report.error(format!("{path}.count"), "a mix generates at least 1 job");
    }
    check_duration_spec(report, &format_args!("{path}.duration_h"), &mix.duration_h);
    check_attributes(
        context,
        report,
        &format_args!("{path}.template"),
        &mix.template,
    );
    if let Some(name) = generated_names.first_clash(&mix.name, generated) {
        report.error(
            format!("{path}.name"),
            format!("the mix generates \"{name}\", which another job is already called"),
        );
    }
}

fn check_duration_spec(report: &mut Report, path: &dyn Display, spec: &DurationSpec) {
    match spec {
        DurationSpec::Fixed(h) => {
            check_duration(report, path, *h, false);
        }
        DurationSpec::Distribution(DurationDistribution::Uniform { min_h, max_h }) => {
            let ok = check_duration(report, &format_args!("{path}.uniform.min_h"), *min_h, false)
                & check_duration(report, &format_args!("{path}.uniform.max_h"), *max_h, false);
            if ok && max_h < min_h {
                report.error(
                    format!("{path}.uniform.max_h"),
                    "max_h must be at least min_h",
                );
            }
        }
        DurationSpec::Distribution(DurationDistribution::Lognormal { median_h, p90_h }) => {
            let ok = check_duration(
                report,
                &format_args!("{path}.lognormal.median_h"),
                *median_h,
                false,
            ) & check_duration(
                report,
                &format_args!("{path}.lognormal.p90_h"),
                *p90_h,
                false,
            );
            if ok && p90_h < median_h {
                report.error(
                    format!("{path}.lognormal.p90_h"),
                    "p90_h must be at least median_h",
                );
            }
        }
    }
}

/// The rules every job and template share (docs/FORMAT.md, "A job" and "A preference entry").
fn check_attributes(
    context: &Context,
    report: &mut Report,
    path: &dyn Display,
    job: &JobAttributes,
) {
    if !context.kueue_agreement && !(0..=MAX_PRIORITY as i32).contains(&job.priority) {
        report.error(
            format!("{path}.priority"),
            format!("priority is 0 to {MAX_PRIORITY} (AWS schedulingPriority)"),
        );
    }
    check_duration(
        report,
        &format_args!("{path}.startup_h"),
        job.startup_h,
        true,
    );
    if let Some(i) = job.checkpoint_interval_h {
        check_duration(
            report,
            &format_args!("{path}.checkpoint_interval_h"),
            i,
            false,
        );
    }
    check_duration(
        report,
        &format_args!("{path}.checkpoint_cost_h"),
        job.checkpoint_cost_h,
        true,
    );
    if job.checkpoint_interval_h.is_none() && job.checkpoint_cost_h > 0.0 {
        report.warning(
            format!("{path}.checkpoint_cost_h"),
            "a checkpoint cost without a checkpoint interval has no effect",
        );
    }
    for (field, value) in [
        ("max_pending_h", job.max_pending_h),
        ("deadline_h", job.deadline_h),
        ("max_wait_h", job.max_wait_h),
    ] {
        if let Some(v) = value {
            check_duration(report, &format_args!("{path}.{field}"), v, false);
        }
    }
    if let Some(m) = job.accelerator_memory_gib {
        check_positive(
            report,
            &format_args!("{path}.accelerator_memory_gib"),
            m,
            "the accelerator memory needed",
            MAX_ACCELERATOR_MEMORY_GIB,
        );
    }
    if let Some(count) = job.instance_count {
        let zero = "a job runs on at least 1 instance";
        check_instances(report, &format_args!("{path}.instance_count"), count, zero);
    }
    // Under Kueue objects max_wait_h has no counterpart at all (`validate::kueue`).
    if job.max_wait_h.is_some() && !job.spot && !context.kueue_agreement {
        report.error(
            format!("{path}.max_wait_h"),
            "max_wait_h applies only to spot jobs (set spot: true or remove it)",
        );
    }
    check_preferences(context, report, path, job);
}

/// Under Kueue objects a preference list is the pods' node affinity on instance types, and may
/// be empty; its counts only size the default pod set of a job without pod sets
/// (docs/FORMAT.md, "A job under Kueue").
fn check_preferences(
    context: &Context,
    report: &mut Report,
    path: &dyn Display,
    job: &JobAttributes,
) {
    let prefs = &job.preferences;
    let fewest = if context.kueue_agreement { 0 } else { 1 };
    if prefs.len() < fewest || prefs.len() > 5 {
        report.error(
            format!("{path}.preferences"),
            format!(
                "a preference list has {fewest} to 5 entries; this one has {}",
                prefs.len()
            ),
        );
    }
    if job.spot && prefs.len() > 1 {
        report.error(format!("{path}.preferences"), "a spot job has exactly one entry (AWS: managed spot training cannot be combined with instance preferences)");
    }
    let counts_apply = !context.kueue_agreement || (!prefs.is_empty() && job.pod_sets.is_empty());
    let entry_counts = prefs.iter().filter(|p| p.instance_count.is_some()).count();
    match (job.instance_count.is_some(), entry_counts) {
        _ if !counts_apply => {}
        (true, 0) => {}
        (false, n) if n == prefs.len() && n > 0 => {}
        (true, _) => report.error(
            format!("{path}.instance_count"),
            "set instance_count on the job or on every entry, not both",
        ),
        (false, 0) => report.error(
            format!("{path}.instance_count"),
            "set instance_count on the job, or on every preference entry",
        ),
        (false, _) => report.error(
            format!("{path}.preferences"),
            "when entries set instance_count, every entry must set it",
        ),
    }
    let mut seen = HashSet::new();
    for (k, entry) in prefs.iter().enumerate() {
        let ep = format!("{path}.preferences[{k}]");
        if context.check_type(
            report,
            &format_args!("{ep}.instance_type"),
            &entry.instance_type,
        ) && !seen.insert(entry.instance_type.as_str())
        {
            report.error(
                format!("{ep}.instance_type"),
                format!(
                    "\"{}\" is already in this list; each type appears once (AWS)",
                    entry.instance_type
                ),
            );
        }
        if let Some(count) = entry.instance_count {
            let zero = "an entry needs at least 1 instance";
            check_instances(report, &format_args!("{ep}.instance_count"), count, zero);
        }
        if let Some(d) = entry.duration_h {
            check_duration(report, &format_args!("{ep}.duration_h"), d, false);
        }
        // Under Kueue objects a plan has no counterpart at all (`validate::kueue`).
        let plan = entry
            .training_plan
            .as_ref()
            .filter(|_| !context.kueue_agreement);
        if let Some(plan_name) = plan {
            check_plan_entry(context, report, &ep, job, plan_name, &entry.instance_type);
        }
    }
}

fn check_plan_entry(
    context: &Context,
    report: &mut Report,
    entry_path: &dyn Display,
    job: &JobAttributes,
    plan_name: &str,
    instance_type: &str,
) {
    let path = format!("{entry_path}.training_plan");
    if job.kind == JobKind::Processing {
        report.error(&path, "processing jobs cannot use training plans (AWS)");
    }
    if job.spot {
        report.error(&path, "a spot job cannot use a training plan");
    }
    match context.plans.get(plan_name) {
        None => report.error(&path, format!("no training plan is called \"{plan_name}\"")),
        Some(_) => {
            let plan_type = context.plan_type(plan_name);
            if plan_type != Some(instance_type) {
                report.error(
                    &path,
                    format!(
                        "plan \"{plan_name}\" reserves {}, not {instance_type}",
                        plan_type.unwrap_or("?")
                    ),
                );
            }
        }
    }
}
