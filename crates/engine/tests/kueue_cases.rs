//! Kueue's own table tests, ported: each `tests/kueue/X.json` is the state and the incoming
//! workload of one case of Kueue's test suite, written as a Quota Lab scenario under Kueue's
//! rules (the admitted workloads carry their recorded admission); `X.expected.json` names the
//! Kueue test (`kueue_test`), gives the expected outcome by path as the golden scenarios do, and
//! explains it (`why`). The same suite runs natively and in the browser.

mod golden;
use golden::{check, golden, Golden};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

macro_rules! kueue_case {
    ($test:ident, $name:literal) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $test() {
            let failures = check(&golden!("kueue", $name));
            assert!(failures.is_empty(), "{}", failures.join("\n"));
        }
    };
}

// TestPreemption (pkg/scheduler/preemption/preemption_test.go)
kueue_case!(
    preempts_the_lowest_priority_workload_of_its_own_queue,
    "preempt-lowest-priority"
);
kueue_case!(
    preempts_as_many_lower_priority_workloads_as_the_request_needs,
    "preempt-multiple"
);
kueue_case!(
    never_preempts_for_a_workload_of_the_lowest_priority,
    "no-preemption-for-low-priority"
);
kueue_case!(
    preempts_nothing_when_every_lower_priority_victim_together_is_not_enough,
    "not-enough-low-priority-workloads"
);
kueue_case!(
    counts_free_quota_before_choosing_victims,
    "some-free-quota-preempt-low-priority"
);
kueue_case!(
    fill_back_spares_a_lower_priority_victim_that_is_not_needed,
    "minimal-set-excludes-low-priority"
);
kueue_case!(
    preempts_on_the_first_of_two_equally_good_flavors,
    "only-preempt-workloads-using-the-chosen-flavor"
);
kueue_case!(
    reclaims_from_a_borrower_before_preempting_its_own_queue,
    "reclaim-quota-from-borrower"
);
kueue_case!(
    a_zero_request_does_not_count_as_borrowing,
    "reclaim-quota-if-workload-requests-0-resources-for-a-resource-at"
);
kueue_case!(
    a_request_that_fits_by_borrowing_is_admitted_without_preemption,
    "no-workloads-borrowing"
);
kueue_case!(
    does_not_reclaim_when_the_preemptor_would_still_borrow,
    "not-enough-workloads-borrowing"
);
kueue_case!(
    preempts_its_own_queue_while_borrowing_another_resource,
    "preempting-locally-and-borrowing-other-resources-in-cohort-without"
);
kueue_case!(
    preempts_its_own_queue_to_borrow_the_same_resource,
    "preempting-locally-and-borrowing-same-resource-in-cohort"
);
kueue_case!(
    preempts_its_own_queue_to_borrow_without_a_borrowing_limit,
    "preempting-locally-and-borrowing-same-resource-in-cohort-no-borrowing"
);
kueue_case!(
    a_preemptor_that_borrows_another_resource_takes_its_own_queue_s_victim,
    "preempting-locally-and-borrowing-other-resources-in-cohort-with-cohort"
);
kueue_case!(
    fill_back_may_spare_the_lower_priority_victim,
    "preempting-locally-and-not-borrowing-same-resource-in-1-queue-cohort"
);
kueue_case!(
    reclaim_lower_priority_spares_an_equal_priority_borrower,
    "do-not-reclaim-borrowed-quota-from-same-priority-for-withincohort"
);
kueue_case!(
    reclaim_any_takes_back_from_an_equal_priority_borrower,
    "reclaim-borrowed-quota-from-same-priority-for-withincohort"
);
kueue_case!(
    preempts_in_its_own_queue_and_reclaims_in_another_together,
    "preempt-from-all-clusterqueues-in-cohort"
);
kueue_case!(
    within_cluster_queue_never_and_a_request_that_fits_by_borrowing,
    "can-t-preempt-workloads-in-clusterqueue-for-withinclusterqueue-never"
);
kueue_case!(
    each_pod_set_preempts_on_its_own_flavor,
    "each-podset-preempts-a-different-flavor"
);
kueue_case!(
    lower_or_newer_equal_priority_preempts_the_newest_equal,
    "preempt-newer-workloads-with-the-same-priority"
);
kueue_case!(
    borrow_within_cohort_reclaims_while_borrowing,
    "use-borrowwithincohort-allow-preempting-a-lower-priority-workload-from"
);
kueue_case!(
    borrow_within_cohort_respects_the_priority_threshold,
    "use-borrowwithincohort-don-t-allow-preempting-a-lower-priority-workload"
);
kueue_case!(
    reclaims_above_the_threshold_when_the_preemptor_ends_within_nominal,
    "use-borrowwithincohort-allow-preempting-a-lower-priority-workload-with"
);
kueue_case!(
    borrow_within_cohort_never_overrides_within_cluster_queue_never,
    "use-borrowwithincohort-don-t-allow-for-preemption-of-lower-priority"
);
kueue_case!(
    above_nominal_with_no_victim_below_the_threshold_preempts_its_own_queue,
    "use-borrowwithincohort-only-preempt-from-cq-if-no-workloads-below"
);
kueue_case!(
    reclaims_below_the_threshold_and_preempts_its_own_queue_together,
    "use-borrowwithincohort-preempt-from-cq-and-from-other-cqs-with"
);
kueue_case!(
    reclaims_with_lending_limits_in_the_arithmetic,
    "reclaim-quota-from-lender"
);
kueue_case!(
    preempts_and_reclaims_together_with_lending_limits,
    "preempt-from-all-clusterqueues-in-cohort-lend"
);
kueue_case!(
    a_request_above_the_potentially_available_quota_never_preempts,
    "cannot-preempt-from-other-clusterqueues-if-exceeds-requestable-quota"
);
kueue_case!(
    a_queue_above_nominal_preempts_only_its_own,
    "preemptions-from-cq-when-target-queue-is-exhausted-for-the-single"
);
kueue_case!(
    a_queue_above_nominal_in_both_resources_preempts_only_its_own,
    "preemptions-from-cq-when-target-queue-is-exhausted-for-two-requested"
);
kueue_case!(
    above_nominal_in_the_resource_needing_preemption_is_enough,
    "preemptions-from-cq-when-target-queue-is-exhausted-for-one-requested"
);
kueue_case!(
    a_queue_below_nominal_reclaims_and_preempts_without_borrowing,
    "allow-preemption-from-other-cluster-queues-if-target-cq-is-not"
);
kueue_case!(reclaims_across_a_cohort_tree, "long-range-preemption");
