//! The Shares tab: an allocation bar per instance type above one card per quota share.

use super::allocation_bar::AllocationBar;
use super::field_messages::FieldMessages;
use super::share_card::ShareCard;
use crate::state::{catalog, edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::validate::MAX_SHARES;

#[component]
pub fn SharesSection() -> impl IntoView {
    let state = use_editor();
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
    let full = move || count.get() >= MAX_SHARES;
    view! {
        <section class="build-section" aria-label="Quota shares">
            <div class="allocation-bars" id="f-quota_shares" tabindex="-1">
                <For each=move || types.get() key=|t| t.clone() children=|t| view! { <AllocationBar instance_type=t /> } />
                <FieldMessages path="quota_shares" exact=true />
                {move || (count.get() == 0).then(|| view! {
                    <p class="empty">"No quota shares: all jobs form one queue and nothing is preempted. Add a share to divide the pool."</p>
                })}
            </div>
            <div class="cards">
                <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <ShareCard index=i /> } />
            </div>
            <button type="button" class="add" on:click=move |_| state.edit(edits::add_share)
                disabled=full>"+ Add quota share"</button>
        </section>
    }
}
