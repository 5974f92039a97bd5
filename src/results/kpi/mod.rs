//! KPI cards, one per share: the numbers a team lead looks for first, each with its change
//! against the baseline variant the room can see ("vs V1", `results::baseline`), and the change
//! since the previous run as a smaller hint, so a workshop sees what an edit did.

mod baseline_choice;

pub use baseline_choice::BaselineChoice;

use crate::results::baseline::Reference;
use crate::results::charts::canvas::share_summaries;
use crate::results::format::{count, exact, percent};
use crate::results::session::Outcome;
use crate::state::palette::share_paint;
use leptos::prelude::*;
use quotalab_engine::result::ShareResult;
use quotalab_engine::study::numbers::{change, short};
use quotalab_engine::study::{Kpi, KpiUnit};
use std::sync::Arc;

/// The row of cards for the current outcome, compared with the baseline's result (when another
/// variant is the baseline) and with the previous run.
/// A scenario without quota shares gets one card for all its jobs, without the rows that only
/// exist between shares.
#[component]
pub fn KpiCards(
    current: Arc<Outcome>,
    /// The share summaries of the run the current one replaced (`Session::previous`).
    previous: Option<Arc<[ShareResult]>>,
    reference: Option<Reference>,
) -> impl IntoView {
    let currency = current.result.currency.clone();
    let shared = !current.result.shares.is_empty();
    let base = reference.as_ref().map(|r| (r.tag.clone(), &r.shares));
    let same = |list: &[ShareResult], name: &str| list.iter().find(|s| s.name == name).cloned();
    let cards = share_summaries(&current.result)
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, share)| {
            let before = previous.as_deref().and_then(|b| same(b, &share.name));
            let baseline = base
                .as_ref()
                .and_then(|(tag, b)| Some((tag.clone(), same(b, &share.name)?)));
            view! { <KpiCard share before baseline shared colour=share_paint(i) currency=currency.clone() /> }
        })
        .collect_view();
    let against = reference.map(|r| {
        view! { <p class="kpi-against" data-testid="kpi-against">{format!("\u{25b2}/\u{25bc} vs {}; the small figure is the change since the previous run", r.tag)}</p> }
    });
    view! { {against}<div class="kpi-row">{cards}</div> }
}

#[component]
fn KpiCard(
    share: ShareResult,
    /// The share in the previous run.
    before: Option<ShareResult>,
    /// The share in the baseline variant's run, and the baseline's tag.
    baseline: Option<(String, ShareResult)>,
    /// Whether the scenario has quota shares: without them, borrowing, lending and reclaims are
    /// always 0 and their rows are left out.
    shared: bool,
    colour: &'static str,
    currency: String,
) -> impl IntoView {
    let rows = Kpi::CARD
        .into_iter()
        .filter(|kpi| shared || !kpi.between_shares())
        .map(|kpi| {
            let label = kpi.short_label();
            let now = kpi.of_share(&share);
            let was = before.as_ref().and_then(|b| kpi.of_share(b));
            let shown = now.map_or("—".to_owned(), |v| short(kpi, v, &currency));
            let shown = if kpi.unit() == KpiUnit::Jobs {
                format!("{shown} / {}", count(u64::from(share.jobs)))
            } else {
                shown
            };
            let since = change(kpi, was, now, &currency).map(|change| {
                let title = format!("{label} {} since the previous run", change.full);
                let class = format!("{} since", delta_class(change.good));
                view! { <span class=class data-testid="kpi-since" title=title>{change.short}</span> }
            });
            let against = baseline.as_ref().and_then(|(tag, b)| {
                let change = change(kpi, kpi.of_share(b), now, &currency)?;
                let title = format!("{label} {} compared with {tag}", change.full);
                Some(view! { <span class=delta_class(change.good) data-testid="kpi-delta" title=title>{change.short}</span> })
            });
            view! {
                <dt title=kpi.meaning()>{label}</dt>
                <dd title=now.map(exact).unwrap_or_else(|| "no job succeeded".into())>{shown}</dd>
                <dd class="delta-cell">{against}{since}</dd>
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

/// The class that colours a change: good news, bad news, or neither.
pub fn delta_class(good: Option<bool>) -> &'static str {
    match good {
        Some(true) => "delta better",
        Some(false) => "delta worse",
        None => "delta neutral",
    }
}
