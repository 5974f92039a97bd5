//! One Cohort: its name and its parent, which make the tree ClusterQueues lend and borrow in
//! (docs/KUEUE.md, "Objects"). A cohort's own quota and its limits towards its parent are kept as
//! the scenario has them (edit them in the JSON tab).

use super::bind::{bind_cohort, cohort_path};
use crate::components::binding::bind;
use crate::components::choice_inputs::{SelectInput, TextInput};
use crate::components::remove_button::RemoveButton;
use crate::components::tip::tip;
use crate::state::kueue_edits;
use crate::state::paths::control_id;
use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::Scenario;

#[component]
pub fn CohortCard(index: usize) -> impl IntoView {
    let state = use_editor();
    let path = cohort_path(index);
    let name = bind(
        format!("{path}.name"),
        move |s| Some(s.kueue.as_ref()?.cohorts.get(index)?.name.clone()),
        move |s, v: String| kueue_edits::rename_cohort(s, index, &v),
    );
    let parent = bind_cohort(
        index,
        "parent",
        |c| c.parent.clone().unwrap_or_default(),
        |c, v: String| {
            c.parent = (!v.is_empty()).then_some(v);
        },
    );
    let parents = Signal::derive(move || {
        let mut all = vec![(String::new(), "none: a root".to_string())];
        state.scenario.with(|s| {
            let cohorts = s.kueue.iter().flat_map(|k| k.cohorts.iter());
            all.extend(
                cohorts
                    .enumerate()
                    .filter(|(i, _)| *i != index)
                    .map(|(_, c)| (c.name.clone(), c.name.clone())),
            );
        });
        all
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
    let remove = move |s: &mut Scenario| {
        if let Some(k) = s.kueue.as_deref_mut() {
            edits::remove_item(&mut k.cohorts, index);
        }
    };
    view! {
        <article class="card cohort-card" id=control_id(&path) tabindex="-1" data-testid="cohort-card">
            <header class="card-head">
                <TextInput binding=name label="Cohort" tip={tip!("A group of ClusterQueues that lend each other their unused quota", api = "metadata.name")} />
                <RemoveButton title="Remove this Cohort" remove=remove />
            </header>
            <SelectInput binding=parent label="Parent" options=parents
                tip={tip!("The cohort above it in the tree; none: it is a root. A subtree lends to and borrows from its parent", api = "parentName")} />
            <p class="hint">{members}</p>
        </article>
    }
}
