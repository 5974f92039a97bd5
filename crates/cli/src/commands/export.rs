//! `quotalab export aws SCENARIO.json -o DIR|BUNDLE.json` and
//! `quotalab export kueue SCENARIO.json [-o FILE.yaml]`: the scenario's agreement as AWS Batch CLI
//! input (a directory of `--cli-input-json` files and `commands.sh`, or one JSON bundle) or as
//! Kueue YAML. Warnings about what AWS would refuse, or what cannot be carried, go to stderr.

use crate::args::{Output, ScenarioFile};
use crate::failure::Failure;
use crate::input::load_scenario;
use crate::output::write_output;
use quotalab_engine::result::numbers::counted;
use std::path::Path;

/// Write a scenario's agreement as AWS Batch CLI input or Kueue YAML
#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    target: Target,
}

#[derive(clap::Subcommand)]
enum Target {
    /// AWS Batch CLI input: a directory of --cli-input-json files and commands.sh, or one bundle
    ///
    /// Warnings about what AWS would refuse go to stderr (docs/AWS_EXPORT.md).
    #[command(
        mut_arg("output", |a| a.help("Required: a directory to write the files to, or a FILE.json for one bundle")),
        after_help = "Examples:\n  quotalab export aws scenario.json -o aws/\n  \
                      quotalab export aws scenario.json -o bundle.json"
    )]
    Aws(Destination),
    /// Kueue objects and Workloads as YAML (an AWS scenario through its translation)
    ///
    /// What the translation approximates or drops goes to stderr and the file's opening comment
    /// (docs/KUEUE-TRANSLATION.md).
    #[command(
        mut_arg("output", |a| a.help("Write the YAML to FILE instead of stdout")),
        after_help = "Example:\n  quotalab export kueue scenario.json -o agreement.yaml"
    )]
    Kueue(Destination),
}

#[derive(clap::Args)]
struct Destination {
    #[command(flatten)]
    scenario: ScenarioFile,
    #[command(flatten)]
    output: Output,
}

pub fn main(args: Args) -> Result<(), Failure> {
    match args.target {
        Target::Aws(to) => {
            let (scenario, _) = load_scenario(&to.scenario.scenario)?;
            let export = quotalab_interop::aws::export(&scenario);
            warn(&export.warnings);
            match to.output.output.as_deref() {
                Some(bundle) if bundle.ends_with(".json") => {
                    write_output(Some(bundle), &(export.to_bundle_json() + "\n"))
                }
                Some(dir) => write_directory(Path::new(dir), &export.files),
                None => Err(Failure::Usage(
                    "export aws needs -o DIR (a directory of files) or -o BUNDLE.json (one file)"
                        .into(),
                )),
            }
        }
        Target::Kueue(to) => {
            let (scenario, _) = load_scenario(&to.scenario.scenario)?;
            let export = quotalab_interop::kueue::export(&scenario);
            warn(&export.warnings);
            write_output(to.output.output.as_deref(), &export.yaml)
        }
    }
}

fn warn(warnings: &[String]) {
    for w in warnings {
        eprintln!("warning: {w}");
    }
}

fn write_directory(dir: &Path, files: &[quotalab_interop::aws::ExportFile]) -> Result<(), Failure> {
    for file in files {
        let path = dir.join(&file.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Failure::Other(format!("cannot create {}: {e}", parent.display())))?;
        }
        std::fs::write(&path, &file.contents)
            .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display())))?;
    }
    eprintln!(
        "wrote {} to {}",
        counted(files.len() as u64, "file"),
        dir.display()
    );
    Ok(())
}
