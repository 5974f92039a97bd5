//! The advice on screen (docs/ADVISOR.md, "The advice document"): the current agreement and each
//! proposal side by side, per target its estimate with the 90% interval over the common seeds and
//! whether it is met, in words and a sign as well as colour; the cost; what changed; and, when
//! nothing meets every target, which target binds and what capacity would release it. Each
//! proposal opens as a new variant in one click, and is then in Compare and the report.
//!
//! Every number and verdict is the engine's advice; this file only lays it out.

use crate::state::use_editor;
use crate::state::workspace::variant_tag;
use crate::study::numbers;
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::study::advise::advice::Assessment;
use quotalab_engine::study::advise::words::{kpi_words, target_words};
use quotalab_engine::study::advise::{Advice, Met, Proposal, Target, TargetResult};
use quotalab_engine::study::Kpi;

/// A measure with no value in any seed.
const NO_VALUE: &str = "no value (no job of the team finished)";

/// A verdict in words, with a sign for those who cannot tell the colours apart.
fn met_words(met: Met) -> (&'static str, &'static str) {
    match met {
        Met::Yes => ("\u{2713} met", "met-yes"),
        Met::Likely => ("\u{2248} likely", "met-likely"),
        Met::No => ("\u{2717} not met", "met-no"),
    }
}

/// One target's cell: the estimate and the verdict.
fn target_cell(result: &TargetResult, kpi: Option<Kpi>, currency: &str) -> impl IntoView {
    let (words, class) = met_words(result.met);
    let value = match (&result.estimate, kpi) {
        (Some(e), Some(kpi)) => numbers::estimate(kpi, e, currency),
        _ => NO_VALUE.to_owned(),
    };
    let title = match result.met {
        Met::Yes => "The whole 90% interval is inside the bound.",
        Met::Likely => "The mean is inside the bound, but the 90% interval reaches past it.",
        Met::No => "The mean is outside the bound.",
    };
    view! {
        <td data-testid="advise-cell">
            <span class="value">{value}</span>
            <span class=format!("met {class}") title=title data-testid="advise-met">{words}</span>
        </td>
    }
}

/// A column's cost cell.
fn cost_cell(a: &Assessment, currency: &str) -> impl IntoView {
    view! { <td>{numbers::estimate(Kpi::Cost, &a.cost, currency)}</td> }
}

#[component]
pub fn AdviseProposals(advice: Advice) -> impl IntoView {
    let state = use_editor();
    let threshold = advice.wait_threshold_h;
    let currency = advice.currency.clone();
    let targets: Vec<Option<Target>> = advice
        .targets
        .iter()
        .map(|t| Target::parse(t).ok())
        .collect();
    let heads = advice
        .proposals
        .iter()
        .enumerate()
        .map(|(j, p)| {
            let meets = p.assessment.meets_every_target();
            view! {
                <th scope="col">
                    <span class="variant-name">{format!("Proposal {}", j + 1)}</span>
                    <span class="met-summary">{if meets { "meets every target" } else { "misses a target" }}</span>
                </th>
            }
        })
        .collect_view();
    let rows = targets
        .iter()
        .enumerate()
        .map(|(g, target)| {
            let name = target.as_ref().map_or_else(
                || advice.targets[g].clone(),
                |t| target_words(t, threshold, &currency),
            );
            let kpi = target.as_ref().map(|t| t.kpi);
            let cells = std::iter::once(&advice.current)
                .chain(advice.proposals.iter().map(|p| &p.assessment))
                .map(|a| a.targets.get(g).map(|r| target_cell(r, kpi, &currency)))
                .collect_view();
            view! { <tr data-testid="advise-target-row"><th scope="row">{name}</th>{cells}</tr> }
        })
        .collect_view();
    // The other teams' side of each agreement: the targets' measures for the teams without a
    // target on them, measured over the same seeds but not ranked by.
    let others = advice
        .current
        .others
        .iter()
        .enumerate()
        .map(|(w, o)| {
            let name = format!("{}: {}", o.share, kpi_words(o.kpi, threshold));
            let cells = std::iter::once(&advice.current)
                .chain(advice.proposals.iter().map(|p| &p.assessment))
                .map(|a| {
                    let value = match a.others.get(w).and_then(|r| r.estimate.as_ref()) {
                        Some(e) => numbers::estimate(o.kpi, e, &currency),
                        None => NO_VALUE.to_owned(),
                    };
                    view! { <td data-testid="advise-other-cell">{value}</td> }
                })
                .collect_view();
            view! {
                <tr class="advise-other" data-testid="advise-other-row">
                    <th scope="row">{name}<span class="met-summary">"no target"</span></th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let costs = std::iter::once(&advice.current)
        .chain(advice.proposals.iter().map(|p| &p.assessment))
        .map(|a| cost_cell(a, &currency))
        .collect_view();
    let changes = advice
        .proposals
        .iter()
        .map(|p| {
            view! {
                // A proposal always changes something: the current agreement is never one.
                <td><ul class="advise-changes" data-testid="advise-changes">
                    {p.changes.iter().map(|c| view! { <li>{c.words.clone()}</li> }).collect_view()}
                </ul></td>
            }
        })
        .collect_view();
    let opens = advice
        .proposals
        .iter()
        .enumerate()
        .map(|(j, p)| {
            let proposal: Proposal = p.clone();
            let open = move |_| {
                let scenario = proposal.scenario.clone();
                state.edit_workspace(|w| w.add_variant(scenario));
                let (tag, name) = state.workspace.with_untracked(|w| {
                    (variant_tag(w.active), w.active_scenario().name.clone())
                });
                state.screen.tell(
                    false,
                    format!("Proposal {} is variant {tag}, \u{201c}{name}\u{201d}: it is in Compare and the report.", j + 1),
                );
            };
            view! {
                <td><button type="button" data-testid="advise-open" on:click=open
                    aria-label=format!("Open proposal {} as a new variant", j + 1)>"Open as variant"</button></td>
            }
        })
        .collect_view();
    let feasible = if advice.current.meets_every_target() {
        "The current agreement already meets every target with its whole 90% interval inside the bound; the proposals are other agreements the search found."
    } else if advice.feasible {
        "At least one proposal meets every target with its whole 90% interval inside the bound."
    } else {
        "No agreement found within what the search may change meets every target."
    };
    let s = &advice.search;
    let effort = format!(
        "{} over {} of the search, {}{}.",
        counted(s.simulations, "simulation"),
        counted(s.starts.into(), "start"),
        counted(s.steps.into(), "step"),
        s.first_meeting_after.map_or(String::new(), |n| format!(
            "; the first agreement meeting every target after {}",
            counted(n, "simulation")
        ))
    );
    let seeds = advice.seeds.len();
    view! {
        <div class="advise-result" data-testid="advise-result">
            <p class=if advice.feasible { "advise-feasible yes" } else { "advise-feasible no" } data-testid="advise-feasible">{feasible}</p>
            {advice.binding.clone().map(|b| view! { <Binding binding=b currency=currency.clone() /> })}
            <div class="advise-table-wrap">
                <table class="compare-table advise-table" data-testid="advise-proposals">
                    <caption>{format!("Each target over the same {seeds} seeds: the mean and its 90% interval, and whether it is met.")}</caption>
                    <thead><tr><th scope="col">"Target"</th>
                        <th scope="col"><span class="variant-name">"Current agreement"</span><span class="met-summary">"as it is"</span></th>
                        {heads}</tr></thead>
                    <tbody>
                        {rows}
                        {others}
                        <tr><th scope="row">"Cost (mean of a run)"</th>{costs}</tr>
                        <tr><th scope="row">"What changed"</th><td class="na">"nothing"</td>{changes}</tr>
                        <tr><th scope="row">"Try it"</th><td></td>{opens}</tr>
                    </tbody>
                </table>
            </div>
            <p class="study-note" data-testid="advise-effort">{effort}</p>
        </div>
    }
}

/// What binds: the target, and how much extra capacity of which type would meet it.
#[component]
fn Binding(
    binding: quotalab_engine::study::advise::binding::Binding,
    currency: String,
) -> impl IntoView {
    let extra = binding
        .extra_capacity
        .iter()
        .map(|x| {
            view! {
                <li>{format!("{} more {} ({})", x.count, x.instance_type, numbers::value(Kpi::Cost, x.cost, &currency))}</li>
            }
        })
        .collect_view();
    view! {
        <div class="advise-binding" data-testid="advise-binding" role="note">
            <p><strong>"What binds: "</strong>{binding.words.clone()}</p>
            <ul>{extra}</ul>
        </div>
    }
}
