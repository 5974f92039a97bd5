//! What a user chooses when importing a trace: which part of it (time window, sampling), how to
//! invent what the trace lacks (team count, GPU-model-to-instance catalog), and whether bad rows
//! stop the import.

use super::catalog::GpuCatalog;
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
    /// Teams to synthesise where the trace has none (Alibaba; SWF by user). Defaults per format.
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
    /// SWF: processors in the machine, overriding the header's `MaxProcs` and, without one, the
    /// observed peak of processors in use at once.
    pub capacity: Option<u32>,
}

/// The SWF column that decides a job's share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShareBy {
    /// Field 15, one share per queue.
    Queue,
    /// Field 13, one share per group.
    Group,
    /// Field 12, users hashed into `teams` shares (logs have more users than AWS allows shares).
    User,
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

    /// The scenario time of a trace time: hours since the window's start.
    pub fn shift(&self, submit_h: f64) -> f64 {
        submit_h - self.from_h.unwrap_or(0.0)
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
