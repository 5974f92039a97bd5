//! A labelled Kubernetes quantity: a quota, a limit, a weight ("8", "500m", "64Gi"), parsed by
//! the engine's `Quantity` and shown as Kubernetes writes it (docs/KUEUE.md, "Quantities").
//!
//! It follows `NumberInput`'s way with text: a keystroke that forms a quantity applies at once,
//! the typed text stays while it means the value on screen ("1000m" while the scenario holds 1),
//! and leaving the field shows the value as Kubernetes prints it. Text that is no quantity stays
//! in the box with the engine's message, led by the field's label.

use super::binding::Binding;
use super::field_messages::FieldMessages;
use super::number_input::track_unparsed;
use crate::state::paths::control_id;
use leptos::html::Input;
use leptos::prelude::*;
use quotalab_engine::quantity::{Quantity, QuantityError};

/// The quantity in `text`, `None` for an empty optional field, or the engine's reason it is none.
pub fn parse(text: &str, optional: bool) -> Result<Option<Quantity>, QuantityError> {
    let text = text.trim();
    if text.is_empty() && optional {
        return Ok(None);
    }
    Quantity::parse(text).map(Some)
}

#[component]
pub fn QuantityInput(
    binding: Binding<Option<Quantity>>,
    #[prop(into)] label: String,
    /// What the field means, with its Kueue field name (`tip!(…, api = "nominalQuota")`).
    tip: &'static str,
    /// Empty is allowed and means "unset" (shown as `placeholder`).
    #[prop(optional)]
    optional: bool,
    #[prop(optional)] placeholder: &'static str,
    /// Prefixed to the control's id when the same field has a second control on the page (the
    /// presenter view's live controls), so ids stay unique.
    #[prop(optional, into)]
    id_scope: String,
) -> impl IntoView {
    let Binding { path, value, set } = binding;
    let id = format!("{id_scope}{}", control_id(&path));
    let input: NodeRef<Input> = NodeRef::new();
    let problem = RwSignal::new(None::<String>);
    track_unparsed(id.clone(), problem);
    let shown = |v: &Option<Quantity>| v.as_ref().map(ToString::to_string).unwrap_or_default();
    let initial = shown(&value.get_untracked());
    Effect::new(move |_| {
        let v = value.get();
        if let Some(el) = input.get() {
            if parse(&el.value(), optional) != Ok(v) {
                el.set_value(&shown(&v));
                problem.set(None);
            }
        }
    });
    let name = label.clone();
    let on_input = move |ev| match parse(&event_target_value(&ev), optional) {
        Ok(v) => {
            problem.set(None);
            set.run(v);
        }
        Err(why) => problem.set(Some(format!("{name}: {why}"))),
    };
    // Leaving the field may be its removal, the focus still in it (Escape closes the presenter
    // view): its signals are then gone, and there is nothing left to show.
    let on_blur = move |_| {
        if let (Some(Some(el)), Some(None), Some(v)) = (
            input.try_get_untracked(),
            problem.try_get_untracked(),
            value.try_get_untracked(),
        ) {
            el.set_value(&shown(&v));
        }
    };
    view! {
        <div class="field number-field quantity-field">
            <label for=id.clone() title=tip>{label}</label>
            <input id=id.clone() node_ref=input type="text" autocomplete="off" spellcheck="false"
                title=tip placeholder=placeholder aria-describedby=format!("{id}-msg")
                aria-invalid=move || problem.with(Option::is_some).to_string()
                value=initial on:input=on_input on:blur=on_blur />
            <FieldMessages path=path local=problem id_scope=id_scope.clone() />
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn quantities_parse_as_kubernetes_writes_them_and_empty_is_unset_only_where_allowed() {
        let q = parse(" 1000m ", false).unwrap().unwrap();
        assert_eq!(q.to_string(), "1");
        assert_eq!(parse("", true), Ok(None));
        let why = parse("lots", false).unwrap_err().to_string();
        assert!(why.contains("lots"), "{why}");
        assert!(parse("", false).is_err());
        assert!(parse("-2", true).is_err());
    }
}
