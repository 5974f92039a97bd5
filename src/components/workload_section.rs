//! The Workload tab: job mixes as cards, then explicit jobs in a table.

use super::job_mix_card::JobMixCard;
use super::jobs_table::JobsTable;
use crate::state::{edits, use_editor};
use leptos::prelude::*;

#[component]
pub fn WorkloadSection() -> impl IntoView {
    let state = use_editor();
    let mixes = Memo::new(move |_| state.scenario.with(|s| s.job_mixes.len()));
    view! {
        <section class="build-section" aria-label="Workload">
            <h3 id="f-job_mixes" tabindex="-1">"Job mixes"</h3>
            <div class="cards">
                <For each=move || 0..mixes.get() key=|i| *i children=|i| view! { <JobMixCard index=i /> } />
            </div>
            <button type="button" on:click=move |_| state.edit(edits::add_mix)>"+ Add job mix"</button>
            <JobsTable />
        </section>
    }
}
