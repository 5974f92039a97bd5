//! `quotalab import kueue FILE.yaml`: Kueue YAML (as `quotalab export kueue` writes it) back to
//! a scenario.

use super::files::read;
use crate::args::Output;
use crate::failure::Failure;
use quotalab_engine::Scenario;
use std::path::Path;

#[derive(clap::Args)]
#[command(after_help = "Example:\n  quotalab import kueue agreement.yaml -o back.json")]
pub struct Args {
    /// The YAML file
    #[arg(value_name = "FILE.yaml")]
    path: String,
    /// Write the scenario even when it does not validate, listing the problems
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    pub output: Output,
}

pub fn import(args: &Args) -> Result<Scenario, Failure> {
    let text = read(Path::new(&args.path))?;
    super::config_result(quotalab_interop::kueue::import(&text), args.keep_going)
}
