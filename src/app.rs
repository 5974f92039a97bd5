//! The page frame (docs/DESIGN.md layout): header, the BUILD and RESULTS zones, and the status bar;
//! in presentation mode the presenter view covers them (they stay mounted, so leaving it shows
//! the editor as it was). The BUILD zone's editor is built once the first chart is on screen
//! (`Session::first_chart_settled`), so on a page's first load the chart does not wait for
//! the editor's forms (docs/PERFORMANCE.md, "The chart before the builder").
//! The RESULTS zone and the run status belong to `crate::results`; the variants and the
//! compare and sweep views to `crate::study`.

use crate::components::build_zone::BuildZone;
use crate::components::dialogs::Dialogs;
use crate::components::header::Header;
use crate::components::jobs_table::JobsPage;
use crate::components::keyboard;
use crate::components::notice_bar::NoticeBar;
use crate::components::paste_drop;
use crate::components::presenter::view::PresenterView;
use crate::components::status_bar::StatusBar;
use crate::interop::report::study::provide_compare_run;
use crate::results::{baseline, session};
use crate::state::{start_editor, Editor};
use crate::study::results_modes::ResultsModes;
use crate::study::variant_bar::{self, VariantBar};
use leptos::prelude::*;

/// Provides every store the views share, once, at the root: the editor and its screen, the jobs
/// table's page, the run session, the baseline and the Compare view's run (docs/ARCHITECTURE.md,
/// "The app's state").
pub fn provide_stores(editor: Editor) {
    provide_context(editor);
    provide_context(editor.screen);
    JobsPage::provide();
    session::provide(editor);
    baseline::provide(editor);
    provide_compare_run();
}

#[component]
pub fn App() -> impl IntoView {
    let state = start_editor();
    provide_stores(state);
    let session = session::use_session();
    keyboard::install(state);
    paste_drop::install(state);
    view! {
        <div class="app" class:presentation=move || state.screen.presentation.get()>
            <Header />
            <NoticeBar />
            <main class="zones">
                <section class="build" aria-label="Build the scenario">
                    <VariantBar />
                    <div role="tabpanel" id=variant_bar::PANEL_ID
                        aria-labelledby=move || variant_bar::tab_id(state.workspace.with(|w| w.active))>
                        {move || session.first_chart_settled.get().then(|| view! { <BuildZone /> })}
                    </div>
                </section>
                <section class="results" aria-label="Results">
                    <ResultsModes />
                </section>
            </main>
            <StatusBar />
            {move || state.screen.presentation.get().then(|| view! { <PresenterView /> })}
            <Dialogs />
        </div>
    }
}
