//! A labelled number field: hours, counts, prices, percentages.
//!
//! A text input rather than `type=number`, because Chromium reports a half-typed number ("1.")
//! as empty; here every keystroke that forms a number is applied at once (validation as you
//! type), and text that is not a number stays in the box with a message instead of being lost.

use super::binding::Binding;
use super::field_messages::FieldMessages;
use crate::state::paths::control_id;
use crate::state::use_editor;
use leptos::html::Input;
use leptos::prelude::*;

/// Which numbers a field takes.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Numbers {
    /// Any finite number (the engine checks the range and names the rule).
    #[default]
    Decimal,
    /// Whole numbers from this minimum up (counts are 0 or more, a borrow limit -1 or more).
    WholeFrom(i64),
}

/// What is wrong with a number field's text, as the field says it under the input.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NumberError {
    #[error("enter a number")]
    Empty,
    #[error("\u{201c}{0}\u{201d} is not a number")]
    NotANumber(String),
    #[error("enter a finite number")]
    NotFinite,
    #[error("enter a whole number, {0} or more")]
    NotWholeFrom(i64),
}

impl Numbers {
    /// The number in `text`, or what is wrong with it. Empty is `None` when `optional`.
    pub fn parse(self, text: &str, optional: bool) -> Result<Option<f64>, NumberError> {
        let text = text.trim();
        if text.is_empty() {
            return if optional {
                Ok(None)
            } else {
                Err(NumberError::Empty)
            };
        }
        let value: f64 = text
            .parse()
            .map_err(|_| NumberError::NotANumber(text.to_owned()))?;
        match self {
            _ if !value.is_finite() => Err(NumberError::NotFinite),
            Numbers::WholeFrom(min)
                if value.fract() != 0.0 || value < min as f64 || value > f64::from(u32::MAX) =>
            {
                Err(NumberError::NotWholeFrom(min))
            }
            _ => Ok(Some(value)),
        }
    }
}

/// A number control with label, unit and the AWS field in its tooltip.
#[component]
pub fn NumberInput(
    binding: Binding<Option<f64>>,
    #[prop(into)] label: String,
    /// What the number counts: "h", "instances", "%", "$".
    #[prop(optional)]
    unit: &'static str,
    /// What the field means, in AWS terms; the tooltip of the label and the input.
    tip: &'static str,
    #[prop(optional)] numbers: Numbers,
    /// Empty is allowed and means "unset" (shown as `placeholder`).
    #[prop(optional)]
    optional: bool,
    #[prop(optional)] placeholder: &'static str,
    #[prop(optional, into)] disabled: Signal<bool>,
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
    // Keep the text the user typed while it means the value on screen ("1." stays "1."), so the
    // cursor never jumps; show the value itself when it changed elsewhere (undo, JSON view).
    // An Effect comparing with the DOM, rather than `prop:value`, because Leptos skips a property
    // equal to the one it last set, which the user's typing has since replaced.
    let format = |v: Option<f64>| v.map(|n| n.to_string()).unwrap_or_default();
    let initial = format(value.get_untracked());
    Effect::new(move |_| {
        let v = value.get();
        if let Some(el) = input.get() {
            if numbers.parse(&el.value(), optional) != Ok(v) {
                el.set_value(&format(v));
                problem.set(None);
            }
        }
    });
    let on_input = move |ev| match numbers.parse(&event_target_value(&ev), optional) {
        Ok(v) => {
            problem.set(None);
            set.run(v);
        }
        Err(why) => problem.set(Some(why.to_string())),
    };
    view! {
        <div class="field number-field">
            <label for=id.clone() title=tip>{label}</label>
            <span class="input-with-unit">
                <input id=id.clone() node_ref=input type="text" inputmode="decimal" autocomplete="off"
                    title=tip placeholder=placeholder aria-describedby=format!("{id}-msg")
                    aria-invalid=move || problem.with(Option::is_some).to_string()
                    value=initial on:input=on_input disabled=move || disabled.get() />
                <span class="unit" aria-hidden="true">{unit}</span>
            </span>
            <FieldMessages path=path local=problem id_scope=id_scope.clone() />
        </div>
    }
}

/// Lists the control `key` in `Editor::unparsed` while its text is not a value (`problem`): the
/// status and the results must know too, since the scenario still holds the last value.
pub fn track_unparsed(key: String, problem: RwSignal<Option<String>>) {
    let state = use_editor();
    let listed_key = key.clone();
    Effect::new(move |_| {
        let bad = problem.with(Option::is_some);
        let listed = state.unparsed.with_untracked(|u| u.contains(&listed_key));
        if bad != listed {
            state.unparsed.update(|u| {
                if bad {
                    u.insert(listed_key.clone());
                } else {
                    u.remove(&listed_key);
                }
            });
        }
    });
    on_cleanup(move || {
        if state.unparsed.with_untracked(|u| u.contains(&key)) {
            state.unparsed.update(|u| {
                u.remove(&key);
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::Numbers;

    #[test]
    fn half_typed_and_bad_numbers() {
        assert_eq!(Numbers::Decimal.parse("1.", false), Ok(Some(1.0)));
        assert_eq!(Numbers::Decimal.parse(" 2.5 ", false), Ok(Some(2.5)));
        assert!(Numbers::Decimal.parse("", false).is_err());
        assert_eq!(Numbers::Decimal.parse("", true), Ok(None));
        assert!(Numbers::Decimal
            .parse("abc", false)
            .unwrap_err()
            .to_string()
            .contains("abc"));
        assert!(Numbers::Decimal.parse("inf", false).is_err());
    }

    #[test]
    fn whole_numbers_respect_their_minimum() {
        assert_eq!(Numbers::WholeFrom(-1).parse("-1", false), Ok(Some(-1.0)));
        assert!(Numbers::WholeFrom(0).parse("-1", false).is_err());
        assert!(Numbers::WholeFrom(0).parse("1.5", false).is_err());
        assert!(Numbers::WholeFrom(0).parse("99999999999", false).is_err());
    }
}
