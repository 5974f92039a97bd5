//! "Where the rule sets differ": for a study whose variant runs under the other rules, each team
//! whose KPIs the seeds say differ, and its rules that act differently under Kueue than under AWS
//! Batch, in the engine's words (`quotalab_engine::study::rules_causes`). Compare shows it under
//! the changes; the study report prints the same list.

use leptos::prelude::*;
use quotalab_engine::study::rules_causes::{TeamDifference, NO_OWN_RULE_DIFFERS, NO_TEAM_DIFFERS};

/// `teams`: `None` when no variant changes the rules (nothing is shown), empty when no team
/// differs (the engine's sentence says so).
#[component]
pub fn RulesDifferences(teams: Option<Vec<TeamDifference>>) -> impl IntoView {
    teams.map(|teams| {
        if teams.is_empty() {
            return view! {
                <section class="rules-differences" data-testid="rules-differences">
                    <h3 title=TITLE>"Where the rule sets differ"</h3>
                    <p data-testid="rules-agree">{NO_TEAM_DIFFERS}</p>
                </section>
            }
            .into_any();
        }
        let items = teams
            .into_iter()
            .map(|team| {
                let kpis: Vec<&str> = team.kpis.iter().map(|k| k.label()).collect();
                let rules = if team.rules.is_empty() {
                    view! { <li>{NO_OWN_RULE_DIFFERS}</li> }.into_any()
                } else {
                    team.rules
                        .into_iter()
                        .map(|r| view! { <li title=r.rule.clone()>{with_code(&r.words)}</li> })
                        .collect_view()
                        .into_any()
                };
                view! {
                    <li data-testid="rules-team">
                        <strong>{team.share}</strong>{format!(" ({}): ", team.variant)}{kpis.join(", ")}
                        <ul>{rules}</ul>
                    </li>
                }
            })
            .collect_view();
        view! {
            <section class="rules-differences" data-testid="rules-differences">
                <h3 title=TITLE>"Where the rule sets differ"</h3>
                <ul>{items}</ul>
            </section>
        }
        .into_any()
    })
}

/// The heading's tooltip.
const TITLE: &str = "Teams whose KPIs differ under the other rules (the seeds say the difference is real), and the Kueue rules that act differently for them";

/// The engine's words with each `field` or `Value` between backticks as code, the rest as text.
fn with_code(words: &str) -> impl IntoView {
    words
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            let part = part.to_string();
            if i % 2 == 1 {
                view! { <code>{part}</code> }.into_any()
            } else {
                part.into_any()
            }
        })
        .collect_view()
}
