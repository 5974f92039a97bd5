//! The engine's codes in sentences, for the job story. The codes are SEMANTICS §6's words and
//! stay visible next to the sentence, so what people learn transfers to the real system.

/// A reason code in a few words, for labels (the waiting chart's rows, the job story): "borrow
/// limit reached", never `borrow_limit`. The one place that names each reason briefly.
pub fn reason_label(code: &str) -> &'static str {
    match code {
        "no_capacity" => "pool full",
        "share_limit" => "share limit reached",
        "borrow_limit" => "borrow limit reached",
        "no_lendable" => "nothing to borrow",
        "plan_inactive" => "plan block closed",
        "behind_higher_priority" => "behind an earlier job",
        "quota_limit_exceeded" => "larger than the share may hold",
        "capacity_exceeded" => "larger than the pool",
        _ => "other reason",
    }
}

/// Why an entry could not be used (a blocking reason), as a sentence.
pub fn reason(code: &str) -> &'static str {
    match code {
        "no_capacity" => "the pool had no free instance",
        "share_limit" => "the share's own limit was in use and it may not borrow",
        "borrow_limit" => "the share had reached its borrow limit",
        "no_lendable" => "no other share had idle capacity to lend",
        "plan_inactive" => "the training plan had no block open for new starts",
        "behind_higher_priority" => {
            "a job ahead of it in the share's queue was still pending (strict FIFO)"
        }
        "quota_limit_exceeded" => {
            "it needs more than the share may ever hold, or the type is not in the share's limits"
        }
        "capacity_exceeded" => "it needs more instances than the pool ever offers",
        _ => "see the engine's reason code",
    }
}

/// How an attempt was cut short.
pub fn preemption(kind: &str) -> &'static str {
    match kind {
        "reclaim" => "reclaimed: the share that lent the capacity took it back",
        "in_share" => "in-share preemption: a higher-priority job of the same share needed it",
        "limit_lowered" => "the share's capacity limit was lowered below what it held",
        "plan_end" => "the training plan's block was ending",
        "spot" => "the spot instance was interrupted",
        _ => "stopped",
    }
}

/// A pool in words.
pub fn pool(pool: &str, plan: Option<&str>) -> String {
    match (pool, plan) {
        (_, Some(plan)) => format!("training plan {plan}"),
        ("on_demand", None) => "on-demand".to_owned(),
        (other, None) => other.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_has_a_label_and_a_sentence() {
        for code in [
            "no_capacity",
            "share_limit",
            "borrow_limit",
            "no_lendable",
            "plan_inactive",
            "behind_higher_priority",
            "quota_limit_exceeded",
            "capacity_exceeded",
        ] {
            assert_ne!(reason_label(code), "other reason", "{code}");
            assert_ne!(reason(code), "see the engine's reason code", "{code}");
            assert!(!reason_label(code).contains('_'), "{code}");
        }
        assert_eq!(reason_label("borrow_limit"), "borrow limit reached");
    }
}
