//! Stress testing with shrinking: generate tests from consecutive seeds, run a submission,
//! compare with the reference solution through the checker, stop at the first failure, and
//! shrink the failing input to a locally minimal counterexample.
//!
//! # The flow of one seed
//! generator line (ranges allowed, resolved per seed by [`crate::core::args::resolve_ranges`]) →
//! [`generate_test`] → validate under the constraints → reference answer ([`Problem::solve`],
//! in process) → the submission ([`Subject`]) → [`Problem::check`]. The only things this
//! module knows about a problem are the [`Problem`] trait's methods. A seed's test is
//! generated once: it is not a manifest entry, whose bytes come from
//! [`crate::package::input_of`] (with its determinism check).
//!
//! A failure is shrunk by [`crate::judge::shrink`] (verdict classes, the greedy search); a
//! counterexample can be saved into the manifest by [`crate::judge::save`]; the submission and
//! how one input is judged are [`crate::judge::subject`]'s. Their items are re-exported here,
//! so `judge::stress::X` names them all.
//!
//! # Determinism
//! Seeds are run in batches (several seeds per worker); every seed of a batch is finished
//! before failures are picked, and failures are reported in seed order, so the counterexample
//! (the smallest failing seed, or the `keep` smallest) and its shrunk form depend only on the
//! seed range and the submission, not on `jobs` — provided the submission itself is
//! deterministic, and for TLE, far from the limit.
//!
//! Uses core (arguments, progress bars), problem, package (the built package of
//! [`from_test`], the manifest) and [`crate::judge::subject`], [`crate::judge::shrink`],
//! [`crate::judge::save`].

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use rayon::prelude::*;

use crate::core::args::{resolve_ranges, ArgError, Args};
use crate::core::shard::Shard;
use crate::core::verdict::Verdict;
use crate::problem::{generate_test, Problem, ProblemConfig, ValidateOptions};

use crate::judge::shrink::{shrink_failure, Shrunk};
use crate::judge::subject::{judge_input, judge_with_answer, FailureClass, Judged, Subject};

/// How many seeds each worker gets per batch: large enough to keep the workers busy, small
/// enough that little work is wasted after the first failure.
const SEEDS_PER_WORKER: u64 = 4;

/// A generator and its arguments, where integer values may be inclusive ranges `lo..hi`
/// resolved per seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorLine {
    /// Generator name.
    pub name: String,
    /// Arguments as written (ranges unresolved).
    pub args: Args,
}

impl GeneratorLine {
    /// Parses `NAME key=value ...` words and checks the name, the keys and the syntax of the
    /// ranges against `problem`.
    pub fn parse<S: AsRef<str>>(
        problem: &dyn Problem,
        words: &[S],
    ) -> Result<GeneratorLine, ArgError> {
        let Some((name, rest)) = words.split_first() else {
            return Err(ArgError("empty generator line".into()));
        };
        let info = problem.generator(name.as_ref())?;
        let args = crate::problem::parse_args(problem, rest)?;
        args.check_keys(info)?;
        // A malformed range is an error of the line, not of a seed.
        resolve_ranges(problem.seed_name(), info.name, &args, 0)?;
        Ok(GeneratorLine {
            name: name.as_ref().to_string(),
            args,
        })
    }

    /// The default of `stress`: the problem's first generator (for `game` and `bunny` their
    /// general random one: `random`, `play`), with `n=2..5 m=2..5` for the size parameters it
    /// declares (`n`, `m`) — small boards, where counterexamples shrink fast. Knows nothing
    /// of the problem beyond [`Problem::generators`].
    pub fn default_for(problem: &dyn Problem) -> Result<GeneratorLine, ArgError> {
        if let Some(line) = problem.default_stress_line() {
            let words: Vec<&str> = line.split_whitespace().collect();
            return GeneratorLine::parse(problem, &words);
        }
        let info = problem
            .generators()
            .first()
            .ok_or_else(|| ArgError(format!("problem `{}` has no generator", problem.name())))?;
        let words: Vec<String> = info
            .params
            .iter()
            .filter(|p| p.key == "n" || p.key == "m")
            .map(|p| format!("{}=2..5", p.key))
            .collect();
        Ok(GeneratorLine {
            name: info.name.to_string(),
            args: Args::parse(&words)?,
        })
    }

    /// The test of `seed`: the concrete arguments and the input bytes.
    pub fn test(&self, problem: &dyn Problem, seed: u64) -> Result<(Args, Vec<u8>), ArgError> {
        let args = resolve_ranges(problem.seed_name(), &self.name, &self.args, seed)?;
        let input = generate_test(problem, &self.name, &args, seed)?;
        Ok((args, input))
    }
}

impl std::fmt::Display for GeneratorLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)?;
        let a = self.args.canonical();
        if !a.is_empty() {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

/// Which seeds to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedPlan {
    /// The seeds `first..=last`.
    Range {
        /// First seed.
        first: u64,
        /// Last seed (inclusive).
        last: u64,
    },
    /// Seeds from `first` upwards until `limit` has passed (checked between batches).
    Time {
        /// First seed.
        first: u64,
        /// Wall-clock budget.
        limit: Duration,
    },
}

impl SeedPlan {
    /// Parses `A..B` (inclusive) for [`SeedPlan::Range`].
    pub fn parse_range(s: &str) -> anyhow::Result<SeedPlan> {
        let (a, b) = s
            .split_once("..")
            .with_context(|| format!("seed range `{s}`: expected A..B, e.g. 1..1000"))?;
        let num = |x: &str| {
            x.trim()
                .parse::<u64>()
                .with_context(|| format!("seed range `{s}`: `{x}` is not a seed"))
        };
        let (first, last) = (num(a)?, num(b)?);
        if first > last {
            bail!("seed range `{s}` is empty");
        }
        Ok(SeedPlan::Range { first, last })
    }

    /// Parses a duration such as `60s`, `2m`, `500ms` for [`SeedPlan::Time`] from seed 1.
    pub fn parse_time(s: &str) -> anyhow::Result<SeedPlan> {
        let bad = || anyhow::anyhow!("duration `{s}`: expected e.g. 60s, 2m or 500ms");
        let (digits, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
        let x: u64 = digits.parse().map_err(|_| bad())?;
        let limit = match unit {
            "ms" => Duration::from_millis(x),
            "s" | "" => Duration::from_secs(x),
            "m" | "min" => Duration::from_secs(x.saturating_mul(60)),
            _ => return Err(bad()),
        };
        Ok(SeedPlan::Time { first: 1, limit })
    }
}

/// Options of [`stress`].
#[derive(Clone, Debug)]
pub struct StressOptions {
    /// The generator line.
    pub generator: GeneratorLine,
    /// The seeds.
    pub seeds: SeedPlan,
    /// Tests run at the same time (at least 1); the result does not depend on it.
    pub jobs: usize,
    /// Stop after this many failing seeds (at least 1).
    pub keep: usize,
    /// Shrink each failure.
    pub shrink: bool,
    /// Count the seeds run on stderr: a bar ([`crate::core::progress::bar`]) over a seed range, a
    /// spinner ([`crate::core::progress::spinner`]) under a time budget, naming the seed being
    /// shrunk; cleared before returning. The driver sets it when stderr is a terminal; the
    /// result does not depend on it.
    pub progress: bool,
}

/// Starts from package test `test` (its name, e.g. `07`, or its number) of the problem in
/// `problems_dir` instead of generated seeds: checks the package against its lock
/// ([`crate::package::load_checked`]), judges the test, and when it fails shrinks it (when
/// `shrink`) as a stress failure: a generated test's line first ([`shrink_failure`]), then
/// its input. `Ok(None)` when the submission passes the test.
///
/// Errors: the package cannot be loaded or checked, no such test, the submission cannot be
/// judged.
pub fn from_test(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    problems_dir: &Path,
    test: &str,
    shrink: bool,
    jobs: usize,
) -> anyhow::Result<Option<Counterexample>> {
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let manifest =
        crate::package::Manifest::load(&problems_dir.join(problem.name()).join("manifest.toml"))?;
    let index = package
        .tests
        .iter()
        .position(|t| {
            t.name == test
                || test
                    .parse::<usize>()
                    .is_ok_and(|n| t.name.parse::<usize>().ok() == Some(n))
        })
        .with_context(|| {
            format!(
                "problem `{}` has no test `{test}` (tests 1 to {})",
                problem.name(),
                package.tests.len()
            )
        })?;
    let t = &package.tests[index];
    let input = std::fs::read(&t.input_path)
        .with_context(|| format!("cannot read {}", t.input_path.display()))?;
    package.recheck()?;
    let judged = judge_input(problem, config, subject, &input)?;
    if judged.class().is_none() {
        return Ok(None);
    }
    let spec = &manifest.tests[index];
    let (generator, args, seed) = match &spec.gen {
        Some(line) => {
            let words: Vec<&str> = line.split_whitespace().collect();
            let rest = words.get(1..).unwrap_or(&[]).join(" ");
            (line.clone(), rest, spec.seed.unwrap_or(0))
        }
        None => (spec.source(), String::new(), 0),
    };
    let mut c = Counterexample {
        seed,
        generator,
        args,
        original: input,
        original_judged: judged,
        shrunk: None,
    };
    if shrink {
        let line = spec.gen.as_ref().and_then(|l| l.split_whitespace().next());
        let args =
            crate::problem::parse_args(problem, &c.args.split_whitespace().collect::<Vec<_>>())?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build()
            .context("cannot start worker threads")?;
        let sh = pool.install(|| {
            shrink_failure(
                problem,
                config,
                subject,
                line.map(|n| (n, &args, seed)),
                &c.original,
                c.original_judged.clone(),
                jobs,
            )
        })?;
        c.shrunk = Some(sh);
    }
    Ok(Some(c))
}

/// One failing seed, shrunk or not.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The seed that found it.
    pub seed: u64,
    /// The generator line as given (ranges unresolved).
    pub generator: String,
    /// The concrete arguments drawn for this seed.
    pub args: String,
    /// The generated input.
    pub original: Vec<u8>,
    /// How the generated input was judged.
    pub original_judged: Judged,
    /// The shrunk counterexample (`None` when shrinking was off).
    pub shrunk: Option<Shrunk>,
}

impl Counterexample {
    /// The minimal input (the original when not shrunk).
    pub fn input(&self) -> &[u8] {
        self.shrunk.as_ref().map_or(&self.original, |s| &s.input)
    }

    /// How [`Counterexample::input`] is judged.
    pub fn judged(&self) -> &Judged {
        self.shrunk
            .as_ref()
            .map_or(&self.original_judged, |s| &s.judged)
    }

    /// The generator line that makes the original test: `NAME args` with this seed's values.
    pub fn concrete_line(&self) -> String {
        let name = self.generator.split_whitespace().next().unwrap_or("");
        if self.args.is_empty() {
            name.to_string()
        } else {
            format!("{name} {}", self.args)
        }
    }

    /// The report: seed and generator line, sizes, the minimal input, the submission's output
    /// next to the jury answer, and the checker's message. An input of more than
    /// [`INPUT_SHOWN_BYTES`] is cut there with a note: where the whole input is when
    /// `whole_at` says, else that `--json` and `--save` give it whole.
    pub fn render(&self, problem: &dyn Problem, whole_at: Option<&std::path::Path>) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "counterexample: seed {} of `{}` (this seed: `{} --seed {}`)",
            self.seed,
            self.generator,
            self.concrete_line(),
            self.seed
        );
        let j = self.judged();
        let class = j.class().map_or("?", FailureClass::name);
        match &self.shrunk {
            Some(sh) => {
                if let Some((l, steps, runs)) = &sh.line {
                    let _ = writeln!(
                        s,
                        "generator line shrunk in {steps} steps ({runs} lines judged) to `{l} \
                         --seed {}`",
                        self.seed
                    );
                }
                let _ = writeln!(
                    s,
                    "found {} with {}; shrunk in {} steps ({} runs) to {} with {} [class {class}]",
                    self.original_judged.verdict,
                    size_of(problem, &self.original),
                    sh.steps,
                    sh.runs,
                    size_of(problem, &sh.input),
                    j.verdict
                );
            }
            None => {
                let _ = writeln!(s, "{} [class {class}] (not shrunk)", j.verdict);
            }
        }
        let _ = writeln!(s, "checker: {}: {}", j.verdict, j.message);
        let _ = writeln!(s, "--- input");
        let input = self.input();
        let shown = &input[..input.len().min(INPUT_SHOWN_BYTES)];
        s.push_str(&String::from_utf8_lossy(shown));
        if !s.ends_with('\n') {
            s.push('\n');
        }
        if shown.len() < input.len() {
            let _ = writeln!(
                s,
                "... ({} more bytes of {}; {})",
                input.len() - shown.len(),
                input.len(),
                match whole_at {
                    Some(p) => format!("the whole input is in {}", p.display()),
                    None => "--json or --save give it whole".to_string(),
                }
            );
        }
        if is_interactive(problem) {
            s.push_str(&exchange(&j.output));
        } else {
            s.push_str(&side_by_side(&j.output, &j.answer, j.verdict));
        }
        s
    }
}

/// Whether `problem` is interactive or multi-pass (its judged "output" is then the
/// transcript of the exchange).
fn is_interactive(problem: &dyn Problem) -> bool {
    ProblemConfig::load(problem, None)
        .is_ok_and(|c| c.interaction.interactive || c.interaction.multi_pass)
}

/// The transcript of an interactive counterexample (at most 60 lines).
fn exchange(transcript: &[u8]) -> String {
    const LINES: usize = 60;
    let text = String::from_utf8_lossy(transcript);
    let lines: Vec<&str> = text.lines().collect();
    let mut s = String::from("--- exchange (< read by the submission, > written by it)\n");
    for l in lines.iter().take(LINES) {
        s.push_str(l);
        s.push('\n');
    }
    if lines.len() > LINES {
        s.push_str(&format!(
            "... ({} more lines; --json gives them)\n",
            lines.len() - LINES
        ));
    }
    s
}

impl Counterexample {
    /// The counterexample as JSON: `seed`, `generator` (as given), `generator_line` (this
    /// seed's concrete line), `found` (the generated test: `verdict`, `class`, `size`,
    /// `input`), `shrink` (`steps` kept and `candidates` judged, `null` when not shrunk), then
    /// the minimal test: `input`, `size`, `verdict`, `class`, `checker` (the checker's or the
    /// runner's message), `output` (the submission's output, or for an interactive problem
    /// the transcript of the exchange, at most [`crate::judge::subject::OUTPUT_HEAD_BYTES`]
    /// bytes, lossy UTF-8) and `answer` (the jury answer).
    pub fn to_json(&self, problem: &dyn Problem) -> serde_json::Value {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let class = |j: &Judged| j.class().map(FailureClass::id);
        let j = self.judged();
        serde_json::json!({
            "seed": self.seed,
            "generator": self.generator,
            "generator_line": self.concrete_line(),
            "found": {
                "verdict": self.original_judged.verdict.to_string(),
                "class": class(&self.original_judged),
                "size": size_of(problem, &self.original),
                "input": text(&self.original),
            },
            "shrink": self.shrunk.as_ref().map(|sh| serde_json::json!({
                "steps": sh.steps,
                "candidates": sh.runs,
                "line": sh.line.as_ref().map(|(l, steps, runs)| serde_json::json!({
                    "line": l,
                    "steps": steps,
                    "candidates": runs,
                })),
            })),
            "input": text(self.input()),
            "size": size_of(problem, self.input()),
            "verdict": j.verdict.to_string(),
            "class": class(j),
            "checker": j.message,
            "output": text(&j.output),
            "answer": text(&j.answer),
        })
    }
}

/// `NxM (C cells)` of a valid input, from the validator's summary.
fn size_of(problem: &dyn Problem, input: &[u8]) -> String {
    // The summary does not depend on bounds; read with the problem's own generous ones.
    let cfg = ProblemConfig::load(problem, None).ok();
    let bounds = cfg.map(|c| c.lifted).unwrap_or_default();
    problem
        .validate(input, &bounds, ValidateOptions::default())
        .map(|x| {
            if problem.positional_args() {
                format!("`{}` ({} bytes)", x.size, x.cells)
            } else {
                format!("{} ({} cells)", x.size, x.cells)
            }
        })
        .unwrap_or_else(|_| format!("{} bytes", input.len()))
}

/// The most bytes of a counterexample's input that [`Counterexample::render`] shows.
pub const INPUT_SHOWN_BYTES: usize = 4096;

/// The submission's output and the jury answer in two columns (at most 40 lines each, the
/// jury answer's lines cut at 100 characters).
fn side_by_side(output: &[u8], answer: &[u8], verdict: Verdict) -> String {
    const LINES: usize = 40;
    const WIDTH: usize = 30;
    let left: Vec<String> = if matches!(FailureClass::of(verdict), Some(FailureClass::Wrong)) {
        String::from_utf8_lossy(output)
            .lines()
            .map(str::to_string)
            .collect()
    } else {
        vec![format!("({verdict}: no output judged)")]
    };
    let right: Vec<String> = String::from_utf8_lossy(answer)
        .lines()
        .map(str::to_string)
        .collect();
    let mut s = format!("{:<WIDTH$} | jury answer\n", "--- submission output");
    let rows = left.len().max(right.len());
    for i in 0..rows.min(LINES) {
        let l: String = left
            .get(i)
            .map_or("", String::as_str)
            .chars()
            .take(WIDTH)
            .collect();
        let r = right.get(i).map_or("", String::as_str);
        let r = match r.char_indices().nth(100) {
            Some((cut, _)) => format!("{}...", &r[..cut]),
            None => r.to_string(),
        };
        let mark = if left.get(i) == right.get(i) {
            ' '
        } else {
            '*'
        };
        let _ = writeln!(s, "{l:<WIDTH$} {mark} {r}");
    }
    if rows > LINES {
        let _ = writeln!(s, "... ({} more lines)", rows - LINES);
    }
    s
}

/// What happened to one seed.
enum SeedResult {
    Passed,
    Skipped(String),
    Failed(Box<Counterexample>),
}

/// What [`stress`] found.
#[derive(Clone, Debug)]
pub struct StressReport {
    /// Seeds tested (including those of the last batch after the stopping failure, and the
    /// skipped ones).
    pub tested: u64,
    /// Seeds skipped because the generator rejected the values drawn from the ranges of the
    /// generator line (e.g. a `bunny` board of fewer than 3 cells), and the first such
    /// seed with the generator's message.
    pub skipped: u64,
    /// The first skipped seed and why.
    pub first_skip: Option<(u64, String)>,
    /// Wall-clock time of the search (without shrinking).
    pub search_time: Duration,
    /// Failures in seed order, at most `keep`.
    pub failures: Vec<Counterexample>,
}

impl StressReport {
    /// The report as JSON, for `gridjudge stress --json`: `problem`, `submission` (its name),
    /// `generator` (as given), `seeds` (`{"first", "last"}` or `{"first", "time_ms"}`),
    /// `tested` (seeds tried), `skipped`, `first_skip` (`{"seed", "reason"}` or `null`),
    /// `search_seconds` (without shrinking) and `failures` ([`Counterexample::to_json`], in
    /// seed order).
    pub fn to_json(
        &self,
        problem: &dyn Problem,
        submission: &str,
        opts: &StressOptions,
    ) -> serde_json::Value {
        let seeds = match opts.seeds {
            SeedPlan::Range { first, last } => serde_json::json!({ "first": first, "last": last }),
            SeedPlan::Time { first, limit } => {
                serde_json::json!({ "first": first, "time_ms": limit.as_millis() as u64 })
            }
        };
        serde_json::json!({
            "problem": problem.name(),
            "submission": submission,
            "generator": opts.generator.to_string(),
            "seeds": seeds,
            "tested": self.tested,
            "skipped": self.skipped,
            "first_skip": self.first_skip.as_ref().map(|(seed, why)| {
                serde_json::json!({ "seed": seed, "reason": why })
            }),
            "search_seconds": self.search_time.as_secs_f64(),
            "failures": self.failures.iter().map(|c| c.to_json(problem)).collect::<Vec<_>>(),
        })
    }
}

/// Runs the stress loop (see the module documentation) and shrinks each failure kept.
///
/// A seed whose drawn values the generator rejects is skipped (and counted) when the line has
/// ranges; without ranges that is an error.
///
/// Errors: the generator line is invalid (every seed skipped, or an error without ranges), a
/// generated input does not validate under the constraints (a generator bug), the reference
/// or the checker fails, a run fails for the judge's own reasons, or the worker threads
/// cannot start.
pub fn stress(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    opts: &StressOptions,
) -> anyhow::Result<StressReport> {
    stress_with_memo(problem, config, subject, opts, None)
}

/// What a seed of one generator line gives before any submission runs: its generated,
/// validated input and the reference's answer, or the reason the generator rejected the
/// drawn values.
#[derive(Clone, Debug)]
enum SeedTest {
    Skipped(String),
    Ready {
        args: String,
        input: Vec<u8>,
        answer: Vec<u8>,
    },
}

/// The tests of one generator line's seeds, kept across several stress runs of different
/// submissions on the same line and seeds ([`stress_with_memo`]): each seed is generated,
/// validated and solved by the reference once, however many submissions are stressed on it
/// (`gridjudge mutants` stresses every survivor on seeds 1..=N). Memory: one input and one
/// jury answer per seed tried. Safe to share between threads.
#[derive(Debug, Default)]
pub struct SeedMemo {
    line: std::sync::Mutex<Option<String>>,
    seeds: std::sync::Mutex<std::collections::HashMap<u64, SeedTest>>,
}

impl SeedMemo {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many seeds' tests it holds.
    pub fn len(&self) -> usize {
        self.seeds.lock().map(|s| s.len()).unwrap_or(0)
    }

    /// Whether it holds no seed's test.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn get(&self, seed: u64) -> Option<SeedTest> {
        self.seeds.lock().ok()?.get(&seed).cloned()
    }

    fn put(&self, seed: u64, test: SeedTest) {
        if let Ok(mut s) = self.seeds.lock() {
            s.insert(seed, test);
        }
    }
}

/// [`stress`] with the seeds' tests taken from, and added to, `memo` when given: the report is
/// the same as without it (a seed's test depends only on the line and the seed), but the
/// generator, the validator and the reference run once per seed across all the runs that
/// share the memo.
///
/// Errors: those of [`stress`]; a memo already used with another generator line.
pub fn stress_with_memo(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    opts: &StressOptions,
    memo: Option<&SeedMemo>,
) -> anyhow::Result<StressReport> {
    if let Some(m) = memo {
        let mut line = m
            .line
            .lock()
            .map_err(|_| anyhow::anyhow!("the seed memo was poisoned by a panic"))?;
        let this = opts.generator.to_string();
        match line.as_deref() {
            Some(l) if l != this => {
                bail!("a seed memo of generator `{l}` cannot serve generator `{this}`")
            }
            _ => *line = Some(this),
        }
    }
    let jobs = opts.jobs.max(1);
    let keep = opts.keep.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start worker threads")?;
    let start = Instant::now();
    let (first, last, deadline) = match opts.seeds {
        SeedPlan::Range { first, last } => (first, last, None),
        SeedPlan::Time { first, limit } => (first, u64::MAX, Some(limit)),
    };
    let bar = match opts.seeds {
        SeedPlan::Range { first, last } => {
            crate::core::progress::bar((last - first).saturating_add(1), "seeds", opts.progress)
        }
        SeedPlan::Time { .. } => crate::core::progress::spinner("seeds", opts.progress),
    };
    let batch = SEEDS_PER_WORKER * jobs as u64;
    let line = &opts.generator;
    let mut tested = 0;
    let mut failures: Vec<Counterexample> = Vec::new();
    let mut next = first;
    let mut skipped = 0;
    let mut first_skip = None;
    let seed_test = |seed: u64| -> anyhow::Result<SeedTest> {
        if let Some(t) = memo.and_then(|m| m.get(seed)) {
            return Ok(t);
        }
        let (args, input) = match line.test(problem, seed) {
            Ok(t) => t,
            Err(e) if line.args.has_ranges() => return Ok(SeedTest::Skipped(e.0)),
            Err(e) => bail!("generator `{line}`, seed {seed}: {e}"),
        };
        if let Err(e) = problem.validate(&input, &config.constraints, ValidateOptions::default()) {
            bail!("generator `{line}`, seed {seed}: the test does not validate under the constraints: {e}");
        }
        let answer = problem
            .solve(&input, &config.constraints)
            .context("the reference solution failed")
            .with_context(|| format!("generator `{line}`, seed {seed}"))?;
        let t = SeedTest::Ready {
            args: args.canonical(),
            input,
            answer,
        };
        if let Some(m) = memo {
            m.put(seed, t.clone());
        }
        Ok(t)
    };
    let one_seed = |seed: u64| -> anyhow::Result<SeedResult> {
        let (args, input, answer) = match seed_test(seed)? {
            SeedTest::Skipped(why) => return Ok(SeedResult::Skipped(why)),
            SeedTest::Ready {
                args,
                input,
                answer,
            } => (args, input, answer),
        };
        let j = judge_with_answer(problem, config, subject, &input, answer)
            .with_context(|| format!("generator `{line}`, seed {seed}"))?;
        Ok(match j.class() {
            None => SeedResult::Passed,
            Some(_) => SeedResult::Failed(Box::new(Counterexample {
                seed,
                generator: line.to_string(),
                args,
                original: input,
                original_judged: j,
                shrunk: None,
            })),
        })
    };
    'outer: while next <= last {
        if deadline.is_some_and(|d| start.elapsed() >= d) {
            break;
        }
        let end = next.saturating_add(batch - 1).min(last);
        let results: Vec<anyhow::Result<SeedResult>> = pool.install(|| {
            (next..=end)
                .into_par_iter()
                .map(|seed| {
                    let r = one_seed(seed);
                    bar.inc(1);
                    r
                })
                .collect()
        });
        tested += end - next + 1;
        for (seed, r) in (next..=end).zip(results) {
            match r? {
                SeedResult::Passed => {}
                SeedResult::Skipped(why) => {
                    skipped += 1;
                    first_skip.get_or_insert((seed, why));
                }
                SeedResult::Failed(c) => {
                    failures.push(*c);
                    if failures.len() >= keep {
                        break 'outer;
                    }
                }
            }
        }
        if end == u64::MAX {
            break;
        }
        next = end + 1;
    }
    let search_time = start.elapsed();
    if tested > 0 && skipped == tested {
        let (seed, why) = first_skip.unwrap_or_default();
        bail!("generator `{line}`: every seed was rejected, e.g. seed {seed}: {why}");
    }
    if opts.shrink {
        for c in &mut failures {
            bar.set_message(format!("shrinking seed {}", c.seed));
            let name = line.name.clone();
            let args = crate::problem::parse_args(
                problem,
                &c.args.split_whitespace().collect::<Vec<_>>(),
            )?;
            let sh = pool.install(|| {
                shrink_failure(
                    problem,
                    config,
                    subject,
                    Some((&name, &args, c.seed)),
                    &c.original,
                    c.original_judged.clone(),
                    jobs,
                )
            })?;
            c.shrunk = Some(sh);
        }
    }
    bar.finish_and_clear();
    Ok(StressReport {
        tested,
        skipped,
        first_skip,
        search_time,
        failures,
    })
}

/// One shard of a stress run over a seed range (`gridjudge stress --seeds A..B --shard I/N`):
/// the seeds of [`Shard::seed_range`], run without shrinking, as its shard file holds them.
/// [`merge_stress`] takes the shards back.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct StressShard {
    /// Always `stress` (how `gridjudge merge` tells the files apart).
    pub command: String,
    /// Problem name.
    pub problem: String,
    /// The submission and how it ran, for the merge to run it again.
    #[serde(flatten)]
    pub subject: ShardSubject,
    /// The generator line, as [`GeneratorLine`] prints it.
    pub generator: String,
    /// The whole seed range, inclusive.
    pub seeds: (u64, u64),
    /// Which part of it this is.
    pub shard: Shard,
    /// Failures kept per shard (and after the merge).
    pub keep: usize,
    /// Seeds tried, skipped (drawn values the generator refused), the first skip.
    pub tested: u64,
    /// Seeds skipped.
    pub skipped: u64,
    /// The first skipped seed and why.
    pub first_skip: Option<(u64, String)>,
    /// The failing seeds found, in order (at most `keep`).
    pub failing_seeds: Vec<u64>,
    /// Wall-clock seconds of the shard's search.
    pub search_seconds: f64,
    /// Where the shard ran.
    pub host: crate::core::shard::Host,
}

/// The submission of a [`StressShard`] and how it ran, so that the merge runs it the same way.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShardSubject {
    /// The submission as the merge finds it again (a path made absolute, or a command line).
    pub submission: String,
    /// The limits of the runs.
    pub limits: crate::exec::runner::RunLimits,
    /// Whether the runs were sandboxed.
    pub sandbox: bool,
}

/// Runs shard `shard` of `opts` (whose seeds must be a [`SeedPlan::Range`]) without
/// shrinking, for its shard file; `recorded` is the subject as the merge will run it.
///
/// Errors: a seed plan that is not a range; those of [`stress`].
pub fn stress_shard(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    opts: &StressOptions,
    shard: Shard,
    recorded: ShardSubject,
) -> anyhow::Result<StressShard> {
    let SeedPlan::Range { first, last } = opts.seeds else {
        bail!("--shard cuts a fixed set of seeds: give --seeds A..B, not --time");
    };
    let mut doc = StressShard {
        command: "stress".to_string(),
        problem: problem.name().to_string(),
        subject: recorded,
        generator: opts.generator.to_string(),
        seeds: (first, last),
        shard,
        keep: opts.keep.max(1),
        tested: 0,
        skipped: 0,
        first_skip: None,
        failing_seeds: Vec::new(),
        search_seconds: 0.0,
        host: crate::core::shard::host(),
    };
    if let Some((a, b)) = shard.seed_range(first, last) {
        let part = StressOptions {
            seeds: SeedPlan::Range { first: a, last: b },
            shrink: false,
            ..opts.clone()
        };
        let r = stress(problem, config, subject, &part)?;
        doc.tested = r.tested;
        doc.skipped = r.skipped;
        doc.first_skip = r.first_skip;
        doc.failing_seeds = r.failures.iter().map(|c| c.seed).collect();
        doc.search_seconds = r.search_time.as_secs_f64();
    }
    Ok(doc)
}

/// The stress report of the whole seed range from every shard's [`StressShard`] (`files`
/// names them, in the same order): the `keep` smallest failing seeds of all the shards, each
/// judged again and shrunk once here (when `opts.shrink`), so the counterexamples are those
/// of one run on this machine. `tested` and `skipped` are the shards' sums (a single run stops
/// after the batch of its last kept failure, so it may count fewer); `search_time` is the
/// slowest shard's.
///
/// Errors: the shards differ (problem, submission, generator, range, keep, limits), a shard
/// is missing or repeated, a failing seed passes when judged again (the submission is not
/// deterministic), or stress fails.
pub fn merge_stress(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    shards: &[StressShard],
    files: &[String],
    opts: &StressOptions,
) -> anyhow::Result<StressReport> {
    use crate::core::shard::{check_complete, same_as_first};
    let Some(first) = shards.first() else {
        bail!("no shard to merge");
    };
    let same = |k: usize, what: &str, ok: bool| {
        same_as_first(files, k, what, ok).map_err(anyhow::Error::msg)
    };
    for (k, sh) in shards.iter().enumerate() {
        same(k, "problem", sh.problem == first.problem)?;
        same(k, "submission or its limits", sh.subject == first.subject)?;
        same(k, "generator line", sh.generator == first.generator)?;
        same(k, "seed range", sh.seeds == first.seeds)?;
        same(k, "keep", sh.keep == first.keep)?;
    }
    let indices: Vec<Shard> = shards.iter().map(|s| s.shard).collect();
    check_complete(
        &indices,
        files,
        &format!("the stress of {}", first.subject.submission),
    )
    .map_err(anyhow::Error::msg)?;
    let mut failing: Vec<u64> = shards
        .iter()
        .flat_map(|s| s.failing_seeds.iter().copied())
        .collect();
    failing.sort_unstable();
    failing.dedup();
    failing.truncate(first.keep.max(1));
    let mut failures = Vec::new();
    for seed in failing {
        let one = StressOptions {
            seeds: SeedPlan::Range {
                first: seed,
                last: seed,
            },
            keep: 1,
            ..opts.clone()
        };
        let mut r = stress(problem, config, subject, &one)?;
        let Some(c) = r.failures.pop() else {
            bail!(
                "seed {seed} failed in its shard but passes when judged again here: {} does not give the same verdict twice",
                first.subject.submission
            );
        };
        failures.push(c);
    }
    Ok(StressReport {
        tested: shards.iter().map(|s| s.tested).sum(),
        skipped: shards.iter().map(|s| s.skipped).sum(),
        first_skip: shards
            .iter()
            .filter_map(|s| s.first_skip.clone())
            .min_by_key(|(seed, _)| *seed),
        search_time: Duration::from_secs_f64(
            shards
                .iter()
                .map(|s| s.search_seconds)
                .fold(0.0, f64::max)
                .max(0.0),
        ),
        failures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_plans_parse() {
        assert_eq!(
            SeedPlan::parse_range("3..9").unwrap(),
            SeedPlan::Range { first: 3, last: 9 }
        );
        assert!(SeedPlan::parse_range("9..3").is_err());
        assert!(SeedPlan::parse_range("x..3").is_err());
        assert!(SeedPlan::parse_range("7").is_err());
        assert_eq!(
            SeedPlan::parse_time("2m").unwrap(),
            SeedPlan::Time {
                first: 1,
                limit: Duration::from_secs(120)
            }
        );
        assert_eq!(
            SeedPlan::parse_time("250ms").unwrap(),
            SeedPlan::Time {
                first: 1,
                limit: Duration::from_millis(250)
            }
        );
        assert!(SeedPlan::parse_time("soon").is_err());
        assert!(SeedPlan::parse_time("5h").is_err());
    }
}
