//! The jobs as CSV: the columns of the jobs table, exact values, read from the job columns.

use crate::results::format::csv_field;
use quotalab_engine::result::columns::JobColumns;

/// One line per job: the columns of the jobs table, exact values.
pub fn jobs_csv(jobs: &JobColumns) -> String {
    let mut out = String::from("name,share,mix,status,reason,priority,submit_h,first_start_h,end_h,wait_h,completion_h,preference,instance_type,instance_count,pool,attempts,preemptions,interruptions,lost_h,lost_accelerator_h,cost\n");
    let opt = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
    for j in 0..jobs.len() {
        let row = jobs.row(j);
        let sel = row.selected.as_ref();
        let fields = [
            csv_field(&row.name.to_string()),
            csv_field(row.share.unwrap_or("")),
            csv_field(row.mix.unwrap_or("")),
            row.status.to_string(),
            row.reason.map(|r| r.to_string()).unwrap_or_default(),
            row.priority.to_string(),
            row.submit_h.to_string(),
            opt(row.first_start_h),
            opt(row.end_h),
            row.wait_h.to_string(),
            opt(row.completion_h),
            sel.map(|s| s.preference.to_string()).unwrap_or_default(),
            csv_field(sel.map_or("", |s| s.instance_type)),
            sel.map(|s| s.instance_count.to_string())
                .unwrap_or_default(),
            sel.map(|s| s.pool.to_string()).unwrap_or_default(),
            row.attempts.to_string(),
            row.preemptions.to_string(),
            row.interruptions.to_string(),
            row.lost_h.to_string(),
            row.lost_accelerator_h.to_string(),
            row.cost.to_string(),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}
