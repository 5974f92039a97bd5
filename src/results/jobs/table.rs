//! `JobsTable`: every job of the run, filterable by share, status and mix, sortable by any column,
//! fifty to a page, read from the job columns (a million jobs render fifty rows). A row opens the
//! job's story.

use crate::components::pager::Pager;
use crate::results::format::{exact, hours, money};
use crate::results::jobs::query::{distinct, Column, Query, PAGE_SIZE};
use crate::results::session::Outcome;
use crate::state::palette::share_paint;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::result::columns::{JobColumns, JobRow};
use quotalab_engine::result::Text;
use std::sync::Arc;

#[component]
pub fn JobsTable(outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    let query = RwSignal::new(Query::default());
    let rows = Memo::new(move |_| {
        outcome.with(|o| o.as_ref().map(|o| query.with(|q| q.apply(&o.result.jobs))))
    });
    let total = move || rows.with(|r| r.as_ref().map_or(0, Vec::len));
    view! {
        <section class="jobs" aria-label="Jobs">
            <h3>"Jobs"</h3>
            <Filters outcome query />
            <table class="jobs-table" data-testid="jobs-table">
                <thead><tr>{Column::ALL.map(|c| view! { <Header column=c query /> }).collect_view()}</tr></thead>
                <tbody>
                    {move || outcome.get().map(|o| {
                        let page = query.with(|q| q.page);
                        let jobs = &o.result.jobs;
                        rows.with(|r| r.iter().flatten().skip(page * PAGE_SIZE).take(PAGE_SIZE)
                            .map(|&j| job_row(jobs.row(j), &jobs.shares, &o.result.currency))
                            .collect_view())
                    })}
                </tbody>
            </table>
            <Pager page=Signal::derive(move || query.with(|q| q.page)) set_page=Callback::new(move |p| query.update(|q| q.page = p))
                total=Signal::derive(total) page_size=PAGE_SIZE noun="jobs" label="Pages of jobs" />
        </section>
    }
}

#[component]
fn Header(column: Column, query: RwSignal<Query>) -> impl IntoView {
    let arrow = move || {
        query.with(|q| {
            if q.sort != column {
                ""
            } else if q.descending {
                " ▼"
            } else {
                " ▲"
            }
        })
    };
    let sort = move || {
        query.with(|q| {
            if q.sort != column {
                "none"
            } else if q.descending {
                "descending"
            } else {
                "ascending"
            }
        })
    };
    view! {
        <th aria-sort=sort>
            <button class="sort" on:click=move |_| query.update(|q| *q = q.sorted_by(column))>{column.label()}{arrow}</button>
        </th>
    }
}

/// Three selects; their options are the values present in the result.
#[component]
fn Filters(outcome: Signal<Option<Arc<Outcome>>>, query: RwSignal<Query>) -> impl IntoView {
    let options = move |field: fn(&JobColumns, usize) -> Option<&str>| {
        outcome.with(|o| {
            o.as_ref()
                .map(|o| distinct(&o.result.jobs, field))
                .unwrap_or_default()
        })
    };
    let select = move |label: &'static str,
                       field: fn(&JobColumns, usize) -> Option<&str>,
                       set: fn(&mut Query, String)| {
        view! {
            <label>{label}" "
                <select data-testid=format!("filter-{label}") on:change=move |ev| { let v = event_target_value(&ev); query.update(|q| { set(q, v); q.page = 0; }) }>
                    <option value="">"all"</option>
                    {move || options(field).into_iter().map(|v| view! { <option value=v.clone()>{v.clone()}</option> }).collect_view()}
                </select>
            </label>
        }
    };
    view! {
        <div class="filters">
            {select("share", JobColumns::share_name, |q, v| q.share = v)}
            {select("status", |c, j| Some(c.status(j).as_str()), |q, v| q.status = serde_json::from_value(v.into()).ok())}
            {select("mix", JobColumns::mix_name, |q, v| q.mix = v)}
        </div>
    }
}

/// One job's row. A plain function, not a component: it borrows the row from the columns.
fn job_row(job: JobRow<'_>, shares: &[Text], currency: &str) -> impl IntoView {
    let state = use_editor();
    let name = job.name.to_string();
    let colour = job
        .share
        .and_then(|s| shares.iter().position(|n| n == s))
        .map_or("#999999", share_paint);
    let entry = job
        .selected
        .map(|s| format!("#{} {}", s.preference + 1, s.instance_type))
        .unwrap_or_else(|| "—".into());
    let opt_hours = |v: Option<f64>| v.map_or("—".to_owned(), hours);
    view! {
        <tr data-testid="job-row" on:click=move |_| state.screen.selected_job.set(Some(name.clone()))>
            <td><button class="link-button">{job.name.to_string()}</button></td>
            <td><span class="share-tag" style=format!("--share: {colour}")>{job.share.unwrap_or_default().to_owned()}</span></td>
            <td class=format!("status status-{}", job.status)>{job.status.to_string()}</td>
            <td title=exact(job.submit_h)>{hours(job.submit_h)}</td>
            <td title=exact(job.wait_h)>{hours(job.wait_h)}</td>
            <td title=job.completion_h.map(exact)>{opt_hours(job.completion_h)}</td>
            <td>{entry}</td>
            <td>{job.preemptions + job.interruptions}</td>
            <td title=exact(job.cost)>{money(job.cost, currency)}</td>
        </tr>
    }
}
