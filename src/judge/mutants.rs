//! `gridjudge mutants`: how good is a package at catching bugs it was not written for? Mutants
//! of a program that solves the problem are judged on the built package; those it does not
//! kill are stressed against the reference to tell real survivors from likely equivalent ones.
//!
//! # What is mutated
//! The sources named in `[mutants] sources` of `problem.toml` ([`crate::problem::mutants`]),
//! typically accepted submissions (a built-in problem's reference is gridjudge's own Rust
//! code, not rebuilt per mutant); without that table, a program problem's reference solution
//! (`[programs] solution`) when it is a C++, Rust or Python file. Each source is first judged
//! unmutated, and must pass the package. The mutants come from
//! [`crate::core::mutate`], our own source rewriting (why not cargo-mutants, mutmut or mull,
//! and which operators, is documented there). All of them, or `sample` of them drawn with the
//! one seed → RNG function ([`crate::core::rng::TestRng::for_test`]`(problem, "mutants",
//! "sample=N", seed)`), so a sample is the same on every machine.
//!
//! # Judging
//! Each mutant is written to a temporary folder under the original's file name, compiled once
//! through the compile cache ([`crate::exec::compile::prepare`]) and run on the package's
//! tests ([`crate::package::load_checked`]) in manifest order by the same step as `judge`
//! ([`crate::judge`]'s per-test judging, [`crate::judge::run::run_and_check`]) under the
//! problem's limits, stopping at the first test that is not AC:
//! - a compile error: **stillborn**, left out of every score;
//! - any other verdict on some test (WA, PE, RE, TLE — a mutant that loops is stopped by the
//!   time limit —, MLE, OLE; FAIL too, shown as such): **killed**, by that test;
//! - AC on every test: a survivor of the package, then stressed.
//!
//! # Survivors
//! A survivor is stressed ([`crate::judge::stress::stress`]) on the problem's default stress
//! line (small inputs: [`GeneratorLine::default_for`]) for `stress_seeds` seeds, judged
//! against the reference through the checker; where the problem has a brute force, an input in
//! its range (the `[build] brute_force_group` by the validator, or at most
//! `brute_force_max_cells` cells) is judged against the brute force's answer instead, so the
//! mutant is cross-checked with the brute force there. A failure is shrunk
//! ([`crate::judge::shrink`]): a **real survivor** with its counterexample (the CLI's `--save`
//! adds it to the manifest through [`crate::judge::save`]); none: **likely equivalent**.
//! The survivors share one [`crate::judge::stress::SeedMemo`] and the brute force's answers:
//! each seed is generated, validated and solved by the reference and the brute force once,
//! so a survivor after the first costs only its own runs (and the checker's).
//!
//! # Determinism
//! Mutants are judged on `jobs` threads, each mutant's tests in order, and the results are
//! reported in mutant order; stress is deterministic in its seeds. So the report does not
//! depend on `jobs`, provided the programs are deterministic and far from the time limit.
//!
//! Uses core (`mutate`, `rng`, verdicts), problem, exec (compile cache, sessions, temporary
//! folders), package (the checked package) and [`crate::judge::stress`],
//! [`crate::judge::subject`].

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use rayon::prelude::*;

use crate::core::mutate::{self, Family, Mutant};
use crate::core::rng::TestRng;
use crate::core::shard::Shard;
use crate::core::verdict::Verdict;
use crate::exec::cleanup::TrackedDir;
use crate::exec::compile::{prepare, session, Prepared, Submission};
use crate::judge::run::Program;
use crate::judge::stress::{self, Counterexample, GeneratorLine, SeedPlan, StressOptions};
use crate::judge::subject::{Checked, ProcessSubject, Subject};
use crate::judge::JudgeOptions;
use crate::problem::{Problem, ProblemConfig};
use crate::problems::program::ProgramProblem;

/// Options of [`mutants`].
#[derive(Clone, Debug)]
pub struct MutantsOptions {
    /// Limits, compile cache, sandbox, parallelism (mutants judged at once) and progress.
    pub judge: JudgeOptions,
    /// Judge only this many mutants, drawn with `seed` (all when `None`).
    pub sample: Option<u32>,
    /// The seed of the sample.
    pub seed: u64,
    /// Seeds of the stress run of each survivor (1..=N).
    pub stress_seeds: u64,
}

/// A source that is mutated.
#[derive(Clone, Debug)]
pub struct Source {
    /// As `problem.toml` names it, relative to the problem folder.
    pub name: String,
    /// Its path.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Its language family.
    pub family: Family,
}

/// What became of one mutant.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// It does not compile (the compiler's message).
    Stillborn(String),
    /// A test of the package kills it: the test's name, its verdict and message.
    Killed {
        /// The first killing test.
        test: String,
        /// Its verdict there.
        #[serde(
            serialize_with = "crate::judge::ser_verdict",
            deserialize_with = "crate::judge::de_verdict"
        )]
        verdict: Verdict,
        /// The checker's or runner's message.
        message: String,
    },
    /// It passes the package and stress found a difference: a real survivor.
    Survivor(Box<Survived>),
    /// It passes the package and every stress seed.
    LikelyEquivalent,
}

/// A real survivor's shrunk counterexample as the report keeps it: what the text and JSON
/// reports show of it and what `--save` needs, so that a shard's document carries it whole to
/// the merge (a shard stresses its own survivors).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Survived {
    /// The stress seed that found it.
    pub seed: u64,
    /// The survivor's verdict on the shrunk input.
    #[serde(
        serialize_with = "crate::judge::ser_verdict",
        deserialize_with = "crate::judge::de_verdict"
    )]
    pub verdict: Verdict,
    /// The generator line that gives the shrunk input
    /// ([`Counterexample::concrete_line`]).
    pub line: String,
    /// The shrunk input, byte for byte.
    pub input: Vec<u8>,
    /// [`Counterexample::render`] (without a whole-input file).
    pub text: String,
    /// [`Counterexample::to_json`].
    pub json: serde_json::Value,
}

impl Survived {
    /// What the reports keep of `c`, a counterexample of `problem`.
    pub fn of(problem: &dyn Problem, c: &Counterexample) -> Survived {
        Survived {
            seed: c.seed,
            verdict: c.judged().verdict,
            line: c.concrete_line(),
            input: c.input().to_vec(),
            text: c.render(problem, None),
            json: c.to_json(problem),
        }
    }
}

impl Outcome {
    /// The outcome's word in reports: `stillborn`, `killed`, `survivor`, `likely-equivalent`.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Stillborn(_) => "stillborn",
            Outcome::Killed { .. } => "killed",
            Outcome::Survivor(_) => "survivor",
            Outcome::LikelyEquivalent => "likely-equivalent",
        }
    }
}

/// One judged mutant.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct MutantResult {
    /// The mutated source ([`Source::name`]).
    pub source: String,
    /// The mutant.
    pub mutant: Mutant,
    /// Its unified diff against the source.
    pub diff: String,
    /// What became of it.
    pub outcome: Outcome,
}

/// The result of [`mutants`] (or of one shard of it, or of [`merge_shards`]).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct MutantsReport {
    /// The problem.
    pub problem: String,
    /// The mutated sources and how many mutants each has.
    pub sources: Vec<(String, usize)>,
    /// The seed of the sample, when sampled.
    pub sample_seed: Option<u64>,
    /// The stress line of the survivors.
    pub stress_line: String,
    /// Stress seeds per survivor.
    pub stress_seeds: u64,
    /// The judged mutants, in source order.
    pub results: Vec<MutantResult>,
}

impl MutantsReport {
    /// How many mutants have `word` as outcome.
    pub fn count(&self, word: &str) -> usize {
        self.results
            .iter()
            .filter(|r| r.outcome.word() == word)
            .count()
    }

    /// (killed, mutants that compile): the mutation score over all of them.
    pub fn score_all(&self) -> (usize, usize) {
        let killed = self.count("killed");
        (killed, self.results.len() - self.count("stillborn"))
    }

    /// (killed, killed + real survivors): the score without the likely equivalent ones.
    pub fn score_non_equivalent(&self) -> (usize, usize) {
        let killed = self.count("killed");
        (killed, killed + self.count("survivor"))
    }

    /// The text report: the scores, one line per mutant, then each survivor and likely
    /// equivalent mutant with its diff (and a survivor's counterexample).
    pub fn render(&self) -> String {
        let mut s = String::new();
        let pct = |(a, b): (usize, usize)| {
            if b == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", 100.0 * a as f64 / b as f64)
            }
        };
        for (name, n) in &self.sources {
            let _ = writeln!(s, "source {name}: {n} mutant(s)");
        }
        let _ = writeln!(
            s,
            "judged {} mutant(s){}; survivors stressed on `{}` for {} seed(s)",
            self.results.len(),
            self.sample_seed
                .map_or(String::new(), |seed| format!(" (sample, seed {seed})")),
            self.stress_line,
            self.stress_seeds
        );
        let (ka, a) = self.score_all();
        let (kn, n) = self.score_non_equivalent();
        let _ = writeln!(
            s,
            "killed {ka} / {a} compiled ({}), killed {kn} / {n} non-equivalent ({}); {} stillborn, {} survivor(s), {} likely equivalent",
            pct((ka, a)),
            pct((kn, n)),
            self.count("stillborn"),
            self.count("survivor"),
            self.count("likely-equivalent")
        );
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{:<44} {:>5} {:<10} {:>9}  outcome",
            "mutant", "line", "operator", ""
        );
        for r in &self.results {
            let what = match &r.outcome {
                Outcome::Killed { test, verdict, .. } => {
                    format!("killed by test {test} ({verdict})")
                }
                Outcome::Stillborn(_) => "stillborn (compile error)".to_string(),
                Outcome::Survivor(c) => {
                    format!("SURVIVOR (stress seed {}: {})", c.seed, c.verdict)
                }
                Outcome::LikelyEquivalent => "likely equivalent".to_string(),
            };
            let _ = writeln!(
                s,
                "{:<44} {:>5} {:<10} {:>9}  {what}",
                format!("{}#{}", r.source, r.mutant.id),
                r.mutant.line,
                r.mutant.operator,
                format!("col {}", r.mutant.column),
            );
        }
        for r in &self.results {
            match &r.outcome {
                Outcome::Survivor(c) => {
                    let _ = writeln!(s, "\n== survivor {}#{}", r.source, r.mutant.id);
                    s.push_str(&r.diff);
                    s.push_str(&c.text);
                }
                Outcome::LikelyEquivalent => {
                    let _ = writeln!(s, "\n== likely equivalent {}#{}", r.source, r.mutant.id);
                    s.push_str(&r.diff);
                }
                _ => {}
            }
        }
        s
    }

    /// The report as JSON: `problem`, `sources` (`{"name", "mutants"}`), `sample_seed`,
    /// `stress_line`, `stress_seeds`, `killed`, `compiled`, `non_equivalent`, `stillborn`,
    /// `survivors`, `likely_equivalent`, and `mutants`: per mutant its `source`, `id`,
    /// `operator`, `line`, `column`, `before`, `after`, `diff`, `outcome` and, by outcome,
    /// `test`/`verdict`/`message` (killed), `compile_error` (stillborn) or `counterexample`
    /// (survivor, as `stress --json` gives it).
    pub fn to_json(&self) -> serde_json::Value {
        let mutants: Vec<serde_json::Value> = self
            .results
            .iter()
            .map(|r| {
                let mut v = serde_json::json!({
                    "source": r.source,
                    "id": r.mutant.id,
                    "operator": r.mutant.operator,
                    "line": r.mutant.line,
                    "column": r.mutant.column,
                    "before": r.mutant.before,
                    "after": r.mutant.after,
                    "diff": r.diff,
                    "outcome": r.outcome.word(),
                });
                match &r.outcome {
                    Outcome::Killed {
                        test,
                        verdict,
                        message,
                    } => {
                        v["test"] = test.clone().into();
                        v["verdict"] = verdict.to_string().into();
                        v["message"] = message.clone().into();
                    }
                    Outcome::Stillborn(e) => v["compile_error"] = e.clone().into(),
                    Outcome::Survivor(c) => v["counterexample"] = c.json.clone(),
                    Outcome::LikelyEquivalent => {}
                }
                v
            })
            .collect();
        let (killed, compiled) = self.score_all();
        let (_, non_equivalent) = self.score_non_equivalent();
        serde_json::json!({
            "problem": self.problem,
            "sources": self.sources.iter().map(|(n, k)| serde_json::json!({"name": n, "mutants": k})).collect::<Vec<_>>(),
            "sample_seed": self.sample_seed,
            "stress_line": self.stress_line,
            "stress_seeds": self.stress_seeds,
            "killed": killed,
            "compiled": compiled,
            "non_equivalent": non_equivalent,
            "stillborn": self.count("stillborn"),
            "survivors": self.count("survivor"),
            "likely_equivalent": self.count("likely-equivalent"),
            "mutants": mutants,
        })
    }
}

/// The sources to mutate for the problem in `dir`: `[mutants] sources`, else a program
/// problem's reference solution.
///
/// Errors: none named and no program reference, a source that cannot be read, a source that
/// is not C++, Rust or Python.
pub fn sources(
    problem: &dyn Problem,
    config: &ProblemConfig,
    dir: &Path,
) -> anyhow::Result<Vec<Source>> {
    let mut names = config.mutants.sources.clone();
    if names.is_empty() && ProgramProblem::of(problem).is_some() {
        if let Some(src) = config
            .programs
            .as_ref()
            .and_then(|p| p.solution.table().source)
        {
            names.push(src);
        }
    }
    if names.is_empty() {
        bail!(
            "problem `{}`: nothing to mutate: its reference is not a program; name accepted \
             submissions in problem.toml, e.g. [mutants] sources = [\"submissions/accepted/x.cpp\"]",
            problem.name()
        );
    }
    let named = !config.mutants.sources.is_empty();
    names
        .into_iter()
        .map(|name| {
            let rel = Path::new(&name);
            if rel.is_absolute()
                || rel
                    .components()
                    .any(|c| matches!(c, std::path::Component::ParentDir))
            {
                bail!(
                    "problem.toml [mutants] sources: `{name}` must be a path inside the problem \
                     folder: relative, without `..`"
                );
            }
            let path = dir.join(&name);
            if named && !path.is_file() {
                bail!(
                    "problem.toml [mutants] sources: `{name}` is not a file in {}",
                    dir.display()
                );
            }
            let family = Family::of_name(&name).with_context(|| {
                format!("{name}: only C++ (.cpp, .cc, .cxx), Rust (.rs) and Python (.py) sources are mutated")
            })?;
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            Ok(Source {
                name,
                path,
                text,
                family,
            })
        })
        .collect()
}

/// Every mutant of `sources` (source by source), or a sample of `count` of them drawn with
/// `seed` for `problem`.
pub fn choose(
    problem: &str,
    sources: &[Source],
    count: Option<u32>,
    seed: u64,
) -> Vec<(usize, Mutant)> {
    let all: Vec<(usize, Mutant)> = sources
        .iter()
        .enumerate()
        .flat_map(|(k, s)| {
            mutate::mutants(&s.text, s.family)
                .into_iter()
                .map(move |m| (k, m))
        })
        .collect();
    match count {
        None => all,
        Some(n) => {
            let mut rng = TestRng::for_test(problem, "mutants", &format!("sample={n}"), seed);
            mutate::sample(&all, n, &mut rng)
        }
    }
}

/// A mutant's folder and submission: the source under its original file name.
fn write_mutant(source: &Source, mutant: &Mutant) -> anyhow::Result<(TrackedDir, Submission)> {
    write_source(
        source,
        &mutant.apply(&source.text),
        &format!("{}#{}", source.name, mutant.id),
    )
}

/// `text` written under `source`'s file name in a folder of its own, as the submission
/// `name`.
fn write_source(
    source: &Source,
    text: &str,
    name: &str,
) -> anyhow::Result<(TrackedDir, Submission)> {
    let dir = TrackedDir::new("gridjudge-mutant-")?;
    let file = source
        .path
        .file_name()
        .context("a source without a file name")?;
    let path = dir.path().join(file);
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    let mut sub = Submission::from_arg(&path.to_string_lossy())?;
    sub.name = name.to_string();
    Ok((dir, sub))
}

/// A Python mutant's syntax error (Python has no compile step, so it would otherwise run and
/// be "killed" by a runtime error): `python3 -m py_compile` in the mutant's own folder, its
/// message when it refuses the file; `None` for the other languages or a clean file.
///
/// Errors: `python3` cannot be started.
fn python_syntax_error(source: &Source, dir: &TrackedDir) -> anyhow::Result<Option<String>> {
    if source.family != Family::Python {
        return Ok(None);
    }
    let file = source
        .path
        .file_name()
        .context("a source without a file name")?;
    let out = std::process::Command::new("python3")
        .arg("-m")
        .arg("py_compile")
        .arg(dir.path().join(file))
        .stdin(std::process::Stdio::null())
        .output()
        .context("cannot run `python3 -m py_compile` (Debian: `apt-get install python3`)")?;
    Ok((!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned()))
}

/// Judges each unmutated source on the package as its mutants will be judged, and refuses to
/// go on unless it compiles and is AC on every test: otherwise every mutant would count as
/// killed (a source that depends on a file beside it, a wrong source, a missing tool).
///
/// Errors: the first source that does not compile or fails a test, named with the test, the
/// verdict and the message.
fn check_originals(
    problem: &dyn Problem,
    config: &ProblemConfig,
    sources: &[Source],
    tests: &[crate::package::TestCase],
    opts: &JudgeOptions,
    sess: Option<&std::sync::Arc<crate::exec::sandbox::Session>>,
) -> anyhow::Result<()> {
    for source in sources {
        let (tmp, sub) = write_source(source, &source.text, &source.name)?;
        if let Some(e) = python_syntax_error(source, &tmp)? {
            bail!(
                "{}: the unmutated source does not compile: {e}",
                source.name
            );
        }
        let argv = match prepare(&sub, &opts.cache_dir, false)? {
            Prepared::CompileError(e) => bail!(
                "{}: the unmutated source does not compile alone in a folder of its own \
                 (mutants are compiled so): {e}",
                source.name
            ),
            Prepared::Ready(argv) => argv,
        };
        for t in tests {
            let program = Program {
                argv: &argv,
                limits: &opts.limits,
                session: sess,
            };
            let r = crate::judge::judge_one(problem, config, program, t);
            if r.verdict != Verdict::Ac {
                bail!(
                    "{}: the unmutated source gets {} on test {} ({}); it must pass the \
                     package, or every mutant would count as killed",
                    source.name,
                    r.verdict.short(),
                    t.name,
                    r.message
                );
            }
        }
    }
    Ok(())
}

/// Judges a survivor against the brute force's answer where the brute force solves the input,
/// else against the reference's.
/// The brute force's answers are kept in `brute` by input, shared by every survivor's run (the
/// same seeds give the same inputs).
struct BruteChecked<'a> {
    inner: &'a ProcessSubject,
    brute: &'a BruteMemo,
}

/// The brute force's answer (`None`: it does not solve the input) per input.
type BruteMemo = std::sync::Mutex<std::collections::HashMap<Vec<u8>, Option<Vec<u8>>>>;

impl Subject for BruteChecked<'_> {
    fn judge(
        &self,
        problem: &dyn Problem,
        config: &ProblemConfig,
        input: &[u8],
        answer: &[u8],
    ) -> anyhow::Result<Checked> {
        let known = self.brute.lock().ok().and_then(|m| m.get(input).cloned());
        let brute = match known {
            Some(b) => b,
            None => {
                let b = match &config.build.brute_force_group {
                    Some(g) => match problem.validate_in_group(input, config, Some(g))? {
                        Ok(_) => problem.brute_force(input, u64::MAX)?,
                        Err(_) => None,
                    },
                    None => problem.brute_force(input, config.build.brute_force_max_cells)?,
                };
                if let Ok(mut m) = self.brute.lock() {
                    m.insert(input.to_vec(), b.clone());
                }
                b
            }
        };
        self.inner
            .judge(problem, config, input, brute.as_deref().unwrap_or(answer))
    }
}

/// Judges the mutants of the problem's sources (see the module documentation). `dir` is the
/// problem's folder in `problems_dir`.
///
/// Errors: nothing to mutate, the package cannot be loaded or checked against its lock, the
/// sandbox is wanted but unavailable, the stress line is invalid, stress fails for the
/// judge's own reasons (a reference or checker failure).
pub fn mutants(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &Path,
    opts: &MutantsOptions,
) -> anyhow::Result<MutantsReport> {
    Ok(judge_part(problem, config, problems_dir, opts, Shard::WHOLE)?.report)
}

/// One shard's part of a [`mutants`] run, with what [`merge_shards`] needs to put the parts
/// together: `gridjudge mutants --shard i/N` prints it as JSON.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct MutantsShard {
    /// Always `mutants` (how `gridjudge merge` tells the documents apart).
    pub command: String,
    /// Which part this is.
    pub shard: Shard,
    /// How many mutants the whole run judges (all of them, or the sample).
    pub chosen: usize,
    /// The positions (from 0, in the whole run's order) of this part's results.
    pub positions: Vec<usize>,
    /// The report of this part's mutants only (every other field as the whole run's).
    pub report: MutantsReport,
    /// Where the shard ran.
    pub host: crate::core::shard::Host,
}

/// Judges shard `shard` of the run [`mutants`] would make: the chosen mutants (all, or the
/// sample) numbered from 0 in report order are cut round robin ([`Shard::takes`]), and the
/// shard judges and stresses its own; every shard judges the unmutated sources first. Time:
/// about 1/N of the run's, plus the originals' judging.
///
/// Errors: as [`mutants`].
pub fn mutants_shard(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &Path,
    opts: &MutantsOptions,
    shard: Shard,
) -> anyhow::Result<MutantsShard> {
    let part = judge_part(problem, config, problems_dir, opts, shard)?;
    Ok(MutantsShard {
        command: "mutants".to_string(),
        shard,
        chosen: part.chosen,
        positions: part.positions,
        report: part.report,
        host: crate::core::shard::host(),
    })
}

/// The report of every shard of one run, put together: the same as [`mutants`] gives on one
/// machine (results in the run's order, scores counted over all). `files` names each shard's
/// document in errors. O(total mutants).
///
/// Errors: no shard, a shard missing or given twice, shards of different runs (problem,
/// sources, sample, stress line or seeds, shard count or mutant count differ), positions that
/// do not fit.
pub fn merge_shards(shards: Vec<MutantsShard>, files: &[String]) -> anyhow::Result<MutantsReport> {
    use crate::core::shard::{check_complete, same_as_first};
    let cuts: Vec<Shard> = shards.iter().map(|s| s.shard).collect();
    check_complete(
        &cuts,
        files,
        &format!(
            "mutants of `{}`",
            shards.first().map_or("", |s| s.report.problem.as_str())
        ),
    )
    .map_err(anyhow::Error::msg)?;
    let first = &shards[0];
    let chosen = first.chosen;
    let head = |r: &MutantsReport| {
        (
            r.problem.clone(),
            r.sources.clone(),
            r.sample_seed,
            r.stress_line.clone(),
            r.stress_seeds,
        )
    };
    let mut slots: Vec<Option<MutantResult>> = vec![None; chosen];
    for (k, sh) in shards.iter().enumerate() {
        same_as_first(files, k, "mutant count", sh.chosen == chosen).map_err(anyhow::Error::msg)?;
        same_as_first(files, k, "run", head(&sh.report) == head(&first.report))
            .map_err(anyhow::Error::msg)?;
        let expected: Vec<usize> = (0..chosen).filter(|&p| sh.shard.takes(p)).collect();
        if sh.positions != expected || sh.report.results.len() != expected.len() {
            bail!(
                "{}: shard {} does not hold the mutants its cut gives it (a document from \
                 another version of gridjudge, or edited?)",
                files[k],
                sh.shard
            );
        }
        for (&p, r) in sh.positions.iter().zip(&sh.report.results) {
            slots[p] = Some(r.clone());
        }
    }
    let results = slots
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .context("a mutant of the run is in no shard")?;
    Ok(MutantsReport {
        results,
        ..first.report.clone()
    })
}

/// A shard's judged mutants: its report, their positions in the whole run and the whole
/// run's mutant count.
struct Part {
    report: MutantsReport,
    positions: Vec<usize>,
    chosen: usize,
}

/// [`mutants`] on the mutants `shard` takes (all of them for [`Shard::WHOLE`]).
fn judge_part(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &Path,
    opts: &MutantsOptions,
    shard: Shard,
) -> anyhow::Result<Part> {
    let dir = problems_dir.join(problem.name());
    let sources = sources(problem, config, &dir)?;
    let all = choose(problem.name(), &sources, opts.sample, opts.seed);
    let total = all.len();
    let (positions, chosen): (Vec<usize>, Vec<(usize, Mutant)>) = all
        .into_iter()
        .enumerate()
        .filter(|(p, _)| shard.takes(*p))
        .unzip();
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let tests = package.cases();
    let line = GeneratorLine::default_for(problem)?;
    let jopts = &opts.judge;
    let (sess, _) = session(jopts.sandbox)?;
    check_originals(problem, config, &sources, &tests, jopts, sess.as_ref())?;
    let bar = crate::core::progress::bar(chosen.len() as u64, "mutants", jopts.progress);
    // Phase 1: the package against each mutant, mutants in parallel.
    type Judged = (Option<Outcome>, Option<(TrackedDir, Submission)>);
    let judge_mutant = |(k, m): &(usize, Mutant)| -> anyhow::Result<Judged> {
        let (tmp, sub) = write_mutant(&sources[*k], m)?;
        if let Some(e) = python_syntax_error(&sources[*k], &tmp)? {
            return Ok((Some(Outcome::Stillborn(e)), None));
        }
        let argv = match prepare(&sub, &jopts.cache_dir, false)? {
            Prepared::CompileError(e) => return Ok((Some(Outcome::Stillborn(e)), None)),
            Prepared::Ready(argv) => argv,
        };
        for t in &tests {
            let program = Program {
                argv: &argv,
                limits: &jopts.limits,
                session: sess.as_ref(),
            };
            let r = crate::judge::judge_one(problem, config, program, t);
            if r.verdict == Verdict::Fail {
                // The judge's own failure (checker, files, sandbox) says nothing of the mutant.
                bail!(
                    "{}: test {} ended in FAIL, the judge's own failure: {}",
                    sub.name,
                    t.name,
                    r.message
                );
            }
            if r.verdict != Verdict::Ac {
                return Ok((
                    Some(Outcome::Killed {
                        test: t.name.clone(),
                        verdict: r.verdict,
                        message: r.message,
                    }),
                    None,
                ));
            }
        }
        Ok((None, Some((tmp, sub))))
    };
    let judged: Vec<anyhow::Result<Judged>> = rayon::ThreadPoolBuilder::new()
        .num_threads(jopts.jobs.max(1))
        .build()
        .context("cannot start worker threads")?
        .install(|| {
            chosen
                .par_iter()
                .map(|km| {
                    let r = judge_mutant(km);
                    bar.inc(1);
                    r
                })
                .collect()
        });
    bar.finish_and_clear();
    package.recheck()?;
    drop(sess);
    // Phase 2: each survivor of the package stressed against the reference, in order. The
    // survivors share the seeds' tests, the reference's answers and the brute force's.
    let memo = stress::SeedMemo::new();
    let brute = BruteMemo::default();
    let mut results = Vec::with_capacity(chosen.len());
    for ((k, m), j) in chosen.iter().zip(judged) {
        let (outcome, kept) = j?;
        let source = &sources[*k];
        let outcome = match (outcome, kept) {
            (Some(o), _) => o,
            (None, Some((_tmp, sub))) => {
                if jopts.progress {
                    eprintln!("stressing survivor {}", sub.name);
                }
                let subject = ProcessSubject::prepare(
                    &sub,
                    &jopts.cache_dir,
                    jopts.limits,
                    jopts.sandbox,
                    false,
                )?;
                let checked = BruteChecked {
                    inner: &subject,
                    brute: &brute,
                };
                let sopts = StressOptions {
                    generator: line.clone(),
                    seeds: SeedPlan::Range {
                        first: 1,
                        last: opts.stress_seeds.max(1),
                    },
                    jobs: jopts.jobs.max(1),
                    keep: 1,
                    shrink: true,
                    progress: jopts.progress,
                };
                let report =
                    stress::stress_with_memo(problem, config, &checked, &sopts, Some(&memo))
                        .with_context(|| format!("stress of {}", sub.name))?;
                match report.failures.into_iter().next() {
                    Some(c) => Outcome::Survivor(Box::new(Survived::of(problem, &c))),
                    None => Outcome::LikelyEquivalent,
                }
            }
            (None, None) => unreachable!("a mutant that passed keeps its folder"),
        };
        results.push(MutantResult {
            source: source.name.clone(),
            diff: m.diff(&source.text, &source.name),
            mutant: m.clone(),
            outcome,
        });
    }
    let counts = sources
        .iter()
        .map(|s| (s.name.clone(), mutate::mutants(&s.text, s.family).len()))
        .collect();
    let report = MutantsReport {
        problem: problem.name().to_string(),
        sources: counts,
        sample_seed: opts.sample.map(|_| opts.seed),
        stress_line: line.to_string(),
        stress_seeds: opts.stress_seeds.max(1),
        results,
    };
    Ok(Part {
        report,
        positions,
        chosen: total,
    })
}
