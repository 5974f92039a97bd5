//! The example gallery: scenarios bundled with the app, each teaching one mechanism.
//!
//! Each example is a file in `scenarios/`, embedded at compile time so the gallery works offline
//! and a broken example fails the build's tests rather than a workshop. Adding one is one entry.

/// A bundled scenario and the line that says what it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// Stable identifier (the file name without `.json`), used in test ids.
    pub id: &'static str,
    pub title: &'static str,
    /// One line: what to look at.
    pub description: &'static str,
    pub json: &'static str,
}

/// An example whose scenario is `scenarios/<id>.json`, so an entry names its file once.
macro_rules! bundled {
    ($id:literal, $title:literal, $description:literal) => {
        Example {
            id: $id,
            title: $title,
            description: $description,
            json: include_str!(concat!("../../scenarios/", $id, ".json")),
        }
    };
}

/// The gallery, in the order it is shown.
pub const EXAMPLES: &[Example] = &[
    bundled!(
        "blank",
        "Blank scenario",
        "Start from nothing: capacity first, then a quota share per team, then their work."
    ),
    Example {
        id: "default",
        title: "Three teams share a g5 pool",
        description: "The AWS walkthrough: background lends and borrows, medium lends, protected reserves.",
        json: super::DEFAULT_SCENARIO,
    },
    bundled!(
        "preference-stockout",
        "Preference list under a stockout",
        "L40S is short: jobs fall back to two L4s, then to an A100 that arrives at hour 6."
    ),
    bundled!(
        "training-plan-fallback",
        "Training plan with on-demand fallback",
        "A p5 plan covers two windows; between and beyond them jobs fall back to on-demand p4d."
    ),
    bundled!(
        "spot-vs-on-demand",
        "Spot versus on-demand",
        "The same jobs on on-demand and on 70%-cheaper spot that gets interrupted: cost against lost work."
    ),
    bundled!(
        "strict-partitions",
        "Strict partitions",
        "Three teams RESERVE two g6e each: one team's burst waits while idle capacity sits next door."
    ),
    bundled!(
        "lend-and-borrow",
        "Lend and borrow on the same workload",
        "The strict-partitions workload on LEND_AND_BORROW: the burst borrows, and is reclaimed."
    ),
    bundled!(
        "checkpoint-study",
        "Checkpoint-interval study",
        "Borrowers with no checkpoints, every 2 h and every 15 min are reclaimed alike: compare the work lost."
    ),
    bundled!(
        "kueue-three-teams",
        "Kueue: three teams in one cohort",
        "Kueue's rules: A10G on-demand then spot flavors, training borrows what research cannot reclaim, inference only lends."
    ),
    bundled!(
        "philly-trace",
        "Philly trace: four virtual clusters share V100 and K80",
        "413 real job arrivals from Microsoft's Philly cluster, one LEND_AND_BORROW share per virtual cluster."
    ),
];

/// The example with this id.
pub fn find(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::Scenario;

    #[test]
    fn every_example_loads_and_validates_without_errors() {
        for example in EXAMPLES {
            let scenario = Scenario::parse_json(example.json)
                .unwrap_or_else(|e| panic!("{}: {e}", example.id));
            let report = scenario.validate();
            assert!(report.is_valid(), "{}: {:?}", example.id, report.errors);
            assert_eq!(
                scenario.name, example.title,
                "the gallery title is the scenario's name"
            );
        }
    }

    #[test]
    fn ids_are_unique() {
        let ids: std::collections::HashSet<_> = EXAMPLES.iter().map(|e| e.id).collect();
        assert_eq!(ids.len(), EXAMPLES.len());
    }
}
