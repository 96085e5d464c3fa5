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
use gridjudge::package::{build_problem_checked, BuildOptions, LockMode};
use gridjudge::problems::Loaded;

use super::common::{json_outcome, out, outln, select_each, with_ok, RunArgs};
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
    /// Also write the report problems/<p>/report/index.html (a Kattis package's in its
    /// gridjudge/report/): statistics, the last verify's kill matrix (after --verify when
    /// given) and a page with a picture per test (a Kattis package's illustrations, else what
    /// its input_visualizer/ draws).
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

/// Runs `gridjudge build`: builds every selected problem, each on its own (one that fails
/// leaves the others built), and prints each one's result or error; exits 0 when every build
/// (and verify) succeeded. With `--json` the document comes out in every outcome:
/// `{"ok", "problems": [...], "error"?}`, one object per problem, `{"problem", "ok": false,
/// "error"}` for one that failed.
pub fn run(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let json = args.json;
    let mut results = Vec::new();
    let r = run_all(args, &mut results);
    if json && r.is_ok() {
        outln!(
            "{}",
            with_ok(serde_json::json!({ "problems": results }), true)
        );
        return r;
    }
    json_outcome(r, json, false, serde_json::json!({ "problems": results }))
}

/// [`run`]'s work; `results` gets the JSON of each problem built or failed.
fn run_all(args: BuildArgs, results: &mut Vec<serde_json::Value>) -> anyhow::Result<ExitCode> {
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
    let problems_dir = super::common::problems_dir_for(problems_dir.as_deref(), &problems)?;
    let selected = select_each(&problems_dir, &problems, None)?;
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
    let one = selected.len() == 1;
    let mut verify_failed = Vec::new();
    let mut build_failed: Vec<(String, anyhow::Error)> = Vec::new();
    let mut built = Vec::new();
    for (name, loaded) in selected {
        let step = loaded.and_then(|loaded| {
            build_one(
                &loaded,
                &opts,
                json,
                verify,
                with_report,
                &run,
                jobs,
                results,
            )
            .map(|verified| (loaded.name(), verified))
        });
        match step {
            Ok((name, verified)) => {
                built.push(name);
                if verified == Some(false) {
                    verify_failed.push(name);
                }
            }
            // One problem: its error is the command's, printed once by `main`.
            Err(e) if one => {
                results.push(
                    serde_json::json!({ "problem": name, "ok": false, "error": format!("{e:#}") }),
                );
                return Err(e);
            }
            Err(e) => {
                eprintln!("gridjudge: error: {e:#}");
                results.push(
                    serde_json::json!({ "problem": name, "ok": false, "error": format!("{e:#}") }),
                );
                build_failed.push((name, e));
            }
        }
    }
    if !build_failed.is_empty() {
        let names: Vec<&str> = build_failed.iter().map(|(n, _)| n.as_str()).collect();
        bail!(
            "{} of {} problem(s) failed to build: {} (errors above); {}",
            names.len(),
            names.len() + built.len(),
            names.join(", "),
            if built.is_empty() {
                "none built".to_string()
            } else {
                format!("built: {}", built.join(", "))
            }
        );
    }
    if !verify_failed.is_empty() {
        bail!("verify failed for {}", verify_failed.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}

/// Builds the problem `loaded` and prints its table (or pushes its JSON on `results`), then
/// verifies it and writes its report when asked; `Some(ok)` of its verify, `None` when none
/// ran.
///
/// Errors: the build's ([`build_problem_checked`], with the reference player's check for an
/// interactive or multi-pass problem), the verify's, the report's.
#[allow(clippy::too_many_arguments)]
fn build_one(
    loaded: &Loaded,
    opts: &BuildOptions,
    json: bool,
    verify: bool,
    with_report: bool,
    run: &RunArgs,
    jobs: Option<usize>,
    results: &mut Vec<serde_json::Value>,
) -> anyhow::Result<Option<bool>> {
    let p = loaded.problem;
    if let Some(package) = loaded.kattis {
        return build_kattis(
            loaded,
            package,
            opts,
            (json, verify, with_report),
            run,
            jobs,
            results,
        );
    }
    let config = loaded.config()?;
    // An interactive or multi-pass problem: the reference player must be accepted by the
    // interactor (or the multi-pass checker) on every test before anything is written.
    let player_opts = run.options(loaded, jobs.unwrap_or(1))?;
    let check = |tests: &[gridjudge::package::BuiltTest]| -> anyhow::Result<Vec<gridjudge::package::PlayerRun>> {
        let cases: Vec<(String, &[u8], &[u8])> = tests
            .iter()
            .map(|t| (t.name.clone(), t.input.as_slice(), t.answer.as_slice()))
            .collect();
        gridjudge::judge::check_player(p, config, &loaded.dir, &cases, &player_opts)
    };
    let exchanged = config.interaction.interactive || config.interaction.multi_pass;
    let report = build_problem_checked(p, config, opts, exchanged.then_some(&check as _))?;
    if json {
        let lock = loaded.dir.join("tests.lock");
        results.push(report.to_json(p.name(), &lock));
    } else {
        outln!("== {} ({} tests)", p.name(), report.tests.len());
        out!("{}", report.table);
        out!("{}", report.bounds().render());
        outln!("{}: {}", p.name(), report.lock_status);
    }
    for w in report.bounds().warnings() {
        eprintln!("warning: {}: {w}", p.name());
    }
    if let gridjudge::package::store::CommitOutcome::Committed { warnings, .. } = &report.outcome {
        for w in warnings {
            eprintln!("warning: {}: {w}", p.name());
        }
    }
    let mut verified = None;
    if verify {
        match verify_one(loaded, run, jobs.unwrap_or(1), false)? {
            None => outln!(
                "{}: no submissions folder ({}), nothing to verify",
                p.name(),
                loaded.dir.join("submissions").display()
            ),
            Some(ok) => verified = Some(ok),
        }
    }
    if with_report {
        let title = &loaded.config()?.title;
        let path = gridjudge::report::write_report(p, title, &opts.problems_dir, &report.tests)?;
        outln!("{}: report {}", p.name(), path.display());
    }
    Ok(verified)
}

/// [`build_one`] for a Kattis package: its data checked and locked in place
/// ([`gridjudge::package::kattis::build_package`]), then verified and its report written
/// (`gridjudge/report/` in the package) when asked; `(json, verify, with_report)` as there.
fn build_kattis(
    loaded: &Loaded,
    package: &gridjudge::problems::kattis::Package,
    opts: &BuildOptions,
    (json, verify, with_report): (bool, bool, bool),
    run: &RunArgs,
    jobs: Option<usize>,
    results: &mut Vec<serde_json::Value>,
) -> anyhow::Result<Option<bool>> {
    let name = loaded.name();
    let cache = run
        .cache_dir
        .clone()
        .unwrap_or_else(|| gridjudge::problems::default_cache_dir(&loaded.problems_dir));
    let mut package = package;
    let mut reloaded = None;
    let limits = package.problem.setter_limits();
    let jobs_n = jobs.unwrap_or(1).max(1);
    if let Some(g) = gridjudge::package::kattis::generate_data(
        &package.dir,
        package.yaml.version,
        &cache,
        &limits,
        opts.lock,
        jobs_n,
    )? {
        if !json {
            outln!(
                "{name}: generators.yaml: {} file(s) written, {} unchanged",
                g.written.len(),
                g.unchanged
            );
        }
        for f in &g.extra {
            eprintln!(
                "warning: {name}: data/{f} is not made by generators.yaml (kept; `bt generate` \
                 would remove it)"
            );
        }
        package = gridjudge::problems::kattis::reload(&package.dir, &cache)?;
        reloaded = Some(gridjudge::problems::load(
            &loaded.problems_dir,
            name,
            &cache,
        )?);
    }
    let loaded = reloaded.as_ref().unwrap_or(loaded);
    let report = gridjudge::package::kattis::build_package(package, opts.lock)?;
    if json {
        results.push(serde_json::json!({
            "problem": name,
            "ok": true,
            "format": loaded.format.label(),
            "tests": report.tests,
            "validation_cases": report.validation_cases,
            "lock": report.lock_status,
        }));
    } else {
        outln!(
            "== {name} ({}, {} tests, {} validation cases)",
            loaded.format.label(),
            report.tests,
            report.validation_cases
        );
        out!("{}", report.table);
        outln!("{name}: {}", report.lock_status);
    }
    for w in &report.warnings {
        eprintln!("warning: {name}: {w}");
    }
    let verified = if verify {
        verify_one(loaded, run, jobs.unwrap_or(1), false)?
    } else {
        None
    };
    if with_report {
        let path = gridjudge::report::write_kattis_report(package, &package.yaml.title)?;
        outln!("{name}: report {}", path.display());
    }
    Ok(verified)
}
