//! The Scenario tab: the document's own fields (name, description, seed, horizon, queueing,
//! currency).

use super::binding::{bind, Binding};
use super::choice_inputs::{SelectInput, TextInput};
use super::number_input::{NumberInput, Numbers};
use super::tip::tip;
use leptos::prelude::*;
use quotalab_engine::scenario::{Currency, Queueing};

#[component]
pub fn ScenarioSection() -> impl IntoView {
    let name = bind("name", |s| Some(s.name.clone()), |s, v| s.name = v);
    let description = bind(
        "description",
        |s| Some(s.description.clone()),
        |s, v| s.description = v,
    );
    let currency = bind(
        "currency",
        |s| Some(s.currency.0.clone()),
        |s, v| s.currency = Currency(v),
    );
    let seed = bind(
        "seed",
        |s| Some(Some(s.seed as f64)),
        |s, v: Option<f64>| s.seed = v.unwrap_or(0.0) as u64,
    );
    let horizon = bind("horizon_h", |s| Some(s.horizon_h), |s, v| s.horizon_h = v);
    let queueing: Binding<String> = bind(
        "queueing",
        |s| {
            Some(
                if s.queueing == Queueing::StrictFifo {
                    "strict_fifo"
                } else {
                    "best_effort_fifo"
                }
                .to_string(),
            )
        },
        |s, v: String| {
            s.queueing = if v == "strict_fifo" {
                Queueing::StrictFifo
            } else {
                Queueing::BestEffortFifo
            }
        },
    );
    let queueing_options = vec![
        (
            "best_effort_fifo".to_string(),
            "best effort FIFO".to_string(),
        ),
        ("strict_fifo".to_string(), "strict FIFO".to_string()),
    ];
    view! {
        <section class="build-section" aria-label="Scenario">
            <TextInput binding=name label="Scenario name" wide=true tip={tip!("The agreement's name, shown in the header, links and reports", json = "name")} />
            <TextInput binding=description label="Description" wide=true tip={tip!("Free text: what this scenario is for", json = "description")} />
            <div class="field-row">
                <NumberInput binding=horizon label="Horizon" unit="h" optional=true placeholder="until idle"
                    tip={tip!("Stop the simulation at this hour; jobs not ended are unfinished. Empty: run until nothing more can happen", json = "horizon_h")} />
                <NumberInput binding=seed label="Seed" numbers=Numbers::WholeFrom(0)
                    tip={tip!("Seeds the random streams of job mixes and spot interruptions: same seed, same result", json = "seed")} />
                <TextInput binding=currency label="Currency" tip={tip!("Currency code of prices and costs (USD by default)", json = "currency")} />
            </div>
            <SelectInput binding=queueing label="Queueing" options=queueing_options
                tip={tip!("Best effort FIFO lets later jobs pass one that cannot start; strict FIFO makes them wait behind it (SEMANTICS §4)", json = "queueing")} />
        </section>
    }
}
