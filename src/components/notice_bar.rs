//! The message line under the header: what just happened (a link opened, an import refused) and
//! the last shared link, selectable for copying by hand when the clipboard is unavailable.

use crate::state::use_app_state;
use leptos::prelude::*;

/// Selects the whole link when the box gets focus, ready for Ctrl+C.
fn select_all(ev: leptos::ev::FocusEvent) {
    event_target::<web_sys::HtmlInputElement>(&ev).select();
}

#[component]
pub fn NoticeBar() -> impl IntoView {
    let state = use_app_state();
    // Always one element, so the page grid keeps its rows when there is nothing to say.
    view! {
        <div class="notices">
            {move || state.notice.get().map(|notice| view! {
                <div class="notice" class:error=notice.is_error role=if notice.is_error { "alert" } else { "status" } data-testid="notice">
                    <span>{notice.text}</span>
                    <button type="button" class="icon-button" on:click=move |_| state.notice.set(None) aria-label="Dismiss this message">"\u{2715}"</button>
                </div>
            })}
            {move || state.share_link.get().map(|link| view! {
                <div class="share-link">
                    <label for="share-link">"Link to this scenario"</label>
                    <input id="share-link" data-testid="share-link" type="text" readonly=true prop:value=link on:focus=select_all />
                    <button type="button" class="icon-button" on:click=move |_| state.share_link.set(None) aria-label="Hide the link">"\u{2715}"</button>
                </div>
            })}
        </div>
    }
}
