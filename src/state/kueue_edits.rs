//! Edits of a scenario's Kueue objects that touch more than one field: renaming a ClusterQueue or
//! a Cohort carries the name to what refers to it, adding one makes it valid at once, and a
//! flavor moves within its queue's order (docs/KUEUE.md, "Flavors": the order is the order tried).
//! Each is one `Editor::edit`, so one undo step.

use super::edits::{follow, rename};
use quotalab_engine::quantity::Quantity;
use quotalab_engine::result::Text;
use quotalab_engine::scenario::kueue::{ClusterQueue, Cohort, LabelSelector, ResourceGroup};
use quotalab_engine::Scenario;

/// Renames ClusterQueue `index`; when the old name was unique, jobs, mixes and LocalQueues that
/// named it follow.
pub fn rename_cluster_queue(scenario: &mut Scenario, index: usize, new_name: &str) {
    let Some(k) = scenario.kueue.as_deref_mut() else {
        return;
    };
    let Some(old) = rename(&mut k.cluster_queues, index, |q| &mut q.name, new_name) else {
        return;
    };
    for lq in k
        .local_queues
        .iter_mut()
        .filter(|lq| lq.cluster_queue == old)
    {
        lq.cluster_queue = new_name.to_string();
    }
    let (new_text, new_string) = (Text::from(new_name), new_name.to_string());
    for job in scenario.jobs.to_mut().iter_mut() {
        follow(&mut job.share, &old, &new_text);
    }
    for mix in &mut scenario.job_mixes {
        follow(&mut mix.share, &old, &new_string);
    }
}

/// Renames Cohort `index`; when the old name was unique, the queues in it and the cohorts below
/// it follow.
pub fn rename_cohort(scenario: &mut Scenario, index: usize, new_name: &str) {
    let Some(k) = scenario.kueue.as_deref_mut() else {
        return;
    };
    let Some(old) = rename(&mut k.cohorts, index, |c| &mut c.name, new_name) else {
        return;
    };
    let queues = k.cluster_queues.iter_mut().map(|q| &mut q.cohort);
    let cohorts = k.cohorts.iter_mut().map(|c| &mut c.parent);
    let new_link = new_name.to_string();
    queues
        .chain(cohorts)
        .for_each(|link| follow(link, &old, &new_link));
}

/// Adds a ClusterQueue in the first cohort, with the first queue's flavors and resources at a
/// nominal quota of 0 (so it validates and can be given quota), admitting every namespace.
pub fn add_cluster_queue(scenario: &mut Scenario) {
    let k = scenario.kueue.get_or_insert_with(Default::default);
    let name = unused(
        |n| k.cluster_queues.iter().any(|q| q.name == n) || k.cohorts.iter().any(|c| c.name == n),
        "queue",
    );
    let resource_groups = k
        .cluster_queues
        .first()
        .map(|q| q.resource_groups.iter().map(zero_quotas).collect())
        .unwrap_or_default();
    k.cluster_queues.push(ClusterQueue {
        name,
        cohort: k.cohorts.first().map(|c| c.name.clone()),
        resource_groups,
        queueing_strategy: Default::default(),
        namespace_selector: Some(LabelSelector::default()),
        flavor_fungibility: Default::default(),
        preemption: Default::default(),
        fair_sharing: None,
        stop_policy: Default::default(),
    });
}

/// Adds a root Cohort.
pub fn add_cohort(scenario: &mut Scenario) {
    let k = scenario.kueue.get_or_insert_with(Default::default);
    let name = unused(
        |n| k.cohorts.iter().any(|c| c.name == n) || k.cluster_queues.iter().any(|q| q.name == n),
        "cohort",
    );
    k.cohorts.push(Cohort {
        name,
        parent: None,
        resource_groups: Vec::new(),
        fair_sharing: None,
    });
}

/// Moves flavor `flavor` of group `group` of queue `queue` one place earlier (`earlier`) or
/// later in the order its workloads try flavors.
pub fn move_flavor(
    scenario: &mut Scenario,
    queue: usize,
    group: usize,
    flavor: usize,
    earlier: bool,
) {
    let Some(flavors) = scenario
        .kueue
        .as_deref_mut()
        .and_then(|k| k.cluster_queues.get_mut(queue))
        .and_then(|q| q.resource_groups.get_mut(group))
        .map(|g| &mut g.flavors)
    else {
        return;
    };
    let other = if earlier {
        flavor.checked_sub(1)
    } else {
        Some(flavor + 1)
    };
    if let Some(other) = other.filter(|&o| o < flavors.len() && flavor < flavors.len()) {
        flavors.swap(flavor, other);
    }
}

fn zero_quotas(group: &ResourceGroup) -> ResourceGroup {
    let mut group = group.clone();
    for quota in group
        .flavors
        .iter_mut()
        .flat_map(|f| f.resources.iter_mut())
    {
        quota.nominal_quota = Quantity::zero();
        quota.borrowing_limit = None;
        quota.lending_limit = None;
    }
    group
}

/// `stem-1`, `stem-2`… the first that `taken` refuses not.
fn unused(taken: impl Fn(&str) -> bool, stem: &str) -> String {
    (1..)
        .map(|n| format!("{stem}-{n}"))
        .find(|n| !taken(n))
        .expect("an unused name exists among finitely many objects")
}

#[cfg(test)]
mod tests {
    use super::*;

    const THREE_TEAMS: &str = include_str!("../../scenarios/kueue-three-teams.json");

    fn three_teams() -> Scenario {
        Scenario::parse_json(THREE_TEAMS).expect("the gallery example parses")
    }

    #[test]
    fn renaming_a_queue_carries_the_name_to_its_jobs_and_keeps_the_scenario_valid() {
        let mut s = three_teams();
        rename_cluster_queue(&mut s, 0, "vision");
        assert_eq!(s.kueue.as_ref().unwrap().cluster_queues[0].name, "vision");
        assert!(s
            .job_mixes
            .iter()
            .any(|m| m.share.as_deref() == Some("vision")));
        assert!(s
            .job_mixes
            .iter()
            .all(|m| m.share.as_deref() != Some("research")));
        assert!(s.validate().is_valid(), "{:?}", s.validate().errors);
    }

    #[test]
    fn renaming_a_cohort_carries_the_name_to_its_queues() {
        let mut s = three_teams();
        rename_cohort(&mut s, 0, "company");
        let k = s.kueue.as_ref().unwrap();
        assert!(k
            .cluster_queues
            .iter()
            .all(|q| q.cohort.as_deref() == Some("company")));
        assert!(s.validate().is_valid(), "{:?}", s.validate().errors);
    }

    #[test]
    fn an_added_queue_and_cohort_validate_and_have_fresh_names() {
        let mut s = three_teams();
        add_cluster_queue(&mut s);
        add_cluster_queue(&mut s);
        add_cohort(&mut s);
        let k = s.kueue.as_ref().unwrap();
        let names: Vec<&str> = k.cluster_queues.iter().map(|q| q.name.as_str()).collect();
        assert_eq!(names[3..], ["queue-1", "queue-2"]);
        assert_eq!(k.cohorts[1].name, "cohort-1");
        assert_eq!(k.cluster_queues[3].resource_groups[0].flavors.len(), 2);
        assert!(s.validate().is_valid(), "{:?}", s.validate().errors);
    }

    #[test]
    fn a_flavor_moves_within_its_queue_and_not_past_the_ends() {
        let mut s = three_teams();
        let order = |s: &Scenario| -> Vec<String> {
            s.kueue.as_ref().unwrap().cluster_queues[0].resource_groups[0]
                .flavors
                .iter()
                .map(|f| f.name.clone())
                .collect()
        };
        move_flavor(&mut s, 0, 0, 1, true);
        assert_eq!(order(&s), ["a10g-spot", "a10g"]);
        move_flavor(&mut s, 0, 0, 1, false);
        assert_eq!(order(&s), ["a10g-spot", "a10g"], "the last cannot go later");
        move_flavor(&mut s, 0, 0, 0, true);
        assert_eq!(
            order(&s),
            ["a10g-spot", "a10g"],
            "the first cannot go earlier"
        );
    }
}
