//! A QR code of the scenario's link, made in the browser, so people in the room can open the
//! scenario on screen on their own laptops (the link holds the whole scenario, `state::link`).
//!
//! The code is drawn as one SVG path built by Leptos as attributes, never as markup text, so
//! nothing in the scenario can become an element. Clicking it enlarges it for the back row.

use crate::state::{browser, link, use_editor};
use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};

/// The quiet zone around the code, in modules (the QR standard asks for four).
const QUIET: i32 = 4;

/// A QR code as an SVG path: its size in modules and the path of its dark modules, or `None`
/// when `text` is too long for any QR code.
pub fn qr_path(text: &str) -> Option<(i32, String)> {
    // Low error correction: the code is shown on a screen, not printed on a crumpled poster,
    // and the lowest level holds the longest link.
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + QUIET, y + QUIET));
            }
        }
    }
    Some((size, path))
}

#[component]
pub fn ScenarioQr() -> impl IntoView {
    let state = use_editor();
    let large = RwSignal::new(false);
    let url = Memo::new(move |_| browser::url_with(&state.workspace.with(link::fragment)));
    let code = Memo::new(move |_| url.with(|u| qr_path(u)));
    move || match code.get() {
        Some((size, path)) => {
            let side = size + 2 * QUIET;
            view! {
                <button type="button" class="scenario-qr" class:large=move || large.get() data-testid="scenario-qr"
                    title="Scan to open this scenario on your laptop; click to enlarge"
                    aria-pressed=move || large.get().to_string() on:click=move |_| large.update(|l| *l = !*l)>
                    <svg viewBox=format!("0 0 {side} {side}") role="img" aria-label="QR code of the scenario link"
                        shape-rendering="crispEdges" data-modules=size.to_string()>
                        <rect width=side.to_string() height=side.to_string() fill="#fff" />
                        <path d=path fill="#000" />
                    </svg>
                </button>
            }
            .into_any()
        }
        None => view! {
            <p class="scenario-qr-too-long" data-testid="scenario-qr">
                "This scenario is too large for a QR code: share it with Copy link or as a file."
            </p>
        }
        .into_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_a_square_of_modules_with_finder_patterns() {
        let (size, path) = qr_path("https://example.org/#s=1.abc").expect("short text fits");
        assert_eq!((size - 17) % 4, 0, "a QR code is 17 + 4k modules wide");
        // The top-left finder pattern's corner module is dark, just inside the quiet zone.
        assert!(
            path.starts_with(&format!("M{QUIET},{QUIET}h1v1h-1z")),
            "{path}"
        );
        assert!(
            path.matches('M').count() > 3 * 7 * 4,
            "three finder patterns at least"
        );
    }

    #[test]
    fn a_longer_link_needs_a_larger_code() {
        let short = qr_path("https://example.org/#s=1.a").unwrap().0;
        let long = qr_path(&format!("https://example.org/#s=1.{}", "a".repeat(900)))
            .unwrap()
            .0;
        assert!(long > short, "{short} vs {long}");
    }

    #[test]
    fn text_beyond_any_qr_code_is_refused() {
        assert_eq!(qr_path(&"a".repeat(5000)), None);
    }
}
