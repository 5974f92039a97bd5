//! The worker's message round trip gives the engine's result byte for byte.
//!
//! `protocol::serve` is the whole of what the worker binary does with a message (the binary only
//! wires it to `onmessage`), so running it here with the same encoded request proves the bytes.
//! The e2e test `results: worker result equals the engine's` checks the real worker in the page.

use quotalab_app::results::protocol::full::{serve_full, FullRequest};
use quotalab_app::results::protocol::{decode_reply, encode_request, serve, Header, Request};
use quotalab_engine::result::view::drawn_json;
use quotalab_engine::{simulate, Scenario};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const DEFAULT: &str = include_str!("../scenarios/default.json");

fn round_trip(run: u64, progress_every: u64, scenario: &str) -> Vec<String> {
    let request = encode_request(&Request {
        run,
        progress_every,
        scenario: scenario.to_owned(),
        fault: None,
    });
    let mut replies = Vec::new();
    serve(&request, &|| 0.0, &mut |reply| replies.push(reply));
    replies
}

#[wasm_bindgen_test]
fn worker_result_is_byte_identical_to_the_engine() {
    let scenario = Scenario::from_json(DEFAULT).unwrap();
    let direct = simulate(&scenario);
    // The page sends the scenario as it holds it: re-serialised from the parsed value.
    let sent = serde_json::to_string(&scenario).unwrap();
    let replies = round_trip(7, 0, &sent);
    let done = decode_reply(replies.last().unwrap()).unwrap();
    assert!(
        matches!(done.header, Header::Done { run: 7, .. }),
        "{:?}",
        done.header
    );
    // What the page draws: the engine's document without its events.
    assert_eq!(
        done.result_json.as_deref(),
        Some(drawn_json(&mut direct.clone()).as_str())
    );
    // The whole document, asked for afterwards from the result the worker kept.
    let mut pieces = Vec::new();
    assert!(serve_full(&FullRequest::encode(7, &sent), &mut |r| pieces.push(r)));
    let whole: String = pieces
        .iter()
        .map(|p| decode_reply(p).unwrap().result_json.unwrap_or_default())
        .collect();
    assert_eq!(whole, direct.to_json());
}

#[wasm_bindgen_test]
fn progress_replies_carry_the_run_number() {
    let replies = round_trip(42, 10, DEFAULT);
    let headers: Vec<Header> = replies
        .iter()
        .map(|r| decode_reply(r).unwrap().header)
        .collect();
    let progress = headers
        .iter()
        .filter(|h| matches!(h, Header::Progress { run: 42, .. }))
        .count();
    assert!(progress > 0, "a run of many events reports progress");
    assert!(matches!(headers.last(), Some(Header::Done { run: 42, .. })));
}

#[wasm_bindgen_test]
fn an_invalid_scenario_fails_with_a_message() {
    let replies = round_trip(
        3,
        0,
        r#"{ "version": 1, "name": "x", "jobs": [ { "name": "J" } ] }"#,
    );
    assert_eq!(replies.len(), 1);
    assert!(matches!(
        decode_reply(&replies[0]).unwrap().header,
        Header::Failed { run: 3, .. }
    ));
}

#[wasm_bindgen_test]
fn a_garbled_message_fails_instead_of_panicking() {
    let mut replies = Vec::new();
    serve("not json", &|| 0.0, &mut |r| replies.push(r));
    assert!(matches!(
        decode_reply(&replies[0]).unwrap().header,
        Header::Failed { run: 0, .. }
    ));
}
