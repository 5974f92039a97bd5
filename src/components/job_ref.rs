//! Which job fields an editor works on: a mix's template or an explicit job.
//!
//! Both carry the same attributes (the engine declares them once, as `JobAttributes`), so one
//! set of editors serves both; this type gives them the JSON path and read/write access.

use quotalab_engine::scenario::{JobAttributes, JobSpec};
use quotalab_engine::Scenario;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobRef {
    /// `job_mixes[i].template`
    Mix(usize),
    /// `jobs[i]`
    Job(usize),
}

impl JobRef {
    /// The JSON path of the attributes (`job_mixes[2].template`, `jobs[0]`).
    pub fn path(self) -> String {
        match self {
            JobRef::Mix(i) => format!("job_mixes[{i}].template"),
            JobRef::Job(i) => format!("jobs[{i}]"),
        }
    }

    /// The path of one attribute.
    pub fn field(self, name: &str) -> String {
        format!("{}.{name}", self.path())
    }

    /// The share the jobs belong to.
    pub fn share(self, scenario: &Scenario) -> Option<String> {
        match self {
            JobRef::Mix(i) => scenario.job_mixes.get(i)?.share.clone(),
            JobRef::Job(i) => scenario.jobs.get(i)?.share.as_deref().map(String::from),
        }
    }

    pub fn get(self, scenario: &Scenario) -> Option<JobAttributes> {
        match self {
            JobRef::Mix(i) => scenario.job_mixes.get(i).map(|m| m.template.clone()),
            JobRef::Job(i) => scenario.jobs.get(i).map(JobSpec::attributes),
        }
    }

    /// Changes the attributes in place; nothing when the item is gone.
    pub fn update(self, scenario: &mut Scenario, change: impl FnOnce(&mut JobAttributes)) {
        match self {
            JobRef::Mix(i) => {
                if let Some(mix) = scenario.job_mixes.get_mut(i) {
                    change(&mut mix.template);
                }
            }
            JobRef::Job(i) => {
                if let Some(job) = scenario.jobs.to_mut().get_mut(i) {
                    let mut attributes = job.attributes();
                    change(&mut attributes);
                    *job = JobSpec::from_attributes(
                        job.name.clone(),
                        job.share.clone(),
                        job.submit_h,
                        job.duration_h,
                        &attributes,
                    );
                }
            }
        }
    }
}
