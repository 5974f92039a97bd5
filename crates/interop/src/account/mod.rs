//! Your own account in: what the real tools print about an AWS Batch / SageMaker account or a
//! Kueue cluster, read into a scenario that holds the agreement as configured and the workload
//! as it happened, each job with its `observed` outcome (docs/ACCOUNT.md).
//!
//! The steps, one file each: [`recognise`] tells documents apart by shape; [`pages`] merges
//! pages and repeats; [`batch`], [`service_jobs`] and [`sagemaker`] read AWS's outputs and
//! [`kueue`] a cluster dump, both into [`history`] records; [`mapping`] makes the scenario; what
//! none of them can carry goes to the [`unmapped`] list, and [`validated`] leaves out what
//! the engine's validation refuses. [`status`] maps job endings both ways.
//!
//! ```
//! use quotalab_interop::account::{import_account, AccountOptions, InputFile};
//! let share = r#"{"quotaShareName": "research", "quotaShareArn": "arn:aws:batch:us-east-1:1:quota-share/q/research",
//!   "jobQueueArn": "arn:aws:batch:us-east-1:1:job-queue/q",
//!   "capacityLimits": [{"maxCapacity": 2, "capacityUnit": "ml.g5.xlarge"}],
//!   "resourceSharingConfiguration": {"strategy": "LEND"},
//!   "preemptionConfiguration": {"inSharePreemption": "DISABLED"}}"#;
//! let files = [InputFile { path: "share.json".into(), contents: share.into() }];
//! let imported = import_account(&files, &AccountOptions::default()).unwrap();
//! assert_eq!(imported.scenario.quota_shares[0].name, "research");
//! ```

mod batch;
mod history;
mod job_rows;
mod kueue;
mod mapping;
mod pages;
mod recognise;
mod sagemaker;
mod service_jobs;
pub mod status;
pub mod timestamp;
mod unmapped;
mod validated;

pub use unmapped::Unmapped;

use crate::agreement::Agreement;
use quotalab_engine::{Diagnostic, Scenario};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One input file: its path (for messages only) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    pub path: String,
    pub contents: String,
}

/// What the user may say beside the documents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountOptions {
    /// `--capacity TYPE=N`: instances per type, over anything the documents say.
    pub capacity: BTreeMap<String, u32>,
    /// The scenario's name; else the job queue's, else a default.
    pub name: Option<String>,
}

/// The scenario, notes on what was assumed, and what could not be carried.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccountImport {
    pub scenario: Scenario,
    pub notes: Vec<String>,
    pub unmapped: Vec<Unmapped>,
}

/// Why no scenario came out.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AccountError {
    /// No document was one this import reads; each file's reason is listed.
    #[error("no AWS Batch, SageMaker or Kueue document found: {}", list(.0))]
    NothingRead(Vec<Unmapped>),
    /// AWS and Kueue documents together describe two systems.
    #[error("the files hold both AWS and Kueue documents; import each system on its own")]
    Mixed,
    /// The scenario made does not validate (a bug or a document beyond the mapping); the
    /// engine's errors, each with its JSON path.
    #[error("the imported scenario does not validate: {}", .0.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<Diagnostic>),
}

fn list(unmapped: &[Unmapped]) -> String {
    unmapped
        .iter()
        .map(|u| u.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Reads the files (in path order) into a validated scenario.
pub fn import_account(
    files: &[InputFile],
    options: &AccountOptions,
) -> Result<AccountImport, AccountError> {
    let mut unmapped = unmapped::UnmappedList::default();
    let mut files: Vec<&InputFile> = files.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let documents = files
        .iter()
        .flat_map(|f| recognise::recognise(&f.path, &f.contents, &mut unmapped))
        .collect();
    let collected = pages::collect(documents, &mut unmapped);
    let kubernetes = !collected.kubernetes.items.is_empty();
    let mut notes = Vec::new();
    let (mut scenario, histories, plans) = match (collected.has_aws(), kubernetes) {
        (true, true) => return Err(AccountError::Mixed),
        (false, false) => return Err(AccountError::NothingRead(unmapped.0)),
        (false, true) => {
            let objects = &collected.kubernetes.items;
            let base = match kueue::agreement(objects, &mut unmapped) {
                Some((scenario, kueue_notes)) => {
                    notes.extend(kueue_notes);
                    scenario
                }
                None => empty(&mut notes),
            };
            (base, kueue::histories(objects, &mut unmapped), Vec::new())
        }
        (true, false) => {
            let agreement = batch::agreement(&collected, &mut unmapped);
            let plans = sagemaker::training_plans(&collected, &mut unmapped);
            let training_jobs = sagemaker::training_jobs(&collected);
            let histories = service_jobs::histories(
                &collected,
                &agreement,
                &training_jobs,
                &plans,
                &mut unmapped,
            );
            let name = agreement
                .name
                .clone()
                .unwrap_or_else(|| "Imported AWS account".into());
            let base = Agreement {
                shares: agreement.shares,
                capacity: agreement.capacity,
            }
            .into_scenario(
                name,
                "Read from AWS Batch and SageMaker.".into(),
                &mut notes,
            );
            (base, histories, plans.plans)
        }
    };
    if let Some(name) = &options.name {
        scenario.name = name.clone();
    }
    // A scenario's name is 1 to 128 characters (docs/FORMAT.md); an account's may be blank.
    if scenario.name.trim().is_empty() {
        scenario.name = "Imported account".into();
    }
    scenario.name = scenario.name.chars().take(128).collect();
    let labels = mapping::add_history(
        &mut scenario,
        histories,
        &plans,
        options,
        &mut notes,
        &mut unmapped,
    );
    validated::validated(scenario, labels, &mut unmapped).map(|scenario| AccountImport {
        scenario,
        notes,
        unmapped: unmapped.0,
    })
}

fn empty(notes: &mut Vec<String>) -> Scenario {
    Agreement {
        shares: Vec::new(),
        capacity: BTreeMap::new(),
    }
    .into_scenario(
        "Imported Kueue cluster".into(),
        "Read from Kueue.".into(),
        notes,
    )
}
