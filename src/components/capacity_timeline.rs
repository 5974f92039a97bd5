//! On-demand capacity of one type as a step timeline (docs/FORMAT.md `capacity`): the starting
//! count, then `changes` at given hours, drawn as a step line over the scenario's time axis.

use super::binding::ListItem;
use super::choice_inputs::SelectInput;
use super::field_messages::FieldMessages;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
use super::time_axis::{self, TimeTicks};
use super::tip::tip;
use crate::state::paths::control_id;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::{Capacity, CapacityChange};

const HEIGHT: f64 = 70.0;
const PLOT: f64 = 52.0;

/// The step line's points: `(hour, count)` corners from 0 to the horizon.
pub fn steps(capacity: &Capacity, horizon: f64) -> Vec<(f64, u32)> {
    let mut points = vec![(0.0, capacity.count)];
    for change in &capacity.changes {
        let last = points.last().map_or(0, |p| p.1);
        points.push((change.at_h, last));
        points.push((change.at_h, change.count));
    }
    let last = points.last().map_or(0, |p| p.1);
    points.push((horizon, last));
    points
}

/// Capacity pool `index`, whose card binds its fields and whose step rows bind their own.
fn pool(index: usize) -> ListItem<Capacity> {
    ListItem::new("capacity", index, |s| &s.capacity, |s| &mut s.capacity)
}

#[component]
pub fn CapacityTimeline(index: usize) -> impl IntoView {
    let state = use_editor();
    let pool = pool(index);
    let path = pool.path.clone();
    let instance_type = pool.bind(
        "instance_type",
        |c| c.instance_type.clone(),
        |c, v| c.instance_type = v,
    );
    let count = pool.bind_count("count", |c| c.count, |c, v| c.count = v);
    let changes = Memo::new(move |_| {
        state
            .scenario
            .with(|s| s.capacity.get(index).map_or(0, |c| c.changes.len()))
    });
    let add_step = move |_| {
        state.edit(|s| {
            let horizon = time_axis::horizon(s);
            if let Some(c) = s.capacity.get_mut(index) {
                let (at, count) = c
                    .changes
                    .last()
                    .map_or((0.0, c.count), |ch| (ch.at_h, ch.count));
                c.changes.push(CapacityChange {
                    at_h: (at + horizon / 4.0).min(horizon).round(),
                    count,
                });
            }
        })
    };
    view! {
        <article class="card" id=control_id(&path) tabindex="-1" data-testid="capacity-timeline">
            <div class="field-row">
                <SelectInput binding=instance_type label="Instance type" options=options::instance_types()
                    tip={tip!("The instance type of this on-demand pool", json = "capacity[].instance_type")} />
                <NumberInput binding=count label="Instances at 0 h" unit="instances" numbers=Numbers::WholeFrom(0)
                    tip={tip!("On-demand instances of this type that may run at once, from the start", json = "capacity[].count")} />
                <RemoveButton title="Remove this pool" remove=pool.remove() />
            </div>
            {move || state.scenario.with(|s| draw(s, index))}
            <For each=move || 0..changes.get() key=|k| *k children=move |k| view! { <StepRow capacity=index step=k /> } />
            <FieldMessages path=format!("{path}.changes") exact=true />
            <button type="button" on:click=add_step>"+ Add step"</button>
        </article>
    }
}

fn draw(scenario: &quotalab_engine::Scenario, index: usize) -> Option<impl IntoView> {
    let horizon = time_axis::horizon(scenario);
    let capacity = scenario.capacity.get(index)?;
    let points = steps(capacity, horizon);
    let top = f64::from(points.iter().map(|p| p.1).max().unwrap_or(1).max(1));
    let y = |n: u32| 4.0 + PLOT - f64::from(n) / top * PLOT;
    let line: Vec<String> = points
        .iter()
        .map(|(t, n)| format!("{:.1},{:.1}", time_axis::x(*t, horizon), y(*n)))
        .collect();
    let label = format!(
        "{} on-demand instances over time: {}",
        capacity.instance_type,
        points
            .iter()
            .map(|(t, n)| format!("{n} from {t} h"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Some(view! {
        <svg class="timeline" viewBox=time_axis::view_box(HEIGHT) role="img" aria-label=label>
            <TimeTicks horizon=horizon height=HEIGHT />
            <text class="tick-label" x="-7" y=y(top as u32) + 3.0>{format!("{top}")}</text>
            <polyline class="step-line" points=line.join(" ") />
        </svg>
    })
}

#[component]
fn StepRow(capacity: usize, step: usize) -> impl IntoView {
    let change = pool(capacity).nested("changes", step, |c| &c.changes, |c| &mut c.changes);
    let at = change.bind_number("at_h", |c| c.at_h, |c, v| c.at_h = v);
    let count = change.bind_count("count", |c| c.count, |c, v| c.count = v);
    view! {
        <div class="field-row">
            <NumberInput binding=at label="From" unit="h" tip={tip!("When the pool changes size; steps are in time order", json = "capacity[].changes[].at_h")} />
            <NumberInput binding=count label="Instances" unit="instances" numbers=Numbers::WholeFrom(0)
                tip={tip!("The pool size from then on; running jobs are not stopped when it drops (SEMANTICS §1)", json = "capacity[].changes[].count")} />
            <RemoveButton title="Remove this step" remove=change.remove() />
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_trace_the_pool_size() {
        let c: Capacity = serde_json::from_str(
            r#"{"instance_type":"t","count":3,"changes":[{"at_h":10,"count":1}]}"#,
        )
        .expect("parses");
        assert_eq!(
            steps(&c, 48.0),
            vec![(0.0, 3), (10.0, 3), (10.0, 1), (48.0, 1)]
        );
    }
}
