//! The Queues tab of a scenario written as Kueue objects (docs/KUEUE.md): the manager's fair
//! sharing, the cohorts, which make the tree, and one card per ClusterQueue, in the place the
//! Shares tab has for AWS quota shares.

use super::cluster_queue_card::ClusterQueueCard;
use super::cohort_card::CohortCard;
use super::fair_sharing::FairSharingSelect;
use super::reach_bar::Reach;
use crate::components::field_messages::FieldMessages;
use crate::state::{kueue_edits, use_editor};
use leptos::prelude::*;

#[component]
pub fn QueuesSection() -> impl IntoView {
    let state = use_editor();
    Reach::provide();
    let count = |pick: fn(&quotalab_engine::scenario::kueue::Kueue) -> usize| {
        Memo::new(move |_| state.scenario.with(|s| s.kueue.as_deref().map_or(0, pick)))
    };
    let queues = count(|k| k.cluster_queues.len());
    let cohorts = count(|k| k.cohorts.len());
    view! {
        <section class="build-section" aria-label="Kueue cohorts and ClusterQueues">
            <div class="field-row fair-sharing">
                <FairSharingSelect />
            </div>
            <h3 title="The tree in which ClusterQueues lend and borrow (API: Cohort)">"Cohorts"</h3>
            <FieldMessages path="kueue.cohorts" exact=true />
            <div class="cards cohort-cards">
                <For each=move || 0..cohorts.get() key=|i| *i children=move |i| view! { <CohortCard index=i /> } />
            </div>
            <button type="button" class="add" data-testid="add-cohort" on:click=move |_| state.edit(kueue_edits::add_cohort)>"+ Add cohort"</button>
            <h3 title="Each team's quotas per flavor and its policies (API: ClusterQueue)">"ClusterQueues"</h3>
            <FieldMessages path="kueue.cluster_queues" exact=true />
            {move || (queues.get() == 0).then(|| view! {
                <p class="empty">"No ClusterQueues: add one per team, with its quota on each flavor."</p>
            })}
            <div class="cards queue-cards">
                <For each=move || 0..queues.get() key=|i| *i children=move |i| view! { <ClusterQueueCard index=i /> } />
            </div>
            <button type="button" class="add" data-testid="add-cluster-queue" on:click=move |_| state.edit(kueue_edits::add_cluster_queue)>"+ Add ClusterQueue"</button>
        </section>
    }
}
