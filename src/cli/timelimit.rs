//! `gridjudge timelimit`: the time limit derived from the accepted submissions by the Kattis
//! formula, checked against the time-limit-exceeded ones (`judge::timelimit`), and written into
//! `problem.toml` with `--write`.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use gridjudge::judge::timelimit;

use super::common::{json_outcome, out, outln, pretty_with_ok, select, RunArgs};

/// The arguments of `gridjudge timelimit` (the command's help is its variant's doc in
/// `cli/mod.rs`).
#[derive(Args)]
pub struct TimeLimitArgs {
    /// Problems (default: every problem with a submissions folder).
    pub problems: Vec<String>,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Runs of each accepted submission over the tests (the slowest counts), and of each
    /// time-limit-exceeded one (the fastest counts).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100))]
    pub repeat: u64,
    /// Write the derived limit into problem.toml's [limits] time_ms (a Kattis package: 2025-09
    /// problem.yaml's limits.time_limit, legacy .timelimit), only when every submission is
    /// outside the margins.
    #[arg(long)]
    pub write: bool,
    /// Print the analysis as JSON on stdout (one document per problem, with `ok`).
    #[arg(long)]
    pub json: bool,
    /// Limits and compile cache (`--time-limit` sets the limit the caps derive from).
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `gridjudge timelimit`: exits 1 when no limit fits or a submission is not as its
/// folder says (an accepted one failing, a time-limit-exceeded one inside the margin).
pub fn run(args: TimeLimitArgs) -> anyhow::Result<ExitCode> {
    let json = args.json;
    let r = time_limit_all(args);
    json_outcome(r, json, true, serde_json::json!({}))
}

/// Prints the analysis of the problem `name` (as JSON with `ok` when `json`).
fn report(name: &str, a: &timelimit::Analysis, ok: bool, json: bool) -> anyhow::Result<()> {
    if json {
        outln!("{}", pretty_with_ok(a, ok)?);
    } else {
        outln!("== timelimit {name}");
        out!("{}", a.render());
    }
    Ok(())
}

/// [`run`]'s work, without the `--json` document of an error.
fn time_limit_all(args: TimeLimitArgs) -> anyhow::Result<ExitCode> {
    let problems_dir =
        super::common::problems_dir_for(args.problems_dir.as_deref(), &args.problems)?;
    let named = !args.problems.is_empty();
    let selected = select(&problems_dir, &args.problems, args.run.cache_dir.as_deref())?;
    let mut all_ok = true;
    let mut done = 0;
    for loaded in &selected {
        let name = loaded.name().to_string();
        let opts = args.run.options(loaded, 1)?;
        let repeats = args.repeat as usize;
        let a = match loaded.kattis {
            Some(package) => timelimit::time_limit_package(package, &opts, repeats)?,
            None => {
                let config = loaded.config()?;
                let dir = &loaded.problems_dir;
                match timelimit::time_limit_problem(loaded.problem, config, dir, &opts, repeats)? {
                    Some(a) => a,
                    None if named => bail!(
                        "{name}: no submissions folder ({}): the limit is derived from the \
                         accepted submissions",
                        loaded.dir.join("submissions").display()
                    ),
                    None => {
                        eprintln!("{name}: no submissions folder, skipped");
                        continue;
                    }
                }
            }
        };
        done += 1;
        let ok = a.ok();
        all_ok &= ok;
        report(&name, &a, ok, args.json)?;
        if args.write {
            match (ok, a.limit_ms()) {
                (true, Some(ms)) => {
                    let path = match loaded.kattis {
                        Some(package) => timelimit::write_package_limit(package, ms)?,
                        None => timelimit::write_problem_limit(&loaded.dir, ms)?,
                    };
                    eprintln!("{name}: wrote the limit {ms} ms into {}", path.display());
                }
                _ => eprintln!("{name}: nothing written: the measurement failed"),
            }
        }
    }
    if done == 0 {
        bail!(
            "nothing measured: no problem in {} has a submissions folder",
            problems_dir.display()
        );
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
