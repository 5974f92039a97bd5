//! A control's link to one scenario field: its JSON path, its current value, and how to write it.
//!
//! Controls never hold a copy of the field: the value is a memo over the scenario, and writing
//! goes through [`Editor::edit_field`](crate::state::Editor::edit_field), so undo, autosave
//! and validation see every keystroke. Getters return `Option` because a row can outlive its item
//! for a moment when a list shrinks; the control then shows the default.

use crate::state::{edits, use_editor};
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

/// Item `index` of one of the scenario's lists, whose fields a list editor's card or row binds:
/// the item is found the same way for every field, and a field past a shrunk list's end reads
/// as its default and takes no writes (see the module's note on getters).
pub struct ListItem<I: 'static> {
    /// The item's JSON path (`spot[2]`).
    pub path: String,
    index: usize,
    list: fn(&Scenario) -> &Vec<I>,
    list_mut: fn(&mut Scenario) -> &mut Vec<I>,
}

impl<I: 'static> ListItem<I> {
    /// Item `index` of the list at JSON path `list_path`, which `list` and `list_mut` reach.
    pub fn new(
        list_path: &str,
        index: usize,
        list: fn(&Scenario) -> &Vec<I>,
        list_mut: fn(&mut Scenario) -> &mut Vec<I>,
    ) -> Self {
        ListItem {
            path: format!("{list_path}[{index}]"),
            index,
            list,
            list_mut,
        }
    }

    /// Binds the item's `field` by a getter and a setter on the item.
    pub fn bind<T>(
        &self,
        field: &str,
        get: impl Fn(&I) -> T + Send + Sync + 'static,
        set: impl Fn(&mut I, T) + Send + Sync + 'static,
    ) -> Binding<T>
    where
        T: Clone + Default + PartialEq + Send + Sync + 'static,
    {
        let (get, set) = self.on_scenario(get, set);
        bind(self.field_path(field), get, set)
    }

    /// A whole-number field of the item, as [`bind_count`] sees it.
    pub fn bind_count(
        &self,
        field: &str,
        get: impl Fn(&I) -> u32 + Send + Sync + 'static,
        set: impl Fn(&mut I, u32) + Send + Sync + 'static,
    ) -> Binding<Option<f64>> {
        let (get, set) = self.on_scenario(get, set);
        bind_count(self.field_path(field), get, set)
    }

    /// An optional whole-number field of the item, as [`bind_optional_count`] sees it.
    pub fn bind_optional_count(
        &self,
        field: &str,
        get: impl Fn(&I) -> Option<u32> + Send + Sync + 'static,
        set: impl Fn(&mut I, Option<u32>) + Send + Sync + 'static,
    ) -> Binding<Option<f64>> {
        let (get, set) = self.on_scenario(get, set);
        bind_optional_count(self.field_path(field), get, set)
    }

    /// A number field of the item that is never unset: an emptied input writes 0.
    pub fn bind_number(
        &self,
        field: &str,
        get: impl Fn(&I) -> f64 + Send + Sync + 'static,
        set: impl Fn(&mut I, f64) + Send + Sync + 'static,
    ) -> Binding<Option<f64>> {
        self.bind(
            field,
            move |item| Some(get(item)),
            move |item, v: Option<f64>| set(item, v.unwrap_or(0.0)),
        )
    }

    /// An optional name (the share a job is in, say) as a select sees it: empty for none.
    pub fn bind_optional_name(
        &self,
        field: &str,
        get: impl Fn(&I) -> Option<String> + Send + Sync + 'static,
        set: impl Fn(&mut I, Option<String>) + Send + Sync + 'static,
    ) -> Binding<String> {
        self.bind(
            field,
            move |item| get(item).unwrap_or_default(),
            move |item, v: String| set(item, (!v.is_empty()).then_some(v)),
        )
    }

    /// The edit that removes the item, for its remove button.
    pub fn remove(&self) -> impl Fn(&mut Scenario) + Copy + Send + Sync + 'static {
        let (index, list_mut) = (self.index, self.list_mut);
        move |s| edits::remove_item(list_mut(s), index)
    }

    fn field_path(&self, field: &str) -> String {
        format!("{}.{field}", self.path)
    }

    /// An item's getter and setter as the scenario's: reading an item past the list's end gives
    /// `None`, writing one does nothing.
    fn on_scenario<T>(
        &self,
        get: impl Fn(&I) -> T + Send + Sync + 'static,
        set: impl Fn(&mut I, T) + Send + Sync + 'static,
    ) -> (
        impl Fn(&Scenario) -> Option<T> + Send + Sync + 'static,
        impl Fn(&mut Scenario, T) + Send + Sync + 'static,
    ) {
        let (index, list, list_mut) = (self.index, self.list, self.list_mut);
        (
            move |s: &Scenario| list(s).get(index).map(&get),
            move |s: &mut Scenario, v: T| {
                if let Some(item) = list_mut(s).get_mut(index) {
                    set(item, v);
                }
            },
        )
    }
}
