//! The app's side of quotalab-interop in a real browser: the "Import trace…" dialog reads picked
//! files, previews jobs, shares and bad rows with their lines, waits for "Skip bad rows" and
//! applies through `Editor::open` (one Undo away); the agreement report renders each share
//! from the crate's model, says when results are not ready, and keeps user-typed names as text.

use crate::support::{default_scenario, mount_app, sleep};
use leptos::prelude::*;
use quotalab_app::components::dialogs::Dialogs;
use quotalab_app::components::header::Header;
use quotalab_app::interop::report::body::ReportBody;
use quotalab_app::interop::report::study_body::StudyReportBody;
use quotalab_app::interop::report::variant::{readiness, Readiness};
use quotalab_app::results::session::{Outcome, Phase};
use quotalab_app::state::{Dialog, Editor};
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::study::{compare, Definition, Study};
use quotalab_engine::{simulate, Scenario};
use quotalab_interop::report::{AgreementReport, StudyReport};
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

const EVIL: &str = "<img src=x onerror=alert(1)>";

/// An SWF log with a bad run time on line 3.
const SWF: &str = "; MaxProcs: 8\n\
    1 0 0 3600 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n\
    2 60 0 oops 2 -1 -1 2 -1 -1 1 1 2 -1 -1 -1 -1 -1\n\
    3 120 0 7200 4 -1 -1 4 -1 -1 1 2 2 -1 -1 -1 -1 -1\n";

/// Gavel's throughput table for one job type, and one VC's job list (tab-separated rows).
const THROUGHPUTS: &str = "worker_type,job_type,scale_factor,isolated_throughput_steps_per_s\n\
    v100,ResNet-18 (batch size 32),1,20.0\n\
    k80,ResNet-18 (batch size 32),1,5.0\n";
const PHILLY: &str = "ResNet-18 (batch size 32)\tpython3 train.py\t-n\t1\t72000\t0.000000\t1\n\
    ResNet-18 (batch size 32)\tpython3 train.py\t-n\t1\t36000\t7200.000000\t1\n";

/// Mounts the header and the dialogs over the default scenario.
pub(crate) fn mount() -> (Editor, web_sys::HtmlElement) {
    // The test server has no worker files: the interop worker's code answers in the page.
    quotalab_app::interop::client::answer_in_page(quotalab_app::interop::protocol::serve);
    mount_app(default_scenario(), || view! { <Header /> <Dialogs /> })
}

/// Waits (up to 5 s) for `selector` to match inside `root`.
pub(crate) async fn wait_for(root: &web_sys::HtmlElement, selector: &str) -> web_sys::HtmlElement {
    for _ in 0..250 {
        if let Some(found) = root.query_selector(selector).expect("selector") {
            return found.unchecked_into();
        }
        sleep(20).await;
    }
    panic!("{selector} never appeared; page: {}", root.inner_html());
}

/// Picks files in a file input as a user would: a DataTransfer's FileList, then `change`.
pub(crate) fn pick(input: &web_sys::HtmlInputElement, files: &[(&str, &str)]) {
    let global = js_sys::global();
    let constructor: js_sys::Function = js_sys::Reflect::get(&global, &"DataTransfer".into())
        .expect("DataTransfer")
        .unchecked_into();
    let transfer =
        js_sys::Reflect::construct(&constructor, &js_sys::Array::new()).expect("new DataTransfer");
    let items = js_sys::Reflect::get(&transfer, &"items".into()).expect("items");
    let add: js_sys::Function = js_sys::Reflect::get(&items, &"add".into())
        .expect("add")
        .unchecked_into();
    for (name, text) in files {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let file = web_sys::File::new_with_str_sequence(&parts, name).expect("file");
        add.call1(&items, &file).expect("added");
    }
    let list = js_sys::Reflect::get(&transfer, &"files".into()).expect("files");
    js_sys::Reflect::set(input, &"files".into(), &list).expect("set files");
    input
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatched");
}

async fn open_dialog(state: Editor, root: &web_sys::HtmlElement) -> web_sys::HtmlInputElement {
    state.screen.dialog.set(Some(Dialog::TraceImport));
    wait_for(root, "[data-testid=trace-files]")
        .await
        .unchecked_into()
}

fn apply_button(root: &web_sys::HtmlElement) -> web_sys::HtmlButtonElement {
    root.query_selector("[data-testid=trace-apply]")
        .expect("selector")
        .expect("apply button")
        .unchecked_into()
}

#[wasm_bindgen_test]
async fn the_header_opens_the_dialog() {
    let (state, root) = mount();
    let button: web_sys::HtmlElement = root
        .query_selector("[data-testid=open-trace-import]")
        .unwrap()
        .expect("header button")
        .unchecked_into();
    assert_eq!(button.text_content().unwrap(), "Import trace\u{2026}");
    button.click();
    wait_for(&root, "[data-testid=trace-dialog]").await;
    assert_eq!(
        state.screen.dialog.get_untracked(),
        Some(Dialog::TraceImport)
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn an_swf_log_previews_bad_rows_by_line_and_applies_once_they_are_skipped() {
    let (state, root) = mount();
    let before = state.scenario.get_untracked();
    let input = open_dialog(state, &root).await;
    pick(&input, &[("log.swf", SWF)]);
    let bad = wait_for(&root, "[data-testid=trace-bad-rows]").await;
    let text = bad.text_content().unwrap();
    assert!(text.contains("1 bad row"), "{text}");
    assert!(
        text.contains("log.swf:3"),
        "the line number is shown: {text}"
    );
    let blocked = wait_for(&root, "[data-testid=trace-blocked]").await;
    assert!(blocked.text_content().unwrap().contains("log.swf:3"));
    assert!(
        apply_button(&root).disabled(),
        "bad rows block Apply until skipped"
    );
    let summary = wait_for(&root, "[data-testid=trace-summary]").await;
    assert!(
        summary
            .text_content()
            .unwrap()
            .contains("2 jobs in 2 shares"),
        "{}",
        summary.text_content().unwrap()
    );

    let skip: web_sys::HtmlInputElement = wait_for(&root, "[data-testid=trace-skip-bad-rows]")
        .await
        .unchecked_into();
    skip.click();
    for _ in 0..100 {
        if !apply_button(&root).disabled() {
            break;
        }
        sleep(20).await;
    }
    assert!(root
        .query_selector("[data-testid=trace-blocked]")
        .unwrap()
        .is_none());
    apply_button(&root).click();
    sleep(20).await;
    let after = state.scenario.get_untracked();
    assert_eq!(after.jobs.len(), 2);
    assert_eq!(after.quota_shares.len(), 2);
    assert_eq!(
        state.screen.dialog.get_untracked(),
        None,
        "a pristine scenario is replaced at once"
    );
    let notice = state.screen.notice.get_untracked().expect("a notice").text;
    assert!(notice.contains("from trace log.swf"), "{notice}");
    state.undo();
    assert_eq!(
        state.scenario.get_untracked(),
        before,
        "the old scenario is one Undo away"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_philly_vc_with_its_throughputs_previews_jobs_and_shares() {
    let (state, root) = mount();
    let input = open_dialog(state, &root).await;
    pick(
        &input,
        &[
            ("gavel_isolated_throughputs.csv", THROUGHPUTS),
            ("ab12cd.trace", PHILLY),
        ],
    );
    let summary = wait_for(&root, "[data-testid=trace-summary]").await;
    assert!(
        summary
            .text_content()
            .unwrap()
            .contains("2 jobs in 1 share "),
        "{}",
        summary.text_content().unwrap()
    );
    let shares = wait_for(&root, "[data-testid=trace-shares]")
        .await
        .text_content()
        .unwrap();
    assert!(
        shares.contains("ab12cd") && shares.contains("ml.p3.2xlarge"),
        "{shares}"
    );
    let format: web_sys::HtmlSelectElement = wait_for(&root, "[data-testid=trace-format]")
        .await
        .unchecked_into();
    assert!(format
        .text_content()
        .unwrap()
        .contains("Guess from the file names: Philly"));
    let defaults = wait_for(&root, "[data-testid=trace-catalog-default]")
        .await
        .text_content()
        .unwrap();
    assert!(defaults.contains("v100=ml.p3.2xlarge"), "{defaults}");
    apply_button(&root).click();
    sleep(20).await;
    assert_eq!(
        state.scenario.get_untracked().quota_shares[0].name,
        "ab12cd"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_file_of_another_format_says_so_and_changes_nothing() {
    let (state, root) = mount();
    let before = state.scenario.get_untracked();
    let input = open_dialog(state, &root).await;
    pick(&input, &[("pods.csv", SWF)]);
    let error = wait_for(&root, "[data-testid=trace-error]")
        .await
        .text_content()
        .unwrap();
    assert!(error.contains("cannot be imported as Alibaba"), "{error}");
    assert!(apply_button(&root).disabled());
    pick(&input, &[("empty.swf", "")]);
    for _ in 0..100 {
        let text = root
            .query_selector("[data-testid=trace-error]")
            .unwrap()
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        if text.contains("is empty") {
            break;
        }
        sleep(20).await;
    }
    let error = wait_for(&root, "[data-testid=trace-error]")
        .await
        .text_content()
        .unwrap();
    assert!(
        error.contains("\u{201c}empty.swf\u{201d} is empty"),
        "{error}"
    );
    assert_eq!(state.scenario.get_untracked(), before);
    root.remove();
}

#[wasm_bindgen_test]
async fn many_bad_rows_list_the_first_twenty_and_count_the_rest() {
    let (state, root) = mount();
    let mut log = String::from("; MaxProcs: 8\n1 0 0 3600 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n");
    for _ in 0..25 {
        log.push_str("not a row\n");
    }
    let input = open_dialog(state, &root).await;
    pick(&input, &[("many.swf", &log)]);
    let bad = wait_for(&root, "[data-testid=trace-bad-rows]").await;
    assert!(bad.text_content().unwrap().contains("25 bad rows"));
    assert_eq!(bad.inner_html().matches("<li>").count(), 20);
    assert!(
        bad.text_content().unwrap().contains("many.swf:22"),
        "the 20th bad row, line 22"
    );
    assert!(!bad.text_content().unwrap().contains("many.swf:23"));
    let more = wait_for(&root, "[data-testid=trace-bad-rows-more]").await;
    assert!(more.text_content().unwrap().contains("and 5 more"));
    root.remove();
}

/// The default scenario with its first share renamed to [`EVIL`].
fn evil_scenario() -> Scenario {
    let mut scenario = crate::support::default_scenario();
    let old = scenario.quota_shares[0].name.clone();
    scenario.quota_shares[0].name = EVIL.to_string();
    for job in scenario
        .jobs
        .to_mut()
        .iter_mut()
        .filter(|j| j.share.as_deref() == Some(old.as_str()))
    {
        job.share = Some(EVIL.into());
    }
    for mix in scenario
        .job_mixes
        .iter_mut()
        .filter(|m| m.share.as_deref() == Some(old.as_str()))
    {
        mix.share = Some(EVIL.to_string());
    }
    assert!(
        scenario.validate().errors.is_empty(),
        "{:?}",
        scenario.validate().errors
    );
    scenario
}

/// The default scenario with one share renamed to `name`, and its result.
fn evil_report() -> (Arc<AgreementReport>, Arc<Drawn>) {
    let scenario = evil_scenario();
    let result = simulate(&scenario);
    (
        Arc::new(AgreementReport::of_run(&scenario, &result)),
        Arc::new(Drawn::of(result, ALL_JOBS)),
    )
}

#[wasm_bindgen_test]
fn the_report_has_a_section_per_share_and_keeps_names_as_text() {
    let (report, result) = evil_report();
    let host = crate::support::attached_root();
    let shares = report.shares.len();
    let first_term = report.shares[1].promised[0].text.clone();
    std::mem::forget(mount_to(
        host.clone(),
        move || view! { <ReportBody report=report.clone() result=result.clone() /> },
    ));
    let html = host.inner_html();
    assert_eq!(html.matches("data-testid=\"report-share\"").count(), shares);
    let name = host
        .query_selector("[data-testid=report-share-name]")
        .unwrap()
        .expect("a name");
    assert_eq!(
        name.text_content().unwrap(),
        EVIL,
        "the name is shown literally"
    );
    assert_eq!(name.child_element_count(), 0, "and creates no element");
    assert!(
        host.query_selector("img").unwrap().is_none(),
        "no <img> anywhere, charts included"
    );
    let text = host.text_content().unwrap();
    assert!(text.contains("What is promised") && text.contains("What the simulation showed"));
    assert!(text.contains(&first_term), "the crate's wording is used");
    assert!(text.contains("Assumptions"));
    assert_eq!(html.matches("<svg").count(), 4, "the RESULTS zone's charts");
    host.remove();
}

#[wasm_bindgen_test]
fn the_report_waits_for_results_of_the_scenario_on_screen() {
    let scenario = crate::support::default_scenario();
    let result = Drawn::of(simulate(&scenario), ALL_JOBS);
    let outcome = Arc::new(Outcome {
        revision: 3,
        opened: 0,
        result,
        run: 1,
        scenario: scenario.clone(),
        elapsed_ms: 1.0,
    });
    let ran = Phase::Ran { elapsed_ms: 1.0 };
    assert!(matches!(
        readiness(&ran, Some(&outcome), 3),
        Readiness::Ready(_)
    ));
    let stale = |phase: Phase| match readiness(&phase, Some(&outcome), 4) {
        Readiness::NotReady(why) => why,
        Readiness::Ready(_) => panic!("stale results must not be reported"),
    };
    assert!(stale(Phase::Running {
        started_ms: 0.0,
        progress: None
    })
    .contains("running"));
    assert!(stale(Phase::Invalid { errors: 2 }).contains("2 errors"));
    assert!(stale(Phase::Failed {
        message: "boom".into()
    })
    .contains("boom"));
    match readiness(&Phase::Invalid { errors: 1 }, Some(&outcome), 3) {
        Readiness::NotReady(why) => assert!(why.contains("1 error and")),
        Readiness::Ready(_) => panic!("a scenario with errors has no report"),
    }
}

#[wasm_bindgen_test]
fn the_study_report_has_every_variant_and_keeps_names_as_text() {
    let mut second = evil_scenario();
    second.name = format!("{EVIL} 2");
    second.quota_shares[1].strategy = quotalab_engine::scenario::Strategy::Reserve;
    let mut study = Study::new(EVIL, vec![evil_scenario(), second]);
    study.seeds = 3;
    let definition = Definition::Compare(study.clone());
    let samples = definition.run(&definition.units()).expect("the units run");
    let comparison = compare(&study, &samples).expect("complete");
    let report = Arc::new(StudyReport::build(&study, &comparison).expect("the study's comparison"));
    let host = crate::support::attached_root();
    std::mem::forget(mount_to(
        host.clone(),
        move || view! { <StudyReportBody report=report.clone() /> },
    ));
    let html = host.inner_html();
    assert_eq!(html.matches("data-testid=\"report-variant\"").count(), 2);
    assert_eq!(
        html.matches("data-testid=\"report-compare-share\"").count(),
        3
    );
    assert!(
        host.query_selector("img").unwrap().is_none(),
        "no element from a name"
    );
    let title = host
        .query_selector("[data-testid=report-title]")
        .unwrap()
        .expect("a title");
    assert_eq!(
        title.text_content().unwrap(),
        EVIL,
        "the study's name is text"
    );
    let text = host.text_content().unwrap();
    assert!(text.contains("share 'medium' strategy: LEND -> RESERVE"));
    assert!(text.contains("First attempts ran on") && text.contains("Fallback rate"));
    host.remove();
}
