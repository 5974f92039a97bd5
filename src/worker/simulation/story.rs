//! One job's whole record on request, when its story is opened: the page has only the job
//! columns (`quotalab_engine::result::columns`), and the story tells every attempt, what was
//! skipped and why, so the worker sends that job's `JobResult`, made from the run it holds
//! ([`super::held`]).

use super::held;
use crate::worker::messages::Reply;
use crate::worker::serve::{Answered, Done};
use crate::worker::wire::Refusal;
use quotalab_engine::Keep;

/// Job `job` of run `run`, whose scenario (JSON) was `scenario`.
pub fn answer(run: u64, job: usize, scenario: &str) -> Answered<Reply> {
    let record = held::with_run(run, scenario, Keep::Drawn, |finished| {
        (job < finished.len()).then(|| finished.job(job))
    })?
    .ok_or(Refusal::NoSuchJob(job))?;
    Ok(Done::reply(Reply::Story(Box::new(record))))
}
