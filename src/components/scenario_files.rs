//! Import and export of scenario and study `.json` files, entirely in the browser (no upload):
//! export is a Blob URL clicked as a download, import reads the chosen file (a scenario, a
//! study, or Kueue YAML, `crate::interop::kueue_yaml`). The AWS and
//! Kueue files of a scenario are named here too (`crate::interop::agreement::dialog` offers them).

use crate::download::{download_text, NotDownloaded};
use crate::interop::kueue_yaml;
use crate::js_bytes::JsBytes;
use crate::state::workspace::Workspace;
use crate::state::Editor;
use quotalab_engine::format::pieces::Source;
use quotalab_engine::study::Document;
use quotalab_engine::translate::names::slug;
use quotalab_engine::{LoadError, Scenario};
use wasm_bindgen_futures::JsFuture;

/// A file name for the scenario: its name in lowercase, words joined by dashes.
pub fn file_name(scenario: &Scenario) -> String {
    file_name_for(&scenario.name)
}

/// The scenario's file name with `extension` (`aws.json`, `kueue.yaml`) in place of `json`.
pub fn file_name_as(scenario: &Scenario, extension: &str) -> String {
    format!("{}.{extension}", stem(&scenario.name))
}

/// A file name for `title`: lowercase, words joined by dashes.
fn file_name_for(title: &str) -> String {
    format!("{}.json", stem(title))
}

/// `title` in lowercase, words joined by dashes, letters of any script kept; "scenario" when
/// nothing is left.
fn stem(title: &str) -> String {
    let slug = slug(title, char::is_alphanumeric);
    if slug.is_empty() {
        "scenario".into()
    } else {
        slug
    }
}

/// The name "Export" gives the workspace's file: the study's when there are variants, else the
/// scenario's.
pub fn export_file_name(workspace: &Workspace) -> String {
    if workspace.is_study() {
        file_name_for(&workspace.study_name())
    } else {
        file_name(workspace.active_scenario())
    }
}

/// Offers the scenario, or the study when there are variants, as a `.json` download.
pub fn export(workspace: &Workspace) -> Result<(), NotDownloaded> {
    let name = export_file_name(workspace);
    download_text(&name, "application/json", &workspace.to_json_pretty()).map_err(|_| NotDownloaded)
}

/// Reads the file the user picked and opens it, or says precisely why it cannot be opened
/// (the current scenario stays untouched). A JSON document is read from the file's bytes, a
/// scenario a piece at a time, so a trace's text never stands whole in the page's memory beside
/// its jobs (docs/PERFORMANCE.md, "A trace read a piece at a time"); anything else as text.
pub async fn import(state: Editor, file: web_sys::File) {
    let name = file.name();
    let bytes = match JsFuture::from(file.array_buffer()).await {
        Ok(buffer) => JsBytes(js_sys::Uint8Array::new(&buffer)),
        Err(_) => {
            return state.screen.tell(
                true,
                format!("Could not read \u{201c}{name}\u{201d}; nothing was changed."),
            )
        }
    };
    let origin = format!("the file \u{201c}{name}\u{201d}");
    if kueue_yaml::has_yaml_name(&name) || !starts_as_json_object(&bytes) {
        let text = bytes.text();
        return open_text(state, origin, &name, text).await;
    }
    let read = Document::read(&bytes);
    // Let go of the file's bytes before opening starts a run.
    drop(bytes);
    open_read(state, &origin, read);
}

/// Whether the first thing in `bytes`, after a byte-order mark and white space, opens a JSON
/// object: then they are a scenario or study `.json`, never Kueue YAML
/// (`kueue_yaml::is_kueue_yaml`).
fn starts_as_json_object(bytes: &(impl Source + ?Sized)) -> bool {
    let mut head = vec![0; bytes.len().min(4096)];
    bytes.copy_to(0, &mut head);
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&head);
    head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// Opens `text` from `origin` (a file named `name`, or a paste): Kueue YAML through its import
/// (`interop::kueue_yaml`), anything else as a scenario or study `.json`.
pub async fn open_text(state: Editor, origin: String, name: &str, text: String) {
    if kueue_yaml::is_kueue_yaml(name, &text) {
        return kueue_yaml::open(state, origin, text).await;
    }
    let read = Document::parse_json(&text);
    // Let go of the text before opening starts a run: a trace's is a quarter of a gigabyte.
    drop(text);
    open_read(state, &origin, read);
}

/// Opens what was read from `origin`, or says why it cannot be opened.
fn open_read(state: Editor, origin: &str, read: Result<Document, LoadError>) {
    match read {
        Ok(document) => state.open_workspace(Workspace::from_document(document), origin),
        Err(e) => state.screen.tell(
            true,
            format!("Could not import {origin}: {e}. Nothing was changed."),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_document_that_opens_an_object_is_read_as_json_bytes() {
        for json in [
            "{}",
            "  \n\t{\"version\": 1}",
            "\u{feff}{}",
            "\u{feff} \r\n{",
        ] {
            assert!(starts_as_json_object(json.as_bytes()), "{json:?}");
        }
        for other in [
            "",
            "   ",
            "apiVersion: v1\n{",
            "[{}]",
            "\u{a0}{}",
            "\u{feff}",
        ] {
            assert!(!starts_as_json_object(other.as_bytes()), "{other:?}");
        }
    }

    #[test]
    fn file_names_are_tidy() {
        let s = Scenario::parse_json(r#"{"version":1,"name":"Three teams / g5 <pool>"}"#)
            .expect("parses");
        assert_eq!(file_name(&s), "three-teams-g5-pool.json");
        assert_eq!(
            file_name_as(&s, "kueue.yaml"),
            "three-teams-g5-pool.kueue.yaml"
        );
    }
}
