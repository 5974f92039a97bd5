//! The answer a dialog shows: the latest of its questions (files picked, read and sent to the
//! interop worker), with whether one is still out. A user may pick files again before the worker
//! has answered; the answer to the earlier pick then arrives late and is dropped (latest wins,
//! `crate::worker::Latest`), so the dialog never shows files it no longer holds.

use crate::worker::Latest;
use leptos::prelude::*;
use std::future::Future;
use std::sync::Arc;

/// The latest answer and the busy state, as signals a view reads.
pub struct Asking<T: Send + Sync + 'static> {
    pub answer: RwSignal<Option<Arc<T>>>,
    pub busy: RwSignal<bool>,
    questions: Latest,
}

impl<T: Send + Sync + 'static> Clone for Asking<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for Asking<T> {}

impl<T: Send + Sync + 'static> Default for Asking<T> {
    fn default() -> Self {
        Asking {
            answer: RwSignal::new(None),
            busy: RwSignal::new(false),
            questions: Latest::new(),
        }
    }
}

impl<T: Send + Sync + 'static> Asking<T> {
    /// Asks anew: clears the answer and shows busy until `question` has its answer, which is
    /// shown unless a newer question was asked meanwhile.
    pub fn ask(self, question: impl Future<Output = T> + 'static) {
        self.busy.set(true);
        self.answer.set(None);
        self.questions.start().run(question, move |answer| {
            self.answer.set(Some(Arc::new(answer)));
            self.busy.set(false);
        });
    }

    /// Forgets the question and its answer: there is nothing to ask.
    pub fn clear(self) {
        self.questions.stop();
        self.answer.set(None);
        self.busy.set(false);
    }

    /// Whether the latest question is answered and `ok` holds for its answer.
    pub fn settled(self, ok: impl Fn(&T) -> bool) -> bool {
        !self.busy.get() && self.answer.with(|a| a.as_deref().is_some_and(ok))
    }
}
