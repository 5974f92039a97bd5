//! One Cohort: its name and its parent, which make the tree ClusterQueues lend and borrow in
//! (docs/KUEUE.md, "Objects"). A cohort's own quota and its limits towards its parent are kept as
//! the scenario has them (edit them in the JSON tab).

use super::bind::cohort_item;
use crate::components::choice_inputs::{SelectInput, TextInput};
use crate::components::options;
use crate::components::remove_button::RemoveButton;
use crate::components::tip::tip;
use crate::state::kueue_edits;
use crate::state::paths::control_id;
use crate::state::use_editor;
use leptos::prelude::*;

#[component]
pub fn CohortCard(index: usize) -> impl IntoView {
    let state = use_editor();
    let cohort = cohort_item(index);

    let name = cohort.bind_name(|c| c.name.clone(), kueue_edits::rename_cohort);
    let parent = cohort.bind_optional_name("parent", |c| c.parent.clone(), |c, v| c.parent = v);
    let parents = Signal::derive(move || {
        state.scenario.with(|s| {
            let others = s
                .kueue
                .iter()
                .flat_map(|k| k.cohorts.iter())
                .enumerate()
                .filter(|(i, _)| *i != index)
                .map(|(_, c)| &c.name);
            options::or_none("none: a root", others)
        })
    });
    let members = move || {
        state.scenario.with(|s| {
            let k = s.kueue.as_ref()?;
            let me = &k.cohorts.get(index)?.name;
            let queues: Vec<String> = k
                .cluster_queues
                .iter()
                .filter(|q| q.cohort.as_ref() == Some(me))
                .map(|q| q.name.clone())
                .collect();
            Some(if queues.is_empty() {
                "No ClusterQueue in it yet.".to_string()
            } else {
                format!("ClusterQueues: {}", queues.join(", "))
            })
        })
    };
    view! {
        <article class="card cohort-card" id=control_id(&cohort.path) tabindex="-1" data-testid="cohort-card">
            <header class="card-head">
                <TextInput binding=name label="Cohort" tip={tip!("A group of ClusterQueues that lend each other their unused quota", api = "metadata.name")} />
                <RemoveButton title="Remove this Cohort" remove=cohort.remove() />
            </header>
            <SelectInput binding=parent label="Parent" options=parents
                tip={tip!("The cohort above it in the tree; none: it is a root. A subtree lends to and borrows from its parent", api = "parentName")} />
            <p class="hint">{members}</p>
        </article>
    }
}
