//! Kueue in BUILD: the rules switch translates through the engine and asks first, Undo brings
//! the AWS agreement back, "Compare with Kueue rules" makes the study, and a ClusterQueue's
//! quotas are typed and shown as Kubernetes quantities with messages that name the field. The
//! variant tabs name each variant's rules when they differ.

use crate::support::{all, default_scenario, element, fire, mount_app, settle, type_into};
use leptos::prelude::*;
use quotalab_app::components::build_zone::BuildZone;
use quotalab_app::components::dialogs::Dialogs;
use quotalab_app::state::gallery;
use quotalab_app::state::paths::control_id;
use quotalab_app::state::view::Tab;
use quotalab_app::state::{Editor, Section};
use quotalab_app::study::variant_bar::VariantBar;
use quotalab_engine::quantity::Quantity;
use quotalab_engine::scenario::kueue::ReclaimPolicy;
use quotalab_engine::scenario::Rules;
use quotalab_engine::Scenario;
use wasm_bindgen_test::*;

fn mount(scenario: Scenario) -> (Editor, web_sys::HtmlElement) {
    mount_app(
        scenario,
        || view! { <VariantBar /> <BuildZone /> <Dialogs /> },
    )
}

fn kueue_example() -> Scenario {
    let example = gallery::find("kueue-three-teams").expect("the Kueue example is in the gallery");
    Scenario::parse_json(example.json).expect("it parses")
}

fn rules_select(root: &web_sys::HtmlElement) -> web_sys::HtmlSelectElement {
    element(root, "[data-testid=rules]")
}

fn text_of(root: &web_sys::HtmlElement, selector: &str) -> String {
    element::<web_sys::Element>(root, selector)
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn switching_to_kueue_shows_the_translation_first_and_undo_brings_aws_back() {
    let (state, root) = mount(default_scenario());
    let select = rules_select(&root);
    assert_eq!(
        select.value(),
        "aws",
        "the default scenario runs under AWS's rules"
    );
    crate::support::choose(&select, "kueue");
    settle().await;
    assert_eq!(
        select.value(),
        "aws",
        "nothing applies before the confirmation"
    );
    assert_eq!(state.scenario.get_untracked(), default_scenario());
    let summary = text_of(&root, "[data-testid=rules-summary]");
    assert!(summary.contains("carried exactly"), "{summary}");
    let notes = text_of(&root, "[data-testid=rules-carried]");
    assert!(
        notes.contains("quota_shares[0]"),
        "the engine's notes, by path: {notes}"
    );

    element::<web_sys::HtmlElement>(&root, "[data-testid=confirm-rules]").click();
    settle().await;
    assert!(state.screen.dialog.get_untracked().is_none());
    let switched = state.scenario.get_untracked();
    assert_eq!(switched.rules, Rules::Kueue);
    let k = switched
        .kueue
        .as_ref()
        .expect("the agreement is now Kueue objects");
    assert_eq!(k.cluster_queues.len(), 3);
    assert!(switched.quota_shares.is_empty());
    assert_eq!(rules_select(&root).value(), "kueue");
    assert!(
        root.text_content().unwrap_or_default().contains("Queues"),
        "the Shares tab is the Queues tab of a Kueue scenario"
    );

    state.undo();
    settle().await;
    assert_eq!(state.scenario.get_untracked(), default_scenario());
    assert_eq!(rules_select(&root).value(), "aws");
}

#[wasm_bindgen_test]
async fn keeping_the_rules_changes_nothing() {
    let (state, root) = mount(kueue_example());
    crate::support::choose(&rules_select(&root), "aws");
    settle().await;
    let lost = text_of(&root, "[data-testid=rules-lost]");
    assert!(
        lost.contains("dropped") || lost.contains("approximated"),
        "{lost}"
    );
    element::<web_sys::HtmlElement>(&root, "[data-testid=keep-rules]").click();
    settle().await;
    assert_eq!(state.scenario.get_untracked(), kueue_example());
    assert!(!state.history.with_untracked(|h| h.can_undo()));
    assert_eq!(rules_select(&root).value(), "kueue");
}

#[wasm_bindgen_test]
async fn compare_with_kueue_rules_makes_a_study_of_both_rule_sets_and_opens_compare() {
    let (state, root) = mount(default_scenario());
    let button = element::<web_sys::HtmlElement>(&root, "[data-testid=compare-rules]");
    assert_eq!(
        button.text_content().unwrap_or_default(),
        "Compare with Kueue rules"
    );
    button.click();
    settle().await;
    let workspace = state.workspace.get_untracked();
    assert_eq!(workspace.variants.len(), 2);
    assert_eq!(workspace.variants[0].rules, Rules::Aws);
    assert_eq!(workspace.variants[1].rules, Rules::Kueue);
    assert!(
        workspace.variants[1].kueue.is_none(),
        "only the rules change; the run translates"
    );
    assert!(workspace.to_study().validate().is_valid());
    assert_eq!(state.screen.tab.get_untracked(), Tab::Compare);
    assert_eq!(
        element::<web_sys::HtmlElement>(&root, "[data-testid=compare-rules]")
            .text_content()
            .unwrap_or_default(),
        "Compare with AWS Batch rules",
        "the variant on screen runs under Kueue's rules"
    );
    let badges = |root: &web_sys::HtmlElement| -> Vec<String> {
        all(
            root,
            "[data-testid=variant-tab] [data-testid=variant-rules]",
        )
        .iter()
        .map(|badge| badge.text_content().unwrap_or_default())
        .collect()
    };
    assert_eq!(
        badges(&root),
        ["AWS Batch", "Kueue"],
        "each tab names its rules, since the names alone are cut off alike"
    );
    state.undo();
    settle().await;
    assert_eq!(state.workspace.with_untracked(|w| w.variants.len()), 1);
    assert!(badges(&root).is_empty(), "one rule set needs no badge");
}

/// The input of the quota at `field` of the first queue's first flavor.
fn quota_input(root: &web_sys::HtmlElement, field: &str) -> web_sys::HtmlInputElement {
    let path =
        format!("kueue.cluster_queues[0].resource_groups[0].flavors[0].resources[0].{field}");
    element(root, &format!("#{}", control_id(&path)))
}

fn first_quota(state: &Editor) -> quotalab_engine::scenario::kueue::ResourceQuota {
    state.scenario.with_untracked(|s| {
        s.kueue.as_ref().unwrap().cluster_queues[0].resource_groups[0].flavors[0].resources[0]
            .clone()
    })
}

#[wasm_bindgen_test]
async fn a_cluster_queue_is_edited_in_kubernetes_quantities_with_messages_that_name_the_field() {
    let (state, root) = mount(kueue_example());
    state.screen.section.set(Section::Shares);
    settle().await;
    assert_eq!(all(&root, "[data-testid=cluster-queue-card]").len(), 3);
    let nominal = quota_input(&root, "nominal_quota");
    assert_eq!(nominal.value(), "8");
    type_into(&nominal, "12000m");
    settle().await;
    assert_eq!(
        first_quota(&state).nominal_quota,
        Quantity::parse("12").unwrap()
    );
    fire(&nominal, "blur");
    assert_eq!(nominal.value(), "12", "shown as Kubernetes writes it");
    let bar = text_of(&root, "[data-testid=reach-bar] .reach-legend");
    assert!(
        bar.contains("12 guaranteed"),
        "the bar follows the quota: {bar}"
    );

    type_into(&nominal, "lots");
    settle().await;
    let message = text_of(&root, &format!("#{}-msg", nominal.id()));
    assert!(message.starts_with("Nominal quota: "), "{message}");
    assert!(message.contains("lots"), "{message}");
    assert_eq!(state.unparsed.with_untracked(|u| u.len()), 1);
    assert_eq!(
        first_quota(&state).nominal_quota,
        Quantity::parse("12").unwrap()
    );

    let borrowing = quota_input(&root, "borrowing_limit");
    type_into(&borrowing, "4");
    settle().await;
    assert_eq!(
        first_quota(&state).borrowing_limit,
        Some(Quantity::parse("4").unwrap())
    );
    type_into(&borrowing, "");
    settle().await;
    assert_eq!(first_quota(&state).borrowing_limit, None, "empty: no limit");

    let reclaim: web_sys::HtmlSelectElement = element(
        &root,
        &format!(
            "#{}",
            control_id("kueue.cluster_queues[0].preemption.reclaim_within_cohort")
        ),
    );
    crate::support::choose(&reclaim, "Any");
    settle().await;
    assert_eq!(
        state
            .scenario
            .with_untracked(|s| s.kueue.as_ref().unwrap().cluster_queues[0]
                .preemption
                .reclaim_within_cohort),
        ReclaimPolicy::Any
    );

    element::<web_sys::HtmlElement>(&root, "[aria-label='Try a10g-spot earlier']").click();
    settle().await;
    let first_flavor = state.scenario.with_untracked(|s| {
        s.kueue.as_ref().unwrap().cluster_queues[0].resource_groups[0].flavors[0]
            .name
            .clone()
    });
    assert_eq!(first_flavor, "a10g-spot", "the order flavors are tried in");
}

#[wasm_bindgen_test]
async fn a_queue_named_like_markup_stays_text() {
    let evil = "<img src=x onerror=alert(1)>";
    let mut scenario = kueue_example();
    if let Some(k) = scenario.kueue.as_deref_mut() {
        k.cluster_queues[0].name = evil.to_string();
    }
    let (state, root) = mount(scenario);
    state.screen.section.set(Section::Shares);
    settle().await;
    assert!(root.query_selector("img").ok().flatten().is_none());
    let label = element::<web_sys::Element>(&root, "[data-testid=cluster-queue-card] .icon-button")
        .get_attribute("aria-label")
        .unwrap_or_default();
    assert!(label.contains(evil), "{label}");
}
