use super::*;
use crate::{simulate, Scenario};

/// A job that asks for more instances than the pool has, beside one that runs.
const NEVER_STARTED: &str = r#"{
  "version": 1, "name": "never started",
  "capacity": [ { "instance_type": "ml.g5.xlarge", "count": 1 } ],
  "jobs": [
    { "name": "J1", "submit_h": 0, "duration_h": 2, "instance_count": 1,
      "preferences": [ { "instance_type": "ml.g5.xlarge" } ] },
    { "name": "J2", "submit_h": 0, "duration_h": 2, "instance_count": 2,
      "preferences": [ { "instance_type": "ml.g5.xlarge" } ] }
  ]
}"#;

/// Bundled scenarios between them have shares and none, mixes, spot, plans, preemptions,
/// interruptions, unfinished and waiting jobs.
fn results() -> Vec<(&'static str, SimResult)> {
    [
        (
            "default",
            include_str!("../../../../../scenarios/default.json"),
        ),
        ("blank", include_str!("../../../../../scenarios/blank.json")),
        (
            "lend-and-borrow",
            include_str!("../../../../../scenarios/lend-and-borrow.json"),
        ),
        (
            "spot-vs-on-demand",
            include_str!("../../../../../scenarios/spot-vs-on-demand.json"),
        ),
        (
            "training-plan-fallback",
            include_str!("../../../../../scenarios/training-plan-fallback.json"),
        ),
        (
            "preference-stockout",
            include_str!("../../../../../scenarios/preference-stockout.json"),
        ),
        (
            "philly-trace",
            include_str!("../../../../../scenarios/philly-trace.json"),
        ),
    ]
    .into_iter()
    .chain([("never-started", NEVER_STARTED)])
    .map(|(name, text)| {
        let scenario = Scenario::from_json(text).expect("bundled scenarios are valid");
        (name, simulate(&scenario))
    })
    .collect()
}

#[test]
fn every_job_in_the_columns_is_the_job_of_the_result() {
    for (name, result) in results() {
        let columns = JobColumns::of(&result);
        assert_eq!(columns.len(), result.jobs.len(), "{name}");
        for (j, job) in result.jobs.iter().enumerate() {
            let row = columns.row(j);
            let at = format!("{name}, job {j} ({})", job.name);
            assert_eq!(row.name, job.name.as_str(), "{at}");
            assert_eq!(row.share, job.share.as_deref(), "{at}");
            assert_eq!(row.mix, job.mix.as_deref(), "{at}");
            assert_eq!(row.status, job.status, "{at}");
            assert_eq!(row.reason, job.reason, "{at}");
            assert_eq!(row.priority, job.priority, "{at}");
            assert_eq!(row.submit_h, job.submit_h, "{at}");
            assert_eq!(row.first_start_h, job.first_start_h, "{at}");
            assert_eq!(row.end_h, job.end_h, "{at}");
            assert_eq!(row.wait_h, job.wait_h, "{at}");
            assert_eq!(row.completion_h, job.completion_h, "{at}");
            let selected = job.selected.as_ref().map(|s| SelectedRow {
                preference: s.preference,
                instance_type: s.instance_type.as_str(),
                instance_count: s.instance_count,
                pool: s.pool,
            });
            assert_eq!(row.selected, selected, "{at}");
            assert_eq!(row.attempts, job.attempts.len(), "{at}");
            assert_eq!(row.preemptions, job.preemptions, "{at}");
            assert_eq!(row.interruptions, job.interruptions, "{at}");
            assert_eq!(row.lost_h, job.lost_h, "{at}");
            assert_eq!(row.lost_accelerator_h, job.lost_accelerator_h, "{at}");
            assert_eq!(row.cost, job.cost, "{at}");
            let attempts: Vec<AttemptRow> = job
                .attempts
                .iter()
                .map(|a| AttemptRow {
                    start_h: a.start_h,
                    end_h: a.end_h,
                    preference: a.preference,
                    outcome: a.outcome,
                })
                .collect();
            assert_eq!(columns.attempts(j).collect::<Vec<_>>(), attempts, "{at}");
            assert_eq!(
                columns.waited(j).collect::<Vec<_>>(),
                job.waited.iter().collect::<Vec<_>>(),
                "{at}"
            );
            assert_eq!(
                columns.find(&job.name),
                result.jobs.iter().position(|k| k.name == job.name)
            );
        }
    }
}

#[test]
fn the_bundled_scenarios_exercise_every_kind_of_column_value() {
    let all: Vec<JobColumns> = results().iter().map(|(_, r)| JobColumns::of(r)).collect();
    let any = |f: &dyn Fn(&JobColumns) -> bool| all.iter().any(f);
    assert!(any(&|c| c.share.contains(&NONE)), "a job without a share");
    assert!(
        any(&|c| c.preference.contains(&NONE)),
        "a job that never started"
    );
    assert!(
        any(&|c| c.reason.iter().any(|&r| r != NO_CODE)),
        "an end reason"
    );
    assert!(
        any(&|c| c.attempt_start_h.len() > c.len()),
        "a job with two attempts"
    );
    assert!(any(&|c| !c.wait_reason.is_empty()), "a job that waited");
    assert!(any(&|c| c.pool.contains(&2)), "a spot attempt");
    assert!(
        any(&|c| c.names.runs.count() > 0),
        "generated names in runs"
    );
    assert!(any(&|c| c.names.runs.texts() > 0), "names in text");
}

#[test]
fn the_bytes_read_back_as_the_same_columns() {
    for (name, result) in results() {
        let columns = JobColumns::of(&result);
        let bytes = columns.to_bytes();
        let read = JobColumns::from_bytes(&bytes).expect("reads back");
        assert_eq!(read.to_bytes(), bytes, "{name}");
        assert!(
            (0..read.len()).all(|j| read.row(j) == columns.row(j)),
            "{name}"
        );
    }
}

/// Gathers pieces handed over with their places into bytes of `len`, checking that each byte is
/// written exactly once and that no piece is longer than a piece may be.
struct Placed {
    bytes: Vec<u8>,
    written: Vec<u8>,
    pieces: usize,
}

impl Placed {
    fn new(len: usize) -> Placed {
        Placed {
            bytes: vec![0; len],
            written: vec![0; len],
            pieces: 0,
        }
    }

    fn put(&mut self, at: usize, piece: &[u8]) {
        assert!(!piece.is_empty() && piece.len() <= layout::PIECE_BYTES + 8);
        self.bytes[at..at + piece.len()].copy_from_slice(piece);
        self.written[at..at + piece.len()]
            .iter_mut()
            .for_each(|w| *w += 1);
        self.pieces += 1;
    }

    fn every_byte_once(&self) -> bool {
        self.written.iter().all(|&w| w == 1)
    }
}

fn with_large() -> Vec<(&'static str, SimResult)> {
    let large = crate::synthetic::scenario(20_000, 3);
    let mut all = results();
    all.push(("synthetic", simulate(&large)));
    all
}

#[test]
fn the_bytes_come_to_their_length_each_written_once_in_bounded_pieces() {
    for (name, result) in with_large() {
        let columns = JobColumns::of(&result);
        let mut placed = Placed::new(columns.byte_len());
        columns.write_at(&mut |at, piece| placed.put(at, piece));
        assert!(placed.every_byte_once(), "{name}");
        assert_eq!(placed.bytes, columns.to_bytes(), "{name}");
        let read = JobColumns::from_bytes(&placed.bytes).expect("the pieces read back");
        assert_eq!(read, columns, "{name}");
        if placed.bytes.len() > 2 * layout::PIECE_BYTES {
            assert!(placed.pieces > 2, "{name}: a large result comes in pieces");
        }
    }
}

#[test]
fn a_plan_writes_the_whole_columns_bytes_a_block_of_jobs_at_a_time() {
    for (name, result) in with_large() {
        let whole = JobColumns::of(&result).to_bytes();
        let mut plan = plan::ColumnsPlan::for_result(&result);
        result.jobs.iter().for_each(|job| plan.count(job));
        assert_eq!(plan.byte_len(), whole.len(), "{name}");
        for block_jobs in [0, 1, 7, 1_000, plan::BLOCK_JOBS] {
            let mut placed = Placed::new(whole.len());
            plan.write(result.jobs.iter().cloned(), block_jobs, &mut |at, piece| {
                placed.put(at, piece)
            });
            assert!(placed.every_byte_once(), "{name}, blocks of {block_jobs}");
            assert!(placed.bytes == whole, "{name}, blocks of {block_jobs}");
        }
    }
}

#[test]
fn the_writer_and_the_reader_take_the_columns_in_one_order() {
    assert_eq!(layout::column_names()[0], "name_ends");
    assert_eq!(layout::column_names()[1..], codec::reader_column_names());
}

/// A source that copies what it is asked for, as the page's reader of a posted buffer does, and
/// remembers the largest request.
struct Copying<'b> {
    rest: &'b [u8],
    largest: usize,
}

impl codec::ColumnSource for Copying<'_> {
    fn remaining(&self) -> usize {
        self.rest.len()
    }

    fn next(&mut self, len: usize) -> std::borrow::Cow<'_, [u8]> {
        self.largest = self.largest.max(len);
        let (taken, rest) = self.rest.split_at(len);
        self.rest = rest;
        std::borrow::Cow::Owned(taken.to_vec())
    }
}

#[test]
fn a_source_that_copies_reads_the_same_columns_a_column_at_a_time() {
    for (name, result) in results() {
        let columns = JobColumns::of(&result);
        let bytes = columns.to_bytes();
        let mut source = Copying {
            rest: &bytes,
            largest: 0,
        };
        let read = JobColumns::read_from(&mut source).expect("reads back");
        assert_eq!(read.to_bytes(), bytes, "{name}");
        // The largest request is one column (a job's f64s, an attempt's, the joined names or the
        // name runs) or a count, never the whole.
        let widest_column = (columns.len() * 8)
            .max(columns.attempt_start_h.len() * 8)
            .max(columns.names.text.len())
            .max(columns.names.runs.count() * 16)
            .max(4);
        assert!(
            source.largest <= widest_column,
            "{name}: asked for {} of {} bytes at once",
            source.largest,
            bytes.len()
        );
    }
}

#[test]
fn damaged_bytes_are_an_error_not_a_panic() {
    let (_, result) = results().swap_remove(0);
    let bytes = JobColumns::of(&result).to_bytes();
    assert_eq!(
        JobColumns::from_bytes(b"JSON"),
        Err(codec::ColumnsError::NotColumns)
    );
    for cut in (0..bytes.len()).step_by(7) {
        assert!(
            JobColumns::from_bytes(&bytes[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        JobColumns::from_bytes(&longer),
        Err(codec::ColumnsError::Trailing)
    );
    // A share index past the share names: every byte of the first job's share set to 0x7f.
    let mut columns = JobColumns::of(&result);
    columns.share[0] = 0x7f7f_7f7f;
    assert_eq!(
        JobColumns::from_bytes(&columns.to_bytes()),
        Err(codec::ColumnsError::Ragged)
    );
}
