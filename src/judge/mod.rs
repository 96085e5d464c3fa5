//! Judging submissions on a problem's tests: compile (cached), run every test under the
//! limits ([`crate::exec::runner`]), ask the problem's checker, and report a verdict table.
//!
//! A submission is a `.cpp` / `.cc` / `.cxx` file (compiled with `g++ -O2 -std=c++17`), a
//! `.rs` file (`rustc -O --edition 2021`), an executable file, or a command line (run with
//! `/bin/sh -c`, in the fresh working directory of each test, so paths in it must be absolute).
//! Compiled programs are cached by the SHA-256 of the compiler's version, the compile command
//! and the source, in a cache folder (one per user by default, see
//! [`crate::problems::default_cache_dir`]): a source is compiled once, however often it is
//! judged.
//!
//! The verdict of a test: the runner's classification (TLE, MLE, OLE, RE, see
//! [`crate::exec::runner`]), or, when the program finished cleanly, the checker's (AC, WA, PE; FAIL
//! when the jury's files are broken). The only thing this module knows about a problem is
//! [`Problem::check`].
//!
//! The files of the layer: this one (the verdict table of `judge`), [`run`] (the one run →
//! verdict step that `judge` and `stress` share), [`verify`] (the kill matrix), [`stress`]
//! (the seed loop, `--from-test`, counterexample reports), [`mutants`] (the mutation score:
//! mutants judged on the package, survivors stressed), [`subject`] (what stress runs and
//! how one input is judged), [`shrink`] (shrinking a failure), [`save`] (a counterexample
//! into the manifest) and [`slowest`] (the search for a submission's costliest input). No
//! file imports this one back except `verify`, which builds on [`judge`], and `mutants`,
//! which judges each test by the same step ([`JudgeOptions`]).

pub mod kattis;
pub mod mutants;
pub mod run;
pub mod save;
pub mod shrink;
pub mod slowest;
pub mod stress;
pub mod subject;
pub mod timelimit;
pub mod verify;

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context;
use rayon::prelude::*;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::core::shard::Shard;
use crate::core::verdict::Verdict;
use crate::exec::cleanup::TrackedDir;
use crate::exec::compile::{prepare, session, Prepared, Submission};
use crate::exec::runner::{self, RunLimits};
use crate::exec::sandbox::Enforcement;
use crate::package::TestCase;
use crate::problem::{Problem, ProblemConfig};
use crate::problems::program::ProgramProblem;
use run::{run_and_check, Program};

/// Options of [`judge`].
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    /// Limits of every run.
    pub limits: RunLimits,
    /// Runs at the same time (at least 1). Timings are less reliable above 1.
    pub jobs: usize,
    /// Draw a progress bar on stderr (meant for terminals).
    pub progress: bool,
    /// Compile cache folder.
    pub cache_dir: PathBuf,
    /// Run every program in the sandbox ([`crate::exec::sandbox`]); `false` is `--no-sandbox`.
    pub sandbox: bool,
}

/// A verdict as its short name (`AC`, `WA`, ...), for serde's `serialize_with`.
pub(crate) fn ser_verdict<S: Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.short())
}

/// A verdict from its short name, for serde's `deserialize_with`.
pub(crate) fn de_verdict<'de, D: Deserializer<'de>>(d: D) -> Result<Verdict, D::Error> {
    let s = String::deserialize(d)?;
    Verdict::from_short(&s)
        .ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a verdict (AC, WA, ...)")))
}

/// The result of one submission on one test.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TestResult {
    /// Test name.
    pub test: String,
    /// The verdict.
    #[serde(serialize_with = "ser_verdict", deserialize_with = "de_verdict")]
    pub verdict: Verdict,
    /// CPU time, milliseconds.
    pub time_ms: u64,
    /// Wall-clock time, milliseconds.
    pub wall_ms: u64,
    /// Peak resident memory, KiB.
    pub memory_kib: u64,
    /// The checker's message (AC / WA / PE / FAIL) or what the runner saw (TLE / MLE / OLE /
    /// RE), one line.
    pub message: String,
    /// What enforced the CPU, memory and task limits of the run
    /// ([`crate::exec::sandbox::Enforcement`]: `"cgroup v1"`, `"cgroup v2"`, `"per-process
    /// rlimits"`, `"unconfined rlimits"`); `null` when nothing ran (a judge error before).
    pub limits_by: Option<crate::exec::sandbox::Enforcement>,
    /// An interactive run's transcript (`<` what the submission read, `>` what it wrote,
    /// capped; [`run::JudgedRun::transcript`]); absent for a batch run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// A testlib-convention interactor's log when it accepted ([`run::JudgedRun::interactor_log`]).
    #[serde(skip)]
    pub interactor_log: Option<Vec<u8>>,
    /// The test's score from a scoring checker (a Kattis `score.txt`); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// The machine that ran it, when the run was a shard's (`--shard`,
    /// [`crate::core::shard::host`]); absent for a run on this machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<crate::core::shard::Host>,
}

/// The results of one submission.
#[derive(Clone, Debug, Serialize)]
pub struct SubmissionReport {
    /// The submission's name.
    pub name: String,
    /// Its language ([`Submission::language`]).
    pub language: &'static str,
    /// The compiler's message when it did not compile (then `tests` is empty).
    pub compile_error: Option<String>,
    /// One result per test, in test order.
    pub tests: Vec<TestResult>,
}

impl SubmissionReport {
    /// Whether it compiled and every test is AC.
    pub fn all_accepted(&self) -> bool {
        self.compile_error.is_none() && self.tests.iter().all(|t| t.verdict == Verdict::Ac)
    }

    /// The overall verdict as judges report it: the first non-AC verdict in test order, or AC;
    /// `None` after a compile error.
    pub fn overall(&self) -> Option<Verdict> {
        if self.compile_error.is_some() {
            return None;
        }
        Some(
            self.tests
                .iter()
                .map(|t| t.verdict)
                .find(|v| *v != Verdict::Ac)
                .unwrap_or(Verdict::Ac),
        )
    }

    /// One summary line, e.g.
    /// `sol.cpp: WA (first on test 07); 47 tests: AC 40, WA 7; max time 12 ms, max memory 3520 KiB`.
    pub fn summary(&self) -> String {
        if let Some(e) = &self.compile_error {
            let first = e.lines().next().unwrap_or("");
            return format!("{}: compile error ({first})", self.name);
        }
        let mut counts: Vec<(Verdict, usize)> = Vec::new();
        for t in &self.tests {
            match counts.iter_mut().find(|(v, _)| *v == t.verdict) {
                Some((_, n)) => *n += 1,
                None => counts.push((t.verdict, 1)),
            }
        }
        counts.sort();
        let counts: Vec<String> = counts.iter().map(|(v, n)| format!("{v} {n}")).collect();
        let overall = self.overall().unwrap_or(Verdict::Fail);
        let first = self
            .tests
            .iter()
            .find(|t| t.verdict != Verdict::Ac)
            .map(|t| format!(" (first on test {})", t.test))
            .unwrap_or_default();
        let max_ms = self.tests.iter().map(|t| t.time_ms).max().unwrap_or(0);
        let max_kib = self.tests.iter().map(|t| t.memory_kib).max().unwrap_or(0);
        format!(
            "{}: {overall}{first}; {} tests: {}; max time {max_ms} ms, max memory {max_kib} KiB",
            self.name,
            self.tests.len(),
            counts.join(", ")
        )
    }
}

/// Everything [`judge`] found.
#[derive(Clone, Debug, Serialize)]
pub struct JudgeReport {
    /// Problem name.
    pub problem: String,
    /// The limits used.
    pub limits: RunLimits,
    /// Runs at the same time.
    pub jobs: usize,
    /// How the programs ran: the sandbox's description ([`crate::exec::sandbox::Sandbox::describe`])
    /// or [`crate::exec::compile::NO_SANDBOX`].
    pub isolation: String,
    /// Test names, in order.
    pub tests: Vec<String>,
    /// One report per submission, in the order given.
    pub submissions: Vec<SubmissionReport>,
}

impl JudgeReport {
    /// Whether every submission compiled and got AC on every test.
    pub fn all_accepted(&self) -> bool {
        self.submissions.iter().all(SubmissionReport::all_accepted)
    }

    /// The report as pretty-printed JSON (the shape of the [`Serialize`] derive: `problem`,
    /// `limits`, `jobs`, `tests`, `submissions[]` with `name`, `language`, `compile_error`,
    /// `tests[]` of `test`, `verdict`, `time_ms`, `wall_ms`, `memory_kib`, `message`).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The human-readable table: per submission one line per test, then its summary line.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.isolation);
        let _ = writeln!(
            s,
            "problem {}: {} test(s); limits: CPU {} ms, wall {} ms, memory {} KiB, output {} bytes, stack {}, tasks {}",
            self.problem,
            self.tests.len(),
            self.limits.time_ms,
            self.limits.wall_ms,
            self.limits.memory_kib,
            self.limits.output_bytes,
            self.limits
                .stack_kib
                .map(|k| format!("{k} KiB"))
                .unwrap_or_else(|| "unlimited".into()),
            self.limits.tasks
        );
        for sub in &self.submissions {
            let _ = writeln!(s, "== {} ({})", sub.name, sub.language);
            if let Some(e) = &sub.compile_error {
                let _ = writeln!(s, "compile error:\n{e}");
            } else {
                let _ = writeln!(
                    s,
                    "{:<6} {:<7} {:>8} {:>8} {:>11}  message",
                    "test", "verdict", "cpu ms", "wall ms", "memory KiB"
                );
                for t in &sub.tests {
                    // The weaker modes say so on every line, not only in the header.
                    let weak = match t.limits_by {
                        Some(e @ (Enforcement::PerProcess | Enforcement::Unconfined)) => {
                            format!("  [{}]", e.name())
                        }
                        _ => String::new(),
                    };
                    let _ = writeln!(
                        s,
                        "{:<6} {:<7} {:>8} {:>8} {:>11}  {}{weak}",
                        t.test, t.verdict, t.time_ms, t.wall_ms, t.memory_kib, t.message
                    );
                }
            }
            let _ = writeln!(s, "{}", sub.summary());
        }
        if self.jobs > 1 {
            let _ = writeln!(
                s,
                "note: {} runs at a time; timings are less reliable than with -j 1",
                self.jobs
            );
        }
        let ok = self.submissions.iter().filter(|x| x.all_accepted()).count();
        let _ = writeln!(
            s,
            "summary: {ok} of {} submission(s) accepted on all {} test(s)",
            self.submissions.len(),
            self.tests.len()
        );
        s
    }
}

/// Runs one prepared program on one test and decides the verdict ([`run::run_and_check`]);
/// the judge's own failures are FAIL with a `judge error: ` message, and a run's stray
/// processes and task-limit hits are noted after the message.
pub(crate) fn judge_one(
    problem: &dyn Problem,
    config: &ProblemConfig,
    program: Program<'_>,
    test: &TestCase,
) -> TestResult {
    let result = |verdict, r: Option<&runner::RunResult>, message: String| TestResult {
        test: test.name.clone(),
        verdict,
        time_ms: r.map_or(0, |r| r.cpu_ms),
        wall_ms: r.map_or(0, |r| r.wall_ms),
        memory_kib: r.map_or(0, |r| r.peak_kib),
        message,
        limits_by: r.map(|r| r.limits_by),
        transcript: None,
        interactor_log: None,
        score: None,
        host: None,
    };
    let fail = |what: String| result(Verdict::Fail, None, what);
    let input = match std::fs::read(&test.input) {
        Ok(b) => b,
        Err(e) => {
            return fail(format!(
                "judge error: cannot read {}: {e}",
                test.input.display()
            ))
        }
    };
    let answer = match std::fs::read(&test.answer) {
        Ok(b) => b,
        Err(e) => {
            return fail(format!(
                "judge error: cannot read {}: {e}",
                test.answer.display()
            ))
        }
    };
    let dir = match TrackedDir::new("gridjudge-out-") {
        Ok(d) => d,
        Err(e) => return fail(format!("judge error: {e:#}")),
    };
    // The test's own arguments (a Kattis package's `args`) follow the program's.
    let with_args: Vec<std::ffi::OsString>;
    let program = if test.args.is_empty() {
        program
    } else {
        with_args = program
            .argv
            .iter()
            .cloned()
            .chain(test.args.iter().map(Into::into))
            .collect();
        Program {
            argv: &with_args,
            ..program
        }
    };
    let judged = match run_and_check(
        problem,
        config,
        program,
        &test.input,
        &input,
        &answer,
        dir.path(),
    ) {
        Ok(j) => j,
        Err(e) => return fail(format!("judge error: {e:#}")),
    };
    let r = &judged.run;
    let mut message = judged.message.clone();
    if r.stray_processes > 0 {
        let _ = write!(
            message,
            " [{} process(es) of the group could not be reaped]",
            r.stray_processes
        );
    }
    if r.task_limit_hits > 0 {
        let _ = write!(
            message,
            " [task limit of {} reached {} time(s)]",
            program.limits.tasks, r.task_limit_hits
        );
    }
    TestResult {
        transcript: judged.transcript.clone(),
        interactor_log: judged.interactor_log.clone(),
        score: judged.score,
        ..result(judged.verdict, Some(r), message)
    }
}

pub use crate::package::PlayerRun;

/// The reference player of an interactive or multi-pass problem: `[interaction] player`
/// (relative to the problem folder `dir`), else a program problem's `[programs] solution`.
///
/// Errors: neither is given, or the file does not exist.
pub fn reference_player(
    problem: &dyn Problem,
    config: &ProblemConfig,
    dir: &std::path::Path,
) -> anyhow::Result<Submission> {
    let path = match (&config.interaction.player, ProgramProblem::of(problem)) {
        (Some(p), _) => dir.join(p),
        (None, Some(pp)) => {
            let t = pp.programs().solution.table();
            match (t.source, t.command) {
                (Some(s), _) => dir.join(s),
                (_, Some(c)) => return Submission::from_arg(&c),
                _ => anyhow::bail!("problem `{}` has no reference solution", problem.name()),
            }
        }
        (None, None) => anyhow::bail!(
            "problem `{}` is interactive but names no reference player ([interaction] player = \
             \"submissions/accepted/...\")",
            problem.name()
        ),
    };
    if !path.is_file() {
        anyhow::bail!(
            "problem `{}`: the reference player {} does not exist",
            problem.name(),
            path.display()
        );
    }
    let sub = Submission::from_arg(&path.to_string_lossy())?;
    Ok(Submission {
        name: format!("the reference player ({})", path.display()),
        ..sub
    })
}

/// Judges the reference player ([`reference_player`]) on built tests, given as (name, input,
/// answer), against the problem's interactor or multi-pass checker: the build of an
/// interactive or multi-pass problem must see AC on every test. Cost: one exchange per test.
///
/// Returns each test's transcript ([`TestResult::transcript`]) and a testlib-convention
/// interactor's log ([`TestResult::interactor_log`]), in test order.
///
/// Errors: the player does not compile, or a test is not AC (every such test named with its
/// verdict and message, and the transcript's head of the first).
pub fn check_player(
    problem: &dyn Problem,
    config: &ProblemConfig,
    dir: &std::path::Path,
    tests: &[(String, &[u8], &[u8])],
    opts: &JudgeOptions,
) -> anyhow::Result<Vec<PlayerRun>> {
    let player = reference_player(problem, config, dir)?;
    let tmp = TrackedDir::new("gridjudge-player-")?;
    let mut cases = Vec::with_capacity(tests.len());
    for (name, input, answer) in tests {
        let case = TestCase {
            name: name.clone(),
            input: tmp.path().join(format!("{name}.in")),
            answer: tmp.path().join(format!("{name}.ans")),
            args: Vec::new(),
        };
        std::fs::write(&case.input, input).context("cannot write a test file")?;
        std::fs::write(&case.answer, answer).context("cannot write a test file")?;
        cases.push(case);
    }
    let report = judge(problem, config, std::slice::from_ref(&player), &cases, opts)?;
    let Some(sub) = report.submissions.first() else {
        anyhow::bail!("the reference player was not judged");
    };
    if let Some(e) = &sub.compile_error {
        anyhow::bail!("{}: compile error:\n{e}", player.name);
    }
    let bad: Vec<&TestResult> = sub
        .tests
        .iter()
        .filter(|t| t.verdict != Verdict::Ac)
        .collect();
    if let Some(first) = bad.first() {
        let list: Vec<String> = bad
            .iter()
            .map(|t| format!("test {}: {} ({})", t.test, t.verdict.short(), t.message))
            .collect();
        let head: String = first
            .transcript
            .as_deref()
            .unwrap_or("")
            .lines()
            .take(12)
            .collect::<Vec<_>>()
            .join("\n  ");
        anyhow::bail!(
            "{} is not accepted on {} of {} test(s) (an interactor, checker or player is \
             wrong):\n  {}{}",
            player.name,
            bad.len(),
            sub.tests.len(),
            list.join("\n  "),
            if head.is_empty() {
                String::new()
            } else {
                format!("\n transcript of test {}:\n  {head}", first.test)
            }
        );
    }
    Ok(sub
        .tests
        .iter()
        .map(|t| PlayerRun {
            transcript: t.transcript.clone(),
            log: t.interactor_log.clone(),
        })
        .collect())
}

/// Judges every submission on every test: prepares (compiles) each submission once, then runs
/// the (submission, test) pairs on `opts.jobs` threads. A submission that does not compile gets
/// a compile error and no test results.
///
/// Cost: one process per (submission, test); each run takes at most the wall-clock limit plus
/// the time to kill and reap its process group.
///
/// Errors: the sandbox is wanted but unavailable, a source cannot be read, the cache folder
/// cannot be written, or the worker threads cannot start. Problems of a single run are verdicts (FAIL for the judge's own failures).
pub fn judge(
    problem: &dyn Problem,
    config: &ProblemConfig,
    submissions: &[Submission],
    tests: &[TestCase],
    opts: &JudgeOptions,
) -> anyhow::Result<JudgeReport> {
    let shard = judge_shard(problem, config, submissions, tests, opts, Shard::WHOLE)?;
    Ok(shard.into_report(submissions))
}

/// The runs of one shard of [`judge`] (`verify --shard i/N`), as written to its shard file and
/// read back by `gridjudge merge`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JudgeShard {
    /// Problem name.
    pub problem: String,
    /// Which part of the runs: run `k = submission × tests + test` (both from 0, submissions
    /// in the order given) is the shard's when [`Shard::takes`] it.
    pub shard: Shard,
    /// The limits used.
    pub limits: RunLimits,
    /// Runs at the same time.
    pub jobs: usize,
    /// How the programs ran ([`JudgeReport::isolation`]).
    pub isolation: String,
    /// Test names, in order.
    pub tests: Vec<String>,
    /// Submission names, in the order given.
    pub submissions: Vec<String>,
    /// Each submission's compile error, in the same order (`None`: it compiled). Every shard
    /// prepares every submission (a cache hit once one has compiled it).
    pub compile_errors: Vec<Option<String>>,
    /// The shard's runs: `(submission index, test index, result)`, in run order.
    pub runs: Vec<(usize, usize, TestResult)>,
}

impl JudgeShard {
    /// The [`JudgeReport`] of a whole run (`shard` 1/1, or shards merged by
    /// [`JudgeShard::merge`]): one result per (submission, test) of a submission that compiled.
    /// `submissions` are those judged, in the same order.
    pub fn into_report(self, submissions: &[Submission]) -> JudgeReport {
        let mut by_pair: std::collections::HashMap<(usize, usize), TestResult> =
            self.runs.into_iter().map(|(s, t, r)| ((s, t), r)).collect();
        let tests = self.tests.len();
        let reports = submissions
            .iter()
            .zip(self.compile_errors)
            .enumerate()
            .map(|(s, (sub, err))| SubmissionReport {
                name: sub.name.clone(),
                language: sub.language(),
                tests: match err {
                    Some(_) => Vec::new(),
                    None => (0..tests).filter_map(|t| by_pair.remove(&(s, t))).collect(),
                },
                compile_error: err,
            })
            .collect();
        JudgeReport {
            problem: self.problem,
            limits: self.limits,
            jobs: self.jobs,
            isolation: self.isolation,
            tests: self.tests,
            submissions: reports,
        }
    }

    /// Merges the shards of one run: the same problem, submissions, tests, limits and
    /// isolation, every shard `1..=N` of one count exactly once; the result is shard 1/1.
    ///
    /// Errors name the shard file's difference (`files` are the shards' names, in the same
    /// order): a missing or repeated shard, another count, problem, submission list, test
    /// list, limit or isolation, a compile error in one shard and not another, a run twice
    /// or missing.
    pub fn merge(shards: Vec<JudgeShard>, files: &[String]) -> anyhow::Result<JudgeShard> {
        use crate::core::shard::{check_complete, same_as_first};
        let Some(first) = shards.first() else {
            anyhow::bail!("no shard to merge");
        };
        let same = |k: usize, what: &str, ok: bool| {
            same_as_first(files, k, what, ok).map_err(anyhow::Error::msg)
        };
        for (k, sh) in shards.iter().enumerate() {
            same(k, "problem", sh.problem == first.problem)?;
            same(k, "submission list", sh.submissions == first.submissions)?;
            same(k, "test list", sh.tests == first.tests)?;
            same(k, "limits", sh.limits == first.limits)?;
            same(k, "isolation", sh.isolation == first.isolation)?;
            same(
                k,
                "compile results",
                sh.compile_errors == first.compile_errors,
            )?;
        }
        let indices: Vec<Shard> = shards.iter().map(|s| s.shard).collect();
        check_complete(&indices, files, &format!("problem `{}`", first.problem))
            .map_err(anyhow::Error::msg)?;
        let mut merged = JudgeShard {
            shard: Shard::WHOLE,
            runs: Vec::new(),
            ..first.clone()
        };
        let tests = merged.tests.len();
        let mut runs: Vec<(usize, usize, TestResult)> =
            shards.into_iter().flat_map(|sh| sh.runs).collect();
        runs.sort_by_key(|(s, t, _)| (*s, *t));
        for w in runs.windows(2) {
            if (w[0].0, w[0].1) == (w[1].0, w[1].1) {
                anyhow::bail!(
                    "submission {} on test {} was run by two shards",
                    merged.submissions[w[0].0],
                    merged.tests[w[0].1]
                );
            }
        }
        let expected: usize = merged.compile_errors.iter().filter(|e| e.is_none()).count() * tests;
        if runs.len() != expected
            || runs
                .iter()
                .any(|(s, t, _)| *s >= merged.submissions.len() || *t >= tests)
        {
            anyhow::bail!(
                "the shards hold {} run(s) where {expected} were due: a shard file is incomplete",
                runs.len()
            );
        }
        merged.runs = runs;
        Ok(merged)
    }
}

/// [`judge`]'s runs of one `shard` (see [`JudgeShard::shard`]); every submission is prepared.
/// Each run records the machine it ran on when the shard is not the whole work.
///
/// Errors: those of [`judge`].
pub fn judge_shard(
    problem: &dyn Problem,
    config: &ProblemConfig,
    submissions: &[Submission],
    tests: &[TestCase],
    opts: &JudgeOptions,
    shard: Shard,
) -> anyhow::Result<JudgeShard> {
    let (session, isolation) = session(opts.sandbox)?;
    let mut prepared = Vec::with_capacity(submissions.len());
    for sub in submissions {
        prepared.push(
            prepare(sub, &opts.cache_dir, opts.progress)
                .with_context(|| format!("cannot prepare {}", sub.name))?,
        );
    }
    let work: Vec<(usize, usize)> = prepared
        .iter()
        .enumerate()
        .flat_map(|(s, _)| (0..tests.len()).map(move |t| (s, t)))
        .enumerate()
        .filter(|&(k, (s, _))| shard.takes(k) && matches!(prepared[s], Prepared::Ready(_)))
        .map(|(_, st)| st)
        .collect();
    let host = (!shard.is_whole()).then(crate::core::shard::host);
    let bar = crate::core::progress::bar(work.len() as u64, "runs", opts.progress);
    let run_all = || -> Vec<(usize, usize, TestResult)> {
        work.par_iter()
            .map(|&(s, t)| {
                let Prepared::Ready(argv) = &prepared[s] else {
                    unreachable!("only ready submissions are in the work list")
                };
                let program = Program {
                    argv,
                    limits: &opts.limits,
                    session: session.as_ref(),
                };
                let mut r = judge_one(problem, config, program, &tests[t]);
                r.host.clone_from(&host);
                bar.set_message(format!("{} test {}", submissions[s].name, tests[t].name));
                bar.inc(1);
                (s, t, r)
            })
            .collect()
    };
    let runs = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.max(1))
        .build()
        .context("cannot start worker threads")?
        .install(run_all);
    bar.finish_and_clear();
    Ok(JudgeShard {
        problem: problem.name().to_string(),
        shard,
        limits: opts.limits,
        jobs: opts.jobs.max(1),
        isolation,
        tests: tests.iter().map(|t| t.name.clone()).collect(),
        submissions: submissions.iter().map(|s| s.name.clone()).collect(),
        compile_errors: prepared
            .iter()
            .map(|p| match p {
                Prepared::CompileError(e) => Some(e.clone()),
                Prepared::Ready(_) => None,
            })
            .collect(),
        runs,
    })
}
