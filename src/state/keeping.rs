//! Nothing lost: what the autosave may overwrite, and the ways back.
//!
//! A link shows a document the user did not make, so opening one (in a new tab or pasted into
//! this one) leaves the autosaved work where it is: the link's document is on screen, autosaving
//! waits for the first edit, and "Back to your scenario" brings the earlier work back in one
//! click. An unreadable autosave is kept aside by `autosave` until the user downloads or
//! discards it.

use super::workspace::Workspace;
use super::{autosave, Editor};
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

/// How the work is kept: whether changes are autosaved now, the work the autosave holds while a
/// link's document is on screen, and whether an unreadable autosave is kept aside.
#[derive(Clone, Copy)]
pub struct Keeping {
    pub saving: RwSignal<Saving>,
    /// The work the autosave holds while a link's document is on screen ("Back to your
    /// scenario").
    pub saved_work: RwSignal<Option<Workspace>>,
    /// Whether an unreadable autosave is kept aside, waiting for Download or Discard.
    pub kept_aside: RwSignal<bool>,
}

impl Default for Keeping {
    fn default() -> Self {
        Keeping {
            saving: RwSignal::new(Saving::On),
            saved_work: RwSignal::new(None),
            kept_aside: RwSignal::new(false),
        }
    }
}

impl Editor {
    /// Opens a link's document without touching the autosave (see the module documentation).
    pub(super) fn open_link(&self, workspace: Workspace) {
        let current = self.workspace.get_untracked();
        if current == workspace {
            return;
        }
        // A second link keeps the way back to the work from before the first.
        if self.keeping.saved_work.with_untracked(Option::is_none) {
            self.keeping.saved_work.set(Some(current));
        }
        if self.keeping.saving.get_untracked() == Saving::On {
            self.keeping.saving.set(Saving::UntilEdit);
        }
        self.replace_workspace(workspace, "the link", true);
    }

    /// An edit was made: a link's document, once edited, is the user's work and is saved.
    pub(super) fn edited(&self) {
        if self.keeping.saving.get_untracked() == Saving::UntilEdit {
            self.keeping.saving.set(Saving::On);
            self.keeping.saved_work.set(None);
        }
    }

    /// "Back to your scenario": the work the autosave still holds, on screen again.
    pub fn back_to_saved_work(&self) {
        let Some(saved) = self.keeping.saved_work.get_untracked() else {
            return;
        };
        self.keeping.saved_work.set(None);
        if self.keeping.saving.get_untracked() == Saving::UntilEdit {
            self.keeping.saving.set(Saving::On);
        }
        self.replace_workspace(saved, "your autosaved work", false);
    }

    /// Offers the unreadable autosave kept aside as a file, to open in a newer Quota Lab.
    pub fn download_kept_aside(&self) {
        let Some(text) = autosave::kept_aside() else {
            return self.keeping.kept_aside.set(false);
        };
        let saved = crate::download::download_text(
            "quotalab-unreadable-autosave.json",
            "application/json",
            &text,
        );
        if saved.is_err() {
            self.screen.tell(
                true,
                "The browser did not download the kept work; it is still kept.",
            );
        }
    }

    /// Forgets the unreadable autosave kept aside; saving carries on if it was held for it.
    pub fn discard_kept_aside(&self) {
        autosave::discard_aside();
        self.keeping.kept_aside.set(false);
        if self.keeping.saving.get_untracked() == Saving::Held {
            self.keeping.saving.set(Saving::On);
        }
    }
}
