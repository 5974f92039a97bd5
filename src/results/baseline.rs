//! The baseline the KPI cards and the presenter view compare with: a variant the room can see
//! (V1 unless another is chosen), so "▲ +3.7 h" means "worse than V1", not "worse than a moment
//! ago". The change since the previous run stays on the cards as a secondary hint.
//!
//! While another variant is on screen, the baseline variant runs in a worker of its own (the same
//! module and protocol as the session's), once per change of the baseline scenario, so
//! editing the variant on screen never re-runs the baseline.

use crate::results::charts::canvas::share_summaries;
use crate::state::workspace::variant_tag;
use crate::state::Editor;
use crate::worker::messages::{Reply, Request, Simulation};
use crate::worker::{Latest, Worker};
use leptos::prelude::*;
use quotalab_engine::json_text;
use quotalab_engine::result::ShareResult;
use quotalab_engine::Scenario;
use std::sync::Arc;

/// A finished run of the baseline variant: its share summaries, all the cards and slides compare
/// (`share_summaries`); its job columns are not kept, as at a million jobs they are over a
/// hundred megabytes of the page's memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// How the room names it: "V1".
    pub tag: String,
    pub shares: Arc<[ShareResult]>,
}

/// Shared handles on the baseline (a `Copy` bag of signals, like the session).
#[derive(Clone, Copy)]
pub struct Baseline {
    /// The chosen baseline variant (an index into the workspace's variants).
    pub index: RwSignal<usize>,
    /// The baseline's latest result; `None` while the variant on screen is the baseline itself,
    /// in a scenario without variants, or before the baseline has run.
    pub reference: RwSignal<Option<Reference>>,
    worker: StoredValue<Option<Worker<Simulation>>, LocalStorage>,
    runs: Latest,
}

/// The variant to run as the baseline, when it is not the one on screen.
fn baseline_scenario(state: Editor, index: usize) -> Option<(usize, Arc<Scenario>)> {
    state.workspace.with(|w| {
        let index = index.min(w.variants.len() - 1);
        (w.variants.len() > 1 && index != w.active).then(|| (index, w.variants[index].clone()))
    })
}

/// Starts the baseline of the work `state` edits and provides it as context (the app root, once).
pub fn provide(state: Editor) -> Baseline {
    let baseline = Baseline::start(state);
    provide_context(baseline);
    baseline
}

/// The baseline the app root provided.
pub fn use_baseline() -> Baseline {
    expect_context::<Baseline>()
}

impl Baseline {
    fn start(state: Editor) -> Baseline {
        let baseline = Baseline {
            index: RwSignal::new(0),
            reference: RwSignal::new(None),
            worker: StoredValue::new_local(None),
            runs: Latest::new(),
        };
        let wanted = Memo::new(move |_| baseline_scenario(state, baseline.index.get()));
        Effect::new(move |_| match wanted.get() {
            Some((index, scenario)) => baseline.run(index, &scenario),
            None => {
                baseline.runs.stop();
                baseline.worker.set_value(None);
                baseline.reference.set(None);
            }
        });
        baseline
    }

    /// The tag of the chosen baseline ("V1"), for "vs V1".
    pub fn tag(self) -> String {
        variant_tag(self.index.get())
    }

    fn run(self, index: usize, scenario: &Scenario) {
        self.reference.set(None);
        // A fresh worker per baseline run: a change of the baseline ends the run in flight.
        self.worker.set_value(None);
        if !scenario.validate().errors.is_empty() {
            return;
        }
        let Ok(worker) = Worker::start() else {
            return;
        };
        let ticket = self.runs.start();
        let asked = worker.ask(Request::Run {
            run: ticket.number(),
            progress_every: 0,
            scenario: json_text::compact(scenario).into(),
            jobs_of: None,
            fault: None,
        });
        self.worker.set_value(Some(worker));
        let tag = variant_tag(index);
        // If the baseline's run fails, the cards simply show no comparison: the failure of the
        // run on screen is what the status line reports.
        ticket.run(asked, move |answer| {
            let drawn = answer.ok().filter(|a| matches!(a.reply, Reply::Ran { .. }));
            if let Some(result) = drawn.and_then(|a| a.drawn().ok()) {
                self.reference.set(Some(Reference {
                    tag,
                    shares: share_summaries(&result).into(),
                }));
            }
        });
    }
}
