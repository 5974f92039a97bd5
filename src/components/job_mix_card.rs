//! One job mix as a card (docs/FORMAT.md `job_mixes`): a family of jobs `<mix>-<k>` with a share,
//! a count, arrivals, a duration distribution and a template of job fields. Its border is its
//! share's colour.

use super::arrivals_editor::ArrivalsEditor;
use super::binding::ListItem;
use super::choice_inputs::{SelectInput, TextInput};
use super::duration_editor::DurationEditor;
use super::job_attributes::JobAttributesEditor;
use super::job_ref::JobRef;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
use super::tip::tip;
use crate::state::palette::share_paint_by_name;
use crate::state::paths::control_id;
use crate::state::use_editor;
use leptos::prelude::*;

#[component]
pub fn JobMixCard(index: usize) -> impl IntoView {
    let state = use_editor();
    let mix = ListItem::new("job_mixes", index, |s| &s.job_mixes, |s| &mut s.job_mixes);
    let path = mix.path.clone();
    let name = mix.bind("name", |m| m.name.clone(), |m, v| m.name = v);
    let share = mix.bind_optional_name("share", |m| m.share.clone(), |m, v| m.share = v);
    let count = mix.bind_optional_count("count", |m| m.count, |m, v| m.count = v);
    let colour = move || {
        state.scenario.with(|s| {
            let share = s
                .job_mixes
                .get(index)
                .and_then(|m| m.share.clone())
                .unwrap_or_default();
            share_paint_by_name(s, &share)
        })
    };
    let has_shares = move || state.scenario.with(|s| !s.quota_shares.is_empty());
    view! {
        <article class="card mix-card" id=control_id(&path) tabindex="-1" data-testid="mix-card" style=move || format!("--share-colour: {}", colour())>
            <header class="card-head">
                <span class="swatch" aria-hidden="true"></span>
                <TextInput binding=name label="Job mix" tip={tip!("The mix makes jobs named <mix>-1, <mix>-2, \u{2026}", json = "job_mixes[].name")} />
                <RemoveButton title="Remove this job mix" remove=mix.remove() />
            </header>
            <div class="field-row">
                {move || has_shares().then(|| view! {
                    <SelectInput binding=share.clone() label="Share" options=options::shares() tip={tip!("The team whose quota share the jobs are submitted to", api = "quotaShareName")} />
                })}
                <NumberInput binding=count label="Jobs" numbers=Numbers::WholeFrom(0) optional=true placeholder="one per listed hour"
                    tip={tip!("How many jobs the mix makes", json = "job_mixes[].count")} />
            </div>
            <ArrivalsEditor mix=index />
            <DurationEditor mix=index />
            <details class="template" open=true>
                <summary>"Job template"</summary>
                <JobAttributesEditor job=JobRef::Mix(index) />
            </details>
        </article>
    }
}
