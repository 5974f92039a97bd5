//! Measured outcomes as a two-column table: what, and the value with its unit.

use leptos::prelude::*;
use quotalab_interop::report::Fact;

#[component]
pub fn FactsTable(facts: Vec<Fact>) -> impl IntoView {
    let rows = facts
        .into_iter()
        .map(|fact| view! { <tr><th scope="row">{fact.label}</th><td>{fact.value}</td></tr> })
        .collect_view();
    view! { <table class="facts"><tbody>{rows}</tbody></table> }
}
