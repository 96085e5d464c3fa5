//! `gridjudge verify`: runs every submission of the selected problems' submissions folders
//! (`judge::verify::verify_problem`) and prints the kill matrix; [`verify_one`] is also
//! `build --verify`'s.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use gridjudge::judge::verify;
use gridjudge::problems::Loaded;

use super::common::{json_outcome, out, outln, pretty_with_ok, select, RunArgs};

/// The arguments of `gridjudge verify` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct VerifyArgs {
    /// Problems to verify (default: every problem with a submissions folder).
    pub problems: Vec<String>,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Runs at the same time (timings are less reliable above 1).
    #[arg(short, long, default_value_t = 1)]
    pub jobs: usize,
    /// Print the report as JSON on stdout (one document per problem, with `ok`); when the
    /// command stops on an error, a last document `{"ok": false, "error"}`.
    #[arg(long)]
    pub json: bool,
    /// Run only shard I of N (from 1): the (submission x test) runs numbered k = submission
    /// x tests + test, in catalogue and test order, with k mod N = I - 1. Prints each
    /// problem's runs as a shard document (JSON) instead of the report; `gridjudge merge`
    /// makes the report from every shard's document.
    #[arg(long, value_name = "I/N", conflicts_with = "slurm")]
    pub shard: Option<gridjudge::core::shard::Shard>,
    /// Slurm: the shards as one array job, merged here.
    #[command(flatten)]
    pub slurm: super::cluster::SlurmArgs,
    /// Limits and compile cache.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Verifies the problem `loaded`; `Ok(None)` when it has no submissions folder. Prints the
/// report (as JSON when `json`); `Ok(Some(ok))` otherwise.
///
/// Errors: its `problem.toml` cannot be used, a limit is invalid, or verifying fails
/// ([`verify::verify_problem`]).
pub fn verify_one(
    loaded: &Loaded,
    run: &RunArgs,
    jobs: usize,
    json: bool,
) -> anyhow::Result<Option<bool>> {
    verify_or_shard(loaded, run, jobs, json, None)
}

/// [`verify_one`], or with `shard` the problem's shard document (always `Some(true)`: a
/// shard's verdicts are judged by the merge).
fn verify_or_shard(
    loaded: &Loaded,
    run: &RunArgs,
    jobs: usize,
    json: bool,
    shard: Option<gridjudge::core::shard::Shard>,
) -> anyhow::Result<Option<bool>> {
    if !loaded.dir.join("submissions").is_dir() {
        return Ok(None);
    }
    let opts = run.options(loaded, jobs)?;
    if let Some(shard) = shard {
        if let Some(package) = loaded.kattis {
            let doc = gridjudge::judge::kattis::verify_package_shard(package, &opts, shard)?;
            outln!("{}", serde_json::to_string_pretty(&doc)?);
            return Ok(Some(true));
        }
        let Some(doc) = verify::verify_shard(
            loaded.problem,
            loaded.config()?,
            &loaded.problems_dir,
            &opts,
            shard,
        )?
        else {
            return Ok(None);
        };
        outln!("{}", serde_json::to_string_pretty(&doc)?);
        return Ok(Some(true));
    }
    if let Some(package) = loaded.kattis {
        let report = gridjudge::judge::kattis::verify_package(package, &opts)?;
        super::reports::save_and_print_kattis(loaded.name(), package, &report, json)?;
        return Ok(Some(report.ok()));
    }
    let Some(report) = verify::verify_problem(
        loaded.problem,
        loaded.config()?,
        &loaded.problems_dir,
        &opts,
    )?
    else {
        return Ok(None);
    };
    if json {
        outln!("{}", pretty_with_ok(&report, report.ok())?);
    } else {
        outln!("== verify {}", loaded.name());
        out!("{}", report.render());
    }
    Ok(Some(report.ok()))
}

/// Runs `gridjudge verify`: exits 1 when an expectation fails or a wrong submission survives.
/// With `--json`, one document per problem verified (with `ok`), and when the command stops
/// on an error a last one, `{"ok": false, "error"}`.
pub fn run(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    let json = args.json;
    let r = verify_all(args);
    json_outcome(r, json, true, serde_json::json!({}))
}

/// [`run`]'s work, without the `--json` document of an error.
fn verify_all(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    let VerifyArgs {
        problems,
        problems_dir,
        jobs,
        json,
        shard,
        slurm,
        run,
    } = args;
    let problems_dir = super::common::problems_dir_for(problems_dir.as_deref(), &problems)?;
    let named = !problems.is_empty();
    let selected = select(&problems_dir, &problems, run.cache_dir.as_deref())?;
    if slurm.slurm {
        return verify_on_slurm(&selected, named, &problems_dir, &run, &slurm, json);
    }
    let mut all_ok = true;
    let mut verified = 0;
    for loaded in &selected {
        let p = loaded.problem;
        let folder = loaded.dir.join("submissions");
        match verify_or_shard(loaded, &run, jobs, json, shard)? {
            None if named => bail!(
                "problem `{}` has no submissions folder ({}): nothing to verify",
                p.name(),
                folder.display()
            ),
            None => eprintln!(
                "{}: no submissions folder ({}), skipped",
                p.name(),
                folder.display()
            ),
            Some(ok) => {
                verified += 1;
                all_ok &= ok;
            }
        }
    }
    if verified == 0 {
        bail!(
            "nothing verified: no problem in {} has a submissions folder \
             (<problem>/submissions/accepted/, ...)",
            problems_dir.display()
        );
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `verify --slurm`: stages the problems with a submissions folder (a problem named without
/// one is an error, as without --slurm) and their compiled submissions, runs `verify --shard
/// i/N` of all of them as one array job, and merges (`cli/cluster.rs`); a Kattis package is
/// merged in its original folder.
///
/// Errors: a Kattis package whose time limit is derived, nothing to verify, staging, the job
/// or the merge fails.
fn verify_on_slurm(
    selected: &[Loaded],
    named: bool,
    problems_dir: &std::path::Path,
    run: &RunArgs,
    slurm: &super::cluster::SlurmArgs,
    json: bool,
) -> anyhow::Result<ExitCode> {
    use super::cluster::{push_run_and_shard, run_and_merge, Stage};
    let mut chosen = Vec::new();
    for loaded in selected {
        let folder = loaded.dir.join("submissions");
        if loaded.kattis.is_some() {
            super::cluster::refuse_derived_limit(loaded)?;
        }
        if !folder.is_dir() {
            if named {
                bail!(
                    "problem `{}` has no submissions folder ({}): nothing to verify",
                    loaded.name(),
                    folder.display()
                );
            }
            eprintln!(
                "{}: no submissions folder ({}), skipped",
                loaded.name(),
                folder.display()
            );
            continue;
        }
        chosen.push(loaded);
    }
    if chosen.is_empty() {
        bail!(
            "nothing verified: no problem in {} has a submissions folder",
            problems_dir.display()
        );
    }
    let stage = Stage::new(slurm.stage_dir.as_deref())?;
    let (kattis, own): (Vec<&Loaded>, Vec<&Loaded>) =
        chosen.iter().partition(|l| l.kattis.is_some());
    for k in kattis {
        stage.add_kattis_package(k)?;
    }
    stage.add_with_catalogue(&own)?;
    stage.freeze()?;
    let mut args: Vec<std::ffi::OsString> = vec!["verify".into()];
    args.extend(chosen.iter().map(|l| l.name().into()));
    args.push("--problems-dir".into());
    args.push(stage.problems().into());
    args.push("--cache-dir".into());
    args.push(stage.cache().into());
    args.push(format!("--jobs={}", slurm.jobs()).into());
    push_run_and_shard(&mut args, run);
    run_and_merge(&stage, args, slurm, "gridjudge-verify", problems_dir, json)
}
