//! The rules switch: which rule set the scenario runs under, AWS Batch or Kueue (docs/KUEUE.md).
//!
//! Picking the other rules does not edit at once: the engine translates the agreement into the
//! other form (`translate::to_rules`, docs/KUEUE-TRANSLATION.md) and the confirmation dialog
//! (`rules_dialog`) shows what was carried, approximated or dropped before it applies, as one undo
//! step. Until then the select goes back to the scenario's rules.
//!
//! Beside it, "Compare with Kueue rules" (or AWS Batch's) adds the same scenario with only its
//! `rules` switched as a variant and opens Compare: the engine translates that variant when it
//! runs, so one study shows the same agreement and workload under both rule sets.

use super::field_messages::FieldMessages;
use super::tip::tip;
use crate::state::paths::control_id;
use crate::state::view::Tab;
use crate::state::workspace::{other_rules, Workspace};
use crate::state::{use_editor, Dialog};
use leptos::prelude::*;
use quotalab_engine::scenario::Rules;
use quotalab_engine::translate;

const TIP: &str = tip!(
    "Whose scheduling rules the run follows: AWS Batch quota shares or Kueue ClusterQueues and cohorts. Switching translates the agreement and shows what changed first",
    json = "rules"
);

#[component]
pub fn RulesSwitch() -> impl IntoView {
    let state = use_editor();
    let rules = Memo::new(move |_| state.scenario.with(|s| s.rules));
    let id = control_id("rules");
    let on_change = move |ev: leptos::ev::Event| {
        let picked = event_target_value(&ev);
        let Some(target) = Rules::ALL.into_iter().find(|r| r.as_str() == picked) else {
            return;
        };
        // The select shows the scenario's rules until the dialog applies the switch.
        if let Some(select) = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
        {
            select.set_value(rules.get_untracked().as_str());
        }
        if target == rules.get_untracked() {
            return;
        }
        let translation = state
            .scenario
            .with_untracked(|s| translate::to_rules(s, target));
        state.screen.dialog.set(Some(Dialog::SwitchRules {
            translation: Box::new(translation),
        }));
    };
    let options = Rules::ALL
        .map(|r| {
            view! { <option value=r.as_str() selected=move || rules.get() == r>{r.title()}</option> }
        })
        .collect_view();
    let compare = move |_| {
        state.edit_workspace(Workspace::add_rules_variant);
        state.screen.tab.set(Tab::Compare);
    };
    let compare_label = move || format!("Compare with {} rules", other_rules(rules.get()).title());
    // A study variant that only sets `rules` keeps its agreement's form: say that it runs
    // through the translation (docs/FORMAT.md, "Kueue").
    let translated = move || {
        state.scenario.with(|s| {
            let form = translate::agreement_form(s);
            (form != s.rules).then(|| {
                format!(
                    "The agreement is written as {}; it runs under {}'s rules through the engine's translation.",
                    if form == Rules::Kueue { "Kueue objects" } else { "AWS quota shares" },
                    s.rules.title()
                )
            })
        })
    };
    view! {
        <div class="rules-row">
            <div class="field select-field rules-switch">
                <label for=id.clone() title=TIP>"Rules"</label>
                <select id=id.clone() title=TIP data-testid="rules" aria-describedby=format!("{id}-msg")
                    prop:value=move || rules.get().as_str() on:change=on_change>
                    {options}
                </select>
                <FieldMessages path="rules" exact=true />
            </div>
            <button type="button" class="compare-rules" data-testid="compare-rules" on:click=compare
                title="Add this scenario under the other rules as a variant and compare the two over the study's seeds">
                {compare_label}
            </button>
        </div>
        {move || translated().map(|t| view! { <p class="rules-form" data-testid="rules-form">{t}</p> })}
    }
}
