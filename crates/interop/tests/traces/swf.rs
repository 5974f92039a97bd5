//! SWF import: the machine's size when the header does not state it, and logs too large to be
//! one scenario.

use quotalab_interop::traces::{swf, CapacityGiven, ImportError, ImportOptions, TraceFile};

/// An SWF job line: number, submit, wait, run time, processors, group.
fn row(number: u64, submit_s: u64, wait_s: i64, run_s: u64, procs: u32, group: u32) -> String {
    format!("{number} {submit_s} {wait_s} {run_s} {procs} -1 -1 {procs} -1 -1 1 7 {group} -1 -1 -1 -1 -1\n")
}

fn import(
    text: &str,
    options: &ImportOptions,
) -> Result<quotalab_interop::traces::ImportedTrace, ImportError> {
    swf::import(
        &[TraceFile {
            name: "log.swf",
            text,
        }],
        options,
    )
}

/// Three jobs: 100 processors from 0 to 1 h; 127 from 0.5 h (submitted at 0, waited 30 min)
/// to 2.5 h; 90 from 1 h. At most 227 run at once (0.5 h to 1 h); the largest job has 127.
fn log_without_max_procs() -> String {
    row(1, 0, 0, 3600, 100, 1) + &row(2, 0, 1800, 7200, 127, 2) + &row(3, 3600, -1, 3600, 90, 1)
}

#[test]
fn without_max_procs_capacity_is_the_observed_peak() {
    let imported = import(&log_without_max_procs(), &ImportOptions::default()).unwrap();
    assert_eq!(imported.scenario.capacity[0].count, 227);
    let shares: u32 = imported
        .scenario
        .quota_shares
        .iter()
        .map(|s| s.capacity_limits[0].max_capacity)
        .sum();
    assert_eq!(shares, 227);
    let warning = imported.report.capacity_warning.as_deref().unwrap_or("");
    assert!(
        warning.contains("no MaxProcs") && warning.contains("227 processors"),
        "{warning}"
    );
}

#[test]
fn capacity_given_by_the_user_wins() {
    let options = ImportOptions {
        capacity: Some(CapacityGiven::Accelerators(300)),
        ..Default::default()
    };
    let with_header = format!("; MaxProcs: 128\n{}", log_without_max_procs());
    for text in [log_without_max_procs(), with_header] {
        assert_eq!(
            import(&text, &options).unwrap().scenario.capacity[0].count,
            300
        );
    }
}

#[test]
fn a_stated_max_procs_is_the_capacity() {
    let text = format!("; MaxProcs: 256\n{}", log_without_max_procs());
    assert_eq!(
        import(&text, &ImportOptions::default())
            .unwrap()
            .scenario
            .capacity[0]
            .count,
        256
    );
}

#[test]
fn a_log_too_large_for_one_scenario_is_refused_with_a_way_out() {
    let rows = 1_200_000u64;
    let mut text = String::with_capacity(rows as usize * 48);
    text.push_str("; MaxProcs: 1024\n");
    for n in 1..=rows {
        text.push_str(&row(n, n * 10, 0, 600, 1 + (n % 8) as u32, (n % 3) as u32));
    }
    let Err(err) = import(&text, &ImportOptions::default()) else {
        panic!("a log of {rows} rows was imported as one scenario");
    };
    let message = err.to_string();
    assert!(
        matches!(err, ImportError::TooLarge { bytes, .. } if bytes > 256 << 20),
        "{message}"
    );
    assert!(
        message.contains("--sample") && message.contains("--from-h"),
        "{message}"
    );
}

/// The capacity warning, when it has `words`.
fn warning_with(imported: &quotalab_interop::traces::ImportedTrace, words: &str) -> Vec<String> {
    let warning = imported.report.capacity_warning.iter();
    warning.filter(|n| n.contains(words)).cloned().collect()
}

fn notes_with(imported: &quotalab_interop::traces::ImportedTrace, words: &str) -> Vec<String> {
    let notes = &imported.report.notes;
    notes
        .iter()
        .filter(|n| n.contains(words))
        .cloned()
        .collect()
}

/// A capacity at least twice what the jobs held at once (227 processors, from the logged starts
/// and run times) says the simulation will hardly contend, and what to try; the header's, or
/// one given, alike. The observed peak itself has its own note, not this one.
#[test]
fn a_capacity_far_above_what_the_jobs_held_is_noted() {
    let far = "times the most the imported jobs ever held at once";
    let stated = |procs: u32| format!("; MaxProcs: {procs}\n{}", log_without_max_procs());
    let imported = import(&stated(1024), &ImportOptions::default()).unwrap();
    let notes = warning_with(&imported, far);
    assert_eq!(notes.len(), 1, "{:?}", imported.report.notes);
    // A warning beside the capacity, not one of the notes.
    assert!(notes_with(&imported, far).is_empty());
    assert!(
        notes[0].starts_with("capacity is 1,024 accelerators, 4 times the most"),
        "{}",
        notes[0]
    );
    assert!(notes[0].contains("(227)") && notes[0].contains("simulated waits near 0"));
    assert!(notes[0].ends_with("--capacity 227 is the most held at once"));
    // The waits the log records are quoted beside it: 1 of 2 jobs with a start waited.
    assert!(notes[0].contains("1 of 2 jobs waited"), "{}", notes[0]);
    let given = ImportOptions {
        capacity: Some(CapacityGiven::Accelerators(454)),
        ..Default::default()
    };
    let imported = import(&log_without_max_procs(), &given).unwrap();
    assert_eq!(warning_with(&imported, far).len(), 1);
    for (text, options) in [
        (stated(256), ImportOptions::default()),
        (log_without_max_procs(), ImportOptions::default()),
        (
            log_without_max_procs(),
            ImportOptions {
                capacity: Some(CapacityGiven::Accelerators(453)),
                ..Default::default()
            },
        ),
    ] {
        let imported = import(&text, &options).unwrap();
        assert!(
            warning_with(&imported, far).is_empty(),
            "{:?}",
            imported.report.capacity_warning
        );
    }
}

/// Jobs without a status (field 11 is -1) are counted among those imported, not the whole log.
#[test]
fn jobs_without_a_status_are_counted_in_the_window() {
    let unknown = |n: u64, submit_s: u64| {
        format!("{n} {submit_s} 0 600 4 -1 -1 4 -1 -1 -1 7 1 -1 -1 -1 -1 -1\n")
    };
    let text = unknown(1, 0) + &unknown(2, 3600) + &unknown(3, 7200);
    let count = |options: &ImportOptions| {
        let imported = import(&text, options).unwrap();
        notes_with(&imported, "jobs without a status (field 11 is -1): ")[0].clone()
    };
    assert!(count(&ImportOptions::default()).contains("-1): 3;"));
    let window = ImportOptions {
        to_h: Some(1.5),
        ..Default::default()
    };
    assert!(count(&window).contains("-1): 2;"), "{}", count(&window));
}

/// An import that keeps no job names the options that chose which jobs to keep.
#[test]
fn no_jobs_left_names_the_options_that_keep_them() {
    let late = ImportOptions {
        from_h: Some(100.0),
        ..Default::default()
    };
    let err = import(&log_without_max_procs(), &late).unwrap_err();
    assert!(matches!(err, ImportError::Empty(_)), "{err}");
    let message = err.to_string();
    for flag in ["--from-h/--to-h", "--sample", "--fraction"] {
        assert!(message.contains(flag), "{flag}: {message}");
    }
}
