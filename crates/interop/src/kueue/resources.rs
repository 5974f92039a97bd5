//! Which Kubernetes resource counts an instance type's accelerators, so a ClusterQueue states
//! its quota in GPUs (what Kubernetes users read) next to pods (what the agreement counts).

use quotalab_engine::scenario::InstanceType;

/// The device-plugin resource of a type's accelerators: Neuron for Trainium and Inferentia,
/// NVIDIA otherwise; `None` for types without accelerators.
pub fn accelerator_resource(t: &InstanceType) -> Option<&'static str> {
    if t.accelerators == 0 || t.accelerator.eq_ignore_ascii_case("none") || !t.is_accelerated() {
        return None;
    }
    let a = t.accelerator.to_ascii_lowercase();
    Some(if a.contains("trainium") || a.contains("inferentia") {
        "aws.amazon.com/neuron"
    } else {
        "nvidia.com/gpu"
    })
}

/// The resources one instance of a type holds, in the order of `covered`.
pub fn per_instance(t: Option<&InstanceType>, resource: &str) -> u32 {
    match (resource, t) {
        (super::PODS, _) => 1,
        (r, Some(t)) if accelerator_resource(t) == Some(r) => t.accelerators,
        _ => 0,
    }
}
