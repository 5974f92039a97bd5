//! Where a JSON path is in the form, in the scenario's own names: the engine's diagnostics carry
//! `job_mixes[0].template.preferences[0].instance_count`; people read "NLP fine-tune ›
//! preference 1 › count". Messages lead with this, and show the JSON path second.

use quotalab_engine::Scenario;

/// The separator between the steps of a place.
const STEP: &str = " \u{203a} ";

/// One step of a JSON path: a field and, for a list, the index into it.
fn steps(path: &str) -> Vec<(&str, Option<usize>)> {
    path.split('.')
        .filter(|s| !s.is_empty())
        .map(|step| match step.split_once('[') {
            Some((field, rest)) => (field, rest.trim_end_matches(']').parse().ok()),
            None => (step, None),
        })
        .collect()
}

/// A field's name in words: `borrow_limit` -> "borrow limit", `at_h` -> "at".
fn field_words(field: &str) -> String {
    let words = match field {
        "instance_count" => "count",
        "max_capacity" => "max",
        "duration_h" => "duration",
        "name" => "name",
        other => other.strip_suffix("_h").unwrap_or(other),
    };
    words.replace('_', " ")
}

/// An item of a top-level list, by its name where it has one.
fn item(scenario: &Scenario, list: &str, i: usize) -> String {
    let named = |name: Option<&String>, what: &str| {
        name.filter(|n| !n.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("{what} {}", i + 1))
    };
    match list {
        "quota_shares" => named(scenario.quota_shares.get(i).map(|q| &q.name), "share"),
        "job_mixes" => named(scenario.job_mixes.get(i).map(|m| &m.name), "job mix"),
        "jobs" => named(scenario.jobs.get(i).map(|j| &j.name), "job"),
        "training_plans" => named(scenario.training_plans.get(i).map(|p| &p.name), "plan"),
        "instance_types" => named(scenario.instance_types.get(i).map(|t| &t.name), "type"),
        "capacity" => scenario.capacity.get(i).map_or_else(
            || format!("capacity {}", i + 1),
            |c| format!("on-demand {}", c.instance_type),
        ),
        "spot" => scenario.spot.get(i).map_or_else(
            || format!("spot pool {}", i + 1),
            |p| format!("spot {}", p.instance_type),
        ),
        "actions" => format!("event {}", i + 1),
        other => format!("{} {}", field_words(other), i + 1),
    }
}

/// An item of a list inside an item: "preference 1", "limit 2", "block 1".
fn inner_item(field: &str, i: usize) -> String {
    let what = match field {
        "preferences" => "preference",
        "capacity_limits" => "limit",
        "blocks" => "block",
        "changes" => "change",
        other => return format!("{} {}", field_words(other), i + 1),
    };
    format!("{what} {}", i + 1)
}

/// The place of `path` in the form, e.g. "NLP fine-tune › preference 1 › count"; "scenario"
/// for the whole document.
pub fn place(scenario: &Scenario, path: &str) -> String {
    let steps = steps(path);
    let Some(((top, index), rest)) = steps.split_first() else {
        return "scenario".to_owned();
    };
    let mut words = vec![match index {
        Some(i) => item(scenario, top, *i),
        None if *top == "name" => "scenario name".to_owned(),
        None => field_words(top),
    }];
    for (field, index) in rest {
        match (*field, index) {
            // A job mix's template is the mix itself to the person editing it.
            ("template", None) => {}
            (field, Some(i)) => words.push(inner_item(field, *i)),
            (field, None) => words.push(field_words(field)),
        }
    }
    words.join(STEP)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::default_scenario;

    #[test]
    fn a_mix_preference_count_reads_in_the_scenarios_names() {
        let s = default_scenario();
        let mix = s.job_mixes[0].name.clone();
        assert_eq!(
            place(&s, "job_mixes[0].template.preferences[0].instance_count"),
            format!("{mix} \u{203a} preference 1 \u{203a} count")
        );
    }

    #[test]
    fn shares_limits_and_top_level_fields() {
        let s = default_scenario();
        let share = s.quota_shares[1].name.clone();
        assert_eq!(
            place(&s, "quota_shares[1].borrow_limit"),
            format!("{share} \u{203a} borrow limit")
        );
        assert_eq!(
            place(&s, "quota_shares[1].capacity_limits[0].max_capacity"),
            format!("{share} \u{203a} limit 1 \u{203a} max")
        );
        assert_eq!(place(&s, "horizon_h"), "horizon");
        assert_eq!(place(&s, "name"), "scenario name");
        assert_eq!(place(&s, ""), "scenario");
        assert_eq!(place(&s, "actions[2].at_h"), "event 3 \u{203a} at");
    }

    #[test]
    fn an_index_past_the_list_still_reads() {
        let s = default_scenario();
        assert_eq!(place(&s, "quota_shares[40].name"), "share 41 \u{203a} name");
    }
}
