//! The message line under the header: what just happened (a link opened, an import refused), the
//! ways back to kept work (an unreadable autosave set aside, the work a link is shown over), and
//! the last shared link, selectable for copying by hand when the clipboard is unavailable.

use crate::state::keeping::Saving;
use crate::state::use_editor;
use leptos::prelude::*;

/// Selects the whole link when the box gets focus, ready for Ctrl+C.
fn select_all(ev: leptos::ev::FocusEvent) {
    event_target::<web_sys::HtmlInputElement>(&ev).select();
}

#[component]
pub fn NoticeBar() -> impl IntoView {
    let state = use_editor();
    // Always one element, so the page grid keeps its rows when there is nothing to say.
    view! {
        <div class="notices">
            {move || state.screen.notice.get().map(|notice| view! {
                <div class="notice" class:error=notice.is_error role=if notice.is_error { "alert" } else { "status" } data-testid="notice">
                    <span>{notice.text}</span>
                    <button type="button" class="icon-button" on:click=move |_| state.screen.notice.set(None) aria-label="Dismiss this message">"\u{2715}"</button>
                </div>
            })}
            {move || state.keeping.kept_aside.get().then(|| view! {
                <div class="notice error" role="alert" data-testid="kept-aside">
                    <span>"Your earlier saved work could not be opened here. It is kept aside, untouched, until you download or discard it."
                        {move || (state.keeping.saving.get() == Saving::Held).then_some(" Until then your edits are not saved, so that nothing is written over it.")}</span>
                    <button type="button" on:click=move |_| state.download_kept_aside() data-testid="download-kept-aside">"Download"</button>
                    <button type="button" on:click=move |_| state.discard_kept_aside() data-testid="discard-kept-aside">"Discard"</button>
                </div>
            })}
            {move || state.keeping.saved_work.with(Option::is_some).then(|| view! {
                <div class="notice" role="status" data-testid="saved-work">
                    <span>"This link opened without replacing your autosaved scenario; your first edit saves it in its place."</span>
                    <button type="button" on:click=move |_| state.back_to_saved_work() data-testid="back-to-saved">"Back to your scenario"</button>
                </div>
            })}
            {move || state.screen.share_link.get().map(|link| view! {
                <div class="share-link">
                    <label for="share-link">"Link to this scenario"</label>
                    <input id="share-link" data-testid="share-link" type="text" readonly=true prop:value=link on:focus=select_all />
                    <button type="button" class="icon-button" on:click=move |_| state.screen.share_link.set(None) aria-label="Hide the link">"\u{2715}"</button>
                </div>
            })}
        </div>
    }
}
