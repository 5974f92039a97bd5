//! The Pareto front of cost against the worst target's margin, and the few proposals shown.
//!
//! A candidate is on the front when no other is at most as expensive with at least as large a
//! worst margin, and strictly better in one of them. People choose between a cheap agreement
//! that just meets the targets and a dearer one with room to spare; the front is exactly those
//! choices.

/// The most proposals an advice lists.
pub const MAX_PROPOSALS: usize = 5;

/// Indices of the non-dominated points of `(cost, margin)` (lower cost, higher margin better),
/// by rising cost; of equal points the first given is kept.
pub fn front(points: &[(f64, f64)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| {
        points[a]
            .0
            .total_cmp(&points[b].0)
            .then(points[b].1.total_cmp(&points[a].1))
            .then(a.cmp(&b))
    });
    let mut kept = Vec::new();
    let mut best = f64::NEG_INFINITY;
    for i in order {
        if points[i].1 > best {
            best = points[i].1;
            kept.push(i);
        }
    }
    kept
}

/// At most [`MAX_PROPOSALS`] of a front, both ends kept and the rest evenly spread.
pub fn thin(front: &[usize]) -> Vec<usize> {
    let n = front.len();
    if n <= MAX_PROPOSALS {
        return front.to_vec();
    }
    let mut picked: Vec<usize> = (0..MAX_PROPOSALS)
        .map(|j| front[(j * (n - 1) + (MAX_PROPOSALS - 1) / 2) / (MAX_PROPOSALS - 1)])
        .collect();
    picked.dedup();
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominated_points_leave_the_front() {
        let points = [
            (10.0, 0.1),
            (5.0, -0.2),
            (12.0, 0.05),
            (5.0, -0.3),
            (20.0, 0.4),
        ];
        assert_eq!(front(&points), vec![1, 0, 4]);
    }

    #[test]
    fn a_long_front_is_thinned_to_five_with_both_ends() {
        let long: Vec<usize> = (0..9).collect();
        let picked = thin(&long);
        assert_eq!(picked.len(), 5);
        assert_eq!((picked[0], picked[4]), (0, 8));
        assert_eq!(thin(&[3, 1]), vec![3, 1]);
    }
}
