//! The variants of the workspace as tabs above BUILD: pick the one to edit, "Duplicate as
//! variant", and remove one. When the variants run under different rules, each tab names its
//! rules (`Workspace::rules_when_mixed`). The tabs are a WAI-ARIA tab list like BUILD's own (one tab stop,
//! arrows, Home and End; `components::tablist`).

use crate::components::tablist::{on_tab_key, tab_stop};
use crate::state::use_editor;
use crate::state::workspace::Workspace;
use crate::study::charts::variant_tag;
use leptos::prelude::*;

/// The id of what the variant tabs show: BUILD's editor of the variant picked (`app`).
pub const PANEL_ID: &str = "variant-panel";

#[component]
pub fn VariantBar() -> impl IntoView {
    let state = use_editor();
    let names = Memo::new(move |_| state.workspace.with(Workspace::names));
    let active = Memo::new(move |_| state.workspace.with(|w| w.active));
    let rules = Memo::new(move |_| state.workspace.with(Workspace::rules_when_mixed));
    let pick = move |i: usize| state.select_variant(i);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let tabs: Vec<usize> = (0..names.with_untracked(Vec::len)).collect();
        on_tab_key(&ev, &tabs, active.get_untracked(), tab_id, pick);
    };
    let tabs = move || {
        let several = names.with(|n| n.len() > 1);
        let rules = rules.get();
        names
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                let remove = move |_| state.edit_workspace(|w| w.remove(i));
                let label = format!("Remove variant {} ({name})", variant_tag(i));
                let rules = rules.as_ref().map(|all| all[i].title());
                let hint = match rules {
                    Some(rules) => format!("Edit {} under {rules}'s rules: {name}", variant_tag(i)),
                    None => format!("Edit {}: {name}", variant_tag(i)),
                };
                view! {
                    <span class="variant" class:active=move || active.get() == i>
                        <button type="button" role="tab" id=tab_id(i) aria-controls=PANEL_ID aria-selected=move || (active.get() == i).to_string()
                            tabindex=move || tab_stop(active.get() == i)
                            data-testid="variant-tab" on:click=move |_| pick(i) title=hint>
                            <span class="variant-tag">{variant_tag(i)}</span>" "
                            {rules.map(|rules| view! { <span class="variant-rules" data-testid="variant-rules">{rules}</span>" " })}
                            {name.clone()}
                        </button>
                        {several.then(|| view! {
                            <button type="button" class="variant-remove" aria-label=label.clone() title=label
                                on:click=remove>"\u{d7}"</button>
                        })}
                    </span>
                }
            })
            .collect_view()
    };
    view! {
        <div class="variant-bar" data-testid="variant-bar">
            <div role="tablist" aria-label="Variants of this study" on:keydown=on_key>{tabs}</div>
            <button type="button" data-testid="duplicate-variant" on:click=move |_| state.edit_workspace(Workspace::duplicate_active)
                title="Copy the variant on screen under a new name, to change one thing and compare (up to 6 variants)">
                "Duplicate as variant"
            </button>
        </div>
    }
}

/// The id of variant `index`'s tab, for focus after an arrow key and for its panel's label.
pub fn tab_id(index: usize) -> String {
    format!("variant-tab-{index}")
}
