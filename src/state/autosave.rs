//! Never lose work: the workspace on screen (a scenario, or a study of variants) is written to
//! localStorage after every change and read back at start-up (docs/DESIGN.md, "Never lose work").
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
//!
//! A stored value this app cannot read (damaged, or written by a newer app) is never overwritten
//! unseen: it is first copied to [`ASIDE_KEY`], where it stays untouched until the user downloads
//! or discards it, and only then does autosaving carry on under [`STORAGE_KEY`].

use crate::state::workspace::Workspace;
use quotalab_engine::json_text;
use quotalab_engine::study::{Document, Study};
use quotalab_engine::Scenario;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

/// The envelope version this app writes.
pub const APP_STATE_VERSION: u64 = 2;

/// The localStorage key.
pub const STORAGE_KEY: &str = "quotalab.autosave";

/// Where an unreadable autosave is kept aside until the user decides about it.
pub const ASIDE_KEY: &str = "quotalab.autosave.unreadable";

#[derive(Serialize)]
struct Envelope {
    app_state_version: u64,
    study: Study,
    active: usize,
}

/// Why the autosaved work could not be restored.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RestoreError {
    #[error("Your saved work could not be opened ({0}). The default scenario was opened instead.")]
    Unreadable(String),
    #[error("Your saved work was written by a newer Quota Lab (state version {0}). The default scenario was opened instead.")]
    Newer(u64),
}

/// Autosaved work that could not be restored, and whether it is kept aside under [`ASIDE_KEY`].
#[derive(Debug, Clone, PartialEq)]
pub struct Unrestored {
    pub error: RestoreError,
    /// False when the aside slot already holds another unreadable value: then nothing may be
    /// saved over this one until the user has decided about that one.
    pub kept_aside: bool,
}

/// The envelope text for `workspace`, whatever its size: what the tests compare with
/// [`storable`]'s text and read back. Saving always goes through `storable`.
#[cfg(test)]
fn encode(workspace: &Workspace) -> String {
    json_text::compact(&envelope_of(workspace))
}

fn envelope_of(workspace: &Workspace) -> Envelope {
    Envelope {
        app_state_version: APP_STATE_VERSION,
        study: workspace.to_study(),
        active: workspace.active,
    }
}

/// The most text any browser's localStorage keeps for a site: Chromium's quota is 10 MiB of
/// UTF-16, five million characters, and Firefox's and Safari's are smaller. An envelope that
/// is longer is not even offered.
const LARGEST_STORABLE_BYTES: usize = 10 << 20;

/// The envelope text for `workspace`, if a browser could keep it. It is counted first, and
/// written only when it is short enough: a trace of a million jobs listed one by one is a
/// quarter of a gigabyte of text, which the page once wrote in full, and handed to the browser
/// as a string as large, only to be refused (docs/PERFORMANCE.md, "Autosave counts before it
/// writes").
fn storable(workspace: &Workspace) -> Result<String, NotSaved> {
    let envelope = envelope_of(workspace);
    if json_text::byte_count(&envelope) > LARGEST_STORABLE_BYTES {
        return Err(NotSaved::TooLarge);
    }
    Ok(json_text::compact(&envelope))
}

/// The envelope as stored: its documents stay text until the engine's loaders read them, as a
/// study's variants do (docs/ARCHITECTURE.md, "Documents that hold scenarios").
#[derive(Deserialize)]
struct Stored<'a> {
    #[serde(default)]
    app_state_version: Option<Value>,
    #[serde(default, borrow)]
    scenario: Option<&'a RawValue>,
    #[serde(default, borrow)]
    study: Option<&'a RawValue>,
    #[serde(default)]
    active: Option<Value>,
}

/// The workspace in an envelope written by [`encode`] (or an older app).
pub fn decode(text: &str) -> Result<Workspace, RestoreError> {
    let unreadable = |why: &str| RestoreError::Unreadable(why.to_string());
    let stored: Stored = serde_json::from_str(text).map_err(|e| unreadable(&e.to_string()))?;
    let version = stored
        .app_state_version
        .as_ref()
        .and_then(Value::as_u64)
        .ok_or_else(|| unreadable("no app_state_version"))?;
    if version > APP_STATE_VERSION {
        return Err(RestoreError::Newer(version));
    }
    if version == 1 {
        let scenario = Scenario::parse_json(member(stored.scenario, "scenario")?)
            .map_err(|e| unreadable(&e.to_string()))?;
        return Ok(Workspace::single(scenario));
    }
    let study = Study::parse_json(member(stored.study, "study")?)
        .map_err(|e| unreadable(&e.to_string()))?;
    if study.variants.is_empty() {
        return Err(unreadable("a study without variants"));
    }
    let mut workspace = Workspace::from_document(Document::Study(study));
    let active = stored.active.as_ref().and_then(Value::as_u64).unwrap_or(0);
    workspace.select(usize::try_from(active).unwrap_or(0));
    Ok(workspace)
}

/// The text of the envelope's document under `key`.
fn member<'a>(document: Option<&'a RawValue>, key: &str) -> Result<&'a str, RestoreError> {
    document
        .map(RawValue::get)
        .ok_or_else(|| RestoreError::Unreadable(format!("no {key}")))
}

/// Why the work was not saved, as the notice tells the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NotSaved {
    #[error("this browser does not allow saving (localStorage is off)")]
    NoStorage,
    #[error("the browser refused to save the scenario (storage full?); export it to keep it")]
    Refused,
    #[error("the scenario is larger than any browser keeps for a site (a few megabytes); export it to keep it")]
    TooLarge,
}

/// Writes the workspace to localStorage. Failing to save (private mode, quota) is not fatal:
/// the page keeps working and the notice tells the user their work is not kept.
///
/// A workspace whose text no browser's localStorage holds is not written (`storable`). And
/// counting a trace of a million jobs listed one by one still takes a second or so, so once a
/// document of a megabyte or more was too large or refused, one with at least as many listed
/// jobs is not offered again in this tab (`RefusedSize`): the notice stays, and each edit stays
/// quick.
pub fn save(workspace: &Workspace) -> Result<(), NotSaved> {
    let storage = local_storage().ok_or(NotSaved::NoStorage)?;
    let listed = listed_jobs(workspace);
    if let Some(why) = REFUSED.get().refuses(listed) {
        return Err(why);
    }
    let refused = |bytes: usize, why: NotSaved| {
        REFUSED.set(REFUSED.get().after_refusal(bytes, listed, why));
        why
    };
    let text = storable(workspace).map_err(|why| refused(LARGEST_STORABLE_BYTES, why))?;
    storage
        .set_item(STORAGE_KEY, &text)
        .map_err(|_| refused(text.len(), NotSaved::Refused))
}

/// The jobs the workspace's variants list one by one: what makes a document large.
fn listed_jobs(workspace: &Workspace) -> usize {
    workspace.variants.iter().map(|v| v.jobs.len()).sum()
}

/// A refused document at least this long is remembered (`RefusedSize`); a smaller one may have
/// met a storage that is full for now.
const REMEMBERED_REFUSAL_BYTES: usize = 1 << 20;

/// The fewest listed jobs of a remembered refusal in this tab, if any, and why it was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct RefusedSize(Option<(usize, NotSaved)>);

impl RefusedSize {
    /// Why a document listing `listed` jobs is certain to be refused too, if it is.
    fn refuses(self, listed: usize) -> Option<NotSaved> {
        self.0
            .filter(|(fewest, _)| listed >= *fewest)
            .map(|(_, why)| why)
    }

    /// What is remembered after `bytes` of text listing `listed` jobs were refused (`why`).
    fn after_refusal(self, bytes: usize, listed: usize, why: NotSaved) -> RefusedSize {
        match self.0 {
            _ if bytes < REMEMBERED_REFUSAL_BYTES => self,
            Some((fewest, _)) if fewest <= listed => self,
            _ => RefusedSize(Some((listed, why))),
        }
    }
}

thread_local! {
    static REFUSED: std::cell::Cell<RefusedSize> = const { std::cell::Cell::new(RefusedSize(None)) };
}

/// The autosaved workspace: `None` when nothing was saved. An unreadable value is set aside
/// first (see the module documentation).
pub fn restore() -> Option<Result<Workspace, Unrestored>> {
    let storage = local_storage()?;
    let text = storage.get_item(STORAGE_KEY).ok()??;
    Some(decode(&text).map_err(|error| {
        let slot = storage.get_item(ASIDE_KEY).ok().flatten();
        let kept_aside =
            may_set_aside(slot.as_deref(), &text) && storage.set_item(ASIDE_KEY, &text).is_ok();
        Unrestored { error, kept_aside }
    }))
}

/// Whether `text` may go to the aside slot holding `slot`: the slot is free, or already holds
/// this very text. Another unreadable value there is left alone.
fn may_set_aside(slot: Option<&str>, text: &str) -> bool {
    slot.is_none_or(|kept| kept == text)
}

/// The value kept aside, if any.
pub fn kept_aside() -> Option<String> {
    local_storage()?.get_item(ASIDE_KEY).ok()?
}

/// Forgets the value kept aside, at the user's word.
pub fn discard_aside() {
    if let Some(storage) = local_storage() {
        // Failing to remove it keeps it: nothing is lost.
        let _ = storage.remove_item(ASIDE_KEY);
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::default_scenario;

    #[test]
    fn a_large_refused_document_is_not_offered_again_and_a_smaller_one_is() {
        use NotSaved::{Refused, TooLarge};
        let none = RefusedSize::default();
        assert_eq!(none.refuses(1_000_000), None);
        let small = none.after_refusal(REMEMBERED_REFUSAL_BYTES - 1, 9_000, Refused);
        assert_eq!(
            small.refuses(9_000),
            None,
            "a small refusal may be a full storage for now"
        );
        let large = none.after_refusal(232_000_000, 1_000_000, TooLarge);
        assert_eq!(large.refuses(1_000_000), Some(TooLarge));
        assert_eq!(large.refuses(1_000_001), Some(TooLarge));
        assert_eq!(
            large.refuses(999_999),
            None,
            "a document with fewer jobs is tried"
        );
        let smaller = large.after_refusal(5_000_000, 20_000, Refused);
        assert_eq!(smaller.refuses(20_000), Some(Refused));
        assert_eq!(smaller.refuses(19_999), None);
        assert_eq!(
            smaller.after_refusal(90_000_000, 400_000, TooLarge),
            smaller
        );
    }

    /// A workspace whose text is longer than any browser's storage is counted, not written;
    /// one that fits is written as `encode` writes it.
    #[test]
    fn only_a_workspace_a_browser_could_keep_is_written() {
        let workspace = Workspace::single(default_scenario());
        assert_eq!(storable(&workspace), Ok(encode(&workspace)));
        let trace = Workspace::single(crate::state::listed_jobs_scenario(200_000));
        assert!(encode(&trace).len() > LARGEST_STORABLE_BYTES);
        assert_eq!(storable(&trace), Err(NotSaved::TooLarge));
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
    fn an_unreadable_value_goes_aside_only_to_a_free_slot_or_its_own() {
        assert!(may_set_aside(None, "{ newer"));
        assert!(may_set_aside(Some("{ newer"), "{ newer"));
        assert!(!may_set_aside(Some("{ older"), "{ newer"));
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
