//! Capacity and quotas: the cluster's instances per type, chosen by the format or given with
//! `--capacity` (docs/TRACES.md, "Capacity"), and each share's limits as a split of them. A given
//! capacity is split among the shares in the proportions the format chose, so a share's part of
//! the cluster stays what the trace says while the cluster's size changes.

use super::catalog::GpuCatalog;
use super::options::CapacityGiven;
use super::report::ImportError;
use crate::agreement::limits;
use quotalab_engine::scenario::{QuotaShare, Strategy};

/// A share and its limits per instance type, in the capacity's type order.
#[derive(Debug, Clone, PartialEq)]
pub struct ShareQuota {
    pub name: String,
    pub limits: Vec<(String, u32)>,
    pub in_share_preemption: bool,
}

/// The capacity per type: the format's `default`, or what the user gave.
pub fn chosen(
    default: &[(String, u32)],
    given: Option<&CapacityGiven>,
    catalog: &GpuCatalog,
) -> Result<Vec<(String, u32)>, ImportError> {
    match given {
        None => Ok(default.to_vec()),
        Some(CapacityGiven::Accelerators(total)) => {
            let per_type: Vec<f64> = default
                .iter()
                .map(|(t, n)| f64::from(*n) * f64::from(catalog.accelerators(t)))
                .collect();
            Ok(default
                .iter()
                .zip(split_by_weight(*total, &per_type))
                .map(|((t, _), gpus)| (t.clone(), gpus.div_ceil(catalog.accelerators(t))))
                .collect())
        }
        Some(CapacityGiven::Instances(pairs)) => {
            let mut capacity = default.to_vec();
            for (instance_type, count) in pairs {
                let Some(slot) = capacity.iter_mut().find(|(t, _)| t == instance_type) else {
                    return Err(ImportError::Option {
                        option: "--capacity",
                        given: format!("{instance_type}={count}"),
                        allowed: format!(
                            "this import's instance types are {}; give one of them, or N for the whole cluster",
                            default.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>().join(", ")
                        ),
                    });
                };
                slot.1 = *count;
            }
            Ok(capacity)
        }
    }
}

/// The shares with their limits: as the format chose them when the capacity is its own, else
/// each type's capacity split in proportion to the limits it chose.
pub fn shares(
    quotas: Vec<ShareQuota>,
    default: &[(String, u32)],
    capacity: &[(String, u32)],
) -> Vec<QuotaShare> {
    let mut quotas = quotas;
    if default != capacity {
        for (k, (instance_type, count)) in capacity.iter().enumerate() {
            let weights: Vec<f64> = quotas
                .iter()
                .map(|q| q.limits.get(k).map_or(0.0, |l| f64::from(l.1)))
                .collect();
            for (q, n) in quotas.iter_mut().zip(split_by_weight(*count, &weights)) {
                if let Some(limit) = q.limits.iter_mut().find(|l| &l.0 == instance_type) {
                    limit.1 = n;
                }
            }
        }
    }
    quotas.into_iter().map(open_share).collect()
}

/// A quota share that lends and borrows without a cap: the traces carry no sharing terms, so
/// imports start from the most permissive agreement and leave tightening it to the user.
fn open_share(quota: ShareQuota) -> QuotaShare {
    QuotaShare {
        name: quota.name,
        capacity_limits: limits(quota.limits),
        strategy: Strategy::LendAndBorrow,
        borrow_limit: None,
        in_share_preemption: quota.in_share_preemption,
    }
}

/// Splits `total` instances among `parts` shares as evenly as whole numbers allow, each at least 1.
pub fn split_evenly(total: u32, parts: usize) -> Vec<u32> {
    let parts_u = parts.max(1) as u32;
    (0..parts_u)
        .map(|i| (total / parts_u + u32::from(i < total % parts_u)).max(1))
        .collect()
}

/// Splits `total` instances in proportion to `weights`, each at least 1, by largest remainder.
pub fn split_by_weight(total: u32, weights: &[f64]) -> Vec<u32> {
    let sum: f64 = weights.iter().sum();
    if sum <= 0.0 {
        return split_evenly(total, weights.len());
    }
    let exact: Vec<f64> = weights.iter().map(|w| f64::from(total) * w / sum).collect();
    let mut out: Vec<u32> = exact.iter().map(|x| x.floor() as u32).collect();
    let mut left = total.saturating_sub(out.iter().sum());
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        (exact[b] - exact[b].floor())
            .total_cmp(&(exact[a] - exact[a].floor()))
            .then(a.cmp(&b))
    });
    for &i in order.iter().cycle().take(weights.len() * 2) {
        if left == 0 {
            break;
        }
        out[i] += 1;
        left -= 1;
    }
    out.into_iter().map(|n| n.max(1)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_keep_the_total_and_give_everyone_one() {
        assert_eq!(split_evenly(7, 3), [3, 2, 2]);
        assert_eq!(split_evenly(1, 3), [1, 1, 1]);
        assert_eq!(split_by_weight(10, &[1.0, 1.0, 2.0]), [3, 2, 5]);
        assert_eq!(split_by_weight(10, &[0.0, 1.0]), [1, 10]);
    }

    fn quota(name: &str, limits: &[(&str, u32)]) -> ShareQuota {
        ShareQuota {
            name: name.into(),
            limits: limits.iter().map(|(t, n)| (t.to_string(), *n)).collect(),
            in_share_preemption: false,
        }
    }

    #[test]
    fn a_given_capacity_is_split_as_the_format_split_its_own() {
        let catalog = GpuCatalog::philly_default();
        let default = vec![
            ("ml.p3.2xlarge".to_string(), 8),
            ("ml.p2.xlarge".to_string(), 8),
        ];
        let given = CapacityGiven::Accelerators(4);
        let capacity = chosen(&default, Some(&given), &catalog).unwrap();
        assert_eq!(
            capacity,
            [("ml.p3.2xlarge".into(), 2), ("ml.p2.xlarge".into(), 2)]
        );
        let quotas = vec![
            quota("a", &[("ml.p3.2xlarge", 6), ("ml.p2.xlarge", 6)]),
            quota("b", &[("ml.p3.2xlarge", 2), ("ml.p2.xlarge", 2)]),
        ];
        let shares = shares(quotas.clone(), &default, &capacity);
        assert_eq!(shares[0].capacity_limits[0].max_capacity, 2);
        assert_eq!(shares[1].capacity_limits[1].max_capacity, 1);
        let unchanged = super::shares(quotas, &default, &default);
        assert_eq!(unchanged[0].capacity_limits[0].max_capacity, 6);
        let unknown = CapacityGiven::Instances(vec![("ml.g5.xlarge".into(), 3)]);
        let message = chosen(&default, Some(&unknown), &catalog)
            .unwrap_err()
            .to_string();
        assert!(message.contains("ml.p3.2xlarge, ml.p2.xlarge"), "{message}");
    }
}
