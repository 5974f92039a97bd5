//! "How this works": the mechanisms the app simulates, for someone new, in plain words with a
//! small picture each (`concepts`), and the AWS field second, so what they learn transfers.

use super::concepts::{Concept, CONCEPTS};
use super::modal::Modal;
use crate::state::palette::share_colour;
use leptos::prelude::*;

/// The width and height of one slot in a picture, in SVG units.
const SLOT: f64 = 22.0;
/// Room for the row labels on the left.
const LABEL_W: f64 = 84.0;

#[component]
pub fn HowItWorksDialog() -> impl IntoView {
    let items = CONCEPTS
        .iter()
        .map(|c| {
            view! {
                <section class="concept" data-testid="concept">
                    <h3>{c.title}</h3>
                    <Picture concept=c />
                    <p>{c.words}</p>
                    <p class="concept-field">"AWS: "<code>{c.field}</code></p>
                </section>
            }
        })
        .collect_view();
    view! {
        <Modal title="How this works" testid="how-it-works">
            <p>"Teams share a pool of GPU instances through quota shares. Each share owns a capacity limit per instance type; its strategy says whether it lends its idle instances and whether it may borrow. The picture beside each idea shows instance slots: solid is a team's own use, lighter is borrowed, grey is idle, a cross is work lost."</p>
            <div class="concepts">{items}</div>
        </Modal>
    }
}

/// One concept's rows of slots.
#[component]
fn Picture(concept: &'static Concept) -> impl IntoView {
    let rows = concept.picture.len() as f64;
    let widest = concept
        .picture
        .iter()
        .map(|(_, slots)| slots.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let shapes = concept
        .picture
        .iter()
        .enumerate()
        .map(|(r, (label, slots))| {
            let y = r as f64 * (SLOT + 6.0);
            let cells = slots
                .chars()
                .enumerate()
                .filter(|(_, c)| *c != ' ')
                .map(|(k, c)| slot(LABEL_W + k as f64 * (SLOT + 3.0), y, c))
                .collect_view();
            view! {
                <text x="0" y=y + SLOT * 0.7 class="concept-label">{*label}</text>
                {cells}
            }
        })
        .collect_view();
    let width = LABEL_W + widest * (SLOT + 3.0);
    let height = rows * (SLOT + 6.0);
    view! {
        <svg class="concept-picture" viewBox=format!("0 0 {width} {height}") width=width height=height
            role="img" aria-label=format!("Picture: {}", concept.title)>
            {shapes}
        </svg>
    }
}

/// One slot of a picture (see `concepts` for the letters).
fn slot(x: f64, y: f64, kind: char) -> impl IntoView {
    let (fill, opacity, cross) = match kind {
        'A' => (share_colour(0), 1.0, false),
        'a' => (share_colour(0), 0.4, false),
        'B' => (share_colour(1), 1.0, false),
        'b' => (share_colour(1), 0.4, false),
        'P' => (share_colour(2), 1.0, false),
        'S' => (share_colour(3), 1.0, false),
        'x' => ("#b3261e", 1.0, true),
        _ => ("#c9ced6", 1.0, false),
    };
    view! {
        <rect x=x y=y width=SLOT height=SLOT rx="3" fill=fill fill-opacity=opacity />
        {cross.then(|| view! {
            <path d=format!("M{},{}l{SLOT},{SLOT}m0,-{SLOT}l-{SLOT},{SLOT}", x, y) stroke="#fff" stroke-width="3" />
        })}
    }
}
