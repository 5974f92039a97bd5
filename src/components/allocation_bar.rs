//! The allocation bar, the app's signature picture (docs/DESIGN.md): per instance type, the on-demand
//! pool as a bar, each share's slice in its colour, the unowned rest in grey, a lock on
//! `RESERVE` slices and an outward arrow on slices others may borrow.
//!
//! Unowned capacity is SEMANTICS §2's: the pool minus the sum of the shares' limits. When the
//! limits add up to more than the pool the bar grows past it and the overflow is marked.

use crate::state::palette::{ink_on, share_paint, UNOWNED_GREY};
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::Strategy;
use quotalab_engine::Scenario;

const WIDTH: f64 = 400.0;
const HEIGHT: f64 = 30.0;

/// One share's slice of a type.
#[derive(Debug, Clone, PartialEq)]
pub struct Slice {
    pub share: usize,
    pub name: String,
    pub instances: u32,
    pub strategy: Strategy,
}

/// How a type's on-demand pool is divided.
#[derive(Debug, Clone, PartialEq)]
pub struct Allocation {
    pub pool: u32,
    pub slices: Vec<Slice>,
    /// The shares' limits summed, and the pool beyond them, as the engine counts them.
    owned: u32,
    unowned: u32,
}

impl Allocation {
    pub fn of(scenario: &Scenario, instance_type: &str) -> Self {
        let pool = scenario
            .capacity
            .iter()
            .find(|c| c.instance_type == instance_type)
            .map_or(0, |c| c.count);
        let slices = scenario
            .quota_shares
            .iter()
            .enumerate()
            .filter_map(|(share, q)| {
                let limit = q
                    .capacity_limits
                    .iter()
                    .find(|l| l.instance_type == instance_type)?;
                Some(Slice {
                    share,
                    name: q.name.clone(),
                    instances: limit.max_capacity,
                    strategy: q.strategy,
                })
            })
            .collect();
        Allocation {
            pool,
            slices,
            owned: scenario.owned_capacity(instance_type),
            unowned: scenario.unowned_capacity(instance_type, pool),
        }
    }

    pub fn owned(&self) -> u32 {
        self.owned
    }

    /// SEMANTICS §2: capacity that belongs to nobody, can be borrowed and is never reclaimed.
    pub fn unowned(&self) -> u32 {
        self.unowned
    }

    /// A sentence for screen readers and the tooltip.
    pub fn describe(&self, instance_type: &str) -> String {
        let parts: Vec<String> = self
            .slices
            .iter()
            .map(|s| format!("{} owns {} ({})", s.name, s.instances, s.strategy.as_str()))
            .collect();
        format!(
            "{instance_type}: pool of {}; {}; {} unowned",
            self.pool,
            parts.join(", "),
            self.unowned()
        )
    }
}

#[component]
pub fn AllocationBar(#[prop(into)] instance_type: String) -> impl IntoView {
    let state = use_editor();
    let name = instance_type.clone();
    let allocation = Memo::new(move |_| state.scenario.with(|s| Allocation::of(s, &name)));
    let label = instance_type.clone();
    view! {
        <figure class="allocation" data-testid="allocation-bar">
            <figcaption>
                <strong>{instance_type.clone()}</strong>
                {move || allocation.with(|a| {
                    let over = a.owned().saturating_sub(a.pool);
                    let tail = if over > 0 { format!(" \u{2014} limits exceed the pool by {over}") } else { String::new() };
                    format!(" \u{00b7} pool {} instances, {} unowned{tail}", a.pool, a.unowned())
                })}
            </figcaption>
            <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="img"
                aria-label=move || allocation.with(|a| a.describe(&label))>
                {move || allocation.with(draw)}
            </svg>
        </figure>
    }
}

/// The slices left to right, then the grey rest, then the pool's edge if limits overflow it.
fn draw(allocation: &Allocation) -> impl IntoView {
    let total = f64::from(allocation.pool.max(allocation.owned()).max(1));
    let scale = WIDTH / total;
    let mut x = 0.0;
    let slices = allocation
        .slices
        .iter()
        .map(|slice| {
            let w = f64::from(slice.instances) * scale;
            let view = slice_view(slice, x, w);
            x += w;
            view
        })
        .collect_view();
    let rest = f64::from(allocation.unowned()) * scale;
    let pool_edge = (allocation.owned() > allocation.pool).then(|| {
        let at = f64::from(allocation.pool) * scale;
        view! { <line class="pool-edge" x1=at x2=at y1="0" y2=HEIGHT><title>"end of the on-demand pool"</title></line> }
    });
    view! {
        {slices}
        <rect x=x y="0" width=rest height=HEIGHT fill=UNOWNED_GREY><title>{format!("unowned: {}", allocation.unowned())}</title></rect>
        {pool_edge}
    }
}

fn slice_view(slice: &Slice, x: f64, w: f64) -> impl IntoView {
    let mark = match slice.strategy {
        // A padlock: never lent.
        Strategy::Reserve => view! { <path class="mark" d="M-4,-1 h8 v7 h-8 z M-2.5,-1 v-2.5 a2.5,2.5 0 0 1 5,0 v2.5" /> }.into_any(),
        // An outward arrow: idle capacity may be borrowed by others.
        _ => view! { <path class="mark arrow" d="M-5,2 h9 M1,-1 l3,3 l-3,3" /> }.into_any(),
    };
    let colour = share_paint(slice.share);
    let title = format!(
        "{}: {} instances, {}{}",
        slice.name,
        slice.instances,
        slice.strategy.as_str(),
        if slice.strategy.lends() {
            " (lendable when idle)"
        } else {
            " (never lent)"
        }
    );
    // Names only where they fit; the title and the figure's label always carry them.
    let label = (w > 60.0).then(|| {
        let text = format!("{} \u{00b7} {}", slice.name, slice.instances);
        view! { <text class="slice-label" x=x + 4.0 y=HEIGHT - 9.0 style=format!("fill: {}", ink_on(colour))>{text}</text> }
    });
    view! {
        <g class="slice" data-strategy=slice.strategy.as_str()>
            <rect x=x y="0" width=w height=HEIGHT style=format!("fill: {colour}") stroke="#fff" stroke-width="1"><title>{title}</title></rect>
            {label}
            <g transform=format!("translate({:.1},9)", x + w - 8.0) style=format!("stroke: {}", ink_on(colour)) fill="none">{mark}</g>
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_pool_is_fully_owned() {
        let s = crate::state::default_scenario();
        let a = Allocation::of(&s, "ml.g5.xlarge");
        assert_eq!((a.pool, a.owned(), a.unowned()), (3, 3, 0));
        assert_eq!(a.slices[2].strategy, Strategy::Reserve);
    }
}
