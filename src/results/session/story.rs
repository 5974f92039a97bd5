//! A job's story on demand: the page holds only the job columns, so opening a story asks the
//! worker for that job's whole record (`protocol::story`), and the drawer shows it once it
//! comes. A reply for another run or job than the one asked for last is dropped.

use crate::results::protocol::story::StoryRequest;
use crate::results::session::{Outcome, Session};
use leptos::prelude::*;
use quotalab_engine::result::JobResult;
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
        let asked = self
            .story
            .with_untracked(|s| s.as_ref().map(|s| (s.run, s.job)));
        if asked == Some((outcome.run, job)) {
            return;
        }
        self.story.set(Some(Story {
            run: outcome.run,
            job,
            record: None,
        }));
        self.send(StoryRequest::encode(outcome.run, job, &outcome.scenario));
    }

    /// Takes the worker's answer to a story request.
    pub(super) fn receive_story(self, run: u64, job: usize, body: &[u8]) {
        let asked = self
            .story
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.run == run && s.job == job));
        if !asked {
            return;
        }
        match serde_json::from_slice::<JobResult>(body) {
            Ok(record) => self.story.set(Some(Story {
                run,
                job,
                record: Some(Arc::new(record)),
            })),
            Err(err) => self.fail(format!("the job's story cannot be read: {err}")),
        }
    }
}
