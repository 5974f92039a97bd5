//! The Standard Workload Format of the Parallel Workloads Archive: one job per line, 18
//! whitespace-separated fields, `;` header comments (for example
//! `data/traces/swf-synthetic/synthetic.swf`).
//!
//! Mapping (docs/TRACES.md, "SWF"): submit time (field 2) and run time (field 4) give the job;
//! its processors (field 5, else field 8) become accelerators of the catalog's `processor` type;
//! the queue (field 15), group (13) or hashed user (12) becomes the share. Capacity is the header's
//! `MaxProcs`, else the peak of processors the log shows in use at once (`swf_capacity.rs`), unless
//! the user gives it; it is split among the shares in proportion to their processor-seconds.

use super::options::{fnv1a, ImportOptions, ShareBy};
use super::report::{ImportError, ImportReport};
use super::swf_capacity as capacity;
use super::table;
use super::{
    assemble, job, open_share, preference_list, split_by_weight, GpuCatalog, Imported, Parts,
    TraceFile,
};
use std::collections::BTreeMap;

/// Teams when sharing by user and the user does not say.
pub const DEFAULT_TEAMS: u32 = 4;

/// One SWF job line, read.
struct Row {
    number: u64,
    submit_s: f64,
    /// Field 3; -1 when unknown.
    wait_s: f64,
    run_s: f64,
    procs: i64,
    user: i64,
    group: i64,
    queue: i64,
}

fn parse_row(text: &str) -> Result<Row, String> {
    let mut f = [""; 18];
    let mut count = 0;
    for (i, field) in text.split_whitespace().enumerate() {
        if let Some(slot) = f.get_mut(i) {
            *slot = field;
        }
        count = i + 1;
    }
    if count != 18 {
        return Err(format!("expected the 18 SWF fields, found {count}"));
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
        user: int(11, "user id")?,
        group: int(12, "group id")?,
        queue: int(14, "queue")?,
    })
}

/// `; Key: value` from the header, as a number.
fn header_number(text: &str, key: &str) -> Option<u32> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix(';'))
        .filter_map(|l| l.trim().strip_prefix(key))
        .filter_map(|rest| rest.trim().strip_prefix(':'))
        .find_map(|v| v.trim().parse().ok())
}

/// Imports one or more SWF logs (their jobs together, as one workload).
pub fn import(files: &[TraceFile], options: &ImportOptions) -> Result<Imported, ImportError> {
    let mut report = ImportReport::default();
    let catalog = options
        .catalog
        .clone()
        .unwrap_or_else(GpuCatalog::swf_default);
    let instance_type = catalog
        .mappings
        .first()
        .map(|m| m.instance_type.clone())
        .ok_or_else(|| ImportError::Input("the catalog must map \"processor\" to an instance type, e.g. processor=ml.g5.xlarge".into()))?;
    let accelerators = catalog.accelerators(&instance_type);
    if files.is_empty() {
        return Err(ImportError::Input("no SWF file given".into()));
    }

    let mut rows = Vec::new();
    let stated: Option<Vec<u32>> = files
        .iter()
        .map(|f| header_number(f.text, "MaxProcs"))
        .collect();
    for file in files {
        for (line, text) in table::lines(file.text, Some(';')) {
            report.rows += 1;
            match parse_row(text) {
                Ok(row) => rows.push((file.name, line, row)),
                Err(message) => report.bad_row(options.keep_going, file.name, line, message)?,
            }
        }
    }
    let share_by = options.share_by.unwrap_or_else(|| {
        let queues: std::collections::HashSet<i64> =
            rows.iter().map(|r| r.2.queue).filter(|&q| q >= 0).collect();
        if queues.len() > 1 {
            ShareBy::Queue
        } else {
            ShareBy::Group
        }
    });
    let teams = options.teams.unwrap_or(DEFAULT_TEAMS).max(1);
    let share_of = |row: &Row| -> String {
        match share_by {
            ShareBy::Queue => format!("queue-{}", row.queue),
            ShareBy::Group => format!("group-{}", row.group),
            ShareBy::User => format!(
                "team-{}",
                fnv1a(row.user.to_string().as_bytes()) % u64::from(teams) + 1
            ),
        }
    };

    // Every job that ran, window and sampling aside: the machine's size is the whole log's.
    let spans: Vec<capacity::Span> = rows
        .iter()
        .filter(|(_, _, r)| r.run_s > 0.0 && r.procs > 0)
        .map(|(_, _, r)| capacity::Span {
            start_s: r.submit_s + r.wait_s.max(0.0),
            run_s: r.run_s,
            processors: u32::try_from(r.procs).unwrap_or(u32::MAX),
        })
        .collect();
    let mut sampler = options.sampler();
    let mut work: BTreeMap<String, f64> = BTreeMap::new();
    let mut jobs = Vec::new();
    let mut largest = 0u32;
    for (file, line, row) in rows {
        if row.run_s <= 0.0 {
            report.skip("no run time (field 4 is 0 or -1: cancelled or unknown)");
            continue;
        }
        if row.procs <= 0 {
            report.skip("no processor count (fields 5 and 8 are -1)");
            continue;
        }
        let submit_h = row.submit_s / 3600.0;
        if !options.in_window(submit_h) {
            report.skip("submitted outside the time window");
            continue;
        }
        if !sampler.keep(file, line) {
            report.skip("sampled out");
            continue;
        }
        let procs = u32::try_from(row.procs).unwrap_or(u32::MAX);
        largest = largest.max(procs);
        let share = share_of(&row);
        *work.entry(share.clone()).or_default() += row.run_s * f64::from(procs);
        let mut spec = job(
            format!("job-{}", row.number),
            share,
            table::hours(options.shift(submit_h) * 3600.0),
            table::duration_hours(row.run_s),
            0,
        );
        let (count, preferences) = preference_list(
            &[(instance_type.clone(), procs.div_ceil(accelerators), 0.0)],
            false,
        );
        spec.instance_count = count;
        spec.preferences = preferences;
        jobs.push(spec);
    }
    if work.len() > quotalab_engine::validate::MAX_SHARES {
        return Err(ImportError::Input(format!(
            "the log has {} distinct values for the share column; AWS allows at most 20 quota shares, so share by user with a team count",
            work.len()
        )));
    }
    let mut names = std::collections::HashSet::new();
    if !jobs.iter().all(|j| names.insert(j.name.clone())) {
        // Several logs number their jobs from 1: make the names unique by position.
        for (i, j) in jobs.iter_mut().enumerate() {
            j.name = format!("{}-{}", j.name, i + 1);
        }
    }
    let processors = match (options.capacity, stated) {
        (Some(given), _) => {
            report.note(format!("capacity {given} processors, as given"));
            given
        }
        (None, Some(stated)) => stated.iter().sum(),
        (None, None) => {
            let peak = capacity::observed_peak(&spans);
            report.note(format!(
                "the header states no MaxProcs: capacity is the peak of {peak} processors the log shows in use at once (each job from submit + wait for its run time); --capacity N sets it"
            ));
            peak
        }
    };
    let total = processors.max(largest).div_ceil(accelerators).max(1);
    let weights: Vec<f64> = work.values().copied().collect();
    let split = split_by_weight(total, &weights);
    let shares = work
        .keys()
        .zip(split)
        .map(|(name, n)| open_share(name.clone(), vec![(instance_type.clone(), n)], false))
        .collect();
    report.note(format!(
        "shares by {}; capacity {total} x {instance_type} (one accelerator per processor), split by each share's processor-seconds",
        match share_by { ShareBy::Queue => "queue (field 15)", ShareBy::Group => "group (field 13)", ShareBy::User => "user (field 12) hashed into teams" }
    ));
    jobs.sort_by(|a, b| {
        a.submit_h
            .total_cmp(&b.submit_h)
            .then_with(|| a.name.cmp(&b.name))
    });
    let parts = Parts {
        name: options.name.clone().unwrap_or_else(|| format!("SWF log: {}", files.iter().map(|f| f.name.rsplit(['/', '\\']).next().unwrap_or(f.name)).collect::<Vec<_>>().join(", "))),
        description: "Imported from a Standard Workload Format log (Parallel Workloads Archive). Processors are read as accelerators.".into(),
        seed: options.seed,
        instance_types: catalog.definitions_for([instance_type.as_str()]),
        capacity: vec![(instance_type.clone(), total)],
        shares,
        jobs,
    };
    assemble(parts, report)
}
