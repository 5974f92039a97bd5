//! The Advise view's targets and budget (docs/ADVISOR.md, "Targets and knobs"): one row per
//! target with a team, a KPI by its plain name, "at most" or "at least", and a bound typed or set
//! with a slider; then a cap on the total cost. Each row shows the engine's errors about it
//! (`advise.targets[1]`) where it stands.
//!
//! Rows are keyed by their position and read their values from the workspace, so editing one
//! keeps its controls (and the keyboard focus) in place.

use crate::state::use_editor;
use crate::study::advise::spec::{edit_advise, errors_view, natural_bound, slider, starting_value};
use crate::study::numbers;
use leptos::prelude::*;
use quotalab_engine::json_text;
use quotalab_engine::study::advise::target::{Bound, Target, EVERY_SHARE};
use quotalab_engine::study::advise::teams::{teams, teams_with_jobs};
use quotalab_engine::study::advise::words::{bound_words, kpi_words};
use quotalab_engine::study::advise::Budget;
use quotalab_engine::study::Kpi;
use quotalab_engine::Diagnostic;

/// The form's targets and the budget.
#[component]
pub fn AdviseTargets(problems: Memo<Vec<Diagnostic>>) -> impl IntoView {
    let state = use_editor();
    let count = Memo::new(move |_| {
        state
            .workspace
            .with(|w| w.settings.advise.as_ref().map_or(0, |a| a.targets.len()))
    });
    let add = move |_| {
        // A first target for the first team with work to do: its p90 completion within a day.
        let share = state.workspace.with_untracked(|w| {
            let s = &w.variants[0];
            teams_with_jobs(s)
                .into_iter()
                .chain(teams(s))
                .next()
                .unwrap_or_else(|| EVERY_SHARE.to_owned())
        });
        let target = Target {
            share,
            kpi: Kpi::CompletionP90H,
            bound: Bound::AtMost,
            value: starting_value(Kpi::CompletionP90H, Bound::AtMost),
        };
        edit_advise(&state, |spec| spec.targets.push(target.text()));
    };
    view! {
        <fieldset class="advise-targets">
            <legend>"Targets per team"</legend>
            <For each=move || 0..count.get() key=|i| *i let:i>
                <TargetRow i problems />
            </For>
            {move || (count.get() == 0).then(|| view! {
                <p class="study-note" data-testid="advise-hint">"Add a target to say what each team needs, then press \u{201c}Find agreements\u{201d}."</p>
            })}
            <button type="button" data-testid="advise-add-target" on:click=add>"Add a target"</button>
            {errors_view(problems, vec!["advise.targets".into()])}
        </fieldset>
        <BudgetFields problems />
    }
}

/// A labelled select of `options` (value, words), showing `selected`.
fn select(
    label: &'static str,
    testid: &'static str,
    options: Signal<Vec<(String, String)>>,
    selected: Signal<String>,
    on_pick: impl Fn(String) + 'static,
) -> impl IntoView {
    let options = move || {
        options
            .get()
            .into_iter()
            .map(|(value, words)| {
                let v = value.clone();
                view! { <option value=value prop:selected=move || selected.get() == v>{words}</option> }
            })
            .collect_view()
    };
    view! {
        <label class="field">
            <span>{label}</span>
            <select data-testid=testid prop:value=move || selected.get()
                on:change=move |ev| on_pick(event_target_value(&ev))>{options}</select>
        </label>
    }
}

/// A number typed or set with a slider, with its value in words beside it.
fn number_and_slider(
    label: &'static str,
    testid: &'static str,
    value: Signal<f64>,
    range: Signal<(f64, f64, f64)>,
    words: Signal<String>,
    on_set: impl Fn(f64) + Copy + 'static,
) -> impl IntoView {
    let read = move |ev: leptos::ev::Event| {
        if let Some(v) = event_target_value(&ev)
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
        {
            on_set(v);
        }
    };
    view! {
        <label class="field">
            <span>{label}</span>
            <input type="number" step="any" data-testid=testid prop:value=move || value.get().to_string()
                on:change=read />
        </label>
        <input type="range" class="advise-slider" data-testid=format!("{testid}-slider")
            aria-label=format!("{label} (slider)")
            min=move || range.get().0.to_string() max=move || range.get().1.to_string()
            step=move || range.get().2.to_string()
            prop:value=move || value.get().to_string() on:change=read />
        <output class="advise-value">{move || words.get()}</output>
    }
}

/// One target: team, KPI, comparison and bound, or the text as written when it does not parse.
#[component]
fn TargetRow(i: usize, problems: Memo<Vec<Diagnostic>>) -> impl IntoView {
    let state = use_editor();
    let text = Memo::new(move |_| {
        state.workspace.with(|w| {
            w.settings
                .advise
                .as_ref()
                .and_then(|a| a.targets.get(i).cloned())
                .unwrap_or_default()
        })
    });
    let parsed = Memo::new(move |_| text.with(|t| Target::parse(t).ok()));
    let parses = Memo::new(move |_| parsed.with(Option::is_some));
    let change = move |edit: &dyn Fn(&mut Target)| {
        if let Some(mut t) = parsed.get_untracked() {
            edit(&mut t);
            let new = t.text();
            edit_advise(&state, |spec| {
                if let Some(slot) = spec.targets.get_mut(i) {
                    *slot = new;
                }
            });
        }
    };
    let remove = move |_| {
        edit_advise(&state, |spec| {
            if i < spec.targets.len() {
                spec.targets.remove(i);
            }
        })
    };
    let field = move |read: fn(&Target) -> String| {
        Signal::derive(move || parsed.with(|t| t.as_ref().map(read).unwrap_or_default()))
    };
    let controls = move || {
        // The first variant's teams (its shares, or its ClusterQueues under Kueue) and
        // threshold, followed as they are edited.
        let teams = Signal::derive(move || {
            state.workspace.with(|w| {
                let mut choices = vec![(EVERY_SHARE.to_owned(), "every team".to_owned())];
                choices.extend(teams(&w.variants[0]).into_iter().map(|t| (t.clone(), t)));
                choices
            })
        });
        let kpis = Signal::derive(move || {
            let threshold = state.workspace.with(|w| w.settings.wait_threshold_h);
            Kpi::COMPARED
                .iter()
                .map(|k| (k.name(), kpi_words(*k, threshold)))
                .collect::<Vec<_>>()
        });
        let bounds = Signal::stored(
            [Bound::AtMost, Bound::AtLeast]
                .map(|b| (json_text::word_of(&b), bound_words(b).to_owned()))
                .to_vec(),
        );
        let currency = state
            .workspace
            .with_untracked(|w| w.variants[0].currency.0.clone());
        let value = Signal::derive(move || parsed.with(|t| t.as_ref().map_or(0.0, |t| t.value)));
        let range = Signal::derive(move || {
            parsed.with(|t| {
                t.as_ref()
                    .map_or((0.0, 1.0, 0.01), |t| slider(t.kpi, t.value))
            })
        });
        let words = Signal::derive(move || {
            parsed.with(|t| {
                t.as_ref()
                    .map(|t| numbers::value(t.kpi, t.value, &currency))
                    .unwrap_or_default()
            })
        });
        view! {
            {select("Team", "advise-target-share", teams, field(|t| t.share.clone()),
                move |share| change(&|t| t.share = share.clone()))}
            {select("Measure", "advise-target-kpi", kpis, field(|t| t.kpi.name()),
                move |name| if let Some(kpi) = Kpi::from_name(&name) {
                    change(&|t| {
                        t.kpi = kpi;
                        t.bound = natural_bound(kpi);
                        t.value = starting_value(kpi, t.bound);
                    })
                })}
            {select("Must be", "advise-target-bound", bounds, field(|t| json_text::word_of(&t.bound)),
                move |symbol| if let Some(bound) = bound_of(symbol) { change(&|t| t.bound = bound) })}
            {number_and_slider("Bound", "advise-target-value", value, range, words,
                move |v| change(&|t| t.value = v))}
        }
    };
    view! {
        <div class="advise-row" data-testid="advise-target" role="group" aria-label=format!("Target {}", i + 1)>
            {move || if parses.get() {
                controls().into_any()
            } else {
                view! { <code class="advise-raw">{move || text.get()}</code> }.into_any()
            }}
            <button type="button" class="advise-remove" data-testid="advise-target-remove"
                aria-label=format!("Remove target {}", i + 1) on:click=remove>"Remove"</button>
            {errors_view(problems, vec![format!("advise.targets[{i}]")])}
        </div>
    }
}

/// The bound the engine writes as `symbol`.
fn bound_of(symbol: String) -> Option<Bound> {
    serde_json::from_value(serde_json::Value::String(symbol)).ok()
}

/// The cap on the total cost, and the per-team budgets a file brought (those are edited as
/// targets on a team's cost, so here they can only be removed).
#[component]
fn BudgetFields(problems: Memo<Vec<Diagnostic>>) -> impl IntoView {
    let state = use_editor();
    let budgets = Memo::new(move |_| {
        state
            .workspace
            .with(|w| w.settings.advise.as_ref().map(|a| a.budgets.clone()))
            .unwrap_or_default()
    });
    let currency = Memo::new(move |_| state.workspace.with(|w| w.variants[0].currency.0.clone()));
    let total_at = Memo::new(move |_| budgets.with(|b| b.iter().position(|b| b.share.is_none())));
    let total = Memo::new(move |_| {
        total_at
            .get()
            .and_then(|i| budgets.with(|b| b.get(i).map(|b| b.max)))
    });
    let set_total = move |max: Option<f64>| {
        edit_advise(&state, |spec| {
            spec.budgets.retain(|b| b.share.is_some());
            if let Some(max) = max {
                spec.budgets.insert(0, Budget { share: None, max });
            }
        })
    };
    let value = Signal::derive(move || total.get().unwrap_or(0.0));
    let range = Signal::derive(move || slider(Kpi::Cost, value.get()));
    let words = Signal::derive(move || numbers::value(Kpi::Cost, value.get(), &currency.get()));
    let shared = move || {
        budgets
            .get()
            .into_iter()
            .enumerate()
            .filter_map(|(i, b)| b.share.map(|s| (i, s, b.max)))
            .map(|(i, share, max)| {
                let remove = move |_| {
                    edit_advise(&state, |spec| {
                        if i < spec.budgets.len() {
                            spec.budgets.remove(i);
                        }
                    })
                };
                view! {
                    <li>{format!("{share}'s cost at most {}", numbers::value(Kpi::Cost, max, &currency.get()))}
                        " "<button type="button" on:click=remove>"Remove"</button>
                        {errors_view(problems, vec![format!("advise.budgets[{i}]")])}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <fieldset class="advise-budget">
            <legend>"Budget"</legend>
            <label class="field inline check">
                <input type="checkbox" data-testid="advise-budget-on" prop:checked=move || total.get().is_some()
                    on:change=move |ev| set_total(event_target_checked(&ev).then_some(1000.0)) />
                <span>"Cap the total cost: the mean cost of a run, usage plus any capacity bought"</span>
            </label>
            {move || total.get().is_some().then(|| number_and_slider("Most", "advise-budget-value", value, range, words,
                move |v| set_total(Some(v))))}
            <ul class="advise-team-budgets">{shared}</ul>
            {move || total_at.get().map(|i| errors_view(problems, vec![format!("advise.budgets[{i}]")]))}
        </fieldset>
    }
}
