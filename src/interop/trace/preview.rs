//! What a trace upload would do, worked out before anything changes: the format (guessed from the
//! files' extensions, or chosen), the import run with the user's options, and either the scenario
//! it makes (jobs and shares) with its bad rows, or a message saying why nothing can be imported.
//!
//! Bad rows follow the CLI exactly. The preview always imports with `keep_going`, so it can list
//! every bad row with its line; without "Skip bad rows" the import cannot be applied and the
//! message names the first bad row, the one `quotalab import` without `--keep-going` stops at
//! (the crate reads rows in the same order either way; a test pins that).

use super::form::TraceForm;
use quotalab_engine::format::pieces::Source;
use quotalab_engine::Scenario;
use quotalab_interop::traces::{self, BadRow, ImportError, ImportReport, TraceFile, TraceFormat};
use serde::{Deserialize, Serialize};

/// One picked file, read into memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadedFile {
    pub name: String,
    pub text: String,
}

/// Bad rows listed one by one; the rest are counted.
pub const BAD_ROWS_LISTED: usize = 20;

pub const FORMATS: [TraceFormat; 3] = [TraceFormat::Philly, TraceFormat::Alibaba, TraceFormat::Swf];

/// How the format is called in the app and in `quotalab import`.
pub fn format_label(format: TraceFormat) -> &'static str {
    match format {
        TraceFormat::Philly => "Philly per-VC job lists (.trace + gavel_isolated_throughputs.csv)",
        TraceFormat::Alibaba => "Alibaba 2023 GPU pod list (+ node list)",
        TraceFormat::Swf => "Standard Workload Format log (.swf)",
    }
}

/// The format whose file extensions (the crate's own lists) cover every file, the most specific
/// one when several do (CSV files alone are Alibaba's; Philly needs its `.trace` files). `None`
/// when no format reads all of them: the user picks.
pub fn guess_format(names: &[String]) -> Option<TraceFormat> {
    let extension = |name: &String| {
        name.rsplit_once('.')
            .map(|(_, x)| x.to_ascii_lowercase())
            .unwrap_or_default()
    };
    FORMATS
        .into_iter()
        .filter(|f| {
            !names.is_empty()
                && names
                    .iter()
                    .all(|n| f.extensions().contains(&extension(n).as_str()))
        })
        .min_by_key(|f| f.extensions().len())
}

/// The words "trace <file name>" for `Editor::open`: the main file of the format (a `.trace`,
/// the CSV, the `.swf`), and how many others came with it.
pub fn origin(format: TraceFormat, files: &[LoadedFile]) -> String {
    let main_extension = format!(".{}", format.extensions()[0]);
    let main = files
        .iter()
        .find(|f| f.name.to_ascii_lowercase().ends_with(&main_extension))
        .or(files.first())
        .map_or("", |f| f.name.as_str());
    match files.len() {
        0 | 1 => format!("trace {main}"),
        n => format!(
            "trace {main} and {}",
            quotalab_engine::result::numbers::counted(n as u64 - 1, "more file")
        ),
    }
}

/// What applying the upload would do.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Preview {
    /// Nothing can be imported; the message says why. The scenario on screen stays as it is.
    Failed(String),
    Ready {
        /// Crosses from the import worker after the reply's header, as its own JSON, not inside
        /// the header ([`Preview::take_scenario`], [`Preview::with_scenario_from`]), and is read
        /// on the page by the engine's scenario reader, as every scenario is
        /// (docs/PERFORMANCE.md, "A trace's preview after its header").
        #[serde(skip)]
        scenario: Box<Scenario>,
        report: ImportReport,
        /// Bad rows were found and the user did not choose to skip them: the message names the
        /// first, and Apply waits for "Skip bad rows".
        blocked: Option<String>,
    },
}

/// A preview and how long the import took, in milliseconds on this machine.
#[derive(Debug, Clone)]
pub struct Timed {
    pub preview: Preview,
    pub import_ms: f64,
    pub read_ms: f64,
}

impl Preview {
    /// Imports `files` as `format` with the form's options.
    pub fn of(format: TraceFormat, files: &[LoadedFile], form: &TraceForm) -> Preview {
        if files.is_empty() {
            return Preview::Failed("Pick one or more trace files.".into());
        }
        if let Some(empty) = files.iter().find(|f| f.text.trim().is_empty()) {
            return Preview::Failed(format!(
                "\u{201c}{}\u{201d} is empty: there is nothing to import.",
                empty.name
            ));
        }
        let mut options = match form.options(format) {
            Ok(options) => options,
            Err(wrong) => return Preview::Failed(wrong.to_string()),
        };
        let trace_files: Vec<TraceFile> = files
            .iter()
            .map(|f| TraceFile {
                name: &f.name,
                text: &f.text,
            })
            .collect();
        options.keep_going = true;
        match traces::import(format, &trace_files, &options) {
            Ok(imported) => {
                let blocked = imported
                    .report
                    .bad_rows
                    .first()
                    .filter(|_| !form.skip_bad_rows)
                    .map(stops_at);
                Preview::Ready {
                    scenario: Box::new(imported.scenario),
                    report: imported.report,
                    blocked,
                }
            }
            Err(ImportError::Empty(why)) => {
                // Every row was bad, or outside the window: name the first bad row, if any.
                options.keep_going = false;
                let first = match traces::import(format, &trace_files, &options) {
                    Err(ImportError::BadRow(row)) => format!(" The first bad row: {row}."),
                    _ => String::new(),
                };
                Preview::Failed(format!("No jobs left to import: {why}.{first}"))
            }
            Err(other) => Preview::Failed(format!(
                "These files cannot be imported as {}: {other}.",
                format_label(format)
            )),
        }
    }

    /// The scenario this preview would open, taken out of it to be sent after the reply's
    /// header; `None` when nothing can be imported.
    pub fn take_scenario(&mut self) -> Option<Scenario> {
        match self {
            Preview::Ready { scenario, .. } => Some(std::mem::take(&mut **scenario)),
            Preview::Failed(_) => None,
        }
    }

    /// This preview as the page receives it: its scenario read from `body`, the JSON that
    /// followed the reply's header, a piece at a time where it lies (`Scenario::read`). A body
    /// that is not the scenario (a page and a worker of different builds) fails the preview
    /// with the reader's message.
    pub fn with_scenario_from(self, body: &(impl Source + ?Sized)) -> Preview {
        let Preview::Ready {
            report, blocked, ..
        } = self
        else {
            return self;
        };
        match Scenario::read(body) {
            Ok(scenario) => Preview::Ready {
                scenario: Box::new(scenario),
                report,
                blocked,
            },
            Err(why) => Preview::Failed(format!(
                "The import worker's scenario could not be read ({why}); reload the page."
            )),
        }
    }
}

fn stops_at(row: &BadRow) -> String {
    format!(
        "The import stops at the first bad row, {row} (as `quotalab import` does without --keep-going). Tick \u{201c}Skip bad rows\u{201d} to import the other rows."
    )
}

/// One share of the scenario an upload makes, for the preview table.
#[derive(Debug, Clone, PartialEq)]
pub struct ShareLine {
    pub name: String,
    /// `2 × ml.p3.2xlarge, 2 × ml.p2.xlarge`
    pub limits: String,
    pub jobs: usize,
}

/// The on-demand capacity at time 0 in words: `2 × ml.p3.2xlarge, 2 × ml.p2.xlarge`.
pub fn capacity_line(scenario: &Scenario) -> String {
    scenario
        .capacity
        .iter()
        .map(|c| format!("{} \u{d7} {}", c.count, c.instance_type))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn share_lines(scenario: &Scenario) -> Vec<ShareLine> {
    scenario
        .quota_shares
        .iter()
        .map(|share| ShareLine {
            name: share.name.clone(),
            limits: share
                .capacity_limits
                .iter()
                .map(|l| format!("{} \u{d7} {}", l.max_capacity, l.instance_type))
                .collect::<Vec<_>>()
                .join(", "),
            jobs: scenario
                .jobs
                .iter()
                .filter(|j| j.share.as_deref() == Some(share.name.as_str()))
                .count(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SWF: &str = "; MaxProcs: 8\n\
        1 0 0 3600 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n\
        2 60 0 oops 2 -1 -1 2 -1 -1 1 1 2 -1 -1 -1 -1 -1\n\
        3 120 0 7200 4 -1 -1 4 -1 -1 1 2 2 -1 -1 -1 -1 -1\n";

    fn files(text: &str) -> Vec<LoadedFile> {
        vec![LoadedFile {
            name: "log.swf".into(),
            text: text.into(),
        }]
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_format_follows_the_extensions() {
        let philly = names(&["ee9e8c.trace", "gavel_isolated_throughputs.csv"]);
        assert_eq!(guess_format(&philly), Some(TraceFormat::Philly));
        let alibaba = names(&["openb_pod_list_default.csv", "openb_node_list_gpu_node.csv"]);
        assert_eq!(guess_format(&alibaba), Some(TraceFormat::Alibaba));
        assert_eq!(guess_format(&names(&["NASA.SWF"])), Some(TraceFormat::Swf));
        assert_eq!(guess_format(&names(&["a.swf", "b.trace"])), None);
        assert_eq!(guess_format(&names(&["notes.txt"])), None);
        assert_eq!(guess_format(&[]), None);
    }

    #[test]
    fn bad_rows_block_until_skipped_and_name_the_clis_first_row() {
        let mut form = TraceForm::default();
        let Preview::Ready {
            report, blocked, ..
        } = Preview::of(TraceFormat::Swf, &files(SWF), &form)
        else {
            panic!("the good rows import")
        };
        assert_eq!(report.bad_rows.len(), 1);
        assert_eq!(report.bad_rows[0].line, 3);
        let message = blocked.expect("blocked without Skip bad rows");
        // The CLI without --keep-going fails at exactly this row.
        let cli = traces::import(
            TraceFormat::Swf,
            &[TraceFile {
                name: "log.swf",
                text: SWF,
            }],
            &Default::default(),
        )
        .unwrap_err();
        assert!(message.contains(&cli.to_string()), "{message} vs {cli}");

        form.skip_bad_rows = true;
        let Preview::Ready {
            scenario, blocked, ..
        } = Preview::of(TraceFormat::Swf, &files(SWF), &form)
        else {
            panic!("imports")
        };
        assert_eq!(blocked, None);
        assert_eq!(scenario.jobs.len(), 2);
        let lines = share_lines(&scenario);
        assert_eq!(lines.iter().map(|l| l.jobs).sum::<usize>(), 2);
        assert!(lines[0].limits.contains("ml.g5.xlarge"), "{lines:?}");
    }

    #[test]
    fn nothing_importable_says_why() {
        let form = TraceForm::default();
        let failed = |p: Preview| match p {
            Preview::Failed(message) => message,
            Preview::Ready { .. } => panic!("should fail"),
        };
        assert!(failed(Preview::of(TraceFormat::Swf, &files("  \n"), &form)).contains("is empty"));
        let all_bad = failed(Preview::of(
            TraceFormat::Swf,
            &files("a b c\nd e f\n"),
            &form,
        ));
        assert!(all_bad.contains("No jobs left"), "{all_bad}");
        assert!(all_bad.contains("log.swf:1"), "{all_bad}");
        let wrong = failed(Preview::of(TraceFormat::Alibaba, &files(SWF), &form));
        assert!(wrong.contains("cannot be imported as Alibaba"), "{wrong}");
        assert!(failed(Preview::of(TraceFormat::Swf, &[], &form)).contains("Pick"));
    }

    #[test]
    fn the_origin_names_the_main_file() {
        let f = |name: &str| LoadedFile {
            name: name.into(),
            text: String::new(),
        };
        let picked = [f("gavel_isolated_throughputs.csv"), f("ee9e8c.trace")];
        assert_eq!(
            origin(TraceFormat::Philly, &picked),
            "trace ee9e8c.trace and 1 more file"
        );
        assert_eq!(origin(TraceFormat::Swf, &[f("x.swf")]), "trace x.swf");
    }
}
