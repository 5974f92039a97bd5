//! The RESULTS zone's three views, as a WAI-ARIA tab list (`components::tablist`): the run of the variant on screen, the comparison of all
//! variants, and the sweep. The single-run panel stays mounted while hidden, so switching back
//! shows its result at once instead of running again.

use crate::components::tablist::{on_tab_key, tab_stop};
use crate::results::ResultsPanel;
use crate::study::compare_view::CompareView;
use crate::study::run::StudyRun;
use crate::study::sweep_view::SweepView;
use leptos::prelude::*;

/// Which view of the results is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultsMode {
    Run,
    Compare,
    Sweep,
}

impl ResultsMode {
    const ALL: [ResultsMode; 3] = [ResultsMode::Run, ResultsMode::Compare, ResultsMode::Sweep];

    fn label(self) -> &'static str {
        match self {
            ResultsMode::Run => "Results",
            ResultsMode::Compare => "Compare variants",
            ResultsMode::Sweep => "Sweep",
        }
    }

    /// The tab's id and test id.
    fn testid(self) -> &'static str {
        match self {
            ResultsMode::Run => "mode-run",
            ResultsMode::Compare => "mode-compare",
            ResultsMode::Sweep => "mode-sweep",
        }
    }
}

#[component]
pub fn ResultsModes() -> impl IntoView {
    let mode = RwSignal::new(ResultsMode::Run);
    let compare_run = StudyRun::default();
    let sweep_run = StudyRun::default();
    let tabs = ResultsMode::ALL
        .into_iter()
        .map(|m| {
            view! {
                <button type="button" role="tab" id=m.testid() aria-selected=move || (mode.get() == m).to_string()
                    tabindex=move || tab_stop(mode.get() == m)
                    class:active=move || mode.get() == m data-testid=m.testid() on:click=move |_| mode.set(m)>
                    {m.label()}
                </button>
            }
        })
        .collect_view();
    let shows = move |m: ResultsMode| Signal::derive(move || mode.get() == m);
    view! {
        <div class="results-modes" role="tablist" aria-label="Results views"
            on:keydown=move |ev| on_tab_key(&ev, &ResultsMode::ALL, mode.get_untracked(), |m| m.testid().to_string(), |m| mode.set(m))>
            {tabs}
        </div>
        <div hidden=move || mode.get() != ResultsMode::Run><ResultsPanel /></div>
        <div hidden=move || mode.get() != ResultsMode::Compare>
            <CompareView run=compare_run visible=shows(ResultsMode::Compare) />
        </div>
        <div hidden=move || mode.get() != ResultsMode::Sweep>
            <SweepView run=sweep_run visible=shows(ResultsMode::Sweep) />
        </div>
    }
}
