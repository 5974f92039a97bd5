//! The small units of work a pool of simulation workers shares out: one run of a study
//! (docs/STUDY.md), one start of an advisor search (docs/ADVISOR.md, "The method, and why"), one
//! variant's section of a study's report (docs/REPORT.md, "A study"). Each answer is the small
//! thing the page needs, not the whole result, so hundreds of them cost the page a few kilobytes
//! each; the page sums them up with the engine (`study::run::Work`).

use crate::worker::messages::Reply;
use crate::worker::serve::{Answered, Done};
use crate::worker::wire::Refusal;
use quotalab_engine::study::advise::{AdvicePlan, Sequential};
use quotalab_engine::study::{run_sample, Unit, UnitSample};
use quotalab_engine::Scenario;
use quotalab_interop::report::variant_report;
use std::sync::Arc;

/// The sample of `scenario` (JSON) run with `seed`.
pub fn sample(unit: Unit, seed: u64, scenario: Arc<String>) -> Answered<Reply> {
    let scenario = read(scenario)?;
    let sample = run_sample(&scenario, seed);
    Ok(Done::reply(Reply::Sample(Box::new(UnitSample {
        unit,
        sample,
    }))))
}

/// The outcome of start `unit.index` of `plan` (JSON), which is validated first; the engine
/// runs the start in this thread (a worker is one thread).
pub fn advise_start(unit: Unit, plan: &str) -> Answered<Reply> {
    let plan = AdvicePlan::parse_json(plan).map_err(|err| Refusal::Invalid(err.to_string()))?;
    if let Some(error) = plan.validate().errors.first() {
        return Err(Refusal::Invalid(error.to_string()));
    }
    if unit.index >= plan.starts() as usize {
        return Err(Refusal::Invalid(format!(
            "start {} is not part of a search of {} starts",
            unit.index + 1,
            plan.starts()
        )));
    }
    let outcome = plan.run(std::slice::from_ref(&unit), &Sequential).remove(0);
    Ok(Done::reply(Reply::AdviseStart(Box::new(outcome))))
}

/// The report section of the variant `scenario` (JSON).
pub fn variant_section(unit: Unit, scenario: Arc<String>) -> Answered<Reply> {
    let report = Box::new(variant_report(&read(scenario)?));
    Ok(Done::reply(Reply::VariantReport { unit, report }))
}

/// The scenario of a unit's JSON, which goes once it is read: the unit's run needs only the
/// scenario.
fn read(scenario: Arc<String>) -> Result<Scenario, Refusal> {
    Scenario::from_json(&scenario).map_err(|err| Refusal::Invalid(err.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DEFAULT_SCENARIO;
    use quotalab_engine::study::advise::{advise, AdviseSpec, StartOutcome};

    fn unit(index: usize) -> Unit {
        Unit {
            index,
            variant_or_point: 1,
            seed_index: 1,
        }
    }

    fn default() -> Scenario {
        Scenario::from_json(DEFAULT_SCENARIO).expect("default is valid")
    }

    fn refusal(answered: Answered<Reply>) -> String {
        answered.expect_err("refused").to_string()
    }

    #[test]
    fn a_sample_is_the_engine_run_directly() {
        let done = sample(unit(3), 42, Arc::new(DEFAULT_SCENARIO.into())).expect("a sample");
        let expected = UnitSample {
            unit: unit(3),
            sample: run_sample(&default(), 42),
        };
        assert_eq!(done.reply, Reply::Sample(Box::new(expected)));
        assert!(refusal(sample(unit(2), 1, Arc::new(r#"{"version":1}"#.into()))).contains("name"));
    }

    /// A small search on the default scenario: one target, few simulations.
    fn plan() -> AdvicePlan {
        let scenario = default();
        let share = scenario.quota_shares[0].name.clone();
        let mut spec = AdviseSpec::new(vec![format!("{share}:completion_p90_h<=48")]);
        spec.starts = Some(2);
        spec.max_simulations = Some(60);
        let mut plan = AdvicePlan::new(scenario, spec);
        plan.seeds = 3;
        plan
    }

    #[test]
    fn starts_answered_one_by_one_summarise_to_the_engine_advice() {
        let plan = plan();
        let text = serde_json::to_string(&plan).unwrap();
        let outcomes: Vec<StartOutcome> = plan
            .units()
            .into_iter()
            .map(
                |unit| match advise_start(unit, &text).expect("a start").reply {
                    Reply::AdviseStart(outcome) => *outcome,
                    other => panic!("unexpected reply {other:?}"),
                },
            )
            .collect();
        let served = plan.summarize(&outcomes).expect("every start answered");
        let direct = advise(&plan, &Sequential).expect("the engine's own search");
        assert_eq!(served.to_json_pretty(), direct.to_json_pretty());
    }

    #[test]
    fn a_bad_plan_or_start_is_refused_with_its_path() {
        let mut bad = plan();
        bad.advise.targets = vec!["nobody:cost<=1".into()];
        assert!(
            refusal(advise_start(unit(0), &serde_json::to_string(&bad).unwrap()))
                .starts_with("advise.targets[0]")
        );
        assert!(refusal(advise_start(
            unit(99),
            &serde_json::to_string(&plan()).unwrap()
        ))
        .contains("not part of a search"));
        assert!(
            refusal(advise_start(unit(0), "{\"kind\": \"advice_plan\"}")).contains("missing field")
        );
    }

    #[test]
    fn a_section_is_the_one_made_here() {
        let done = variant_section(unit(1), Arc::new(DEFAULT_SCENARIO.into())).expect("a section");
        let expected = Reply::VariantReport {
            unit: unit(1),
            report: Box::new(variant_report(&default())),
        };
        assert_eq!(done.reply, expected);
        assert!(refusal(variant_section(unit(1), Arc::new("{}".into()))).contains("version"));
    }
}
