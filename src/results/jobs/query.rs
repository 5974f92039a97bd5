//! What the jobs table shows: filters by share, status and mix, a sort column, and a page.
//! Plain data and functions, so the rules are testable without a browser.

use quotalab_engine::result::{JobResult, Status};
use std::cmp::Ordering;

pub const PAGE_SIZE: usize = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Name,
    Share,
    Status,
    Submit,
    Wait,
    Completion,
    Entry,
    Preemptions,
    Cost,
}

impl Column {
    pub const ALL: [Column; 9] = [
        Column::Name,
        Column::Share,
        Column::Status,
        Column::Submit,
        Column::Wait,
        Column::Completion,
        Column::Entry,
        Column::Preemptions,
        Column::Cost,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Column::Name => "job",
            Column::Share => "share",
            Column::Status => "status",
            Column::Submit => "submitted",
            Column::Wait => "waited",
            Column::Completion => "completion",
            Column::Entry => "entry got",
            Column::Preemptions => "preempted",
            Column::Cost => "cost",
        }
    }

    fn compare(self, a: &JobResult, b: &JobResult) -> Ordering {
        let num = |x: Option<f64>, y: Option<f64>| {
            x.unwrap_or(f64::INFINITY)
                .total_cmp(&y.unwrap_or(f64::INFINITY))
        };
        match self {
            Column::Name => a.name.cmp(&b.name),
            Column::Share => a.share.cmp(&b.share),
            // By the word, as the column reads.
            Column::Status => a.status.as_str().cmp(b.status.as_str()),
            Column::Submit => a.submit_h.total_cmp(&b.submit_h),
            Column::Wait => a.wait_h.total_cmp(&b.wait_h),
            Column::Completion => num(a.completion_h, b.completion_h),
            Column::Entry => a
                .selected
                .as_ref()
                .map(|s| s.preference)
                .cmp(&b.selected.as_ref().map(|s| s.preference)),
            Column::Preemptions => {
                (a.preemptions + a.interruptions).cmp(&(b.preemptions + b.interruptions))
            }
            Column::Cost => a.cost.total_cmp(&b.cost),
        }
    }
}

/// The table's filters and order. An empty filter lets everything through.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub share: String,
    /// `None`: every status.
    pub status: Option<Status>,
    pub mix: String,
    pub sort: Column,
    pub descending: bool,
    pub page: usize,
}

impl Default for Query {
    fn default() -> Self {
        Query {
            share: String::new(),
            status: None,
            mix: String::new(),
            sort: Column::Submit,
            descending: false,
            page: 0,
        }
    }
}

impl Query {
    /// The indices of the jobs that pass the filters, in order (scenario order breaks ties).
    pub fn apply(&self, jobs: &[JobResult]) -> Vec<usize> {
        let pass = |filter: &str, value: Option<&str>| filter.is_empty() || value == Some(filter);
        let mut rows: Vec<usize> = (0..jobs.len())
            .filter(|&i| {
                let j = &jobs[i];
                pass(&self.share, j.share.as_deref())
                    && self.status.is_none_or(|s| s == j.status)
                    && pass(&self.mix, j.mix.as_deref())
            })
            .collect();
        rows.sort_by(|&a, &b| {
            let order = self.sort.compare(&jobs[a], &jobs[b]);
            if self.descending {
                order.reverse()
            } else {
                order
            }
        });
        rows
    }

    /// Clicking a header sorts by it, and clicking it again reverses the order.
    pub fn sorted_by(&self, column: Column) -> Query {
        let descending = self.sort == column && !self.descending;
        Query {
            sort: column,
            descending,
            page: 0,
            ..self.clone()
        }
    }
}

/// The distinct values of one field, sorted, for a filter's options.
pub fn distinct<'r>(
    jobs: &'r [JobResult],
    field: impl Fn(&'r JobResult) -> Option<&'r str>,
) -> Vec<String> {
    let mut values: Vec<String> = jobs.iter().filter_map(field).map(str::to_owned).collect();
    values.sort();
    values.dedup();
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::{simulate, Scenario};

    fn jobs() -> Vec<JobResult> {
        let scenario =
            Scenario::from_json(include_str!("../../../scenarios/default.json")).unwrap();
        simulate(&scenario).jobs
    }

    #[test]
    fn filters_keep_only_matching_jobs() {
        let jobs = jobs();
        let query = Query {
            share: "medium".into(),
            ..Query::default()
        };
        let rows = query.apply(&jobs);
        assert!(!rows.is_empty());
        assert!(rows
            .iter()
            .all(|&i| jobs[i].share.as_deref() == Some("medium")));
    }

    #[test]
    fn clicking_a_header_twice_reverses_the_order() {
        let jobs = jobs();
        let by_wait = Query::default().sorted_by(Column::Wait);
        let rows = by_wait.apply(&jobs);
        assert!(rows
            .windows(2)
            .all(|w| jobs[w[0]].wait_h <= jobs[w[1]].wait_h));
        let reversed = by_wait.sorted_by(Column::Wait).apply(&jobs);
        assert!(reversed
            .windows(2)
            .all(|w| jobs[w[0]].wait_h >= jobs[w[1]].wait_h));
    }
}
