//! Which Kubernetes resource counts an instance type's accelerators, so a ClusterQueue states
//! its quota in GPUs (what Kubernetes users read) next to pods (what the agreement counts).

use quotalab_engine::scenario::InstanceType;

/// The device-plugin resource of a type's accelerators, as the engine requests them for a Kueue
/// job's default pod set.
pub use quotalab_engine::scenario::kueue::accelerator_resource;

/// The resources one instance of a type holds, in the order of `covered`.
pub fn per_instance(t: Option<&InstanceType>, resource: &str) -> u32 {
    match (resource, t) {
        (super::PODS, _) => 1,
        (r, Some(t)) if accelerator_resource(t) == Some(r) => t.accelerators,
        _ => 0,
    }
}
