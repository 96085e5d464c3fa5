//! `gridjudge list`: the problems (built-in and of the problems folder) and their generators.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use gridjudge::problems;

use super::common::outln;

/// The arguments of `gridjudge list` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct ListArgs {
    /// Folder with one folder per problem (default: the nearest `problems/` from the
    /// current folder up; without one, the built-in problems).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
}

/// Runs `gridjudge list`.
pub fn run(args: ListArgs) -> anyhow::Result<ExitCode> {
    let problems_dir = args.problems_dir;
    let all = match problems::problems_dir(problems_dir.as_deref()) {
        Ok(dir) => problems::problems(&dir, &problems::default_cache_dir(&dir))?,
        Err(_) if problems_dir.is_none() => problems::all().to_vec(),
        Err(e) => return Err(e),
    };
    for p in all {
        outln!("{}", p.name());
        for g in p.generators() {
            outln!("  {}", g.name);
        }
    }
    Ok(ExitCode::SUCCESS)
}
