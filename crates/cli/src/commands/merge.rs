//! `quotalab merge PARTS... [--out FILE]`: join the sample files of `--shard i/N` runs and write
//! exactly what the unsharded `compare` or `sweep` would have written.

use crate::args::Args;
use crate::failure::Failure;
use crate::input::read_text;
use crate::study_run::finish;
use quotalab_engine::study::advise::parts::is_parts;
use quotalab_engine::study::{merge, Definition, SampleSet};

pub fn main(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, &[], &["--out"])?;
    let files = args.all();
    if files.is_empty() {
        return Err(Failure::Usage(
            "missing shard files (written by compare or sweep with --shard i/N)".into(),
        ));
    }
    let texts = files
        .iter()
        .map(|f| Ok((*f, read_text(f)?)))
        .collect::<Result<Vec<_>, Failure>>()?;
    if texts.iter().any(|(_, t)| is_parts(t)) {
        return super::advise::merge(&texts, args.values("--out").last().copied());
    }
    let parts = texts
        .iter()
        .map(|(f, text)| {
            SampleSet::parse_json(text).map_err(|e| Failure::Other(format!("{f}: {e}")))
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
        args.values("--out").last().copied(),
        kind,
    )
}
