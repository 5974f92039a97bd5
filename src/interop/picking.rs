//! What the three import dialogs (trace, account, AWS/Kueue) show alike: the field that picks
//! files, why the picked files import nothing, and the buttons that open what was read as the
//! scenario or close the dialog. Opening goes through `Editor::open`, which asks before
//! replacing unsaved edits.

use super::files::NotImportable;
use crate::state::use_screen;
use leptos::prelude::*;

/// A file input for several files, labelled; its id is also its test id.
#[component]
pub fn FilesField(
    id: &'static str,
    label: &'static str,
    /// The file types offered first (`accept`).
    accept: &'static str,
    on_pick: impl FnMut(leptos::ev::Event) + 'static,
) -> impl IntoView {
    view! {
        <div class="field wide">
            <label for=id>{label}</label>
            <input id=id type="file" multiple accept=accept data-testid=id on:change=on_pick />
        </div>
    }
}

/// "Apply: open as the scenario", enabled when `ready`, and "Cancel", which closes the dialog.
#[component]
pub fn ApplyOrCancel(
    /// The Apply button's test id.
    testid: &'static str,
    #[prop(into)] ready: Signal<bool>,
    apply: impl FnMut(leptos::ev::MouseEvent) + 'static,
) -> impl IntoView {
    let screen = use_screen();
    view! {
        <div class="dialog-actions">
            <button type="button" class="primary" data-testid=testid disabled=move || !ready.get() on:click=apply>
                "Apply: open as the scenario"
            </button>
            <button type="button" on:click=move |_| screen.dialog.set(None)>"Cancel"</button>
        </div>
    }
}

/// Why the picked files import nothing: the sentence, and the scenario's errors under it.
#[component]
pub fn NotImportableView(
    /// The alert's test id.
    testid: &'static str,
    why: NotImportable,
) -> impl IntoView {
    let errors = (!why.errors.is_empty()).then(|| {
        let items = why.errors.into_iter().map(|e| view! { <li>{e}</li> });
        view! { <ul>{items.collect_view()}</ul> }
    });
    view! {
        <div class="error" role="alert" data-testid=testid>
            <p>{why.message}</p>
            {errors}
        </div>
    }
}
