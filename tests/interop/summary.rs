//! What a trace import tells before and after a run: the preview's capacity beside the trace's
//! own waits, with a capacity warning in sight rather than among the collapsed notes
//! (docs/TRACES.md, "Capacity"), and the calibration table's measures in the unit that keeps
//! two significant digits, per team and for all jobs (docs/TRACES.md, "The model's gap").

use crate::dialogs::{pick, wait_for};
use crate::support::{default_scenario, mount_app};
use leptos::prelude::*;
use quotalab_app::components::dialogs::Dialogs;
use quotalab_app::results::calibration::{rows, COLUMNS};
use quotalab_app::state::Dialog;
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_interop::traces::{swf, ImportOptions, TraceFile};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// Two groups without `MaxProcs`: job 1 waits 30 s then runs 1 h on 2 processors, job 2 starts
/// at once and runs 30 min on 2. Observed waits 0 s and 30 s; at most 4 processors at once.
const LOG: &str = "1 0 30 3600 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n\
    2 60 0 1800 2 -1 -1 2 -1 -1 1 2 2 -1 -1 -1 -1 -1\n";

#[wasm_bindgen_test]
async fn the_preview_shows_the_capacity_beside_the_waits_and_its_warning_in_sight() {
    quotalab_app::interop::client::answer_in_page(quotalab_app::interop::protocol::serve);
    let (state, root) = mount_app(default_scenario(), || view! { <Dialogs /> });
    state.screen.dialog.set(Some(Dialog::TraceImport));
    let input: web_sys::HtmlInputElement = wait_for(&root, "[data-testid=trace-files]")
        .await
        .unchecked_into();
    pick(&input, &[("two.swf", LOG)]);
    let waits = wait_for(&root, "[data-testid=trace-waits]")
        .await
        .text_content()
        .unwrap();
    assert_eq!(
        waits,
        "Capacity: 4 \u{d7} ml.g5.xlarge (the most processors the trace shows in use at once). \
         Observed waits: 1 of 2 jobs waited; p50 0 s, p90 30 s, mean 15 s, longest 30 s."
    );
    let warning = wait_for(&root, "[data-testid=trace-capacity-warning]").await;
    let text = warning.text_content().unwrap();
    assert!(
        text.starts_with("Capacity is the peak of 4 processors in use at once"),
        "{text}"
    );
    assert!(text.contains("--capacity"), "{text}");
    assert!(
        warning.closest("details").unwrap().is_none(),
        "seen without opening the notes"
    );
    root.remove();
}

#[wasm_bindgen_test]
fn the_calibration_table_has_every_measure_per_team_and_for_all_jobs() {
    let file = [TraceFile {
        name: "two.swf",
        text: LOG,
    }];
    let imported = swf::import(&file, &ImportOptions::default()).unwrap();
    let calibration = quotalab_engine::simulate(&imported.scenario)
        .calibration
        .expect("observed jobs");
    let rows = rows(&calibration);
    let teams: Vec<&str> = rows.iter().map(|r| r.team.as_str()).collect();
    assert_eq!(teams, ["group-1", "group-2", ALL_JOBS]);
    let all = rows.last().unwrap();
    assert!(all.all_jobs && all.jobs == 2);
    assert_eq!(all.cells.len(), COLUMNS.len());
    let observed: Vec<&str> = all.cells.iter().map(|c| c.0.as_str()).collect();
    // Waits 0 s and 30 s; completions 30 min and 1 h 30 s, nearest rank.
    assert_eq!(
        observed,
        ["0 s", "30 s", "15 s", "30 min", "1 h", "0", "0%"]
    );
    // On the 4 processors the trace held at most, nothing waits in the simulation.
    assert_eq!(all.cells[0].1, "0 s");
    assert_eq!(all.cells[2].1, "0 s");
    assert_eq!(rows[0].cells[1], ("30 s".to_string(), "0 s".to_string()));
}
