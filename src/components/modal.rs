//! The frame of every dialog: a labelled `role=dialog` over a dimmed page. Escape (see
//! `keyboard`) or a click outside closes it; it takes focus when it opens so the keyboard is in it.

use crate::state::use_editor;
use leptos::html::Div;
use leptos::prelude::*;

#[component]
pub fn Modal(
    title: &'static str,
    #[prop(optional)] testid: &'static str,
    children: Children,
) -> impl IntoView {
    let state = use_editor();
    let dialog: NodeRef<Div> = NodeRef::new();
    Effect::new(move |_| {
        if let Some(el) = dialog.get() {
            let _ = el.focus();
        }
    });
    view! {
        <div class="backdrop" on:click=move |_| state.screen.dialog.set(None)>
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title" tabindex="-1"
                node_ref=dialog data-testid=testid on:click=|ev| ev.stop_propagation()>
                <header class="dialog-head">
                    <h2 id="dialog-title">{title}</h2>
                    <button type="button" class="icon-button" on:click=move |_| state.screen.dialog.set(None) aria-label="Close (Escape)">"\u{2715}"</button>
                </header>
                {children()}
            </div>
        </div>
    }
}
