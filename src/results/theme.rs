//! Light, dark, or whatever the system prefers: a toggle that sets `data-theme` on `<html>`.
//! The stylesheets follow `prefers-color-scheme` unless `data-theme` says otherwise, and the
//! choice is remembered in localStorage.

use leptos::prelude::*;

const KEY: &str = "quotalab.theme";

#[derive(Clone, Copy, PartialEq)]
enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    fn attr(self) -> Option<&'static str> {
        match self {
            Theme::System => None,
            Theme::Light => Some("light"),
            Theme::Dark => Some("dark"),
        }
    }

    fn next(self) -> Theme {
        match self {
            Theme::System => Theme::Dark,
            Theme::Dark => Theme::Light,
            Theme::Light => Theme::System,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Theme::System => "Theme: system",
            Theme::Light => "Theme: light",
            Theme::Dark => "Theme: dark",
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

fn apply(theme: Theme) {
    if let Some(root) = document().document_element() {
        let _ = match theme.attr() {
            Some(value) => root.set_attribute("data-theme", value),
            None => root.remove_attribute("data-theme"),
        };
    }
    if let Some(s) = storage() {
        let _ = s.set_item(KEY, theme.attr().unwrap_or("system"));
    }
}

#[component]
pub fn ThemeToggle() -> impl IntoView {
    let saved = match storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .as_deref()
    {
        Some("dark") => Theme::Dark,
        Some("light") => Theme::Light,
        _ => Theme::System,
    };
    let theme = RwSignal::new(saved);
    Effect::new(move || apply(theme.get()));
    view! {
        <button class="theme-toggle" data-testid="theme-toggle" title="Switch between the system's theme, dark and light"
            on:click=move |_| theme.update(|t| *t = t.next())>
            {move || theme.get().label()}
        </button>
    }
}
