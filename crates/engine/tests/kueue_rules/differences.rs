//! The rows of docs/KUEUE.md "Where Kueue and AWS Batch differ", in numbers: each is one
//! situation written twice, as AWS quota shares (`X.aws.json`) and as Kueue objects
//! (`X.kueue.json`), with what each rule set does to it and why (`X.*.expected.json`).

use crate::golden::{check, golden, Golden};

/// One situation under AWS rules and under one or more Kueue configurations.
macro_rules! difference {
    ($test:ident, $aws:literal, $($kueue:literal),+) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $test() {
            let mut failures = check(&golden!("differences", $aws));
            $(failures.extend(check(&golden!("differences", $kueue)));)+
            assert!(failures.is_empty(), "{}", failures.join("\n"));
        }
    };
}

difference!(
    reclaim_is_automatic_under_aws_and_off_by_default_under_kueue,
    "reclaim-is-not-automatic.aws",
    "reclaim-is-not-automatic.kueue"
);
difference!(
    kueue_lends_part_of_a_quota_aws_all_or_nothing,
    "lending-is-a-quantity.aws",
    "lending-is-a-quantity.kueue"
);
difference!(
    aws_reclaims_the_biggest_borrower_kueue_the_most_recently_admitted,
    "victims-differ.aws",
    "victims-differ.kueue"
);
difference!(
    aws_fails_a_job_out_of_retries_kueue_requeues_it_forever,
    "no-retry-limit.aws",
    "no-retry-limit.kueue"
);
difference!(
    aws_follows_the_jobs_list_kueue_the_queues_flavor_order,
    "instance-choice.aws",
    "instance-choice.kueue"
);
difference!(
    aws_borrow_limit_is_a_percentage_for_every_type_kueue_a_quantity_per_flavor,
    "borrow-limit-percent-or-absolute.aws",
    "borrow-limit-percent-or-absolute.kueue"
);
difference!(
    only_kueue_lets_a_borrowing_preemptor_reclaim_under_borrow_within_cohort,
    "reclaim-while-borrowing.aws",
    "reclaim-while-borrowing.kueue"
);
difference!(
    aws_preempts_in_share_for_a_job_that_then_borrows_kueue_only_within_nominal,
    "preemption-eligibility.aws",
    "preemption-eligibility.kueue"
);
difference!(
    kueue_may_preempt_a_newer_workload_of_equal_priority_in_its_own_queue,
    "in-share-newer-equal-priority.aws",
    "in-share-newer-equal-priority.kueue-newer-equal",
    "in-share-newer-equal-priority.kueue-lower"
);
difference!(
    aws_hands_idle_capacity_out_fifo_kueue_by_priority_one_head_per_queue,
    "idle-capacity-order.aws",
    "idle-capacity-order.kueue"
);
difference!(
    aws_strict_fifo_holds_for_every_share_kueue_per_queue,
    "strict-fifo-per-queue.aws",
    "strict-fifo-per-queue.kueue"
);
difference!(
    a_kueue_lender_that_cannot_reclaim_holds_its_quota_back_from_borrowers,
    "lender-holds-capacity.aws",
    "lender-holds-capacity.kueue-strict",
    "lender-holds-capacity.kueue-best-effort"
);
