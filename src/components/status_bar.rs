//! The status bar (docs/DESIGN.md): "valid, 2 warnings, 1,204 jobs", then the results' own status.

use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;

/// "valid", "valid, 2 warnings", "1 error, 1 warning": what validation found, for people.
pub fn describe(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (errors, warnings) {
        (0, 0) => "valid".into(),
        (0, w) => format!("valid, {}", plural(w, "warning")),
        (e, 0) => plural(e, "error"),
        (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
    }
}

#[component]
pub fn StatusBar() -> impl IntoView {
    let state = use_editor();
    let validation = move || describe(state.errors(), state.report.with(|r| r.warnings.len()));
    let jobs = move || {
        state
            .scenario
            .with(|s| counted(quotalab_engine::generate::job_count(s), "job"))
    };
    let invalid = move || state.errors() > 0;
    view! {
        <footer class="status-bar" data-testid="status-bar" data-revision=move || state.revision.get().to_string()>
            <span class="validation" class:error=invalid>{move || format!("{}, {}", validation(), jobs())}</span>
            {move || invalid().then(|| view! { <span class="hint">" \u{2014} fix the errors to run"</span> })}
            <crate::results::RunStatus />
        </footer>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_reads_like_the_design() {
        assert_eq!(describe(0, 0), "valid");
        assert_eq!(describe(0, 2), "valid, 2 warnings");
        assert_eq!(describe(1, 1), "1 error, 1 warning");
    }
}
