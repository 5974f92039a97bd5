//! A pending workload's message as Kueue's scheduler prints it in the `QuotaReserved`
//! condition (Kueue's `Assignment.Message` and `fitsResourceQuota`): "couldn't assign flavors to
//! pod set main: insufficient unused quota for nvidia.com/gpu in flavor a100, 4 more needed",
//! the reasons of every flavor tried, sorted, quantities as Kubernetes writes them.

use super::assign::Why;
use super::waiting::Message;
use super::world::{JobId, World};
use crate::quantity::Quantity;

pub fn message(world: &World, job: JobId, message: &Message) -> String {
    match message {
        Message::Flavors { pod_set, whys } => {
            let name = world.jobs[job]
                .pod_sets
                .get(*pod_set)
                .map_or("main", |p| p.name.as_str());
            let mut reasons: Vec<String> = whys.iter().map(|w| why(world, w)).collect();
            reasons.sort();
            reasons.dedup();
            format!("couldn't assign flavors to pod set {name}: {}", reasons.join(", "))
        }
        Message::PendingPreemption { victims } => {
            format!("Pending the preemption of {victims} workload(s)")
        }
        Message::Deferred => "Workload has overlapping preemption targets with another workload, but will fit after these preemptions complete".to_string(),
        Message::NoLongerFits => "Workload no longer fits after processing another workload".to_string(),
        Message::Namespace => "workload namespace doesn't match ClusterQueue selector".to_string(),
        Message::Stopped => format!(
            "ClusterQueue {} is inactive",
            world.queues[world.jobs[job].cq].name
        ),
    }
}

fn amount(world: &World, resource: usize, value: i64) -> String {
    Quantity::from_amount(&world.resources[resource], value).to_string()
}

fn why(world: &World, w: &Why) -> String {
    let flavor = |f: usize| world.flavors[f].name.as_str();
    match *w {
        Why::UntoleratedTaint { flavor: f, taint } => {
            let t = &world.flavors[f].spec.node_taints[usize::from(taint)];
            let effect = match t.effect {
                crate::scenario::kueue::TaintEffect::NoSchedule => "NoSchedule",
                crate::scenario::kueue::TaintEffect::PreferNoSchedule => "PreferNoSchedule",
                crate::scenario::kueue::TaintEffect::NoExecute => "NoExecute",
            };
            format!("untolerated taint {}={}:{effect} in flavor {}", t.key, t.value, flavor(f))
        }
        Why::Affinity { flavor: f } => format!("flavor {} doesn't match node affinity", flavor(f)),
        Why::Unavailable { resource } => {
            format!("resource {} unavailable in ClusterQueue", world.resources[resource])
        }
        Why::ExceedsMax { flavor: f, resource, previous, request, max } => format!(
            "insufficient quota for {} in flavor {}, previously considered podsets requests ({}) + current podset request ({}) > maximum capacity ({})",
            world.resources[resource],
            flavor(f),
            amount(world, resource, previous),
            amount(world, resource, request),
            amount(world, resource, max)
        ),
        Why::Insufficient { flavor: f, resource, more } => format!(
            "insufficient unused quota for {} in flavor {}, {} more needed",
            world.resources[resource],
            flavor(f),
            amount(world, resource, more)
        ),
    }
}
