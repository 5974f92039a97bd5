//! The worked examples in `tests/examples`, every expectation asserted, natively and in the
//! browser: each is a case of docs/SEMANTICS.md worked by hand, its reasoning in the `why` of
//! its `X.expected.json`.

mod golden;
use golden::{check, golden, Golden};

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

golden_test!(
    spec_two_teams_reclaim,
    golden!("examples", "two-teams-reclaim")
);
golden_test!(
    spec_in_share_priorities,
    golden!("examples", "in-share-priorities")
);
golden_test!(
    spec_preference_stockout,
    golden!("examples", "preference-stockout")
);
// v1.1 of the rules (docs/SEMANTICS.md §4): capacity freed beyond a preemptor's need is handed
// out in the same pass, and strict FIFO considers each next head in the same phase.
golden_test!(spec_freed_capacity, golden!("examples", "freed-capacity"));
golden_test!(
    spec_strict_fifo_heads,
    golden!("examples", "strict-fifo-heads")
);

// Own golden scenarios (crates/engine/tests/golden), one rule each; expectations derived by hand
// from docs/SEMANTICS.md, reasoning in each X.expected.json "why".
golden_test!(
    aws_walkthrough_reclaim_in_share_and_retries,
    golden!("golden", "aws-walkthrough")
);
golden_test!(
    borrow_limit_caps_what_a_share_may_hold,
    golden!("golden", "borrow-limit-caps-borrowing")
);
golden_test!(
    reserve_share_never_lends_idle_capacity,
    golden!("golden", "reserve-never-lends")
);
golden_test!(
    unowned_capacity_is_never_reclaimed,
    golden!("golden", "unowned-capacity-is-never-reclaimed")
);
golden_test!(
    share_uses_only_types_in_its_limits,
    golden!("golden", "type-outside-limits")
);
golden_test!(
    capacity_drop_keeps_running_jobs,
    golden!("golden", "capacity-drop-keeps-running-jobs")
);
golden_test!(
    lowered_limit_preempts_in_in_share_victim_order,
    golden!("golden", "limit-lowered-preempts")
);
golden_test!(
    plan_block_end_interrupts_at_end_minus_30_min,
    golden!("golden", "training-plan-end")
);
golden_test!(
    plan_only_job_fails_after_two_days_pending,
    golden!("golden", "plan-only-two-day-rule")
);
golden_test!(
    max_pending_clock_pauses_while_plan_inactive,
    golden!("golden", "max-pending-pauses-while-plan-inactive")
);
golden_test!(
    max_pending_applies_only_with_an_accelerated_entry,
    golden!("golden", "max-pending-needs-accelerated-type")
);
golden_test!(
    spot_max_wait_stops_the_job,
    golden!("golden", "spot-max-wait")
);
golden_test!(
    spot_attempts_billed_at_price_factor,
    golden!("golden", "spot-price-factor")
);
golden_test!(
    too_little_memory_fails_after_startup_and_bills,
    golden!("golden", "memory-too-small-fails-after-startup")
);
golden_test!(
    checkpoint_pauses_extend_the_run_and_bound_lost_work,
    golden!("golden", "checkpoint-pauses-extend-the-run")
);
golden_test!(
    strict_fifo_blocks_later_jobs,
    golden!("golden", "strict-fifo-blocks-later-jobs")
);
golden_test!(
    best_effort_fifo_passes_a_blocked_job,
    golden!("golden", "best-effort-fifo-passes-blocked-jobs")
);
golden_test!(
    cancel_ends_running_and_pending_jobs,
    golden!("golden", "cancel-action")
);
golden_test!(
    horizon_cuts_running_attempts_and_bills_them,
    golden!("golden", "horizon-cuts-and-bills")
);
golden_test!(
    deadline_is_reported_not_scheduled,
    golden!("golden", "deadline-met-and-missed")
);
golden_test!(
    reclaim_takes_biggest_borrower_first_then_prunes,
    golden!("golden", "reclaim-victims-pruned")
);
golden_test!(
    in_share_preempts_only_strictly_lower_priority,
    golden!("golden", "in-share-lower-priority-only")
);
golden_test!(
    borrowers_are_served_fifo_by_submit_time,
    golden!("golden", "phase-b-fifo-order")
);
golden_test!(
    max_pending_clock_restarts_on_requeue,
    golden!("golden", "max-pending-restarts-on-requeue")
);
golden_test!(
    job_preempted_now_cannot_preempt_now,
    golden!("golden", "preempted-job-cannot-preempt-same-instant")
);
golden_test!(
    attempt_ends_apply_before_expiries_at_one_instant,
    golden!("golden", "same-instant-event-order")
);
golden_test!(
    never_startable_jobs_carry_the_permanent_reason,
    golden!("golden", "never-startable-jobs")
);
golden_test!(
    queue_order_compares_names_bytewise_and_follows_priority_updates,
    golden!("golden", "queue-order-names-bytewise")
);
golden_test!(
    strict_fifo_holds_back_only_the_own_share,
    golden!("golden", "strict-fifo-is-per-share")
);
golden_test!(
    unfinished_checkpoint_pause_does_not_save,
    golden!("golden", "checkpoint-lost-mid-pause")
);
golden_test!(
    phase_a_leaves_a_borrowing_first_fit_to_phase_b,
    golden!("golden", "first-fitting-entry-may-borrow")
);
golden_test!(
    preemption_only_when_no_entry_fits_without,
    golden!("golden", "preemption-only-when-no-entry-fits")
);
golden_test!(
    strict_fifo_holds_back_preemption,
    golden!("golden", "strict-fifo-holds-back-preemption")
);
golden_test!(
    best_effort_lets_a_later_job_preempt,
    golden!("golden", "strict-fifo-holds-back-preemption-best-effort")
);
golden_test!(
    waiting_reason_is_re_evaluated_every_pass,
    golden!("golden", "waiting-reason-follows-limit-update")
);
golden_test!(
    share_update_preempts_over_strategy_and_removed_types,
    golden!("golden", "share-update-strategy-and-types")
);
golden_test!(
    after_a_capacity_drop_the_quota_excess_must_not_grow,
    golden!("golden", "capacity-drop-excess-must-not-grow")
);
golden_test!(
    spot_interruptions_requeue_without_using_retries,
    golden!("golden", "spot-interruptions-are-not-preemptions")
);
golden_test!(
    job_started_by_preemption_now_cannot_be_preempted_now,
    golden!(
        "golden",
        "started-by-preemption-cannot-be-preempted-same-instant"
    )
);
golden_test!(
    restart_overhead_counts_startups_after_the_first_clipped,
    golden!("golden", "restart-overhead")
);
