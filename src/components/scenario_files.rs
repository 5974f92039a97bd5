//! Import and export of scenario and study `.json` files, entirely in the browser (no upload):
//! export is a Blob URL clicked as a download, import reads the chosen file's text.

use crate::state::workspace::Workspace;
use crate::state::AppState;
use quotalab_engine::study::Document;
use quotalab_engine::Scenario;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A file name for the scenario: its name in lowercase, words joined by dashes.
pub fn file_name(scenario: &Scenario) -> String {
    file_name_for(&scenario.name)
}

/// A file name for `title`: lowercase, words joined by dashes.
fn file_name_for(title: &str) -> String {
    let slug: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    format!("{}.json", if slug.is_empty() { "scenario" } else { &slug })
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
pub fn export(workspace: &Workspace) -> Result<(), String> {
    let failed = |_| "the browser could not create the file".to_string();
    let name = export_file_name(workspace);
    let parts = js_sys::Array::of1(&workspace.to_json_pretty().into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(failed)?
        .unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(&name);
    anchor.click();
    // Release the Blob once the download has been handed over.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Reads the file the user picked and opens it, or says precisely why it cannot be opened
/// (the current scenario stays untouched).
pub async fn import(state: AppState, file: web_sys::File) {
    let name = file.name();
    let text = match JsFuture::from(file.text()).await {
        Ok(text) => text.as_string().unwrap_or_default(),
        Err(_) => {
            return state.tell(
                true,
                format!("Could not read \u{201c}{name}\u{201d}; nothing was changed."),
            )
        }
    };
    match Document::parse_json(&text) {
        Ok(document) => state.open_workspace(
            Workspace::from_document(document),
            &format!("the file \u{201c}{name}\u{201d}"),
        ),
        Err(e) => state.tell(
            true,
            format!("Could not import \u{201c}{name}\u{201d}: {e}. Nothing was changed."),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_tidy() {
        let s = Scenario::parse_json(r#"{"version":1,"name":"Three teams / g5 <pool>"}"#)
            .expect("parses");
        assert_eq!(file_name(&s), "three-teams-g5-pool.json");
    }
}
