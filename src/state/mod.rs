//! The app's state, in stores with one job each, provided once by the app root (`crate::app`):
//! [`Editor`], the work on screen and its history, and [`screen::Screen`], what is on screen
//! around it; the run session and the baseline are `crate::results`'.
//!
//! The workspace (a scenario, or a study of variants) is the one source of truth; `scenario` is
//! the variant on screen. Validation and results derive from them; the BUILD zone changes them
//! only through [`Editor::edit`] (or [`Editor::edit_field`], or [`Editor::edit_workspace`] for
//! variants), which records an undo step and bumps [`Editor::revision`], so results can tell
//! which scenario they show.
//!
//! - `workspace`: a scenario or a study; `history`: undo and redo; `autosave`: localStorage;
//!   `link`: the `#s=` link codec; `keeping`: what the autosave may overwrite, and the ways back.
//! - `gallery`: the bundled examples; `edits`: multi-field edits (adds, renames);
//!   `kueue_edits`: the same for ClusterQueues and Cohorts.
//! - `catalog`: the instance types a scenario can name; `paths`: JSON paths to controls;
//!   `place`: JSON paths in the scenario's own words, for messages.
//! - `palette`: one colour per share, for every picture in the app.
//! - `screen`: the screen's store; `view`: the tab, chart and variant a link reopens.

pub mod autosave;
pub mod browser;
pub mod catalog;
pub mod edits;
pub mod gallery;
pub mod history;
pub mod keeping;
pub mod kueue_edits;
pub mod link;
pub mod palette;
pub mod paths;
pub mod place;
pub mod screen;
pub mod view;
pub mod workspace;

use history::History;
use keeping::{Keeping, Saving};
use leptos::prelude::*;
use quotalab_engine::{Report, Scenario};
use std::collections::BTreeSet;
use workspace::Workspace;

pub use screen::{use_screen, Dialog, Notice, Screen, Section};

/// The default scenario: three teams sharing a small g5 pool (the AWS walkthrough shape).
pub const DEFAULT_SCENARIO: &str = include_str!("../../scenarios/default.json");

/// The default scenario, parsed: what the app opens with when nothing is saved, and the
/// scenario the unit and browser tests start from, so they all start from the same one.
pub fn default_scenario() -> Scenario {
    Scenario::parse_json(DEFAULT_SCENARIO).expect("the bundled default scenario is valid")
}

/// The default agreement with `jobs` jobs listed one by one, as a trace lists them: for the
/// unit tests of what a large document costs.
#[cfg(test)]
pub fn listed_jobs_scenario(jobs: u32) -> Scenario {
    let mut scenario = default_scenario();
    let share = scenario
        .quota_shares
        .first()
        .map(|s| quotalab_engine::result::Text::from(s.name.as_str()));
    scenario.jobs = (0..jobs)
        .map(|k| quotalab_engine::scenario::JobSpec {
            name: format!("listed-{k}"),
            share: share.clone(),
            submit_h: f64::from(k) / 10.0,
            duration_h: 1.5,
            ..Default::default()
        })
        .collect();
    scenario
}

/// The work on screen and its history: the workspace, the variant being edited, every change
/// as an undo step, and how it is kept (`keeping`). The editor's one store; it tells the user
/// through the screen (`screen`), which it holds a handle on.
#[derive(Clone, Copy)]
pub struct Editor {
    /// The scenario on screen (the workspace's active variant). Read it freely; change it only
    /// through [`Editor::edit`].
    pub scenario: RwSignal<Scenario>,
    /// Every variant, with the one on screen; change it only through the methods below.
    pub workspace: RwSignal<Workspace>,
    /// Bumped on every change of the scenario, so results can tell which scenario they belong to.
    pub revision: RwSignal<u64>,
    /// Bumped when a scenario or study is opened in place of the work on screen (an example, a
    /// file, a link, a trace): the KPI cards show changes only between runs of one document.
    pub opened: RwSignal<u64>,
    /// The engine's errors and warnings for the scenario on screen.
    pub report: Memo<Report>,
    pub history: RwSignal<History<Workspace>>,
    /// False once the user edits; true again after the scenario was loaded, linked or exported.
    /// Replacing a scenario that is not pristine asks first.
    pub pristine: RwSignal<bool>,
    /// The ids of number fields whose text is not a number ("abc"). The scenario keeps the last
    /// number, so validation cannot see them; the status and the results count them as errors.
    pub unparsed: RwSignal<BTreeSet<String>>,
    /// Whether changes are autosaved now, and the work kept while a link is on screen.
    pub keeping: Keeping,
    /// Where the editor's messages and dialogs go.
    pub screen: Screen,
}

impl Editor {
    /// An editor of `scenario` on a fresh screen, touching neither storage nor the URL (tests use
    /// this).
    pub fn new(scenario: Scenario) -> Self {
        Editor::on(Screen::default(), scenario)
    }

    /// An editor of `scenario` that tells the user through `screen`.
    pub fn on(screen: Screen, scenario: Scenario) -> Self {
        let workspace = RwSignal::new(Workspace::single(scenario.clone()));
        let scenario = RwSignal::new(scenario);
        Editor {
            scenario,
            workspace,
            revision: RwSignal::new(0),
            opened: RwSignal::new(0),
            report: Memo::new(move |_| scenario.with(Scenario::validate)),
            history: RwSignal::new(History::default()),
            pristine: RwSignal::new(true),
            unparsed: RwSignal::new(BTreeSet::new()),
            keeping: Keeping::default(),
            screen,
        }
    }

    /// Applies one user edit to the scenario, as one undo step.
    pub fn edit(&self, change: impl FnOnce(&mut Scenario)) {
        self.apply(None, change);
    }

    /// Applies an edit to the field at `path`; consecutive edits of one field (typing) coalesce
    /// into one undo step.
    pub fn edit_field(&self, path: &str, change: impl FnOnce(&mut Scenario)) {
        self.apply(Some(path), change);
    }

    fn apply(&self, key: Option<&str>, change: impl FnOnce(&mut Scenario)) {
        let mut after = self.scenario.get_untracked();
        change(&mut after);
        if self.scenario.with_untracked(|before| after == *before) {
            return;
        }
        let mut workspace = self.workspace.get_untracked();
        workspace.set_active_scenario(after);
        self.record_and_show(workspace, key);
    }

    /// Applies one change to the workspace (add, remove or pick a variant, study settings), as
    /// one undo step. A change that fails leaves everything as it was and says why.
    pub fn edit_workspace<E: std::fmt::Display>(
        &self,
        change: impl FnOnce(&mut Workspace) -> Result<(), E>,
    ) {
        let mut after = self.workspace.get_untracked();
        if let Err(why) = change(&mut after) {
            return self.screen.tell(true, why.to_string());
        }
        if self.workspace.with_untracked(|before| after != *before) {
            self.record_and_show(after, None);
        }
    }

    /// Shows variant `index` in BUILD. Not an undo step: picking a tab changes no agreement, and
    /// each undo step remembers which variant it was made in and shows it again.
    pub fn select_variant(&self, index: usize) {
        let mut workspace = self.workspace.get_untracked();
        if index == workspace.active || index >= workspace.variants.len() {
            return;
        }
        workspace.select(index);
        self.show(workspace, true);
    }

    fn record_and_show(&self, after: Workspace, key: Option<&str>) {
        let before = self.workspace.get_untracked();
        self.history
            .update(|h| h.record(before, key, browser::now_ms()));
        self.pristine.set(false);
        self.edited();
        self.show(after, false);
    }

    pub fn undo(&self) {
        let current = self.workspace.get_untracked();
        if let Some(previous) = self.history.try_update(|h| h.undo(current)).flatten() {
            self.show(previous, false);
        }
    }

    pub fn redo(&self) {
        let current = self.workspace.get_untracked();
        if let Some(next) = self.history.try_update(|h| h.redo(current)).flatten() {
            self.show(next, false);
        }
    }

    /// Puts `workspace` on screen. A link in the address bar describes the document it opened,
    /// so it goes unless `keep_link`.
    fn show(&self, workspace: Workspace, keep_link: bool) {
        let active = workspace.active_scenario().clone();
        if self.scenario.with_untracked(|shown| *shown != active) {
            self.scenario.set(active);
        }
        self.workspace.set(workspace);
        self.revision.update(|r| *r += 1);
        if !keep_link && !browser::hash().is_empty() {
            browser::replace_hash("");
        }
    }

    /// Opens a scenario from `origin` ("example …", "file …", "the link"): at once when the
    /// current work is pristine, else after the user confirms.
    pub fn open(&self, scenario: Scenario, origin: &str) {
        self.open_workspace(Workspace::single(scenario), origin);
    }

    /// Opens a scenario or a study (see [`Editor::open`]).
    pub fn open_workspace(&self, workspace: Workspace, origin: &str) {
        if self.pristine.get_untracked() || self.workspace.with_untracked(|w| *w == workspace) {
            self.replace_workspace(workspace, origin, false);
        } else {
            self.screen.dialog.set(Some(Dialog::ConfirmReplace {
                workspace: Box::new(workspace),
                origin: origin.to_string(),
            }));
        }
    }

    /// Replaces the scenario, keeping the old work one Undo away.
    pub fn replace(&self, scenario: Scenario, origin: &str, keep_link: bool) {
        self.replace_workspace(Workspace::single(scenario), origin, keep_link);
    }

    /// Replaces the whole workspace, keeping the old one one Undo away.
    pub fn replace_workspace(&self, workspace: Workspace, origin: &str, keep_link: bool) {
        let before = self.workspace.get_untracked();
        if workspace == before {
            return;
        }
        let name = if workspace.is_study() {
            workspace.study_name()
        } else {
            workspace.active_scenario().name.clone()
        };
        self.history
            .update(|h| h.record(before, None, browser::now_ms()));
        self.pristine.set(true);
        self.opened.update(|o| *o += 1);
        self.show(workspace, keep_link);
        self.screen.tell(false, format!("Opened \u{201c}{name}\u{201d} from {origin}. Undo (Ctrl+Z) brings back what you had before."));
    }

    /// Errors on screen: the engine's, and number fields holding text that is not a number.
    pub fn errors(&self) -> usize {
        self.report.with(|r| r.errors.len()) + self.unparsed.with(BTreeSet::len)
    }

    /// Opens the scenario in the URL fragment, if there is one, without touching the autosaved
    /// work (`keeping`), and then the view it was copied from (`view`); a bad link leaves the
    /// scenario untouched and says why. A link opened in a new tab and one pasted into this tab
    /// go the same way.
    pub fn open_link_in_url(&self) {
        let hash = browser::hash();
        let (fragment, view) = view::split(&hash);
        match link::from_fragment(fragment) {
            None => {}
            Some(Err(e)) => self.screen.tell(true, e.to_string()),
            Some(Ok(workspace)) => {
                self.open_link(workspace);
                if let Some(view) = view {
                    self.show_view(view);
                }
            }
        }
    }

    /// Shows the variant, tab and chart a link was copied from.
    fn show_view(&self, view: view::View) {
        self.select_variant(view.variant);
        self.screen.tab.set(view.tab);
        if view.chart.is_some() {
            self.screen.chart.set(view.chart);
        }
    }

    /// The view on screen, as a link carries it.
    fn current_view(&self) -> view::View {
        view::View {
            variant: self.workspace.with_untracked(|w| w.active),
            tab: self.screen.tab.get_untracked(),
            chart: self.screen.chart.get_untracked(),
        }
    }

    /// Puts a link to the scenario (or the study), and to the view on screen, in the address bar
    /// and returns it.
    pub fn make_link(&self) -> String {
        let fragment = view::append(
            &self.workspace.with_untracked(link::fragment),
            &self.current_view(),
        );
        browser::replace_hash(&fragment);
        let url = browser::url_with(&fragment);
        self.screen.share_link.set(Some(url.clone()));
        self.pristine.set(true);
        url
    }
}

/// Creates the editor at start-up: the autosaved work (or the default scenario), then the link in
/// the URL if there is one; from then on every change is autosaved. The app root provides it
/// (`crate::app::provide_stores`).
pub fn start_editor() -> Editor {
    let default = default_scenario();
    let state = Editor::new(default.clone());
    match autosave::restore() {
        None => {}
        Some(Ok(saved)) => {
            state.pristine.set(saved == Workspace::single(default));
            state.show(saved, true);
        }
        Some(Err(unrestored)) => {
            state.screen.tell(true, unrestored.error.to_string());
            if !unrestored.kept_aside {
                state.keeping.saving.set(Saving::Held);
            }
        }
    }
    state
        .keeping
        .kept_aside
        .set(autosave::kept_aside().is_some());
    state.open_link_in_url();
    // An Effect, because saving is a side effect of the scenario changing, whoever changed it.
    Effect::new(move |_| {
        let on = state.keeping.saving.get() == Saving::On;
        if let Err(why) = state
            .workspace
            .with(|w| if on { autosave::save(w) } else { Ok(()) })
        {
            state
                .screen
                .tell(true, format!("Your edits are not being saved: {why}."));
        }
    });
    // A link pasted into the address bar of an open tab.
    let listener = window_event_listener(leptos::ev::hashchange, move |_| state.open_link_in_url());
    on_cleanup(move || listener.remove());
    state
}

/// The editor the app root provided.
pub fn use_editor() -> Editor {
    expect_context::<Editor>()
}
