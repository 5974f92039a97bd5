//! `quotalab merge PARTS... [-o FILE]`: join the sample files of `--shard i/N` runs and write
//! exactly what the unsharded `compare` or `sweep` would have written.

use crate::args::Output;
use crate::failure::Failure;
use crate::input::read_text;
use crate::study_run::finish;
use quotalab_engine::study::{merge, Definition, SampleSet};

/// Join the outputs of compare or sweep --shard i/N into the unsharded result
///
/// The table and the JSON are byte for byte what one unsharded run writes; a missing, repeated
/// or foreign shard is refused (docs/STUDY.md, "Sharding on a batch system").
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the JSON to FILE; - for stdout [default: compare.json or sweep.json]")),
    after_help = "Example:\n  quotalab merge part*.json -o sweep.json"
)]
pub struct Args {
    /// The shard files, in any order
    #[arg(value_name = "PART", required = true)]
    parts: Vec<String>,
    #[command(flatten)]
    output: Output,
}

pub fn main(args: Args) -> Result<(), Failure> {
    let parts = args
        .parts
        .iter()
        .map(|f| {
            SampleSet::parse_json(&read_text(f)?).map_err(|e| Failure::Other(format!("{f}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let whole = merge(parts).map_err(|e| Failure::Other(format!("cannot merge: {e}")))?;
    let kind = match whole.definition {
        Definition::Compare(_) => "compare",
        Definition::Sweep(_) => "sweep",
    };
    finish(
        &whole.definition,
        &whole.samples,
        args.output.output.as_deref(),
        kind,
    )
}
