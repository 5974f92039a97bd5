//! Edits that touch more than one field: adding items with sensible defaults, and renames that
//! carry over to every reference (a share renamed on its card stays the share its jobs name).
//!
//! These are plain functions on a `Scenario`, called inside [`Editor::edit`](super::Editor::edit),
//! so each is one undo step and testable without a browser.

use quotalab_engine::result::Text;
use quotalab_engine::scenario::{
    Action, CapacityLimit, JobAttributes, JobMix, JobSpec, QuotaShare, Strategy, UpdateShare,
};
use quotalab_engine::Scenario;
use serde_json::json;

/// The type new items start with: the first one the scenario uses, else a small g5.
pub fn default_type(scenario: &Scenario) -> String {
    super::catalog::types_in_use(scenario)
        .into_iter()
        .next()
        .unwrap_or_else(|| "ml.g5.xlarge".to_string())
}

/// The type a new spot pool starts on: the first type the scenario uses that has no spot pool
/// yet, so a second pool does not duplicate the first; else the usual default.
pub fn spot_default_type(scenario: &Scenario) -> String {
    super::catalog::types_in_use(scenario)
        .into_iter()
        .find(|t| scenario.spot.iter().all(|p| &p.instance_type != t))
        .unwrap_or_else(|| default_type(scenario))
}

/// `base-1`, `base-2`, … : the first that `taken` does not contain.
pub fn fresh_name(base: &str, taken: impl Fn(&str) -> bool) -> String {
    (1..)
        .map(|k| format!("{base}-{k}"))
        .find(|name| !taken(name))
        .unwrap_or_else(|| base.to_string())
}

/// A one-instance job template on `instance_type`.
pub fn template(instance_type: &str) -> JobAttributes {
    serde_json::from_value(
        json!({ "instance_count": 1, "preferences": [ { "instance_type": instance_type } ] }),
    )
    .expect("a literal template deserialises")
}

pub fn add_share(scenario: &mut Scenario) {
    let name = fresh_name("team", |n| {
        scenario.quota_shares.iter().any(|s| s.name == n)
    });
    let instance_type = default_type(scenario);
    scenario.quota_shares.push(QuotaShare {
        name,
        capacity_limits: vec![CapacityLimit {
            instance_type,
            max_capacity: 1,
        }],
        strategy: Strategy::Lend,
        borrow_limit: None,
        in_share_preemption: false,
    });
}

pub fn add_mix(scenario: &mut Scenario) {
    let name = fresh_name("mix", |n| scenario.job_mixes.iter().any(|m| m.name == n));
    let mix = json!({ "name": name, "count": 5, "arrivals": { "every_h": 2, "start_h": 0 }, "duration_h": 2,
                      "template": template(&default_type(scenario)) });
    let mut mix: JobMix = serde_json::from_value(mix).expect("a literal mix deserialises");
    mix.share = scenario.quota_shares.first().map(|s| s.name.clone());
    scenario.job_mixes.push(mix);
}

pub fn add_job(scenario: &mut Scenario) {
    let name = fresh_name("job", |n| scenario.jobs.iter().any(|j| j.name == n));
    let share = scenario
        .quota_shares
        .first()
        .map(|s| Text::from(s.name.as_str()));
    let job = JobSpec::from_attributes(name, share, 0.0, 2.0, &template(&default_type(scenario)));
    scenario.jobs.to_mut().push(job);
}

/// A new action: the first share switches to `RESERVE` half-way through the horizon.
pub fn add_action(scenario: &mut Scenario) {
    let at_h = scenario.horizon_h.map_or(12.0, |h| (h / 2.0).round());
    let share = scenario
        .quota_shares
        .first()
        .map(|s| s.name.clone())
        .unwrap_or_default();
    scenario.actions.push(Action {
        at_h,
        set_priority: None,
        update_share: Some(UpdateShare {
            share,
            capacity_limits: None,
            strategy: Some(Strategy::Reserve),
            borrow_limit: None,
            in_share_preemption: None,
        }),
        cancel: None,
    });
}

/// Renames share `index` and every job, mix and action naming it. When the old name was not
/// unique, references are left alone: they cannot be told apart.
pub fn rename_share(scenario: &mut Scenario, index: usize, new_name: &str) {
    let Some(old) = rename(&mut scenario.quota_shares, index, |s| &mut s.name, new_name) else {
        return;
    };
    let (new_text, new_string) = (Text::from(new_name), new_name.to_string());
    for job in scenario.jobs.to_mut().iter_mut() {
        follow(&mut job.share, &old, &new_text);
    }
    let mixes = scenario.job_mixes.iter_mut().map(|m| &mut m.share);
    let plans = scenario
        .training_plans
        .iter_mut()
        .map(|p| &mut p.owner_share);
    mixes
        .chain(plans)
        .for_each(|link| follow(link, &old, &new_string));
    for update in scenario
        .actions
        .iter_mut()
        .filter_map(|a| a.update_share.as_mut())
    {
        if update.share == old {
            update.share = new_name.to_string();
        }
    }
}

/// Renames training plan `index` and every preference entry that uses it.
pub fn rename_plan(scenario: &mut Scenario, index: usize, new_name: &str) {
    let Some(old) = rename(
        &mut scenario.training_plans,
        index,
        |p| &mut p.name,
        new_name,
    ) else {
        return;
    };
    let entries = scenario
        .jobs
        .to_mut()
        .iter_mut()
        .flat_map(|j| j.preferences.iter_mut())
        .chain(
            scenario
                .job_mixes
                .iter_mut()
                .flat_map(|m| m.template.preferences.iter_mut()),
        );
    let new_link = Text::from(new_name);
    for entry in entries {
        follow(&mut entry.training_plan, &old, &new_link);
    }
}

/// Renames entry `index` of `list`; returns its old name when that was unique, so what named it
/// can follow (a duplicate name named two objects, and the other keeps its links).
pub(super) fn rename<O>(
    list: &mut [O],
    index: usize,
    name: fn(&mut O) -> &mut String,
    new_name: &str,
) -> Option<String> {
    let old = name(list.get_mut(index)?).clone();
    let unique = list.iter_mut().map(name).filter(|n| **n == old).count() == 1;
    *name(&mut list[index]) = new_name.to_string();
    unique.then_some(old)
}

/// A link to `old` now names `new`: a `String`, or a `Text` that every link renamed shares.
pub(super) fn follow<Name: AsRef<str> + Clone>(link: &mut Option<Name>, old: &str, new: &Name) {
    if link.as_ref().map(AsRef::as_ref) == Some(old) {
        *link = Some(new.clone());
    }
}

/// Moves item `index` of `items` one place up (`-1`) or down (`1`); out-of-range moves do nothing.
pub fn move_item<T>(items: &mut [T], index: usize, step: isize) {
    let Some(target) = index.checked_add_signed(step) else {
        return;
    };
    if index < items.len() && target < items.len() {
        items.swap(index, target);
    }
}

/// Removes item `index` of `items`; an index past the end (a list edited meanwhile) removes
/// nothing. Every list's remove button goes through here.
pub fn remove_item<T>(items: &mut Vec<T>, index: usize) {
    if index < items.len() {
        items.remove(index);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::default_scenario;

    #[test]
    fn a_new_spot_pool_takes_a_used_type_without_a_pool() {
        let mut s = default_scenario();
        let used = crate::state::catalog::types_in_use(&s);
        s.spot.clear();
        assert_eq!(spot_default_type(&s), used[0]);
        s.spot.push(quotalab_engine::scenario::SpotPool {
            instance_type: used[0].clone(),
            count: 1,
            price_factor: 0.3,
            interruptions_per_h: 0.05,
        });
        let second = spot_default_type(&s);
        assert!(
            used.contains(&second),
            "{second} is a type the scenario uses"
        );
        if used.len() > 1 {
            assert_ne!(second, used[0]);
        }
    }

    #[test]
    fn renaming_a_share_keeps_its_jobs() {
        let mut s = default_scenario();
        rename_share(&mut s, 0, "research");
        assert_eq!(s.job_mixes[0].share.as_deref(), Some("research"));
        assert!(s.validate().is_valid(), "{:?}", s.validate().errors);
    }

    #[test]
    fn added_items_are_valid() {
        let mut s = default_scenario();
        add_share(&mut s);
        add_mix(&mut s);
        add_job(&mut s);
        add_action(&mut s);
        assert!(s.validate().is_valid(), "{:?}", s.validate().errors);
        assert_eq!(s.quota_shares[3].name, "team-1");
    }

    #[test]
    fn moving_reorders_and_ignores_the_edges() {
        let mut v = vec![1, 2, 3];
        move_item(&mut v, 0, -1);
        move_item(&mut v, 2, 1);
        assert_eq!(v, vec![1, 2, 3]);
        move_item(&mut v, 2, -1);
        assert_eq!(v, vec![1, 3, 2]);
    }

    #[test]
    fn removing_takes_out_one_item_and_ignores_an_index_past_the_end() {
        let mut v = vec![1, 2, 3];
        remove_item(&mut v, 3);
        assert_eq!(v, vec![1, 2, 3]);
        remove_item(&mut v, 1);
        assert_eq!(v, vec![1, 3]);
    }
}
