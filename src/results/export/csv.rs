//! The jobs as CSV: the columns of the jobs table, exact values.

use crate::results::format::csv_field;
use quotalab_engine::SimResult;

/// One line per job: the columns of the jobs table, exact values.
pub fn jobs_csv(result: &SimResult) -> String {
    let mut out = String::from("name,share,mix,status,reason,priority,submit_h,first_start_h,end_h,wait_h,completion_h,preference,instance_type,instance_count,pool,attempts,preemptions,interruptions,lost_h,lost_accelerator_h,cost\n");
    let opt = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
    for j in &result.jobs {
        let sel = j.selected.as_ref();
        let fields = [
            csv_field(&j.name),
            csv_field(j.share.as_deref().unwrap_or("")),
            csv_field(j.mix.as_deref().unwrap_or("")),
            j.status.to_string(),
            j.reason.map(|r| r.to_string()).unwrap_or_default(),
            j.priority.to_string(),
            j.submit_h.to_string(),
            opt(j.first_start_h),
            opt(j.end_h),
            j.wait_h.to_string(),
            opt(j.completion_h),
            sel.map(|s| s.preference.to_string()).unwrap_or_default(),
            csv_field(sel.map_or("", |s| s.instance_type.as_str())),
            sel.map(|s| s.instance_count.to_string())
                .unwrap_or_default(),
            sel.map(|s| s.pool.to_string()).unwrap_or_default(),
            j.attempts.len().to_string(),
            j.preemptions.to_string(),
            j.interruptions.to_string(),
            j.lost_h.to_string(),
            j.lost_accelerator_h.to_string(),
            j.cost.to_string(),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}
