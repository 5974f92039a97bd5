//! "Sweep" (docs/STUDY.md): pick one numeric parameter of the variant on screen from the engine's list
//! of sensible ones, a range and a number of steps; see each share's p50 and p90 completion,
//! lost work and cost against it, with 90% intervals over K seeds, and for checkpoint intervals
//! the Young/Daly estimate beside the measured curve.
//!
//! The sweep (parameter and values) is part of the workspace, so it is undone, saved and shared
//! with the rest. It runs on the variant on screen; `quotalab sweep` runs the same plan.
//!
//! A click (or Enter) on a point of a chart opens that point as a new variant
//! (`point_variant`) and shows Compare, where it stands beside the others: staying on Sweep would
//! sweep the new variant instead, and the chart clicked would go.

use crate::components::scenario_files::export_file_name;
use crate::results::export::TableCsv;
use crate::results::format::round_for_people;
use crate::state::use_editor;
use crate::state::view::Tab;
use crate::state::workspace::Workspace;
use crate::study::auto_run::{current_while_visible, follow, runnable, Follow, NotRunnable};
use crate::study::charts::{sweep_chart, SweepMetric};
use crate::study::controls::Problems;
use crate::study::controls::StudyControls;
use crate::study::figure::StudyFigure;
use crate::study::point_variant::open_point;
use crate::study::run::StudyRun;
use crate::study::tables::sweep_csv;
use leptos::prelude::*;
use quotalab_engine::study::{
    sweep_parameters, Definition, Summary, Sweep, SweepParameter, SweepPlan, SweepSummary,
    SWEEP_VALUES,
};

/// Steps offered by default.
const DEFAULT_STEPS: usize = 5;

/// `steps` values from `from` to `to`, ends included; whole numbers for integer fields, without
/// repeats (a range of 1 to 3 in 5 integer steps is 1, 2, 3).
pub fn sweep_values(from: f64, to: f64, steps: usize, integer: bool) -> Vec<f64> {
    let steps = steps.max(2);
    let mut values: Vec<f64> = (0..steps)
        .map(|i| from + (to - from) * i as f64 / (steps - 1) as f64)
        .map(|v| {
            if integer {
                v.round()
            } else {
                (v * 1e6).round() / 1e6
            }
        })
        .collect();
    values.dedup();
    values
}

/// The `quotalab sweep` command line that runs `sweep` on the file "Export" saves, for sweeps too
/// large for the browser or for a batch system (docs/STUDY.md). A study's file holds every
/// variant, so `--variant` names the one on screen by its tab number.
pub fn cli_command(workspace: &Workspace, sweep: &Sweep) -> String {
    let mut words = vec!["quotalab sweep".to_owned(), export_file_name(workspace)];
    if workspace.is_study() {
        words.push(format!("--variant {}", workspace.active + 1));
    }
    let values: Vec<String> = sweep.values.iter().map(f64::to_string).collect();
    words.push(format!("--param '{}'", sweep.param));
    words.push(format!("--values {}", values.join(",")));
    words.push(format!("--seeds {}", workspace.settings.seeds));
    words.join(" ")
}

/// What to do before the first sweep.
const NO_SWEEP_YET: &str = "Pick a parameter and a range, then press \u{201c}Run sweep\u{201d}.";

/// The sweep plan of the variant on screen, or why there is none.
fn definition(workspace: &Workspace) -> Result<Definition, NotRunnable> {
    let Some(sweep) = workspace.settings.sweep.clone() else {
        return Err(NotRunnable::FirstStep(NO_SWEEP_YET));
    };
    let plan = SweepPlan::new(
        workspace.active_scenario().clone(),
        sweep,
        workspace.settings.seeds,
    );
    runnable(plan.validate(), || Definition::Sweep(Box::new(plan)))
}

/// What is wrong with the sweep form, as it says so under its fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
enum SweepFormError {
    #[error("Pick a parameter to sweep.")]
    NoParameter,
    /// The field ("From", "To") does not hold a number.
    #[error("{0}: enter a number.")]
    NotANumber(&'static str),
    #[error("Steps: enter a whole number from {} to {}.", SWEEP_VALUES.start(), SWEEP_VALUES.end())]
    Steps,
    #[error("From and To give fewer than two different values; widen the range.")]
    TooFewValues,
}

#[component]
pub fn SweepView(run: StudyRun, #[prop(into)] visible: Signal<bool>) -> impl IntoView {
    let state = use_editor();
    let parameters = Memo::new(move |_| state.scenario.with(sweep_parameters));
    let current = current_while_visible(visible, definition);
    let Follow {
        waits_for_click,
        stale,
        ..
    } = follow(run, visible, current);
    let form = SweepForm::new(
        state.workspace.get_untracked().settings.sweep.as_ref(),
        &parameters.get_untracked(),
    );
    let start = Callback::new(move |()| match form.sweep(&parameters.get_untracked()) {
        Err(why) => form.error.set(Some(why.to_string())),
        Ok(sweep) => {
            form.error.set(None);
            state.edit_workspace(|w| {
                w.settings.sweep = Some(sweep);
                Ok::<_, std::convert::Infallible>(())
            });
            if let Ok(work) = current.get_untracked() {
                work.start(run);
            }
        }
    });
    // The Run button sets the sweep from the form first, so it only needs a parameter to offer.
    let can_run = Signal::derive(move || !parameters.with(Vec::is_empty));
    let shown = Memo::new(move |_| {
        run.finished
            .get()
            .filter(|f| matches!(f.summary, Summary::Sweep(_)))
    });
    view! {
        <div class="study-view" data-testid="sweep-view">
            <p class="study-caption">{move || format!("Sweeps the variant on screen, \u{201c}{}\u{201d}.", state.scenario.with(|s| s.name.clone()))}</p>
            <SweepFields form parameters />
            <StudyControls run on_run=start run_label="Run sweep" can_run />
            {move || waits_for_click.get().then(|| view! {
                <p class="study-note">"This sweep is large, so it runs again only when you press \u{201c}Run sweep\u{201d}."</p>
            })}
            // Before a sweep is set up, nothing has gone wrong: say what to do, not in red.
            {move || if state.workspace.with(|w| w.settings.sweep.is_some()) {
                view! { <Problems current testid="sweep-problems" /> }.into_any()
            } else {
                view! { <p class="study-note" data-testid="sweep-hint">{NO_SWEEP_YET}</p> }.into_any()
            }}
            {move || state.workspace.with(|w| w.settings.sweep.as_ref().map(|sweep| {
                let command = cli_command(w, sweep);
                view! { <p class="study-note" data-testid="sweep-cli">"The same sweep on the command line, on the file Export saves: "<code class="cli-command" title="One click selects the whole command">{command}</code></p> }
            }))}
            {move || shown.get().map(|finished| {
                let Summary::Sweep(summary) = &finished.summary else { unreachable!("filtered above") };
                view! { <div class="sweep-charts" class:stale=stale><SweepCharts summary=summary.clone() /></div> }
            })}
        </div>
    }
}

/// The sweep form's fields, as typed.
#[derive(Clone, Copy)]
struct SweepForm {
    param: RwSignal<String>,
    from: RwSignal<String>,
    to: RwSignal<String>,
    steps: RwSignal<String>,
    error: RwSignal<Option<String>>,
}

impl SweepForm {
    /// The form showing `sweep` if there is one, else the first parameter's suggested range.
    fn new(sweep: Option<&Sweep>, parameters: &[SweepParameter]) -> SweepForm {
        let (param, from, to, steps) = match sweep {
            Some(s) => (
                s.param.clone(),
                s.values.first().copied().unwrap_or(0.0),
                s.values.last().copied().unwrap_or(0.0),
                s.values.len(),
            ),
            None => parameters
                .first()
                .map_or((String::new(), 0.0, 0.0, DEFAULT_STEPS), |p| {
                    (
                        p.path.clone(),
                        p.suggested_range.0,
                        p.suggested_range.1,
                        DEFAULT_STEPS,
                    )
                }),
        };
        SweepForm {
            param: RwSignal::new(param),
            from: RwSignal::new(from.to_string()),
            to: RwSignal::new(to.to_string()),
            steps: RwSignal::new(steps.to_string()),
            error: RwSignal::new(None),
        }
    }

    /// Picks `path` and fills in its suggested range.
    fn pick(self, path: String, parameters: &[SweepParameter]) {
        if let Some(p) = parameters.iter().find(|p| p.path == path) {
            self.from.set(p.suggested_range.0.to_string());
            self.to.set(p.suggested_range.1.to_string());
        }
        self.param.set(path);
    }

    /// The sweep the form describes, or what is wrong with it.
    fn sweep(self, parameters: &[SweepParameter]) -> Result<Sweep, SweepFormError> {
        let param = self.param.get_untracked();
        let parameter = parameters
            .iter()
            .find(|p| p.path == param)
            .ok_or(SweepFormError::NoParameter)?;
        let number = |text: String, what: &'static str| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or(SweepFormError::NotANumber(what))
        };
        let from = number(self.from.get_untracked(), "From")?;
        let to = number(self.to.get_untracked(), "To")?;
        let steps = self
            .steps
            .get_untracked()
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|s| SWEEP_VALUES.contains(s))
            .ok_or(SweepFormError::Steps)?;
        let values = sweep_values(from, to, steps, parameter.integer);
        if values.len() < *SWEEP_VALUES.start() {
            return Err(SweepFormError::TooFewValues);
        }
        Ok(Sweep { param, values })
    }
}

#[component]
fn SweepFields(form: SweepForm, parameters: Memo<Vec<SweepParameter>>) -> impl IntoView {
    let options = move || {
        parameters.with(|ps| {
            ps.iter()
                .map(|p| {
                    let selected = form.param.get() == p.path;
                    let current = p.current.map_or("unset".to_string(), round_for_people);
                    view! { <option value=p.path.clone() selected=selected>{format!("{} (now {current})", p.label)}</option> }
                })
                .collect_view()
        })
    };
    // A long label (a ClusterQueue's quota on a flavor) is cut off in the closed select: its
    // tooltip says it whole.
    let chosen = move || {
        let path = form.param.get();
        parameters.with(|ps| ps.iter().find(|p| p.path == path).map(|p| p.label.clone()))
    };
    let text_field = |label: &'static str,
                      value: RwSignal<String>,
                      testid: &'static str,
                      tip: &'static str| {
        view! {
            <label class="field inline" title=tip>
                <span>{label}</span>
                <input type="text" inputmode="decimal" data-testid=testid prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev)) />
            </label>
        }
    };
    view! {
        <div class="sweep-fields">
            <label class="field" title="The numeric field of the scenario to vary; the engine lists the ones worth sweeping.">
                <span>"Parameter"</span>
                <select data-testid="sweep-param" title=chosen on:change=move |ev| form.pick(event_target_value(&ev), &parameters.get_untracked())>
                    {options}
                </select>
            </label>
            {text_field("From", form.from, "sweep-from", "The first value")}
            {text_field("To", form.to, "sweep-to", "The last value")}
            {text_field("Steps", form.steps, "sweep-steps", "How many values from From to To, ends included (2 to 50)")}
            <p class="field-error" role="alert">{move || form.error.get()}</p>
        </div>
    }
}

#[component]
fn SweepCharts(summary: SweepSummary) -> impl IntoView {
    let state = use_editor();
    let currency = state.scenario.with_untracked(|s| s.currency.0.clone());
    let summary = std::sync::Arc::new(summary);
    let open = {
        let summary = std::sync::Arc::clone(&summary);
        move |point: usize| {
            let Some(value) = summary.points.get(point).map(|p| p.value) else {
                return;
            };
            state.edit_workspace(|w| open_point(w, &summary.param, &summary.label, value));
            state.screen.tab.set(Tab::Compare);
        }
    };
    let table = std::sync::Arc::clone(&summary);
    let csv = Callback::new(move |()| sweep_csv(&table));
    let young_daly = summary.young_daly.clone().map(|y| {
        let text = match (y.optimum_interval_h, y.mean_time_between_interruptions_h) {
            (Some(optimum), Some(mtbi)) => format!(
                "Young/Daly for mix {}: sqrt(2 \u{d7} {} h checkpoint cost \u{d7} {} h between interruptions) \u{2248} {} h, drawn as a dashed line.",
                y.mix,
                round_for_people(y.checkpoint_cost_h),
                round_for_people(mtbi),
                round_for_people(optimum)
            ),
            _ => y.note.clone().unwrap_or_else(|| "No Young/Daly estimate: no job of this mix was interrupted.".into()),
        };
        view! { <p class="study-note" data-testid="young-daly">{text}</p> }
    });
    let seeds = summary.seeds.len();
    let charts = SweepMetric::ALL
        .into_iter()
        .map(|metric| {
            let (drawn, points) = sweep_chart(&summary, metric, &currency);
            let open = open.clone();
            let on_pick = Callback::new(move |mark: usize| {
                if let Some(&point) = points.get(mark) {
                    open(point);
                }
            });
            view! {
                <StudyFigure title=format!("{} against {}", metric.title(), summary.label)
                    name=format!("sweep-{}", metric.field()) drawn on_pick=Some(on_pick)
                    caption=format!("One line per share; dots are the mean of {seeds} seeds, whiskers the 90% interval. Click a dot (or press Enter on it) to open that point as a variant for Compare.") />
            }
        })
        .collect_view();
    view! {
        <p class="exports study-exports">
            <TableCsv file_name="quotalab-sweep.csv" label="Table CSV" csv
                title="Every point's numbers per share with their 90% intervals, exact values" />
        </p>
        {young_daly}{charts}
    }
}

#[cfg(test)]
mod tests {
    use super::{cli_command, sweep_values};
    use crate::state::default_scenario;
    use crate::state::workspace::Workspace;
    use quotalab_engine::study::Sweep;

    #[test]
    fn the_command_line_names_the_exported_file_and_the_variant_on_screen() {
        let scenario = default_scenario();
        let mut workspace = Workspace::single(scenario);
        workspace.settings.seeds = 10;
        let sweep = Sweep {
            param: "capacity[0].count".into(),
            values: vec![1.0, 2.0, 4.0],
        };
        assert_eq!(
            cli_command(&workspace, &sweep),
            "quotalab sweep three-teams-share-a-g5-pool.json --param 'capacity[0].count' --values 1,2,4 --seeds 10"
        );
        workspace.duplicate_active().unwrap();
        let command = cli_command(
            &workspace,
            &Sweep {
                values: vec![0.25, 0.5],
                ..sweep
            },
        );
        assert!(command.contains(" --variant 2 "), "{command}");
        assert!(
            command.ends_with("--values 0.25,0.5 --seeds 10"),
            "{command}"
        );
    }

    #[test]
    fn values_run_from_one_end_to_the_other() {
        assert_eq!(sweep_values(1.0, 3.0, 5, false), [1.0, 1.5, 2.0, 2.5, 3.0]);
        assert_eq!(sweep_values(1.0, 3.0, 5, true), [1.0, 2.0, 3.0]);
        assert_eq!(sweep_values(0.1, 0.3, 3, false), [0.1, 0.2, 0.3]);
    }
}
