//! Never lose work: the scenario on screen is written to localStorage after every change and
//! read back at start-up (issue 4, "Never lose work").
//!
//! The stored value is an envelope, `{ "app_state_version": 1, "scenario": { … } }`, versioned
//! like the formats: a later app that stores more (open tabs, compare variants) can migrate this
//! one, and this app refuses an envelope from a later app instead of misreading it. The scenario
//! inside goes through the engine's own loader, so older scenario versions are migrated too.

use quotalab_engine::Scenario;
use serde::Serialize;
use serde_json::Value;

/// The envelope version this app writes.
pub const APP_STATE_VERSION: u64 = 1;

/// The localStorage key.
pub const STORAGE_KEY: &str = "quotalab.autosave";

#[derive(Serialize)]
struct Envelope<'a> {
    app_state_version: u64,
    scenario: &'a Scenario,
}

/// Why the autosaved scenario could not be restored.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RestoreError {
    #[error("The saved scenario is not readable ({0}); the default scenario was opened instead.")]
    Unreadable(String),
    #[error("The saved scenario was written by a newer Quota Lab (state version {0}); the default scenario was opened instead.")]
    Newer(u64),
}

/// The envelope text for `scenario`.
pub fn encode(scenario: &Scenario) -> String {
    let envelope = Envelope {
        app_state_version: APP_STATE_VERSION,
        scenario,
    };
    serde_json::to_string(&envelope).expect("a scenario always serialises")
}

/// The scenario in an envelope written by [`encode`] (or an older app).
pub fn decode(text: &str) -> Result<Scenario, RestoreError> {
    let unreadable = |why: &str| RestoreError::Unreadable(why.to_string());
    let value: Value = serde_json::from_str(text).map_err(|e| unreadable(&e.to_string()))?;
    let version = value
        .get("app_state_version")
        .and_then(Value::as_u64)
        .ok_or_else(|| unreadable("no app_state_version"))?;
    if version > APP_STATE_VERSION {
        return Err(RestoreError::Newer(version));
    }
    let scenario = value
        .get("scenario")
        .ok_or_else(|| unreadable("no scenario"))?;
    Scenario::parse_json(&scenario.to_string()).map_err(|e| unreadable(&e.to_string()))
}

/// Writes the scenario to localStorage. Failing to save (private mode, quota) is not fatal:
/// the page keeps working and the returned message tells the user their work is not kept.
pub fn save(scenario: &Scenario) -> Result<(), String> {
    let storage =
        local_storage().ok_or("this browser does not allow saving (localStorage is off)")?;
    storage
        .set_item(STORAGE_KEY, &encode(scenario))
        .map_err(|_| {
            "the browser refused to save the scenario (storage full?); export it to keep it"
                .to_string()
        })
}

/// The autosaved scenario: `None` when nothing was saved.
pub fn restore() -> Option<Result<Scenario, RestoreError>> {
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

    #[test]
    fn envelope_round_trips_exactly() {
        let scenario = Scenario::parse_json(DEFAULT_SCENARIO).expect("default parses");
        let text = encode(&scenario);
        assert!(
            text.starts_with(r#"{"app_state_version":1,"scenario":{"#),
            "{text}"
        );
        assert_eq!(decode(&text), Ok(scenario));
    }

    #[test]
    fn newer_envelope_is_refused() {
        let text = r#"{"app_state_version":2,"scenario":{"version":1,"name":"x"}}"#;
        assert_eq!(decode(text), Err(RestoreError::Newer(2)));
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
    }
}
