//! AWS and Kueue files in the app (docs/AWS_EXPORT.md, "In the app"): the exports of the
//! scenario on screen, the very files `quotalab export aws` and `quotalab export kueue` write,
//! and the import of such files back, the importer chosen by what the picked files are. Plain
//! logic; it runs in the interop worker (`protocol`), so the page's wasm carries none of it.

use crate::interop::files::NotImportable;
use crate::interop::trace::preview::LoadedFile;
use quotalab_engine::Scenario;
use quotalab_interop::agreement::{ImportError, Imported};
use quotalab_interop::aws::{self, AwsExport, ExportFile, BUNDLE_FORMAT};
use quotalab_interop::kueue::{self, KueueExport};
use serde::{Deserialize, Serialize};

/// The AWS bundle's file of `aws` commands, one of the export's files.
pub const COMMANDS: &str = "commands.sh";

/// Why a scenario cannot be exported: it must validate, as `quotalab export` requires. The
/// engine's message, carried back from the interop worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[error("Fix the scenario first; it cannot be exported: {0}")]
pub struct NotExportable(pub String);

/// Both exports of one scenario, as the worker makes them; they reach the page as files after
/// the answer's header (`Made`).
#[derive(Debug, Clone, PartialEq)]
pub struct Exports {
    pub aws: AwsExport,
    pub kueue: KueueExport,
}

/// One file of the export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MadeFile {
    /// Every `--cli-input-json` file and `commands.sh` in one JSON file (`quotalab export aws
    /// -o NAME.json`).
    AwsBundle,
    /// The AWS bundle's `commands.sh` on its own.
    Commands,
    /// ResourceFlavors, a Cohort and a ClusterQueue per share, and a Workload per listed job.
    KueueYaml,
}

/// What the worker says of an export: both exports' warnings, and the files whose bytes follow
/// the answer's header, one after another, each this long. The page makes its downloads of
/// those bytes where they arrived, outside its wasm memory (docs/PERFORMANCE.md, "An export of
/// a large trace").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Made {
    pub aws_warnings: Vec<String>,
    pub kueue_warnings: Vec<String>,
    pub files: Vec<(MadeFile, usize)>,
}

impl Exports {
    /// The exports of `scenario_json`, or why the scenario cannot be exported (it must
    /// validate, as `quotalab export` requires).
    pub fn of(scenario_json: &str) -> Result<Exports, NotExportable> {
        let scenario =
            Scenario::from_json(scenario_json).map_err(|e| NotExportable(e.to_string()))?;
        Ok(Exports {
            aws: aws::export(&scenario),
            kueue: kueue::export(&scenario),
        })
    }

    /// The answer's header and the files' texts, in the header's order: the AWS bundle,
    /// `commands.sh` when there is one, the Kueue YAML. Each text is made and then moved, not
    /// copied, so the worker holds each file once.
    pub fn into_files(self) -> (Made, Vec<Vec<u8>>) {
        let mut texts = vec![(
            MadeFile::AwsBundle,
            (self.aws.to_bundle_json() + "\n").into_bytes(),
        )];
        if let Some(commands) = self.commands() {
            texts.push((MadeFile::Commands, commands.as_bytes().to_vec()));
        }
        let Exports { aws, kueue } = self;
        // The job skeletons are in the bundle's text now.
        let AwsExport {
            warnings: aws_warnings,
            ..
        } = aws;
        texts.push((MadeFile::KueueYaml, kueue.yaml.into_bytes()));
        let made = Made {
            aws_warnings,
            kueue_warnings: kueue.warnings,
            files: texts
                .iter()
                .map(|(file, text)| (*file, text.len()))
                .collect(),
        };
        (made, texts.into_iter().map(|(_, text)| text).collect())
    }

    /// The text of `commands.sh`.
    pub fn commands(&self) -> Option<&str> {
        self.aws
            .files
            .iter()
            .find(|f| f.path == COMMANDS)
            .map(|f| f.contents.as_str())
    }
}

/// What the picked files were read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// The app's one-file AWS export (`quotalab export aws -o NAME.json`).
    AwsBundle,
    /// The `--cli-input-json` files of an AWS export directory, or hand-edited ones.
    AwsFiles,
    /// Kueue ResourceFlavors, Cohort and ClusterQueues.
    KueueYaml,
}

/// A successful import: the scenario with the importer's notes, and where it came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgreementImport {
    pub source: Source,
    /// The words for `Editor::open`: "the AWS bundle x.json".
    pub origin: String,
    pub imported: Imported,
}

fn extension(name: &str) -> String {
    name.rsplit_once('.')
        .map(|(_, x)| x.to_ascii_lowercase())
        .unwrap_or_default()
}

/// Reads the picked files back into a scenario: one `.yaml`/`.yml` file as Kueue, one `.json`
/// file whose `format` is the bundle's as the AWS bundle, else every `.json` file as AWS CLI
/// input (a `commands.sh` among them is skipped, as `quotalab import aws DIR` skips it).
pub fn import(files: &[LoadedFile]) -> Result<AgreementImport, NotImportable> {
    let of = |wanted: &[&str]| -> Vec<&LoadedFile> {
        files
            .iter()
            .filter(|f| wanted.contains(&extension(&f.name).as_str()))
            .collect()
    };
    let (yaml, json) = (of(&["yaml", "yml"]), of(&["json"]));
    let (source, origin, result) = match (yaml.as_slice(), json.as_slice()) {
        ([], []) => {
            return Err(NotImportable::plain(
                "Pick the AWS bundle (.json), the .json files of an AWS export, or one Kueue .yaml file.",
            ))
        }
        ([_, ..], [_, ..]) => {
            return Err(NotImportable::plain(
                "These are AWS (.json) and Kueue (.yaml) files together: import one system at a time.",
            ))
        }
        ([one], []) => (
            Source::KueueYaml,
            format!("the Kueue file {}", one.name),
            // The builder edits AWS shares: a Kueue file opens as its AWS translation, whose
            // notes say what AWS cannot state (docs/KUEUE-TRANSLATION.md).
            kueue::import_for_rules(
                &one.text,
                &kueue::ImportOptions::default(),
                quotalab_engine::scenario::Rules::Aws,
            ),
        ),
        (_, []) => {
            return Err(NotImportable::plain(format!(
                "{} Kueue files were picked: pick the one file that holds the ClusterQueues.",
                yaml.len()
            )))
        }
        ([], [one]) if is_bundle(&one.text) => (
            Source::AwsBundle,
            format!("the AWS bundle {}", one.name),
            aws::import_bundle(&one.text),
        ),
        ([], many) => {
            let inputs: Vec<ExportFile> = many
                .iter()
                .map(|f| ExportFile {
                    path: f.name.clone(),
                    contents: f.text.clone(),
                })
                .collect();
            (
                Source::AwsFiles,
                format!("{} AWS CLI input files", many.len()),
                aws::import(&inputs),
            )
        }
    };
    result
        .map(|imported| AgreementImport {
            source,
            origin,
            imported,
        })
        .map_err(not_importable)
}

/// Whether a `.json` file is the one-file bundle, by its `format` field.
fn is_bundle(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(str::to_owned))
        .is_some_and(|f| f == BUNDLE_FORMAT)
}

/// Reads Kueue YAML (ClusterQueues, and maybe Workloads from `kubectl get ... -o yaml`) into a
/// Kueue-form scenario: its Workloads replayed from their creation, or with `from_state` the
/// admitted ones holding their flavors from hour 0 (docs/AWS_EXPORT.md, "Kueue").
pub fn import_kueue(yaml: &str, from_state: bool) -> Result<Imported, NotImportable> {
    let options = kueue::ImportOptions {
        from_state,
        ..kueue::ImportOptions::default()
    };
    kueue::import_with(yaml, &options).map_err(not_importable)
}

fn not_importable(error: ImportError) -> NotImportable {
    match error {
        ImportError::Rejected(rejected) => NotImportable::listing(
            "These files describe an agreement that does not validate, so it cannot be opened:",
            rejected.errors,
        ),
        other => NotImportable::plain(format!("These files cannot be imported: {other}.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_interop::agreement::Agreement;

    const SCENARIO: &str = include_str!("../../../scenarios/default.json");

    fn file(name: &str, text: &str) -> LoadedFile {
        LoadedFile {
            name: name.into(),
            text: text.into(),
        }
    }

    fn agreement(json: &str) -> Agreement {
        Agreement::of(&Scenario::parse_json(json).expect("parses"))
    }

    #[test]
    fn the_bundle_and_the_yaml_read_back_as_the_same_agreement() {
        let exports = Exports::of(SCENARIO).expect("the default scenario exports");
        assert!(exports.commands().is_some_and(|c| c.contains("aws batch")));

        let bundle = file("default.aws.json", &exports.aws.to_bundle_json());
        let back = import(&[bundle]).expect("the bundle imports");
        assert_eq!(back.source, Source::AwsBundle);
        assert_eq!(Agreement::of(&back.imported.scenario), agreement(SCENARIO));

        let yaml = file("default.kueue.yaml", &exports.kueue.yaml);
        let back = import(&[yaml]).expect("the YAML imports");
        assert_eq!(back.source, Source::KueueYaml);
        assert_eq!(Agreement::of(&back.imported.scenario), agreement(SCENARIO));
    }

    #[test]
    fn the_export_directorys_files_import_without_their_folders() {
        let exports = Exports::of(SCENARIO).expect("exports");
        // A browser gives file names only: "quota-shares/01-nlp.json" arrives as "01-nlp.json".
        let picked: Vec<LoadedFile> = exports
            .aws
            .files
            .iter()
            .map(|f| file(f.path.rsplit('/').next().unwrap_or(&f.path), &f.contents))
            .collect();
        let back = import(&picked).expect("the files import");
        assert_eq!(back.source, Source::AwsFiles);
        assert_eq!(Agreement::of(&back.imported.scenario), agreement(SCENARIO));
    }

    #[test]
    fn the_wrong_files_say_what_to_pick() {
        let none = import(&[file("notes.txt", "hello")]).unwrap_err();
        assert!(none.message.contains("Pick the AWS bundle"), "{none:?}");
        let mixed = import(&[file("a.json", "{}"), file("b.yaml", "")]).unwrap_err();
        assert!(mixed.message.contains("one system at a time"), "{mixed:?}");
        let broken = import(&[file("x.yaml", "kind: [")]).unwrap_err();
        assert!(
            broken.message.starts_with("These files cannot be imported"),
            "{broken:?}"
        );
        let invalid = Exports::of(r#"{"version":1,"name":"x","quota_shares":[{"name":""}]}"#);
        assert!(invalid
            .unwrap_err()
            .to_string()
            .starts_with("Fix the scenario first"));
    }
}
