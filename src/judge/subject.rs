//! What stress runs and how one input is judged: the [`Subject`] (a prepared program,
//! [`ProcessSubject`], judged by the one run → verdict step [`run_and_check`]; or an
//! in-process function, [`FnSubject`]), [`judge_input`] (reference answer, run, check) with
//! its result [`Judged`], and the [`FailureClass`] of a failing verdict, which shrinking keeps.
//!
//! Uses core (verdicts), exec (compiling, the sandbox), problem (the [`Problem`] trait) and
//! [`crate::judge::run`].

use std::ffi::OsString;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Context};

use crate::core::verdict::Verdict;
use crate::exec::cleanup::TrackedDir;
use crate::exec::compile::{prepare, Prepared, Submission};
use crate::exec::runner::RunLimits;
use crate::exec::sandbox::Session;
use crate::judge::run::{run_and_check, Program};
use crate::problem::{Problem, ProblemConfig};

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

/// How a [`Subject`]'s output for one input is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The verdict: the runner's (TLE, MLE, OLE, RE) or the checker's (AC, WA, PE, FAIL).
    pub verdict: Verdict,
    /// What the runner saw, or the checker's message.
    pub message: String,
    /// The first [`OUTPUT_HEAD_BYTES`] bytes of the output (empty when the run was stopped).
    pub output: Vec<u8>,
}

/// Something that answers inputs: a program run under limits ([`ProcessSubject`]) or an
/// in-process function ([`FnSubject`], for tests and benchmarks).
pub trait Subject: Sync {
    /// Runs on `input` and judges the output against the jury `answer` with the problem's
    /// checker ([`Problem::check`]). Errors only for the judge's own failures (a temporary
    /// file cannot be written, the program cannot be started, its output cannot be read); a
    /// checker FAIL is a [`Checked`] verdict here ([`judge_input`] refuses it).
    fn judge(
        &self,
        problem: &dyn Problem,
        config: &ProblemConfig,
        input: &[u8],
        answer: &[u8],
    ) -> anyhow::Result<Checked>;
}

/// A prepared (compiled) submission, run once per input under limits and judged by the one
/// run → verdict step ([`run_and_check`]), as `judge` does.
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
    fn judge(
        &self,
        problem: &dyn Problem,
        config: &ProblemConfig,
        input: &[u8],
        answer: &[u8],
    ) -> anyhow::Result<Checked> {
        let dir = TrackedDir::new("gridjudge-stress-")?;
        let stdin = dir.path().join("input");
        std::fs::write(&stdin, input).context("cannot write the input file")?;
        let program = Program {
            argv: &self.argv,
            limits: &self.limits,
            session: self.session.as_ref(),
        };
        let r = run_and_check(problem, config, program, &stdin, input, answer, dir.path())?;
        let mut output = Vec::new();
        if let Some(t) = &r.transcript {
            // An interactive run's "output" is its transcript.
            output = t.as_bytes()[..t.len().min(OUTPUT_HEAD_BYTES)].to_vec();
        } else if r.checked() {
            std::fs::File::open(dir.path().join("stdout"))
                .and_then(|f| f.take(OUTPUT_HEAD_BYTES as u64).read_to_end(&mut output))
                .context("cannot read the output")?;
        }
        Ok(Checked {
            verdict: r.verdict,
            message: r.message,
            output,
        })
    }
}

/// An in-process submission: a function from input bytes to output bytes (it always
/// finishes cleanly), judged by the checker in memory. For tests and for measuring the stress
/// loop without processes.
pub struct FnSubject<F>(pub F);

impl<F: Fn(&[u8]) -> Vec<u8> + Sync> Subject for FnSubject<F> {
    fn judge(
        &self,
        problem: &dyn Problem,
        config: &ProblemConfig,
        input: &[u8],
        answer: &[u8],
    ) -> anyhow::Result<Checked> {
        let mut output = (self.0)(input);
        let o = problem.check(input, &mut output.as_slice(), answer, config);
        output.truncate(OUTPUT_HEAD_BYTES);
        Ok(Checked {
            verdict: o.verdict,
            message: o.message,
            output,
        })
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
    judge_with_answer(problem, config, subject, input, answer)
}

/// [`judge_input`] with the reference's `answer` already known (a stress seed's test kept in
/// [`crate::judge::stress::SeedMemo`]): run, check.
///
/// Errors: the run fails for the judge's own reasons, or the checker answers FAIL.
pub fn judge_with_answer(
    problem: &dyn Problem,
    config: &ProblemConfig,
    subject: &dyn Subject,
    input: &[u8],
    answer: Vec<u8>,
) -> anyhow::Result<Judged> {
    let c = subject.judge(problem, config, input, &answer)?;
    if c.verdict == Verdict::Fail {
        bail!(
            "the checker answered FAIL (jury files broken): {}",
            c.message
        );
    }
    Ok(Judged {
        verdict: c.verdict,
        message: c.message,
        output: c.output,
        answer,
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
}
