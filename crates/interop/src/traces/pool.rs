//! At most as many shares as the user allows (`--teams`, AWS's 20 by default): when a column has
//! more values, the largest by GPU-hours keep their own share and the rest are pooled into one
//! named [`POOL`] (docs/TRACES.md, "SWF"). Each job keeps its own value in its name, so a user
//! can still find their jobs in the pool.

use std::collections::BTreeMap;

/// The name of the share the smaller values are pooled into.
pub const POOL: &str = "others";

/// Which share each value of the column becomes.
#[derive(Debug, Clone, PartialEq)]
pub struct Pooled {
    /// Value to share name, for every value.
    pub share_of: BTreeMap<String, String>,
    /// Values pooled into [`POOL`] (0: none).
    pub pooled: usize,
    /// Their part of all the weight, 0 to 1.
    pub pooled_weight: f64,
}

/// Shares for values weighted by `weights` (GPU-seconds), at most `limit` of them.
pub fn pool(weights: &BTreeMap<String, f64>, limit: usize) -> Pooled {
    if weights.len() <= limit {
        return Pooled {
            share_of: weights.keys().map(|k| (k.clone(), k.clone())).collect(),
            pooled: 0,
            pooled_weight: 0.0,
        };
    }
    let mut largest: Vec<(&String, f64)> = weights.iter().map(|(k, w)| (k, *w)).collect();
    // Largest first; equal weights in name order, so the same log gives the same shares.
    largest.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let own = limit.saturating_sub(1);
    let total: f64 = weights.values().sum();
    let rest: f64 = largest[own..].iter().map(|(_, w)| w).sum();
    Pooled {
        share_of: largest
            .iter()
            .enumerate()
            .map(|(i, (k, _))| {
                let share = if i < own {
                    (*k).clone()
                } else {
                    POOL.to_string()
                };
                ((*k).clone(), share)
            })
            .collect(),
        pooled: weights.len() - own,
        pooled_weight: if total > 0.0 { rest / total } else { 0.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_keep_their_share_and_the_rest_are_pooled() {
        let weights: BTreeMap<String, f64> = [("a", 1.0), ("b", 5.0), ("c", 3.0), ("d", 1.0)]
            .into_iter()
            .map(|(k, w)| (k.to_string(), w))
            .collect();
        let pooled = pool(&weights, 3);
        assert_eq!(pooled.share_of["b"], "b");
        assert_eq!(pooled.share_of["c"], "c");
        assert_eq!(pooled.share_of["a"], POOL);
        assert_eq!(pooled.share_of["d"], POOL);
        assert_eq!(pooled.pooled, 2);
        assert!((pooled.pooled_weight - 0.2).abs() < 1e-12);
        assert_eq!(pool(&weights, 4).pooled, 0);
    }
}
