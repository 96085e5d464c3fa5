//! `gridjudge stress`: stresses a submission on generated seeds or from a package test
//! (`judge::stress`), shrinks what fails, prints or saves the counterexamples.
//!
//! Uses the library and `cli/common.rs`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use gridjudge::exec::compile::Submission;
use gridjudge::judge::stress;

use super::common::{find, json_outcome, out, outln, RunArgs};

/// The arguments of `gridjudge stress` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct StressArgs {
    /// Problem name.
    pub problem: String,
    /// The submission (as for `judge`).
    pub submission: String,
    /// Generator line, as separate words (`--generator random n=1..6 m=1..6 walls=0.3`) or
    /// as one string split as a shell would (`--generator 'random n=1..6 m=1..6'`). Default:
    /// a program problem's `stress` line of [programs], else its first generator without
    /// arguments; a built-in problem's first generator with n=2..5 m=2..5.
    #[arg(long, num_args = 1.., value_name = "NAME [KEY=VALUE]...", allow_hyphen_values = false)]
    pub generator: Vec<String>,
    /// Seeds to try, inclusive, e.g. 1..1000 (default 1..1000).
    #[arg(long, conflicts_with = "time")]
    pub seeds: Option<String>,
    /// Try seeds from 1 until this much time has passed, e.g. 60s or 2m.
    #[arg(long)]
    pub time: Option<String>,
    /// Stop after this many failing seeds.
    #[arg(long, default_value_t = 1)]
    pub keep: usize,
    /// Report the failing tests as generated, without shrinking.
    #[arg(long)]
    pub no_shrink: bool,
    /// Start from this package test (its number, e.g. 23) instead of generated seeds:
    /// judge it and, when it fails, shrink it (its generator line first, then its input).
    #[arg(long, value_name = "TEST", conflicts_with_all = ["seeds", "time", "generator", "save"])]
    pub from_test: Option<String>,
    /// Add each minimal counterexample to the problem as a hand test
    /// (problems/<p>/hand/stress-<hash>.in and a manifest entry `file =
    /// "hand/stress-<hash>.in"`, relative to the problem folder); refused, naming the
    /// test, when the input is already a test of the manifest or a file in hand/.
    #[arg(long)]
    pub save: bool,
    /// Print the result as JSON on stdout: seeds tried, and per failure the seed, the
    /// found and the minimal input, the verdict and its class, shrink steps and
    /// candidates, the submission's output, the jury answer and the checker's message.
    #[arg(long)]
    pub json: bool,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Tests run at the same time; the result does not depend on it.
    #[arg(short, long, default_value_t = 1)]
    pub jobs: usize,
    /// Run only shard I of N (from 1) of --seeds A..B: the I-th of N contiguous parts of the
    /// range (sizes differing by at most one), without shrinking. Prints a shard document
    /// (JSON) instead of the report; `gridjudge merge` takes every shard's document, judges
    /// the smallest failing seeds again and shrinks them once.
    #[arg(long, value_name = "I/N", requires = "seeds", conflicts_with_all = ["time", "from_test", "save", "slurm"])]
    pub shard: Option<gridjudge::core::shard::Shard>,
    /// Slurm: the shards of --seeds A..B as one array job, merged here.
    #[command(flatten)]
    pub slurm: super::cluster::SlurmArgs,
    /// Limits and compile cache.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `gridjudge stress`: exits 1 when a failure is found (or a save failed). With
/// `--json` a document comes out in every outcome: the result with `ok` (no failure found and
/// every save done), or `{"problem", "ok": false, "error"}` when stress could not run.
pub fn run(args: StressArgs) -> anyhow::Result<ExitCode> {
    let (json, problem) = (args.json, args.problem.clone());
    let r = stress_cmd(args);
    json_outcome(r, json, true, serde_json::json!({ "problem": problem }))
}

/// The generator line's words: `words` as given, or, when one word is given, that string
/// split as a shell would (quotes and backslashes), so that the guide's
/// `--generator "random n=1..6"` and separate words both work.
///
/// Errors: a single string whose quotes do not close.
pub fn generator_words(words: Vec<String>) -> anyhow::Result<Vec<String>> {
    match words.as_slice() {
        [one] => match shlex::split(one) {
            Some(split) if !split.is_empty() => Ok(split),
            _ => bail!("--generator {one:?}: cannot split it into words (unclosed quote?)"),
        },
        _ => Ok(words),
    }
}

/// [`run`]'s work, without the `--json` document of an error.
fn stress_cmd(args: StressArgs) -> anyhow::Result<ExitCode> {
    let StressArgs {
        problem,
        submission,
        generator,
        seeds,
        time,
        keep,
        no_shrink,
        from_test,
        save,
        json,
        problems_dir,
        jobs,
        shard,
        slurm,
        run,
    } = args;
    let loaded = find(&problem, problems_dir.as_deref(), run.cache_dir.as_deref())?;
    let (p, dir) = (loaded.problem, &loaded.dir);
    let opts = run.options(&loaded, jobs)?;
    let cfg = loaded.config()?;
    if let Some(test) = from_test {
        let sub = Submission::from_arg(&submission)?;
        let subject = gridjudge::judge::subject::ProcessSubject::prepare(
            &sub,
            &opts.cache_dir,
            opts.limits,
            opts.sandbox,
            std::io::stderr().is_terminal(),
        )?;
        let found = stress::from_test(
            p,
            cfg,
            &subject,
            &loaded.problems_dir,
            &test,
            !no_shrink,
            opts.jobs,
        )?;
        return Ok(match found {
            None => {
                if json {
                    outln!(
                        "{}",
                        serde_json::json!({ "test": test, "failure": null, "ok": true })
                    );
                } else {
                    outln!("stress {} {}: test {test} passes", p.name(), sub.name);
                }
                ExitCode::SUCCESS
            }
            Some(c) => {
                if json {
                    outln!(
                        "{}",
                        serde_json::json!({ "test": test, "failure": c.to_json(p), "ok": false })
                    );
                } else {
                    outln!("stress {} {}: test {test} fails", p.name(), sub.name);
                    outln!("{}", subject.isolation());
                    out!(
                        "{}",
                        c.render(p, super::stress_report::whole_input_at(&c, None).as_deref())
                    );
                }
                ExitCode::FAILURE
            }
        });
    }
    let line = if generator.is_empty() {
        stress::GeneratorLine::default_for(p)?
    } else {
        stress::GeneratorLine::parse(p, &generator_words(generator)?)?
    };
    let seeds = match (&seeds, &time) {
        (_, Some(t)) => stress::SeedPlan::parse_time(t)?,
        (Some(r), None) => stress::SeedPlan::parse_range(r)?,
        (None, None) => stress::SeedPlan::Range {
            first: 1,
            last: 1000,
        },
    };
    if slurm.slurm {
        let stress::SeedPlan::Range { first, last } = seeds else {
            bail!("--slurm cuts a fixed set of seeds: give --seeds A..B, not --time");
        };
        if save {
            bail!(
                "--slurm does not take --save (run the merge's counterexample with --save by hand)"
            );
        }
        return stress_on_slurm(
            &loaded,
            &submission,
            &line,
            (first, last),
            keep,
            &run,
            &slurm,
            json,
        );
    }
    let sub = Submission::from_arg(&submission)?;
    let progress = std::io::stderr().is_terminal();
    let subject = gridjudge::judge::subject::ProcessSubject::prepare(
        &sub,
        &opts.cache_dir,
        opts.limits,
        opts.sandbox,
        progress,
    )?;
    let sopts = stress::StressOptions {
        generator: line,
        seeds,
        jobs: opts.jobs,
        keep,
        shrink: !no_shrink,
        progress,
    };
    if let Some(shard) = shard {
        let recorded = stress::ShardSubject {
            submission: recorded_submission(&submission),
            limits: opts.limits,
            sandbox: opts.sandbox,
        };
        let doc = stress::stress_shard(p, cfg, &subject, &sopts, shard, recorded)?;
        outln!("{}", serde_json::to_string_pretty(&doc)?);
        return Ok(ExitCode::SUCCESS);
    }
    let report = stress::stress(p, cfg, &subject, &sopts)?;
    super::stress_report::print_report(
        p,
        dir,
        &sub.name,
        subject.isolation(),
        &report,
        &sopts,
        save,
        json,
    )
}

/// The submission argument as a shard records it for the merge: a path that exists made
/// absolute, anything else (a command line) as given.
fn recorded_submission(arg: &str) -> String {
    match std::fs::canonicalize(arg) {
        Ok(p) => p.display().to_string(),
        Err(_) => arg.to_string(),
    }
}

/// `stress --slurm`: stages the problem (its folder, its programs compiled) and the
/// submission (copied, compiled once), runs `stress --seeds A..B --shard i/N` as one array
/// job, and merges: the smallest failing seed judged again and shrunk here (`cli/cluster.rs`).
///
/// Errors: staging, the job or the merge fails.
#[allow(clippy::too_many_arguments)]
fn stress_on_slurm(
    loaded: &gridjudge::problems::Loaded,
    submission: &str,
    line: &stress::GeneratorLine,
    seeds: (u64, u64),
    keep: usize,
    run: &RunArgs,
    slurm: &super::cluster::SlurmArgs,
    json: bool,
) -> anyhow::Result<ExitCode> {
    use super::cluster::{push_run_and_shard, run_and_merge, Stage};
    let stage = Stage::new(slurm.stage_dir.as_deref())?;
    stage.add_problem(loaded, false)?;
    stage.prepare_problem(loaded.name())?;
    let staged = stage.add_compiled_submission(submission)?;
    stage.freeze()?;
    let mut args: Vec<std::ffi::OsString> = vec![
        "stress".into(),
        loaded.name().into(),
        staged.into(),
        format!("--seeds={}..{}", seeds.0, seeds.1).into(),
        format!("--keep={keep}").into(),
        "--problems-dir".into(),
        stage.problems().into(),
        "--cache-dir".into(),
        stage.cache().into(),
        format!("--jobs={}", slurm.jobs()).into(),
    ];
    push_run_and_shard(&mut args, run);
    args.push("--generator".into());
    args.push(line.name.clone().into());
    let canonical = line.args.canonical();
    args.extend(canonical.split_whitespace().map(Into::into));
    run_and_merge(
        &stage,
        args,
        slurm,
        "gridjudge-stress",
        &loaded.problems_dir,
        json,
    )
}
