//! What a share's agreement promises, in plain language, one [`Term`] per AWS field
//! (SEMANTICS §2 for limits and strategies, §5 for reclaim, in-share preemption and retries).

use super::fact::Term;
use super::numbers;
use quotalab_engine::scenario::{
    borrow_limit_words, preemption_words, ActionKind, CapacityLimit, QuotaShare, Scenario,
    Strategy, UpdateShare,
};
use std::collections::BTreeMap;

/// The promises of `share`, in the order a reader checks them.
pub fn of_share(scenario: &Scenario, share: &QuotaShare) -> Vec<Term> {
    let mut terms = vec![
        Term {
            topic: "Capacity limits".into(),
            field: "capacityLimits".into(),
            value: None,
            text: format!(
                "up to {}; no other instance type{}.",
                limits(&share.capacity_limits),
                if share.strategy == Strategy::LendAndBorrow {
                    ", even when borrowing"
                } else {
                    ""
                }
            ),
        },
        Term {
            topic: "Sharing strategy".into(),
            field: "resourceSharingConfiguration.strategy".into(),
            value: Some(share.strategy.as_str().to_string()),
            text: strategy(share.strategy).to_string(),
        },
    ];
    if share.strategy == Strategy::LendAndBorrow {
        terms.push(borrow_limit(share));
    }
    terms.push(Term {
        topic: "In-share preemption".into(),
        field: "preemptionConfiguration.inSharePreemption".into(),
        value: Some(share.in_share_preemption.to_string()),
        text: if share.in_share_preemption {
            "higher-priority jobs of this share may preempt its lower-priority jobs.".into()
        } else {
            "no in-share preemption: a job of this share waits for its own share's jobs to end."
                .into()
        },
    });
    terms.push(retries(scenario, &share.name));
    let changes = scripted_changes(scenario, &share.name);
    if !changes.is_empty() {
        terms.push(Term {
            topic: "Scripted changes".into(),
            field: "UpdateQuotaShare".into(),
            value: None,
            text: changes.join("; ") + ".",
        });
    }
    terms
}

/// `1 x ml.g5.xlarge and 4 x ml.p5.48xlarge`.
fn limits(limits: &[CapacityLimit]) -> String {
    let parts: Vec<String> = limits
        .iter()
        .map(|l| format!("{} x {}", l.max_capacity, l.instance_type))
        .collect();
    join_and(&parts)
}

fn strategy(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Reserve => "never lends its idle capacity and never borrows.",
        Strategy::Lend => {
            "lends idle capacity; other shares' jobs running on it are reclaimed (preempted) \
             when this share needs it back. Never borrows."
        }
        Strategy::LendAndBorrow => {
            "lends idle capacity; other shares' jobs running on it are reclaimed (preempted) \
             when this share needs it back. Also borrows idle capacity of others."
        }
    }
}

/// SEMANTICS §2: `u(S,t) <= max(S,t) * (1 + borrow_limit/100)`, -1 meaning no cap.
fn borrow_limit(share: &QuotaShare) -> Term {
    let limit = share.effective_borrow_limit();
    let reclaimable = "Jobs running on borrowed capacity can be reclaimed by the lender.";
    let text = if limit < 0 {
        format!("may borrow without cap beyond its limits. {reclaimable}")
    } else if limit == 0 {
        "may not hold more than its own limits (0%), so it never actually borrows.".to_string()
    } else {
        let ceilings: Vec<String> = share
            .capacity_limits
            .iter()
            .map(|l| {
                let most = u64::from(l.max_capacity) * (100 + limit as u64) / 100;
                format!("{most} x {}", l.instance_type)
            })
            .collect();
        format!(
            "may borrow up to {limit}% beyond its limit (at most {} in all). {reclaimable}",
            join_and(&ceilings)
        )
    };
    Term {
        topic: "Borrow limit".into(),
        field: "resourceSharingConfiguration.borrowLimit".into(),
        value: Some(limit.to_string()),
        text,
    }
}

/// Preemption retries as the share's jobs and mixes set them, grouped by value.
fn retries(scenario: &Scenario, share: &str) -> Term {
    let mut by_value: BTreeMap<Option<u32>, Vec<String>> = BTreeMap::new();
    for job in scenario
        .jobs
        .iter()
        .filter(|j| j.share.as_deref() == Some(share))
    {
        by_value
            .entry(job.preemption_retries)
            .or_default()
            .push(format!("job {}", job.name));
    }
    for mix in scenario
        .job_mixes
        .iter()
        .filter(|m| m.share.as_deref() == Some(share))
    {
        let n = quotalab_engine::generate::mix_count(mix);
        by_value
            .entry(mix.template.preemption_retries)
            .or_default()
            .push(format!(
                "mix {} ({})",
                mix.name,
                numbers::count(n, "job", "jobs")
            ));
    }
    let value = match by_value.keys().collect::<Vec<_>>().as_slice() {
        [one] => Some(one.map_or("unset".to_string(), |n| n.to_string())),
        _ => None,
    };
    let text = if by_value.is_empty() {
        "this share has no jobs.".to_string()
    } else if value.is_some() {
        // One setting for every job: no need to list where it comes from.
        let (retries, _) = by_value.iter().next().expect("one entry");
        retries_meaning(*retries) + " (all its jobs)."
    } else {
        let parts: Vec<String> = by_value
            .iter()
            .map(|(retries, sources)| {
                format!("{}: {}", retries_meaning(*retries), shorten(sources))
            })
            .collect();
        parts.join("; ") + "."
    };
    Term {
        topic: "Preemption retries".into(),
        field: "preemptionRetriesBeforeTermination".into(),
        value,
        text,
    }
}

/// SEMANTICS §5, "Retries".
fn retries_meaning(retries: Option<u32>) -> String {
    match retries {
        None => "a preempted job is requeued every time".into(),
        Some(0) => "a job fails at its first preemption".into(),
        Some(n) => format!(
            "a preempted job is requeued up to {} and fails at the next preemption",
            numbers::count(n.into(), "time", "times")
        ),
    }
}

/// At most five sources, then a count of the rest.
fn shorten(sources: &[String]) -> String {
    const SHOWN: usize = 5;
    if sources.len() <= SHOWN {
        sources.join(", ")
    } else {
        format!(
            "{} and {} more",
            sources[..SHOWN].join(", "),
            sources.len() - SHOWN
        )
    }
}

/// Each scripted `update_share` of this share, as "at 10.0 h: ...".
fn scripted_changes(scenario: &Scenario, share: &str) -> Vec<String> {
    scenario
        .actions
        .iter()
        .filter_map(|a| match a.kind() {
            Some(ActionKind::UpdateShare(u)) if u.share == share => {
                Some(format!("at {}: {}", numbers::hours(a.at_h), update(u)))
            }
            _ => None,
        })
        .collect()
}

fn update(u: &UpdateShare) -> String {
    let mut parts = Vec::new();
    if let Some(l) = &u.capacity_limits {
        parts.push(format!("limits become {}", limits(l)));
    }
    if let Some(s) = u.strategy {
        parts.push(format!("strategy becomes {}", s.as_str()));
    }
    if let Some(b) = u.borrow_limit {
        parts.push(format!("borrow limit becomes {}", borrow_limit_words(b)));
    }
    if let Some(p) = u.in_share_preemption {
        parts.push(format!("in-share preemption {}", preemption_words(p)));
    }
    if parts.is_empty() {
        "no change".into()
    } else {
        parts.join(", ")
    }
}

fn join_and(parts: &[String]) -> String {
    match parts {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn borrow(limit: i64) -> UpdateShare {
        UpdateShare {
            share: "nlp".into(),
            capacity_limits: None,
            strategy: None,
            borrow_limit: Some(limit),
            in_share_preemption: Some(true),
        }
    }

    #[test]
    fn a_scripted_borrow_limit_reads_as_a_percentage_or_no_cap() {
        assert_eq!(
            update(&borrow(20)),
            "borrow limit becomes 20%, in-share preemption on"
        );
        assert_eq!(
            update(&borrow(quotalab_engine::scenario::UNLIMITED_BORROW)),
            "borrow limit becomes no cap, in-share preemption on"
        );
    }
}
