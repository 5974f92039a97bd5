//! The rows of docs/KUEUE.md "Where Kueue and AWS Batch differ", in numbers: each is one
//! situation written twice, as AWS quota shares (`X.aws.json`) and as Kueue objects
//! (`X.kueue.json`), with what each rule set does to it and why (`X.*.expected.json`).

use crate::golden::{check, golden, Golden};

macro_rules! difference {
    ($test:ident, $aws:literal, $kueue:literal) => {
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $test() {
            let mut failures = check(&golden!("differences", $aws));
            failures.extend(check(&golden!("differences", $kueue)));
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
