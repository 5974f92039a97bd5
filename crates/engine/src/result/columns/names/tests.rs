use super::*;

/// Names pushed in this order with their mix (index into [`MIXES`]), between them every way a
/// name can read as a mix's number or not.
const JOBS: &[(&str, Option<u32>)] = &[
    ("bg-1", Some(0)),
    ("bg-2", Some(0)),
    ("bg-3", Some(0)),
    ("J1", None),
    ("bg-4", Some(0)),
    ("bg-6", Some(0)),
    ("bg-10", Some(0)),
    ("bg-9", Some(0)),
    ("other-1", Some(1)),
    ("other-2", Some(1)),
    ("bg-2", Some(1)),
    ("bg-0", Some(0)),
    ("bg-01", Some(0)),
    ("bg-", Some(0)),
    ("bg", Some(0)),
    ("bg-1x", Some(0)),
    ("bg-4294967295", Some(0)),
    ("bg-4294967296", Some(0)),
    ("bg-7", None),
    ("é-3", Some(2)),
    ("é-4", Some(2)),
    ("", None),
    ("zz", None),
];

const MIXES: [&str; 3] = ["bg", "other", "é"];

fn names() -> (JobNames, Vec<Text>) {
    let mut names = JobNames::default();
    for &(name, mix) in JOBS {
        let mix_name = mix.map(|m| MIXES[m as usize]);
        names.push(name, mix.unwrap_or(super::super::NONE), mix_name);
    }
    (names, MIXES.iter().map(|m| Text::from(*m)).collect())
}

#[test]
fn every_name_reads_back_as_it_was_written() {
    let (names, mixes) = names();
    assert_eq!(names.len(), JOBS.len());
    assert!(names.is_sound(JOBS.len()));
    for (j, &(name, _)) in JOBS.iter().enumerate() {
        let got = names.get(j, &mixes);
        assert_eq!(got.to_string(), name, "job {j}");
        assert_eq!(got, name, "job {j}");
        assert!(got != "bg-5", "job {j}");
        // `bg-2` stands twice here, once in a run and once as text (another mix's); a result's
        // names are unique, and either is the job called so.
        let called = |k: &usize| JOBS[*k].0 == name;
        assert!(
            names.find(name, &mixes).is_some_and(|k| called(&k)),
            "{name}"
        );
    }
    for absent in ["bg-5", "bg-11", "other-3", "é-2", "J2", "bg-4294967294"] {
        assert_eq!(names.find(absent, &mixes), None, "{absent}");
    }
}

#[test]
fn names_order_and_compare_as_their_text() {
    let (names, mixes) = names();
    for (a, &(text_a, _)) in JOBS.iter().enumerate() {
        for (b, &(text_b, _)) in JOBS.iter().enumerate() {
            let (x, y) = (names.get(a, &mixes), names.get(b, &mixes));
            assert_eq!(x.cmp(&y), text_a.cmp(text_b), "{text_a} against {text_b}");
            assert_eq!(x == y, text_a == text_b, "{text_a} against {text_b}");
        }
    }
}

#[test]
fn only_a_mixs_own_numbers_in_sequence_make_one_run() {
    let (names, _) = names();
    let runs: Vec<[u32; 4]> = names.runs.parts().collect();
    assert_eq!(
        runs,
        [
            [0, 3, 0, 1],  // bg-1 to bg-3
            [4, 1, 0, 4],  // bg-4, after J1
            [5, 1, 0, 6],  // bg-6: not bg-5
            [6, 1, 0, 10], // bg-10
            [7, 1, 0, 9],  // bg-9: numbers only rise
            [8, 2, 1, 1],  // other-1, other-2
            [16, 1, 0, u32::MAX],
            [19, 2, 2, 3], // é-3, é-4
        ]
    );
    let texts = [
        "J1",
        "bg-2",
        "bg-0",
        "bg-01",
        "bg-",
        "bg",
        "bg-1x",
        "bg-4294967296",
        "bg-7",
        "",
        "zz",
    ];
    assert_eq!(names.runs.texts(), texts.len());
    assert_eq!(names.text, texts.concat());
}

#[test]
fn a_run_does_not_number_past_the_largest_number() {
    let mut names = JobNames::default();
    names.push("bg-4294967295", 0, Some("bg"));
    names.push("bg-4294967296", 0, Some("bg"));
    assert_eq!(
        names.runs.parts().collect::<Vec<_>>(),
        [[0, 1, 0, u32::MAX]]
    );
    assert_eq!(names.text, "bg-4294967296");
}

#[test]
fn runs_read_from_bytes_are_checked() {
    let (names, _) = names();
    let parts: Vec<[u32; 4]> = names.runs.parts().collect();
    assert_eq!(
        NameRuns::from_parts(&parts, JOBS.len(), MIXES.len()).as_ref(),
        Some(&names.runs)
    );
    let refused = [
        vec![[0, 0, 0, 1]],               // no jobs
        vec![[0, 3, 0, 1], [2, 1, 0, 1]], // overlapping
        vec![[4, 1, 0, 1], [0, 1, 0, 1]], // out of order
        vec![[22, 2, 0, 1]],              // past the last job
        vec![[u32::MAX, 2, 0, 1]],        // past every number
        vec![[0, 1, 3, 1]],               // no such mix
        vec![[0, 2, 0, u32::MAX]],        // numbers past u32
    ];
    for parts in refused {
        assert_eq!(
            NameRuns::from_parts(&parts, JOBS.len(), MIXES.len()),
            None,
            "{parts:?}"
        );
    }
}

#[test]
fn numbers_order_as_their_digits_do() {
    let numbers = [
        0,
        1,
        2,
        9,
        10,
        11,
        12,
        19,
        20,
        99,
        100,
        101,
        123,
        1_000,
        1_234,
        42_949_672,
        429_496_729,
        999_999_999,
        1_000_000_000,
        u32::MAX,
    ];
    for a in numbers {
        for b in numbers {
            assert_eq!(
                digits_order(a, b),
                a.to_string().cmp(&b.to_string()),
                "{a} against {b}"
            );
        }
    }
}
