//! Bindings of Kueue fields (docs/FORMAT.md, "Kueue"): a ClusterQueue's or a Cohort's field by
//! its JSON path (`kueue.cluster_queues[1].queueing_strategy`), so the engine's diagnostics show
//! under the control, and Kueue's enums as the words Kueue spells them (`BestEffortFIFO`), read
//! and written through their serde form so the app never keeps a second spelling.

use crate::components::binding::{Binding, ListItem};
use crate::components::tip::tip;
use quotalab_engine::json_text;
use quotalab_engine::quantity::Quantity;
use quotalab_engine::scenario::kueue::{ClusterQueue, Cohort, Kueue, ReclaimPolicy, ResourceQuota};
use quotalab_engine::Scenario;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The JSON path of the ClusterQueues' list.
const QUEUES: &str = "kueue.cluster_queues";
/// The JSON path of the Cohorts' list.
const COHORTS: &str = "kueue.cohorts";

/// What a quota's nominal quota means, wherever it is edited (the Queues tab, the presenter).
pub const NOMINAL_TIP: &str = tip!(
    "Guaranteed to this queue on this flavor, as a Kubernetes quantity (\"8\", \"500m\", \"64Gi\")",
    api = "nominalQuota"
);
/// What a quota's borrowing limit means.
pub const BORROWING_TIP: &str = tip!("The most it may use above its nominal quota, borrowed from its cohort. Empty: no limit; 0: it only lends", api = "borrowingLimit");
/// What a quota's lending limit means.
pub const LENDING_TIP: &str = tip!(
    "The most of its unused nominal quota that other queues may borrow. Empty: all of it",
    api = "lendingLimit"
);
/// What a queue's reclaim policy means.
pub const RECLAIM_TIP: &str = tip!("Whether it may take back its nominal quota from queues of the cohort that borrowed it: never, from lower priorities, or from any", api = "preemption.reclaimWithinCohort");

/// The reclaim policies, as a select's options in Kueue's spelling.
pub fn reclaim_choices() -> Vec<(String, String)> {
    choices(&[
        ReclaimPolicy::Never,
        ReclaimPolicy::LowerPriority,
        ReclaimPolicy::Any,
    ])
}

/// Where one quota sits: queue, resource group, flavor, resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QuotaAt {
    pub queue: usize,
    pub group: usize,
    pub flavor: usize,
    pub resource: usize,
}

impl QuotaAt {
    /// The quota as an item of its flavor's list, reached through its queue, group and flavor:
    /// `kueue.cluster_queues[q].resource_groups[g].flavors[f].resources[r]`.
    pub fn item(self) -> ListItem<ResourceQuota> {
        queue_item(self.queue)
            .nested(
                "resource_groups",
                self.group,
                |q| &q.resource_groups,
                |q| &mut q.resource_groups,
            )
            .nested("flavors", self.flavor, |g| &g.flavors, |g| &mut g.flavors)
            .nested(
                "resources",
                self.resource,
                |f| &f.resources,
                |f| &mut f.resources,
            )
    }

    /// Every quota of ClusterQueue `queue` in the order its workloads try them, with its
    /// flavor's and resource's names: what the presenter's column of the queue edits.
    pub fn all_in(scenario: &Scenario, queue: usize) -> Vec<(QuotaAt, String, String)> {
        let Some(q) = scenario
            .kueue
            .as_ref()
            .and_then(|k| k.cluster_queues.get(queue))
        else {
            return Vec::new();
        };
        let mut quotas = Vec::new();
        for (group, g) in q.resource_groups.iter().enumerate() {
            for (flavor, f) in g.flavors.iter().enumerate() {
                for (resource, r) in f.resources.iter().enumerate() {
                    let at = QuotaAt {
                        queue,
                        group,
                        flavor,
                        resource,
                    };
                    quotas.push((at, f.name.clone(), r.name.clone()));
                }
            }
        }
        quotas
    }

    /// The quota's nominal quota. It is never unset: a cleared field is not written.
    pub fn nominal(self) -> Binding<Option<Quantity>> {
        self.item().bind(
            "nominal_quota",
            |r| Some(r.nominal_quota),
            |r, v| {
                if let Some(v) = v {
                    r.nominal_quota = v;
                }
            },
        )
    }

    /// The quota's borrowing limit; unset: no limit.
    pub fn borrowing_limit(self) -> Binding<Option<Quantity>> {
        self.item().bind(
            "borrowing_limit",
            |r| r.borrowing_limit,
            |r, v| r.borrowing_limit = v,
        )
    }

    /// The quota's lending limit; unset: all of it.
    pub fn lending_limit(self) -> Binding<Option<Quantity>> {
        self.item().bind(
            "lending_limit",
            |r| r.lending_limit,
            |r, v| r.lending_limit = v,
        )
    }
}

/// ClusterQueue `index`, whose fields its card binds and whose remove button removes it.
pub fn queue_item(index: usize) -> ListItem<ClusterQueue> {
    kueue_item(
        QUEUES,
        index,
        |k| &k.cluster_queues,
        |k| &mut k.cluster_queues,
    )
}

/// Cohort `index`, as [`queue_item`] is for a ClusterQueue.
pub fn cohort_item(index: usize) -> ListItem<Cohort> {
    kueue_item(COHORTS, index, |k| &k.cohorts, |k| &mut k.cohorts)
}

/// Entry `index` of one of the Kueue block's lists (`list`, at JSON path `list_path`): with no
/// Kueue block there is no entry, so its fields read as their defaults and take no writes.
fn kueue_item<O: 'static>(
    list_path: &str,
    index: usize,
    list: fn(&Kueue) -> &[O],
    list_mut: fn(&mut Kueue) -> &mut Vec<O>,
) -> ListItem<O> {
    ListItem::within(
        list_path,
        index,
        move |s| s.kueue.as_deref().map(list),
        move |s| s.kueue.as_deref_mut().map(list_mut),
    )
}

/// The enum value Kueue spells `word`, if any.
pub fn from_word<E: DeserializeOwned>(word: &str) -> Option<E> {
    serde_json::from_value(serde_json::Value::String(word.to_string())).ok()
}

/// A select's options for `values`, each shown as Kueue spells it.
pub fn choices<E: Serialize>(values: &[E]) -> Vec<(String, String)> {
    values
        .iter()
        .map(|v| (json_text::word_of(v), json_text::word_of(v)))
        .collect()
}

/// An enum field of ClusterQueue `index` as a select's text, named once by its path below the
/// queue (`preemption.within_cluster_queue`): the JSON path, the getter and the setter all come
/// from that one name, so they cannot disagree.
macro_rules! queue_choice {
    ($index:expr, $($field:ident).+) => {
        $crate::components::kueue::bind::bind_queue_choice(
            $index,
            &[$(stringify!($field)),+].join("."),
            |q| q.$($field).+,
            |q, v| q.$($field).+ = v,
        )
    };
}
pub(crate) use queue_choice;

/// An enum field of ClusterQueue `index` as a select's text (through [`queue_choice`]).
pub fn bind_queue_choice<E>(
    index: usize,
    field: &str,
    get: impl Fn(&ClusterQueue) -> E + Send + Sync + 'static,
    set: impl Fn(&mut ClusterQueue, E) + Send + Sync + 'static,
) -> Binding<String>
where
    E: Serialize + DeserializeOwned,
{
    queue_item(index).bind(
        field,
        move |q| json_text::word_of(&get(q)),
        move |q, w: String| {
            if let Some(v) = from_word(&w) {
                set(q, v);
            }
        },
    )
}
