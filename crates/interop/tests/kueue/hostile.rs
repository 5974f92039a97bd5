//! Hostile Kueue YAML is refused at once: deeply nested flow mappings used to take time growing
//! with the square of their depth (minutes for 500 KB) before the parser gave up.

use quotalab_interop::kueue;
use std::time::{Duration, Instant};

/// `{a: {a: ... }}` nested until the text has `bytes` bytes.
fn nested(bytes: usize) -> String {
    let depth = bytes / 5;
    format!(
        "kind: ClusterQueue\nspec: {}1{}\n",
        "{a: ".repeat(depth),
        "}".repeat(depth)
    )
}

fn refused_quickly(bytes: usize) {
    let yaml = nested(bytes);
    assert!(yaml.len() >= bytes);
    let started = Instant::now();
    let err = kueue::import(&yaml).unwrap_err().to_string();
    let took = started.elapsed();
    assert!(
        err.contains("line 2: nested more than 64 levels deep"),
        "{err}"
    );
    // The refusal reads a few hundred bytes; a second is a generous bound on a loaded machine.
    assert!(took < Duration::from_secs(1), "{bytes} bytes took {took:?}");
}

#[test]
fn nested_flow_mappings_of_200_kb_are_refused_at_once() {
    refused_quickly(200 * 1024);
}

#[test]
fn nested_flow_mappings_of_500_kb_are_refused_at_once() {
    refused_quickly(500 * 1024);
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_parsing() {
    let yaml = "# padding\n".repeat(kueue::nesting::MAX_BYTES / 10 + 1);
    let err = kueue::import(&yaml).unwrap_err().to_string();
    assert!(err.contains("at most 4194304 bytes"), "{err}");
}
