//! `gridjudge merge`: the report of a sharded command from its shards' documents
//! (`verify --shard i/N`: `judge::verify::merge_shards`; `stress --seeds a..b --shard i/N`:
//! `judge::stress::merge_stress`; `mutants --shard i/N`: `judge::mutants::merge_shards`;
//! `timelimit --shard i/N`: `judge::timelimit::merge_time_limit`; `slowest --islands K
//! --shard i/N`: `judge::slowest::merge_shards`; a Kattis package's `verify --shard i/N`:
//! `judge::kattis::merge_package_shards`), printed as the command prints it.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use std::io::IsTerminal;

use gridjudge::exec::compile::Submission;
use gridjudge::judge::kattis::{self, KattisVerifyShard};
use gridjudge::judge::mutants::{self, MutantsShard};
use gridjudge::judge::slowest::{self, SlowestShard};
use gridjudge::judge::stress::{self, StressShard};
use gridjudge::judge::subject::ProcessSubject;
use gridjudge::judge::timelimit::{self, TimeLimitShard};
use gridjudge::judge::verify::{self, VerifyShard};

use super::common::{find, json_outcome, out, outln, pretty_with_ok};

/// The arguments of `gridjudge merge` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct MergeArgs {
    /// Shard files: each holds the JSON documents one shard printed (`verify --shard I/N`:
    /// one per problem, as `timelimit --shard I/N`; `stress --seeds A..B --shard I/N` and
    /// `mutants --shard I/N`: one). Every shard 1..N of a run
    /// must be there exactly once.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Print each report as JSON on stdout, as the command's `--json` does.
    #[arg(long)]
    pub json: bool,
    /// Compile cache folder (default: the problems folder's own).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
    /// Runs at the same time while a stress merge shrinks its counterexamples; the result
    /// does not depend on it.
    #[arg(short, long, default_value_t = 1)]
    pub jobs: usize,
}

/// Runs `gridjudge merge`: exits 1 when a merged report fails as the command's would.
pub fn run(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let json = args.json;
    let r = merge_files(
        &args.files,
        args.problems_dir.as_deref(),
        args.cache_dir.as_deref(),
        json,
        args.jobs,
        &[],
    );
    json_outcome(r, json, true, serde_json::json!({}))
}

/// The compile cache `cache` when given, else the default one of `problems_dir`.
fn cache_or_default(cache: Option<&std::path::Path>, problems_dir: &std::path::Path) -> PathBuf {
    match cache {
        Some(c) => c.to_path_buf(),
        None => gridjudge::problems::default_cache_dir(problems_dir),
    }
}

/// One document of a shard file, with where it came from.
struct Doc {
    file: String,
    value: serde_json::Value,
}

/// Reads every JSON document of `files`, in order.
fn read_docs(files: &[PathBuf]) -> anyhow::Result<Vec<Doc>> {
    let mut docs = Vec::new();
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
        let mut n = 0;
        for (k, v) in serde_json::Deserializer::from_str(&text)
            .into_iter::<serde_json::Value>()
            .enumerate()
        {
            let value = v.with_context(|| {
                format!(
                    "{}: document {} is not JSON (a shard that was cut short?)",
                    f.display(),
                    k + 1
                )
            })?;
            docs.push(Doc {
                file: if n == 0 {
                    f.display().to_string()
                } else {
                    format!("{} (document {})", f.display(), n + 1)
                },
                value,
            });
            n += 1;
        }
        if n == 0 {
            bail!(
                "{}: no shard document (the shard printed nothing: see its log)",
                f.display()
            );
        }
    }
    Ok(docs)
}

/// The shards of one run, in the order they were read, with their files' names.
struct Group<T> {
    key: String,
    shards: Vec<T>,
    files: Vec<String>,
}

/// Adds `shard` to the group of `key`, made when it is the first.
fn add<T>(groups: &mut Vec<Group<T>>, key: String, shard: T, file: String) {
    match groups.iter_mut().find(|g| g.key == key) {
        Some(g) => {
            g.shards.push(shard);
            g.files.push(file);
        }
        None => groups.push(Group {
            key,
            shards: vec![shard],
            files: vec![file],
        }),
    }
}

/// [`run`]'s work, without the `--json` document of an error: merges the shard documents of
/// `files` (problems found in `problems_dir` as the commands find them, programs compiled in
/// `cache_dir`), printing each run's report (as JSON with `json`); `jobs` runs at a time when
/// a stress merge shrinks. Also the end of `--slurm` (`cli/cluster.rs`), whose `origins` map a
/// staged Kattis package's folder (as its shards recorded it) to the original one, which the
/// merge reads and where it saves the results.
///
/// Errors: a file is not a shard document, the shards of a run do not fit together, the
/// problem or submission cannot be found, the merge fails.
pub fn merge_files(
    files: &[PathBuf],
    problems_dir: Option<&std::path::Path>,
    cache_dir: Option<&std::path::Path>,
    json: bool,
    jobs: usize,
    origins: &[(PathBuf, PathBuf)],
) -> anyhow::Result<ExitCode> {
    let docs = read_docs(files)?;
    // Grouped by run (a problem's verify; one stress), in the order runs first appear.
    let mut verifies: Vec<Group<VerifyShard>> = Vec::new();
    let mut stresses: Vec<Group<StressShard>> = Vec::new();
    let mut mutant_runs: Vec<Group<MutantsShard>> = Vec::new();
    let mut time_limits: Vec<Group<TimeLimitShard>> = Vec::new();
    let mut packages: Vec<Group<KattisVerifyShard>> = Vec::new();
    let mut searches: Vec<Group<SlowestShard>> = Vec::new();
    for d in docs {
        let command = d.value.get("command").and_then(|c| c.as_str());
        match command {
            Some("verify") => {
                let shard: VerifyShard = serde_json::from_value(d.value)
                    .with_context(|| format!("{}: not a `verify` shard document", d.file))?;
                let key = shard.judge.problem.clone();
                add(&mut verifies, key, shard, d.file);
            }
            Some("stress") => {
                let shard: StressShard = serde_json::from_value(d.value)
                    .with_context(|| format!("{}: not a `stress` shard document", d.file))?;
                let key = format!(
                    "{} {} `{}` {}..{} keep {}",
                    shard.problem,
                    shard.subject.submission,
                    shard.generator,
                    shard.seeds.0,
                    shard.seeds.1,
                    shard.keep
                );
                add(&mut stresses, key, shard, d.file);
            }
            Some("mutants") => {
                let shard: MutantsShard = serde_json::from_value(d.value)
                    .with_context(|| format!("{}: not a `mutants` shard document", d.file))?;
                let r = &shard.report;
                let key = format!(
                    "{} sample {:?} seeds {}",
                    r.problem, r.sample_seed, r.stress_seeds
                );
                add(&mut mutant_runs, key, shard, d.file);
            }
            Some("verify-kattis") => {
                let shard: KattisVerifyShard = serde_json::from_value(d.value).with_context(
                    || format!("{}: not a `verify` shard document of a Kattis package", d.file),
                )?;
                let key = shard.package.clone();
                add(&mut packages, key, shard, d.file);
            }
            Some("slowest") => {
                let shard: SlowestShard = serde_json::from_value(d.value)
                    .with_context(|| format!("{}: not a `slowest` shard document", d.file))?;
                let key = format!(
                    "{} {} seed {} runs {} islands {}",
                    shard.problem, shard.submission, shard.seed, shard.runs, shard.islands
                );
                add(&mut searches, key, shard, d.file);
            }
            Some("timelimit") => {
                let shard: TimeLimitShard = serde_json::from_value(d.value)
                    .with_context(|| format!("{}: not a `timelimit` shard document", d.file))?;
                let key = shard.problem.clone();
                add(&mut time_limits, key, shard, d.file);
            }
            Some(c) => bail!("{}: a shard of `{c}`, which `merge` does not take", d.file),
            None => bail!(
                "{}: not a shard document (no `command`; made by `verify`, `stress`, `mutants`, `timelimit` or `slowest` with --shard I/N)",
                d.file
            ),
        }
    }
    let mut names: Vec<String> = verifies.iter().map(|g| g.key.clone()).collect();
    names.extend(stresses.iter().map(|g| g.shards[0].problem.clone()));
    names.extend(time_limits.iter().map(|g| g.key.clone()));
    names.dedup();
    // Only verify, stress and timelimit shards need their problem: a mutants merge runs nothing.
    let problems_dir = match names.is_empty() {
        true => PathBuf::new(),
        false => super::common::problems_dir_for(problems_dir, &names)?,
    };
    let cache = cache_dir;
    let mut all_ok = true;
    for g in verifies {
        let loaded = find(&g.key, Some(&problems_dir), cache)?;
        let report = verify::merge_shards(loaded.problem, &problems_dir, g.shards, &g.files)?;
        if json {
            outln!("{}", pretty_with_ok(&report, report.ok())?);
        } else {
            outln!("== verify {}", g.key);
            out!("{}", report.render());
        }
        all_ok &= report.ok();
    }
    for g in stresses {
        let first = &g.shards[0];
        let loaded = find(&first.problem, Some(&problems_dir), cache)?;
        let p = loaded.problem;
        let cfg = loaded.config()?;
        let sub = Submission::from_arg(&first.subject.submission)?;
        let progress = std::io::stderr().is_terminal();
        let cache_dir = cache_or_default(cache, &problems_dir);
        let subject = ProcessSubject::prepare(
            &sub,
            &cache_dir,
            first.subject.limits,
            first.subject.sandbox,
            progress,
        )?;
        let words: Vec<&str> = first.generator.split_whitespace().collect();
        let sopts = stress::StressOptions {
            generator: stress::GeneratorLine::parse(p, &words)?,
            seeds: stress::SeedPlan::Range {
                first: first.seeds.0,
                last: first.seeds.1,
            },
            jobs: jobs.max(1),
            keep: first.keep,
            shrink: true,
            progress,
        };
        let report = stress::merge_stress(p, cfg, &subject, &g.shards, &g.files, &sopts)?;
        super::stress_report::print_report(
            p,
            &loaded.dir,
            &sub.name,
            subject.isolation(),
            &report,
            &sopts,
            false,
            json,
        )?;
        all_ok &= report.failures.is_empty();
    }
    for g in packages {
        // A package is found by its path, as the shards recorded it (or its original).
        let path = std::path::Path::new(&g.key);
        let path = match origins.iter().find(|(staged, _)| staged == path) {
            Some((_, original)) => original.display().to_string(),
            None => g.key.clone(),
        };
        let loaded = find(&path, None, cache)?;
        let Some(package) = loaded.kattis else {
            bail!("{}: not a Kattis package any more", g.key);
        };
        let cache_dir = cache_or_default(cache, &loaded.problems_dir);
        let report = kattis::merge_package_shards(package, &cache_dir, g.shards, &g.files)?;
        super::reports::save_and_print_kattis(loaded.name(), package, &report, json)?;
        all_ok &= report.ok();
    }
    for g in time_limits {
        let loaded = find(&g.key, Some(&problems_dir), cache)?;
        let opts = gridjudge::judge::JudgeOptions {
            limits: g.shards[0].limits,
            jobs: 1,
            progress: std::io::stderr().is_terminal(),
            cache_dir: cache_or_default(cache, &problems_dir),
            sandbox: g.shards[0].sandbox,
        };
        let a = timelimit::merge_time_limit(
            loaded.problem,
            loaded.config()?,
            &problems_dir,
            &opts,
            g.shards,
            &g.files,
        )?;
        let ok = a.ok();
        super::reports::print_time_limit(&g.key, &a, ok, json)?;
        all_ok &= ok;
    }
    for g in searches {
        let first = &g.shards[0];
        let (problem, submission) = (first.problem.clone(), first.submission.clone());
        let (seed, cap_ms, isolation) = (first.seed, first.cap_ms, first.isolation.clone());
        let (report, package) = slowest::merge_shards(g.shards, &g.files)?;
        let shown = super::reports::Slowest {
            problem: &problem,
            submission: &submission,
            seed,
            cap_ms,
            isolation: &isolation,
            report: &report,
            package: package.as_deref(),
            saved: None,
            save_failed: false,
        };
        all_ok &= super::reports::print_slowest(&shown, json)?;
    }
    for g in mutant_runs {
        let report = mutants::merge_shards(g.shards, &g.files)?;
        all_ok &= super::reports::print_mutants(&report, &[], false, json)?;
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
