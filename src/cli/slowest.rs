//! `gridjudge slowest`: the search for a submission's costliest input (`judge::slowest`),
//! against the package's worst test, printed as a table or JSON, saved with `--save`.
//!
//! Uses the library and `cli/common.rs`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
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
    let sopts = slowest::SearchOptions {
        templates,
        seed: args.seed,
        runs: args.runs,
        time: args.time.map(Duration::from_secs),
        jobs: opts.jobs,
        progress,
    };
    let r = slowest::search(p, cfg, &meter, &sopts)?;
    let package = if args.no_package {
        None
    } else {
        Some(slowest::package_costs(
            p,
            &loaded.problems_dir,
            &meter,
            opts.jobs,
            &|_| true,
        )?)
    };
    let worst = package
        .as_ref()
        .and_then(|t| t.iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0))));
    let as_slow = worst.is_none_or(|(_, c)| r.best.cost >= *c);
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
    if args.json {
        let doc = serde_json::json!({
            "problem": p.name(),
            "submission": sub.name,
            "seed": args.seed,
            "cap_ms": meter.cap_ms(),
            "best": {
                "cost": r.best.cost.json(),
                "from": r.best.describe(),
                "line": r.best.line,
                "generated": r.best.generated().is_some(),
                "seed": match &r.best.origin {
                    slowest::Origin::Line { seed, .. } | slowest::Origin::Mutation { seed, .. } => seed,
                },
                "run": r.best.run,
                "input": String::from_utf8_lossy(&r.best.input),
            },
            "runs": r.runs,
            "rejected": r.rejected,
            "seconds": r.elapsed.as_secs_f64(),
            "improvements": r.progress.iter().map(|(run, c)| serde_json::json!({"run": run, "cost": c.json()})).collect::<Vec<_>>(),
            "package": package.as_ref().map(|t| t.iter().map(|(n, c)| serde_json::json!({"test": n, "cost": c.json()})).collect::<Vec<_>>()),
            "package_worst": worst.map(|(n, c)| serde_json::json!({"test": n, "cost": c.json()})),
            "at_least_as_slow": as_slow,
            "saved": saved.as_ref().map(|s| s.manifest_file.clone()),
            "ok": as_slow && !save_failed,
        });
        outln!(
            "{}",
            serde_json::to_string_pretty(&doc).context("cannot print JSON")?
        );
    } else {
        outln!(
            "slowest {} {}: {} runs in {:.1} s ({} candidates refused), cap {} ms, seed {}",
            p.name(),
            sub.name,
            r.runs,
            r.elapsed.as_secs_f64(),
            r.rejected,
            meter.cap_ms(),
            args.seed
        );
        outln!("{}", meter.isolation());
        outln!("{:<16} {:>20}  {:>5}  from", "", "instructions", "run");
        outln!(
            "{:<16} {:>20}  {:>5}  {}",
            "search best",
            r.best.cost.text(),
            r.best.run,
            r.best.describe()
        );
        if let Some((name, c)) = worst {
            outln!(
                "{:<16} {:>20}  {:>5}  test {name} of {} tests",
                "package worst",
                c.text(),
                "",
                package.as_ref().map_or(0, Vec::len)
            );
            outln!(
                "the search is {}as slow as the package",
                if as_slow { "at least " } else { "NOT " }
            );
        }
        if let Some(s) = &saved {
            outln!("saved: {} (manifest test {})", s.manifest_file, s.number);
        }
    }
    Ok(if as_slow && !save_failed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
