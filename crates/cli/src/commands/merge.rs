//! `quotalab merge PARTS... [-o FILE]`: join the sample files of `--shard i/N` runs and write
//! exactly what the unsharded `compare`, `sweep` or `advise` would have written.

use crate::args::Output;
use crate::failure::Failure;
use crate::input::read_text;
use crate::study_run::finish;
use quotalab_engine::study::advise::parts::is_parts;
use quotalab_engine::study::{merge, Definition, SampleSet};

/// Join the outputs of compare, sweep or advise --shard i/N into the unsharded result
///
/// The table and the JSON are byte for byte what one unsharded run writes; a missing, repeated
/// or foreign shard is refused (docs/STUDY.md, "Sharding on a batch system").
#[derive(clap::Args)]
#[command(
    mut_arg("output", |a| a.help("Write the JSON to FILE; - for stdout [default: compare.json, sweep.json or advice.json]")),
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
    let texts = args
        .parts
        .iter()
        .map(|f| Ok((f.as_str(), read_text(f)?)))
        .collect::<Result<Vec<_>, Failure>>()?;
    // Shards of `quotalab advise` merge into advice (docs/ADVISOR.md, "Sharding").
    if texts.iter().any(|(_, t)| is_parts(t)) {
        return super::advise::merge(&texts, args.output.output.as_deref());
    }
    let whole = parse_and_join(&texts, SampleSet::parse_json, merge)?;
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

/// Reads every shard file with `parse`, naming the file of one that does not read, then joins
/// the parts with `join`. Sample files and advice parts go through this one place, so a refused
/// file or a refused set of shards reads the same whichever command wrote them (docs/STUDY.md,
/// "Sharding on a batch system").
pub(super) fn parse_and_join<P, W, E: std::fmt::Display>(
    texts: &[(&str, String)],
    parse: impl Fn(&str) -> Result<P, E>,
    join: impl FnOnce(Vec<P>) -> Result<W, E>,
) -> Result<W, Failure> {
    let parts = texts
        .iter()
        .map(|(f, text)| parse(text).map_err(|e| Failure::Other(format!("{f}: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    join(parts).map_err(|e| Failure::Other(format!("cannot merge: {e}")))
}
