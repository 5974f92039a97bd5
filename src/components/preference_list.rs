//! The instance preference list builder (SageMaker `InstancePreferences`): entries in order of
//! preference, each an instance type with optional count, duration and training plan; add from
//! the catalog, reorder, remove. At most five entries, each type once (AWS).

use super::binding::bind;
use super::choice_inputs::{CheckInput, SelectInput};
use super::field_messages::FieldMessages;
use super::job_binding::attr;
use super::job_ref::JobRef;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::tip::tip;
use crate::state::paths::control_id;
use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::scenario::{JobAttributes, Preference};

const MAX_ENTRIES: usize = 5;

/// docs/FORMAT.md: counts are on the job or on every entry. Switching moves the count across.
fn set_per_entry_counts(a: &mut JobAttributes, per_entry: bool) {
    if per_entry {
        let n = a.instance_count.take().unwrap_or(1);
        a.preferences
            .iter_mut()
            .for_each(|p| p.instance_count = Some(n));
    } else {
        let n = a
            .preferences
            .iter()
            .find_map(|p| p.instance_count)
            .unwrap_or(1);
        a.preferences
            .iter_mut()
            .for_each(|p| p.instance_count = None);
        a.instance_count = Some(n);
    }
}

#[component]
pub fn PreferenceList(job: JobRef) -> impl IntoView {
    let state = use_editor();
    let path = job.field("preferences");
    let entries = Memo::new(move |_| {
        state
            .scenario
            .with(|s| job.get(s).map_or(0, |a| a.preferences.len()))
    });
    let per_entry = attr(
        job,
        "preferences_counts",
        |a| a.preferences.iter().any(|p| p.instance_count.is_some()),
        set_per_entry_counts,
    );
    let job_count = attr(
        job,
        "instance_count",
        |a| a.instance_count.map(f64::from),
        |a, v| a.instance_count = v.map(|n| n as u32),
    );
    let counts_on_job = Signal::derive(move || {
        state.scenario.with(|s| {
            job.get(s)
                .is_some_and(|a| a.preferences.iter().all(|p| p.instance_count.is_none()))
        })
    });
    let add = move |ev| {
        let instance_type = event_target_value(&ev);
        if instance_type.is_empty() {
            return;
        }
        state.edit(|s| {
            job.update(s, |a| {
                let count = a.preferences.first().and_then(|p| p.instance_count);
                a.preferences.push(Preference {
                    instance_type: instance_type.into(),
                    instance_count: count,
                    training_plan: None,
                    duration_h: None,
                });
            })
        });
        event_target::<web_sys::HtmlSelectElement>(&ev).set_value("");
    };
    let full = move || entries.get() >= MAX_ENTRIES;
    view! {
        <fieldset class="preferences" id=control_id(&path) tabindex="-1">
            <legend title={tip!("Tried in order: the job starts on the first entry that fits now", api = "InstancePreferences")}>"Instance preference list"</legend>
            <div class="field-row">
                <NumberInput binding=job_count label="Instances" unit="per attempt" numbers=Numbers::WholeFrom(0) optional=true
                    disabled=Signal::derive(move || !counts_on_job.get())
                    tip={tip!("Instances per attempt, for every entry (unless counts are set per entry)", api = "InstanceCount")} />
                <CheckInput binding=per_entry label="Count per entry" tip={tip!("Each entry sets its own count (all or none, SageMaker's rule)", api = "InstancePreferences[].InstanceCount")} />
            </div>
            <ol>
                <For each=move || 0..entries.get() key=|k| *k children=move |k| view! { <EntryRow job=job entry=k /> } />
            </ol>
            <FieldMessages path=path.clone() exact=true />
            <label class="add-entry">
                "Add from catalog "
                <select on:change=add disabled=full title="Append an instance type to the preference list">
                    <option value="">"choose a type\u{2026}"</option>
                    {move || options::instance_types().get().into_iter().map(|(v, l)| view! { <option value=v>{l}</option> }).collect_view()}
                </select>
            </label>
        </fieldset>
    }
}

#[component]
fn EntryRow(job: JobRef, entry: usize) -> impl IntoView {
    let state = use_editor();
    let path = format!("{}[{entry}]", job.field("preferences"));
    let get = move |s: &quotalab_engine::Scenario| {
        job.get(s).and_then(|a| a.preferences.get(entry).cloned())
    };
    let change = move |s: &mut quotalab_engine::Scenario, f: &dyn Fn(&mut Preference)| {
        job.update(s, |a| {
            if let Some(p) = a.preferences.get_mut(entry) {
                f(p)
            }
        })
    };
    let instance_type = bind(
        format!("{path}.instance_type"),
        move |s| get(s).map(|p| p.instance_type.to_string()),
        move |s, v: String| change(s, &|p| p.instance_type = v.as_str().into()),
    );
    let count = bind(
        format!("{path}.instance_count"),
        move |s| get(s).map(|p| p.instance_count.map(f64::from)),
        move |s, v: Option<f64>| change(s, &|p| p.instance_count = v.map(|n| n as u32)),
    );
    let duration = bind(
        format!("{path}.duration_h"),
        move |s| get(s).map(|p| p.duration_h),
        move |s, v: Option<f64>| change(s, &|p| p.duration_h = v),
    );
    let plan = bind(
        format!("{path}.training_plan"),
        move |s| get(s).map(|p| p.training_plan.as_deref().unwrap_or_default().to_string()),
        move |s, v: String| {
            change(s, &|p| {
                p.training_plan = (!v.is_empty()).then(|| v.as_str().into())
            })
        },
    );
    // Plans of the entry's type only: a plan reserves one type (SEMANTICS §1).
    let plans = Signal::derive(move || {
        state.scenario.with(|s| {
            let t = get(s).map(|p| p.instance_type).unwrap_or_default();
            let of_type = s.training_plans.iter().filter(|p| p.instance_type == t);
            options::or_none("on-demand (no plan)", of_type.map(|p| &p.name))
        })
    });
    // The job's mode, not this entry's count: a count cleared while typing must stay editable.
    let per_entry = Signal::derive(move || {
        state.scenario.with(|s| {
            job.get(s)
                .is_some_and(|a| a.preferences.iter().any(|p| p.instance_count.is_some()))
        })
    });
    let shift = move |step: isize| {
        state.edit(|s| job.update(s, |a| edits::move_item(&mut a.preferences, entry, step)))
    };
    let remove =
        move |_| state.edit(|s| job.update(s, |a| edits::remove_item(&mut a.preferences, entry)));
    view! {
        <li class="entry" id=control_id(&path) tabindex="-1">
            <div class="field-row">
                <SelectInput binding=instance_type label="Instance type" options=options::instance_types() tip={tip!("The instance type of this entry", api = "InstancePreferences[].InstanceType")} />
                <NumberInput binding=count label="Count" unit="instances" numbers=Numbers::WholeFrom(0) optional=true disabled=Signal::derive(move || !per_entry.get())
                    tip={tip!("Instances on this entry", api = "InstancePreferences[].InstanceCount")} />
                <NumberInput binding=duration label="Duration here" unit="h" optional=true placeholder="by speed"
                    tip={tip!("Measured run time on this entry; empty derives it from the first entry by total speed (SEMANTICS §3)", json = "preferences[].duration_h")} />
                <SelectInput binding=plan label="Training plan" options=plans tip={tip!("Use this training plan's reserved capacity", api = "InstancePreferences[].TrainingPlanArn")} />
            </div>
            <div class="entry-buttons">
                <button type="button" on:click=move |_| shift(-1) aria-label="Move up" title="Prefer this entry more">"\u{2191}"</button>
                <button type="button" on:click=move |_| shift(1) aria-label="Move down" title="Prefer this entry less">"\u{2193}"</button>
                <button type="button" on:click=remove aria-label="Remove entry" title="Remove this entry">"\u{2715}"</button>
            </div>
        </li>
    }
}
