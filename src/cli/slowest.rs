//! `gridjudge slowest`: the search for a submission's costliest input (`judge::slowest`),
//! against the package's worst test, printed as a table or JSON, saved with `--save`.
//!
//! Uses the library and `cli/common.rs`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use gridjudge::exec::compile::Submission;
use gridjudge::judge::slowest;
use gridjudge::problem::search_space::Template;

use super::common::{find, json_outcome, outln, RunArgs};

/// The arguments of `gridjudge slowest` (the command's help is its variant's doc in
/// `cli/mod.rs`).
#[derive(Args)]
pub struct SlowestArgs {
    /// Problem name.
    pub problem: String,
    /// The submission (as for `judge`).
    pub submission: String,
    /// Measured runs at most.
    #[arg(long, default_value_t = 60)]
    pub runs: usize,
    /// Wall-clock budget in seconds, checked between batches of runs (with it, the result may
    /// depend on the machine's speed).
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<u64>,
    /// The search's seed: the same seed and run budget give the same result.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The native run's cap, in time limits: a run that does not finish within cap × TL is
    /// saturated ("≥ cap") and not simulated.
    #[arg(long, default_value_t = 3)]
    pub cap: u64,
    /// A template to search instead of problem.toml's [search] lines (repeatable), e.g.
    /// `--line 'random n=1..20 m=1..20 walls=0.0..0.6'`.
    #[arg(long, value_name = "TEMPLATE")]
    pub line: Vec<String>,
    /// Do not measure the package's tests.
    #[arg(long)]
    pub no_package: bool,
    /// Add the costliest input to the problem's manifest: its generator line and seed when it
    /// came from one, else as a hand file (as `stress --save`).
    #[arg(long)]
    pub save: bool,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Runs measured at the same time; the result does not depend on it.
    #[arg(short, long, default_value_t = 1)]
    pub jobs: usize,
    /// Independent searches sharing the runs (and the time), each from its own seeded RNG; the
    /// best of them is the result. The units --shard gives out.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub islands: u64,
    /// Run only shard I of N (from 1): island k (from 0) and the package's test k in shard
    /// k mod N + 1. Prints a shard document (JSON) instead of the result; `gridjudge merge`
    /// makes the result of one run from every shard's document. Needs --islands N or more.
    #[arg(long, value_name = "I/N", conflicts_with_all = ["save", "slurm", "time"])]
    pub shard: Option<gridjudge::core::shard::Shard>,
    /// Slurm: the shards (--shards, at most --islands) as one array job, merged here.
    #[command(flatten)]
    pub slurm: super::cluster::SlurmArgs,
    /// Limits and compile cache (`--time-limit` sets the limit the cap derives from).
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `gridjudge slowest`: exits 1 when the package has a test costlier than the best
/// input found (or a save failed).
pub fn run(args: SlowestArgs) -> anyhow::Result<ExitCode> {
    let (json, problem) = (args.json, args.problem.clone());
    let r = slowest_cmd(args);
    json_outcome(r, json, true, serde_json::json!({ "problem": problem }))
}

/// [`run`]'s work, without the `--json` document of an error.
fn slowest_cmd(args: SlowestArgs) -> anyhow::Result<ExitCode> {
    let loaded = find(
        &args.problem,
        args.problems_dir.as_deref(),
        args.run.cache_dir.as_deref(),
    )?;
    let p = loaded.problem;
    let cfg = loaded.config()?;
    let opts = args.run.options(&loaded, args.jobs)?;
    let templates: Vec<Template> = if !args.line.is_empty() {
        args.line
            .iter()
            .map(|l| Template::parse(l).with_context(|| format!("--line `{l}`")))
            .collect::<anyhow::Result<_>>()?
    } else if !cfg.search.lines.is_empty() {
        cfg.search.templates()?
    } else {
        eprintln!(
            "{}: no [search] in problem.toml: searching each generator with n/m over the \
             constraints",
            p.name()
        );
        slowest::fallback_templates(p, cfg)?
    };
    let progress = std::io::stderr().is_terminal();
    let sub = Submission::from_arg(&args.submission)?;
    let meter = slowest::Meter::prepare(
        &sub,
        &opts.cache_dir,
        opts.limits,
        opts.sandbox,
        args.cap,
        progress,
    )?;
    let islands = args.islands as usize;
    let sopts = slowest::SearchOptions {
        templates,
        seed: args.seed,
        runs: args.runs,
        time: args.time.map(Duration::from_secs),
        jobs: opts.jobs,
        progress,
        islands,
    };
    if let Some(shard) = args.shard {
        if shard.count as usize > islands {
            bail!(
                "--shard {shard} of a search of {islands} island(s) would leave shards without \
                 work: give --islands {} or more",
                shard.count
            );
        }
        let parts = (0..islands)
            .filter(|k| shard.takes(*k))
            .map(|k| Ok((k, slowest::search_island(p, cfg, &meter, &sopts, k)?)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let package = match args.no_package {
            true => None,
            false => {
                let count = gridjudge::package::load_checked(&loaded.problems_dir, p.name())?
                    .tests
                    .len();
                let mine: Vec<usize> = (0..count).filter(|t| shard.takes(*t)).collect();
                let costs =
                    slowest::package_costs(p, &loaded.problems_dir, &meter, opts.jobs, &|t, _| {
                        shard.takes(t)
                    })?;
                let mine = mine
                    .into_iter()
                    .zip(costs)
                    .map(|(t, (name, cost))| (t, name, cost))
                    .collect();
                Some((count, mine))
            }
        };
        let doc = slowest::SlowestShard {
            command: "slowest".to_string(),
            problem: p.name().to_string(),
            submission: sub.name.clone(),
            seed: args.seed,
            runs: args.runs,
            islands,
            shard,
            cap_ms: meter.cap_ms(),
            isolation: meter.isolation().to_string(),
            parts,
            package,
            host: gridjudge::core::shard::host(),
        };
        outln!(
            "{}",
            serde_json::to_string_pretty(&doc).context("cannot print JSON")?
        );
        return Ok(ExitCode::SUCCESS);
    }
    if args.slurm.slurm {
        if args.save || args.time.is_some() {
            bail!("--slurm takes neither --save nor --time (a fixed budget of --runs is cut)");
        }
        return slowest_on_slurm(&loaded, &args);
    }
    let r = slowest::search(p, cfg, &meter, &sopts)?;
    let package = if args.no_package {
        None
    } else {
        Some(slowest::package_costs(
            p,
            &loaded.problems_dir,
            &meter,
            opts.jobs,
            &|_, _| true,
        )?)
    };
    let mut saved = None;
    let mut save_failed = false;
    if args.save {
        let note = format!(
            "{} costs {} on it, found by `gridjudge slowest --seed {} --runs {}`",
            sub.name,
            match r.best.cost {
                slowest::Cost::Instructions(_) => format!("{} instructions", r.best.cost.text()),
                slowest::Cost::Saturated => format!("more than {} ms", meter.cap_ms()),
            },
            args.seed,
            args.runs
        );
        let done = match r.best.generated() {
            Some((line, seed)) => gridjudge::judge::save::save_generated(
                p,
                &loaded.dir,
                line,
                seed,
                &r.best.input,
                &note,
            ),
            None => {
                gridjudge::judge::save::save_counterexample(p, &loaded.dir, &r.best.input, &note)
            }
        };
        match done {
            Ok(s) => saved = Some(s),
            Err(e) => {
                eprintln!("gridjudge: error: {e:#}");
                save_failed = true;
            }
        }
    }
    let shown = super::reports::Slowest {
        problem: p.name(),
        submission: &sub.name,
        seed: args.seed,
        cap_ms: meter.cap_ms(),
        isolation: meter.isolation(),
        report: &r,
        package: package.as_deref(),
        saved: saved.as_ref(),
        save_failed,
    };
    let ok = super::reports::print_slowest(&shown, args.json)?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `slowest --slurm`: stages the problem (checked against its lock) and the submission
/// (copied, compiled once), runs `slowest --islands K --shard i/N` as one array job, and merges
/// (`cli/cluster.rs`).
///
/// Errors: fewer islands than shards, staging, the job or the merge fails.
fn slowest_on_slurm(
    loaded: &gridjudge::problems::Loaded,
    args: &SlowestArgs,
) -> anyhow::Result<ExitCode> {
    use super::cluster::{push_run_and_shard, run_and_merge, Stage};
    let slurm = &args.slurm;
    if u64::from(slurm.shards) > args.islands {
        bail!(
            "--slurm --shards {} of a search of {} island(s): give --islands {} or more",
            slurm.shards,
            args.islands,
            slurm.shards
        );
    }
    let stage = Stage::new(slurm.stage_dir.as_deref())?;
    stage.add_problem(loaded, !args.no_package)?;
    stage.prepare_problem(loaded.name())?;
    let staged = stage.add_compiled_submission(&args.submission)?;
    stage.freeze()?;
    let mut words: Vec<std::ffi::OsString> = vec![
        "slowest".into(),
        loaded.name().into(),
        staged.into(),
        format!("--runs={}", args.runs).into(),
        format!("--seed={}", args.seed).into(),
        format!("--cap={}", args.cap).into(),
        format!("--islands={}", args.islands).into(),
        "--problems-dir".into(),
        stage.problems().into(),
        "--cache-dir".into(),
        stage.cache().into(),
        format!("--jobs={}", slurm.jobs()).into(),
    ];
    for l in &args.line {
        words.push(format!("--line={l}").into());
    }
    if args.no_package {
        words.push("--no-package".into());
    }
    push_run_and_shard(&mut words, &args.run);
    run_and_merge(
        &stage,
        words,
        slurm,
        "gridjudge-slowest",
        &loaded.problems_dir,
        args.json,
    )
}
