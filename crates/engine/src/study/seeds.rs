//! Common random numbers: the seeds every variant and every sweep point runs with.
//!
//! The engine draws each mix's arrivals and durations and each job's spot interruptions from a
//! stream keyed by the scenario seed and a name (SEMANTICS §3). Running two variants with the same
//! seed therefore gives them the same workload wherever their mixes and jobs share names, so a
//! difference between them comes from the agreement, not from luck, and identical variants give
//! exactly identical runs.
//!
//! Derivation: seed 0 is the base seed itself (the first variant's `seed`), so the first run of a
//! study is exactly the run the single-scenario view shows. Seed `i > 0` is the `i`-th draw of the
//! engine's own SplitMix64 stream (`crate::rng`) keyed by the base seed and the name
//! `quotalab/study-seeds`, masked to 53 bits so it survives a trip through JavaScript numbers
//! (`JSON.parse`) unchanged. Seeds are not deduplicated: a repeat has probability about 2^-40.

use crate::rng::{Purpose, Stream};

/// The largest integer a JavaScript number holds exactly, 2^53 - 1.
const JS_SAFE: u64 = (1 << 53) - 1;

/// `k` seeds derived from `base_seed`: the base first, then draws of a seeded stream (53-bit).
pub fn seed_list(base_seed: u64, k: u32) -> Vec<u64> {
    let mut stream = Stream::new(base_seed, Purpose::JobMix, "quotalab/study-seeds");
    (0..k)
        .map(|i| {
            if i == 0 {
                base_seed
            } else {
                stream.next_u64() & JS_SAFE
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_seed_is_the_base_and_the_rest_differ() {
        let seeds = seed_list(7, 20);
        assert_eq!(seeds.len(), 20);
        assert_eq!(seeds[0], 7);
        let mut unique = seeds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 20, "{seeds:?}");
        assert!(seeds.iter().all(|&s| s <= JS_SAFE));
    }

    #[test]
    fn a_longer_list_extends_a_shorter_one() {
        assert_eq!(seed_list(3, 5), seed_list(3, 9)[..5].to_vec());
        assert!(seed_list(3, 0).is_empty());
    }
}
