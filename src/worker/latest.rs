//! Latest wins: of a line of tasks, only the newest one's answer counts. A user edits again
//! before the run of the last edit has ended, picks other files before the last ones are read,
//! starts a study again; the answer to the earlier task then arrives late and is dropped, so
//! the page never shows an answer to a question it no longer asks. The run session, the
//! baseline, the study and advisor runs and the interop dialogs each keep one [`Latest`].

use leptos::prelude::*;
use std::future::Future;

/// A line of tasks. `Copy`, like the signals beside it.
#[derive(Clone, Copy)]
pub struct Latest {
    newest: StoredValue<u64>,
}

/// One task of a line: current until a newer one starts or the line is stopped.
#[derive(Clone, Copy)]
pub struct Ticket {
    newest: StoredValue<u64>,
    number: u64,
}

impl Default for Latest {
    fn default() -> Self {
        Latest::new()
    }
}

impl Latest {
    pub fn new() -> Latest {
        Latest {
            newest: StoredValue::new(0),
        }
    }

    /// Starts a task: every earlier one is moot from now on.
    pub fn start(self) -> Ticket {
        self.newest.update_value(|n| *n += 1);
        Ticket {
            newest: self.newest,
            number: self.newest.get_value(),
        }
    }

    /// Makes the current task moot too, starting none (Cancel).
    pub fn stop(self) {
        self.newest.update_value(|n| *n += 1);
    }
}

impl Ticket {
    /// Whether no newer task has started and the line was not stopped since.
    pub fn is_current(self) -> bool {
        self.newest.try_get_value() == Some(self.number)
    }

    /// The task's number in its line: 1, 2, 3… (a run's number, which the worker keeps its
    /// result under).
    pub fn number(self) -> u64 {
        self.number
    }

    /// Runs `task` and hands its output to `then`, unless the task is moot by then.
    pub fn run<T: 'static>(
        self,
        task: impl Future<Output = T> + 'static,
        then: impl FnOnce(T) + 'static,
    ) {
        leptos::task::spawn_local(async move {
            let output = task.await;
            if self.is_current() {
                then(output);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_task_is_current_and_stopping_makes_it_moot() {
        let line = Latest::new();
        let first = line.start();
        assert!(first.is_current());
        let second = line.start();
        assert_eq!((first.number(), second.number()), (1, 2));
        assert!(!first.is_current(), "a newer task started");
        assert!(second.is_current());
        line.stop();
        assert!(!second.is_current(), "the line was stopped");
        let third = line.start();
        assert!(third.is_current());
        assert!(!first.is_current() && !second.is_current());
    }

    #[test]
    fn two_lines_do_not_make_each_other_moot() {
        let (runs, imports) = (Latest::new(), Latest::default());
        let run = runs.start();
        let import = imports.start();
        imports.stop();
        assert!(run.is_current());
        assert!(!import.is_current());
    }
}
