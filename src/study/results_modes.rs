//! The RESULTS zone's four views, as a WAI-ARIA tab list (`components::tablist`): the run of the
//! variant on screen, the comparison of all variants, the sweep, and the advisor. The single-run
//! panel stays mounted while hidden, so switching back shows its result at once instead of
//! running again. The other three are built the first time they are shown, not with the page,
//! whose first chart would wait for them (docs/PERFORMANCE.md, "The chart before the builder"),
//! and stay mounted after, forms and all.

use crate::components::tablist::{on_tab_key, tab_stop};
use crate::results::ResultsPanel;
use crate::state::use_screen;
use crate::state::view::Tab;
use crate::study::advise::run::AdviseRun;
use crate::study::advise::view::AdviseView;
use crate::study::compare_view::CompareView;
use crate::study::run::StudyRun;
use crate::study::sweep_view::SweepView;
use leptos::prelude::*;

/// The tab's label.
fn label(tab: Tab) -> &'static str {
    match tab {
        Tab::Results => "Results",
        Tab::Compare => "Compare variants",
        Tab::Sweep => "Sweep",
        Tab::Advise => "Advise",
    }
}

/// The tab's id and test id.
fn testid(tab: Tab) -> String {
    match tab {
        Tab::Results => "mode-run",
        Tab::Compare => "mode-compare",
        Tab::Sweep => "mode-sweep",
        Tab::Advise => "mode-advise",
    }
    .to_owned()
}

/// The id of the panel a tab shows, which the tab names in `aria-controls`.
fn panel_id(tab: Tab) -> String {
    format!("{}-panel", testid(tab))
}

#[component]
pub fn ResultsModes() -> impl IntoView {
    // The tab lives in the app state, so a link can reopen it (`state::view`).
    let mode = use_screen().tab;
    let compare_run = StudyRun::default();
    let sweep_run = StudyRun::default();
    let advise_run = AdviseRun::default();
    let tabs = Tab::ALL
        .into_iter()
        .map(|m| {
            view! {
                <button type="button" role="tab" id=testid(m) aria-controls=panel_id(m) aria-selected=move || (mode.get() == m).to_string()
                    tabindex=move || tab_stop(mode.get() == m)
                    class:active=move || mode.get() == m data-testid=testid(m) on:click=move |_| mode.set(m)>
                    {label(m)}
                </button>
            }
        })
        .collect_view();
    let shows = move |m: Tab| Signal::derive(move || mode.get() == m);
    let shown_once = move |m: Tab| {
        Memo::new(move |before: Option<&bool>| before == Some(&true) || mode.get() == m)
    };
    let (compare_shown, sweep_shown, advise_shown) = (
        shown_once(Tab::Compare),
        shown_once(Tab::Sweep),
        shown_once(Tab::Advise),
    );
    view! {
        <div class="results-modes" role="tablist" aria-label="Results views"
            on:keydown=move |ev| on_tab_key(&ev, &Tab::ALL, mode.get_untracked(), testid, |m| mode.set(m))>
            {tabs}
        </div>
        <div role="tabpanel" id=panel_id(Tab::Results) aria-labelledby=testid(Tab::Results) hidden=move || mode.get() != Tab::Results><ResultsPanel /></div>
        <div role="tabpanel" id=panel_id(Tab::Compare) aria-labelledby=testid(Tab::Compare) hidden=move || mode.get() != Tab::Compare>
            {move || compare_shown.get().then(|| view! { <CompareView run=compare_run visible=shows(Tab::Compare) /> })}
        </div>
        <div role="tabpanel" id=panel_id(Tab::Sweep) aria-labelledby=testid(Tab::Sweep) hidden=move || mode.get() != Tab::Sweep>
            {move || sweep_shown.get().then(|| view! { <SweepView run=sweep_run visible=shows(Tab::Sweep) /> })}
        </div>
        <div role="tabpanel" id=panel_id(Tab::Advise) aria-labelledby=testid(Tab::Advise) hidden=move || mode.get() != Tab::Advise>
            {move || advise_shown.get().then(|| view! { <AdviseView run=advise_run /> })}
        </div>
    }
}
