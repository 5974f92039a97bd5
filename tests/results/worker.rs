//! The simulation worker's message round trip gives the engine's result byte for byte: what the
//! page draws (the summary and the job columns, decoded here in wasm as the page decodes them),
//! a job's story, and the whole document; and a message that is not a request is refused with a
//! typed reason, never taken for a run.
//!
//! `worker::simulation::serve` is the whole of what the simulation worker does with a message
//! (its `onmessage` only hands it over), so serving the same encoded request here proves the
//! bytes. The e2e test `results: worker result equals the engine's` checks the real worker in
//! the page.

use quotalab_app::worker::carried::Carried;
use quotalab_app::worker::messages::{Reply, Request};
use quotalab_app::worker::posted::Posted;
use quotalab_app::worker::simulation::{held_run, jobs_kept, serve};
use quotalab_app::worker::spare;
use quotalab_app::worker::wire::{encode_request, Answer, Header, Incoming, Message, Refusal};
use quotalab_engine::result::metrics::ALL_JOBS;
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::JobResult;
use quotalab_engine::scenario::{JobList, Strategy};
use quotalab_engine::{simulate, Keep, Scenario};
use wasm_bindgen_test::*;

const DEFAULT: &str = include_str!("../../scenarios/default.json");

/// Every message the worker posts for `request` (sent as request `id`), as posted.
fn served(id: u64, request: &Request) -> Vec<Vec<u8>> {
    served_raw(&encode_request(id, request).into_string())
}

/// Every message the worker posts for `message`, posted to it as bytes, as the page posts.
fn served_raw(message: &str) -> Vec<Vec<u8>> {
    let mut posted = Vec::new();
    serve(posted_as_bytes(message), &|| 0.0, &mut |parts| {
        posted.push(parts.concat())
    });
    posted
}

/// `message` as the worker receives it: its bytes in a JavaScript buffer.
fn posted_as_bytes(message: &str) -> Incoming {
    Incoming::posted(js_sys::Uint8Array::from(message.as_bytes()))
}

fn read(bytes: &[u8]) -> Message<Reply> {
    Message::read(Posted::Copied(bytes.to_vec())).expect("a header")
}

/// The last message's answer.
fn answer(posted: &[Vec<u8>]) -> Answer<Reply> {
    let (_, done, answer) = read(posted.last().expect("a reply"))
        .into_answer()
        .expect("an answer");
    assert!(done, "the last message ends the answer");
    answer
}

fn run(run: u64, progress_every: u64, scenario: &str) -> Request {
    Request::Run {
        run,
        progress_every,
        scenario: scenario.to_owned().into(),
        jobs_of: None,
        fault: None,
    }
}

#[wasm_bindgen_test]
fn worker_result_is_byte_identical_to_the_engine() {
    let scenario = Scenario::from_json(DEFAULT).unwrap();
    let direct = simulate(&scenario);
    // The page sends the scenario as it holds it: re-serialised from the parsed value.
    let sent = serde_json::to_string(&scenario).unwrap();
    let posted = served(3, &run(7, 0, &sent));
    let done = answer(&posted);
    assert!(matches!(done.reply, Reply::Ran { .. }), "{:?}", done.reply);
    // What the page draws: the engine's summary and columns, byte for byte.
    let mut expected = Vec::new();
    let finished = quotalab_engine::run(&scenario, Keep::Drawn, 0, &mut |_| true).unwrap();
    Drawn::write(&finished, ALL_JOBS, &mut expected);
    assert_eq!(*done.body(), expected[..]);
    // Decoded as the page decodes it, every job's columns are the engine's job.
    let drawn = done.drawn().expect("the page can read it");
    assert_eq!(drawn, Drawn::of(direct.clone(), ALL_JOBS));
    // Read as the page reads a reply it was sent: from the transferred buffer, where it lies.
    let last = posted.last().unwrap();
    let transferred = Posted::Transferred(js_sys::Uint8Array::from(&last[..]));
    let (_, _, in_place) = Message::<Reply>::read(transferred)
        .and_then(Message::into_answer)
        .expect("a reply");
    assert_eq!(*in_place.body(), expected[..]);
    assert_eq!(in_place.drawn().expect("the page can read it"), drawn);
    // Cut short anywhere past its header, it is an error, never a panic.
    for cut in [
        last.len() - 1,
        last.len() / 2,
        last.len() - expected.len() + 3,
    ] {
        let short = Posted::Transferred(js_sys::Uint8Array::from(&last[..cut]));
        let (_, _, short) = Message::<Reply>::read(short)
            .and_then(Message::into_answer)
            .expect("the header is whole");
        assert!(short.drawn().is_err(), "cut at {cut}");
    }
    assert_eq!(drawn.jobs.len(), direct.jobs.len());
    for (j, job) in direct.jobs.iter().enumerate() {
        let row = drawn.jobs.row(j);
        assert_eq!(
            (
                row.name.to_string().as_str(),
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
    let story = answer(&served(
        4,
        &Request::Story {
            run: 7,
            job: 5,
            scenario: sent.clone().into(),
        },
    ));
    assert_eq!(story.reply, Reply::Story(Box::new(direct.jobs[5].clone())));
    // The whole document, likewise: the pieces joined.
    let pieces = served(
        5,
        &Request::Document {
            run: 7,
            scenario: sent.into(),
        },
    );
    let whole: Vec<u8> = pieces
        .iter()
        .flat_map(|p| read(p).into_answer().unwrap().2.body().into_owned())
        .collect();
    assert_eq!(whole, direct.to_json().into_bytes());
}

/// A run request lets go of the held result before anything of it is read, so nothing it
/// allocates sits above that result in the heap (docs/PERFORMANCE.md, "The worker lets go of the
/// held result first"): even a request that turns out unreadable has let go of it.
#[wasm_bindgen_test]
fn a_run_request_lets_go_of_the_held_result_before_reading_it() {
    served(1, &run(1, 0, DEFAULT));
    assert_eq!(held_run(), Some(1));
    served_raw("not json");
    assert_eq!(held_run(), None);
}

/// While a run runs, the worker holds no earlier result beside it (docs/PERFORMANCE.md, "A run no
/// longer keeps the result before it"), and holds its own once it is done.
#[wasm_bindgen_test]
fn a_run_lets_go_of_the_result_before_it() {
    served(1, &run(1, 0, DEFAULT));
    assert_eq!(held_run(), Some(1));
    let mut held_during = Vec::new();
    serve(
        posted_as_bytes(&encode_request(2, &run(2, 10, DEFAULT)).into_string()),
        &|| 0.0,
        &mut |parts| {
            if matches!(
                read(&parts.concat()).header,
                Header::Reply {
                    reply: Reply::Progress { .. },
                    ..
                }
            ) {
                held_during.push(held_run());
            }
        },
    );
    assert!(!held_during.is_empty(), "the run reports progress");
    assert!(held_during.iter().all(Option::is_none), "{held_during:?}");
    assert_eq!(held_run(), Some(2));
}

/// A run lets go of the result before it; a story of that earlier run is then its scenario run
/// again, and is still that run's job, not the newer run's.
#[wasm_bindgen_test]
fn a_story_of_an_earlier_run_is_that_runs_job() {
    let first = Scenario::from_json(DEFAULT).unwrap();
    let second = Scenario::from_json(include_str!("../../scenarios/lend-and-borrow.json")).unwrap();
    let (first_sent, second_sent) = (
        serde_json::to_string(&first).unwrap(),
        serde_json::to_string(&second).unwrap(),
    );
    let (first_job, second_job) = (
        simulate(&first).jobs[5].clone(),
        simulate(&second).jobs[5].clone(),
    );
    assert_ne!(first_job, second_job, "the scenarios give different jobs");
    served(1, &run(1, 0, &first_sent));
    served(2, &run(2, 0, &second_sent));
    let story_of = |run: u64, sent: &str| -> JobResult {
        let request = Request::Story {
            run,
            job: 5,
            scenario: sent.to_owned().into(),
        };
        match answer(&served(9, &request)).reply {
            Reply::Story(job) => *job,
            other => panic!("not a story: {other:?}"),
        }
    };
    assert_eq!(story_of(1, &first_sent), first_job);
    assert_eq!(story_of(2, &second_sent), second_job);
    // Asked without its scenario, as the page first asks, a story of the run held is served,
    // and one of a run no longer held is refused so that the page asks again with it.
    assert_eq!(story_of(2, ""), second_job);
    let unsent = Request::Story {
        run: 1,
        job: 5,
        scenario: Carried::default(),
    };
    assert!(matches!(
        read(&served(10, &unsent)[0]).header,
        Header::Refused {
            id: 10,
            refusal: Refusal::NotHeld(1)
        }
    ));
}

/// What the page draws of `scenario`, as the engine makes it.
fn drawn_bytes(scenario: &Scenario) -> Vec<u8> {
    let finished = quotalab_engine::run(scenario, Keep::Drawn, 0, &mut |_| true).unwrap();
    let mut bytes = Vec::new();
    Drawn::write(&finished, ALL_JOBS, &mut bytes);
    bytes
}

/// A run of `scenario` without its listed jobs, taking run `jobs_of`'s.
fn run_of_kept_jobs(run: u64, scenario: &Scenario, jobs_of: u64) -> Request {
    let agreement = Scenario {
        jobs: JobList::default(),
        ..scenario.clone()
    };
    Request::Run {
        run,
        progress_every: 0,
        // As the page sends it: the scenario itself, written as the request is posted.
        scenario: agreement.into(),
        jobs_of: Some(jobs_of),
        fault: None,
    }
}

/// A run's scenario posted as bytes is read from the posted buffer, a piece at a time, pretty or
/// compact, and runs as the engine runs it; one whose jobs are not read in pieces (the member's
/// name written with an escape) is read whole, with the same result.
#[wasm_bindgen_test]
fn a_posted_scenario_runs_as_its_text_does() {
    let text = include_str!("../../scenarios/philly-trace.json");
    let trace = Scenario::from_json(text).unwrap();
    let expected = drawn_bytes(&trace);
    let escaped = text.replacen("\"jobs\"", "\"jo\\u0062s\"", 1);
    assert_ne!(escaped, text);
    for json in [
        text.to_string(),
        serde_json::to_string(&trace).unwrap(),
        escaped,
    ] {
        let done = answer(&served(1, &run(1, 0, &json)));
        assert!(matches!(done.reply, Reply::Ran { .. }), "{:?}", done.reply);
        assert_eq!(*done.body(), expected[..]);
    }
}

/// The refusal of the only message posted.
fn refusal(posted: &[Vec<u8>]) -> Refusal {
    assert_eq!(posted.len(), 1);
    match read(&posted[0]).header {
        Header::Refused { refusal, .. } => refusal,
        other => panic!("not refused: {other:?}"),
    }
}

/// A run that names the run whose listed jobs the worker keeps leaves them out of its scenario,
/// and its result is the whole scenario's, byte for byte; the worker refuses it when it does not
/// keep those jobs (the page then sends the whole scenario), and validates the jobs against the
/// agreement sent (docs/ARCHITECTURE.md, "Jobs the worker keeps").
#[wasm_bindgen_test]
fn a_run_of_the_jobs_the_worker_keeps_is_the_whole_scenarios_run() {
    let trace = Scenario::from_json(include_str!("../../scenarios/philly-trace.json")).unwrap();
    assert!(trace.jobs.len() > 400, "a trace lists its jobs");
    served(1, &run(1, 0, &serde_json::to_string(&trace).unwrap()));
    assert_eq!(jobs_kept(), Some(1));
    // An edit of the agreement: the first share keeps its idle capacity to itself.
    let mut edited = trace.clone();
    edited.quota_shares[0].strategy = Strategy::Reserve;
    assert_ne!(
        drawn_bytes(&edited),
        drawn_bytes(&trace),
        "the edit matters"
    );
    let done = answer(&served(2, &run_of_kept_jobs(2, &edited, 1)));
    assert!(matches!(done.reply, Reply::Ran { .. }), "{:?}", done.reply);
    assert_eq!(*done.body(), drawn_bytes(&edited)[..]);
    assert_eq!(jobs_kept(), Some(2), "kept again, as the run's own");
    // Run 1's jobs are no longer kept as run 1's: refused, and nothing is kept any more.
    assert_eq!(
        refusal(&served(3, &run_of_kept_jobs(3, &edited, 1))),
        Refusal::NotHeld(1)
    );
    assert_eq!(jobs_kept(), None);
    assert_eq!(
        refusal(&served(4, &run_of_kept_jobs(4, &edited, 2))),
        Refusal::NotHeld(2)
    );
    // An agreement that the kept jobs do not fit is invalid, as the whole scenario would be.
    served(5, &run(5, 0, &serde_json::to_string(&trace).unwrap()));
    let mut unshared = trace.clone();
    unshared.quota_shares.truncate(1);
    let whole = Scenario::from_json(&serde_json::to_string(&unshared).unwrap());
    let Err(whole) = whole else {
        panic!("the jobs name shares that are gone")
    };
    assert_eq!(
        refusal(&served(6, &run_of_kept_jobs(6, &unshared, 5))),
        Refusal::Invalid(whole.to_string())
    );
    // A run that takes the kept jobs lists none of its own.
    served(7, &run(7, 0, &serde_json::to_string(&trace).unwrap()));
    let both = Request::Run {
        run: 8,
        progress_every: 0,
        scenario: serde_json::to_string(&trace).unwrap().into(),
        jobs_of: Some(7),
        fault: None,
    };
    assert!(matches!(refusal(&served(8, &both)), Refusal::Unreadable(_)));
    // A scenario of generated jobs keeps none.
    served(9, &run(9, 0, DEFAULT));
    assert_eq!(jobs_kept(), None);
}

/// A request is posted as the bytes of the very message a worker serves: its envelope's line,
/// then its document, when it carries one. A scenario the page hands over is written into the
/// posted bytes as its compact JSON, which the worker reads back as text.
#[wasm_bindgen_test]
fn a_request_is_posted_as_the_bytes_of_its_message() {
    let trace = Scenario::from_json(include_str!("../../scenarios/philly-trace.json")).unwrap();
    let handed = Request::Run {
        run: 3,
        progress_every: 0,
        scenario: trace.clone().into(),
        jobs_of: None,
        fault: None,
    };
    for request in [
        run(2, 10, DEFAULT),
        Request::Story {
            run: 2,
            job: 1,
            scenario: Carried::default(),
        },
        handed.clone(),
    ] {
        let text = encode_request(5, &request);
        assert_eq!(
            text.to_bytes().to_vec(),
            text.clone().into_string().into_bytes()
        );
    }
    let message = encode_request(5, &handed).into_string();
    let (_, document) = message.split_once('\n').expect("a document follows");
    assert_eq!(document, quotalab_engine::json_text::compact(&trace));
    assert_eq!(*answer(&served(3, &handed)).body(), drawn_bytes(&trace)[..]);
}

#[wasm_bindgen_test]
fn every_reply_carries_its_request_id() {
    let posted = served(42, &run(1, 10, DEFAULT));
    let headers: Vec<Header<Reply>> = posted.iter().map(|p| read(p).header).collect();
    let progress = headers
        .iter()
        .filter(|h| {
            matches!(
                h,
                Header::Reply {
                    id: 42,
                    done: false,
                    reply: Reply::Progress { .. }
                }
            )
        })
        .count();
    assert!(progress > 0, "a run of many events reports progress");
    assert!(matches!(
        headers.last(),
        Some(Header::Reply {
            id: 42,
            done: true,
            reply: Reply::Ran { .. }
        })
    ));
}

#[wasm_bindgen_test]
fn an_invalid_scenario_is_refused_with_the_engine_message() {
    let posted = served(
        3,
        &run(
            3,
            0,
            r#"{ "version": 1, "name": "x", "jobs": [ { "name": "J" } ] }"#,
        ),
    );
    assert_eq!(posted.len(), 1);
    assert!(matches!(
        read(&posted[0]).header,
        Header::Refused {
            id: 3,
            refusal: Refusal::Invalid(_)
        }
    ));
}

/// Garbled text, an unknown kind or a request missing a field is refused under the id it
/// carries, with the reason: never a silent single run.
#[wasm_bindgen_test]
fn a_message_that_is_not_a_request_is_refused_not_run() {
    for (message, id) in [
        ("not json", 0),
        (r#"{"id":5,"request":{"simulate_everything":{}}}"#, 5),
        (r#"{"id":6,"request":{"run":{"scenario":"{}"}}}"#, 6),
        (r#"{"run":1,"progress_every":0,"scenario":"{}"}"#, 0),
    ] {
        let posted = served_raw(message);
        assert_eq!(posted.len(), 1, "{message}");
        let header = read(&posted[0]).header;
        assert!(
            matches!(&header, Header::Refused { id: i, refusal: Refusal::Unreadable(_) } if *i == id),
            "{message}: {header:?}"
        );
    }
    assert_eq!(held_run(), None, "nothing ran");
}

/// Whether `view` lies in `buffer` itself, not in a buffer of its own.
fn lies_in(view: &js_sys::Uint8Array, buffer: &js_sys::ArrayBuffer) -> bool {
    js_sys::Object::is(&view.buffer(), buffer)
}

/// A large reply's buffer that the page gives back carries the worker's next large reply when
/// it holds it without being more than twice its size, once; a request that did not use it lets
/// it go; small buffers are not kept (`worker::spare`).
#[wasm_bindgen_test]
fn a_buffer_given_back_carries_the_next_large_reply_that_fits_once() {
    const MIB: u32 = 1 << 20;
    let given = js_sys::ArrayBuffer::new(3 * MIB);
    spare::keep(given.clone());
    assert!(
        !lies_in(&spare::bytes_for(MIB), &given),
        "more than twice the reply: not used"
    );
    let reply = spare::bytes_for(2 * MIB);
    assert!(
        lies_in(&reply, &given),
        "a reply that fits is written into it"
    );
    assert_eq!((reply.byte_offset(), reply.length()), (0, 2 * MIB));
    assert!(
        !lies_in(&spare::bytes_for(2 * MIB), &given),
        "it carries one reply"
    );

    spare::keep(given.clone());
    spare::let_go();
    assert!(!lies_in(&spare::bytes_for(2 * MIB), &given), "let go");

    let small = js_sys::ArrayBuffer::new(64 * 1024);
    spare::keep(small.clone());
    assert!(
        !lies_in(&spare::bytes_for(64 * 1024), &small),
        "too small to keep"
    );
}

/// A request's buffer kept beside a reply's given back: the larger stays, whichever came first.
#[wasm_bindgen_test]
fn of_two_buffers_kept_the_larger_carries_the_reply() {
    const MIB: u32 = 1 << 20;
    let smaller = js_sys::ArrayBuffer::new(2 * MIB);
    let larger = js_sys::ArrayBuffer::new(3 * MIB);
    for (first, second) in [(&smaller, &larger), (&larger, &smaller)] {
        spare::keep(first.clone());
        spare::keep(second.clone());
        assert!(lies_in(&spare::bytes_for(2 * MIB), &larger));
        spare::let_go();
    }
}

/// The page gives back only a transferred buffer worth keeping, and reads the reply before.
#[wasm_bindgen_test]
fn only_a_large_transferred_reply_gives_its_buffer_back() {
    let large = js_sys::Uint8Array::new_with_length(spare::SPARE_MIN_BYTES);
    let buffer = large.buffer();
    let given = Posted::Transferred(large)
        .into_buffer()
        .expect("a large reply's buffer");
    assert!(js_sys::Object::is(&given, &buffer));
    let small = js_sys::Uint8Array::new_with_length(1024);
    assert!(Posted::Transferred(small).into_buffer().is_none());
    assert!(Posted::Copied(vec![0; 2 << 20]).into_buffer().is_none());
}
