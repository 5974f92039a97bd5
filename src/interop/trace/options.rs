//! The options of a trace upload: the CLI's flags as form fields, each with the default it falls
//! back to shown as its placeholder. Fields a format does not read are disabled, not hidden, so
//! the form keeps its shape when the format changes.

use super::form::{
    default_catalog_text, SamplingChoice, TraceForm, DEFAULT_GPUS_PER_NODE, DEFAULT_TEAMS,
};
use super::preview::{format_label, FORMATS};
use leptos::prelude::*;
use quotalab_interop::traces::swf::DEFAULT_TEAMS as SWF_TEAMS;
use quotalab_interop::traces::{ShareBy, TraceFormat};

#[component]
pub fn TraceOptions(
    form: RwSignal<TraceForm>,
    format: Signal<Option<TraceFormat>>,
) -> impl IntoView {
    let is = move |f: TraceFormat| format.get() == Some(f);
    let catalog_default = move || format.get().map(default_catalog_text).unwrap_or_default();
    // Each format has its own default catalog, so before there is a format there is none to show.
    let catalog_hint = move || match format.get() {
        Some(f) => format!("Default catalog: {}", default_catalog_text(f)),
        None => "Default catalog: the format's own, shown once files or a format are chosen".into(),
    };
    let format_options = FORMATS
        .iter()
        .map(|&f| view! { <option value=slug(f) selected=move || form.with(|x| x.format == Some(f))>{format_label(f)}</option> })
        .collect_view();
    let guessed = move || match (form.with(|f| f.format), format.get()) {
        (None, Some(f)) => format!("Guess from the file names: {}", short(f)),
        _ => "Guess from the file names".to_string(),
    };
    view! {
        <div class="field-row">
            <div class="field wide">
                <label for="trace-format">"Format"</label>
                <select id="trace-format" data-testid="trace-format"
                    on:change=move |ev| { let v = event_target_value(&ev); form.update(|f| f.format = TraceFormat::from_name(&v)) }>
                    <option value="" selected=move || form.with(|f| f.format.is_none())>{guessed}</option>
                    {format_options}
                </select>
            </div>
        </div>
        <fieldset>
            <legend>"Which jobs"</legend>
            <div class="field-row">
                <FormText label="Window from (hours)" id="trace-from" placeholder=Signal::derive(|| "trace start".to_string())
                    title="Keep jobs submitted at or after this hour of the trace; it becomes time 0 (--from-h)"
                    form get=|f| f.from_h.clone() set=|f, v| f.from_h = v />
                <FormText label="Window to (hours)" id="trace-to" placeholder=Signal::derive(|| "trace end".to_string())
                    title="Keep jobs submitted before this hour of the trace (--to-h)"
                    form get=|f| f.to_h.clone() set=|f, v| f.to_h = v />
                <div class="field">
                    <label for="trace-sampling" title="Deterministic for a given seed (--sample N, --fraction F)">"Sampling"</label>
                    <select id="trace-sampling" data-testid="trace-sampling" on:change=move |ev| {
                        let choice = match event_target_value(&ev).as_str() {
                            "one-in" => SamplingChoice::OneIn,
                            "fraction" => SamplingChoice::Fraction,
                            _ => SamplingChoice::All,
                        };
                        form.update(|f| f.sampling = choice)
                    }>
                        <option value="all">"Every job"</option>
                        <option value="one-in">"One job in N"</option>
                        <option value="fraction">"A fraction F of jobs"</option>
                    </select>
                </div>
                <FormText label="N or F" id="trace-sample" placeholder=Signal::derive(move || match form.with(|f| f.sampling) {
                        SamplingChoice::All => "-".to_string(), SamplingChoice::OneIn => "10".to_string(), SamplingChoice::Fraction => "0.1".to_string() })
                    disabled=Signal::derive(move || form.with(|f| f.sampling == SamplingChoice::All))
                    form get=|f| f.sample_value.clone() set=|f, v| f.sample_value = v />
                <FormText label="Seed" id="trace-seed" placeholder=Signal::derive(|| "0".to_string())
                    title="Seeds sampling and team hashing; becomes the scenario's seed (--seed)"
                    form get=|f| f.seed.clone() set=|f, v| f.seed = v />
            </div>
        </fieldset>
        <fieldset>
            <legend>"What the trace does not say"</legend>
            <div class="field-row">
                <FormText label="Teams" id="trace-teams" placeholder=Signal::derive(move || if is(TraceFormat::Swf) { SWF_TEAMS } else { DEFAULT_TEAMS }.to_string())
                    title="Alibaba: teams to synthesise; SWF: the most shares, the largest keeping their own and the rest pooled into \u{201c}others\u{201d} (--teams)"
                    disabled=Signal::derive(move || is(TraceFormat::Philly))
                    form get=|f| f.teams.clone() set=|f, v| f.teams = v />
                <FormText label="GPUs per node" id="trace-gpus-per-node" placeholder=Signal::derive(|| DEFAULT_GPUS_PER_NODE.to_string())
                    title="Philly: a VC's quota is its node count times this (--gpus-per-node)"
                    disabled=Signal::derive(move || !is(TraceFormat::Philly))
                    form get=|f| f.gpus_per_node.clone() set=|f, v| f.gpus_per_node = v />
                <div class="field">
                    <label for="trace-share-by" title="SWF: the column that becomes the share (--share-by)">"Shares from"</label>
                    <select id="trace-share-by" disabled=move || !is(TraceFormat::Swf) on:change=move |ev| {
                        let by = match event_target_value(&ev).as_str() {
                            "queue" => Some(ShareBy::Queue),
                            "group" => Some(ShareBy::Group),
                            "user" => Some(ShareBy::User),
                            "application" => Some(ShareBy::Application),
                            _ => None,
                        };
                        form.update(|f| f.share_by = by)
                    }>
                        <option value="">"Queue if the log has queues, else group"</option>
                        <option value="queue">"Queue (field 15)"</option>
                        <option value="group">"Group (field 13)"</option>
                        <option value="user">"User (field 12)"</option>
                        <option value="application">"Application (field 14)"</option>
                    </select>
                </div>
            </div>
            <div class="field-row">
                <FormText label="GPU catalog (MODEL=TYPE, in preference order)" id="trace-catalog" wide=true
                    placeholder=Signal::derive(catalog_default)
                    title="Which instance type stands for each GPU model; replaces the default mapping (--catalog)"
                    form get=|f| f.catalog.clone() set=|f, v| f.catalog = v />
            </div>
            <p class="hint" data-testid="trace-catalog-default">{catalog_hint}</p>
            <div class="field-row">
                <FormText label="Scenario name" id="trace-name" placeholder=Signal::derive(|| "named after the trace".to_string()) wide=true
                    form get=|f| f.name.clone() set=|f, v| f.name = v />
            </div>
        </fieldset>
        <div class="field check-field">
            <input id="trace-skip" type="checkbox" data-testid="trace-skip-bad-rows"
                prop:checked=move || form.with(|f| f.skip_bad_rows)
                on:change=move |ev| { let on = event_target_checked(&ev); form.update(|f| f.skip_bad_rows = on) } />
            <label for="trace-skip" title="Without it the first bad row stops the import, as the CLI does without --keep-going">
                "Skip bad rows (import the rest; --keep-going)"
            </label>
        </div>
    }
}

/// One text field of the form, bound to one `TraceForm` field.
#[component]
fn FormText(
    label: &'static str,
    id: &'static str,
    form: RwSignal<TraceForm>,
    get: fn(&TraceForm) -> String,
    set: fn(&mut TraceForm, String),
    placeholder: Signal<String>,
    #[prop(optional)] title: &'static str,
    #[prop(optional, into)] disabled: Signal<bool>,
    #[prop(optional)] wide: bool,
) -> impl IntoView {
    view! {
        <div class="field" class:wide=wide>
            <label for=id title=(!title.is_empty()).then_some(title)>{label}</label>
            <input type="text" id=id data-testid=id placeholder=move || placeholder.get()
                disabled=move || disabled.get()
                prop:value=move || form.with(get)
                on:input=move |ev| { let v = event_target_value(&ev); form.update(|f| set(f, v)) } />
        </div>
    }
}

fn slug(format: TraceFormat) -> &'static str {
    match format {
        TraceFormat::Philly => "philly",
        TraceFormat::Alibaba => "alibaba",
        TraceFormat::Swf => "swf",
    }
}

fn short(format: TraceFormat) -> &'static str {
    match format {
        TraceFormat::Philly => "Philly",
        TraceFormat::Alibaba => "Alibaba 2023",
        TraceFormat::Swf => "SWF",
    }
}
