//! # quotalab-interop
//!
//! Quota Lab's bridges to the world outside the engine. A plan is only useful if it connects to
//! the systems people run, so this crate:
//!
//! - imports public GPU-cluster traces into a [`Scenario`](quotalab_engine::Scenario)
//!   ([`traces`]: Philly, Alibaba 2023 and any Standard Workload Format log);
//! - exports a scenario's agreement as AWS Batch CLI input ([`aws`]) and as Kueue YAML
//!   ([`kueue`]), and reads both back, as well as a Kueue cluster's own YAML (objects and
//!   Workloads) into a scenario under Kueue's rules.
//!
//! Everything works on text in memory, never on paths, so the web app (wasm32) can call it on
//! uploaded files and the CLI on files it has read. The engine stays the one place that knows
//! scheduling; this crate only translates. [`agreement`] is the part of a scenario that an export
//! carries and an import gives back, which the round-trip tests compare.
//!
//! ```
//! use quotalab_interop::{aws, kueue, agreement::Agreement};
//! let scenario = quotalab_engine::Scenario::from_json(r#"{
//!   "version": 1, "name": "two teams",
//!   "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 3 } ],
//!   "quota_shares": [
//!     { "name": "a", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 2 } ],
//!       "strategy": "LEND" },
//!     { "name": "b", "capacity_limits": [ { "instance_type": "ml.g5.xlarge", "max_capacity": 1 } ],
//!       "strategy": "LEND_AND_BORROW", "borrow_limit": 100 } ]
//! }"#).unwrap();
//! let yaml = kueue::export(&scenario).yaml;
//! let rules = quotalab_engine::scenario::Rules::Aws;
//! let back = kueue::import_for_rules(&yaml, &kueue::ImportOptions::default(), rules).unwrap();
//! assert_eq!(Agreement::of(&back.scenario), Agreement::of(&scenario));
//! let bundle = aws::export(&scenario);
//! let back = aws::import(&bundle.files).unwrap();
//! assert_eq!(Agreement::of(&back.scenario), Agreement::of(&scenario));
//! ```

pub mod account;
pub mod agreement;
pub mod aws;
pub mod kueue;
mod names;
pub mod report;
pub mod rows;
pub mod traces;
pub mod validated;
