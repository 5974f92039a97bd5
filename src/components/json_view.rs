//! The scenario as formatted JSON, editable and in sync both ways: typing that parses is applied
//! at once (one undo step per burst of typing), and edits made elsewhere rewrite the text unless
//! it already says the same thing, so the user's own formatting survives their own edits.

use crate::state::use_editor;
use leptos::html::Textarea;
use leptos::prelude::*;
use quotalab_engine::result::numbers::count;
use quotalab_engine::{LoadError, Scenario};

/// Why the text is not a scenario, and the line to look at when the parser knows it.
#[derive(Debug, Clone, PartialEq)]
struct Problem {
    message: String,
    line: Option<usize>,
}

impl Problem {
    fn from(error: &LoadError) -> Self {
        let line = match error {
            LoadError::Syntax { line, .. } => Some(*line),
            _ => None,
        };
        Problem {
            message: error.to_string(),
            line,
        }
    }
}

/// The range of 1-based `line` in `text`, in UTF-16 units as the DOM's selection counts.
fn line_range(text: &str, line: usize) -> (u32, u32) {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let start = start.min(text.len());
    let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    let utf16 = |bytes: usize| text[..bytes].encode_utf16().count() as u32;
    (utf16(start), utf16(end))
}

/// Listed jobs above which the JSON is not offered for editing: an imported trace of 100,000
/// jobs is about 70 MB of it, and writing that into the text area, and reading it back at each
/// change to compare, held the page for more than half a minute (docs/DESIGN.md, "Layout").
const EDITED_UP_TO_JOBS: usize = 10_000;

/// The JSON tab: the editor, or for a scenario of very many listed jobs a note on where to
/// read and edit its JSON instead.
#[component]
pub fn JsonView() -> impl IntoView {
    let state = use_editor();
    let too_large = Memo::new(move |_| state.scenario.with(|s| s.jobs.len()) > EDITED_UP_TO_JOBS);
    move || {
        if too_large.get() {
            let jobs = move || state.scenario.with(|s| count(s.jobs.len() as u64));
            view! {
                <section class="build-section json-view" aria-label="Scenario as JSON">
                    <p class="hint" data-testid="json-too-large">
                        {move || format!("This scenario lists {} jobs: its JSON is too large to edit here. \
                            Export saves it as a file to read or edit in a text editor, and Import opens it again. \
                            The other tabs edit everything but the listed jobs.", jobs())}
                    </p>
                </section>
            }
            .into_any()
        } else {
            view! { <JsonEditor /> }.into_any()
        }
    }
}

/// The scenario's JSON as an editable text, in step with the form.
#[component]
fn JsonEditor() -> impl IntoView {
    let state = use_editor();
    let area: NodeRef<Textarea> = NodeRef::new();
    let draft = RwSignal::new(state.scenario.with_untracked(Scenario::to_json_pretty));
    let problem = RwSignal::new(None::<Problem>);
    Effect::new(move |_| {
        let current = state.scenario.get();
        let says_the_same =
            draft.with_untracked(|d| Scenario::parse_json(d).is_ok_and(|s| s == current));
        if !says_the_same {
            draft.set(current.to_json_pretty());
            problem.set(None);
        }
    });
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        match Scenario::parse_json(&text) {
            Ok(scenario) => {
                problem.set(None);
                state.edit_field("{json}", move |s| *s = scenario);
            }
            Err(e) => problem.set(Some(Problem::from(&e))),
        }
        draft.set(text);
    };
    let show_line = move |line: usize| {
        if let Some(el) = area.get() {
            let (start, end) = line_range(&el.value(), line);
            let _ = el.focus();
            let _ = el.set_selection_range(start, end);
        }
    };
    view! {
        <section class="build-section json-view" aria-label="Scenario as JSON">
            <label for="scenario-json">"Scenario JSON (Quota Lab format, version 1)"</label>
            <textarea id="scenario-json" data-testid="json-editor" node_ref=area spellcheck="false" rows="30"
                aria-invalid=move || problem.with(Option::is_some).to_string() aria-describedby="scenario-json-msg"
                prop:value=move || draft.get() on:input=on_input></textarea>
            <div id="scenario-json-msg" role="status">
                {move || problem.get().map(|p| view! {
                    <p class="error" data-testid="json-error">
                        {p.message.clone()}
                        {p.line.map(|line| view! { " " <button type="button" class="link-button" on:click=move |_| show_line(line)>{format!("Go to line {line}")}</button> })}
                        " The scenario on screen is the last one that parsed."
                    </p>
                })}
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::line_range;

    #[test]
    fn line_ranges_select_whole_lines() {
        let text = "{\n  \"a\": 1,\n}";
        assert_eq!(line_range(text, 1), (0, 1));
        assert_eq!(line_range(text, 2), (2, 11));
        assert_eq!(line_range(text, 3), (12, 13));
    }
}
