//! The Kueue manager's fair sharing (docs/KUEUE.md, "Fair sharing"): off, Kueue's default, or on
//! with its preemption strategies. It is the Configuration's, not a queue's, so one select serves
//! the whole agreement: at the head of the Queues tab and in the presenter's controls. Each
//! ClusterQueue's weight is on its card.

use super::bind::from_word;
use crate::components::binding::{bind, Binding};
use crate::components::choice_inputs::SelectInput;
use crate::components::tip::tip;
use leptos::prelude::*;
use quotalab_engine::json_text;
use quotalab_engine::scenario::kueue::{FairSharingConfig, FairSharingStrategy as Strategy};

/// The select's value for fair sharing off.
const OFF: &str = "off";
/// The select's value for both strategies, in Kueue's order.
const BOTH: &str = "both";

/// What the select says, and what each choice does.
const TIP: &str = tip!("Off: classic preemption, and borrowers are admitted first come. On: the cohort's idle quota goes to the queue with the smallest share (usage above its quota over its weight), and a queue may preempt a borrower with a larger share, by the strategies listed", api = "Configuration fairSharing.preemptionStrategies");

/// The choices: off, both strategies, or one of them.
fn choices() -> Vec<(String, String)> {
    let one = |s: Strategy| {
        let word = json_text::word_of(&s);
        (word.clone(), format!("On: {word} only"))
    };
    vec![
        (OFF.into(), "Off (Kueue's default)".into()),
        (
            BOTH.into(),
            "On: LessThanOrEqualToFinalShare, then LessThanInitialShare".into(),
        ),
        one(Strategy::LessThanOrEqualToFinalShare),
        one(Strategy::LessThanInitialShare),
    ]
}

/// The choice a configuration reads as. No strategies listed means both (docs/KUEUE.md); a list
/// Kueue refuses reads as its own words, which the select shows beside the engine's error.
fn choice_of(config: Option<&FairSharingConfig>) -> String {
    match config.map(|c| c.preemption_strategies.as_slice()) {
        None => OFF.into(),
        Some([] | [Strategy::LessThanOrEqualToFinalShare, Strategy::LessThanInitialShare]) => {
            BOTH.into()
        }
        Some(listed) => listed
            .iter()
            .map(json_text::word_of)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The configuration a choice writes; both strategies are listed, as Kueue's own validation
/// asks of a Configuration.
fn config_of(choice: &str) -> Option<FairSharingConfig> {
    let strategies = match choice {
        OFF => return None,
        BOTH => vec![
            Strategy::LessThanOrEqualToFinalShare,
            Strategy::LessThanInitialShare,
        ],
        one => vec![from_word(one)?],
    };
    Some(FairSharingConfig {
        preemption_strategies: strategies,
    })
}

/// The agreement's fair sharing, bound at `kueue.fair_sharing`.
fn binding() -> Binding<String> {
    bind(
        "kueue.fair_sharing",
        |s| {
            s.kueue
                .as_deref()
                .map(|k| choice_of(k.fair_sharing.as_ref()))
        },
        |s, choice: String| {
            if let Some(kueue) = s.kueue.as_deref_mut() {
                kueue.fair_sharing = config_of(&choice);
            }
        },
    )
}

/// The select; `id_scope` keeps a second one's id unique (the presenter's).
#[component]
pub fn FairSharingSelect(#[prop(optional, into)] id_scope: String) -> impl IntoView {
    view! {
        <SelectInput binding=binding() label="Fair sharing" tip=TIP options=choices() id_scope />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_writes_a_configuration_that_reads_as_it() {
        for (choice, _) in choices() {
            assert_eq!(choice_of(config_of(&choice).as_ref()), choice);
        }
        assert_eq!(config_of(OFF), None);
        assert_eq!(
            config_of(BOTH).unwrap().preemption_strategies.len(),
            2,
            "both listed, as Kueue's validation asks"
        );
    }

    #[test]
    fn no_strategies_listed_reads_as_both_and_a_wrong_order_as_itself() {
        let unlisted = FairSharingConfig::default();
        assert_eq!(choice_of(Some(&unlisted)), BOTH);
        assert_eq!(choice_of(None), OFF);
        let reversed = FairSharingConfig {
            preemption_strategies: vec![
                Strategy::LessThanInitialShare,
                Strategy::LessThanOrEqualToFinalShare,
            ],
        };
        assert_eq!(
            choice_of(Some(&reversed)),
            "LessThanInitialShare, LessThanOrEqualToFinalShare"
        );
    }
}
