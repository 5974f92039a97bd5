//! A control's link to one scenario field: its JSON path, its current value, and how to write it.
//!
//! Controls never hold a copy of the field: the value is a memo over the scenario, and writing
//! goes through [`Editor::edit_field`](crate::state::Editor::edit_field), so undo, autosave
//! and validation see every keystroke. Getters return `Option` because a row can outlive its item
//! for a moment when a list shrinks; the control then shows the default.

use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::Scenario;

/// One field of the scenario, as a control sees it.
#[derive(Clone)]
pub struct Binding<T: Send + Sync + 'static> {
    /// The JSON path, as the engine's diagnostics name it (`quota_shares[1].borrow_limit`).
    pub path: String,
    pub value: Signal<T>,
    pub set: Callback<T>,
}

/// Binds a field by a getter and a setter on the scenario.
pub fn bind<T>(
    path: impl Into<String>,
    get: impl Fn(&Scenario) -> Option<T> + Send + Sync + 'static,
    set: impl Fn(&mut Scenario, T) + Send + Sync + 'static,
) -> Binding<T>
where
    T: Clone + Default + PartialEq + Send + Sync + 'static,
{
    let state = use_editor();
    let path = path.into();
    let value = Memo::new(move |_| state.scenario.with(|s| get(s).unwrap_or_default()));
    let key = path.clone();
    let set = Callback::new(move |v: T| state.edit_field(&key, |s| set(s, v)));
    Binding {
        path,
        value: value.into(),
        set,
    }
}

/// A whole-number field (`u32`) seen as the number inputs see every number.
pub fn bind_count(
    path: impl Into<String>,
    get: impl Fn(&Scenario) -> Option<u32> + Send + Sync + 'static,
    set: impl Fn(&mut Scenario, u32) + Send + Sync + 'static,
) -> Binding<Option<f64>> {
    bind(
        path,
        move |s| get(s).map(|v| Some(f64::from(v))),
        move |s, v: Option<f64>| set(s, v.map_or(0, whole)),
    )
}

/// An optional whole-number field (`Option<u32>`): empty means unset.
pub fn bind_optional_count(
    path: impl Into<String>,
    get: impl Fn(&Scenario) -> Option<Option<u32>> + Send + Sync + 'static,
    set: impl Fn(&mut Scenario, Option<u32>) + Send + Sync + 'static,
) -> Binding<Option<f64>> {
    bind(
        path,
        move |s| get(s).map(|v| v.map(f64::from)),
        move |s, v: Option<f64>| set(s, v.map(whole)),
    )
}

/// A number already checked by the input to be whole and in range.
fn whole(v: f64) -> u32 {
    v.clamp(0.0, f64::from(u32::MAX)) as u32
}
