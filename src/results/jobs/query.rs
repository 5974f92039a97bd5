//! What the jobs table shows: filters by share, status and mix, a sort column, and a page.
//! Plain data and functions over the job columns (`quotalab_engine::result::columns`), so the
//! rules are testable without a browser, and a million jobs sort without a record per job.

use quotalab_engine::result::columns::JobColumns;
use quotalab_engine::result::Status;
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

    /// The order of jobs `a` and `b` by this column; an absent number sorts last, a job that
    /// never started first by entry.
    fn compare(self, jobs: &JobColumns, a: usize, b: usize) -> Ordering {
        let num = |column: &[f64]| {
            let last = |x: f64| if x.is_nan() { f64::INFINITY } else { x };
            last(column[a]).total_cmp(&last(column[b]))
        };
        match self {
            Column::Name => jobs.name(a).cmp(&jobs.name(b)),
            Column::Share => jobs.share_name(a).cmp(&jobs.share_name(b)),
            // By the word, as the column reads.
            Column::Status => jobs.status(a).as_str().cmp(jobs.status(b).as_str()),
            Column::Submit => num(&jobs.submit_h),
            Column::Wait => num(&jobs.wait_h),
            Column::Completion => num(&jobs.completion_h),
            // "None" is u32::MAX, so one more wraps it to 0, before every entry.
            Column::Entry => jobs.preference[a]
                .wrapping_add(1)
                .cmp(&jobs.preference[b].wrapping_add(1)),
            Column::Preemptions => {
                let stops = |j: usize| jobs.preemptions[j] + jobs.interruptions[j];
                stops(a).cmp(&stops(b))
            }
            Column::Cost => num(&jobs.cost),
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
    pub fn apply(&self, jobs: &JobColumns) -> Vec<usize> {
        let pass = |filter: &str, value: Option<&str>| filter.is_empty() || value == Some(filter);
        let mut rows: Vec<usize> = (0..jobs.len())
            .filter(|&j| {
                pass(&self.share, jobs.share_name(j))
                    && self.status.is_none_or(|s| s == jobs.status(j))
                    && pass(&self.mix, jobs.mix_name(j))
            })
            .collect();
        rows.sort_by(|&a, &b| {
            let order = self.sort.compare(jobs, a, b);
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
pub fn distinct<'c>(
    jobs: &'c JobColumns,
    field: impl Fn(&'c JobColumns, usize) -> Option<&'c str>,
) -> Vec<String> {
    let mut values: Vec<&str> = Vec::new();
    for j in 0..jobs.len() {
        if let Some(value) = field(jobs, j) {
            // Few distinct values: a sorted list beats hashing a million names.
            if let Err(at) = values.binary_search(&value) {
                values.insert(at, value);
            }
        }
    }
    values.into_iter().map(str::to_owned).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::{simulate, Scenario};

    fn jobs() -> JobColumns {
        let scenario =
            Scenario::from_json(include_str!("../../../scenarios/default.json")).unwrap();
        JobColumns::of(&simulate(&scenario))
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
        assert!(rows.iter().all(|&j| jobs.share_name(j) == Some("medium")));
        let all = Query::default().apply(&jobs).len();
        assert!(rows.len() < all, "{} of {all}", rows.len());
    }

    #[test]
    fn clicking_a_header_twice_reverses_the_order() {
        let jobs = jobs();
        let by_wait = Query::default().sorted_by(Column::Wait);
        let rows = by_wait.apply(&jobs);
        assert!(rows
            .windows(2)
            .all(|w| jobs.wait_h[w[0]] <= jobs.wait_h[w[1]]));
        let reversed = by_wait.sorted_by(Column::Wait).apply(&jobs);
        assert!(reversed
            .windows(2)
            .all(|w| jobs.wait_h[w[0]] >= jobs.wait_h[w[1]]));
    }

    #[test]
    fn a_filter_offers_each_value_once_in_order() {
        let jobs = jobs();
        let shares = distinct(&jobs, JobColumns::share_name);
        assert_eq!(shares, ["background", "medium", "protected"]);
    }
}
