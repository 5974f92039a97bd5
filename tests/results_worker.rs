//! The worker's message round trip gives the engine's result byte for byte: what the page draws
//! (the summary and the job columns, decoded here in wasm as the page decodes them), a job's
//! story, and the whole document.
//!
//! `protocol::serve` is the whole of what the simulation worker does with a run's message
//! (`simulation_worker` only wires it to `onmessage`), so running it here with the same encoded
//! request proves the bytes.
//! The e2e test `results: worker result equals the engine's` checks the real worker in the page.

use quotalab_app::results::charts::canvas::ALL_JOBS;
use quotalab_app::results::protocol::full::{serve_full, FullRequest};
use quotalab_app::results::protocol::held::held_run;
use quotalab_app::results::protocol::posted::Posted;
use quotalab_app::results::protocol::story::{serve_story, StoryRequest};
use quotalab_app::results::protocol::{
    decode_reply, encode_request, serve, Header, Reply, Request,
};
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::JobResult;
use quotalab_engine::{simulate, Scenario};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const DEFAULT: &str = include_str!("../scenarios/default.json");

/// The replies to `request`, each its parts joined as the worker posts them.
fn replies_to(serve: impl FnOnce(&mut dyn FnMut(&[&[u8]]))) -> Vec<Vec<u8>> {
    let mut replies = Vec::new();
    serve(&mut |parts| replies.push(parts.concat()));
    replies
}

fn round_trip(run: u64, progress_every: u64, scenario: &str) -> Vec<Vec<u8>> {
    let request = encode_request(&Request {
        run,
        progress_every,
        scenario: scenario.to_owned(),
        fault: None,
    });
    replies_to(|send| serve(&request, &|| 0.0, send))
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
    // What the page draws: the engine's summary and columns, byte for byte.
    let mut expected = Vec::new();
    Drawn::write(&mut direct.clone(), ALL_JOBS, &mut expected);
    assert_eq!(*done.body(), expected[..]);
    // Decoded as the page decodes it, every job's columns are the engine's job.
    let drawn = done.drawn().expect("the page can read it");
    assert_eq!(drawn, Drawn::of(direct.clone(), ALL_JOBS));
    // Read as the page reads a reply it was sent: from the transferred buffer, where it lies.
    let transferred = Posted::Transferred(js_sys::Uint8Array::from(&replies.last().unwrap()[..]));
    let in_place = Reply::read(transferred).expect("a reply");
    assert_eq!(*in_place.body(), expected[..]);
    assert_eq!(in_place.drawn().expect("the page can read it"), drawn);
    // Cut short anywhere past its header, it is an error, never a panic.
    let posted = replies.last().unwrap();
    for cut in [
        posted.len() - 1,
        posted.len() / 2,
        posted.len() - expected.len() + 3,
    ] {
        let short = Posted::Transferred(js_sys::Uint8Array::from(&posted[..cut]));
        assert!(
            Reply::read(short)
                .expect("the header is whole")
                .drawn()
                .is_err(),
            "cut at {cut}"
        );
    }
    assert_eq!(drawn.jobs.len(), direct.jobs.len());
    for (j, job) in direct.jobs.iter().enumerate() {
        let row = drawn.jobs.row(j);
        assert_eq!(
            (
                row.name,
                row.status,
                row.completion_h,
                row.cost,
                row.attempts
            ),
            (
                job.name.as_str(),
                job.status,
                job.completion_h,
                job.cost,
                job.attempts.len()
            ),
        );
    }
    // A job's story, asked for afterwards from the result the worker kept.
    let story = replies_to(|send| {
        assert!(serve_story(&StoryRequest::encode(7, 5, &sent), send));
    });
    let story = decode_reply(&story[0]).unwrap();
    assert_eq!(story.header, Header::Story { run: 7, job: 5 });
    let job: JobResult = serde_json::from_slice(&story.body()).unwrap();
    assert_eq!(job, direct.jobs[5]);
    // The whole document, likewise.
    let pieces = replies_to(|send| {
        assert!(serve_full(&FullRequest::encode(7, &sent), send));
    });
    let whole: Vec<u8> = pieces
        .iter()
        .flat_map(|p| decode_reply(p).unwrap().body().into_owned())
        .collect();
    assert_eq!(whole, direct.to_json().into_bytes());
}

/// A run request lets go of the held result before anything of it is read, so nothing it
/// allocates sits above that result in the heap (docs/PERFORMANCE.md, "The worker lets go of the
/// held result first"): even a request that turns out unreadable has let go of it.
#[wasm_bindgen_test]
fn a_run_request_lets_go_of_the_held_result_before_reading_it() {
    round_trip(1, 0, DEFAULT);
    assert_eq!(held_run(), Some(1));
    replies_to(|send| serve("not json", &|| 0.0, send));
    assert_eq!(held_run(), None);
}

/// While a run runs, the worker holds no earlier result beside it (docs/PERFORMANCE.md, "A run no
/// longer keeps the result before it"), and holds its own once it is done.
#[wasm_bindgen_test]
fn a_run_lets_go_of_the_result_before_it() {
    round_trip(1, 0, DEFAULT);
    assert_eq!(held_run(), Some(1));
    let request = encode_request(&Request {
        run: 2,
        progress_every: 10,
        scenario: DEFAULT.to_owned(),
        fault: None,
    });
    let mut held_during = Vec::new();
    serve(&request, &|| 0.0, &mut |parts| {
        let reply = decode_reply(&parts.concat()).unwrap();
        if matches!(reply.header, Header::Progress { .. }) {
            held_during.push(held_run());
        }
    });
    assert!(!held_during.is_empty(), "the run reports progress");
    assert!(held_during.iter().all(Option::is_none), "{held_during:?}");
    assert_eq!(held_run(), Some(2));
}

/// A run lets go of the result before it (`held::forget`); a story of that earlier run is then
/// its scenario run again, and is still that run's job, not the newer run's.
#[wasm_bindgen_test]
fn a_story_of_an_earlier_run_is_that_runs_job() {
    let first = Scenario::from_json(DEFAULT).unwrap();
    let second = Scenario::from_json(include_str!("../scenarios/lend-and-borrow.json")).unwrap();
    let (first_sent, second_sent) = (
        serde_json::to_string(&first).unwrap(),
        serde_json::to_string(&second).unwrap(),
    );
    let (first_job, second_job) = (
        simulate(&first).jobs[5].clone(),
        simulate(&second).jobs[5].clone(),
    );
    assert_ne!(first_job, second_job, "the scenarios give different jobs");
    round_trip(1, 0, &first_sent);
    round_trip(2, 0, &second_sent);
    let story_of = |run: u64, sent: &str| {
        let replies =
            replies_to(|send| assert!(serve_story(&StoryRequest::encode(run, 5, sent), send)));
        let body = decode_reply(&replies[0]).unwrap().body().into_owned();
        serde_json::from_slice::<JobResult>(&body).unwrap()
    };
    assert_eq!(story_of(1, &first_sent), first_job);
    assert_eq!(story_of(2, &second_sent), second_job);
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
    let replies = replies_to(|send| serve("not json", &|| 0.0, send));
    assert!(matches!(
        decode_reply(&replies[0]).unwrap().header,
        Header::Failed { run: 0, .. }
    ));
}
