//! Knobs: what the advisor may change in the current agreement, and the `advise` field of a
//! study document that holds targets, budgets and knobs so they travel in links and files
//! (docs/ADVISOR.md, "Targets and knobs").

use super::target::{Budget, Target, TargetError};
use crate::scenario::Rules;
use serde::{Deserialize, Serialize};

/// One kind of change the search may make. Each belongs to one rule set ([`Knob::rules`]): the
/// AWS knobs change quota shares, the Kueue knobs ClusterQueues, each named after the field it
/// changes (docs/ADVISOR.md, "Under Kueue's rules").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Knob {
    /// Move limit instances of a type from one share to another (the total stays as it is).
    Limits,
    /// A share's strategy: RESERVE, LEND or LEND_AND_BORROW.
    Strategy,
    /// A LEND_AND_BORROW share's borrow limit.
    BorrowLimit,
    /// A share's in-share preemption on or off.
    InSharePreemption,
    /// Buy on-demand instances of a type at its price, up to its `capacity_max`, and give them
    /// to a share's limit.
    Capacity,
    /// Swap two neighbouring entries of a job mix's preference list.
    Preferences,
    /// Move `nominalQuota` of one flavor and resource from one ClusterQueue to another of the
    /// same cohort (the cohort's total stays as it is).
    NominalQuota,
    /// A ClusterQueue's `borrowingLimit` of one flavor and resource.
    BorrowingLimit,
    /// A ClusterQueue's `lendingLimit` of one flavor and resource.
    LendingLimit,
    /// A ClusterQueue's `preemption.reclaimWithinCohort`.
    ReclaimWithinCohort,
    /// A ClusterQueue's `preemption.withinClusterQueue`.
    WithinClusterQueue,
}

impl Knob {
    /// Every knob, in the order `--vary` lists them: AWS's, then Kueue's.
    pub const ALL: [Knob; 11] = [
        Knob::Limits,
        Knob::Strategy,
        Knob::BorrowLimit,
        Knob::InSharePreemption,
        Knob::Capacity,
        Knob::Preferences,
        Knob::NominalQuota,
        Knob::BorrowingLimit,
        Knob::LendingLimit,
        Knob::ReclaimWithinCohort,
        Knob::WithinClusterQueue,
    ];

    /// The rule set whose agreement the knob changes.
    pub fn rules(self) -> Rules {
        match self {
            Knob::Limits
            | Knob::Strategy
            | Knob::BorrowLimit
            | Knob::InSharePreemption
            | Knob::Capacity
            | Knob::Preferences => Rules::Aws,
            Knob::NominalQuota
            | Knob::BorrowingLimit
            | Knob::LendingLimit
            | Knob::ReclaimWithinCohort
            | Knob::WithinClusterQueue => Rules::Kueue,
        }
    }

    /// The knobs of `rules`, in the order `--vary` lists them.
    pub fn of(rules: Rules) -> Vec<Knob> {
        Knob::ALL
            .into_iter()
            .filter(|k| k.rules() == rules)
            .collect()
    }

    /// The knobs varied when none are named: the agreement's terms, not purchases or
    /// workloads; under Kueue every knob of its rules.
    pub fn defaults(rules: Rules) -> Vec<Knob> {
        Knob::of(rules)
            .into_iter()
            .filter(|k| !matches!(k, Knob::Capacity | Knob::Preferences))
            .collect()
    }

    /// The knob of the other rule set that changes the same kind of term, for the message that
    /// refuses a knob under the wrong rules.
    pub fn counterpart(self) -> Option<Knob> {
        const PAIRS: [(Knob, Knob); 3] = [
            (Knob::Limits, Knob::NominalQuota),
            (Knob::BorrowLimit, Knob::BorrowingLimit),
            (Knob::InSharePreemption, Knob::WithinClusterQueue),
        ];
        PAIRS.iter().find_map(|&(aws, kueue)| match self {
            k if k == aws => Some(kueue),
            k if k == kueue => Some(aws),
            _ => None,
        })
    }

    /// The knob called `name` (`borrow_limit`).
    pub fn from_name(name: &str) -> Option<Knob> {
        serde_json::from_value(serde_json::Value::String(name.trim().to_string())).ok()
    }

    /// Its name as `--vary` writes it.
    pub fn name(self) -> String {
        crate::json_text::word_of(&self)
    }
}

/// The most on-demand instances of a type the `capacity` knob may buy up to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapacityMax {
    /// The instance type.
    pub instance_type: String,
    /// The most on-demand instances of it, counting those there already.
    pub count: u32,
}

/// The study's `advise` field: what to aim for and what may change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdviseSpec {
    /// Targets as written on the command line: `nlp:completion_p90_h<=24`.
    pub targets: Vec<String>,
    /// Budgets on the mean cost, the total or a share's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub budgets: Vec<Budget>,
    /// The knobs; when absent, [`Knob::defaults`] of the scenario's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vary: Option<Vec<Knob>>,
    /// Per type, how far the `capacity` knob may buy; a type not listed may be bought up to
    /// twice its current count (at least 2 more).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capacity_max: Vec<CapacityMax>,
    /// The search's seed; the first variant's `seed` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Independent starts of the local search; [`super::DEFAULT_STARTS`] when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts: Option<u32>,
    /// The most simulations the whole search may run; [`DEFAULT_MAX_SIMULATIONS`] when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_simulations: Option<u32>,
}

/// The simulation budget of a search when the document does not say.
pub const DEFAULT_MAX_SIMULATIONS: u32 = 3000;

impl AdviseSpec {
    /// A spec of `targets` with the default knobs and no budget.
    pub fn new(targets: Vec<String>) -> AdviseSpec {
        AdviseSpec {
            targets,
            budgets: Vec::new(),
            vary: None,
            capacity_max: Vec::new(),
            seed: None,
            starts: None,
            max_simulations: None,
        }
    }

    /// The targets, parsed (each error names its index), followed by the per-share budgets as
    /// cost targets.
    pub fn parsed_targets(&self) -> Result<Vec<Target>, (usize, TargetError)> {
        let mut targets = self
            .targets
            .iter()
            .enumerate()
            .map(|(i, t)| Target::parse(t).map_err(|e| (i, e)))
            .collect::<Result<Vec<_>, _>>()?;
        targets.extend(self.budgets.iter().filter_map(Budget::as_target));
        Ok(targets)
    }

    /// The total budget, if one is set (the smallest, if several are).
    pub fn total_budget(&self) -> Option<f64> {
        self.budgets
            .iter()
            .filter(|b| b.share.is_none())
            .map(|b| b.max)
            .reduce(f64::min)
    }

    /// The knobs a search of a scenario under `rules` turns: those named, else the rules'
    /// defaults.
    pub fn knobs(&self, rules: Rules) -> Vec<Knob> {
        self.vary.clone().unwrap_or_else(|| Knob::defaults(rules))
    }

    /// Whether `knob` may change: named, or without names among the defaults of its own rules
    /// (a knob of the other rules is refused by validation, `advise.vary`).
    pub fn varies(&self, knob: Knob) -> bool {
        self.knobs(knob.rules()).contains(&knob)
    }

    /// Turns `knob` on or off, as a person does in a view of a scenario under `rules`: what the
    /// edit leaves is in those rules' terms, so knobs of the other rules and a purchase ceiling
    /// that buys nothing under them, left from before a switch of rules, go with it (validation
    /// refuses them, `advise.vary`, and the view has no box to untick them).
    pub fn set_knob(&mut self, rules: Rules, knob: Knob, on: bool) {
        let mut vary: Vec<Knob> = self
            .knobs(rules)
            .into_iter()
            .filter(|&k| k != knob && k.rules() == rules)
            .collect();
        if on {
            vary.push(knob);
            vary.sort();
        }
        self.vary = Some(vary);
        if rules == Rules::Kueue {
            self.capacity_max.clear();
        }
    }

    /// The most on-demand instances of `instance_type` there may be, given `current`.
    pub fn capacity_ceiling(&self, instance_type: &str, current: u32) -> u32 {
        if !self.varies(Knob::Capacity) {
            return current;
        }
        self.capacity_max
            .iter()
            .find(|c| c.instance_type == instance_type)
            .map_or((current * 2).max(current + 2), |c| c.count.max(current))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After a switch to Kueue's rules, one tick leaves only Kueue knobs and no purchase ceiling.
    #[test]
    fn a_knob_set_under_kueue_drops_what_only_aws_rules_use() {
        let mut spec = AdviseSpec::new(vec!["nlp:completion_p90_h<=3".into()]);
        spec.vary = Some(vec![Knob::Limits, Knob::Capacity, Knob::NominalQuota]);
        spec.capacity_max.push(CapacityMax {
            instance_type: "ml.g5.xlarge".into(),
            count: 4,
        });
        spec.set_knob(Rules::Kueue, Knob::LendingLimit, true);
        assert_eq!(
            spec.vary,
            Some(vec![Knob::NominalQuota, Knob::LendingLimit])
        );
        assert!(spec.capacity_max.is_empty());
        spec.set_knob(Rules::Kueue, Knob::NominalQuota, false);
        assert_eq!(spec.vary, Some(vec![Knob::LendingLimit]));
    }

    /// Under AWS rules an edit keeps the purchase ceiling the capacity knob reads.
    #[test]
    fn a_knob_set_under_aws_keeps_the_purchase_ceiling() {
        let mut spec = AdviseSpec::new(vec!["background:completion_p90_h<=10".into()]);
        spec.capacity_max.push(CapacityMax {
            instance_type: "ml.g5.xlarge".into(),
            count: 4,
        });
        spec.set_knob(Rules::Aws, Knob::Capacity, true);
        let mut expected = Knob::defaults(Rules::Aws);
        expected.push(Knob::Capacity);
        expected.sort();
        assert_eq!(spec.vary, Some(expected));
        assert_eq!(spec.capacity_max.len(), 1);
    }

    #[test]
    fn knob_names_round_trip() {
        for knob in Knob::ALL {
            assert_eq!(Knob::from_name(&knob.name()), Some(knob));
        }
        assert_eq!(Knob::from_name("limit"), None);
        assert_eq!(Knob::NominalQuota.name(), "nominal_quota");
    }

    #[test]
    fn each_rule_set_has_its_own_knobs_and_defaults() {
        assert_eq!(
            Knob::defaults(Rules::Aws),
            [
                Knob::Limits,
                Knob::Strategy,
                Knob::BorrowLimit,
                Knob::InSharePreemption
            ]
        );
        assert_eq!(
            Knob::defaults(Rules::Kueue),
            [
                Knob::NominalQuota,
                Knob::BorrowingLimit,
                Knob::LendingLimit,
                Knob::ReclaimWithinCohort,
                Knob::WithinClusterQueue
            ]
        );
        let spec = AdviseSpec::new(vec![]);
        assert!(spec.varies(Knob::Limits) && spec.varies(Knob::NominalQuota));
        assert!(!spec.varies(Knob::Capacity));
        assert_eq!(Knob::Limits.counterpart(), Some(Knob::NominalQuota));
        assert_eq!(
            Knob::WithinClusterQueue.counterpart(),
            Some(Knob::InSharePreemption)
        );
        assert_eq!(Knob::Strategy.counterpart(), None);
    }

    #[test]
    fn capacity_may_grow_only_when_varied() {
        let mut spec = AdviseSpec::new(vec![]);
        assert_eq!(spec.capacity_ceiling("t", 3), 3);
        spec.vary = Some(vec![Knob::Capacity]);
        assert_eq!(spec.capacity_ceiling("t", 3), 6);
        assert_eq!(spec.capacity_ceiling("t", 1), 3);
        spec.capacity_max.push(CapacityMax {
            instance_type: "t".into(),
            count: 10,
        });
        assert_eq!(spec.capacity_ceiling("t", 3), 10);
    }
}
