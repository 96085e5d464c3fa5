//! Stress testing with shrinking: generate tests from consecutive seeds, run a submission,
//! compare with the reference solution through the checker, stop at the first failure, and
//! shrink the failing input to a locally minimal counterexample.
//!
//! # The flow of one seed
//! generator line (ranges allowed, resolved per seed by [`crate::core::args::resolve_ranges`]) →
//! [`generate_test`] → validate under the constraints → reference answer ([`Problem::solve`],
//! in process) → the submission ([`Subject`]) → [`Problem::check`]. The only things this
//! module knows about a problem are the [`Problem`] trait's methods.
//!
//! # Verdict classes
//! Shrinking keeps a candidate only if it fails with the same [`FailureClass`] as the test
//! that was found: WA and PE together ("wrong": a PE is a wrong output that happens not to
//! parse, and the same bug often shows either way), TLE, RE and MLE together ("crash": a
//! crash that comes from running out of memory, or the stack, is often classified either
//! way depending on where the allocation fails), and OLE. A checker FAIL is never a
//! submission's failure: it means the jury's files are broken, and stress stops with an error.
//!
//! # Shrinking
//! Greedy first improvement: ask [`Problem::shrink_candidates`] for the single-step reductions
//! of the current input (smallest first), skip those the validator rejects under the
//! constraints, run the rest in order and keep the first that still fails in the same class;
//! repeat until none does. The result is locally minimal by construction: no single step keeps
//! it failing. With `jobs > 1` candidates are run in chunks of `jobs` and the first failing
//! one *in candidate order* is kept, so the result does not depend on `jobs`.
//!
//! # Determinism
//! Seeds are run in batches (several seeds per worker); every seed of a batch is finished
//! before failures are picked, and failures are reported in seed order, so the counterexample
//! (the smallest failing seed, or the `keep` smallest) and its shrunk form depend only on the
//! seed range and the submission, not on `jobs` — provided the submission itself is
//! deterministic, and for TLE, far from the limit.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use rayon::prelude::*;
use sha2::{Digest, Sha256};

use crate::core::args::{resolve_ranges, ArgError, Args};
use crate::core::verdict::Verdict;
use crate::exec::compile::{prepare, Prepared, Submission};
use crate::exec::runner::{self, RunLimits, RunSpec};
use crate::exec::sandbox::{Session, TrackedDir};
use crate::problem::{generate_test, Problem, ProblemConfig, ValidateOptions};

/// How many seeds each worker gets per batch: large enough to keep the workers busy, small
/// enough that little work is wasted after the first failure.
const SEEDS_PER_WORKER: u64 = 4;

/// How many bytes of a submission's output a report keeps.
pub const OUTPUT_HEAD_BYTES: usize = 4096;

/// The class of a failing verdict; shrinking keeps a candidate only within the same class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailureClass {
    /// WA or PE.
    Wrong,
    /// TLE.
    TimeLimit,
    /// RE or MLE.
    Crash,
    /// OLE.
    OutputLimit,
}

impl FailureClass {
    /// The class of `v`; `None` for AC and FAIL (FAIL is the jury's failure, not the
    /// submission's).
    pub fn of(v: Verdict) -> Option<FailureClass> {
        match v {
            Verdict::Wa | Verdict::Pe => Some(FailureClass::Wrong),
            Verdict::Tle => Some(FailureClass::TimeLimit),
            Verdict::Re | Verdict::Mle => Some(FailureClass::Crash),
            Verdict::Ole => Some(FailureClass::OutputLimit),
            Verdict::Ac | Verdict::Fail => None,
        }
    }

    /// A one-word identifier, as in `stress --json`: `wrong`, `time`, `crash`, `output`.
    pub fn id(self) -> &'static str {
        match self {
            FailureClass::Wrong => "wrong",
            FailureClass::TimeLimit => "time",
            FailureClass::Crash => "crash",
            FailureClass::OutputLimit => "output",
        }
    }

    /// The name shown in reports, with its verdicts: `wrong (WA/PE)`, `time (TLE)`,
    /// `crash (RE/MLE)`, `output (OLE)`.
    pub fn name(self) -> &'static str {
        match self {
            FailureClass::Wrong => "wrong (WA/PE)",
            FailureClass::TimeLimit => "time (TLE)",
            FailureClass::Crash => "crash (RE/MLE)",
            FailureClass::OutputLimit => "output (OLE)",
        }
    }
}

/// What a submission did with one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunOutput {
    /// It finished cleanly with this output; the checker decides.
    Output(Vec<u8>),
    /// It broke a limit or crashed: TLE, MLE, OLE or RE, with what the runner saw.
    Stopped {
        /// The verdict.
        verdict: Verdict,
        /// One line.
        message: String,
    },
}

/// Something that answers inputs: a program run under limits ([`ProcessSubject`]) or an
/// in-process function ([`FnSubject`], for tests and benchmarks).
pub trait Subject: Sync {
    /// Runs on `input`. Errors only for the judge's own failures (a temporary file cannot be
    /// written, the program cannot be started).
    fn run(&self, input: &[u8]) -> anyhow::Result<RunOutput>;
}

/// A prepared (compiled) submission, run once per input under limits by [`crate::exec::runner`].
#[derive(Clone, Debug)]
pub struct ProcessSubject {
    argv: Vec<OsString>,
    limits: RunLimits,
    session: Option<Arc<Session>>,
    isolation: String,
}

impl ProcessSubject {
    /// Prepares `sub` through the compile cache in `cache_dir` ([`crate::exec::compile::prepare`],
    /// which shows a compile as a spinner when `progress`, else as a plain line on stderr), to
    /// run in the sandbox when `sandboxed` (else unconfined, `--no-sandbox`). Errors on a
    /// compile error (with the compiler's message), an unreadable source, or a sandbox that is
    /// wanted but unavailable.
    pub fn prepare(
        sub: &Submission,
        cache_dir: &Path,
        limits: RunLimits,
        sandboxed: bool,
        progress: bool,
    ) -> anyhow::Result<ProcessSubject> {
        let (session, isolation) = crate::exec::compile::session(sandboxed)?;
        match prepare(sub, cache_dir, progress)? {
            Prepared::Ready(argv) => Ok(ProcessSubject {
                argv,
                limits,
                session,
                isolation,
            }),
            Prepared::CompileError(e) => bail!("{}: compile error:\n{e}", sub.name),
        }
    }

    /// How the program runs, for reports: the sandbox's description or
    /// [`crate::exec::compile::NO_SANDBOX`].
    pub fn isolation(&self) -> &str {
        &self.isolation
    }
}

impl Subject for ProcessSubject {
    fn run(&self, input: &[u8]) -> anyhow::Result<RunOutput> {
        let dir = TrackedDir::new("gridjudge-stress-")?;
        let stdin = dir.path().join("input");
        std::fs::write(&stdin, input).context("cannot write the input file")?;
        let stdout = dir.path().join("stdout");
        let spec = RunSpec {
            argv: self.argv.clone(),
            stdin,
            stdout: stdout.clone(),
            stderr: None,
            limits: self.limits,
            work_parent: Some(dir.path().to_path_buf()),
            sandbox: self.session.clone(),
        };
        let r = runner::run(&spec)?;
        Ok(match crate::judge::stopped_verdict(&r, &self.limits) {
            Some((verdict, message)) => RunOutput::Stopped { verdict, message },
            None => RunOutput::Output(std::fs::read(&stdout).context("cannot read the output")?),
        })
    }
}

/// An in-process submission: a function from input bytes to output bytes (it always
/// finishes cleanly). For tests and for measuring the stress loop without processes.
pub struct FnSubject<F>(pub F);

impl<F: Fn(&[u8]) -> Vec<u8> + Sync> Subject for FnSubject<F> {
    fn run(&self, input: &[u8]) -> anyhow::Result<RunOutput> {
        Ok(RunOutput::Output((self.0)(input)))
    }
}

/// The result of judging one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The verdict (never FAIL: that is an error).
    pub verdict: Verdict,
    /// The checker's message, or what the runner saw.
    pub message: String,
    /// The first [`OUTPUT_HEAD_BYTES`] bytes of the submission's output (empty when it was
    /// stopped).
    pub output: Vec<u8>,
    /// The reference solution's answer.
    pub answer: Vec<u8>,
}

impl Judged {
    /// The failure class, `None` for AC.
    pub fn class(&self) -> Option<FailureClass> {
        FailureClass::of(self.verdict)
    }
}

/// Judges `subject` on a valid `input`: reference answer (under the constraints), run, check.
/// Errors when the input does not validate, the reference fails, the run fails for the
/// judge's own reasons, or the checker answers FAIL (the jury's files are broken).
pub fn judge_input(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    input: &[u8],
) -> anyhow::Result<Judged> {
    let answer = problem
        .solve(input, &config.constraints)
        .context("the reference solution failed")?;
    match subject.run(input)? {
        RunOutput::Output(out) => {
            let o = problem.check(input, &mut out.as_slice(), &answer, config);
            if o.verdict == Verdict::Fail {
                bail!(
                    "the checker answered FAIL (jury files broken): {}",
                    o.message
                );
            }
            let mut output = out;
            output.truncate(OUTPUT_HEAD_BYTES);
            Ok(Judged {
                verdict: o.verdict,
                message: o.message,
                output,
                answer,
            })
        }
        RunOutput::Stopped { verdict, message } => Ok(Judged {
            verdict,
            message,
            output: Vec::new(),
            answer,
        }),
    }
}

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
        resolve_ranges(problem.name(), info.name, &args, 0)?;
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
        let args = resolve_ranges(problem.name(), &self.name, &self.args, seed)?;
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

/// The result of [`shrink`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The locally minimal input.
    pub input: Vec<u8>,
    /// How it is judged.
    pub judged: Judged,
    /// Steps taken (candidates kept).
    pub steps: usize,
    /// Candidates judged (validated ones only), counted as with one job: candidates after the
    /// kept one, run ahead by other jobs, do not count, so the number does not depend on
    /// `jobs`.
    pub runs: usize,
    /// When the generator line was shrunk first ([`shrink_line`]): the concrete arguments of
    /// the smallest line that still failed, the steps kept and the lines judged.
    pub line: Option<(String, usize, usize)>,
}

/// Shrinks `input`, which fails with `judged` (not AC), to a locally minimal input failing in
/// the same [`FailureClass`] (see the module documentation). Runs up to `jobs` candidates at
/// once; the result does not depend on `jobs`.
///
/// Cost: each step asks for the candidates and runs them until one fails; at most (number of
/// steps + 1) × (candidates per step) runs. Errors as [`judge_input`].
pub fn shrink(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    input: &[u8],
    judged: Judged,
    jobs: usize,
) -> anyhow::Result<Shrunk> {
    let class = judged
        .class()
        .context("shrink: the input does not fail (AC)")?;
    let jobs = jobs.max(1);
    let mut cur = Shrunk {
        input: input.to_vec(),
        judged,
        steps: 0,
        runs: 0,
        line: None,
    };
    let valid = |c: &Vec<u8>| {
        problem
            .validate(c, &config.constraints, ValidateOptions::default())
            .is_ok()
    };
    loop {
        // Candidates are made and validated lazily, `jobs` valid ones at a time: a step stops
        // at the first that still fails, and a program problem's validator is a process.
        let mut cands = problem
            .shrink_candidates_iter(&cur.input)
            .filter(|c| valid(c));
        let mut found = None;
        loop {
            let chunk: Vec<Vec<u8>> = cands.by_ref().take(jobs).collect();
            if chunk.is_empty() {
                break;
            }
            let results: Vec<anyhow::Result<Judged>> = chunk
                .par_iter()
                .map(|c| judge_input(problem, config, subject, c))
                .collect();
            for (c, r) in chunk.iter().zip(results) {
                // Counted as one job would: runs after the kept candidate do not count.
                cur.runs += 1;
                let j = r?;
                if j.class() == Some(class) {
                    found = Some((c.clone(), j));
                    break;
                }
            }
            if found.is_some() {
                break;
            }
        }
        drop(cands);
        match found {
            Some((input, judged)) => {
                cur.input = input;
                cur.judged = judged;
                cur.steps += 1;
            }
            None => return Ok(cur),
        }
    }
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

/// A smaller generator line that still fails, found by [`shrink_line`].
#[derive(Clone, Debug)]
pub struct LineShrunk {
    /// The concrete arguments of the smallest failing line.
    pub args: Args,
    /// Its input (same seed).
    pub input: Vec<u8>,
    /// How that input is judged.
    pub judged: Judged,
    /// Steps kept.
    pub steps: usize,
    /// Lines judged.
    pub runs: usize,
}

/// Shrinks the generator line of a failing test before its input (program problems, whose
/// lines are positional words): tries [`crate::core::shrink_text::smaller_lines`] of `name args`
/// in order with the same `seed`, keeps the first whose test is valid and fails in the class
/// of `judged`, and repeats until none does. `None` when no smaller line fails. Lines the
/// generator refuses or whose tests do not validate are skipped.
///
/// Cost: at most (steps + 1) × (candidate lines) generator, validator and submission runs.
/// Errors: a submission that cannot be judged ([`judge_input`]).
pub fn shrink_line(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    name: &str,
    args: &Args,
    seed: u64,
    judged: &Judged,
) -> anyhow::Result<Option<LineShrunk>> {
    let Some(class) = judged.class() else {
        return Ok(None);
    };
    let Some(words) = args.words() else {
        return Ok(None);
    };
    let mut line: Vec<String> = std::iter::once(name.to_string())
        .chain(words.iter().cloned())
        .collect();
    let mut best: Option<LineShrunk> = None;
    let mut runs = 0;
    'step: loop {
        for cand in crate::core::shrink_text::smaller_lines(&line) {
            let a = Args::positional(&cand[1..]);
            let Ok(input) = generate_test(problem, name, &a, seed) else {
                continue;
            };
            if problem
                .validate(&input, &config.constraints, ValidateOptions::default())
                .is_err()
            {
                continue;
            }
            runs += 1;
            let j = judge_input(problem, config, subject, &input)?;
            if j.class() == Some(class) {
                let steps = best.as_ref().map_or(0, |b| b.steps) + 1;
                best = Some(LineShrunk {
                    args: a,
                    input,
                    judged: j,
                    steps,
                    runs,
                });
                line = cand;
                continue 'step;
            }
        }
        break;
    }
    Ok(best.map(|b| LineShrunk { runs, ..b }))
}

/// Shrinks a failing test: its generator line first when the problem's lines are positional
/// ([`shrink_line`]; `name`, `args` and `seed` make the test), then its input ([`shrink`]).
pub fn shrink_failure(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    line: Option<(&str, &Args, u64)>,
    input: &[u8],
    judged: Judged,
    jobs: usize,
) -> anyhow::Result<Shrunk> {
    let smaller = match line {
        Some((name, args, seed)) if problem.positional_args() => {
            shrink_line(problem, config, subject, name, args, seed, &judged)?
        }
        _ => None,
    };
    match smaller {
        Some(l) => {
            let mut sh = shrink(problem, config, subject, &l.input, l.judged, jobs)?;
            let name = line.map_or("", |l| l.0);
            sh.line = Some((format!("{name} {}", l.args), l.steps, l.runs));
            Ok(sh)
        }
        None => shrink(problem, config, subject, input, judged, jobs),
    }
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
    /// next to the jury answer, and the checker's message.
    pub fn render(&self, problem: &dyn Problem) -> String {
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
        s.push_str(&String::from_utf8_lossy(self.input()));
        if !s.ends_with('\n') {
            s.push('\n');
        }
        s.push_str(&side_by_side(&j.output, &j.answer, j.verdict));
        s
    }
}

impl Counterexample {
    /// The counterexample as JSON: `seed`, `generator` (as given), `generator_line` (this
    /// seed's concrete line), `found` (the generated test: `verdict`, `class`, `size`,
    /// `input`), `shrink` (`steps` kept and `candidates` judged, `null` when not shrunk), then
    /// the minimal test: `input`, `size`, `verdict`, `class`, `checker` (the checker's or the
    /// runner's message), `output` (the submission's output, at most [`OUTPUT_HEAD_BYTES`]
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

/// The submission's output and the jury answer in two columns (at most 40 lines each).
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
    let one_seed = |seed: u64| -> anyhow::Result<SeedResult> {
        let (args, input) = match line.test(problem, seed) {
            Ok(t) => t,
            Err(e) if line.args.has_ranges() => return Ok(SeedResult::Skipped(e.0)),
            Err(e) => bail!("generator `{line}`, seed {seed}: {e}"),
        };
        if let Err(e) = problem.validate(&input, &config.constraints, ValidateOptions::default()) {
            bail!("generator `{line}`, seed {seed}: the test does not validate under the constraints: {e}");
        }
        let j = judge_input(problem, config, subject, &input)
            .with_context(|| format!("generator `{line}`, seed {seed}"))?;
        Ok(match j.class() {
            None => SeedResult::Passed,
            Some(_) => SeedResult::Failed(Box::new(Counterexample {
                seed,
                generator: line.to_string(),
                args: args.canonical(),
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

/// What [`save_counterexample`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The file written, `<problem_dir>/hand/stress-<hash>.in`.
    pub path: PathBuf,
    /// The path written into the manifest, relative to the problem folder:
    /// `hand/stress-<hash>.in`.
    pub manifest_file: String,
    /// The test's number in the manifest (1-based; the entry appended last).
    pub number: usize,
}

/// An input that is already one of the problem's tests, or a hand file, found by
/// [`find_existing`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Manifest test `number` (1-based) has these bytes or this identity; `source` is its
    /// manifest source ([`crate::package::TestSpec::source`]).
    Test {
        /// 1-based position in the manifest.
        number: usize,
        /// `gen LINE seed=S` or `file PATH`.
        source: String,
    },
    /// A file in the problem's `hand/` folder with these bytes that no manifest entry names
    /// (relative to the problem folder).
    HandFile(String),
}

impl std::fmt::Display for Existing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Existing::Test { number, source } => {
                write!(f, "test {number} of manifest.toml (`{source}`)")
            }
            Existing::HandFile(rel) => {
                write!(f, "{rel}, a hand file that manifest.toml does not name")
            }
        }
    }
}

/// The manifest path of a saved input: `hand/stress-<first 12 hex digits of its SHA-256>.in`.
pub fn saved_name(input: &[u8]) -> String {
    let hash: String = Sha256::digest(input)
        .iter()
        .take(6)
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("hand/stress-{hash}.in")
}

/// Where `input` already is among the tests of the problem in `problem_dir`: a manifest test
/// with the same bytes (generated tests are generated again, files read) or the identity
/// `identity` (a `file` entry with that path), else a file in `hand/` with the same bytes.
/// `None` when it is new.
///
/// Cost: one generation per generated test of the manifest (milliseconds) and one read per
/// file. Errors: the manifest cannot be read or parsed, a generator line is invalid, or a file
/// it names cannot be read.
pub fn find_existing(
    problem: &dyn Problem,
    problem_dir: &Path,
    input: &[u8],
    identity: &str,
) -> anyhow::Result<Option<Existing>> {
    let manifest = crate::package::Manifest::load(&problem_dir.join("manifest.toml"))?;
    for (i, spec) in manifest.tests.iter().enumerate() {
        let what = || format!("manifest.toml test {} (`{}`)", i + 1, spec.source());
        let bytes = match (&spec.gen, &spec.file) {
            (Some(line), _) => {
                let words: Vec<&str> = line.split_whitespace().collect();
                let Some((gen, rest)) = words.split_first() else {
                    bail!("{}: empty generator line", what());
                };
                let args = crate::problem::parse_args(problem, rest).with_context(what)?;
                generate_test(problem, gen, &args, spec.seed.unwrap_or(0)).with_context(what)?
            }
            (None, Some(file)) => {
                if normal(file) == normal(identity) {
                    return Ok(Some(Existing::Test {
                        number: i + 1,
                        source: spec.source(),
                    }));
                }
                let path = problem_dir.join(file);
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?
            }
            (None, None) => continue,
        };
        if bytes == input {
            return Ok(Some(Existing::Test {
                number: i + 1,
                source: spec.source(),
            }));
        }
    }
    let hand = problem_dir.join("hand");
    if hand.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&hand)
            .with_context(|| format!("cannot read {}", hand.display()))?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .with_context(|| format!("cannot read {}", hand.display()))?;
        files.sort();
        for f in files {
            if f.is_file() && std::fs::read(&f).is_ok_and(|b| b == input) {
                let name = f.file_name().unwrap_or_default().to_string_lossy();
                return Ok(Some(Existing::HandFile(format!("hand/{name}"))));
            }
        }
    }
    Ok(None)
}

/// `path` without `./` components, for comparing manifest paths.
fn normal(path: &str) -> PathBuf {
    Path::new(path).components().collect()
}

/// Adds `input` to the problem `problem` in `problem_dir` as a hand test: writes
/// [`saved_name`] (`hand/stress-<hash>.in`, relative to the problem folder) atomically and
/// appends `[[test]] file = "hand/..."` (after a comment line `# stress: <note>`) to
/// `manifest.toml` as text, leaving the rest of the manifest untouched. The manifest only ever
/// gets this relative path, wherever the problem folder is.
///
/// Errors: the input is already a test or a hand file ([`find_existing`]; the message names
/// it, and nothing is written), the problem folder has no valid manifest, a file with that name
/// exists with other bytes (refused, not overwritten), or a write fails.
pub fn save_counterexample(
    problem: &dyn Problem,
    problem_dir: &Path,
    input: &[u8],
    note: &str,
) -> anyhow::Result<Saved> {
    let manifest = problem_dir.join("manifest.toml");
    let text = std::fs::read_to_string(&manifest)
        .with_context(|| format!("cannot read {}", manifest.display()))?;
    let rel = saved_name(input);
    if let Some(e) = find_existing(problem, problem_dir, input, &rel)? {
        bail!("not saved: the counterexample is already {e}");
    }
    let path = problem_dir.join(&rel);
    match std::fs::read(&path) {
        Ok(_) => bail!(
            "{} exists with different content: refusing to overwrite it",
            path.display()
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = problem_dir.join("hand");
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            crate::core::files::write_atomic(&path, input)?;
        }
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
    let number = crate::package::Manifest::load(&manifest)?.tests.len() + 1;
    let mut add = String::new();
    if !text.is_empty() && !text.ends_with('\n') {
        add.push('\n');
    }
    let _ = write!(
        add,
        "\n# stress: {}\n[[test]]\nfile = \"{rel}\"\n",
        crate::core::verdict::one_line(note)
    );
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&manifest)
        .with_context(|| format!("cannot open {}", manifest.display()))?;
    std::io::Write::write_all(&mut f, add.as_bytes())
        .with_context(|| format!("cannot append to {}", manifest.display()))?;
    Ok(Saved {
        path,
        manifest_file: rel,
        number,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_group_verdicts() {
        use FailureClass::*;
        assert_eq!(FailureClass::of(Verdict::Wa), Some(Wrong));
        assert_eq!(FailureClass::of(Verdict::Pe), Some(Wrong));
        assert_eq!(FailureClass::of(Verdict::Re), Some(Crash));
        assert_eq!(FailureClass::of(Verdict::Mle), Some(Crash));
        assert_eq!(FailureClass::of(Verdict::Tle), Some(TimeLimit));
        assert_eq!(FailureClass::of(Verdict::Ole), Some(OutputLimit));
        assert_eq!(FailureClass::of(Verdict::Ac), None);
        assert_eq!(FailureClass::of(Verdict::Fail), None);
    }

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
