//! "Compare with V1": which variant the KPI cards' ▲/▼ compare with, shown while the workspace
//! holds variants. A removed variant falls back to V1.

use crate::results::baseline::use_baseline;
use crate::state::use_editor;
use crate::state::workspace::{variant_tag, Workspace};
use leptos::prelude::*;

#[component]
pub fn BaselineChoice() -> impl IntoView {
    let state = use_editor();
    let baseline = use_baseline();
    let names = Memo::new(move |_| state.workspace.with(Workspace::names));
    Effect::new(move |_| {
        if baseline.index.get() >= names.with(Vec::len) {
            baseline.index.set(0);
        }
    });
    let options = move || {
        names
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                let selected = baseline.index.get() == i;
                view! { <option value=i.to_string() selected=selected>{format!("{} {name}", variant_tag(i))}</option> }
            })
            .collect_view()
    };
    let pick = move |ev| {
        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
            baseline.index.set(i);
        }
    };
    move || {
        (names.with(Vec::len) > 1).then(|| {
            view! {
                <label class="baseline-choice" title="The variant the ▲/▼ on the KPI cards compare with">
                    "Compare with "
                    <select data-testid="baseline-choice" on:change=pick>{options}</select>
                </label>
            }
        })
    }
}
