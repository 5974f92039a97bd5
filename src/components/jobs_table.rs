//! Explicit jobs in a table (docs/FORMAT.md `jobs`): one row each with name, share, submit time,
//! duration and first preference; a row opens to the full set of job fields.
//! Traces can hold thousands of jobs, so the table shows them a page at a time: every job is
//! reachable through the pager, and only one page of inputs is rendered.

use super::binding::ListItem;
use super::choice_inputs::{SelectInput, TextInput};
use super::job_attributes::JobAttributesEditor;
use super::job_ref::JobRef;
use super::number_input::NumberInput;
use super::options;
use super::pager::{page_rows, Pager};
use super::remove_button::RemoveButton;
use super::tip::tip;
use crate::state::palette::share_paint_by_name;
use crate::state::paths::control_id;
use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::result::Text;

/// Rows per page; more would make every edit re-render thousands of inputs.
pub const PAGE_SIZE: usize = 200;

/// The table's page (0-based), provided with the other stores (`app::provide_stores`) so that
/// a diagnostic about `jobs[k]` can turn to the page holding job `k` before focusing it.
#[derive(Debug, Clone, Copy)]
pub struct JobsPage(pub RwSignal<usize>);

impl JobsPage {
    pub fn provide() {
        provide_context(JobsPage(RwSignal::new(0)));
    }

    /// Turns to the page of the job `path` names (`jobs[450].name` -> page 2), if it names one.
    pub fn reveal(self, path: &str) {
        let index = path
            .strip_prefix("jobs[")
            .and_then(|rest| rest.split(']').next())
            .and_then(|k| k.parse::<usize>().ok());
        if let Some(k) = index {
            self.0.set(k / PAGE_SIZE);
        }
    }
}

#[component]
pub fn JobsTable() -> impl IntoView {
    let state = use_editor();
    let total = Memo::new(move |_| state.scenario.with(|s| s.jobs.len()));
    let page = expect_context::<JobsPage>().0;
    let rows = move || page_rows(page.get(), total.get(), PAGE_SIZE);
    view! {
        <h3 id="f-jobs" tabindex="-1">"Explicit jobs"</h3>
        {move || (total.get() > 0).then(|| view! {
            <table class="jobs-table">
                <thead><tr>
                    <th scope="col">"Name"</th><th scope="col">"Share"</th><th scope="col">"Submit"</th>
                    <th scope="col">"Duration"</th><th scope="col">"First preference"</th><th></th>
                </tr></thead>
                // Keyed by the job's index in `jobs`, so a row on page 3 edits job 400 + k.
                <For each=rows key=|i| *i children=move |i| view! { <JobRow index=i /> } />
            </table>
        })}
        {move || (total.get() > PAGE_SIZE).then(|| view! {
            <Pager page=page.into() set_page=Callback::new(move |p| page.set(p)) total=total.into()
                page_size=PAGE_SIZE noun="jobs" label="Pages of explicit jobs" />
        })}
        <button type="button" on:click=move |_| state.edit(edits::add_job)>"+ Add job"</button>
    }
}

#[component]
fn JobRow(index: usize) -> impl IntoView {
    let state = use_editor();
    let job = ListItem::new("jobs", index, |s| &s.jobs, |s| s.jobs.to_mut());
    let path = job.path.clone();
    let open = RwSignal::new(false);
    let name = job.bind("name", |j| j.name.clone(), |j, v| j.name = v);
    let share = job.bind_optional_name(
        "share",
        |j| j.share.as_deref().map(String::from),
        |j, v| j.share = v.map(Text::from),
    );
    let submit = job.bind_number("submit_h", |j| j.submit_h, |j, v| j.submit_h = v);
    let duration = job.bind_number("duration_h", |j| j.duration_h, |j, v| j.duration_h = v);
    let summary = move || {
        state.scenario.with(|s| {
            s.jobs.get(index).map(|j| {
                let first = j
                    .preferences
                    .first()
                    .map(|p| p.instance_type.to_string())
                    .unwrap_or_else(|| "none".into());
                let more = j.preferences.len().saturating_sub(1);
                if more > 0 {
                    format!("{first} (+{more})")
                } else {
                    first
                }
            })
        })
    };
    let colour = move || {
        state.scenario.with(|s| {
            share_paint_by_name(
                s,
                s.jobs
                    .get(index)
                    .and_then(|j| j.share.as_deref())
                    .unwrap_or(""),
            )
        })
    };
    view! {
        <tbody id=control_id(&path) tabindex="-1">
            <tr style=move || format!("--share-colour: {}", colour())>
                <td class="tagged"><TextInput binding=name label="Name" tip={tip!("The job's name, unique among all jobs", json = "jobs[].name")} /></td>
                <td><SelectInput binding=share label="Share" options=options::shares() tip={tip!("The team whose quota share the job is submitted to", api = "quotaShareName")} /></td>
                <td><NumberInput binding=submit label="Submit" unit="h" tip={tip!("When the job is submitted", json = "jobs[].submit_h")} /></td>
                <td><NumberInput binding=duration label="Duration" unit="h" tip={tip!("Uninterrupted compute time on the first preference", json = "jobs[].duration_h")} /></td>
                <td>{summary}</td>
                <td class="row-buttons">
                    <button type="button" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)
                        title="All fields of this job">{move || if open.get() { "Close" } else { "Edit" }}</button>
                    <RemoveButton title="Remove this job" remove=job.remove() />
                </td>
            </tr>
            {move || open.get().then(|| view! {
                <tr class="job-details"><td colspan="6"><JobAttributesEditor job=JobRef::Job(index) /></td></tr>
            })}
        </tbody>
    }
}
