//! The one run → verdict step: a prepared program runs on one input under the limits
//! ([`crate::exec::runner`]), and the result becomes a verdict, the runner's when it stopped
//! or saw the program fail ([`stopped_verdict`]: TLE, MLE, OLE, RE), else the problem's
//! checker's on the output (AC, WA, PE; FAIL when the jury's files are broken). Both `judge`
//! ([`crate::judge`]) and `stress` ([`crate::judge::subject::ProcessSubject`]) judge a run
//! here, so the same run gets the same verdict and message in both.
//!
//! Interactive and multi-pass problems are judged in [`interactive`] (the exchange over pipes,
//! the passes, the rules on which side stopped first); `run_and_check` sends them there.
//!
//! Uses core (verdicts), exec (the runner, the sandbox session, the exchange), problem (the
//! checker) and problems (a program problem's interactor); no other file of `judge/`.

pub mod interactive;

use std::ffi::OsString;
use std::io::BufReader;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;

use crate::core::verdict::Verdict;
use crate::exec::runner::{self, Outcome, RunLimits, RunSpec};
use crate::exec::sandbox::Session;
use crate::problem::{Problem, ProblemConfig};

/// The verdict of a run that the runner stopped or saw fail (TLE, MLE, OLE, RE) with its
/// message (the limit, the measured figure, the first non-empty line of stderr), or `None`
/// when the program finished normally and the checker must decide.
pub fn stopped_verdict(r: &runner::RunResult, limits: &RunLimits) -> Option<(Verdict, String)> {
    let stderr_line = r
        .stderr_head
        .lines()
        .find(|l| !l.trim().is_empty())
        .map(|l| format!("; stderr: {}", crate::core::verdict::one_line(l)))
        .unwrap_or_default();
    match &r.outcome {
        Outcome::Finished => None,
        Outcome::TimeLimit => {
            let how = match r.killed {
                Some(crate::exec::wait::KillReason::WallTime) => "wall-clock limit reached",
                _ => "CPU time limit exceeded",
            };
            Some((
                Verdict::Tle,
                format!("{how} (CPU {} ms, wall {} ms)", r.cpu_ms, r.wall_ms),
            ))
        }
        Outcome::MemoryLimit => Some((
            Verdict::Mle,
            format!(
                "memory limit exceeded (peak {} KiB, limit {} KiB){stderr_line}",
                r.peak_kib, limits.memory_kib
            ),
        )),
        Outcome::OutputLimit => Some((
            Verdict::Ole,
            format!("output reached the cap of {} bytes", limits.output_bytes),
        )),
        Outcome::RuntimeError(what) => Some((Verdict::Re, format!("{what}{stderr_line}"))),
    }
}

/// A prepared program and how it runs: the same for every input it is judged on.
#[derive(Clone, Copy, Debug)]
pub struct Program<'a> {
    /// Program and arguments ([`crate::exec::compile::Prepared::Ready`]).
    pub argv: &'a [OsString],
    /// Limits of every run.
    pub limits: &'a RunLimits,
    /// The sandbox session to run in; `None` runs unconfined (`--no-sandbox`).
    pub session: Option<&'a Arc<Session>>,
}

impl Program<'_> {
    /// How this program runs on the file `stdin`: stdout to `dir/stdout`, stderr to
    /// `dir/stderr`, its working folder created in `dir`, in its sandbox session.
    pub fn spec(&self, stdin: &Path, dir: &Path) -> RunSpec {
        RunSpec {
            argv: self.argv.to_vec(),
            stdin: stdin.to_path_buf(),
            stdout: dir.join("stdout"),
            stderr: Some(dir.join("stderr")),
            limits: *self.limits,
            work_parent: Some(dir.to_path_buf()),
            sandbox: self.session.cloned(),
            pipes: None,
            read_only: None,
        }
    }
}

/// One run, judged by [`run_and_check`].
#[derive(Clone, Debug)]
pub struct JudgedRun {
    /// The verdict: the runner's ([`stopped_verdict`]) or the checker's (FAIL included).
    pub verdict: Verdict,
    /// What the runner saw, or the checker's message; one line.
    pub message: String,
    /// What the runner measured (times in milliseconds, memory in KiB, strays); of the last
    /// pass for a multi-pass problem.
    pub run: runner::RunResult,
    /// An interactive run's transcript in the `.interaction` form (`<` what the submission
    /// read, `>` what it wrote; each direction capped by `[interaction] transcript_kib`, every
    /// pass); `None` for a batch run.
    pub transcript: Option<String>,
    /// What a testlib-convention interactor wrote to its log when it accepted (the build
    /// takes the reference player's as the jury answer of a test without one).
    pub interactor_log: Option<Vec<u8>>,
    /// The score the checker or the Kattis-convention judging program gave (its
    /// `score.txt`), for a scoring problem.
    pub score: Option<f64>,
}

impl JudgedRun {
    /// Whether the program finished cleanly, so that the checker decided and its output, in
    /// `dir/stdout`, was judged.
    pub fn checked(&self) -> bool {
        matches!(self.run.outcome, Outcome::Finished)
    }
}

/// Runs `program` with the file `stdin` (whose bytes are `input`) as its standard input,
/// stdout to `dir/stdout` and stderr to `dir/stderr`, its working folder created in `dir`;
/// then decides the verdict: [`stopped_verdict`] when the runner stopped it or saw it fail,
/// else [`Problem::check`] on the output, streamed from `dir/stdout`, against the jury
/// `answer`. The files stay in `dir` (the caller's, e.g. a
/// [`crate::exec::cleanup::TrackedDir`]).
///
/// Cost: one process, at most the wall-clock limit plus the time to kill and reap its group;
/// then one pass of the checker over the output.
///
/// Errors only for the judge's own failures: the program cannot be started or watched
/// ([`runner::run`]), or `cannot read the output` (its stdout file cannot be opened).
pub fn run_and_check(
    problem: &dyn Problem,
    config: &ProblemConfig,
    program: Program<'_>,
    stdin: &Path,
    input: &[u8],
    answer: &[u8],
    dir: &Path,
) -> anyhow::Result<JudgedRun> {
    if config.interaction.interactive || config.interaction.multi_pass {
        return interactive::run_and_check(problem, config, program, stdin, input, answer, dir);
    }
    let spec = program.spec(stdin, dir);
    let stdout = spec.stdout.clone();
    let run = runner::run(&spec)?;
    let (verdict, message, score) = match stopped_verdict(&run, program.limits) {
        Some((v, m)) => (v, m, None),
        None => {
            let file = std::fs::File::open(&stdout).context("cannot read the output")?;
            let o = problem.check_at(stdin, input, &mut BufReader::new(file), answer, config);
            (o.verdict, o.message, o.score)
        }
    };
    Ok(JudgedRun {
        verdict,
        message,
        run,
        transcript: None,
        interactor_log: None,
        score,
    })
}
