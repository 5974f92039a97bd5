//! One share of the agreement report: what the agreement promises it (each term with the AWS
//! field that states it), what the simulation showed, and the two read together.

use super::facts::FactsTable;
use crate::results::colours::share_colour;
use leptos::prelude::*;
use quotalab_interop::report::ShareSection;

#[component]
pub fn ShareReport(section: ShareSection) -> impl IntoView {
    let terms = section
        .promised
        .iter()
        .map(|term| {
            view! {
                <li>
                    <span class="topic">{term.topic.clone()}</span>" "
                    <span class="aws-field">"("<code>{term.field.clone()}</code>{term.value.clone().map(|v| format!(" = {v}"))}")"</span>
                    ": "{term.text.clone()}
                </li>
            }
        })
        .collect_view();
    let reading = (!section.reading.is_empty()).then(|| {
        view! { <p class="reading"><strong>"In short:"</strong>" "{section.reading.join(" ")}</p> }
    });
    view! {
        <section class="report-share" style:--share-colour=share_colour(section.index) data-testid="report-share">
            <h2><span data-testid="report-share-name">{section.name.clone()}</span><code class="strategy">{section.strategy}</code></h2>
            <div class="report-columns">
                <div>
                    <h3>"What is promised"</h3>
                    <ul class="terms">{terms}</ul>
                </div>
                <div>
                    <h3>"What the simulation showed"</h3>
                    <FactsTable facts=section.observed.clone() />
                    {reading}
                </div>
            </div>
        </section>
    }
}
