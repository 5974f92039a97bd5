//! `quotalab import aws DIR|BUNDLE.json`: AWS Batch CLI input (as `quotalab export aws` writes
//! it, a directory or one bundle) back to a scenario.

use super::files::{expand, read};
use crate::args::Output;
use crate::failure::Failure;
use quotalab_engine::Scenario;
use quotalab_interop::aws::{import_bundle, ExportFile};
use std::path::Path;

#[derive(clap::Args)]
#[command(after_help = "Example:\n  quotalab import aws aws/ -o back.json")]
pub struct Args {
    /// The directory `export aws` wrote, or its one-file bundle
    #[arg(value_name = "DIR|BUNDLE.json")]
    path: String,
    /// Write the scenario even when it does not validate, listing the problems
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    pub output: Output,
}

pub fn import(args: &Args) -> Result<Scenario, Failure> {
    let path = Path::new(&args.path);
    let imported = if path.is_dir() {
        let mut files = Vec::new();
        for file in expand(path, &["json"])? {
            let relative = file
                .strip_prefix(path)
                .unwrap_or(&file)
                .to_string_lossy()
                .replace('\\', "/");
            files.push(ExportFile {
                path: relative,
                contents: read(&file)?,
            });
        }
        quotalab_interop::aws::import(&files)
    } else {
        import_bundle(&read(path)?)
    };
    super::config_result(imported, args.keep_going)
}
