//! `gridjudge completions`: a shell's completion script for the command line.
//!
//! Uses `cli/common.rs`; the command line itself is passed in by `cli/mod.rs`.

use std::process::ExitCode;

use clap::Args;

use super::common::out;

/// The arguments of `gridjudge completions` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
}

/// Runs `gridjudge completions` for the command line `cli` (`Cli::command()`).
pub fn run(args: CompletionsArgs, cli: &mut clap::Command) -> anyhow::Result<ExitCode> {
    // Into a buffer first: clap_complete panics when its writer fails.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, cli, "gridjudge", &mut script);
    out!("{}", String::from_utf8_lossy(&script));
    Ok(ExitCode::SUCCESS)
}
