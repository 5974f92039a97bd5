//! AWS Batch CLI input back to a scenario: the quota shares (with their original names from the
//! `quotalab:name` tag) and the on-demand capacity from the service environment's per-type
//! capacity limits. Files
//! are recognised by their fields, not their names, so hand-edited sets work too; job skeletons
//! are templates and are not read back.

use super::shapes::{
    CreateQuotaShare, CreateServiceEnvironment, QuotaShareCapacityLimit,
    QuotaSharePreemptionConfiguration, QuotaShareResourceSharingConfiguration,
    ServiceEnvironmentCapacityLimit,
};
use super::{AwsExport, ExportFile, BUNDLE_FORMAT, NAME_TAG};
use crate::agreement::{Agreement, ImportError, Imported, ShareTerms};
use quotalab_engine::scenario::Strategy;
use serde_json::Value;
use std::collections::BTreeMap;

/// Reads an export bundle (the app's single JSON file).
pub fn import_bundle(text: &str) -> Result<Imported, ImportError> {
    let bundle: AwsExport = serde_json::from_str(text).map_err(|e| ImportError::Invalid {
        file: "bundle".into(),
        message: e.to_string(),
    })?;
    if bundle.format != BUNDLE_FORMAT {
        return Err(ImportError::Invalid {
            file: "bundle".into(),
            message: format!(
                "format is \"{}\", expected \"{BUNDLE_FORMAT}\"",
                bundle.format
            ),
        });
    }
    import(&bundle.files)
}

/// Reads a set of AWS CLI input files (an export directory's `.json` files, in any order).
pub fn import(files: &[ExportFile]) -> Result<Imported, ImportError> {
    let mut files: Vec<&ExportFile> = files.iter().filter(|f| f.path.ends_with(".json")).collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let mut shares = Vec::new();
    let mut environment: Option<CreateServiceEnvironment> = None;
    let mut queue_name: Option<String> = None;
    let mut notes = Vec::new();
    for file in files {
        let invalid = |message: String| ImportError::Invalid {
            file: file.path.clone(),
            message,
        };
        let value: Value =
            serde_json::from_str(&file.contents).map_err(|e| invalid(format!("not JSON: {e}")))?;
        let has = |key: &str| value.get(key).is_some();
        if has("quotaShareName") && has("capacityLimits") {
            let share: CreateQuotaShare = serde_json::from_value(value)
                .map_err(|e| invalid(format!("not a create-quota-share input: {e}")))?;
            shares.push(
                share_terms(
                    &share.quota_share_name,
                    &share.tags,
                    &share.capacity_limits,
                    &share.resource_sharing_configuration,
                    &share.preemption_configuration,
                )
                .map_err(|e| invalid(e.to_string()))?,
            );
        } else if has("serviceEnvironmentType") {
            environment =
                Some(serde_json::from_value(value).map_err(|e| {
                    invalid(format!("not a create-service-environment input: {e}"))
                })?);
        } else if has("jobQueueName") {
            // The scenario's own name when Quota Lab wrote the queue, else the queue's.
            let tagged = value
                .get("tags")
                .and_then(|t| t.get(NAME_TAG))
                .and_then(Value::as_str);
            let queue = value.get("jobQueueName").and_then(Value::as_str);
            queue_name = tagged
                .map(str::to_string)
                .or_else(|| queue.map(|q| q.trim_end_matches("-queue").to_string()));
        }
    }
    if shares.is_empty() {
        return Err(ImportError::Missing(
            "no create-quota-share input found (JSON with quotaShareName and capacityLimits)"
                .into(),
        ));
    }
    let capacity = capacity(environment.as_ref(), &shares, &mut notes);
    let name = queue_name.unwrap_or_else(|| "Imported from AWS Batch".into());
    let agreement = Agreement { shares, capacity };
    let scenario = agreement.into_scenario(
        name,
        "Quota shares read back from AWS Batch create-quota-share input.".into(),
        &mut notes,
    );
    Imported { scenario, notes }.checked()
}

/// Why a quota share's members do not make terms of an agreement, by the member that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShareTermsError {
    #[error("resourceSharingConfiguration.strategy: expected RESERVE, LEND or LEND_AND_BORROW, found \"{0}\"")]
    Strategy(String),
    #[error("resourceSharingConfiguration.borrowLimit: only LEND_AND_BORROW takes a borrow limit")]
    BorrowLimitWithoutBorrowing,
    #[error("resourceSharingConfiguration.borrowLimit: the minimum is -1 (no cap)")]
    BorrowLimitBelowMinusOne,
    #[error(
        "preemptionConfiguration.inSharePreemption: expected ENABLED or DISABLED, found \"{0}\""
    )]
    InSharePreemption(String),
}

/// A quota share's terms from the members `create-quota-share` takes and `describe-quota-share`
/// returns alike; the `quotalab:name` tag, when present, is the share's own name.
pub(crate) fn share_terms(
    quota_share_name: &str,
    tags: &BTreeMap<String, String>,
    capacity_limits: &[QuotaShareCapacityLimit],
    sharing: &QuotaShareResourceSharingConfiguration,
    preemption: &QuotaSharePreemptionConfiguration,
) -> Result<ShareTerms, ShareTermsError> {
    let strategy = match sharing.strategy.as_str() {
        "RESERVE" => Strategy::Reserve,
        "LEND" => Strategy::Lend,
        "LEND_AND_BORROW" => Strategy::LendAndBorrow,
        other => return Err(ShareTermsError::Strategy(other.to_owned())),
    };
    let borrow_limit = sharing.borrow_limit;
    if borrow_limit.is_some() && strategy != Strategy::LendAndBorrow {
        return Err(ShareTermsError::BorrowLimitWithoutBorrowing);
    }
    if borrow_limit.is_some_and(|b| b < -1) {
        return Err(ShareTermsError::BorrowLimitBelowMinusOne);
    }
    let in_share_preemption = match preemption.in_share_preemption.as_str() {
        "ENABLED" => true,
        "DISABLED" => false,
        other => return Err(ShareTermsError::InSharePreemption(other.to_owned())),
    };
    Ok(ShareTerms {
        name: tags
            .get(NAME_TAG)
            .cloned()
            .unwrap_or_else(|| quota_share_name.to_string()),
        limits: capacity_limits
            .iter()
            .map(|l| (l.capacity_unit.clone(), l.max_capacity))
            .collect(),
        strategy,
        borrow_limit: (strategy == Strategy::LendAndBorrow).then(|| borrow_limit.unwrap_or(-1)),
        in_share_preemption,
    })
}

/// Capacity per type from the service environment's capacity limits: in a quota-management
/// environment each names one instance type (`capacityUnit`) and its count (`maxCapacity`), as
/// AWS's `CapacityLimit` documents. Without such limits (a hand-written `NUM_INSTANCES` total),
/// each type's capacity is the sum of the shares' limits, which a total cannot split.
fn capacity(
    environment: Option<&CreateServiceEnvironment>,
    shares: &[ShareTerms],
    notes: &mut Vec<String>,
) -> BTreeMap<String, u32> {
    let (per_type, totals) = environment
        .map(|e| capacity_per_type(&e.capacity_limits))
        .unwrap_or_default();
    if !per_type.is_empty() {
        if !totals.is_empty() {
            notes.push(format!(
                "the service environment also limits {} in total; the per-type limits are read",
                totals.join(", ")
            ));
        }
        return per_type;
    }
    let mut capacity = BTreeMap::new();
    for share in shares {
        for (t, n) in &share.limits {
            *capacity.entry(t.clone()).or_insert(0u32) += n;
        }
    }
    notes.push("no per-type capacity limits in the service environment: each type's capacity is set to the sum of the shares' limits".into());
    capacity
}

/// A service environment's limits split into instance types (`capacityUnit` an `ml.` type) and
/// anything else (a `NUM_INSTANCES` total), which has no per-type meaning. Types with no
/// instances are left out, like the agreement's capacity.
pub(crate) fn capacity_per_type(
    limits: &[ServiceEnvironmentCapacityLimit],
) -> (BTreeMap<String, u32>, Vec<String>) {
    let mut per_type = BTreeMap::new();
    let mut other = Vec::new();
    for limit in limits {
        if limit.capacity_unit.starts_with("ml.") {
            if limit.max_capacity > 0 {
                *per_type.entry(limit.capacity_unit.clone()).or_insert(0u32) += limit.max_capacity;
            }
        } else {
            other.push(format!("{} {}", limit.max_capacity, limit.capacity_unit));
        }
    }
    (per_type, other)
}
