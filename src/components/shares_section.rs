//! The Shares tab: an allocation bar per instance type above one card per quota share.
//! In presentation mode only the selected share's card stays, for the room to discuss; a row of
//! share buttons above it picks which (DESIGN.md: BUILD shows only the control being discussed).

use super::allocation_bar::AllocationBar;
use super::field_messages::FieldMessages;
use super::share_card::ShareCard;
use crate::state::palette::share_paint;
use crate::state::{catalog, edits, use_app_state};
use leptos::prelude::*;
use quotalab_engine::validate::MAX_SHARES;

#[component]
pub fn SharesSection() -> impl IntoView {
    let state = use_app_state();
    let types = Memo::new(move |_| {
        state.scenario.with(|s| {
            let mut types = catalog::types_in_use(s);
            types.retain(|t| {
                s.quota_shares
                    .iter()
                    .any(|q| q.capacity_limits.iter().any(|l| &l.instance_type == t))
            });
            types
        })
    });
    let count = Memo::new(move |_| state.scenario.with(|s| s.quota_shares.len()));
    let shown =
        move |index: usize| !state.presentation.get() || state.selected_share.get() == index;
    let full = move || count.get() >= MAX_SHARES;
    // A removed share must not leave presentation mode showing no card at all.
    Effect::new(move || {
        if state.selected_share.get() >= count.get().max(1) {
            state.selected_share.set(0);
        }
    });
    view! {
        <section class="build-section" aria-label="Quota shares">
            {move || state.presentation.get().then(|| view! { <SharePicker /> })}
            <div class="allocation-bars" id="f-quota_shares" tabindex="-1">
                <For each=move || types.get() key=|t| t.clone() children=|t| view! { <AllocationBar instance_type=t /> } />
                <FieldMessages path="quota_shares" exact=true />
                {move || (count.get() == 0).then(|| view! {
                    <p class="empty">"No quota shares: all jobs form one queue and nothing is preempted. Add a share to divide the pool."</p>
                })}
            </div>
            <div class="cards">
                <For each=move || 0..count.get() key=|i| *i children=move |i| view! {
                    <div class="card-slot" class:hidden=move || !shown(i) on:focusin=move |_| state.selected_share.set(i)>
                        <ShareCard index=i />
                    </div>
                } />
            </div>
            <button type="button" class="add" on:click=move |_| state.edit(edits::add_share)
                disabled=full>"+ Add quota share"</button>
        </section>
    }
}

/// One button per share, in its colour: the share whose card presentation mode shows.
#[component]
fn SharePicker() -> impl IntoView {
    let state = use_app_state();
    let names = Memo::new(move |_| {
        state.scenario.with(|s| {
            s.quota_shares
                .iter()
                .map(|q| q.name.clone())
                .collect::<Vec<_>>()
        })
    });
    let buttons = move || {
        names
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                view! {
                    <button type="button" class="share-pick" style=format!("--share-colour: {}", share_paint(i))
                        aria-pressed=move || (state.selected_share.get() == i).to_string()
                        on:click=move |_| state.selected_share.set(i)>
                        <span class="swatch" aria-hidden="true"></span>{name}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <div class="share-picker" role="group" aria-label="Share on screen" data-testid="share-picker">{buttons}</div>
    }
}
