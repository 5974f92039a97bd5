//! The concepts "How this works" explains, in plain words, each with the AWS field it matches and
//! a small picture. The picture is a few rows of instance slots written as letters, so each one
//! is one line of data here and one drawing routine (`how_it_works`) draws them all:
//!
//! `A`/`B` a slot team A/B uses within its own limit; `a`/`b` a slot the team borrowed;
//! `.` an idle slot; `x` work lost; `P` a training-plan slot; `S` a spot slot; ` ` a gap.

/// One concept: what it is called, what it means, what AWS calls it, and its picture.
pub struct Concept {
    pub title: &'static str,
    pub words: &'static str,
    pub field: &'static str,
    /// (row label, slots) from top to bottom.
    pub picture: &'static [(&'static str, &'static str)],
}

pub const CONCEPTS: [Concept; 9] = [
    Concept {
        title: "RESERVE",
        words: "The team keeps its instances to itself. While they sit idle nobody else may use them, and the team never uses anyone else's: predictable for the team, wasteful for the room.",
        field: "resourceSharingConfiguration.strategy = RESERVE",
        picture: &[("team A", "AA.."), ("team B", "BBBB"), ("B waits", "BB")],
    },
    Concept {
        title: "LEND",
        words: "The team's idle instances may be used by teams that borrow. The team itself never borrows. When its own jobs need the instances back, it takes them back (reclaim).",
        field: "resourceSharingConfiguration.strategy = LEND",
        picture: &[("team A", "AAbb"), ("team B", "BBBB")],
    },
    Concept {
        title: "LEND_AND_BORROW",
        words: "The team lends its idle instances like LEND, and may also run on other teams' idle instances when its own are busy, up to its borrow limit. Borrowed instances can be taken back.",
        field: "resourceSharingConfiguration.strategy = LEND_AND_BORROW",
        picture: &[("team A", "AA.."), ("team B", "BBBBbb")],
    },
    Concept {
        title: "Borrow limit",
        words: "How far past its own limit a LEND_AND_BORROW team may go, as a percentage of that limit. A team owning 4 instances with a 50% borrow limit may hold 6; -1 means no cap.",
        field: "resourceSharingConfiguration.borrowLimit",
        picture: &[("own 4", "BBBB"), ("+50%", "bb"), ("no more", "..")],
    },
    Concept {
        title: "Reclaim",
        words: "When a lending team's job needs an instance another team borrowed, the borrower's job is stopped and the instance goes back. The borrower loses the work done since its last checkpoint and waits to start again.",
        field: "preemption by the lending quota share",
        picture: &[("before", "AAbb"), ("reclaim", "AAAx"), ("after", "AAAA")],
    },
    Concept {
        title: "In-share preemption",
        words: "Inside one team, a job with a higher priority may stop a lower-priority running job of the same team so that it can start now. Other teams are not touched.",
        field: "preemptionConfiguration.inSharePreemption",
        picture: &[("low first", "AAAA"), ("high comes", "AAx "), ("high runs", "AAAA")],
    },
    Concept {
        title: "Instance preference list",
        words: "A job lists up to five instance configurations in the order it prefers them. It starts on the first one that can start now; only when none can does it wait or take capacity back. Falling back to a later entry usually means slower or dearer.",
        field: "InstancePreferences (InstanceType, InstanceCount)",
        picture: &[("#1 p5", "...."), ("#2 p4d", "AA"), ("#3 g5", "    ")],
    },
    Concept {
        title: "Training plan",
        words: "Instances reserved and paid in advance for fixed blocks of time. Only preference entries that name the plan use them. Jobs on a block are stopped 30 minutes before it ends, so checkpoint before then.",
        field: "InstancePreferences[].TrainingPlanArn",
        picture: &[("block 1", "PPPP"), ("between", "    "), ("block 2", "PPPP")],
    },
    Concept {
        title: "Spot",
        words: "Spare capacity at a large discount that can be interrupted at any time. An interrupted job loses the work since its last checkpoint and tries again, until its maximum wait runs out.",
        field: "EnableManagedSpotTraining, StoppingCondition.MaxWaitTimeInSeconds",
        picture: &[("spot", "SSSx"), ("retry", "SSSS")],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_concept_has_plain_words_a_field_and_a_picture() {
        for c in &CONCEPTS {
            assert!(c.words.len() > 80, "{}: explain it", c.title);
            assert!(!c.field.is_empty() && !c.picture.is_empty(), "{}", c.title);
            for (_, slots) in c.picture {
                assert!(
                    slots.chars().all(|s| "ABab.xPS ".contains(s)),
                    "{}: {slots}",
                    c.title
                );
            }
        }
    }
}
