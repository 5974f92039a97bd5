//! `quotalab export aws SCENARIO.json -o DIR|BUNDLE.json` and
//! `quotalab export kueue SCENARIO.json [-o FILE.yaml]`: the scenario's agreement as AWS Batch CLI
//! input (a directory of `--cli-input-json` files and `commands.sh`, or one JSON bundle) or as
//! Kueue YAML. Warnings about what AWS would refuse, or what cannot be carried, go to stderr.

use super::import::{write_output, Parsed};
use crate::failure::Failure;
use crate::input::load_scenario;
use std::path::Path;

pub const USAGE: &str = "\
  quotalab export aws SCENARIO.json -o DIR|BUNDLE.json
                                             AWS Batch CLI input (a directory, or one .json bundle)
  quotalab export kueue SCENARIO.json [-o FILE.yaml]
                                             Kueue ResourceFlavors, Cohort and ClusterQueues";

pub fn main(args: &[String]) -> Result<(), Failure> {
    let Some((format, rest)) = args.split_first() else {
        println!("Usage:\n  {USAGE}");
        return Ok(());
    };
    let parsed = Parsed::new(rest, &[], &["-o", "--output"])?;
    let [scenario_path] = parsed.positional.as_slice() else {
        return Err(Failure::Usage(format!(
            "export {format} needs exactly one SCENARIO.json"
        )));
    };
    let (scenario, _) = load_scenario(scenario_path)?;
    let output = parsed.value(&["-o", "--output"]);
    match format.as_str() {
        "aws" => {
            let export = quotalab_interop::aws::export(&scenario);
            warn(&export.warnings);
            let Some(target) = output else {
                return Err(Failure::Usage(
                    "export aws needs -o DIR (a directory of files) or -o BUNDLE.json (one file)"
                        .into(),
                ));
            };
            if target.ends_with(".json") {
                write_output(Some(target), &(export.to_bundle_json() + "\n"))
            } else {
                write_directory(Path::new(target), &export.files)
            }
        }
        "kueue" => {
            let export = quotalab_interop::kueue::export(&scenario);
            warn(&export.warnings);
            write_output(output, &export.yaml)
        }
        other => Err(Failure::Usage(format!(
            "unknown export format \"{other}\"; use aws or kueue"
        ))),
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
    eprintln!("wrote {} files to {}", files.len(), dir.display());
    Ok(())
}
