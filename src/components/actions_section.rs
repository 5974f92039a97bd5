//! The Events tab: scripted actions (docs/FORMAT.md `actions`) on the time axis, then one row each.
//! An action changes a job's priority, updates a share's terms, or cancels a job at an hour.

use super::binding::{bind, Binding, ListItem};
use super::capacity_limits::{CapacityLimits, LimitsOwner};
use super::choice_inputs::{SelectInput, TextInput};
use super::field_messages::FieldMessages;
use super::number_input::{NumberInput, Numbers};
use super::options;
use super::remove_button::RemoveButton;
use super::time_axis::{self, TimeTicks};
use super::tip::tip;
use crate::state::palette::share_paint_by_name;
use crate::state::paths::control_id;
use crate::state::{edits, use_editor};
use leptos::prelude::*;
use quotalab_engine::scenario::{
    Action, ActionKind, Cancel, CapacityLimit, SetPriority, Strategy, UpdateShare,
};
use quotalab_engine::Scenario;

const HEIGHT: f64 = 44.0;

fn kind_name(a: &Action) -> &'static str {
    match a.kind() {
        Some(ActionKind::SetPriority(_)) => "set_priority",
        Some(ActionKind::Cancel(_)) => "cancel",
        _ => "update_share",
    }
}

/// One line for the timeline's tooltips and screen readers.
fn describe(a: &Action) -> String {
    match a.kind() {
        Some(ActionKind::SetPriority(p)) => {
            format!("{} h: priority of {} becomes {}", a.at_h, p.job, p.priority)
        }
        Some(ActionKind::Cancel(c)) => format!("{} h: cancel {}", a.at_h, c.job),
        Some(ActionKind::UpdateShare(u)) => format!(
            "{} h: update share {}{}",
            a.at_h,
            u.share,
            u.strategy
                .map(|s| format!(" to {}", s.as_str()))
                .unwrap_or_default()
        ),
        None => format!("{} h: (invalid action)", a.at_h),
    }
}

#[component]
pub fn ActionsSection() -> impl IntoView {
    let state = use_editor();
    let count = Memo::new(move |_| state.scenario.with(|s| s.actions.len()));
    view! {
        <section class="build-section" aria-label="Scripted actions">
            <h3 id="f-actions" tabindex="-1">"Scripted actions"</h3>
            {move || state.scenario.with(draw)}
            <For each=move || 0..count.get() key=|i| *i children=|i| view! { <ActionRow index=i /> } />
            {move || (count.get() == 0).then(|| view! { <p class="empty">"Nothing happens on its own. Add an action to change a share's terms, a job's priority, or cancel a job at a given hour."</p> })}
            <button type="button" on:click=move |_| state.edit(edits::add_action)>"+ Add action"</button>
        </section>
    }
}

fn draw(s: &Scenario) -> impl IntoView {
    let horizon = time_axis::horizon(s);
    let marks = s.actions.iter().map(|a| {
        let x = time_axis::x(a.at_h, horizon);
        let colour = a.update_share.as_ref().map_or("#555555", |u| share_paint_by_name(s, &u.share));
        view! { <g class="action-mark"><line x1=x x2=x y1="2" y2="30" stroke=colour stroke-width="2" /><circle cx=x cy="6" r="4" fill=colour /><title>{describe(a)}</title></g> }
    }).collect_view();
    let label = format!(
        "{} scripted actions: {}",
        s.actions.len(),
        s.actions
            .iter()
            .map(describe)
            .collect::<Vec<_>>()
            .join("; ")
    );
    view! {
        <svg class="timeline" viewBox=time_axis::view_box(HEIGHT) role="img" aria-label=label>
            <TimeTicks horizon=horizon height=HEIGHT />
            {marks}
        </svg>
    }
}

fn set_kind(a: &mut Action, kind: &str, first_share: String) {
    let job = a
        .set_priority
        .as_ref()
        .map(|p| p.job.clone())
        .or_else(|| a.cancel.as_ref().map(|c| c.job.clone()))
        .unwrap_or_default();
    a.set_priority = None;
    a.update_share = None;
    a.cancel = None;
    match kind {
        "set_priority" => a.set_priority = Some(SetPriority { job, priority: 100 }),
        "cancel" => a.cancel = Some(Cancel { job }),
        _ => {
            a.update_share = Some(UpdateShare {
                share: first_share,
                capacity_limits: None,
                strategy: Some(Strategy::Reserve),
                borrow_limit: None,
                in_share_preemption: None,
            })
        }
    }
}

#[component]
fn ActionRow(index: usize) -> impl IntoView {
    let state = use_editor();
    let action = ListItem::new("actions", index, |s| &s.actions, |s| &mut s.actions);
    let path = action.path.clone();
    let get = move |s: &Scenario| s.actions.get(index).cloned();
    let at = action.bind_number("at_h", |a| a.at_h, |a, v| a.at_h = v);
    // Not a field of the format: which of its three fields an action sets is its kind. A path of
    // its own keeps the select from listing every diagnostic inside the action a second time.
    let kind = bind(
        format!("{path}.kind"),
        move |s| get(s).map(|a| kind_name(&a).to_string()),
        move |s, v: String| {
            let first = s
                .quota_shares
                .first()
                .map(|q| q.name.clone())
                .unwrap_or_default();
            if let Some(a) = s.actions.get_mut(index) {
                if kind_name(a) != v {
                    set_kind(a, &v, first);
                }
            }
        },
    );
    let kinds = vec![
        ("update_share".into(), "update share".into()),
        ("set_priority".into(), "set priority".into()),
        ("cancel".into(), "cancel job".into()),
    ];
    let current = Memo::new(move |_| state.scenario.with(|s| get(s).map(|a| kind_name(&a))));
    view! {
        <article class="card action-row" id=control_id(&path) tabindex="-1">
            <div class="field-row">
                <NumberInput binding=at label="At" unit="h" tip={tip!("The hour the change happens", json = "actions[].at_h")} />
                <SelectInput binding=kind label="Action" options=kinds tip={tip!("What happens then: a share changes, a job gets a new priority, or a job is cancelled", api = "UpdateQuotaShare, UpdateServiceJob, CancelJob")} />
                <RemoveButton title="Remove this action" remove=action.remove() />
            </div>
            <FieldMessages path=path.clone() exact=true />
            {move || match current.get() {
                Some("update_share") => view! { <UpdateShareFields index=index /> }.into_any(),
                Some(kind) => view! { <JobActionFields index=index priority=kind == "set_priority" /> }.into_any(),
                None => ().into_any(),
            }}
        </article>
    }
}

#[component]
fn JobActionFields(index: usize, priority: bool) -> impl IntoView {
    let path = format!("actions[{index}]");
    let field = if priority { "set_priority" } else { "cancel" };
    let job: Binding<String> = bind(
        format!("{path}.{field}.job"),
        move |s| {
            let a = s.actions.get(index)?;
            a.set_priority
                .as_ref()
                .map(|p| p.job.clone())
                .or_else(|| a.cancel.as_ref().map(|c| c.job.clone()))
        },
        move |s, v: String| {
            if let Some(a) = s.actions.get_mut(index) {
                if let Some(p) = a.set_priority.as_mut() {
                    p.job = v.clone();
                }
                if let Some(c) = a.cancel.as_mut() {
                    c.job = v;
                }
            }
        },
    );
    let value = bind(
        format!("{path}.set_priority.priority"),
        move |s| {
            Some(
                s.actions
                    .get(index)?
                    .set_priority
                    .as_ref()
                    .map(|p| f64::from(p.priority)),
            )
        },
        move |s, v: Option<f64>| {
            if let Some(p) = s
                .actions
                .get_mut(index)
                .and_then(|a| a.set_priority.as_mut())
            {
                p.priority = v.unwrap_or(0.0) as i32;
            }
        },
    );
    view! {
        <div class="field-row">
            <TextInput binding=job label="Job" tip={tip!("The job it applies to; generated jobs are named <mix>-<k>", json = "actions[].job")} />
            {priority.then(|| view! { <NumberInput binding=value label="New priority" numbers=Numbers::WholeFrom(0) tip={tip!("The job's priority from this hour on, 0 to 9999", api = "schedulingPriority")} /> })}
        </div>
    }
}

#[component]
fn UpdateShareFields(index: usize) -> impl IntoView {
    let path = format!("actions[{index}].update_share");
    let update = move |s: &mut Scenario, f: &dyn Fn(&mut UpdateShare)| {
        if let Some(u) = s
            .actions
            .get_mut(index)
            .and_then(|a| a.update_share.as_mut())
        {
            f(u)
        }
    };
    let get = move |s: &Scenario| s.actions.get(index).and_then(|a| a.update_share.clone());
    let share = bind(
        format!("{path}.share"),
        move |s| get(s).map(|u| u.share),
        move |s, v: String| update(s, &|u| u.share = v.clone()),
    );
    let strategy = bind(
        format!("{path}.strategy"),
        move |s| {
            get(s).map(|u| {
                u.strategy
                    .map(|x| x.as_str().to_string())
                    .unwrap_or_default()
            })
        },
        move |s, v: String| {
            update(s, &|u| {
                u.strategy = serde_json::from_value(serde_json::Value::String(v.clone())).ok()
            })
        },
    );
    let borrow = bind(
        format!("{path}.borrow_limit"),
        move |s| get(s).map(|u| u.borrow_limit.map(|b| b as f64)),
        move |s, v: Option<f64>| update(s, &|u| u.borrow_limit = v.map(|b| b as i64)),
    );
    let preemption = bind(
        format!("{path}.in_share_preemption"),
        move |s| {
            get(s).map(|u| {
                match u.in_share_preemption {
                    Some(true) => "on",
                    Some(false) => "off",
                    None => "",
                }
                .to_string()
            })
        },
        move |s, v: String| {
            update(s, &|u| {
                u.in_share_preemption = match v.as_str() {
                    "on" => Some(true),
                    "off" => Some(false),
                    _ => None,
                }
            })
        },
    );
    let changes_limits = bind(
        format!("{path}.capacity_limits"),
        move |s| get(s).map(|u| u.capacity_limits.is_some()),
        move |s, on: bool| {
            let start = get(s)
                .map(|u| start_limits(s, &u.share))
                .unwrap_or_default();
            update(s, &|u| u.capacity_limits = on.then(|| start.clone()))
        },
    );
    let has_limits = changes_limits.value;
    // Not a `CheckInput`: that would list the limits' own diagnostics a second time, under the
    // switch; they belong to the limit fields and to the fieldset (`CapacityLimits`).
    let toggle_id = format!("{}-toggle", control_id(&changes_limits.path));
    let set_limits = changes_limits.set;
    let limits_tip = tip!("New limits from this hour on; they replace all of the team's limits, and lowering one below what runs preempts its jobs (limit lowered)", api = "UpdateQuotaShare capacityLimits");
    let mut strategies = vec![(String::new(), "unchanged".to_string())];
    strategies.extend(options::strategies());
    let switches = vec![
        (String::new(), "unchanged".to_string()),
        ("on".into(), "on".into()),
        ("off".into(), "off".into()),
    ];
    view! {
        <div class="field-row">
            <SelectInput binding=share label="Share" options=options::shares() tip={tip!("The team whose share changes", api = "UpdateQuotaShare quotaShareName")} />
            <SelectInput binding=strategy label="New strategy" options=strategies tip={tip!("Whether the team keeps, lends or lends and borrows from this hour on", api = "resourceSharingConfiguration.strategy")} />
            <NumberInput binding=borrow label="New borrow limit" unit="%" numbers=Numbers::WholeFrom(-1) optional=true placeholder="unchanged" tip={tip!("How far beyond its own limits the team may borrow from this hour on, in percent; only when it lends and borrows", api = "borrowLimit")} />
            <SelectInput binding=preemption label="In-share preemption" options=switches tip={tip!("Whether a job may preempt lower-priority jobs of its own team from this hour on", api = "preemptionConfiguration.inSharePreemption")} />
        </div>
        <div class="field check-field">
            <input id=toggle_id.clone() type="checkbox" title=limits_tip data-testid="action-changes-limits"
                prop:checked=move || has_limits.get() on:change=move |ev| set_limits.run(event_target_checked(&ev)) />
            <label for=toggle_id title=limits_tip>"Change capacity limits"</label>
        </div>
        {move || has_limits.get().then(|| view! { <CapacityLimits owner=LimitsOwner::Action(index) /> })}
    }
}

/// The limits an action starts from when it is set to change them: the share's own, so the user
/// edits what is there instead of typing it again.
fn start_limits(s: &Scenario, share: &str) -> Vec<CapacityLimit> {
    s.quota_shares
        .iter()
        .find(|q| q.name == share)
        .map(|q| q.capacity_limits.clone())
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| {
            vec![CapacityLimit {
                instance_type: edits::default_type(s),
                max_capacity: 1,
            }]
        })
}
