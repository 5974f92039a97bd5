//! What the validation tests share: each case edits one thing of a valid base scenario and
//! names the finding it must produce, with its JSON path. `case!` edits the `base()` of the test
//! file that uses it.

use quotalab_engine::{Scenario, Severity};
use serde_json::Value;

/// A finding as the tests compare it: `(severity, path, message)`.
pub type Finding = (Severity, String, String);

/// Every finding of `doc` after `edit`: validation's when it loads, else the loader's error.
pub fn findings(mut doc: Value, edit: impl FnOnce(&mut Value)) -> Vec<Finding> {
    edit(&mut doc);
    match Scenario::parse_json(&doc.to_string()) {
        Ok(s) => s
            .validate()
            .all()
            .map(|d| (d.severity, d.path.clone(), d.message.clone()))
            .collect(),
        Err(e) => e
            .diagnostics()
            .into_iter()
            .map(|d| (d.severity, d.path, d.message))
            .collect(),
    }
}

/// Asserts that `edit` of `doc` gives a finding of `severity` at `path` whose message
/// contains `fragment`.
pub fn assert_finding(
    doc: Value,
    severity: Severity,
    path: &str,
    fragment: &str,
    edit: impl FnOnce(&mut Value),
) {
    let all = findings(doc, edit);
    assert!(
        all.iter()
            .any(|(s, p, m)| *s == severity && p == path && m.contains(fragment)),
        "expected {severity:?} at {path} containing \"{fragment}\", got {all:#?}"
    );
}

/// A test that an edit of the file's base gives a finding, natively and in the browser.
macro_rules! case {
    ($name:ident, $severity:ident, $path:literal, $fragment:literal, |$doc:ident| $edit:expr) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $name() {
            cases::assert_finding(
                base(),
                Severity::$severity,
                $path,
                $fragment,
                |$doc: &mut Value| {
                    $edit;
                },
            );
        }
    };
}

pub(crate) use case;
