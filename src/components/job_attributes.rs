//! The fields every job carries, for a mix's template or an explicit job (docs/FORMAT.md, "A job"):
//! priority, kind, instance count, the preference list, checkpoints, startup, max pending,
//! preemption retries, accelerator memory, deadline, spot and max wait.

use super::choice_inputs::{CheckInput, SelectInput};
use super::job_binding::{attr, attr_field};
use super::job_ref::JobRef;
use super::number_input::{NumberInput, Numbers};
use super::preference_list::PreferenceList;
use super::tip::tip;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::JobKind;

fn hours(v: Option<f64>) -> f64 {
    v.unwrap_or(0.0)
}

#[component]
pub fn JobAttributesEditor(job: JobRef) -> impl IntoView {
    let state = use_editor();
    let priority = attr(
        job,
        "priority",
        |a| Some(f64::from(a.priority)),
        |a, v| a.priority = v.unwrap_or(0.0) as i32,
    );
    let kind = attr(
        job,
        "kind",
        |a| {
            if a.kind == JobKind::Processing {
                "processing"
            } else {
                "training"
            }
            .to_string()
        },
        |a, v| {
            a.kind = if v == "processing" {
                JobKind::Processing
            } else {
                JobKind::Training
            }
        },
    );
    let startup = attr(
        job,
        "startup_h",
        |a| Some(a.startup_h),
        |a, v| a.startup_h = hours(v),
    );
    let interval = attr_field!(job, checkpoint_interval_h);
    let cost = attr(
        job,
        "checkpoint_cost_h",
        |a| Some(a.checkpoint_cost_h),
        |a, v| a.checkpoint_cost_h = hours(v),
    );
    let max_pending = attr_field!(job, max_pending_h);
    let retries = attr(
        job,
        "preemption_retries",
        |a| a.preemption_retries.map(f64::from),
        |a, v| a.preemption_retries = v.map(|n| n as u32),
    );
    let memory = attr_field!(job, accelerator_memory_gib);
    let deadline = attr_field!(job, deadline_h);
    let spot = attr(
        job,
        "spot",
        |a| a.spot,
        |a, v| {
            a.spot = v;
            // max_wait_h is only valid on spot jobs.
            if !v {
                a.max_wait_h = None;
            }
        },
    );
    let max_wait = attr_field!(job, max_wait_h);
    let not_spot =
        Signal::derive(move || !state.scenario.with(|s| job.get(s).is_some_and(|a| a.spot)));
    let kinds = vec![
        ("training".to_string(), "training".to_string()),
        ("processing".to_string(), "processing".to_string()),
    ];
    view! {
        <div class="job-attributes">
            <div class="field-row">
                <NumberInput binding=priority label="Priority" numbers=Numbers::WholeFrom(0)
                    tip={tip!("0 to 9999: higher runs first within the team and may preempt lower (in-share preemption)", api = "schedulingPriority")} />
                <SelectInput binding=kind label="Kind" options=kinds tip={tip!("Training or processing job; processing jobs cannot use training plans", json = "kind")} />
            </div>
            <PreferenceList job=job />
            <div class="field-row">
                <NumberInput binding=interval label="Checkpoint every" unit="h" optional=true placeholder="never"
                    tip={tip!("How often the job saves progress; a preempted or interrupted job loses the work since its last checkpoint", json = "checkpoint_interval_h")} />
                <NumberInput binding=cost label="Checkpoint cost" unit="h" tip={tip!("Time each checkpoint adds to the run", json = "checkpoint_cost_h")} />
                <NumberInput binding=startup label="Startup" unit="h" tip={tip!("Time from start to useful work (provisioning, image pull); paid again after every preemption", json = "startup_h")} />
            </div>
            <div class="field-row">
                <NumberInput binding=max_pending label="Max pending" unit="h" optional=true placeholder="no limit"
                    tip={tip!("Give up when no entry of the instance preference list could start in this many hours; AWS allows 2 to 672 h", api = "MaxPendingTimeInSeconds")} />
                <NumberInput binding=retries label="Preemption retries" numbers=Numbers::WholeFrom(0) optional=true placeholder="unlimited"
                    tip={tip!("How often the job may go back in the queue after a preemption; the next preemption fails it", api = "preemptionRetriesBeforeTermination")} />
            </div>
            <div class="field-row">
                <NumberInput binding=memory label="Accelerator memory" unit="GiB" optional=true placeholder="any"
                    tip={tip!("Memory the job needs per accelerator; entries with less fail after startup", json = "accelerator_memory_gib")} />
                <NumberInput binding=deadline label="Deadline" unit="h after submit" optional=true placeholder="none"
                    tip={tip!("Reported as met or missed; changes no scheduling decision", json = "deadline_h")} />
            </div>
            <div class="field-row">
                <CheckInput binding=spot label="Spot" tip={tip!("Run on the spot pool: cheaper but interruptible; one preference entry only (Managed Spot Training)", api = "EnableManagedSpotTraining")} />
                <NumberInput binding=max_wait label="Max wait" unit="h" optional=true placeholder="none" disabled=not_spot
                    tip={tip!("Spot only: hours of waiting plus running before the job is stopped", api = "StoppingCondition.MaxWaitTimeInSeconds")} />
            </div>
        </div>
    }
}
