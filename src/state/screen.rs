//! What is on screen, apart from the work itself: the BUILD tab, the dialog, the message above
//! the zones, the RESULTS tab and chart, the job whose story is open, presentation mode. One
//! store with that one job, provided once by the app root (`crate::app`); the editor
//! (`super::Editor`) and every view read and set it. None of it is an undo step, and only the
//! RESULTS tab and chart travel in a link (`super::view`).

use super::view::Tab;
use super::workspace::Workspace;
use leptos::prelude::*;
use quotalab_engine::translate::Translation;

/// The tabs of the BUILD zone, in docs/DESIGN.md's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Scenario,
    Capacity,
    Shares,
    Workload,
    Events,
    Json,
}

/// The modal dialog on screen, if any. One at a time, closed by Escape.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    Examples,
    Shortcuts,
    /// Opening `workspace` (from `origin`: an example, a file, a link) would replace edits that
    /// were never shared or exported: ask first.
    ConfirmReplace {
        workspace: Box<Workspace>,
        origin: String,
    },
    /// "Import trace…": trace files in, a preview, then `open`.
    TraceImport,
    /// "Import account…": an account's describe output in, what was not imported, then `open`.
    AccountImport,
    /// "AWS / Kueue…": the agreement as AWS Batch and Kueue files, and those files read back.
    AgreementFiles,
    /// The printable agreement report of the scenario and its current results.
    AgreementReport,
    /// "How this works": the mechanisms in plain words (`components::how_it_works`).
    HowItWorks,
    /// The rules switch: the agreement translated into the other rules' form, and what became of
    /// each part, to confirm before it applies (`components::rules_dialog`).
    SwitchRules {
        translation: Box<Translation>,
    },
    /// Kueue YAML with Workloads came in (`interop::kueue_yaml`): take them as the cluster's
    /// current state, or replay them (`replay` is the YAML read that way).
    KueueWorkloads {
        origin: String,
        yaml: String,
        replay: Box<quotalab_interop::agreement::Imported>,
    },
}

/// A message for the user above the zones: a link that could not be opened, an import that
/// failed, what Undo will bring back.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub is_error: bool,
    pub text: String,
}

/// The screen's signals (a `Copy` bag, like the signals in it).
#[derive(Clone, Copy)]
pub struct Screen {
    pub section: RwSignal<Section>,
    pub dialog: RwSignal<Option<Dialog>>,
    pub notice: RwSignal<Option<Notice>>,
    /// The last link made by "Copy link", shown so it can be copied by hand.
    pub share_link: RwSignal<Option<String>>,
    /// Presentation mode: the presenter view covers the editor (`components::presenter::view`).
    pub presentation: RwSignal<bool>,
    /// The RESULTS tab on screen, and the chart on its Results tab (a chart slug): links carry
    /// them (`super::view`).
    pub tab: RwSignal<Tab>,
    pub chart: RwSignal<Option<String>>,
    /// The job whose story is open, if any.
    pub selected_job: RwSignal<Option<String>>,
}

impl Default for Screen {
    fn default() -> Self {
        Screen {
            section: RwSignal::new(Section::Shares),
            dialog: RwSignal::new(None),
            notice: RwSignal::new(None),
            share_link: RwSignal::new(None),
            presentation: RwSignal::new(false),
            tab: RwSignal::new(Tab::Results),
            chart: RwSignal::new(None),
            selected_job: RwSignal::new(None),
        }
    }
}

impl Screen {
    /// Shows a message above the zones.
    pub fn tell(&self, is_error: bool, text: impl Into<String>) {
        self.notice.set(Some(Notice {
            is_error,
            text: text.into(),
        }));
    }

    /// Presentation mode on or off.
    pub fn toggle_presentation(&self) {
        self.presentation.update(|p| *p = !*p);
    }
}

/// The screen provided by the app root.
pub fn use_screen() -> Screen {
    expect_context::<Screen>()
}
