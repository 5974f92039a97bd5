//! The scenario's explicit jobs: one list that copies of the scenario share until one of them
//! changes a job.
//!
//! An imported trace lists up to a million jobs one by one, and the app keeps a copy of the
//! document for every undo step and every variant of a study. Cloning a `Scenario` therefore
//! shares its jobs (a reference count); the first change to a copy's jobs, through
//! [`JobList::to_mut`], copies them for that copy alone (docs/PERFORMANCE.md, "A trace's jobs
//! shared by every copy of the scenario"). Reading goes through the slice the list derefs to.

use super::job::JobSpec;
use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::Cell;
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, Weak};

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

    /// What tells this very list from any other, without keeping its jobs alive: the app sends
    /// a run without its jobs when the worker holds this list already (docs/ARCHITECTURE.md,
    /// "Jobs the worker keeps").
    pub fn identity(&self) -> ListIdentity {
        ListIdentity(Arc::downgrade(&self.0))
    }
}

/// A list's identity ([`JobList::identity`]). A list changed since is another list: a change
/// to jobs that another copy shares copies them, and one to jobs nothing else shares moves them
/// away from the identity (`Arc::make_mut`), whose hold on the old place keeps any new list from
/// being made there.
#[derive(Debug, Clone)]
pub struct ListIdentity(Weak<Vec<JobSpec>>);

impl ListIdentity {
    /// Whether `list` is the list this identity was taken of, unchanged.
    pub fn is(&self, list: &JobList) -> bool {
        std::ptr::eq(self.0.as_ptr(), Arc::as_ptr(&list.0))
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

thread_local! {
    /// How many jobs the list being read has, when the scenario's reader counted them first
    /// ([`expecting`]).
    static EXPECTED: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Runs `read`, a reading of one scenario whose `jobs` array has `count` elements, so that the
/// list is read into room of its size. serde gives a list no length before it is read, and a
/// list that grows by doubling held its last two buffers at once while it grew: at a million
/// jobs of 232 bytes, 121 and 243 MB (docs/PERFORMANCE.md, "A trace's jobs read into room of
/// their size"). The count comes from the pass that reads the document's head (`format`),
/// which reads the whole text anyway.
pub(crate) fn expecting<T>(count: Option<usize>, read: impl FnOnce() -> T) -> T {
    EXPECTED.set(count);
    let read = read();
    EXPECTED.set(None);
    read
}

/// Read into room of the count [`expecting`] gives, or, without one, as a list whose spare room
/// is given back once it is read.
impl<'de> Deserialize<'de> for JobList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let room = EXPECTED.take().unwrap_or(0);
        let mut jobs = deserializer.deserialize_seq(JobsVisitor { room })?;
        jobs.shrink_to_fit();
        Ok(JobList::from(jobs))
    }
}

/// Reads the jobs into a list made with room for `room` of them.
struct JobsVisitor {
    room: usize,
}

impl<'de> Visitor<'de> for JobsVisitor {
    type Value = Vec<JobSpec>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<JobSpec>, A::Error> {
        let mut jobs = Vec::with_capacity(self.room);
        while let Some(job) = seq.next_element()? {
            jobs.push(job);
        }
        Ok(jobs)
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
    fn an_identity_is_of_its_list_until_a_job_of_it_changes() {
        let original = JobList::from(vec![job("a"), job("b")]);
        let identity = original.identity();
        let mut copy = original.clone();
        assert!(identity.is(&original) && identity.is(&copy));
        assert!(
            !identity.is(&JobList::from(vec![job("a"), job("b")])),
            "equal, not the same"
        );
        copy.to_mut()[0].name = "c".to_string();
        assert!(
            identity.is(&original) && !identity.is(&copy),
            "a shared list is copied"
        );
        // A list nothing else shares changes in place with no identity taken of it, and moves
        // when one is: the identity is never of a list whose jobs changed since.
        let mut alone = JobList::from(vec![job("a")]);
        let before = alone.as_ptr();
        alone.to_mut()[0].name = "b".to_string();
        assert_eq!(alone.as_ptr(), before, "changed in place");
        let identity = alone.identity();
        alone.to_mut()[0].name = "c".to_string();
        assert!(!identity.is(&alone));
    }

    #[test]
    fn lists_are_equal_by_their_jobs_shared_or_not() {
        let shared = JobList::from(vec![job("a")]);
        assert_eq!(shared, shared.clone());
        assert_eq!(shared, JobList::from(vec![job("a")]));
        assert_ne!(shared, JobList::from(vec![job("b")]));
    }

    #[test]
    fn a_counted_list_is_read_into_room_of_its_count_once() {
        let text = r#"[{"name":"a","submit_h":0.0,"duration_h":1.0},{"name":"b","submit_h":1.0,"duration_h":2.0}]"#;
        let mut reader = serde_json::Deserializer::from_str(text);
        let jobs = reader.deserialize_seq(JobsVisitor { room: 7 }).unwrap();
        assert_eq!(
            (jobs.len(), jobs.capacity()),
            (2, 7),
            "made with the room given"
        );
        let (first, second) = expecting(Some(2), || {
            EXPECTED.with(|expected| assert_eq!(expected.get(), Some(2)));
            let first: JobList = serde_json::from_str(text).unwrap();
            EXPECTED.with(|expected| assert_eq!(expected.get(), None, "taken by the first"));
            (first, serde_json::from_str::<JobList>(text).unwrap())
        });
        assert_eq!(first, second);
        EXPECTED.with(|expected| assert_eq!(expected.get(), None));
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
