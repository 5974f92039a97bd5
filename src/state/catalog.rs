//! The instance types a scenario can use: the engine's built-in catalog with the scenario's
//! `instance_types` added or overriding by name (docs/FORMAT.md, `instance_types`).
//!
//! The engine resolves types the same way inside validation but does not expose it; this is the
//! one place the app does, for the pickers and the catalog table.

use quotalab_engine::scenario::{catalog, InstanceType};
use quotalab_engine::Scenario;

/// Every type the scenario may name, built-in order first, then the scenario's own new types.
pub fn instance_types(scenario: &Scenario) -> Vec<InstanceType> {
    let mut types = catalog::builtin();
    for own in &scenario.instance_types {
        match types.iter_mut().find(|t| t.name == own.name) {
            Some(slot) => *slot = own.clone(),
            None => types.push(own.clone()),
        }
    }
    types
}

/// The type called `name`, if the scenario or the catalog has it.
pub fn find(scenario: &Scenario, name: &str) -> Option<InstanceType> {
    instance_types(scenario)
        .into_iter()
        .find(|t| t.name == name)
}

/// The types the scenario uses anywhere: capacity, pools, plans and share limits, in first-use
/// order. These get allocation bars and capacity timelines.
pub fn types_in_use(scenario: &Scenario) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let all = scenario.capacity.iter().map(|c| &c.instance_type).chain(
        scenario
            .quota_shares
            .iter()
            .flat_map(|s| s.capacity_limits.iter().map(|l| &l.instance_type)),
    );
    for name in all {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_types_override_the_catalog_by_name() {
        let scenario = Scenario::parse_json(
            r#"{"version":1,"name":"x","instance_types":[
              {"name":"ml.g5.xlarge","accelerator":"A10G","accelerators":1,"accelerator_memory_gib":24,"price_per_h":0.5,"speed":1},
              {"name":"ml.custom","accelerator":"X","accelerators":2,"accelerator_memory_gib":8,"price_per_h":1,"speed":1}]}"#,
        )
        .expect("parses");
        let types = instance_types(&scenario);
        assert_eq!(types.len(), catalog::builtin().len() + 1);
        assert_eq!(
            find(&scenario, "ml.g5.xlarge").map(|t| t.price_per_h),
            Some(0.5)
        );
        assert!(find(&scenario, "ml.custom").is_some());
    }
}
