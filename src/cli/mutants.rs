//! `gridjudge mutants`: mutants of a program that solves the problem judged on its built
//! package, survivors stressed against the reference (`judge::mutants`); prints the mutation
//! scores and the survivors, saves their counterexamples with `--save`.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use gridjudge::judge::mutants::{self, Outcome};

use super::common::{find, json_outcome, outln, RunArgs};

/// The arguments of `gridjudge mutants` (the command's help is its variant's doc in
/// `cli/mod.rs`).
#[derive(Args)]
pub struct MutantsArgs {
    /// Problem name.
    pub problem: String,
    /// Judge only N mutants drawn with --seed (default: all of them).
    #[arg(long, value_name = "N")]
    pub sample: Option<u32>,
    /// The seed of --sample.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stress seeds (1..=N) run against each mutant the package does not kill.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub stress_seeds: u64,
    /// Add each real survivor's shrunk counterexample to the problem as a hand test, as
    /// `stress --save` does (problems/<p>/hand/stress-<hash>.in and a manifest entry).
    #[arg(long)]
    pub save: bool,
    /// Print the report as JSON on stdout, with `ok` (no real survivor).
    #[arg(long)]
    pub json: bool,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Mutants judged at the same time (and stress seeds); the result does not depend on it.
    #[arg(short, long, default_value_t = 1)]
    pub jobs: usize,
    /// Run only shard I of N (from 1): the chosen mutants numbered from 0 in report order,
    /// mutant k in shard k mod N + 1, each shard judging and stressing its own. Prints a shard
    /// document (JSON) instead of the report; `gridjudge merge` makes the report from every
    /// shard's document.
    #[arg(long, value_name = "I/N", conflicts_with_all = ["save", "slurm"])]
    pub shard: Option<gridjudge::core::shard::Shard>,
    /// Slurm: the shards as one array job, merged here.
    #[command(flatten)]
    pub slurm: super::cluster::SlurmArgs,
    /// Limits and compile cache.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `gridjudge mutants`: exits 1 when a real survivor is found (or a save failed).
pub fn run(args: MutantsArgs) -> anyhow::Result<ExitCode> {
    let (json, problem) = (args.json, args.problem.clone());
    let r = mutants_cmd(args);
    json_outcome(r, json, true, serde_json::json!({ "problem": problem }))
}

/// [`run`]'s work, without the `--json` document of an error.
fn mutants_cmd(args: MutantsArgs) -> anyhow::Result<ExitCode> {
    let loaded = find(
        &args.problem,
        args.problems_dir.as_deref(),
        args.run.cache_dir.as_deref(),
    )?;
    let p = loaded.problem;
    let opts = mutants::MutantsOptions {
        judge: args.run.options(&loaded, args.jobs)?,
        sample: args.sample,
        seed: args.seed,
        stress_seeds: args.stress_seeds,
    };
    if let Some(shard) = args.shard {
        let doc = mutants::mutants_shard(p, loaded.config()?, &loaded.problems_dir, &opts, shard)?;
        outln!(
            "{}",
            serde_json::to_string_pretty(&doc).context("cannot print JSON")?
        );
        return Ok(ExitCode::SUCCESS);
    }
    if args.slurm.slurm {
        if args.save {
            bail!("--slurm does not take --save (run `mutants --save` without --slurm, or save the survivors' counterexamples with `stress --save`)");
        }
        return mutants_on_slurm(&loaded, &args);
    }
    let report = mutants::mutants(p, loaded.config()?, &loaded.problems_dir, &opts)?;
    let mut saves = Vec::new();
    let mut save_failed = false;
    if args.save {
        for r in &report.results {
            if let Outcome::Survivor(c) = &r.outcome {
                let note = format!(
                    "kills mutant {}#{} ({} line {}), found by `{} --seed {}`",
                    r.source, r.mutant.id, r.mutant.operator, r.mutant.line, c.line, c.seed
                );
                match gridjudge::judge::save::save_counterexample(p, &loaded.dir, &c.input, &note) {
                    Ok(s) => saves.push(format!(
                        "saved: {} in {} (manifest test {}) for {}#{}",
                        s.manifest_file,
                        loaded.dir.display(),
                        s.number,
                        r.source,
                        r.mutant.id
                    )),
                    Err(e) => {
                        eprintln!("gridjudge: error: {}#{}: {e:#}", r.source, r.mutant.id);
                        save_failed = true;
                    }
                }
            }
        }
    }
    let ok = super::reports::print_mutants(&report, &saves, save_failed, args.json)?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `mutants --slurm`: stages the problem (its package checked against its lock, its programs
/// and the unmutated sources compiled), runs `mutants --shard i/N` as one array job whose
/// tasks compile their own mutants into the stage's cache (each mutant in one task only), and
/// merges (`cli/cluster.rs`).
///
/// Errors: a Kattis package, staging, the job or the merge fails.
fn mutants_on_slurm(
    loaded: &gridjudge::problems::Loaded,
    args: &MutantsArgs,
) -> anyhow::Result<ExitCode> {
    use super::cluster::{push_run_and_shard, run_and_merge, Stage};
    let slurm = &args.slurm;
    let stage = Stage::new(slurm.stage_dir.as_deref())?;
    stage.add_problem(loaded, true)?;
    let staged = stage.prepare_problem(loaded.name())?;
    let sources = mutants::sources(staged.problem, staged.config()?, &staged.dir)?;
    let originals: Vec<_> = sources
        .iter()
        .map(|s| gridjudge::exec::compile::Submission::from_arg(&s.path.to_string_lossy()))
        .collect::<anyhow::Result<_>>()?;
    stage.compile(&originals)?;
    stage.freeze()?;
    let mut words: Vec<std::ffi::OsString> = vec![
        "mutants".into(),
        loaded.name().into(),
        "--problems-dir".into(),
        stage.problems().into(),
        "--cache-dir".into(),
        stage.cache().into(),
        format!("--jobs={}", slurm.jobs()).into(),
        format!("--stress-seeds={}", args.stress_seeds).into(),
        format!("--seed={}", args.seed).into(),
    ];
    if let Some(n) = args.sample {
        words.push(format!("--sample={n}").into());
    }
    push_run_and_shard(&mut words, &args.run);
    run_and_merge(
        &stage,
        words,
        slurm,
        "gridjudge-mutants",
        &loaded.problems_dir,
        args.json,
    )
}
