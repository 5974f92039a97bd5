//! Kueue YAML in the app: through the Import button (`import-file`) and by paste, a `kubectl get
//! ... -o yaml` with Workloads asks how to read them (`kueue-from-state`, `kueue-replay`), and
//! each answer opens the cluster under Kueue's rules, one Undo away.

use crate::dialogs::{mount, pick, wait_for};
use crate::support::settle;
use leptos::prelude::*;
use quotalab_engine::scenario::Rules;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// `kubectl get ... -o yaml` of a small cluster: cohorts, ClusterQueues and three Workloads
/// (admitted, pending, finished).
const CLUSTER: &str = include_str!("../../crates/interop/tests/fixtures/kueue/cluster.yaml");

async fn import_cluster(root: &web_sys::HtmlElement) {
    let input: web_sys::HtmlInputElement = wait_for(root, "[data-testid=import-file]")
        .await
        .unchecked_into();
    pick(&input, &[("cluster.yaml", CLUSTER)]);
    wait_for(root, "[data-testid=kueue-workloads-dialog]").await;
}

#[wasm_bindgen_test]
async fn a_yaml_with_workloads_asks_and_replay_opens_every_workload_as_a_job() {
    let (state, root) = mount();
    let before = state.scenario.get_untracked();
    import_cluster(&root).await;
    assert_eq!(
        state.scenario.get_untracked(),
        before,
        "nothing opens before the answer"
    );
    wait_for(&root, "[data-testid=kueue-replay]").await.click();
    settle().await;
    let opened = state.scenario.get_untracked();
    assert_eq!(opened.rules, Rules::Kueue);
    assert!(opened.kueue.is_some());
    assert_eq!(opened.jobs.len(), 3, "every Workload replayed");
    assert!(opened.jobs.iter().all(|j| j.admitted.is_none()));
    state.undo();
    assert_eq!(state.scenario.get_untracked(), before, "one Undo away");
}

#[wasm_bindgen_test]
async fn the_current_state_takes_the_admitted_workloads_as_running() {
    let (state, root) = mount();
    import_cluster(&root).await;
    wait_for(&root, "[data-testid=kueue-from-state]")
        .await
        .click();
    for _ in 0..100 {
        if state.scenario.with_untracked(|s| s.kueue.is_some()) {
            break;
        }
        crate::support::sleep(20).await;
    }
    let opened = state.scenario.get_untracked();
    assert_eq!(opened.rules, Rules::Kueue);
    assert!(
        opened.jobs.iter().any(|j| j.admitted.is_some()),
        "the admitted Workload holds its flavors"
    );
    assert!(opened.jobs.len() < 3, "the finished Workload is left out");
}

#[wasm_bindgen_test]
async fn pasted_or_dropped_yaml_is_imported_too() {
    let (state, root) = mount();
    let paste = js_sys::Function::new_with_args(
        "text",
        "const data = new DataTransfer(); data.setData('text', text); \
         window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));",
    );
    quotalab_app::components::paste_drop::install(state);
    paste
        .call1(&JsValue::NULL, &CLUSTER.into())
        .expect("pasted");
    wait_for(&root, "[data-testid=kueue-workloads-dialog]").await;
    wait_for(&root, "[data-testid=kueue-replay]").await.click();
    settle().await;
    assert_eq!(state.scenario.with_untracked(|s| s.rules), Rules::Kueue);

    // A file dropped on the page opens the same way; the replayed cluster is undone first.
    state.undo();
    state.pristine.set(true);
    let drop = js_sys::Function::new_with_args(
        "text",
        "const data = new DataTransfer(); data.items.add(new File([text], 'cluster.yaml')); \
         window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));",
    );
    drop.call1(&JsValue::NULL, &CLUSTER.into())
        .expect("dropped");
    wait_for(&root, "[data-testid=kueue-workloads-dialog]").await;
    wait_for(&root, "[data-testid=kueue-replay]").await.click();
    settle().await;
    assert_eq!(state.scenario.with_untracked(|s| s.jobs.len()), 3);
}
