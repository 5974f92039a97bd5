//! The allocation bar of one ClusterQueue, flavor and resource (docs/DESIGN.md, the allocation
//! bar, in Kueue's terms): its nominal quota as a solid bar, the part of it others may borrow
//! while it is idle striped, and what it may borrow beyond it as an outline. The numbers are the
//! engine's (`quota_reach`), from the quotas alone, and show only while the scenario validates.

use crate::state::palette::share_paint;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::{quota_reach, QueueReach, QuotaReach};

/// Every queue's reach, computed once per edit for all bars (`QueuesSection` provides it).
#[derive(Clone, Copy)]
pub struct Reach(pub Memo<Vec<QueueReach>>);

impl Reach {
    /// The reach of the scenario on screen; empty while it does not validate, since the engine
    /// compiles only a valid cohort tree.
    pub fn provide() {
        let state = use_editor();
        let reach = Memo::new(move |_| {
            if state.report.with(|r| r.is_valid()) {
                state.scenario.with(quota_reach)
            } else {
                Vec::new()
            }
        });
        provide_context(Reach(reach));
    }
}

#[component]
pub fn ReachBar(queue: usize, flavor: String, resource: String) -> impl IntoView {
    let state = use_editor();
    let Reach(reach) = expect_context::<Reach>();
    let found = Memo::new(move |_| {
        let name = state.scenario.with(|s| {
            s.kueue
                .as_ref()
                .and_then(|k| k.cluster_queues.get(queue))
                .map(|q| q.name.clone())
        })?;
        reach.with(|all| {
            all.get(queue)
                .filter(|q| q.queue == name)?
                .quotas
                .iter()
                .find(|r| r.flavor == flavor && r.resource == resource)
                .cloned()
        })
    });
    move || {
        found
            .get()
            .map(|r| view! { <Bar reach=r colour=share_paint(queue).to_string() /> })
    }
}

#[component]
fn Bar(reach: QuotaReach, colour: String) -> impl IntoView {
    let guaranteed = reach.guaranteed.as_f64();
    let lendable = reach.lendable.as_f64().min(guaranteed);
    let borrowable = reach.borrowable.as_f64();
    let total = (guaranteed + borrowable).max(f64::MIN_POSITIVE);
    let width = |part: f64| format!("width: {:.3}%", 100.0 * part / total);
    let words = format!(
        "{} guaranteed, {} of it may be lent, {} may be borrowed",
        reach.guaranteed, reach.lendable, reach.borrowable
    );
    view! {
        <div class="reach" data-testid="reach-bar" style=format!("--share-colour: {colour}")>
            <div class="reach-bar" role="img" aria-label=words.clone() title=words>
                <span class="reach-private" style=width(guaranteed - lendable)></span>
                <span class="reach-lendable" style=width(lendable)></span>
                <span class="reach-borrowable" style=width(borrowable)></span>
            </div>
            <p class="reach-legend">
                <span>{format!("{} guaranteed", reach.guaranteed)}</span>
                <span>{format!("{} may be lent", reach.lendable)}</span>
                <span>{format!("{} may be borrowed", reach.borrowable)}</span>
            </p>
        </div>
    }
}
