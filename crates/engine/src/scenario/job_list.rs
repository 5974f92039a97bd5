//! The scenario's explicit jobs: one list that copies of the scenario share until one of them
//! changes a job.
//!
//! An imported trace lists up to a million jobs one by one, and the app keeps a copy of the
//! document for every undo step and every variant of a study. Cloning a `Scenario` therefore
//! shares its jobs (a reference count); the first change to a copy's jobs, through
//! [`JobList::to_mut`], copies them for that copy alone (docs/PERFORMANCE.md, "A trace's jobs
//! shared by every copy of the scenario"). Reading goes through the slice the list derefs to.

use super::job::JobSpec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::Deref;
use std::sync::Arc;

/// The explicit jobs of a scenario, in the order the document lists them.
#[derive(Debug, Clone, Default)]
pub struct JobList(Arc<Vec<JobSpec>>);

impl JobList {
    /// The jobs to change: copied first when another copy of the scenario shares them.
    pub fn to_mut(&mut self) -> &mut Vec<JobSpec> {
        Arc::make_mut(&mut self.0)
    }

    /// Whether there are no explicit jobs (the document then leaves `jobs` out).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Deref for JobList {
    type Target = [JobSpec];

    fn deref(&self) -> &[JobSpec] {
        &self.0
    }
}

/// Two lists are equal when they hold equal jobs; a shared list is equal to itself without
/// comparing a million jobs one by one.
impl PartialEq for JobList {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl From<Vec<JobSpec>> for JobList {
    fn from(jobs: Vec<JobSpec>) -> Self {
        JobList(Arc::new(jobs))
    }
}

impl FromIterator<JobSpec> for JobList {
    fn from_iter<I: IntoIterator<Item = JobSpec>>(jobs: I) -> Self {
        JobList::from(jobs.into_iter().collect::<Vec<_>>())
    }
}

impl<'a> IntoIterator for &'a JobList {
    type Item = &'a JobSpec;
    type IntoIter = std::slice::Iter<'a, JobSpec>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Serialize for JobList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// Read as a list whose spare room is given back: a list read from JSON grows by doubling, and
/// at a million jobs of about 400 bytes each that room can be hundreds of megabytes.
impl<'de> Deserialize<'de> for JobList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut jobs = Vec::<JobSpec>::deserialize(deserializer)?;
        jobs.shrink_to_fit();
        Ok(JobList::from(jobs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(name: &str) -> JobSpec {
        JobSpec {
            name: name.to_string(),
            duration_h: 1.0,
            ..JobSpec::default()
        }
    }

    #[test]
    fn a_copy_shares_the_jobs_until_it_changes_one() {
        let original = JobList::from(vec![job("a"), job("b")]);
        let mut copy = original.clone();
        assert!(std::ptr::eq(original.as_ptr(), copy.as_ptr()));
        copy.to_mut()[1].name = "c".to_string();
        assert!(!std::ptr::eq(original.as_ptr(), copy.as_ptr()));
        assert_eq!(original[1].name, "b");
        assert_eq!(copy[1].name, "c");
        assert_ne!(original, copy);
    }

    #[test]
    fn lists_are_equal_by_their_jobs_shared_or_not() {
        let shared = JobList::from(vec![job("a")]);
        assert_eq!(shared, shared.clone());
        assert_eq!(shared, JobList::from(vec![job("a")]));
        assert_ne!(shared, JobList::from(vec![job("b")]));
    }

    #[test]
    fn read_and_written_as_a_plain_array_without_spare_room() {
        let text = r#"[{"name":"a","submit_h":0.0,"duration_h":1.0},{"name":"b","submit_h":1.0,"duration_h":2.0},{"name":"c","submit_h":2.0,"duration_h":3.0}]"#;
        let jobs: JobList = serde_json::from_str(text).unwrap();
        assert_eq!(jobs.len(), 3);
        assert_eq!(jobs.0.capacity(), 3);
        assert_eq!(serde_json::to_string(&jobs).unwrap(), text);
    }
}
