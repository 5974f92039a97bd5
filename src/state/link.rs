//! Shared links: the whole scenario (or study) in the URL fragment,
//! `#s=1.<base64url(raw deflate(json))>`.
//!
//! The JSON is the document a file would hold: a plain scenario for one variant, a study
//! (`"kind": "study"`) for several, so a study travels exactly like a scenario (docs/STUDY.md).
//!
//! The fragment never reaches a server, so a link shares a scenario without uploading it. The
//! leading `1.` is the link format version: a newer app can change the encoding and still read
//! old links, and this one refuses newer links with a message instead of misreading them.
//! A link is untrusted input: decoding caps the unpacked size (a small link could otherwise
//! inflate to gigabytes) and every failure is a [`LinkError`] the user can read.

use crate::state::workspace::Workspace;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::inflate::{decompress_to_vec_with_limit, TINFLStatus};
use quotalab_engine::json_text;
use quotalab_engine::study::Document;
use quotalab_engine::LoadError;

/// The link format this app writes and reads.
pub const LINK_VERSION: u32 = 1;

/// The largest scenario a link may unpack to. Links are for agreements and small workloads;
/// traces of a million jobs travel as files.
pub const MAX_LINK_JSON_BYTES: usize = 8 * 1024 * 1024;

/// What precedes the payload in the fragment.
const FRAGMENT_PREFIX: &str = "#s=";

/// deflate's strongest level: links are made once and should be short.
const COMPRESSION_LEVEL: u8 = 9;

/// Why a link could not be opened. The current scenario stays as it was.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LinkError {
    #[error("This link has no format version; it was probably cut off or edited by hand.")]
    MissingVersion,
    #[error("This link's format version \u{201c}{0}\u{201d} cannot be read: it is not a version any Quota Lab writes. Was the link edited by hand?")]
    UnreadableVersion(String),
    #[error("This link is from a newer Quota Lab (link format {0}); this version opens format {LINK_VERSION}. Update Quota Lab to open it.")]
    NewerVersion(u32),
    #[error("This link is damaged: its data is not valid base64url. Was it edited or cut off?")]
    NotBase64,
    #[error("This link is incomplete: the compressed scenario ends early. Was it cut off when it was copied?")]
    Truncated,
    #[error("This link is damaged: its compressed data cannot be unpacked.")]
    Corrupt,
    #[error("This link's scenario is larger than {} MiB once unpacked, so it was not opened. Share big scenarios as .json files.", MAX_LINK_JSON_BYTES / (1024 * 1024))]
    TooLarge,
    #[error("This link's scenario is not valid UTF-8 text.")]
    NotText,
    #[error("This link's scenario could not be read: {0}")]
    Scenario(LoadError),
}

/// The link payload for a workspace: `1.<base64url>`, without the `#s=`.
pub fn encode(workspace: &Workspace) -> String {
    // Compact JSON: the engine's one writer, without the whitespace the pretty one adds.
    let json = match workspace.to_document() {
        Document::Scenario(scenario) => json_text::compact(&scenario),
        Document::Study(study) => json_text::compact(&study),
    };
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), COMPRESSION_LEVEL);
    format!("{LINK_VERSION}.{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The scenario or study in a link payload (`1.<base64url>`).
pub fn decode(payload: &str) -> Result<Workspace, LinkError> {
    let (version, data) = payload.split_once('.').ok_or(LinkError::MissingVersion)?;
    let version: u32 = match version.parse() {
        Ok(v) => v,
        // Digits that do not fit a version number: a version, but not one anyone wrote.
        Err(_) if !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) => {
            return Err(LinkError::UnreadableVersion(
                version.chars().take(24).collect(),
            ))
        }
        Err(_) => return Err(LinkError::MissingVersion),
    };
    if version > LINK_VERSION {
        return Err(LinkError::NewerVersion(version));
    }
    if version == 0 {
        return Err(LinkError::MissingVersion);
    }
    let packed = URL_SAFE_NO_PAD.decode(data.trim()).map_err(|e| match e {
        // A cut link ends mid-group: a stray remainder, or a last symbol with leftover bits.
        base64::DecodeError::InvalidLength(_) | base64::DecodeError::InvalidLastSymbol(..) => {
            LinkError::Truncated
        }
        _ => LinkError::NotBase64,
    })?;
    let json =
        decompress_to_vec_with_limit(&packed, MAX_LINK_JSON_BYTES).map_err(|e| match e.status {
            TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            TINFLStatus::FailedCannotMakeProgress | TINFLStatus::NeedsMoreInput => {
                LinkError::Truncated
            }
            _ => LinkError::Corrupt,
        })?;
    let text = String::from_utf8(json).map_err(|_| LinkError::NotText)?;
    Document::parse_json(&text)
        .map(Workspace::from_document)
        .map_err(LinkError::Scenario)
}

/// The URL fragment (`#s=…`) that opens `workspace`.
pub fn fragment(workspace: &Workspace) -> String {
    format!("{FRAGMENT_PREFIX}{}", encode(workspace))
}

/// What a URL fragment (`location.hash`) carries: `None` when it carries no link.
pub fn from_fragment(hash: &str) -> Option<Result<Workspace, LinkError>> {
    hash.strip_prefix(FRAGMENT_PREFIX).map(decode)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DEFAULT_SCENARIO;
    use quotalab_engine::Scenario;

    fn default_scenario() -> Workspace {
        Workspace::single(crate::state::default_scenario())
    }

    #[test]
    fn link_scenario_link_gives_the_same_bytes() {
        let link = encode(&default_scenario());
        let again = encode(&decode(&link).expect("own link decodes"));
        assert_eq!(link, again);
    }

    #[test]
    fn every_gallery_example_round_trips() {
        for example in crate::state::gallery::EXAMPLES {
            let scenario =
                Workspace::single(Scenario::parse_json(example.json).expect("example parses"));
            let link = encode(&scenario);
            assert_eq!(decode(&link).as_ref(), Ok(&scenario), "{}", example.id);
            assert_eq!(
                encode(&decode(&link).expect("decodes")),
                link,
                "{}",
                example.id
            );
        }
    }

    #[test]
    fn a_study_round_trips_through_a_link() {
        let mut study = default_scenario();
        study.duplicate_active().expect("room");
        study.duplicate_active().expect("room");
        study.settings.seeds = 12;
        let link = encode(&study);
        let mut opened = decode(&link).expect("own study link decodes");
        assert_eq!(opened.active, 0, "a link opens on the baseline");
        opened.select(study.active);
        assert_eq!(opened, study);
        assert_eq!(encode(&opened), link);
    }

    #[test]
    fn a_kueue_scenario_and_a_study_under_both_rules_round_trip_through_a_link() {
        let example = crate::state::gallery::find("kueue-three-teams").expect("in the gallery");
        let kueue = Workspace::single(Scenario::parse_json(example.json).expect("parses"));
        assert_eq!(decode(&encode(&kueue)).expect("decodes"), kueue);
        let mut both = kueue;
        both.add_rules_variant().expect("room");
        let mut opened = decode(&encode(&both)).expect("decodes");
        opened.select(both.active);
        assert_eq!(opened, both);
    }

    #[test]
    fn fragment_opens_its_scenario() {
        let scenario = default_scenario();
        let hash = fragment(&scenario);
        assert!(hash.starts_with("#s=1."), "{hash}");
        assert_eq!(from_fragment(&hash), Some(Ok(scenario)));
        assert_eq!(from_fragment("#results"), None);
        assert_eq!(from_fragment(""), None);
    }

    #[test]
    fn truncated_link_is_refused() {
        let link = encode(&default_scenario());
        for keep in [link.len() * 2 / 3, link.len() * 2 / 3 + 1, link.len() - 4] {
            assert_eq!(
                decode(&link[..keep]),
                Err(LinkError::Truncated),
                "cut at {keep}"
            );
        }
    }

    #[test]
    fn corrupt_link_is_refused() {
        assert_eq!(decode("1.not*base64!"), Err(LinkError::NotBase64));
        let garbage = URL_SAFE_NO_PAD.encode([0xffu8; 40]);
        assert!(matches!(
            decode(&format!("1.{garbage}")),
            Err(LinkError::Corrupt | LinkError::Truncated)
        ));
    }

    #[test]
    fn newer_link_is_refused_with_its_version() {
        let payload = encode(&default_scenario()).replacen("1.", "7.", 1);
        let err = decode(&payload).unwrap_err();
        assert_eq!(err, LinkError::NewerVersion(7));
        assert!(err.to_string().contains("newer Quota Lab"));
    }

    #[test]
    fn missing_version_is_refused() {
        assert_eq!(decode("abc"), Err(LinkError::MissingVersion));
        assert_eq!(decode("x.abc"), Err(LinkError::MissingVersion));
    }

    #[test]
    fn a_version_too_large_to_read_is_called_unreadable() {
        let payload = encode(&default_scenario()).replacen("1.", "99999999999999999999.", 1);
        let err = decode(&payload).unwrap_err();
        assert_eq!(
            err,
            LinkError::UnreadableVersion("99999999999999999999".into())
        );
        assert!(err.to_string().contains("cannot be read"), "{err}");
    }

    #[test]
    fn a_study_of_a_thousand_variants_is_refused_with_the_engines_rule() {
        let one: serde_json::Value =
            serde_json::from_str(DEFAULT_SCENARIO).expect("default is JSON");
        let study = serde_json::json!({ "kind": "study", "version": 1, "name": "many",
                                        "variants": vec![one; 1000] });
        let packed = miniz_oxide::deflate::compress_to_vec(study.to_string().as_bytes(), 9);
        let err = decode(&format!("1.{}", URL_SAFE_NO_PAD.encode(packed))).unwrap_err();
        assert!(
            err.to_string()
                .contains("variants: a study holds 2 to 6 variants; this one has 1000"),
            "{err}"
        );
    }

    #[test]
    fn decompression_bomb_is_refused() {
        // 9 MiB of spaces deflates to a few kilobytes.
        let bomb = vec![b' '; MAX_LINK_JSON_BYTES + 1024 * 1024];
        let packed = miniz_oxide::deflate::compress_to_vec(&bomb, 9);
        assert!(packed.len() < 64 * 1024);
        let payload = format!("1.{}", URL_SAFE_NO_PAD.encode(packed));
        assert_eq!(decode(&payload), Err(LinkError::TooLarge));
    }

    #[test]
    fn link_to_something_other_than_a_scenario_names_the_problem() {
        let packed = miniz_oxide::deflate::compress_to_vec(br#"{"version":1}"#, 9);
        let err = decode(&format!("1.{}", URL_SAFE_NO_PAD.encode(packed))).unwrap_err();
        assert!(matches!(err, LinkError::Scenario(_)), "{err:?}");
        assert!(err.to_string().contains("name"), "{err}");
    }

    /// Fuzz (natively): a mutated link, or a link to a mutated document, is opened or refused
    /// with a LinkError, never a panic.
    #[cfg(not(target_arch = "wasm32"))]
    mod fuzz {
        use super::*;

        proptest::proptest! {
            #![proptest_config(proptest::prelude::ProptestConfig { cases: 256, failure_persistence: None, ..Default::default() })]

            #[test]
            fn mutated_links_never_panic(edits in quotalab_mutate::bytes()) {
                let _ = decode(&quotalab_mutate::apply_to_text(&encode(&default_scenario()), &edits));
            }

            #[test]
            fn links_to_mutated_documents_never_panic(edits in quotalab_mutate::json()) {
                let value: serde_json::Value = serde_json::from_str(DEFAULT_SCENARIO).expect("JSON");
                let json = quotalab_mutate::apply_json(&value, &edits).to_string();
                let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 1);
                let _ = decode(&format!("1.{}", URL_SAFE_NO_PAD.encode(packed)));
            }
        }
    }
}
