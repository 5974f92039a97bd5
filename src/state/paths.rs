//! From the engine's JSON paths to the controls that edit them.
//!
//! Every control is built with the JSON path of the field it edits (`quota_shares[1].borrow_limit`)
//! and gets an `id` derived from it, so a diagnostic can be shown next to its field and clicking
//! it in the summary can focus the field. A diagnostic about a part of a field
//! (`job_mixes[0].duration_h.lognormal.p90_h`) belongs to the control that edits the whole.

use quotalab_engine::Diagnostic;

/// Whether a diagnostic at `diagnostic_path` belongs to the control at `control_path`: the same
/// path, or a path inside it.
pub fn belongs_to(diagnostic_path: &str, control_path: &str) -> bool {
    match diagnostic_path.strip_prefix(control_path) {
        Some(rest) => rest.is_empty() || rest.starts_with('.') || rest.starts_with('['),
        None => false,
    }
}

/// The diagnostics shown at a control: those at its path or, unless `exact`, inside it.
pub fn diagnostics_at<'a>(
    all: impl Iterator<Item = &'a Diagnostic>,
    control_path: &str,
    exact: bool,
) -> Vec<Diagnostic> {
    all.filter(|d| {
        if exact {
            d.path == control_path
        } else {
            belongs_to(&d.path, control_path)
        }
    })
    .cloned()
    .collect()
}

/// The DOM id of the control editing `path`: `f-` and the path with every character that is not
/// a letter, digit or underscore turned into `-` (ids stay valid CSS selectors).
pub fn control_id(path: &str) -> String {
    let body: String = path
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("f-{body}")
}

/// `path` and its ancestors, innermost first: where to look for a control to focus when no
/// control edits `path` itself (`jobs[3].preferences[1]` -> `jobs[3].preferences` -> `jobs[3]`
/// -> `jobs`).
pub fn ancestors(path: &str) -> Vec<String> {
    let mut out = vec![path.to_string()];
    let mut rest = path;
    while let Some(cut) = rest.rfind(['.', '[']) {
        rest = &rest[..cut];
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
    }
    out
}

/// The BUILD tab that holds the controls for `path`, by its top-level field. Kueue objects are in
/// the Shares tab, which a Kueue scenario calls Queues.
pub fn section_of(path: &str) -> crate::state::Section {
    use crate::state::Section;
    let top = path.split(['.', '[']).next().unwrap_or("");
    match top {
        "instance_types" | "capacity" | "spot" | "training_plans" => Section::Capacity,
        "quota_shares" | "kueue" => Section::Shares,
        "jobs" | "job_mixes" => Section::Workload,
        "actions" => Section::Events,
        _ => Section::Scenario,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Section;

    #[test]
    fn a_field_owns_its_path_and_paths_inside_it() {
        assert!(belongs_to(
            "quota_shares[1].borrow_limit",
            "quota_shares[1].borrow_limit"
        ));
        assert!(belongs_to(
            "job_mixes[0].duration_h.lognormal.p90_h",
            "job_mixes[0].duration_h"
        ));
        assert!(belongs_to("jobs[3].preferences[1]", "jobs[3].preferences"));
        assert!(!belongs_to("quota_shares[10].name", "quota_shares[1]"));
        assert!(!belongs_to("jobs[0].priority_x", "jobs[0].priority"));
    }

    #[test]
    fn ids_are_stable_and_selector_safe() {
        assert_eq!(
            control_id("quota_shares[1].borrow_limit"),
            "f-quota_shares-1--borrow_limit"
        );
        assert_eq!(control_id(""), "f-");
    }

    #[test]
    fn ancestors_walk_out_to_the_top_field() {
        assert_eq!(
            ancestors("jobs[3].preferences[1]"),
            vec![
                "jobs[3].preferences[1]",
                "jobs[3].preferences",
                "jobs[3]",
                "jobs"
            ]
        );
        assert_eq!(ancestors("name"), vec!["name"]);
    }

    #[test]
    fn paths_map_to_their_tab() {
        assert_eq!(section_of("quota_shares[0].strategy"), Section::Shares);
        assert_eq!(
            section_of("kueue.cluster_queues[0].preemption.reclaim_within_cohort"),
            Section::Shares,
            "Kueue objects are edited where AWS shares are"
        );
        assert_eq!(
            section_of("job_mixes[2].template.priority"),
            Section::Workload
        );
        assert_eq!(section_of("capacity[0].changes[1].at_h"), Section::Capacity);
        assert_eq!(section_of("actions[0].at_h"), Section::Events);
        assert_eq!(section_of("horizon_h"), Section::Scenario);
        assert_eq!(section_of(""), Section::Scenario);
    }
}
