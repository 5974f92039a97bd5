//! A run for the page: the scenario runs with progress, and the reply's body is what the page
//! draws (`quotalab_engine::result::view::Drawn`): the summary JSON, then the job columns. A
//! job's whole record comes when its story is opened (`story`), and the whole document, byte
//! for byte what the engine wrote, only on request, in pieces (`document`); both from the run
//! the worker keeps (`held`), which makes each record from its history as it is asked for.

use super::held;
use crate::worker::carried::Carried;
use crate::worker::messages::{wasm_memory_bytes, Fault, Reply};
use crate::worker::outgoing::Body;
use crate::worker::serve::{Answered, Done, Replier};
use crate::worker::wire::Refusal;
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::view::DrawnParts;
use quotalab_engine::{Keep, LoadError, Scenario};
use std::rc::Rc;

/// Runs `scenario` (JSON) as run `run`, with the listed jobs of run `jobs_of` if it names one,
/// reporting progress every `progress_every` events. The JSON goes once it is read, before the
/// run: the run needs only the scenario.
pub fn answer(
    run: u64,
    progress_every: u64,
    scenario: Carried,
    jobs_of: Option<u64>,
    fault: Option<Fault>,
    now_ms: &dyn Fn() -> f64,
    replier: &mut Replier<'_, '_, Reply>,
) -> Answered<Reply> {
    if let Some(fault) = fault {
        fault.stage();
    }
    let scenario = scenario_of(scenario, jobs_of)?;
    if !scenario.jobs.is_empty() {
        held::keep_jobs(run, scenario.jobs.clone());
    }
    let started = now_ms();
    let mut report = |p: quotalab_engine::Progress| {
        let progress = Reply::Progress {
            events: p.events,
            now_h: p.now_h,
            jobs_ended: p.jobs_ended,
            jobs: p.jobs,
        };
        replier.interim(progress, &Body::Empty);
        true
    };
    // Cancelling is done by terminating the worker, so the callback never stops the run.
    // The page draws no event and each usage series at the chart's resolution: the run keeps
    // only that (`Keep::Drawn`), and "Result JSON" runs again keeping everything (`held`,
    // `document`).
    let finished = quotalab_engine::run(&scenario, Keep::Drawn, progress_every, &mut report)
        .ok_or(Refusal::Stopped)?;
    let elapsed_ms = now_ms() - started;
    let finished = Rc::new(finished);
    let parts = DrawnParts::of(Rc::clone(&finished), ALL_JOBS);
    let summary_bytes = parts.summary.len() as u64;
    held::remember(run, Keep::Drawn, finished);
    Ok(Done {
        reply: Reply::Ran {
            elapsed_ms,
            memory_bytes: wasm_memory_bytes(),
            summary_bytes,
        },
        body: Body::Drawn(Box::new(parts)),
    })
}

/// The scenario `json` says, validated, with the listed jobs of run `jobs_of` when it names one:
/// its JSON then leaves them out, and the worker holds them (docs/ARCHITECTURE.md, "Jobs the
/// worker keeps"). The jobs kept before go either way, before the JSON is read: this run takes
/// them, or its own replace them, and two lists of a million jobs are never alive together.
fn scenario_of(json: Carried, jobs_of: Option<u64>) -> Result<Scenario, Refusal> {
    // Taken now, and dropped now unless they are the ones this run takes.
    let kept = held::take_jobs().filter(|(kept_run, _)| Some(*kept_run) == jobs_of);
    let invalid = |err: LoadError| Refusal::Invalid(err.to_string());
    let mut scenario = json.into_scenario().map_err(invalid)?;
    if let Some(of) = jobs_of {
        if !scenario.jobs.is_empty() {
            return Err(Refusal::Unreadable(format!(
                "a run that takes the jobs of run {of} lists jobs of its own"
            )));
        }
        scenario.jobs = kept.ok_or(Refusal::NotHeld(of))?.1;
    }
    let report = scenario.validate();
    if report.is_valid() {
        Ok(scenario)
    } else {
        Err(invalid(LoadError::Invalid { report }))
    }
}

impl Fault {
    /// Fails as asked; never returns.
    fn stage(self) -> ! {
        match self {
            Fault::Panic => panic!("test fault: the engine panicked on purpose"),
            Fault::Throw => wasm_bindgen::throw_str("test fault: the worker threw on purpose"),
        }
    }
}
