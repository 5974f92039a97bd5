//! One pod row of Alibaba's 2023 pod lists, read: the columns the import uses, with messages
//! naming the column that is wrong (docs/TRACES.md, "Alibaba 2023").

use super::table::{self, RowError};
use quotalab_engine::scenario::ObservedStatus;

/// Kubernetes QoS classes and Alibaba's latency-sensitive class, highest first (ours): guaranteed
/// pods were promised their resources, LS serves users, burstable and best-effort can wait.
pub fn priority_of(qos: &str) -> Option<u32> {
    match qos.trim() {
        "Guaranteed" => Some(400),
        "LS" => Some(300),
        "Burstable" => Some(200),
        "BE" => Some(100),
        _ => None,
    }
}

/// One pod row, read.
pub struct Pod {
    pub name: String,
    pub num_gpu: u32,
    pub fractional: bool,
    pub spec: Vec<String>,
    pub priority: u32,
    pub creation_s: f64,
    /// `scheduled_time`; `None` for pods that were never scheduled (Pending).
    pub scheduled_s: Option<f64>,
    pub deletion_s: f64,
    /// How it ended by the trace's end: a Running pod had not.
    pub phase: ObservedStatus,
}

impl Pod {
    /// Seconds it ran, when it was scheduled.
    pub fn run_s(&self) -> Option<f64> {
        self.scheduled_s.map(|s| self.deletion_s - s)
    }
}

/// `pod_phase` in the result's words: Pending pods never ran (they are skipped before this
/// matters), Running ones are unfinished at the trace's end.
fn phase(text: &str) -> Result<ObservedStatus, RowError> {
    match text.trim() {
        "Succeeded" => Ok(ObservedStatus::Succeeded),
        "Failed" => Ok(ObservedStatus::Failed),
        "Running" | "Pending" => Ok(ObservedStatus::Unfinished),
        other => Err(RowError::NotOneOf {
            column: "pod_phase",
            allowed: "Running, Succeeded, Failed or Pending",
            found: other.to_string(),
        }),
    }
}

pub fn parse(text: &str) -> Result<Pod, RowError> {
    let f = table::csv_row(
        text,
        11,
        "11 columns (name, cpu_milli, memory_mib, num_gpu, gpu_milli, gpu_spec, qos, pod_phase, creation_time, deletion_time, scheduled_time)",
    )?;
    let num_gpu: u32 = table::number(&f[3], "num_gpu")?;
    let gpu_milli: u32 = if f[4].trim().is_empty() {
        0
    } else {
        table::number(&f[4], "gpu_milli")?
    };
    let priority = priority_of(&f[6]).ok_or_else(|| RowError::NotOneOf {
        column: "qos",
        allowed: "LS, BE, Burstable or Guaranteed",
        found: f[6].trim().to_string(),
    })?;
    let creation_s = table::real(&f[8], "creation_time")?;
    if creation_s < 0.0 {
        return Err(RowError::OutOfRange {
            column: "creation_time",
            allowed: "0 or more",
        });
    }
    let scheduled_s = match f[10].trim() {
        "" => None,
        text => Some(table::real(text, "scheduled_time")?),
    };
    Ok(Pod {
        name: f[0].trim().to_string(),
        num_gpu,
        fractional: num_gpu == 1 && gpu_milli > 0 && gpu_milli < 1000,
        spec: f[5]
            .split('|')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        priority,
        creation_s,
        scheduled_s,
        deletion_s: table::real(&f[9], "deletion_time")?,
        phase: phase(&f[7])?,
    })
}
