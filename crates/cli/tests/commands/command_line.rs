//! The command line's conventions (docs/CLI.md): `--help` and `help CMD` for every command,
//! `--version`, one spelling per flag with `--out` still accepted, shell completions, a
//! suggestion for a misspelled flag, and the exit codes.

use crate::common::{ok, path, quotalab, succeeds, text, work_folder, EXAMPLE};

/// Every command and subcommand, with the flags its help must name.
const COMMANDS: &[(&[&str], &[&str])] = &[
    (&["run"], &["--summary"]),
    (
        &["advise"],
        &[
            "--target",
            "--budget",
            "--vary",
            "--max-capacity",
            "--seeds",
            "--shard",
            "-o, --output",
        ],
    ),
    (&["validate"], &[]),
    (&["report"], &["--format", "-o, --output"]),
    (&["import"], &[]),
    (
        &["import", "philly"],
        &[
            "--from-h",
            "--to-h",
            "--gpus-per-node",
            "--catalog",
            "-o, --output",
        ],
    ),
    (
        &["import", "alibaba"],
        &[
            "--teams",
            "--sample",
            "--fraction",
            "--seed",
            "-o, --output",
        ],
    ),
    (
        &["import", "swf"],
        &["--share-by", "--keep-going", "--name", "-o, --output"],
    ),
    (&["import", "aws"], &["--keep-going", "-o, --output"]),
    (
        &["import", "kueue"],
        &[
            "--from-state",
            "--default-runtime",
            "--rules",
            "--keep-going",
            "-o, --output",
        ],
    ),
    (
        &["import", "account"],
        &["--capacity", "--name", "-o, --output"],
    ),
    (&["export"], &[]),
    (&["export", "aws"], &["-o, --output"]),
    (&["export", "kueue"], &["-o, --output"]),
    (&["convert"], &["--rules", "-o, --output"]),
    (
        &["compare"],
        &["--seeds", "--threshold", "--shard", "-o, --output"],
    ),
    (
        &["sweep"],
        &[
            "--list-params",
            "--param",
            "--values",
            "--variant",
            "--seeds",
            "--shard",
            "-o, --output",
        ],
    ),
    (&["merge"], &["-o, --output"]),
    (&["bench"], &["--jobs", "--seed"]),
    (&["completions"], &[]),
];

/// A help line's indentation: entries start at 2 to 6 spaces, their wrapped text further in.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The names listed under "Commands:" in `quotalab [path] --help`, without `help` itself.
fn listed_commands(path: &[&str]) -> Vec<String> {
    let out = quotalab(&[path, &["--help"]].concat(), None);
    text(&out.stdout)
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| indent(l) == 2)
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_table_above_covers_every_command_and_subcommand() {
    let mut listed = Vec::new();
    for top in listed_commands(&[]) {
        for sub in listed_commands(&[&top]) {
            listed.push(vec![top.clone(), sub]);
        }
        listed.push(vec![top]);
    }
    let known: Vec<Vec<String>> = COMMANDS
        .iter()
        .map(|(path, _)| path.iter().map(|s| s.to_string()).collect())
        .collect();
    listed.sort();
    let mut known_sorted = known.clone();
    known_sorted.sort();
    assert_eq!(listed, known_sorted, "quotalab --help lists these commands");
}

#[test]
fn every_command_has_help_naming_its_flags_both_ways() {
    for (path, flags) in COMMANDS {
        let dashed = quotalab(&[path, &["--help"][..]].concat(), None);
        assert_eq!(dashed.status.code(), Some(0), "{path:?} --help");
        let help = text(&dashed.stdout);
        assert!(
            help.contains(&format!("Usage: quotalab {}", path.join(" "))),
            "{path:?}: {help}"
        );
        for flag in *flags {
            assert!(help.contains(flag), "{path:?} --help names {flag}: {help}");
        }
        let worded = quotalab(&[&["help"][..], path].concat(), None);
        assert_eq!(worded.status.code(), Some(0), "help {path:?}");
        assert_eq!(
            text(&worded.stdout),
            help,
            "`help {path:?}` is `{path:?} --help`"
        );
    }
}

#[test]
fn no_arguments_or_a_missing_subcommand_shows_help_and_succeeds() {
    for args in [&[][..], &["import"], &["export"]] {
        let out = quotalab(args, None);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(text(&out.stdout).contains("Commands:"), "{args:?}");
    }
}

#[test]
fn version_names_the_package_version() {
    for flag in ["--version", "-V"] {
        let out = quotalab(&[flag], None);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            text(&out.stdout).trim(),
            format!("quotalab {}", env!("CARGO_PKG_VERSION"))
        );
    }
}

/// What `args` followed by `flag FILE` writes to FILE.
fn written_with(args: &[&str], flag: &str) -> Vec<u8> {
    let dir = work_folder(&format!("written-{}{flag}", args[0]));
    let file = path(&dir, "out");
    let out = quotalab(&[args, &[flag, &file]].concat(), None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?} {flag}: {}",
        text(&out.stderr)
    );
    std::fs::read(&file).expect("the output file was written")
}

#[test]
fn out_is_another_spelling_of_output_everywhere() {
    let sweep = [
        "sweep",
        EXAMPLE,
        "--param",
        "capacity[0].count",
        "--values",
        "1,2",
        "--seeds",
        "2",
    ];
    let compare = ["compare", EXAMPLE, EXAMPLE, "--seeds", "2"];
    let report = ["report", EXAMPLE];
    let kueue = ["export", "kueue", EXAMPLE];
    for args in [&sweep[..], &compare, &report, &kueue] {
        let short = written_with(args, "-o");
        assert!(!short.is_empty(), "{args:?}");
        assert_eq!(short, written_with(args, "--output"), "{args:?}");
        assert_eq!(short, written_with(args, "--out"), "{args:?}");
    }
}

#[test]
fn completions_know_every_command() {
    for shell in ["bash", "zsh", "fish"] {
        let out = quotalab(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        for word in [
            "run",
            "import",
            "swf",
            "sweep",
            "list-params",
            "merge",
            "completions",
        ] {
            assert!(script.contains(word), "{shell} completion mentions {word}");
        }
    }
    assert_eq!(
        quotalab(&["completions", "tcsh"], None).status.code(),
        Some(2)
    );
}

#[test]
fn a_misspelled_flag_or_command_suggests_the_right_one() {
    for (args, wanted) in [
        (&["run", EXAMPLE, "--sumary"][..], "'--summary'"),
        (&["sweep", EXAMPLE, "--list-param"], "'--list-params'"),
        (&["compare", EXAMPLE, "--seed", "3"], "'--seeds'"),
        (&["report", EXAMPLE, "--ouput", "x"], "'--output'"),
        (&["import", "swf", "x.swf", "--keep-goin"], "'--keep-going'"),
        (&["sweeep"], "'sweep'"),
    ] {
        let out = quotalab(args, None);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("similar") && stderr.contains(wanted),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn exit_codes_tell_input_errors_from_other_failures() {
    let bad = r#"{"version":1,"name":"x","jobs":[]"#;
    for (args, stdin, code) in [
        (&["run", EXAMPLE, "--summary"][..], None, 0),
        (&["run", "-"], Some(bad), 2),
        (&["run"], None, 2),
        (&["run", EXAMPLE, EXAMPLE], None, 2),
        (&["bench", "--jobs", "many"], None, 2),
        (
            &[
                "import",
                "swf",
                "x.swf",
                "--sample",
                "2",
                "--fraction",
                "0.5",
            ],
            None,
            2,
        ),
        (&["compare", EXAMPLE, EXAMPLE, "--seeds", "0"], None, 1),
        (&["run", "/nonexistent/scenario.json"], None, 1),
    ] {
        let out = quotalab(args, stdin);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: {}",
            text(&out.stderr)
        );
        if code != 0 {
            assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
        }
    }
}

/// The long flags `quotalab [path] -h` lists, without --help and --version.
fn listed_flags(path: &[&str]) -> Vec<String> {
    let help = text(&quotalab(&[path, &["-h"][..]].concat(), None).stdout);
    help.lines()
        .skip_while(|l| *l != "Options:")
        .filter(|l| (2..=6).contains(&indent(l)) && l.trim_start().starts_with('-'))
        .filter_map(|l| l.split_whitespace().find(|w| w.starts_with("--")))
        .map(|w| w.trim_end_matches(',').to_owned())
        .filter(|f| f != "--help" && f != "--version")
        .collect()
}

#[test]
fn the_manual_describes_every_command_and_flag() {
    let manual = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/CLI.md"))
        .expect("docs/CLI.md");
    for (path, _) in COMMANDS {
        let command = format!("quotalab {}", path.join(" "));
        assert!(manual.contains(&command), "docs/CLI.md shows `{command}`");
        for flag in listed_flags(path) {
            assert!(
                manual.contains(&format!("`{flag}")) || manual.contains(&format!(" {flag} ")),
                "docs/CLI.md describes {flag} of `{command}`"
            );
        }
    }
}

#[test]
fn a_flag_given_twice_keeps_its_last_value() {
    let twice = succeeds(
        &["report", EXAMPLE, "--format", "html", "--format", "md"],
        None,
    );
    assert_eq!(twice.stdout, quotalab(&["report", EXAMPLE], None).stdout);
    ok(&["run", EXAMPLE, "--summary", "--summary"]);
}

/// What bash offers after `words` (the last one being completed), with the generated script.
fn bash_completes(words: &[&str]) -> String {
    let script = text(&quotalab(&["completions", "bash"], None).stdout);
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let current = words.len() - 1;
    let program = format!(
        "{script}\nCOMP_WORDS=({}); COMP_CWORD={current}; _quotalab quotalab '{}' '{}'; echo \"${{COMPREPLY[*]}}\"",
        quoted.join(" "),
        words[current],
        words[current - 1],
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &program])
        .output()
        .expect("bash runs (the dev script needs it too)");
    text(&out.stdout).trim().to_owned()
}

#[test]
fn bash_completes_commands_subcommands_flags_and_choices() {
    assert_eq!(bash_completes(&["quotalab", "comp"]), "compare completions");
    assert_eq!(bash_completes(&["quotalab", "import", "s"]), "swf");
    assert_eq!(
        bash_completes(&["quotalab", "sweep", "--li"]),
        "--list-params"
    );
    assert_eq!(
        bash_completes(&["quotalab", "report", "x.json", "--format", ""]),
        "md html"
    );
}
