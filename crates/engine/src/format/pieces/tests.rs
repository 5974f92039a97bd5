use super::*;
use crate::study::Document;
use std::path::{Path, PathBuf};

/// Every `.json` file below `dir`.
fn json_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a folder of the repository") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            json_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "json") {
            into.push(path);
        }
    }
}

/// What reading `bytes` in pieces gives, then the whole text where it says so: what the app
/// opens.
fn read(bytes: &[u8]) -> Result<Document, LoadError> {
    match read_scenario(bytes)? {
        Some(scenario) => Ok(Document::Scenario(scenario)),
        None => Document::parse_json(&bytes.text()),
    }
}

fn same(a: &Result<Document, LoadError>, b: &Result<Document, LoadError>) -> bool {
    match (a, b) {
        (Ok(Document::Scenario(a)), Ok(Document::Scenario(b))) => {
            a == b && a.to_json_pretty() == b.to_json_pretty()
        }
        (Ok(Document::Study(a)), Ok(Document::Study(b))) => {
            a.to_json_pretty() == b.to_json_pretty()
        }
        (Err(a), Err(b)) => a.to_string() == b.to_string(),
        _ => false,
    }
}

#[test]
fn every_document_of_the_repository_reads_in_pieces_as_its_whole_text_reads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    json_files(&root.join("scenarios"), &mut files);
    json_files(&root.join("crates/engine/tests"), &mut files);
    let mut in_pieces = 0;
    for file in &files {
        let bytes = std::fs::read(file).expect("readable");
        let whole = Document::parse_json(&String::from_utf8_lossy(&bytes));
        assert!(same(&read(&bytes), &whole), "{}", file.display());
        if matches!(read_scenario(&bytes[..]), Ok(Some(_))) {
            in_pieces += 1;
        }
    }
    assert!(
        in_pieces > 50,
        "only {in_pieces} of {} read in pieces",
        files.len()
    );
}

const TWO_JOBS: &str = r#"{"version": 1, "name": "two",
  "capacity": [{"instance_type": "ml.g5.xlarge", "count": 2}],
  "quota_shares": [{"name": "a", "capacity_limits": [{"instance_type": "ml.g5.xlarge", "max_capacity": 2}], "strategy": "LEND_AND_BORROW"}],
  "jobs": [ {"name": "j\"1[ é 日本 🚀", "share": "a", "submit_h": 0, "duration_h": 1,
             "preferences": [{"instance_type": "ml.g5.xlarge"}]} ,
            {"name": "j,2}", "share": "a", "submit_h": 1, "duration_h": 2,
             "preferences": [{"instance_type": "ml.g5.xlarge", "duration_h": 2.5}]} ] }"#;

#[test]
fn a_scenario_with_jobs_is_read_in_pieces_with_its_names_shared() {
    let whole = Scenario::parse_json(TWO_JOBS).expect("the test's scenario reads");
    let Ok(Some(scenario)) = read_scenario(TWO_JOBS.as_bytes()) else {
        panic!("read in pieces");
    };
    assert_eq!(scenario, whole);
    assert_eq!(
        scenario.jobs[0].name, "j\"1[ é 日本 🚀",
        "characters cut by a piece"
    );
    assert_eq!(scenario.jobs[1].name, "j,2}");
    let share = |k: usize| scenario.jobs[k].share.as_ref().unwrap().as_ptr();
    assert_eq!(share(0), share(1), "one allocation for the share's name");
}

#[test]
fn what_does_not_read_cleanly_is_read_whole_with_the_whole_texts_error() {
    let cases = [
        // A job that is not one, a field of no job, a missing comma, a comma too many.
        TWO_JOBS.replace(r#""submit_h": 1,"#, r#""submit_h": "soon","#),
        TWO_JOBS.replace(r#""submit_h": 1,"#, r#""colour": 1, "submit_h": 1,"#),
        TWO_JOBS.replace("]} ,", "]} "),
        TWO_JOBS.replace("]} ,", "]} ,,"),
        TWO_JOBS.replace("2.5}]} ]", "2.5}]}, ]"),
        // The jobs twice, their name escaped, a study's head, an unknown member.
        TWO_JOBS.replace(r#""jobs": ["#, r#""jobs": [], "jobs": ["#),
        TWO_JOBS.replace(r#""jobs": ["#, r#""jo\u0062s": ["#),
        TWO_JOBS.replace(r#""version": 1,"#, r#""version": 1, "kind": "study","#),
        TWO_JOBS.replace(r#""version": 1,"#, r#""version": 1, "colour": 1,"#),
        // A newer version, brackets that do not balance, text after the document.
        TWO_JOBS.replace(r#""version": 1,"#, r#""version": 2,"#),
        TWO_JOBS.replace("2.5}]} ] }", "2.5}]} ] } }"),
        TWO_JOBS.replace("2.5}]} ] }", "2.5}]} ]"),
        format!("{TWO_JOBS} x"),
        // A byte-order mark, and an empty file.
        format!("\u{feff}{TWO_JOBS}"),
        String::new(),
    ];
    for case in &cases {
        let whole = Document::parse_json(case.trim_start_matches('\u{feff}'));
        assert!(same(&read(case.as_bytes()), &whole), "{case}");
    }
    assert!(
        read(cases[13].as_bytes()).is_ok(),
        "a byte-order mark is dropped"
    );
}

#[test]
fn bytes_that_are_not_utf8_read_as_a_browser_decodes_them() {
    let bytes = TWO_JOBS
        .replace("j,2}", "j,2\u{0}}")
        .replace('\u{0}', "\u{7f}");
    let mut bytes = bytes.into_bytes();
    let at = bytes.iter().position(|&b| b == 0x7f).unwrap();
    bytes[at] = 0xff;
    let Ok(Document::Scenario(scenario)) = read(&bytes) else {
        panic!("opens");
    };
    assert_eq!(scenario.jobs[1].name, "j,2\u{fffd}}");
}

#[test]
fn a_document_over_the_limit_is_refused_without_a_copy() {
    struct Huge;
    impl Source for Huge {
        fn len(&self) -> usize {
            MAX_SCENARIO_BYTES + 1
        }
        fn copy_to(&self, _: usize, _: &mut [u8]) {
            panic!("copied");
        }
    }
    let err = read_scenario(&Huge).unwrap_err();
    assert!(matches!(err, LoadError::TooLarge { .. }), "{err}");
}
