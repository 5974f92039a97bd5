//! "Compare variants" (docs/STUDY.md; docs/DESIGN.md, "Compare"): per share, every KPI of every variant
//! with its 90% interval over K seeds and its difference from the first variant, coloured only
//! when the seeds say the difference is real; what changed between the variants in plain words;
//! the completion-time CDFs overlaid and the cost bars.

use crate::results::colours::share_colour;
use crate::results::export::{file_slug, TableCsv};
use crate::state::workspace::Workspace;
use crate::state::{use_editor, Editor};
use crate::study::auto_run::{current_while_visible, follow, runnable, Follow, NotRunnable};
use crate::study::charts::{completion_overlay, cost_bars, share_index, share_names, variant_tag};
use crate::study::controls::Problems;
use crate::study::controls::StudyControls;
use crate::study::figure::StudyFigure;
use crate::study::numbers::{estimate, signed, value, verdict_class, verdict_words};
use crate::study::rules_view::RulesDifferences;
use crate::study::run::{Finished, StudyRun};
use crate::study::tables::comparison_csv;
use leptos::prelude::*;
use quotalab_engine::result::numbers::count;
use quotalab_engine::study::{Comparison, Definition, Kpi, KpiSummary, Summary, VariantChanges};
use std::sync::Arc;

/// What to do before the first comparison.
const NO_VARIANTS_YET: &str = "Compare needs two variants or more: press \u{201c}Duplicate as variant\u{201d} above BUILD, change something in the copy, and the comparison appears here.";

/// The comparison of the workspace's variants, or why there is none.
fn definition(workspace: &Workspace) -> Result<Definition, NotRunnable> {
    if !workspace.is_study() {
        return Err(NotRunnable::FirstStep(NO_VARIANTS_YET));
    }
    let study = workspace.to_study();
    runnable(study.validate(), || Definition::Compare(study))
}

/// Listed jobs in a variant above which the comparison's note names its memory and the CLI:
/// each run's worker holds the variant's jobs, text and run (docs/PERFORMANCE.md, "A study of
/// a trace runs each variant once").
const MANY_LISTED_JOBS: usize = 100_000;

/// The most listed jobs of any variant, when more than [`MANY_LISTED_JOBS`].
fn many_listed_jobs(workspace: &Workspace) -> Option<usize> {
    workspace
        .variants
        .iter()
        .map(|s| s.jobs.len())
        .max()
        .filter(|&jobs| jobs > MANY_LISTED_JOBS)
}

#[component]
pub fn CompareView(run: StudyRun, #[prop(into)] visible: Signal<bool>) -> impl IntoView {
    let state = use_editor();
    // The study's agreement report reports this run's comparison.
    crate::interop::report::study::offer(run);
    let current = current_while_visible(visible, definition);
    let Follow {
        waits_for_click,
        start,
        can_run,
        stale,
    } = follow(run, visible, current);
    let shown = Memo::new(move |_| {
        let finished: Option<Arc<Finished>> = run.finished.get();
        finished.filter(|f| matches!(f.summary, Summary::Comparison(_)))
    });
    view! {
        <div class="study-view" data-testid="compare-view">
            <StudyControls run on_run=start run_label="Run comparison" can_run />
            <ThresholdInput state />
            <button type="button" class="compare-report" data-testid="compare-report" title="Every variant, this comparison and what changed, ready to print (R)"
                on:click=move |_| state.screen.dialog.set(Some(crate::state::Dialog::AgreementReport))>"Agreement report of the study"</button>
            {move || waits_for_click.get().then(|| view! {
                <p class="study-note" data-testid="compare-waits">
                    "This comparison is large, so it runs when you press \u{201c}Run comparison\u{201d}."
                    {move || state.workspace.with(many_listed_jobs).map(|jobs| format!(
                        " A variant lists {} jobs: at 600,000 the comparison takes about 35 seconds and 5 to 7 GB of this browser's memory. \
                        quotalab compare runs the same comparison from the variants' files.", count(jobs as u64)))}
                </p>
            })}
            <Problems current testid="compare-problems" />
            {move || shown.get().map(|finished| {
                let Summary::Comparison(comparison) = &finished.summary else { unreachable!("filtered above") };
                let teams = comparison.rules_differences.clone();
                view! {
                    <div class="comparison" class:stale=stale>
                        <RulesDifferences teams />
                        <ComparisonBody comparison=comparison.clone() />
                    </div>
                }
            })}
        </div>
    }
}

/// The T of P(wait < T).
#[component]
fn ThresholdInput(state: Editor) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let set = move |ev: leptos::ev::Event| match event_target_value(&ev).trim().parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 => {
            error.set(None);
            state.edit_workspace(|w| {
                w.settings.wait_threshold_h = t;
                Ok::<_, std::convert::Infallible>(())
            });
        }
        _ => error.set(Some(
            "Wait threshold: enter a number of hours above 0.".into(),
        )),
    };
    view! {
        <label class="field inline" title="The comparison shows, per share, the fraction of jobs that waited less than this (P(wait < T)).">
            <span>"Wait threshold T (h)"</span>
            <input type="number" min="0" step="any" data-testid="study-threshold"
                prop:value=move || state.workspace.with(|w| w.settings.wait_threshold_h.to_string()) on:change=set />
        </label>
        <p class="field-error" role="alert">{move || error.get()}</p>
    }
}

#[component]
fn ComparisonBody(comparison: Comparison) -> impl IntoView {
    let comparison = Arc::new(comparison);
    let shares = share_names(&comparison);
    let cost = cost_bars(&comparison);
    let seeds = comparison.seeds.len();
    let table = Arc::clone(&comparison);
    let csv = Callback::new(move |()| comparison_csv(&table));
    view! {
        <p class="exports study-exports">
            <TableCsv file_name="quotalab-compare.csv" label="Table CSV" csv
                title="Every KPI of every share and variant with its 90% interval and its difference from V1, exact values" />
        </p>
        <p class="study-caption">
            {format!(
                "Each number is the mean over {seeds} seed{} with its 90% interval in brackets. Differences are from V1, paired seed by seed (the same seeds for every variant); they are coloured only when the interval excludes zero.",
                if seeds == 1 { "" } else { "s" }
            )}
        </p>
        <Changes comparison=comparison.clone() />
        {comparison.notes.iter().map(|n| view! { <p class="study-note">{n.clone()}</p> }).collect_view()}
        {shares.into_iter().map(|share| view! { <ShareComparison comparison=comparison.clone() share /> }).collect_view()}
        <StudyFigure title="Cost by share and variant" name="compare-cost" drawn=cost
            caption="Bars are the mean cost over the seeds, whiskers the 90% interval; later variants are lighter." />
    }
}

/// What differs between each variant and the first, field by field.
#[component]
fn Changes(comparison: Arc<Comparison>) -> impl IntoView {
    let items = comparison
        .changes
        .iter()
        .map(|VariantChanges { variant, fields }| {
            let index = comparison.variants.iter().position(|v| v.name == *variant).unwrap_or(0);
            let what = if fields.is_empty() {
                "the same as V1 (only the name differs)".to_string()
            } else {
                format!("{} change{} from V1", fields.len(), if fields.len() == 1 { "" } else { "s" })
            };
            view! {
                <li>
                    <strong>{format!("{} ", variant_tag(index))}</strong>{variant.clone()}": "{what}
                    <ul>{fields.iter().map(|f| view! { <li title=f.path.clone()>{f.words.clone()}</li> }).collect_view()}</ul>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="study-changes" data-testid="compare-changes">
            <h3>"What changed"</h3>
            <ul>{items}</ul>
        </section>
    }
}

/// One share: the KPI table and the overlaid CDFs.
#[component]
fn ShareComparison(comparison: Arc<Comparison>, share: String) -> impl IntoView {
    let colour = share_colour(share_index(&comparison, &share));
    let header = comparison
        .variants
        .iter()
        .enumerate()
        .map(|(i, v)| view! { <th scope="col">{variant_tag(i)}" "<span class="variant-name">{v.name.clone()}</span></th> })
        .collect_view();
    let rows = Kpi::COMPARED
        .iter()
        .map(|&kpi| {
            let cells = comparison
                .variants
                .iter()
                .map(|v| {
                    let summary = v.shares.iter().find(|s| s.share == share).and_then(|s| s.kpis.iter().find(|k| k.kpi == kpi));
                    view! { <KpiCell summary=summary.cloned() currency=comparison.currency.clone() /> }
                })
                .collect_view();
            view! { <tr><th scope="row">{kpi_label(kpi, &comparison)}</th>{cells}</tr> }
        })
        .collect_view();
    let cdf = completion_overlay(&comparison, &share);
    view! {
        <section class="compare-share" style=format!("border-left-color: {colour}") data-testid="compare-share">
            <h3>{share.clone()}</h3>
            <table class="compare-table">
                <thead><tr><th scope="col">"KPI"</th>{header}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <StudyFigure title=format!("Completion time of {share}, every variant")
                name=format!("compare-completion-{}", file_slug(&share)) drawn=cdf
                caption="Read across: the further left a line rises, the sooner that variant finishes this share's jobs. V1 is solid, the others dashed." />
        </section>
    }
}

fn kpi_label(kpi: Kpi, comparison: &Comparison) -> String {
    match kpi {
        Kpi::WaitBelowThreshold => format!(
            "P(wait < {} h)",
            crate::results::format::round_for_people(comparison.wait_threshold_h)
        ),
        _ => kpi.label().to_string(),
    }
}

/// One variant's value of one KPI, and its difference from V1.
#[component]
fn KpiCell(summary: Option<KpiSummary>, currency: String) -> impl IntoView {
    let Some(summary) = summary else {
        return view! { <td class="na" title="This variant has no such share">"\u{2014}"</td> }
            .into_any();
    };
    let kpi = summary.kpi;
    let main = summary
        .estimate
        .map_or_else(|| "n/a".to_string(), |e| estimate(kpi, &e, &currency));
    let diff = summary.diff.map(|d| {
        let title = format!(
            "Paired difference from V1 over {} seeds: {} (90% interval {} to {}), {}",
            d.n,
            signed(kpi, d.mean, &currency),
            value(kpi, d.lo, &currency),
            value(kpi, d.hi, &currency),
            verdict_words(&d)
        );
        view! {
            <span class=verdict_class(&d) title=title>
                {format!("{} ({})", signed(kpi, d.mean, &currency), verdict_words(&d))}
            </span>
        }
    });
    view! { <td><span class="value">{main}</span>{diff}</td> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::scenario::JobSpec;
    use quotalab_engine::Scenario;

    fn listing(jobs: usize) -> Scenario {
        Scenario {
            jobs: vec![JobSpec::default(); jobs].into(),
            ..Scenario::default()
        }
    }

    #[test]
    fn only_a_variant_of_more_than_a_hundred_thousand_listed_jobs_names_its_memory() {
        let mut workspace = Workspace::single(listing(MANY_LISTED_JOBS));
        assert_eq!(many_listed_jobs(&workspace), None);
        workspace
            .add_variant(listing(MANY_LISTED_JOBS + 1))
            .expect("a second variant");
        assert_eq!(many_listed_jobs(&workspace), Some(MANY_LISTED_JOBS + 1));
    }
}
