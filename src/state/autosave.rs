//! Never lose work: the workspace on screen (a scenario, or a study of variants) is written to
//! localStorage after every change and read back at start-up (issue 4, "Never lose work").
//!
//! The stored value is an envelope, versioned like the formats, so a later app can migrate this
//! one and this app refuses an envelope from a later app instead of misreading it:
//! - version 2 (written now): `{ "app_state_version": 2, "study": { … }, "active": 1 }`. The
//!   workspace is always stored as a study, even with one variant, so the study's seeds and
//!   sweep survive a reload; the study parser does not insist on two variants, only validation
//!   does.
//! - version 1 (read): `{ "app_state_version": 1, "scenario": { … } }`.
//!
//! Documents inside go through the engine's own loaders, so older scenario versions migrate too.

use crate::state::workspace::Workspace;
use quotalab_engine::study::{Document, Study};
use quotalab_engine::Scenario;
use serde::Serialize;
use serde_json::Value;

/// The envelope version this app writes.
pub const APP_STATE_VERSION: u64 = 2;

/// The localStorage key.
pub const STORAGE_KEY: &str = "quotalab.autosave";

#[derive(Serialize)]
struct Envelope {
    app_state_version: u64,
    study: Study,
    active: usize,
}

/// Why the autosaved work could not be restored.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RestoreError {
    #[error("The saved scenario is not readable ({0}); the default scenario was opened instead.")]
    Unreadable(String),
    #[error("The saved scenario was written by a newer Quota Lab (state version {0}); the default scenario was opened instead.")]
    Newer(u64),
}

/// The envelope text for `workspace`.
pub fn encode(workspace: &Workspace) -> String {
    let envelope = Envelope {
        app_state_version: APP_STATE_VERSION,
        study: workspace.to_study(),
        active: workspace.active,
    };
    serde_json::to_string(&envelope).expect("a study always serialises")
}

/// The workspace in an envelope written by [`encode`] (or an older app).
pub fn decode(text: &str) -> Result<Workspace, RestoreError> {
    let unreadable = |why: &str| RestoreError::Unreadable(why.to_string());
    let value: Value = serde_json::from_str(text).map_err(|e| unreadable(&e.to_string()))?;
    let version = value
        .get("app_state_version")
        .and_then(Value::as_u64)
        .ok_or_else(|| unreadable("no app_state_version"))?;
    if version > APP_STATE_VERSION {
        return Err(RestoreError::Newer(version));
    }
    let member = |key: &str| {
        value
            .get(key)
            .map(Value::to_string)
            .ok_or_else(|| unreadable(&format!("no {key}")))
    };
    if version == 1 {
        let scenario =
            Scenario::parse_json(&member("scenario")?).map_err(|e| unreadable(&e.to_string()))?;
        return Ok(Workspace::single(scenario));
    }
    let study = Study::parse_json(&member("study")?).map_err(|e| unreadable(&e.to_string()))?;
    if study.variants.is_empty() {
        return Err(unreadable("a study without variants"));
    }
    let mut workspace = Workspace::from_document(Document::Study(study));
    let active = value.get("active").and_then(Value::as_u64).unwrap_or(0);
    workspace.select(usize::try_from(active).unwrap_or(0));
    Ok(workspace)
}

/// Writes the workspace to localStorage. Failing to save (private mode, quota) is not fatal:
/// the page keeps working and the returned message tells the user their work is not kept.
pub fn save(workspace: &Workspace) -> Result<(), String> {
    let storage =
        local_storage().ok_or("this browser does not allow saving (localStorage is off)")?;
    storage
        .set_item(STORAGE_KEY, &encode(workspace))
        .map_err(|_| {
            "the browser refused to save the scenario (storage full?); export it to keep it"
                .to_string()
        })
}

/// The autosaved workspace: `None` when nothing was saved.
pub fn restore() -> Option<Result<Workspace, RestoreError>> {
    let text = local_storage()?.get_item(STORAGE_KEY).ok()??;
    Some(decode(&text))
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DEFAULT_SCENARIO;

    fn default_scenario() -> Scenario {
        Scenario::parse_json(DEFAULT_SCENARIO).expect("default parses")
    }

    #[test]
    fn envelope_round_trips_exactly() {
        let workspace = Workspace::single(default_scenario());
        let text = encode(&workspace);
        assert!(
            text.starts_with(r#"{"app_state_version":2,"study":{"#),
            "{text}"
        );
        assert_eq!(decode(&text), Ok(workspace));
    }

    #[test]
    fn a_study_comes_back_with_its_settings_and_the_variant_on_screen() {
        let mut workspace = Workspace::single(default_scenario());
        workspace.duplicate_active().expect("room");
        workspace.duplicate_active().expect("room");
        workspace.select(1);
        workspace.settings.seeds = 7;
        workspace.settings.wait_threshold_h = 3.5;
        assert_eq!(decode(&encode(&workspace)), Ok(workspace));
    }

    #[test]
    fn a_version_1_envelope_still_opens() {
        let text = format!(
            r#"{{"app_state_version":1,"scenario":{}}}"#,
            default_scenario().to_json_pretty()
        );
        assert_eq!(decode(&text), Ok(Workspace::single(default_scenario())));
    }

    #[test]
    fn newer_envelope_is_refused() {
        let text = r#"{"app_state_version":3,"scenario":{"version":1,"name":"x"}}"#;
        assert_eq!(decode(text), Err(RestoreError::Newer(3)));
    }

    #[test]
    fn damaged_envelope_says_why() {
        assert!(matches!(decode("{"), Err(RestoreError::Unreadable(_))));
        assert!(matches!(
            decode(r#"{"scenario":{}}"#),
            Err(RestoreError::Unreadable(_))
        ));
        let bad_scenario = r#"{"app_state_version":1,"scenario":{"version":1}}"#;
        assert!(
            matches!(decode(bad_scenario), Err(RestoreError::Unreadable(m)) if m.contains("name"))
        );
        let no_variants = r#"{"app_state_version":2,"study":{"kind":"study","version":1,"name":"s","variants":[]},"active":0}"#;
        assert!(matches!(
            decode(no_variants),
            Err(RestoreError::Unreadable(_))
        ));
    }
}
