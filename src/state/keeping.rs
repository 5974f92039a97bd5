//! Nothing lost: what the autosave may overwrite, and the ways back.
//!
//! A link shows a document the user did not make, so opening one (in a new tab or pasted into
//! this one) leaves the autosaved work where it is: the link's document is on screen, autosaving
//! waits for the first edit, and "Back to your scenario" brings the earlier work back in one
//! click. An unreadable autosave is kept aside by `autosave` until the user downloads or
//! discards it.

use super::workspace::Workspace;
use super::{autosave, AppState};
use leptos::prelude::*;

/// Whether changes are written to the autosave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saving {
    /// Every change is saved.
    On,
    /// A link is on screen; the autosave still holds the work from before it. The first edit
    /// turns saving on, so the edited document takes the earlier work's place.
    UntilEdit,
    /// The stored value could not be read nor set aside (the aside slot holds another): nothing
    /// is saved over it until the user downloads or discards the kept one.
    Held,
}

impl AppState {
    /// Opens a link's document without touching the autosave (see the module documentation).
    pub(super) fn open_link(&self, workspace: Workspace) {
        let current = self.workspace.get_untracked();
        if current == workspace {
            return;
        }
        // A second link keeps the way back to the work from before the first.
        if self.saved_work.with_untracked(Option::is_none) {
            self.saved_work.set(Some(current));
        }
        if self.saving.get_untracked() == Saving::On {
            self.saving.set(Saving::UntilEdit);
        }
        self.replace_workspace(workspace, "the link", true);
    }

    /// An edit was made: a link's document, once edited, is the user's work and is saved.
    pub(super) fn edited(&self) {
        if self.saving.get_untracked() == Saving::UntilEdit {
            self.saving.set(Saving::On);
            self.saved_work.set(None);
        }
    }

    /// "Back to your scenario": the work the autosave still holds, on screen again.
    pub fn back_to_saved_work(&self) {
        let Some(saved) = self.saved_work.get_untracked() else {
            return;
        };
        self.saved_work.set(None);
        if self.saving.get_untracked() == Saving::UntilEdit {
            self.saving.set(Saving::On);
        }
        self.replace_workspace(saved, "your autosaved work", false);
    }

    /// Offers the unreadable autosave kept aside as a file, to open in a newer Quota Lab.
    pub fn download_kept_aside(&self) {
        let Some(text) = autosave::kept_aside() else {
            return self.kept_aside.set(false);
        };
        let saved = crate::download::download_text(
            "quotalab-unreadable-autosave.json",
            "application/json",
            &text,
        );
        if saved.is_err() {
            self.tell(
                true,
                "The browser did not download the kept work; it is still kept.",
            );
        }
    }

    /// Forgets the unreadable autosave kept aside; saving carries on if it was held for it.
    pub fn discard_kept_aside(&self) {
        autosave::discard_aside();
        self.kept_aside.set(false);
        if self.saving.get_untracked() == Saving::Held {
            self.saving.set(Saving::On);
        }
    }
}
