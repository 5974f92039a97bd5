//! The AWS request shapes the export writes and the import reads, field for field as the AWS
//! Batch and SageMaker API references name them (docs/AWS_EXPORT.md lists the pages). Each is the
//! `--cli-input-json` of one `aws batch` command; the SageMaker training request travels inside
//! `SubmitServiceJob.serviceRequestPayload` as a JSON string.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `aws batch create-scheduling-policy`: a quota-share policy (only `FIFO` exists).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateSchedulingPolicy {
    pub name: String,
    pub quota_share_policy: QuotaSharePolicy,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaSharePolicy {
    /// Valid values: `FIFO`.
    pub idle_resource_assignment_strategy: String,
}

/// `aws batch create-service-environment`: where SageMaker Training service jobs run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateServiceEnvironment {
    pub service_environment_name: String,
    /// Valid values: `SAGEMAKER_TRAINING`.
    pub service_environment_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    pub capacity_limits: Vec<ServiceEnvironmentCapacityLimit>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
}

/// A service environment's `CapacityLimit`: in a quota-management environment, `maxCapacity`
/// instances of the instance type `capacityUnit`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceEnvironmentCapacityLimit {
    pub max_capacity: u32,
    /// The instance type (elsewhere `NUM_INSTANCES`, a total; docs/AWS_EXPORT.md).
    pub capacity_unit: String,
}

/// `aws batch create-job-queue` for SageMaker Training service jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateJobQueue {
    pub job_queue_name: String,
    /// `SAGEMAKER_TRAINING`.
    pub job_queue_type: String,
    pub state: String,
    pub priority: u32,
    /// The quota-share scheduling policy; a placeholder ARN to replace after creating it.
    pub scheduling_policy_arn: String,
    pub service_environment_order: Vec<ServiceEnvironmentOrder>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceEnvironmentOrder {
    pub order: u32,
    pub service_environment: String,
}

/// `aws batch create-quota-share`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateQuotaShare {
    /// Up to 128 letters, digits, `-` and `_`.
    pub quota_share_name: String,
    pub job_queue: String,
    /// 1 to 5 entries.
    pub capacity_limits: Vec<QuotaShareCapacityLimit>,
    pub resource_sharing_configuration: QuotaShareResourceSharingConfiguration,
    pub preemption_configuration: QuotaSharePreemptionConfiguration,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
}

/// `QuotaShareCapacityLimit`: `maxCapacity` (minimum 1) instances of `capacityUnit`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaShareCapacityLimit {
    pub max_capacity: u32,
    pub capacity_unit: String,
}

/// `strategy`: `RESERVE | LEND | LEND_AND_BORROW`; `borrowLimit` (minimum -1, default -1 for no
/// cap) only with `LEND_AND_BORROW`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaShareResourceSharingConfiguration {
    pub strategy: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrow_limit: Option<i64>,
}

/// `inSharePreemption`: `ENABLED | DISABLED`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaSharePreemptionConfiguration {
    pub in_share_preemption: String,
}

/// `aws batch submit-service-job`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubmitServiceJob {
    pub job_name: String,
    pub job_queue: String,
    /// `SAGEMAKER_TRAINING`.
    pub service_job_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quota_share_name: Option<String>,
    /// 0 to 9999.
    pub scheduling_priority: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption_configuration: Option<ServiceJobPreemptionConfiguration>,
    /// A SageMaker `CreateTrainingJob` request, as a JSON string.
    pub service_request_payload: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
}

/// Unset: a preempted job is requeued without limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceJobPreemptionConfiguration {
    pub preemption_retries_before_termination: u32,
}

/// The part of SageMaker's `CreateTrainingJob` request a skeleton fills in (PascalCase, as the
/// SageMaker API spells it). Placeholders are `<UPPER_CASE>` strings to replace.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct TrainingJobRequest {
    pub training_job_name: String,
    pub role_arn: String,
    pub algorithm_specification: AlgorithmSpecification,
    pub output_data_config: OutputDataConfig,
    pub resource_config: ResourceConfig,
    pub stopping_condition: StoppingCondition,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint_config: Option<CheckpointConfig>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enable_managed_spot_training: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct AlgorithmSpecification {
    pub training_image: String,
    pub training_input_mode: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct OutputDataConfig {
    pub s3_output_path: String,
}

/// `InstancePreferences` (1 to 5) replaces `InstanceType`; `InstanceCount` is set here or on
/// every preference, never both (SageMaker's count rule).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct ResourceConfig {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub instance_preferences: Vec<InstancePreference>,
    #[serde(rename = "VolumeSizeInGB")]
    pub volume_size_in_gb: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct InstancePreference {
    pub instance_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub training_plan_arns: Vec<String>,
}

/// `MaxPendingTimeInSeconds`: 7200 to 2419200; `MaxWaitTimeInSeconds` only with managed spot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct StoppingCondition {
    pub max_runtime_in_seconds: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_wait_time_in_seconds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_pending_time_in_seconds: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct CheckpointConfig {
    pub s3_uri: String,
    pub local_path: String,
}
