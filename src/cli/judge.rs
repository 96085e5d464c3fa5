//! `gridjudge judge`: judges submissions on a problem's built package (`judge::judge`) and
//! prints the verdict table or JSON; exits 1 unless every test of every submission is AC.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use gridjudge::exec::compile::Submission;
use gridjudge::judge;

use super::common::{find, json_outcome, out, outln, pretty_with_ok, RunArgs};

/// The arguments of `gridjudge judge` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct JudgeArgs {
    /// Problem name.
    pub problem: String,
    /// Submissions to judge.
    #[arg(required = true)]
    pub submissions: Vec<String>,
    /// Only these tests: names or numbers and ranges, e.g. `1-5,12`.
    #[arg(long)]
    pub tests: Option<String>,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Runs at the same time (timings are less reliable above 1).
    #[arg(short, long, default_value_t = 1)]
    pub jobs: usize,
    /// Print the report as JSON on stdout, with `ok` (every test of every submission AC); when
    /// the judging cannot be done, `{"problem", "ok": false, "error"}`.
    #[arg(long)]
    pub json: bool,
    /// Limits and compile cache.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `gridjudge judge`. With `--json` a document comes out in every outcome: the report
/// with `"ok"` (every test of every submission AC), or `{"problem", "ok": false, "error"}`
/// when the judging could not be done.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let (json, problem) = (args.json, args.problem.clone());
    let r = judge(args);
    json_outcome(r, json, true, serde_json::json!({ "problem": problem }))
}

/// [`run`]'s work, without the `--json` document of an error.
fn judge(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let JudgeArgs {
        problem,
        submissions,
        tests,
        problems_dir,
        jobs,
        json,
        run,
    } = args;
    let loaded = find(&problem, problems_dir.as_deref(), run.cache_dir.as_deref())?;
    let p = loaded.problem;
    let opts = run.options(&loaded, jobs)?;
    let cfg = loaded.config()?;
    let subs: Vec<Submission> = submissions
        .iter()
        .map(|s| Submission::from_arg(s))
        .collect::<anyhow::Result<_>>()?;
    // Checked against tests.lock first (a tampered or stale test is an error).
    let (package, mut cases) = match loaded.kattis {
        Some(k) => (None, gridjudge::package::kattis::checked_cases(k)?),
        None => {
            let package = gridjudge::package::load_checked(&loaded.problems_dir, p.name())?;
            let cases = package.cases();
            (Some(package), cases)
        }
    };
    if let Some(f) = &tests {
        cases = gridjudge::package::filter_tests(&cases, f)?;
    }
    let report = judge::judge(p, cfg, &subs, &cases, &opts)?;
    if let Some(package) = &package {
        package.recheck()?;
    }
    if json {
        outln!("{}", pretty_with_ok(&report, report.all_accepted())?);
    } else {
        out!("{}", report.render());
    }
    Ok(if report.all_accepted() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
