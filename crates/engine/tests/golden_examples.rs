//! The worked examples in `tests/examples`, every expectation asserted, natively and in the
//! browser: each is a case of docs/SEMANTICS.md worked by hand, its reasoning in the `why` of
//! its `X.expected.json`.

mod golden;
use golden::{check, example, own_golden, Golden};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn assert_golden(golden: Golden) {
    let failures = check(&golden);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

macro_rules! golden_test {
    ($test:ident, $golden:expr) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $test() {
            assert_golden($golden);
        }
    };
}

golden_test!(spec_two_teams_reclaim, example!("two-teams-reclaim"));
golden_test!(spec_in_share_priorities, example!("in-share-priorities"));
golden_test!(spec_preference_stockout, example!("preference-stockout"));
// v1.1 of the rules (docs/SEMANTICS.md §4): capacity freed beyond a preemptor's need is handed
// out in the same pass, and strict FIFO considers each next head in the same phase.
golden_test!(spec_freed_capacity, example!("freed-capacity"));
golden_test!(spec_strict_fifo_heads, example!("strict-fifo-heads"));

// Own golden scenarios (crates/engine/tests/golden), one rule each; expectations derived by hand
// from docs/SEMANTICS.md, reasoning in each X.expected.json "why".
golden_test!(
    aws_walkthrough_reclaim_in_share_and_retries,
    own_golden!("aws-walkthrough")
);
golden_test!(
    borrow_limit_caps_what_a_share_may_hold,
    own_golden!("borrow-limit-caps-borrowing")
);
golden_test!(
    reserve_share_never_lends_idle_capacity,
    own_golden!("reserve-never-lends")
);
golden_test!(
    unowned_capacity_is_never_reclaimed,
    own_golden!("unowned-capacity-is-never-reclaimed")
);
golden_test!(
    share_uses_only_types_in_its_limits,
    own_golden!("type-outside-limits")
);
golden_test!(
    capacity_drop_keeps_running_jobs,
    own_golden!("capacity-drop-keeps-running-jobs")
);
golden_test!(
    lowered_limit_preempts_in_in_share_victim_order,
    own_golden!("limit-lowered-preempts")
);
golden_test!(
    plan_block_end_interrupts_at_end_minus_30_min,
    own_golden!("training-plan-end")
);
golden_test!(
    plan_only_job_fails_after_two_days_pending,
    own_golden!("plan-only-two-day-rule")
);
golden_test!(
    max_pending_clock_pauses_while_plan_inactive,
    own_golden!("max-pending-pauses-while-plan-inactive")
);
golden_test!(
    max_pending_applies_only_with_an_accelerated_entry,
    own_golden!("max-pending-needs-accelerated-type")
);
golden_test!(spot_max_wait_stops_the_job, own_golden!("spot-max-wait"));
golden_test!(
    spot_attempts_billed_at_price_factor,
    own_golden!("spot-price-factor")
);
golden_test!(
    too_little_memory_fails_after_startup_and_bills,
    own_golden!("memory-too-small-fails-after-startup")
);
golden_test!(
    checkpoint_pauses_extend_the_run_and_bound_lost_work,
    own_golden!("checkpoint-pauses-extend-the-run")
);
golden_test!(
    strict_fifo_blocks_later_jobs,
    own_golden!("strict-fifo-blocks-later-jobs")
);
golden_test!(
    best_effort_fifo_passes_a_blocked_job,
    own_golden!("best-effort-fifo-passes-blocked-jobs")
);
golden_test!(
    cancel_ends_running_and_pending_jobs,
    own_golden!("cancel-action")
);
golden_test!(
    horizon_cuts_running_attempts_and_bills_them,
    own_golden!("horizon-cuts-and-bills")
);
golden_test!(
    deadline_is_reported_not_scheduled,
    own_golden!("deadline-met-and-missed")
);
golden_test!(
    reclaim_takes_biggest_borrower_first_then_prunes,
    own_golden!("reclaim-victims-pruned")
);
golden_test!(
    in_share_preempts_only_strictly_lower_priority,
    own_golden!("in-share-lower-priority-only")
);
golden_test!(
    borrowers_are_served_fifo_by_submit_time,
    own_golden!("phase-b-fifo-order")
);
golden_test!(
    max_pending_clock_restarts_on_requeue,
    own_golden!("max-pending-restarts-on-requeue")
);
golden_test!(
    job_preempted_now_cannot_preempt_now,
    own_golden!("preempted-job-cannot-preempt-same-instant")
);
golden_test!(
    attempt_ends_apply_before_expiries_at_one_instant,
    own_golden!("same-instant-event-order")
);
golden_test!(
    never_startable_jobs_carry_the_permanent_reason,
    own_golden!("never-startable-jobs")
);
golden_test!(
    queue_order_compares_names_bytewise_and_follows_priority_updates,
    own_golden!("queue-order-names-bytewise")
);
golden_test!(
    strict_fifo_holds_back_only_the_own_share,
    own_golden!("strict-fifo-is-per-share")
);
golden_test!(
    unfinished_checkpoint_pause_does_not_save,
    own_golden!("checkpoint-lost-mid-pause")
);
golden_test!(
    phase_a_leaves_a_borrowing_first_fit_to_phase_b,
    own_golden!("first-fitting-entry-may-borrow")
);
golden_test!(
    preemption_only_when_no_entry_fits_without,
    own_golden!("preemption-only-when-no-entry-fits")
);
golden_test!(
    strict_fifo_holds_back_preemption,
    own_golden!("strict-fifo-holds-back-preemption")
);
golden_test!(
    best_effort_lets_a_later_job_preempt,
    own_golden!("strict-fifo-holds-back-preemption-best-effort")
);
golden_test!(
    waiting_reason_is_re_evaluated_every_pass,
    own_golden!("waiting-reason-follows-limit-update")
);
golden_test!(
    share_update_preempts_over_strategy_and_removed_types,
    own_golden!("share-update-strategy-and-types")
);
golden_test!(
    after_a_capacity_drop_the_quota_excess_must_not_grow,
    own_golden!("capacity-drop-excess-must-not-grow")
);
golden_test!(
    spot_interruptions_requeue_without_using_retries,
    own_golden!("spot-interruptions-are-not-preemptions")
);
golden_test!(
    job_started_by_preemption_now_cannot_be_preempted_now,
    own_golden!("started-by-preemption-cannot-be-preempted-same-instant")
);
golden_test!(
    restart_overhead_counts_startups_after_the_first_clipped,
    own_golden!("restart-overhead")
);
