//! The other labelled controls: free text (names), a choice from a list, an on/off switch.
//! Like [`NumberInput`](super::number_input::NumberInput), each shows its diagnostics under it.

use super::binding::Binding;
use super::field_messages::FieldMessages;
use crate::state::paths::control_id;
use leptos::prelude::*;

/// A text field, e.g. a name. Rendered as a text node everywhere else, never as markup.
#[component]
pub fn TextInput(
    binding: Binding<String>,
    label: &'static str,
    tip: &'static str,
    #[prop(optional)] wide: bool,
) -> impl IntoView {
    let Binding { path, value, set } = binding;
    let id = control_id(&path);
    view! {
        <div class="field text-field" class:wide=wide>
            <label for=id.clone() title=tip>{label}</label>
            <input id=id.clone() type="text" title=tip autocomplete="off" aria-describedby=format!("{id}-msg")
                prop:value=move || value.get() on:input=move |ev| set.run(event_target_value(&ev)) />
            <FieldMessages path=path />
        </div>
    }
}

/// A choice among `options` (value, label). A value not among them is shown as its own option,
/// so a scenario naming an unknown type still displays what it says (and the engine's error).
#[component]
pub fn SelectInput(
    binding: Binding<String>,
    label: &'static str,
    tip: &'static str,
    #[prop(into)] options: Signal<Vec<(String, String)>>,
    /// As for [`NumberInput`](super::number_input::NumberInput): keeps a second control's id unique.
    #[prop(optional, into)]
    id_scope: String,
) -> impl IntoView {
    let Binding { path, value, set } = binding;
    let id = format!("{id_scope}{}", control_id(&path));
    let choices = move || {
        let current = value.get();
        let mut all = options.get();
        if !all.iter().any(|(v, _)| *v == current) {
            all.insert(
                0,
                (
                    current.clone(),
                    if current.is_empty() {
                        "(none)".into()
                    } else {
                        current.clone()
                    },
                ),
            );
        }
        all.into_iter()
            .map(|(v, text)| {
                let selected = v == current;
                view! { <option value=v selected=selected>{text}</option> }
            })
            .collect_view()
    };
    view! {
        <div class="field select-field">
            <label for=id.clone() title=tip>{label}</label>
            <select id=id.clone() title=tip aria-describedby=format!("{id}-msg")
                prop:value=move || value.get() on:change=move |ev| set.run(event_target_value(&ev))>
                {choices}
            </select>
            <FieldMessages path=path id_scope=id_scope.clone() />
        </div>
    }
}

/// An on/off field (in-share preemption, spot).
#[component]
pub fn CheckInput(binding: Binding<bool>, label: &'static str, tip: &'static str) -> impl IntoView {
    let Binding { path, value, set } = binding;
    let id = control_id(&path);
    view! {
        <div class="field check-field">
            <input id=id.clone() type="checkbox" title=tip aria-describedby=format!("{id}-msg")
                prop:checked=move || value.get() on:change=move |ev| set.run(event_target_checked(&ev)) />
            <label for=id.clone() title=tip>{label}</label>
            <FieldMessages path=path />
        </div>
    }
}
