//! `gridjudge build`: builds the test package of each problem selected (`package::build_problem`),
//! then, when asked, verifies it (`verify`'s [`verify_one`]) and writes its report; prints a
//! table per problem or JSON.
//!
//! Uses the library, `cli/common.rs` and `cli/verify.rs`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use gridjudge::package::{build_problem_with, BuildOptions, LockMode};
use gridjudge::problems;

use super::common::{out, outln, select, RunArgs};
use super::verify::verify_one;

/// The arguments of `gridjudge build` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct BuildArgs {
    /// Problems to build (default: all).
    pub problems: Vec<String>,
    /// Fail, writing nothing, on any difference from tests.lock (added, removed,
    /// renumbered or changed test, or no lock).
    #[arg(long, conflicts_with = "update_lock")]
    pub locked: bool,
    /// Also accept changed tests (same identity, other bytes) and record them in
    /// tests.lock (without it, a changed test is an error and nothing is written).
    #[arg(long)]
    pub update_lock: bool,
    /// Print the results as JSON on stdout (one object per problem in `problems`): each
    /// test's name, identity, size, answer, brute-force check and SHA-256s, and the lock's
    /// status and changes.
    #[arg(long, conflicts_with_all = ["verify", "report"])]
    pub json: bool,
    /// Worker threads (default: one per core). The bytes written never depend on it.
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// After building, run `verify` on each built problem that has a submissions folder
    /// (with --jobs runs at a time, default 1).
    #[arg(long)]
    pub verify: bool,
    /// Also write the report problems/<p>/report/index.html: statistics, the last verify's
    /// kill matrix (after --verify when given) and a page with a picture per test.
    #[arg(long)]
    pub report: bool,
    /// Delete the files in problems/<p>/tests/ that gridjudge did not write (a hand-made
    /// `99.in`, notes); without it a build that finds any refuses to run and names them.
    #[arg(long)]
    pub delete_unknown: bool,
    /// Limits of --verify.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `gridjudge build`: exits 0, or errors naming the problems whose verify failed.
pub fn run(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let BuildArgs {
        problems,
        locked,
        update_lock,
        json,
        jobs,
        problems_dir,
        verify,
        report: with_report,
        delete_unknown,
        run,
    } = args;
    let problems_dir = problems::problems_dir(problems_dir.as_deref())?;
    let selected = select(&problems_dir, &problems, None)?;
    let opts = BuildOptions {
        problems_dir,
        lock: if locked {
            LockMode::Locked
        } else if update_lock {
            LockMode::Update
        } else {
            LockMode::Extend
        },
        jobs,
        progress: std::io::stderr().is_terminal(),
        delete_unknown,
    };
    let mut failed = Vec::new();
    let mut results = Vec::new();
    for loaded in &selected {
        let p = loaded.problem;
        let report = build_problem_with(p, loaded.config()?, &opts)?;
        if json {
            let lock = loaded.dir.join("tests.lock");
            results.push(report.to_json(p.name(), &lock));
        } else {
            outln!("== {} ({} tests)", p.name(), report.tests.len());
            out!("{}", report.table);
            outln!("{}: {}", p.name(), report.lock_status);
        }
        if let gridjudge::package::store::CommitOutcome::Committed { warnings, .. } =
            &report.outcome
        {
            for w in warnings {
                eprintln!("warning: {}: {w}", p.name());
            }
        }
        if verify {
            match verify_one(loaded, &run, jobs.unwrap_or(1), false)? {
                None => outln!(
                    "{}: no submissions folder ({}), nothing to verify",
                    p.name(),
                    loaded.dir.join("submissions").display()
                ),
                Some(true) => {}
                Some(false) => failed.push(p.name()),
            }
        }
        if with_report {
            let title = &loaded.config()?.title;
            let path =
                gridjudge::report::write_report(p, title, &opts.problems_dir, &report.tests)?;
            outln!("{}: report {}", p.name(), path.display());
        }
    }
    if json {
        outln!("{}", serde_json::json!({ "problems": results }));
    }
    if !failed.is_empty() {
        bail!("verify failed for {}", failed.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}
