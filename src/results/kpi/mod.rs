//! KPI cards, one per share: the numbers a team lead looks for first, each with its change since
//! the previous run, so a workshop sees what an edit did.

mod metric;

use crate::results::charts::canvas::share_summaries;
use crate::results::format::{exact, percent};
use crate::results::session::Outcome;
use crate::state::palette::share_paint;
use leptos::prelude::*;
use metric::{delta, show, Unit, METRICS};
use quotalab_engine::result::ShareResult;
use std::sync::Arc;

/// The row of cards for the current outcome, compared with the previous one.
/// A scenario without quota shares gets one card for all its jobs, without the rows that only
/// exist between shares.
#[component]
pub fn KpiCards(current: Arc<Outcome>, previous: Option<Arc<Outcome>>) -> impl IntoView {
    let currency = current.result.currency.clone();
    let shared = !current.result.shares.is_empty();
    let before = previous.as_ref().map(|p| share_summaries(&p.result));
    let cards = share_summaries(&current.result)
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, share)| {
            let before = before
                .as_deref()
                .and_then(|b| b.iter().find(|s| s.name == share.name).cloned());
            view! { <KpiCard share before shared colour=share_paint(i) currency=currency.clone() /> }
        })
        .collect_view();
    view! { <div class="kpi-row">{cards}</div> }
}

#[component]
fn KpiCard(
    share: ShareResult,
    before: Option<ShareResult>,
    /// Whether the scenario has quota shares: without them, borrowing, lending and reclaims are
    /// always 0 and their rows are left out.
    shared: bool,
    colour: &'static str,
    currency: String,
) -> impl IntoView {
    let rows = METRICS
        .iter()
        .filter(|m| shared || !m.between_shares)
        .map(|m| {
            let now = (m.value)(&share);
            let was = before.as_ref().and_then(|b| (m.value)(b));
            let shown = now.map_or("—".to_owned(), |v| show(m.unit, v, &currency));
            let shown = if m.unit == Unit::Jobs {
                format!("{shown} / {}", share.jobs)
            } else {
                shown
            };
            let change = delta(m, was, now, &currency).map(|change| {
                let class = match change.good {
                    Some(true) => "delta better",
                    Some(false) => "delta worse",
                    None => "delta neutral",
                };
                let title = format!("{} {} since the previous run", m.label, change.full);
                view! { <span class=class data-testid="kpi-delta" title=title>{change.short}</span> }
            });
            view! {
                <dt title=m.hint>{m.label}</dt>
                <dd title=now.map(exact).unwrap_or_else(|| "no job succeeded".into())>{shown}</dd>
                <dd class="delta-cell">{change}</dd>
            }
        })
        .collect_view();
    // The training plans the share bought (`owner_share`): how much of what they reserved was
    // used, by any team's jobs.
    let plans = share
        .training_plans
        .iter()
        .map(|p| {
            let title = format!("{} of {} reserved instance-h", exact(p.instance_h), exact(p.reserved_instance_h));
            view! {
                <dt title="of the instance-hours this share's training plan reserved, the part jobs used">{format!("plan {}", p.name)}</dt>
                <dd title=title>{format!("{} used", percent(p.utilization))}</dd>
                <dd class="delta-cell"></dd>
            }
        })
        .collect_view();
    view! {
        <article class="kpi-card" data-testid="kpi-card" style=format!("--share: {colour}")>
            <h3><span class="swatch"></span>{share.name.to_string()}</h3>
            <dl>{rows}{plans}</dl>
        </article>
    }
}
