//! The choices pickers offer, derived from the scenario so they follow its edits.

use crate::state::use_editor;
use leptos::prelude::*;

/// Every instance type the scenario may name, labelled with what a planner compares.
pub fn instance_types() -> Signal<Vec<(String, String)>> {
    let state = use_editor();
    Signal::derive(move || {
        state.scenario.with(|s| {
            s.catalog()
                .into_iter()
                .map(|t| {
                    let label = format!(
                        "{} \u{00b7} {} \u{00d7}{} \u{00b7} ${}/h",
                        t.name, t.accelerator, t.accelerators, t.price_per_h
                    );
                    (t.name, label)
                })
                .collect()
        })
    })
}

/// The quota shares, by name.
pub fn shares() -> Signal<Vec<(String, String)>> {
    let state = use_editor();
    Signal::derive(move || {
        state.scenario.with(|s| {
            s.quota_shares
                .iter()
                .map(|q| (q.name.clone(), q.name.clone()))
                .collect()
        })
    })
}

/// The three sharing strategies, in AWS spelling.
pub fn strategies() -> Vec<(String, String)> {
    ["RESERVE", "LEND", "LEND_AND_BORROW"]
        .iter()
        .map(|s| (s.to_string(), s.to_string()))
        .collect()
}

/// A select's options for an optional name (a cohort's parent, the plan an entry uses): the
/// empty value first, shown as `none` says what leaving it unset means, then each name as itself.
/// The bindings write the empty value as no name (`ListItem::bind_optional_name`).
pub fn or_none<'a>(
    none: &str,
    names: impl IntoIterator<Item = &'a String>,
) -> Vec<(String, String)> {
    std::iter::once((String::new(), none.to_owned()))
        .chain(names.into_iter().map(|n| (n.clone(), n.clone())))
        .collect()
}
