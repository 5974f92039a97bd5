//! What a user chooses when importing a trace: which part of it (time window, sampling), how to
//! invent what the trace lacks (team count, GPU-model-to-instance catalog, capacity), and whether
//! bad rows stop the import.

use super::catalog::GpuCatalog;
use super::report::ImportError;
use quotalab_engine::validate::MAX_SHARES;
use serde::{Deserialize, Serialize};

/// Import options shared by every trace format. `Default` gives the whole trace, no sampling,
/// the format's own default catalog, and failing on the first bad row.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportOptions {
    /// Keep jobs submitted at or after this hour of the trace; submit times are shifted so the
    /// window starts at 0.
    pub from_h: Option<f64>,
    /// Keep jobs submitted before this hour of the trace.
    pub to_h: Option<f64>,
    pub sampling: Sampling,
    /// Seeds sampling and becomes the scenario's seed.
    pub seed: u64,
    /// Alibaba: teams to synthesise (the trace has none). SWF: the most shares the share column
    /// makes; the largest keep their own and the rest are pooled. Defaults per format.
    pub teams: Option<u32>,
    /// GPU model to instance type mapping; `None` uses the format's default.
    pub catalog: Option<GpuCatalog>,
    /// Skip bad rows (reported with their line numbers) instead of failing on the first.
    pub keep_going: bool,
    /// The scenario's name; defaults to a description of the source.
    pub name: Option<String>,
    /// Philly: GPUs per node when turning a virtual cluster's node count into its quota
    /// (default 2; the README calls node counts relative weights).
    pub gpus_per_node: Option<u32>,
    /// SWF: which column becomes the share; `None` picks the queue when the log has queues,
    /// else the group.
    pub share_by: Option<ShareBy>,
    /// The cluster's capacity, over what the import would choose (SWF: the header's `MaxProcs`,
    /// else the peak in use; Alibaba: the node list; Philly: the VCs' quotas).
    pub capacity: Option<CapacityGiven>,
}

/// The CLI's `--capacity`: `N`, or `TYPE=N` for some of the import's instance types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CapacityGiven {
    /// Accelerators (SWF: processors) in all, split over the instance types in proportion to the
    /// capacity the import would choose.
    Accelerators(u32),
    /// Instances of these types; the other types keep the import's choice.
    Instances(Vec<(String, u32)>),
}

impl CapacityGiven {
    /// `N` or `TYPE=N[,TYPE=N...]`, as the CLI and the app's field take it.
    pub fn parse(text: &str) -> Result<CapacityGiven, ImportError> {
        let wrong = |allowed: &str| ImportError::Option {
            option: "--capacity",
            given: text.to_string(),
            allowed: allowed.to_string(),
        };
        let count = |n: &str| match n.trim().parse::<u32>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(wrong(
                "give N or TYPE=N with a whole number N of at least 1",
            )),
        };
        if !text.contains('=') {
            return count(text).map(CapacityGiven::Accelerators);
        }
        text.split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|pair| match pair.split_once('=') {
                Some((t, n)) if !t.trim().is_empty() => Ok((t.trim().to_string(), count(n)?)),
                _ => Err(wrong("write TYPE=N, e.g. ml.g5.xlarge=16")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(CapacityGiven::Instances)
    }
}

/// The SWF column that decides a job's share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShareBy {
    /// Field 15, one share per queue.
    Queue,
    /// Field 13, one share per group.
    Group,
    /// Field 12, one share per user.
    User,
    /// Field 14, one share per executable (application).
    Application,
}

impl ShareBy {
    /// The column in words, for notes: "group column (field 13)".
    pub fn column(self) -> &'static str {
        match self {
            ShareBy::Queue => "queue column (field 15)",
            ShareBy::Group => "group column (field 13)",
            ShareBy::User => "user column (field 12)",
            ShareBy::Application => "application column (field 14, the executable number)",
        }
    }

    /// The word a share's name starts with: `group-7`.
    pub fn word(self) -> &'static str {
        match self {
            ShareBy::Queue => "queue",
            ShareBy::Group => "group",
            ShareBy::User => "user",
            ShareBy::Application => "application",
        }
    }
}

/// Which rows of the window to keep. Both kinds are deterministic for a given seed.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Sampling {
    #[default]
    All,
    /// Every n-th job of the window, starting at an offset chosen by the seed.
    OneIn(u32),
    /// Each job independently with this probability, decided by a hash of the seed, the file
    /// and the line, so adding a file does not change which rows of another are kept.
    Fraction(f64),
}

impl ImportOptions {
    /// Whether a job submitted at `submit_h` (trace hours) is in the window.
    pub fn in_window(&self, submit_h: f64) -> bool {
        self.from_h.is_none_or(|from| submit_h >= from) && self.to_h.is_none_or(|to| submit_h < to)
    }

    /// The window's start in trace seconds, which becomes time 0.
    pub fn origin_s(&self) -> i64 {
        super::clock::whole_seconds(self.from_h.unwrap_or(0.0) * 3600.0)
    }

    /// The team count (`--teams`), `default` when not given: 1 to 20, since each team becomes a
    /// quota share and AWS allows at most 20 (docs/TRACES.md).
    pub fn teams_or(&self, default: u32) -> Result<u32, ImportError> {
        let teams = self.teams.unwrap_or(default);
        if teams == 0 || teams as usize > MAX_SHARES {
            return Err(ImportError::Option {
                option: "--teams",
                given: teams.to_string(),
                allowed: format!(
                    "give 1 to {MAX_SHARES}: each team is a quota share, and AWS allows at most {MAX_SHARES}"
                ),
            });
        }
        Ok(teams)
    }

    /// A sampler for one import.
    pub fn sampler(&self) -> Sampler {
        Sampler {
            sampling: self.sampling,
            seed: self.seed,
            seen: 0,
        }
    }
}

/// Decides, row by row, which jobs of the window are kept.
#[derive(Debug, Clone)]
pub struct Sampler {
    sampling: Sampling,
    seed: u64,
    seen: u64,
}

impl Sampler {
    /// Call once for every job in the window, in file order.
    pub fn keep(&mut self, file: &str, line: usize) -> bool {
        let index = self.seen;
        self.seen += 1;
        match self.sampling {
            Sampling::All => true,
            Sampling::OneIn(n) => {
                let n = u64::from(n.max(1));
                (index + self.seed % n).is_multiple_of(n)
            }
            Sampling::Fraction(f) => {
                let h = mix(self.seed ^ fnv1a(file.as_bytes()) ^ mix(line as u64));
                ((h >> 11) as f64 / (1u64 << 53) as f64) < f
            }
        }
    }
}

/// FNV-1a: a stable hash of bytes (file names, pod names), the same on every platform.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// SplitMix64's finaliser: spreads the bits of a hash.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_in_n_keeps_every_nth_row() {
        let options = ImportOptions {
            sampling: Sampling::OneIn(3),
            ..Default::default()
        };
        let mut s = options.sampler();
        let kept: Vec<bool> = (0..6).map(|i| s.keep("f", i)).collect();
        assert_eq!(kept, [true, false, false, true, false, false]);
    }

    #[test]
    fn capacity_is_n_or_type_equals_n() {
        assert_eq!(
            CapacityGiven::parse("64"),
            Ok(CapacityGiven::Accelerators(64))
        );
        assert_eq!(
            CapacityGiven::parse("ml.p3.2xlarge=4,ml.p2.xlarge=8"),
            Ok(CapacityGiven::Instances(vec![
                ("ml.p3.2xlarge".into(), 4),
                ("ml.p2.xlarge".into(), 8)
            ]))
        );
        for wrong in ["0", "x", "=4", "ml.g5.xlarge=0"] {
            let message = CapacityGiven::parse(wrong).unwrap_err().to_string();
            assert!(message.starts_with("--capacity "), "{message}");
        }
    }

    #[test]
    fn teams_are_one_to_twenty() {
        let options = |teams| ImportOptions {
            teams: Some(teams),
            ..Default::default()
        };
        assert_eq!(options(20).teams_or(4), Ok(20));
        let message = options(21).teams_or(4).unwrap_err().to_string();
        assert!(message.starts_with("--teams 21: give 1 to 20"), "{message}");
        assert!(options(0).teams_or(4).is_err());
    }

    #[test]
    fn fraction_is_deterministic_and_close() {
        let options = ImportOptions {
            sampling: Sampling::Fraction(0.25),
            seed: 9,
            ..Default::default()
        };
        let run = || {
            let mut s = options.sampler();
            (0..4000).filter(|&i| s.keep("f", i)).count()
        };
        assert_eq!(run(), run());
        assert!((800..1200).contains(&run()), "{}", run());
    }
}
