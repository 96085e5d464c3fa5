//! `gridjudge solve`: the reference solution on stdin and stdout
//! (`problem::stdio::solve_stdio`).
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use gridjudge::problem::stdio;

use super::common::find_anywhere;

/// The arguments of `gridjudge solve` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct SolveArgs {
    /// Problem name.
    pub problem: String,
    /// Lift the statement's constraints (use problem.toml's [lifted] bounds instead).
    #[arg(long)]
    pub no_limits: bool,
    /// Read problem.toml from this file instead of the built-in copy.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Folder with one folder per problem (default: the nearest `problems/` from the
    /// current folder up; a built-in problem needs none).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
}

/// Runs `gridjudge solve`.
pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let p = find_anywhere(&args.problem, args.problems_dir.as_deref())?;
    stdio::solve_stdio(p, args.config.as_deref(), args.no_limits)?;
    Ok(ExitCode::SUCCESS)
}
