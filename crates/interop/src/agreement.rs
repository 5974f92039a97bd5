//! The agreement: what an export to AWS or Kueue carries and an import gives back. It is the
//! shares (names, limits, strategies, borrow limits, in-share preemption) and the on-demand
//! capacity per instance type at time 0. Jobs, capacity changes, spot pools and training plans
//! are not part of it: AWS and Kueue configuration have no place for them (the AWS export writes
//! job skeletons, which are templates, not the workload).

use crate::validated::Rejected;
use quotalab_engine::scenario::{JobList, Scenario, Strategy};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The comparable core of a scenario, for round-trip checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreement {
    pub shares: Vec<ShareTerms>,
    /// Instances per type at time 0; types with no instances are left out.
    pub capacity: BTreeMap<String, u32>,
}

/// One share's terms, normalised: the borrow limit is `Some` exactly for `LEND_AND_BORROW`
/// (-1 when the scenario leaves it unset, SEMANTICS §2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareTerms {
    pub name: String,
    pub limits: Vec<(String, u32)>,
    pub strategy: Strategy,
    pub borrow_limit: Option<i64>,
    pub in_share_preemption: bool,
}

impl Agreement {
    /// The agreement a scenario states.
    pub fn of(scenario: &Scenario) -> Agreement {
        let shares = scenario
            .quota_shares
            .iter()
            .map(|s| ShareTerms {
                name: s.name.clone(),
                limits: s
                    .capacity_limits
                    .iter()
                    .map(|l| (l.instance_type.clone(), l.max_capacity))
                    .collect(),
                strategy: s.strategy,
                borrow_limit: (s.strategy == Strategy::LendAndBorrow)
                    .then(|| s.effective_borrow_limit()),
                in_share_preemption: s.in_share_preemption,
            })
            .collect();
        let capacity = scenario
            .capacity
            .iter()
            .filter(|c| c.count > 0)
            .map(|c| (c.instance_type.clone(), c.count))
            .collect();
        Agreement { shares, capacity }
    }
}

/// A scenario read back from AWS or Kueue configuration, and notes on what was assumed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Imported {
    pub scenario: Scenario,
    pub notes: Vec<String>,
}

impl Imported {
    /// The import, checked with the engine's validation (see [`crate::validated`]).
    pub(crate) fn checked(self) -> Result<Imported, ImportError> {
        crate::validated::check(self, |i| &i.scenario)
            .map(|(imported, _)| imported)
            .map_err(ImportError::Rejected)
    }
}

/// Why configuration could not be read back.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    /// A file (or YAML document) that is not what it claims, naming the file and the problem.
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
    /// Nothing usable was found.
    #[error("{0}")]
    Missing(String),
    /// The configuration reads as a scenario that does not validate.
    #[error("{0}")]
    Rejected(Rejected<Imported>),
    /// Kueue YAML that is not YAML, or an object that does not read (its kind, name and field).
    #[error("{0}")]
    Kueue(#[from] crate::kueue::KueueError),
}

impl Agreement {
    /// A scenario holding this agreement and no jobs. Instance types the built-in catalog lacks
    /// get placeholder definitions (1 accelerator, price 0), each named in `notes`.
    pub fn into_scenario(
        self,
        name: String,
        description: String,
        notes: &mut Vec<String>,
    ) -> Scenario {
        use quotalab_engine::scenario::QuotaShare;
        let used: Vec<String> = self
            .shares
            .iter()
            .flat_map(|s| s.limits.iter().map(|l| l.0.clone()))
            .chain(self.capacity.keys().cloned())
            .collect();
        let mut scenario = Scenario {
            version: 1,
            name,
            description,
            seed: 0,
            currency: Default::default(),
            horizon_h: None,
            rules: Default::default(),
            queueing: Default::default(),
            instance_types: Vec::new(),
            capacity: capacities(self.capacity),
            spot: Vec::new(),
            training_plans: Vec::new(),
            quota_shares: self
                .shares
                .into_iter()
                .map(|s| QuotaShare {
                    name: s.name,
                    capacity_limits: limits(s.limits),
                    strategy: s.strategy,
                    borrow_limit: s.borrow_limit,
                    in_share_preemption: s.in_share_preemption,
                })
                .collect(),
            kueue: None,
            jobs: JobList::default(),
            job_mixes: Vec::new(),
            actions: Vec::new(),
        };
        add_placeholder_types(&mut scenario, used, notes);
        scenario
    }
}

/// On-demand capacity from (instance type, instances), in the pairs' order, without changes.
pub(crate) fn capacities(
    pairs: impl IntoIterator<Item = (String, u32)>,
) -> Vec<quotalab_engine::scenario::Capacity> {
    pairs
        .into_iter()
        .map(
            |(instance_type, count)| quotalab_engine::scenario::Capacity {
                instance_type,
                count,
                changes: Vec::new(),
            },
        )
        .collect()
}

/// A share's capacity limits from (instance type, instances), in the pairs' order.
pub(crate) fn limits(
    pairs: impl IntoIterator<Item = (String, u32)>,
) -> Vec<quotalab_engine::scenario::CapacityLimit> {
    pairs
        .into_iter()
        .map(
            |(instance_type, max_capacity)| quotalab_engine::scenario::CapacityLimit {
                instance_type,
                max_capacity,
            },
        )
        .collect()
}

/// Gives every named type the scenario does not define and the built-in catalog lacks a
/// placeholder definition (1 accelerator, price 0), each named in `notes`.
pub(crate) fn add_placeholder_types(
    scenario: &mut Scenario,
    names: impl IntoIterator<Item = String>,
    notes: &mut Vec<String>,
) {
    for t in names {
        if scenario.instance_type(&t).is_some() {
            continue;
        }
        notes.push(format!("instance type {t} is not in the built-in catalog; it gets a placeholder definition (1 accelerator, price 0) to edit"));
        scenario
            .instance_types
            .push(quotalab_engine::translate::placeholder_type(&t));
    }
}
