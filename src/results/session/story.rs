//! A job's story on demand: the page holds only the job columns, so opening a story asks the
//! worker for that job's whole record (`Request::Story`), and the drawer shows it once it
//! comes. Only the story asked for last is shown.

use crate::results::session::{Outcome, Session};
use crate::worker::carried::Carried;
use crate::worker::messages::{Reply, Request};
use crate::worker::wire::Refusal;
use crate::worker::WorkerError;
use leptos::prelude::*;
use quotalab_engine::result::JobResult;
use quotalab_engine::Scenario;
use std::sync::Arc;

/// The story asked for last, and the job once the worker has sent it.
#[derive(Debug, Clone, PartialEq)]
pub struct Story {
    pub run: u64,
    pub job: usize,
    /// `None` while the worker has not answered.
    pub record: Option<Arc<JobResult>>,
}

impl Session {
    /// Asks the worker for job `job` of `outcome`, unless it is the story already asked for.
    pub fn open_story(self, outcome: &Outcome, job: usize) {
        let (run, asked) = (outcome.run, Some((outcome.run, job)));
        if self
            .story
            .with_untracked(|s| s.as_ref().map(|s| (s.run, s.job)))
            == asked
        {
            return;
        }
        self.story.set(Some(Story {
            run,
            job,
            record: None,
        }));
        self.ask_story(run, job, outcome.scenario.clone(), Carried::default());
    }

    /// Asks for job `job` of run `run` with `sending`, the scenario or nothing. The first ask
    /// sends nothing: the worker holds the run it ran last, and a trace's JSON is a quarter of
    /// a gigabyte to write and to read. If the worker no longer holds the run
    /// (`Refusal::NotHeld`), the story is asked again with `scenario`, which runs it again to
    /// the same result.
    fn ask_story(self, run: u64, job: usize, scenario: Scenario, sending: Carried) {
        let sent_scenario = !sending.is_empty();
        let request = Request::Story {
            run,
            job,
            scenario: sending,
        };
        self.ask(
            self.stories.start(),
            request,
            |_| {},
            move |answer| match answer.map(|a| a.reply) {
                Ok(Reply::Story(record)) => self.story.set(Some(Story {
                    run,
                    job,
                    record: Some(Arc::from(record)),
                })),
                Err(WorkerError::Gone) => {}
                Err(WorkerError::Refused(Refusal::NotHeld(_))) if !sent_scenario => {
                    let sending = Carried::from(scenario.clone());
                    self.ask_story(run, job, scenario, sending);
                }
                Ok(_) => self.fail(format!(
                    "the job's story cannot be read: {}",
                    WorkerError::OtherAnswer("the simulation worker")
                )),
                Err(err) => self.fail(format!("the job's story cannot be read: {err}")),
            },
        );
    }
}
