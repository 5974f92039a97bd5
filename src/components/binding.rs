//! A control's link to one scenario field: its JSON path, its current value, and how to write it.
//!
//! Controls never hold a copy of the field: the value is a memo over the scenario, and writing
//! goes through [`Editor::edit_field`](crate::state::Editor::edit_field), so undo, autosave
//! and validation see every keystroke. Getters return `Option` because a row can outlive its item
//! for a moment when a list shrinks; the control then shows the default.

use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::Scenario;
use std::sync::Arc;

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

/// How a [`ListItem`] reaches its list: `None` when the list itself is absent (the Kueue block
/// unset, or the item holding a nested list gone), which reads and writes as an item past the end.
type Reach<I> = Arc<dyn Fn(&Scenario) -> Option<&[I]> + Send + Sync>;
type ReachMut<I> = Arc<dyn Fn(&mut Scenario) -> Option<&mut Vec<I>> + Send + Sync>;

/// Item `index` of one of the scenario's lists, whose fields a list editor's card or row binds:
/// the item is found the same way for every field, and a field past a shrunk list's end reads
/// as its default and takes no writes (see the module's note on getters). The list may be a
/// top-level one (`spot`), one of the Kueue block's, or one inside another list's item (a
/// capacity pool's steps), so every list editor binds and removes its items this one way.
pub struct ListItem<I: 'static> {
    /// The item's JSON path (`spot[2]`).
    pub path: String,
    index: usize,
    list: Reach<I>,
    list_mut: ReachMut<I>,
}

impl<I: 'static> ListItem<I> {
    /// Item `index` of the list at JSON path `list_path`, which `list` and `list_mut` reach.
    pub fn new(
        list_path: &str,
        index: usize,
        list: fn(&Scenario) -> &[I],
        list_mut: fn(&mut Scenario) -> &mut Vec<I>,
    ) -> Self {
        Self::within(
            list_path,
            index,
            move |s| Some(list(s)),
            move |s| Some(list_mut(s)),
        )
    }

    /// Item `index` of a list that may be absent (see `Reach`), at JSON path `list_path`.
    pub fn within(
        list_path: &str,
        index: usize,
        list: impl Fn(&Scenario) -> Option<&[I]> + Send + Sync + 'static,
        list_mut: impl Fn(&mut Scenario) -> Option<&mut Vec<I>> + Send + Sync + 'static,
    ) -> Self {
        ListItem {
            path: format!("{list_path}[{index}]"),
            index,
            list: Arc::new(list),
            list_mut: Arc::new(list_mut),
        }
    }

    /// Item `index` of the list at `field` inside this item (a capacity pool's steps, a plan's
    /// blocks): reached through this item, so it reads as absent once this item is gone.
    pub fn nested<J: 'static>(
        &self,
        field: &str,
        index: usize,
        list: fn(&I) -> &[J],
        list_mut: fn(&mut I) -> &mut Vec<J>,
    ) -> ListItem<J> {
        let (at, outer, outer_mut) = (self.index, self.list.clone(), self.list_mut.clone());
        ListItem::within(
            &self.field_path(field),
            index,
            move |s| outer(s).and_then(|l| l.get(at)).map(list),
            move |s| outer_mut(s).and_then(|l| l.get_mut(at)).map(list_mut),
        )
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
        bind(self.field_path(field), self.read(get), self.write(set))
    }

    /// A whole-number field of the item, as [`bind_count`] sees it.
    pub fn bind_count(
        &self,
        field: &str,
        get: impl Fn(&I) -> u32 + Send + Sync + 'static,
        set: impl Fn(&mut I, u32) + Send + Sync + 'static,
    ) -> Binding<Option<f64>> {
        bind_count(self.field_path(field), self.read(get), self.write(set))
    }

    /// An optional whole-number field of the item, as [`bind_optional_count`] sees it.
    pub fn bind_optional_count(
        &self,
        field: &str,
        get: impl Fn(&I) -> Option<u32> + Send + Sync + 'static,
        set: impl Fn(&mut I, Option<u32>) + Send + Sync + 'static,
    ) -> Binding<Option<f64>> {
        bind_optional_count(self.field_path(field), self.read(get), self.write(set))
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

    /// The item's name, whose edits go through `rename` (a share's, a plan's, a queue's): it
    /// carries the new name to every place that names the item, in the same edit, so the name
    /// field of every card renames the same way.
    pub fn bind_name(
        &self,
        name: impl Fn(&I) -> String + Send + Sync + 'static,
        rename: fn(&mut Scenario, usize, &str),
    ) -> Binding<String> {
        let index = self.index;
        bind(
            self.field_path("name"),
            self.read(name),
            move |s, v: String| rename(s, index, &v),
        )
    }

    /// The edit that removes the item, for its remove button.
    pub fn remove(&self) -> impl Fn(&mut Scenario) + Send + Sync + 'static {
        let (index, list_mut) = (self.index, self.list_mut.clone());
        move |s| {
            if let Some(list) = list_mut(s) {
                edits::remove_item(list, index);
            }
        }
    }

    fn field_path(&self, field: &str) -> String {
        format!("{}.{field}", self.path)
    }

    /// An item's getter as the scenario's: reading an item past the list's end gives `None`.
    fn read<T>(
        &self,
        get: impl Fn(&I) -> T + Send + Sync + 'static,
    ) -> impl Fn(&Scenario) -> Option<T> + Send + Sync + 'static {
        let (index, list) = (self.index, self.list.clone());
        move |s: &Scenario| list(s).and_then(|l| l.get(index)).map(&get)
    }

    /// An item's setter as the scenario's: writing an item past the list's end does nothing.
    fn write<T>(
        &self,
        set: impl Fn(&mut I, T) + Send + Sync + 'static,
    ) -> impl Fn(&mut Scenario, T) + Send + Sync + 'static {
        let (index, list_mut) = (self.index, self.list_mut.clone());
        move |s: &mut Scenario, v: T| {
            if let Some(item) = list_mut(s).and_then(|l| l.get_mut(index)) {
                set(item, v);
            }
        }
    }
}
