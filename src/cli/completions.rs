//! `gridjudge completions`: a shell's completion script for the command line.
//!
//! Uses the library and `cli/common.rs`; the command line itself is passed in by `cli/mod.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::Args;
use gridjudge::problems;

use super::common::out;

/// The arguments of `gridjudge completions` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
    /// Folder whose problems the script completes (default: the nearest `problems/` from the
    /// current folder up; without one, the built-in problems only).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
}

/// The problem names a completion script offers: the built-in problems and the folders of the
/// problems folder holding a `problem.toml`, sorted, each once.
fn problem_names(explicit: Option<&std::path::Path>) -> Vec<String> {
    let mut names: Vec<String> = problems::all()
        .iter()
        .map(|p| p.name().to_string())
        .collect();
    if let Ok(dir) = problems::problems_dir(explicit) {
        names.extend(problems::problem_names(&dir));
    }
    names.sort();
    names.dedup();
    names
}

/// Runs `gridjudge completions` for the command line `cli` (`Cli::command()`): the script
/// completes every option, `--format`'s values and the problem names known now (the
/// arguments `problem` and `problems` of every command; a problem added later needs the
/// script made again).
pub fn run(args: CompletionsArgs, cli: &mut clap::Command) -> anyhow::Result<ExitCode> {
    // clap keeps possible values as `&'static str`: the names live as long as the command.
    let names: Vec<&'static str> = problem_names(args.problems_dir.as_deref())
        .into_iter()
        .map(|n| &*Box::leak(n.into_boxed_str()))
        .collect();
    // Only the script's command line gets the names as possible values: the one that parses
    // takes any name, so that a problem made after the script is still found.
    for sc in cli.get_subcommands_mut() {
        for id in ["problem", "problems"] {
            if sc.get_arguments().any(|a| a.get_id() == id) {
                let names = names.clone();
                *sc = std::mem::take(sc)
                    .mut_arg(id, |a| a.value_parser(PossibleValuesParser::new(names)));
            }
        }
    }
    // Into a buffer first: clap_complete panics when its writer fails.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, cli, "gridjudge", &mut script);
    out!("{}", String::from_utf8_lossy(&script));
    Ok(ExitCode::SUCCESS)
}
