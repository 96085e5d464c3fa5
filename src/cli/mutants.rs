//! `gridjudge mutants`: mutants of a program that solves the problem judged on its built
//! package, survivors stressed against the reference (`judge::mutants`); prints the mutation
//! scores and the survivors, saves their counterexamples with `--save`.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use gridjudge::judge::mutants::{self, Outcome};

use super::common::{find, json_outcome, out, outln, RunArgs};

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
    let report = mutants::mutants(p, loaded.config()?, &loaded.problems_dir, &opts)?;
    let mut saves = Vec::new();
    let mut save_failed = false;
    if args.save {
        for r in &report.results {
            if let Outcome::Survivor(c) = &r.outcome {
                let note = format!(
                    "kills mutant {}#{} ({} line {}), found by `{} --seed {}`",
                    r.source,
                    r.mutant.id,
                    r.mutant.operator,
                    r.mutant.line,
                    c.concrete_line(),
                    c.seed
                );
                match gridjudge::judge::save::save_counterexample(p, &loaded.dir, c.input(), &note)
                {
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
    let ok = report.count("survivor") == 0 && !save_failed;
    if args.json {
        let mut v = report.to_json(p);
        v["saved"] = saves.clone().into();
        v["ok"] = ok.into();
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).context("cannot print JSON")?
        );
    } else {
        outln!("== mutants {}", p.name());
        out!("{}", report.render(p));
        for s in &saves {
            outln!("{s}");
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
