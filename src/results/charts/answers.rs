//! The one hover and keyboard-focus mechanism of every chart: a chart's marks (`marks`), the one
//! the pointer is over or the arrow keys moved to, a focus ring drawn over the picture there, and
//! a readout of its exact values beside it that is also an `aria-live` region, so a screen
//! reader hears what a sighted user reads.
//!
//! `AnsweringChart` is a chart picture that answers; the timeline, whose picture also zooms, pans
//! and opens stories, uses the same `Answer` and `AnswerLayer` inside its own host.

use crate::results::charts::canvas::WIDTH;
use crate::results::charts::marks::{nearest, step, Mark, Marked, Walk};
use leptos::prelude::*;

/// Which mark a chart is answering for, and the marks to choose from.
#[derive(Clone, Copy)]
pub struct Answer {
    marks: Memo<Vec<Mark>>,
    /// The picture's height in SVG units (its width is `WIDTH`).
    height: Signal<u32>,
    current: RwSignal<Option<usize>>,
    /// Where the pointer last was (client pixels): browsers send a pointer move without any
    /// movement when the page under a resting pointer changes, which must not undo a key.
    pointer: StoredValue<Option<(f64, f64)>>,
    /// Set by a key: the next pointer move only says where the resting pointer is.
    keyed: StoredValue<bool>,
}

impl Answer {
    /// An answer over `marks`; a new drawing (another result, another zoom) starts with none
    /// chosen, since an index into the old marks means nothing in the new ones.
    pub fn new(marks: Memo<Vec<Mark>>, height: Signal<u32>) -> Answer {
        let current = RwSignal::new(None);
        // Effects run after the current task: the first run, for the first drawing, would undo a
        // key pressed or a pointer moved before it, so only later drawings reset.
        // It reads the marks rather than only tracking them: a memo first computed later, by a
        // key's `marks.with_untracked`, would count as a new drawing and undo that very key.
        Effect::new(move |first: Option<()>| {
            marks.with(|_| ());
            if first.is_some() {
                current.set(None);
            }
        });
        Answer {
            marks,
            height,
            current,
            pointer: StoredValue::new(None),
            keyed: StoredValue::new(false),
        }
    }

    /// The index of the mark shown, if any.
    pub fn current(self) -> Option<usize> {
        self.current.get_untracked()
    }

    /// Answers for the mark nearest the pointer at `client` (CSS pixels of the viewport), over
    /// `host`, the element the picture fills.
    pub fn point(self, host: &web_sys::Element, client: (f64, f64)) {
        let resting = self.pointer.get_value() == Some(client) || self.keyed.get_value();
        self.pointer.set_value(Some(client));
        self.keyed.set_value(false);
        if resting {
            return;
        }
        let Some((left, top, width, height)) = client_box(host) else {
            return;
        };
        let svg_units = |offset: f64, size: f64, units: f64| offset * units / size.max(1.0);
        let at = (
            svg_units(client.0 - left, width, f64::from(WIDTH)),
            svg_units(
                client.1 - top,
                height,
                f64::from(self.height.get_untracked()),
            ),
        );
        let found = self.marks.with_untracked(|m| nearest(m, at));
        self.current.set(found);
    }

    /// Moves on an arrow key (Home and End too, with `Walk::AllArrows`); true when the key was
    /// one of the walk's, which the caller then keeps from scrolling the page.
    pub fn key(self, ev: &web_sys::KeyboardEvent, walk: Walk) -> bool {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || ev.shift_key() {
            return false;
        }
        let len = self.marks.with_untracked(Vec::len);
        match step(&ev.key(), walk, self.current.get_untracked(), len) {
            Some(to) => {
                ev.prevent_default();
                self.keyed.set_value(true);
                self.current.set(Some(to));
                true
            }
            None => false,
        }
    }

    /// Shows the first mark if none is shown: what keyboard focus arriving on a chart does.
    pub fn start(self) {
        if self.current.get_untracked().is_none() && self.marks.with_untracked(|m| !m.is_empty()) {
            self.current.set(Some(0));
        }
    }

    pub fn clear(self) {
        self.pointer.set_value(None);
        self.keyed.set_value(false);
        self.current.set(None);
    }

    /// The mark shown, if it is still one of the marks.
    fn shown(self) -> Option<Mark> {
        let i = self.current.get()?;
        self.marks.with(|m| m.get(i).cloned())
    }
}

/// The focus ring over the mark shown, and the readout of its values. Sits inside the element the
/// picture fills (which must be `position: relative`), over the picture, taking no pointer events.
#[component]
pub fn AnswerLayer(answer: Answer) -> impl IntoView {
    let height = answer.height;
    let ring = move || {
        answer.shown().map(|m| match m.area {
            Some((l, t, r, b)) => view! {
                <rect class="focus-mark" x=l - 3 y=t - 3 width=r - l + 6 height=b - t + 6 rx="3" />
            }
            .into_any(),
            None => view! { <circle class="focus-mark" cx=m.x cy=m.y r="9" /> }.into_any(),
        })
    };
    // Beside the mark, turned left of it past the middle and below it near the top, so it stays
    // inside the chart; percentages of the picture, so it follows the picture's scaling.
    let place = move || {
        answer.shown().map_or_else(String::new, |m| {
            let x = f64::from(m.x) / f64::from(WIDTH) * 100.0;
            let y = f64::from(m.y) / f64::from(height.get().max(1)) * 100.0;
            let across = if x > 50.0 { "-100% - 14px" } else { "14px" };
            let down = if y < 20.0 { "14px" } else { "-100% - 14px" };
            format!(
                "left: {x:.2}%; top: {y:.2}%; transform: translate(calc({across}), calc({down}));"
            )
        })
    };
    view! {
        <svg class="answer-layer" aria-hidden="true" preserveAspectRatio="none"
            viewBox=move || format!("0 0 {WIDTH} {}", height.get())>
            {ring}
        </svg>
        <p class="chart-readout" role="status" aria-live="polite" data-testid="chart-readout"
            style=place>{move || answer.shown().map(|m| m.text)}</p>
    }
}

/// A chart picture that answers on hover and keyboard focus. `label` names the chart for a screen
/// reader; `on_pick`, when given, is what a click or Enter on a mark does (a sweep point opens as
/// a variant), with the mark's index.
#[component]
pub fn AnsweringChart(
    #[prop(into)] drawn: Signal<Marked>,
    #[prop(into)] label: String,
    #[prop(default = None)] on_pick: Option<Callback<usize>>,
) -> impl IntoView {
    let marks = Memo::new(move |_| drawn.with(|d| d.marks.clone()));
    let answer = Answer::new(marks, Signal::derive(move || drawn.with(|d| d.height)));
    let host = NodeRef::<leptos::html::Div>::new();
    let pick = move || {
        if let (Some(pick), Some(i)) = (on_pick, answer.current()) {
            pick.run(i);
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if !answer.key(&ev, Walk::AllArrows) && ev.key() == "Enter" {
            pick();
        }
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if let Some(el) = host.get_untracked() {
            answer.point(&el, (f64::from(ev.client_x()), f64::from(ev.client_y())));
        }
    };
    let hint = if on_pick.is_some() {
        "the arrow keys move between values, Enter opens the one shown"
    } else {
        "the arrow keys move between values"
    };
    view! {
        <div class="chart-svg answering" node_ref=host tabindex="0" role="group"
            aria-label=format!("{label}: {hint}") data-testid="answering-chart"
            class:pickable=on_pick.is_some()
            on:keydown=on_key on:focus=move |_| keyboard_focus(host, answer) on:blur=move |_| answer.clear()
            on:pointermove=on_move on:pointerleave=move |_| answer.clear() on:click=move |_| pick()>
            <div class="chart-picture" inner_html=move || drawn.with(|d| d.svg.clone())></div>
            <AnswerLayer answer />
        </div>
    }
}

/// Focus that came from the keyboard shows the first value at once; focus from a click does not,
/// or a click away from every mark would pick the first one.
fn keyboard_focus(host: NodeRef<leptos::html::Div>, answer: Answer) {
    if host
        .get_untracked()
        .is_some_and(|el| el.matches(":focus-visible").unwrap_or(false))
    {
        answer.start();
    }
}

/// The element's box on screen (left, top, width, height) from `getBoundingClientRect`, called
/// through `Reflect`: the app's web-sys build leaves out `DomRect`, and one call does not justify
/// it.
pub fn client_box(element: &web_sys::Element) -> Option<(f64, f64, f64, f64)> {
    use wasm_bindgen::{JsCast, JsValue};
    let measure: js_sys::Function = js_sys::Reflect::get(element, &"getBoundingClientRect".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let rect = measure.call0(element).ok()?;
    let field = |name: &str| {
        js_sys::Reflect::get(&rect, &JsValue::from_str(name))
            .ok()?
            .as_f64()
    };
    Some((
        field("left")?,
        field("top")?,
        field("width")?,
        field("height")?,
    ))
}
