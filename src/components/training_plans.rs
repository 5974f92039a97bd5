//! Training plans (SEMANTICS §1): reserved instances of one type during 1 to 5 blocks, drawn as
//! bars on the same time axis as the capacity timelines. The last 30 minutes of each block are
//! drawn apart: jobs are stopped from then on (AWS).

use super::binding::ListItem;
use super::choice_inputs::{SelectInput, TextInput};
use super::field_messages::FieldMessages;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
use super::time_axis::{self, TimeTicks};
use super::tip::tip;
use crate::state::paths::control_id;
use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::result::numbers::counted;
use quotalab_engine::scenario::{PlanBlock, TrainingPlan};
use quotalab_engine::Scenario;

const HEIGHT: f64 = 40.0;
/// AWS stops jobs on a plan 30 minutes before the block ends.
const WIND_DOWN_H: f64 = 0.5;

#[component]
pub fn TrainingPlans() -> impl IntoView {
    let state = use_editor();
    let count = Memo::new(move |_| state.scenario.with(|s| s.training_plans.len()));
    let add = move |_| {
        state.edit(|s| {
            let name = edits::fresh_name("plan", |n| s.training_plans.iter().any(|p| p.name == n));
            // The whole horizon: a plan bought for the period studied, shortened by hand if not.
            let end = time_axis::horizon(s).round().max(1.0);
            s.training_plans.push(TrainingPlan {
                name,
                instance_type: edits::default_type(s),
                count: 1,
                blocks: vec![PlanBlock {
                    start_h: 0.0,
                    end_h: end,
                }],
                upfront_cost: 0.0,
                owner_share: None,
            });
        })
    };
    view! {
        <h3 id="f-training_plans" tabindex="-1">"Training plans"</h3>
        <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <PlanCard index=i /> } />
        <button type="button" on:click=add>"+ Add training plan"</button>
    }
}

/// Training plan `index`, whose card binds its fields and whose block rows bind their own.
fn plan_item(index: usize) -> ListItem<TrainingPlan> {
    ListItem::new(
        "training_plans",
        index,
        |s| &s.training_plans,
        |s| &mut s.training_plans,
    )
}

#[component]
fn PlanCard(index: usize) -> impl IntoView {
    let state = use_editor();
    let plan = plan_item(index);
    let path = plan.path.clone();
    let name = plan.bind_name(|p| p.name.clone(), edits::rename_plan);
    let instance_type = plan.bind(
        "instance_type",
        |p| p.instance_type.clone(),
        |p, v| p.instance_type = v,
    );
    let count = plan.bind_count("count", |p| p.count, |p, v| p.count = v);
    let upfront = plan.bind_number(
        "upfront_cost",
        |p| p.upfront_cost,
        |p, v| p.upfront_cost = v,
    );
    let owner = plan.bind_optional_name(
        "owner_share",
        |p| p.owner_share.clone(),
        |p, v| p.owner_share = v,
    );
    let owners = Signal::derive(move || {
        state
            .scenario
            .with(|s| options::or_none("no share", s.quota_shares.iter().map(|q| &q.name)))
    });
    let blocks = Memo::new(move |_| {
        state
            .scenario
            .with(|s| s.training_plans.get(index).map_or(0, |p| p.blocks.len()))
    });
    let add_block = move |_| {
        state.edit(|s| {
            if let Some(p) = s.training_plans.get_mut(index) {
                let start = p.blocks.last().map_or(0.0, |b| b.end_h + 24.0);
                p.blocks.push(PlanBlock {
                    start_h: start,
                    end_h: start + 24.0,
                });
            }
        })
    };
    let too_many = move || blocks.get() >= 5;
    view! {
        <article class="card" id=control_id(&path) tabindex="-1">
            <div class="field-row">
                <TextInput binding=name label="Plan" tip={tip!("The plan's name; preference entries name it to use its reserved capacity (a SageMaker training plan)", api = "TrainingPlanName")} />
                <SelectInput binding=instance_type label="Instance type" options=options::instance_types() tip={tip!("The instance type the plan reserves", api = "InstanceType")} />
                <RemoveButton title="Remove this plan" remove=plan.remove() />
            </div>
            <div class="field-row">
                <NumberInput binding=count label="Instances" unit="instances" numbers=Numbers::WholeFrom(0) tip={tip!("Instances reserved during each block", api = "InstanceCount")} />
                <NumberInput binding=upfront label="Upfront cost" unit="$" tip={tip!("What the plan costs, paid whether used or not; shown apart from usage cost", api = "UpfrontFee")} />
                <SelectInput binding=owner label="Bought by" options=owners tip={tip!("The team that bought the plan: its upfront cost counts in that team's cost and its use shows in that team's results; any job that names the plan may still use it", json = "training_plans[].owner_share")} />
            </div>
            {move || state.scenario.with(|s| draw(s, index))}
            <For each=move || 0..blocks.get() key=|k| *k children=move |k| view! { <BlockRow plan=index block=k /> } />
            <FieldMessages path=format!("{path}.blocks") exact=true />
            <button type="button" on:click=add_block disabled=too_many>"+ Add block"</button>
        </article>
    }
}

fn draw(scenario: &Scenario, index: usize) -> Option<impl IntoView> {
    let horizon = time_axis::horizon(scenario);
    let plan = scenario.training_plans.get(index)?;
    let bars = plan
        .blocks
        .iter()
        .map(|b| {
            let (x0, x1) = (time_axis::x(b.start_h, horizon), time_axis::x(b.end_h, horizon));
            let wind = time_axis::x((b.end_h - WIND_DOWN_H).max(b.start_h), horizon);
            view! {
                <rect class="plan-block" x=x0 y="4" width=(x1 - x0).max(0.5) height="20"><title>{format!("{} to {} h", b.start_h, b.end_h)}</title></rect>
                <rect class="plan-wind-down" x=wind y="4" width=(x1 - wind).max(0.0) height="20"><title>"last 30 minutes: jobs are stopped"</title></rect>
            }
        })
        .collect_view();
    let label = format!(
        "{} reserves {} {} during {}",
        plan.name,
        plan.count,
        plan.instance_type,
        counted(plan.blocks.len() as u64, "block")
    );
    Some(view! {
        <svg class="timeline" viewBox=time_axis::view_box(HEIGHT) role="img" aria-label=label>
            <TimeTicks horizon=horizon height=HEIGHT />
            {bars}
        </svg>
    })
}

#[component]
fn BlockRow(plan: usize, block: usize) -> impl IntoView {
    let item = plan_item(plan).nested("blocks", block, |p| &p.blocks, |p| &mut p.blocks);
    let start = item.bind_number("start_h", |b| b.start_h, |b, v| b.start_h = v);
    let end = item.bind_number("end_h", |b| b.end_h, |b, v| b.end_h = v);
    view! {
        <div class="field-row">
            <NumberInput binding=start label="Block start" unit="h" tip={tip!("When the reserved capacity becomes usable", json = "training_plans[].blocks[].start_h")} />
            <NumberInput binding=end label="Block end" unit="h" tip={tip!("When the reservation ends; jobs are stopped 30 minutes before", json = "training_plans[].blocks[].end_h")} />
            <RemoveButton title="Remove this block" remove=item.remove() />
        </div>
    }
}
