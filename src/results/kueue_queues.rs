//! The per-queue table of a run under Kueue's rules (docs/KUEUE.md, "Results"): per ClusterQueue
//! and resource, the resource-hours of its nominal quota, what its workloads held, borrowed and
//! lent, and the evictions its workloads suffered and caused by Kueue's reason. The engine's
//! `KueueSummary`, shown as it is; AWS runs have none and the table is not drawn.

use crate::results::format::{exact, round_for_people};
use crate::results::session::Outcome;
use leptos::prelude::*;
use quotalab_engine::result::kueue::{QueueSummary, ReasonCount};
use std::sync::Arc;

#[component]
pub fn KueueQueues(#[prop(into)] outcome: Signal<Option<Arc<Outcome>>>) -> impl IntoView {
    let summary =
        Memo::new(move |_| outcome.with(|o| o.as_ref().and_then(|o| o.result.kueue.clone())));
    move || {
        summary.get().map(|summary| {
            let rows = summary.queues.into_iter().map(|q| view! { <QueueRows queue=q /> }).collect_view();
            view! {
                <section class="kueue-queues" aria-labelledby="kueue-queues-head" data-testid="kueue-queues">
                    <h3 id="kueue-queues-head" title="Per ClusterQueue and resource, over the run (docs/KUEUE.md, Results)">"ClusterQueues: quota and evictions"</h3>
                    <table class="kueue-table">
                        <thead><tr>
                            <th scope="col">"ClusterQueue"</th><th scope="col">"Cohort"</th>
                            <th scope="col" title="Per resource, in hours of its unit (cores for cpu, GiB for memory)">"Resource"</th>
                            <th scope="col" title="Its nominal quota over the run">"Nominal"</th>
                            <th scope="col" title="What its workloads held">"Used"</th>
                            <th scope="col" title="What they held above its nominal quota">"Borrowed"</th>
                            <th scope="col" title="Of its idle nominal quota, what other queues borrowed">"Lent"</th>
                            <th scope="col" title="Evictions its workloads suffered, by Kueue's reason">"Evicted"</th>
                            <th scope="col" title="Evictions its workloads caused, in any queue, by Kueue's reason">"Caused"</th>
                        </tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </section>
            }
        })
    }
}

/// A queue's rows, one per resource it covers; its name, cohort and evictions span them.
#[component]
fn QueueRows(queue: QueueSummary) -> impl IntoView {
    let span = queue.resources.len().max(1).to_string();
    let name = queue.name.to_string();
    let cohort = queue
        .cohort
        .as_ref()
        .map_or_else(|| "—".to_string(), ToString::to_string);
    let evicted = reasons(&queue.evicted);
    let caused = reasons(&queue.caused);
    let hours = |h: f64, unit: &str| view! { <td title=format!("{} {unit}-hours", exact(h))>{round_for_people(h)}</td> };
    let mut rows = queue.resources.into_iter().enumerate().map(|(i, r)| {
        let first = i == 0;
        view! {
            <tr data-testid="kueue-queue-row">
                {first.then(|| view! { <th scope="row" rowspan=span.clone()>{name.clone()}</th><td rowspan=span.clone()>{cohort.clone()}</td> })}
                <td><code>{r.resource.clone()}</code><span class="unit">{format!("{}-hours", r.unit)}</span></td>
                {hours(r.nominal_h, &r.unit)}{hours(r.used_h, &r.unit)}{hours(r.borrowed_h, &r.unit)}{hours(r.lent_h, &r.unit)}
                {first.then(|| view! { <td rowspan=span.clone()>{evicted.clone()}</td><td rowspan=span.clone()>{caused.clone()}</td> })}
            </tr>
        }
    }).collect::<Vec<_>>();
    if rows.is_empty() {
        return view! { <tr data-testid="kueue-queue-row"><th scope="row">{name}</th><td>{cohort}</td><td colspan="5">"covers no resource"</td><td>{evicted}</td><td>{caused}</td></tr> }.into_any();
    }
    rows.drain(..).collect_view().into_any()
}

/// "InCohortReclamation 3, spot 1", or "none": Kueue's reason where it has one, else the
/// result's word for the kind.
fn reasons(counts: &[ReasonCount]) -> String {
    let words: Vec<String> = counts
        .iter()
        .filter(|c| c.count > 0)
        .map(|c| {
            format!(
                "{} {}",
                c.reason.kueue_reason().unwrap_or(c.reason.as_str()),
                c.count
            )
        })
        .collect();
    if words.is_empty() {
        "none".to_string()
    } else {
        words.join(", ")
    }
}
