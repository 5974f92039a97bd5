//! The answer a dialog shows: the latest of its requests to the interop worker, with whether one
//! is still out. A user may pick files again before the worker has answered; an answer to an
//! earlier pick then arrives late and is dropped, so the dialog never shows files it no longer
//! holds.

use leptos::prelude::*;
use std::sync::Arc;

/// The latest answer and the busy state, as signals a view reads.
pub struct Latest<T: Send + Sync + 'static> {
    pub answer: RwSignal<Option<Arc<T>>>,
    pub busy: RwSignal<bool>,
    generation: StoredValue<u64>,
}

impl<T: Send + Sync + 'static> Clone for Latest<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for Latest<T> {}

impl<T: Send + Sync + 'static> Latest<T> {
    pub fn new() -> Latest<T> {
        Latest {
            answer: RwSignal::new(None),
            busy: RwSignal::new(false),
            generation: StoredValue::new(0),
        }
    }

    /// Starts a new request: clears the answer, shows busy, and returns what delivers the
    /// request's answer (ignored once a newer request has started).
    pub fn start(self) -> impl Fn(T) + Copy + 'static {
        self.generation.update_value(|g| *g += 1);
        let mine = self.generation.get_value();
        self.busy.set(true);
        self.answer.set(None);
        move |answer: T| {
            if self.generation.get_value() == mine {
                self.answer.set(Some(Arc::new(answer)));
                self.busy.set(false);
            }
        }
    }

    /// Whether the latest request is answered and `ok` holds for its answer.
    pub fn settled(self, ok: impl Fn(&T) -> bool) -> bool {
        !self.busy.get() && self.answer.with(|a| a.as_deref().is_some_and(ok))
    }
}

impl<T: Send + Sync + 'static> Default for Latest<T> {
    fn default() -> Self {
        Latest::new()
    }
}
