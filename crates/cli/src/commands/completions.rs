//! `quotalab completions bash|zsh|fish|…`: the shell's completion script on stdout, generated
//! from the same clap definitions that parse the command line, so it knows every command and
//! flag. Installing it: docs/CLI.md, "Shell completions".

use crate::failure::Failure;

/// Print a shell completion script (bash, zsh, fish, elvish or powershell)
///
/// For example `quotalab completions bash > ~/.local/share/bash-completion/completions/quotalab`;
/// docs/CLI.md says where each shell looks.
#[derive(clap::Args)]
pub struct Args {
    /// The shell to complete for
    shell: clap_complete::Shell,
}

/// Writes the script for `cli`, the whole command line.
pub fn main(args: Args, mut cli: clap::Command) -> Result<(), Failure> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "quotalab", &mut script);
    crate::output::write_output(None, &String::from_utf8_lossy(&script))
}
