//! Collecting a translation's notes. A note about one field of one share or flavor is written as
//! it is met; a note about the same field of many jobs (`max_pending_h` of 400 imported jobs) is
//! one note with the count and a `[*]` path, kept where the first such job was met.

use super::{Note, NoteKind};
use std::collections::HashMap;

/// Where a job's fields live: an explicit job, or a mix's template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum JobPlace {
    /// `jobs[i]`.
    Job(usize),
    /// `job_mixes[i].template`.
    Template(usize),
}

impl JobPlace {
    /// The JSON path of `field` of this job (`jobs[3].max_pending_h`); an empty field is the
    /// job itself.
    pub fn path(self, field: &str) -> String {
        let base = match self {
            JobPlace::Job(i) => format!("jobs[{i}]"),
            JobPlace::Template(i) => format!("job_mixes[{i}].template"),
        };
        join(base, field)
    }

    /// The same path for every job of its kind (`jobs[*].max_pending_h`).
    fn wildcard(self, field: &str) -> String {
        let base = match self {
            JobPlace::Job(_) => "jobs[*]",
            JobPlace::Template(_) => "job_mixes[*].template",
        };
        join(base.to_string(), field)
    }

    fn noun(self, count: usize) -> String {
        match (self, count) {
            (JobPlace::Job(_), 1) => "1 job".to_string(),
            (JobPlace::Job(_), n) => format!("{n} jobs"),
            (JobPlace::Template(_), 1) => "1 mix".to_string(),
            (JobPlace::Template(_), n) => format!("{n} mixes"),
        }
    }
}

fn join(base: String, field: &str) -> String {
    if field.is_empty() {
        base
    } else {
        format!("{base}.{field}")
    }
}

/// A note counted over jobs: where it sits in the list, the first job's path, and how many.
struct Tally {
    at: usize,
    place: JobPlace,
    field: String,
    first_path: String,
    text: String,
    count: usize,
}

/// The notes of one translation, in the order they were met.
#[derive(Default)]
pub(super) struct Notes {
    list: Vec<Note>,
    tallies: Vec<Tally>,
    index: HashMap<(bool, String, NoteKind, String), usize>,
}

impl Notes {
    /// A note about one place of the source.
    pub fn push(&mut self, path: impl Into<String>, kind: NoteKind, text: impl Into<String>) {
        self.list.push(Note {
            path: path.into(),
            kind,
            text: text.into(),
        });
    }

    /// Shorthand for a [`NoteKind::Carried`] note.
    pub fn carried(&mut self, path: impl Into<String>, text: impl Into<String>) {
        self.push(path, NoteKind::Carried, text);
    }

    /// Shorthand for a [`NoteKind::Approximated`] note.
    pub fn approximated(&mut self, path: impl Into<String>, text: impl Into<String>) {
        self.push(path, NoteKind::Approximated, text);
    }

    /// Shorthand for a [`NoteKind::Dropped`] note.
    pub fn dropped(&mut self, path: impl Into<String>, text: impl Into<String>) {
        self.push(path, NoteKind::Dropped, text);
    }

    /// A note about `field` of a job, counted with the same note of other jobs: one job gives
    /// `jobs[3].field: text`, several `jobs[*].field: N jobs: text`.
    pub fn per_job(&mut self, place: JobPlace, field: &str, kind: NoteKind, text: &str) {
        let key = (
            matches!(place, JobPlace::Job(_)),
            field.to_string(),
            kind,
            text.to_string(),
        );
        if let Some(&t) = self.index.get(&key) {
            self.tallies[t].count += 1;
            return;
        }
        self.index.insert(key, self.tallies.len());
        self.tallies.push(Tally {
            at: self.list.len(),
            place,
            field: field.to_string(),
            first_path: place.path(field),
            text: text.to_string(),
            count: 1,
        });
        self.push(String::new(), kind, String::new());
    }

    /// Every note, the counted ones filled in.
    pub fn finish(mut self) -> Vec<Note> {
        for t in &self.tallies {
            let note = &mut self.list[t.at];
            if t.count == 1 {
                note.path = t.first_path.clone();
                note.text = t.text.clone();
            } else {
                note.path = t.place.wildcard(&t.field);
                note.text = format!("{}: {}", t.place.noun(t.count), t.text);
            }
        }
        self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_note_of_many_jobs_is_one_note_with_the_count() {
        let mut notes = Notes::default();
        notes.per_job(
            JobPlace::Job(3),
            "max_pending_h",
            NoteKind::Dropped,
            "no limit",
        );
        notes.carried("quota_shares[0]", "a queue");
        notes.per_job(
            JobPlace::Job(5),
            "max_pending_h",
            NoteKind::Dropped,
            "no limit",
        );
        notes.per_job(
            JobPlace::Template(0),
            "max_pending_h",
            NoteKind::Dropped,
            "no limit",
        );
        let list = notes.finish();
        assert_eq!(list.len(), 3);
        assert_eq!(list[0].path, "jobs[*].max_pending_h");
        assert_eq!(list[0].text, "2 jobs: no limit");
        assert_eq!(list[1].path, "quota_shares[0]");
        assert_eq!(list[2].path, "job_mixes[0].template.max_pending_h");
        assert_eq!(list[2].text, "no limit");
    }
}
