//! One SWF job line: the 18 whitespace-separated fields of the Standard Workload Format, read
//! into the ones the import uses, with messages naming the field that is wrong.

use super::table::{self, RowError};
use quotalab_engine::scenario::ObservedStatus;

/// One SWF job line, read.
pub struct Row {
    pub number: u64,
    pub submit_s: f64,
    /// Field 3; -1 when unknown.
    pub wait_s: f64,
    pub run_s: f64,
    /// Field 5, else field 8 when 5 is unknown.
    pub procs: i64,
    /// Field 11.
    pub status: i64,
    pub user: i64,
    pub group: i64,
    /// Field 14, the executable (application) number.
    pub application: i64,
    pub queue: i64,
}

pub fn parse(text: &str) -> Result<Row, RowError> {
    let mut f = [""; 18];
    let mut count = 0;
    for (i, field) in text.split_whitespace().enumerate() {
        if let Some(slot) = f.get_mut(i) {
            *slot = field;
        }
        count = i + 1;
    }
    if count != 18 {
        return Err(RowError::Fields {
            expected: "the 18 SWF fields",
            found: count,
        });
    }
    // The column's name is only written out when its value is wrong (a log has millions of rows).
    let named = |i: usize, name: &str| format!("{} ({name})", i + 1);
    let int = |i: usize, name: &str| {
        f[i].parse::<i64>()
            .or_else(|_| table::number::<i64>(f[i], &named(i, name)))
    };
    let real = |i: usize, name: &str| match f[i].parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => table::real(f[i], &named(i, name)),
    };
    let allocated = int(4, "allocated processors")?;
    let requested = int(7, "requested processors")?;
    Ok(Row {
        number: f[0]
            .parse()
            .or_else(|_| table::number(f[0], "1 (job number)"))?,
        submit_s: real(1, "submit time")?,
        wait_s: real(2, "wait time")?,
        run_s: real(3, "run time")?,
        procs: if allocated > 0 { allocated } else { requested },
        status: int(10, "status")?,
        user: int(11, "user id")?,
        group: int(12, "group id")?,
        application: int(13, "executable number")?,
        queue: int(14, "queue")?,
    })
}

impl Row {
    /// How the job ended, in the result's words. SWF's status 1 is completed, 0 failed, 5
    /// cancelled; 2 to 4 are parts of a checkpointed job (4: its last part failed), -1 unknown.
    /// An unknown status is taken as completed, since the job ran its run time (noted).
    pub fn ended(&self) -> ObservedStatus {
        match self.status {
            0 | 4 => ObservedStatus::Failed,
            5 => ObservedStatus::Cancelled,
            _ => ObservedStatus::Succeeded,
        }
    }

    /// The job's own ids, for its name: "user 12, group 1" (those the log records).
    pub fn ids(&self) -> String {
        [
            ("user", self.user),
            ("group", self.group),
            ("application", self.application),
            ("queue", self.queue),
        ]
        .iter()
        .filter(|(_, id)| *id >= 0)
        .map(|(word, id)| format!("{word} {id}"))
        .collect::<Vec<_>>()
        .join(", ")
    }
}
