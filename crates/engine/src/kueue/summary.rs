//! The result's per-ClusterQueue table (`result::kueue`): resource-hours from the quota-use
//! areas, evictions from the jobs' attempts in the log.

use super::record::Log;
use super::usage::{unit_divisor, unit_name, UsageLog};
use super::world::World;
use crate::result::kueue::{KueueSummary, QueueSummary, ReasonCount, ResourceHours};
use crate::result::StopKind;
use rustc_hash::FxHashMap;

pub fn summarise(world: &World, log: &Log) -> KueueSummary {
    let n = world.queues.len();
    let mut evicted = vec![FxHashMap::<StopKind, u32>::default(); n];
    let mut caused = vec![FxHashMap::<StopKind, u32>::default(); n];
    for (j, attempts) in log.attempts.iter().enumerate() {
        let victim = world.jobs[j].cq;
        for a in attempts {
            let Some(kind) = a.stop.and_then(|s| s.kind()) else {
                continue;
            };
            *evicted[victim].entry(kind).or_default() += 1;
            if let Some(by) = a.by {
                *caused[world.jobs[by].cq].entry(kind).or_default() += 1;
            }
        }
    }
    let counts = |m: &FxHashMap<StopKind, u32>| -> Vec<ReasonCount> {
        StopKind::KUEUE
            .iter()
            .filter_map(|&reason| m.get(&reason).map(|&count| ReasonCount { reason, count }))
            .collect()
    };
    KueueSummary {
        queues: (0..n)
            .map(|c| {
                let q = &world.queues[c];
                let node = &world.nodes[q.node];
                QueueSummary {
                    name: q.name.clone(),
                    cohort: node.parent.map(|p| world.nodes[p].name.clone()),
                    resources: resources(world, &log.usage, c),
                    evicted: counts(&evicted[c]),
                    caused: counts(&caused[c]),
                }
            })
            .collect(),
    }
}

fn resources(world: &World, usage: &UsageLog, c: usize) -> Vec<ResourceHours> {
    let mut rows: Vec<ResourceHours> = Vec::new();
    let covered: Vec<usize> = world.queues[c]
        .groups
        .iter()
        .flat_map(|g| g.resources.iter().copied())
        .collect();
    for r in covered {
        let name = &world.resources[r];
        let per = unit_divisor(name) * 3600.0;
        let mut row = ResourceHours {
            resource: name.clone(),
            unit: unit_name(name),
            nominal_h: 0.0,
            used_h: 0.0,
            borrowed_h: 0.0,
            lent_h: 0.0,
        };
        for (i, &fr) in usage.frs().iter().enumerate() {
            if world.fr_parts(fr).1 != r {
                continue;
            }
            let a = usage.areas[c][i];
            row.nominal_h += a.nominal / per;
            row.used_h += a.used / per;
            row.borrowed_h += a.borrowed / per;
            row.lent_h += a.lent / per;
        }
        rows.push(row);
    }
    rows
}
