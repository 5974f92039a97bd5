//! The argument groups several commands share, so a flag has one spelling and one meaning
//! wherever it appears (docs/CLI.md, "Conventions every command follows").
//!
//! Values clap can check by type (a number, one of a list) are checked by clap; values whose
//! limits depend on the input (`--seeds` up to the engine's maximum, `--shard i/N`) are checked
//! by the command, which names the flag in its message. docs/CLI.md, "Exit codes", says which
//! exit code each gets.

use crate::failure::Failure;
use quotalab_engine::study::{ShardSpec, DEFAULT_SEEDS, MAX_SEEDS};

/// The one scenario a command reads.
#[derive(clap::Args)]
pub struct ScenarioFile {
    /// The scenario file, or - to read standard input
    #[arg(value_name = "SCENARIO.json")]
    pub scenario: String,
}

/// `-o/--output FILE`; `--out`, the spelling compare, sweep and merge had first, still works.
/// Each command says where its output goes without the flag (`mut_arg` on its `Args`).
#[derive(clap::Args)]
pub struct Output {
    /// Write to FILE instead of standard output
    #[arg(short, long = "output", alias = "out", value_name = "FILE")]
    pub output: Option<String>,
}

/// What compare and sweep share: how many seeds, which shard, and where the JSON goes.
#[derive(clap::Args)]
pub struct StudyOptions {
    #[arg(long, value_name = "K", help = seeds_help())]
    pub seeds: Option<u32>,
    /// Run only shard i of N (numbered from 0) and write its samples for `quotalab merge`
    #[arg(long, value_name = "i/N")]
    pub shard: Option<String>,
    #[command(flatten)]
    pub output: Output,
}

impl StudyOptions {
    /// `--seeds K`, if given, within the engine's limit.
    pub fn seeds(&self) -> Result<Option<u32>, Failure> {
        match self.seeds {
            Some(k) if !(1..=MAX_SEEDS).contains(&k) => Err(Failure::Usage(format!(
                "--seeds must be 1 to {MAX_SEEDS}, got {k}"
            ))),
            k => Ok(k),
        }
    }

    /// `--shard i/N`, if given.
    pub fn shard(&self) -> Result<Option<ShardSpec>, Failure> {
        self.shard
            .as_deref()
            .map(ShardSpec::parse)
            .transpose()
            .map_err(|e| Failure::Usage(e.to_string()))
    }
}

fn seeds_help() -> String {
    format!(
        "Runs per variant or point, each with its own seed (1 to {MAX_SEEDS}) \
         [default: the study file's, else {DEFAULT_SEEDS}]"
    )
}

/// `--rules aws|kueue`: which rules' form a scenario is written in (docs/FORMAT.md, "Kueue").
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesArg {
    /// AWS Batch quota shares
    Aws,
    /// Kueue ClusterQueues, cohorts and ResourceFlavors
    Kueue,
}

impl From<RulesArg> for quotalab_engine::scenario::Rules {
    fn from(r: RulesArg) -> Self {
        match r {
            RulesArg::Aws => quotalab_engine::scenario::Rules::Aws,
            RulesArg::Kueue => quotalab_engine::scenario::Rules::Kueue,
        }
    }
}

/// A translation's notes on standard error, one a line: `dropped: jobs[*].max_pending_h: ...`.
pub fn print_notes(notes: &[quotalab_engine::translate::Note]) {
    for note in notes {
        eprintln!("{note}");
    }
}
