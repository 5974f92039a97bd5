//! How a command fails, and the exit code each failure maps to (docs/CLI.md, "Exit codes").

use quotalab_engine::Diagnostic;
use std::io::Write;
use std::process::ExitCode;

pub enum Failure {
    /// The scenario is invalid: exit 2, every error on stderr as `path: message`; an error about
    /// the input as a whole (no path) as `error: message`, the way every other failure reads
    /// (docs/CLI.md, "Exit codes").
    Invalid(Vec<Diagnostic>),
    /// clap could not read the command line (an unknown command or flag, a missing argument, a
    /// value that is not a number or not one of the choices): exit 2 with clap's message, which
    /// suggests the closest flag. Help and version requests end here too, with exit 0.
    CommandLine(clap::Error),
    /// A flag's value the command refused after reading it (out of range, not in the scenario):
    /// exit 1 with a one-line `error: ...` naming the flag.
    Usage(String),
    /// Anything else (unreadable file, write error): exit 1 with a one-line `error: ...`.
    Other(String),
}

impl Failure {
    pub fn report(self) -> ExitCode {
        match self {
            Failure::Invalid(diagnostics) => {
                for d in diagnostics {
                    if d.path.is_empty() {
                        eprintln!("{}", error_line(&d.message));
                    } else {
                        eprintln!("{d}");
                    }
                }
                ExitCode::from(2)
            }
            Failure::CommandLine(error) => command_line(&error),
            Failure::Usage(message) | Failure::Other(message) => {
                eprintln!("{}", error_line(&message));
                ExitCode::from(1)
            }
        }
    }
}

/// A failure's one line as clap writes its own (`error: ...`), so a refused flag, an unreadable
/// file and an input refused as a whole read alike, whichever command printed them (docs/CLI.md,
/// "Exit codes").
pub fn error_line(message: &str) -> String {
    format!("error: {message}")
}

/// Help, `--version`, and a command given without its subcommand (`quotalab import`, which shows
/// that command's help) go to stdout with exit 0; anything else is a usage error.
///
/// Printing can only fail when the stream is closed (`quotalab --help | head -1`), and then there
/// is no one to tell, so the write's error is dropped rather than panicking like `print!`.
fn command_line(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = write!(std::io::stdout(), "{}", error.render());
        return ExitCode::SUCCESS;
    }
    let _ = error.print();
    match error.exit_code() {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::from(2),
    }
}
