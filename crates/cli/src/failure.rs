//! How a command fails, and the exit code each failure maps to.

use quotalab_engine::Diagnostic;
use std::process::ExitCode;

pub enum Failure {
    /// The scenario is invalid: exit 2, every error on stderr as `path: message`.
    Invalid(Vec<Diagnostic>),
    /// Bad command line: exit 1 with a one-line message.
    Usage(String),
    /// Anything else (unreadable file, write error): exit 1 with a one-line message.
    Other(String),
}

impl Failure {
    pub fn report(self) -> ExitCode {
        match self {
            Failure::Invalid(diagnostics) => {
                for d in diagnostics {
                    eprintln!("{d}");
                }
                ExitCode::from(2)
            }
            Failure::Usage(message) | Failure::Other(message) => {
                eprintln!("quotalab: {message}");
                ExitCode::from(1)
            }
        }
    }
}
