//! The Kueue gallery example in the browser: the engine runs it in wasm, every chart draws it,
//! the reclaim chart names Kueue's eviction reasons and the work lost to them, and the per-queue table shows the engine's
//! resource-hours and evictions.

use crate::support::{all, attached_root};
use leptos::prelude::*;
use quotalab_app::results::charts::Chart;
use quotalab_app::results::format::round_for_people;
use quotalab_app::results::kueue_queues::KueueQueues;
use quotalab_app::results::session::Outcome;
use quotalab_app::state::gallery;
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::{simulate, Scenario};
use std::sync::Arc;
use wasm_bindgen_test::*;

fn example() -> Scenario {
    let example = gallery::find("kueue-three-teams").expect("in the gallery");
    Scenario::parse_json(example.json).expect("it parses")
}

#[wasm_bindgen_test]
fn the_kueue_example_runs_and_every_chart_draws_it() {
    let drawn = Drawn::of(simulate(&example()), ALL_JOBS);
    assert!(
        drawn.kueue.is_some(),
        "a Kueue run has its per-queue summary"
    );
    for chart in Chart::ALL {
        let svg = chart.draw(&drawn);
        assert!(svg.contains("<svg"), "{chart:?} draws");
    }
    let reclaim = Chart::Reclaim.draw(&drawn);
    assert!(
        reclaim.contains("InCohortReclamation"),
        "the reclaim chart names Kueue's reason"
    );
    let lost = drawn.totals.lost_by_cause.in_cohort_reclamation;
    let labels = reclaim.replace('\n', "");
    assert!(
        lost > 0.0 && labels.matches(">InCohortReclamation</text>").count() == 2,
        "the reason labels the evictions and, in its own row of bars, the work lost to them"
    );
}

#[wasm_bindgen_test]
fn the_per_queue_table_shows_the_engines_hours_and_evictions_by_reason() {
    let scenario = example();
    let drawn = Drawn::of(simulate(&scenario), ALL_JOBS);
    let summary = drawn.kueue.clone().expect("a Kueue run");
    let outcome = Arc::new(Outcome {
        revision: 0,
        opened: 0,
        result: drawn,
        run: 1,
        scenario: scenario.clone(),
        elapsed_ms: 1.0,
    });
    let host = attached_root();
    let current = Signal::derive(move || Some(outcome.clone()));
    std::mem::forget(mount_to(
        host.clone(),
        move || view! { <KueueQueues outcome=current /> },
    ));
    let rows = all(&host, "[data-testid=kueue-queue-row]");
    assert_eq!(rows.len(), summary.queues.len());
    for (row, queue) in rows.iter().zip(&summary.queues) {
        let text = row.text_content().unwrap_or_default();
        assert!(text.contains(&queue.name.to_string()), "{text}");
        // The cells hold numbers only; the unit stands under the resource's name.
        let hours = &queue.resources[0];
        assert!(
            text.contains(&format!("{}-hours", hours.resource)),
            "{text}"
        );
        let cells: Vec<String> = all(row, "td")
            .iter()
            .map(|cell| cell.text_content().unwrap_or_default().trim().to_string())
            .collect();
        for figure in [hours.borrowed_h, hours.lent_h] {
            assert!(
                cells.contains(&round_for_people(figure)),
                "{figure} h in {cells:?}"
            );
        }
        for count in queue.evicted.iter().chain(&queue.caused) {
            let reason = count.reason.kueue_reason().unwrap_or(count.reason.as_str());
            assert!(
                text.contains(&format!("{reason} {}", count.count)),
                "{text}"
            );
        }
    }
    assert!(
        host.text_content()
            .unwrap_or_default()
            .contains("InCohortReclamation"),
        "the example's inference queue takes its lent GPUs back"
    );
    host.remove();
}
