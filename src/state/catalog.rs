//! The instance types a scenario uses. Which types it may use, and what each is, the engine
//! says (`Scenario::catalog`, `Scenario::instance_type`: the built-in catalog with the scenario's
//! `instance_types` added or overriding by name).

use quotalab_engine::Scenario;

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
