//! The presenter view (docs/DESIGN.md "presentation mode"), for a projector at 1024 to 1920 px: the
//! editor is hidden; a slide at a time fills the screen (a KPI with each team as a column, or a
//! chart), stepped like a clicker with Page Down / Page Up or the arrow keys; a strip of live
//! controls stays under it; and a QR code lets the room open the same scenario.
//!
//! It reads the same session and baseline as the RESULTS zone, so an edit from the live controls
//! re-runs exactly as an edit in the editor does.

use super::controls::PresenterControls;
use super::deck::{deck, step};
use super::slide::PresenterSlide;
use crate::components::scenario_qr::ScenarioQr;
use crate::results::baseline::use_baseline;
use crate::results::session::use_session;
use crate::state::use_editor;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn PresenterView() -> impl IntoView {
    let state = use_editor();
    let session = use_session();
    let baseline = use_baseline();
    let outcome = Signal::derive(move || session.current.get());
    // As on the KPI cards, the run's result says whether there are shares: a Kueue scenario's
    // ClusterQueues borrow and lend in their cohort as AWS quota shares do. Until the first run
    // answers, the deck keeps every slide.
    let shared = Memo::new(move |_| {
        session
            .current
            .with(|o| o.as_ref().is_none_or(|o| !o.result.shares.is_empty()))
    });
    let slides = Memo::new(move |_| deck(shared.get()));
    let at = RwSignal::new(0usize);
    let slide = Signal::derive(move || slides.with(|d| d[at.get().min(d.len() - 1)]));
    let go = move |key: &str, shift: bool| {
        let len = slides.with_untracked(Vec::len);
        step(key, shift, at.get_untracked(), len).map(|to| at.set(to))
    };
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if typing(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        if go(&ev.key(), ev.shift_key()).is_some() {
            ev.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
    let current = move || {
        session.current.with(|o| {
            o.as_ref()
                .is_some_and(|o| o.revision == state.revision.get())
        })
    };
    view! {
        <div class="presenter" data-testid="presenter" class:stale=move || !current()>
            <header class="presenter-head">
                <button type="button" on:click=move |_| { go("PageUp", false); } aria-label="Previous slide" title="Previous (Page Up)">"\u{2190}"</button>
                <h2 data-testid="presenter-title">{move || slide.get().title()}</h2>
                <span class="presenter-count" data-testid="presenter-count">{move || format!("{} / {}", at.get() + 1, slides.with(Vec::len))}</span>
                <button type="button" on:click=move |_| { go("PageDown", false); } aria-label="Next slide" title="Next (Page Down)">"\u{2192}"</button>
                <span class="presenter-name">{move || state.scenario.with(|s| s.name.clone())}</span>
                <ScenarioQr />
                <button type="button" class="presenter-exit" data-testid="presenter-exit"
                    on:click=move |_| state.screen.toggle_presentation() title="Back to the editor (P)">"Exit"</button>
            </header>
            <main class="presenter-stage" aria-live="polite">
                <PresenterSlide slide outcome baseline=baseline.reference />
            </main>
            <PresenterControls />
        </div>
    }
}

/// Whether a key goes to a field (typing a limit must not turn the slide).
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|t| {
            matches!(
                t.tag_name().to_ascii_lowercase().as_str(),
                "input" | "textarea" | "select"
            )
        })
}
