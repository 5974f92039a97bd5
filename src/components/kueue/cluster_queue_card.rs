//! One ClusterQueue as a card, like a quota share's (`share_card`): its name and cohort, how its
//! heads queue, its preemption policies and flavor fungibility, its fair-sharing weight, and its
//! quotas per flavor in the order they are tried (`quota_table`). The border is the queue's
//! colour, the same as its chart series.

use super::bind::{choices, queue_choice, queue_item, reclaim_choices, RECLAIM_TIP};
use super::quota_table::QuotaTable;
use crate::components::choice_inputs::SelectInput;
use crate::components::options;
use crate::components::quantity_input::QuantityInput;
use crate::components::share_card::TeamCard;
use crate::components::tip::tip;
use crate::state::kueue_edits;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::kueue::{
    BorrowWithinCohortPolicy as Bwc, FairSharing, QueueingStrategy, WhenCanBorrow, WhenCanPreempt,
    WithinClusterQueue,
};

#[component]
pub fn ClusterQueueCard(index: usize) -> impl IntoView {
    let state = use_editor();
    let queue = queue_item(index);
    let name = queue.bind_name(|q| q.name.clone(), kueue_edits::rename_cluster_queue);
    let cohort = queue.bind_optional_name("cohort", |q| q.cohort.clone(), |q, v| q.cohort = v);
    let cohorts = Signal::derive(move || {
        state.scenario.with(|s| {
            let all = s.kueue.iter().flat_map(|k| k.cohorts.iter());
            options::or_none("none: neither lends nor borrows", all.map(|c| &c.name))
        })
    });
    let strategy = queue_choice!(index, queueing_strategy);
    let reclaim = queue_choice!(index, preemption.reclaim_within_cohort);
    let within = queue_choice!(index, preemption.within_cluster_queue);
    let borrow_within = queue_choice!(index, preemption.borrow_within_cohort.policy);
    let when_borrow = queue_choice!(index, flavor_fungibility.when_can_borrow);
    let when_preempt = queue_choice!(index, flavor_fungibility.when_can_preempt);
    let weight = queue.bind(
        "fair_sharing.weight",
        |q| q.fair_sharing.as_ref().map(|f| f.weight),
        |q, v| {
            q.fair_sharing = v.map(|weight| FairSharing { weight });
        },
    );
    view! {
        <TeamCard index path=queue.path.clone() class="card share-card queue-card" testid="cluster-queue-card" name
            label="ClusterQueue" tip={tip!("The team's queue: its quotas and policies; jobs name it, or reach it through a LocalQueue", api = "metadata.name")}
            title="Remove this ClusterQueue" noun="ClusterQueue" remove=queue.remove()>
            <div class="field-row">
                <SelectInput binding=cohort label="Cohort" options=cohorts
                    tip={tip!("The cohort it lends to and borrows from; none: it can do neither", api = "cohortName")} />
                <SelectInput binding=strategy label="Queueing strategy" options=choices(&[QueueingStrategy::BestEffortFIFO, QueueingStrategy::StrictFIFO])
                    tip={tip!("BestEffortFIFO lets a head that cannot be admitted step aside; StrictFIFO makes every workload behind it wait (KUEUE.md, Queueing)", api = "queueingStrategy")} />
            </div>
            <fieldset class="queue-policies">
                <legend title="Which workloads this queue's workloads may preempt (KUEUE.md, Classic preemption)">"Preemption"</legend>
                <div class="field-row">
                    <SelectInput binding=reclaim label="Reclaim within cohort" options=reclaim_choices() tip=RECLAIM_TIP />
                    <SelectInput binding=within label="Within ClusterQueue" options=choices(&[WithinClusterQueue::Never, WithinClusterQueue::LowerPriority, WithinClusterQueue::LowerOrNewerEqualPriority])
                        tip={tip!("Whether a workload may preempt others of its own queue: never, lower priorities, or lower and newer equal ones", api = "preemption.withinClusterQueue")} />
                    <SelectInput binding=borrow_within label="Borrow within cohort" options=choices(&[Bwc::Never, Bwc::LowerPriority])
                        tip={tip!("Whether a workload that borrows may preempt lower-priority workloads of other queues", api = "preemption.borrowWithinCohort.policy")} />
                </div>
            </fieldset>
            <fieldset class="queue-policies">
                <legend title="When to try the next flavor instead of borrowing or preempting (KUEUE.md, Flavors)">"Flavor fungibility"</legend>
                <div class="field-row">
                    <SelectInput binding=when_borrow label="When it can borrow" options=choices(&[WhenCanBorrow::MayStopSearch, WhenCanBorrow::TryNextFlavor])
                        tip={tip!("MayStopSearch takes the first flavor that fits by borrowing; TryNextFlavor looks for one that fits without", api = "flavorFungibility.whenCanBorrow")} />
                    <SelectInput binding=when_preempt label="When it can preempt" options=choices(&[WhenCanPreempt::TryNextFlavor, WhenCanPreempt::MayStopSearch])
                        tip={tip!("TryNextFlavor looks for a flavor that fits without preempting; MayStopSearch preempts in the first", api = "flavorFungibility.whenCanPreempt")} />
                    <QuantityInput binding=weight label="Fair-sharing weight" optional=true placeholder="1"
                        tip={tip!("Its weight when fair sharing is on: a higher weight gets a larger share of what the cohort lends. Empty: 1", api = "fairSharing.weight")} />
                </div>
            </fieldset>
            <QuotaTable queue=index />
        </TeamCard>
    }
}
