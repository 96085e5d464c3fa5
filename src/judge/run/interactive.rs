//! Interactive and multi-pass runs → a verdict.
//!
//! **Interactive** (`[interaction] interactive = true`): the submission and the jury's side
//! (the problem's interactor program, or a built-in problem's [`Problem::interact`]) are joined
//! by pipes ([`crate::exec::interact`]). The interactor of a program problem runs as the
//! setter's other programs do (its problem folder read-only, a cgroup of its own where the
//! machine offers one) under `[interaction.limits]`, with a wall-clock limit of at least the
//! submission's plus one second (and at least its own default, twice its CPU limit plus one
//! second); the submission runs in its sandbox under the problem's limits. The
//! interactor's conventions:
//! - testlib: `interactor <input> <log> <answer>`; exit 0 AC (then the problem's checker judges
//!   the log as an output: `checker <input> <log> <answer>`, as Polygon does), 1 WA, 2 PE,
//!   3 FAIL; its message is the first line of its stderr;
//! - Kattis: `interactor <input> <answer> <feedback_dir>/`; exit 42 AC, 43 WA; its message is
//!   the first line of `judgemessage.txt`.
//!
//! Anything else (another exit code, a signal, its own limits) is a judge error (FAIL).
//!
//! The verdict, by the Kattis specification's rules on which side stopped first:
//! 1. the jury's side failed → FAIL;
//! 2. the jury rejected (WA, PE) before the submission ended → the jury's verdict, whatever
//!    the submission did afterwards (a submission still writing to the jury then is stopped
//!    at once, as problemtools and BAPCtools do, rather than left to run into its limits);
//! 3. the submission wrote more than its output limit → OLE (the relay cut its stream there,
//!    so the jury only saw a cut stream); it stopped on another limit or crashed (TLE, MLE, OLE, RE) → that verdict, also
//!    when the jury accepted first (a crash after the interactor accepted is RE) and when the
//!    jury rejected only after it (it saw the end of a killed submission's stream: a deadlock or
//!    an idle submission is TLE by wall-clock time, not WA);
//! 4. otherwise the jury's verdict.
//!
//! "Ended" is when the side's stream to the other ended, which the other side sees only
//! afterwards: the order is causal, not a race of two reaping threads.
//!
//! **Multi-pass** (`[interaction] multi_pass = true`, Kattis 2025-09): the judging program
//! (the Kattis-convention interactor, or for a non-interactive problem the Kattis-convention
//! checker, which reads the submission's output on stdin) may write `nextpass.in` in its
//! feedback folder with an accepting verdict: the submission then runs again on that file
//! (the judging program gets it as its input too), with the same limits, and the feedback
//! folder is kept across passes. At most `validation_passes` passes. A `nextpass.in` written
//! with a rejection, after the last pass, or by a problem that is not multi-pass is a judge
//! error (FAIL), never a verdict of the first pass.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::core::verdict::{CheckOutcome, Verdict};
use crate::exec::interact::{self, Exchange, Jury, JuryEnd};
use crate::exec::runner::{self, Outcome, RunResult, RunSpec, Termination};
use crate::problem::programs::Convention;
use crate::problem::{Problem, ProblemConfig};
use crate::problems::program::ProgramProblem;

use super::{stopped_verdict, JudgedRun, Program};

/// The name of the file a multi-pass judging program writes to ask for another pass.
pub const NEXT_PASS: &str = "nextpass.in";

/// The first line of `s`, trimmed, at most 300 characters.
fn first_line(s: &str) -> String {
    let line = s
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    line.chars().take(300).collect()
}

fn exit_code(r: &RunResult) -> Option<i32> {
    match r.termination {
        Termination::Exited(c) => Some(c),
        Termination::Signaled(_) => None,
    }
}

/// The judging program of a pass: its command line, convention and limits.
struct Judge {
    argv: Vec<OsString>,
    convention: Convention,
    limits: runner::RunLimits,
    dir: PathBuf,
    /// Arguments after the convention's own (a Kattis package's output validator arguments).
    extra: Vec<OsString>,
}

/// The outcome of one pass.
struct Pass {
    /// The verdict of the pass (the rules of the module documentation).
    verdict: Verdict,
    /// The judging program's own verdict (AC when it accepted, whatever the submission did).
    jury: Verdict,
    message: String,
    run: RunResult,
    transcript: Option<String>,
    /// A testlib-convention interactor's log (its second argument), when it accepted.
    log: Option<Vec<u8>>,
    /// Whether the judging program asked for another pass.
    next: bool,
}

/// The verdict of a jury program's run in its convention, with `msg` its message; `role` names
/// it in messages.
fn jury_verdict(r: &RunResult, convention: Convention, msg: String, role: &str) -> CheckOutcome {
    let code = exit_code(r);
    let own_limit = match &r.outcome {
        Outcome::TimeLimit => Some("its time limit"),
        Outcome::MemoryLimit => Some("its memory limit"),
        Outcome::OutputLimit => Some("its output limit"),
        _ => None,
    };
    if let Some(what) = own_limit {
        return CheckOutcome::fail(format!(
            "the {role} ran over {what} ([interaction.limits]; CPU {} ms, wall {} ms): judge \
             error",
            r.cpu_ms, r.wall_ms
        ));
    }
    let verdict = match (convention, code) {
        (Convention::Testlib, Some(0)) => Verdict::Ac,
        (Convention::Testlib, Some(1)) => Verdict::Wa,
        (Convention::Testlib, Some(2)) => Verdict::Pe,
        (Convention::Kattis, Some(42)) => Verdict::Ac,
        (Convention::Kattis, Some(43)) => Verdict::Wa,
        (Convention::Testlib, Some(3)) => {
            return CheckOutcome::fail(format!("the {role} failed (exit 3): {msg}"))
        }
        _ => {
            let rule = match convention {
                Convention::Testlib => "0 AC, 1 WA, 2 PE, 3 FAIL",
                Convention::Kattis => "42 AC, 43 WA",
            };
            let how = match &r.outcome {
                Outcome::RuntimeError(e) => e.clone(),
                _ => "exit code 0".into(),
            };
            return CheckOutcome::fail(format!(
                "the {role} ended with {how}, which its {} convention ({rule}) does not define \
                 (judge error); its stderr: {}",
                convention.name(),
                first_line(&r.stderr_head)
            ));
        }
    };
    CheckOutcome::new(verdict, msg)
}

/// The verdict of an exchange by the rules of the module documentation, from the jury's
/// outcome and the submission's run.
pub fn combine(
    jury: &CheckOutcome,
    submission: &RunResult,
    output_over: bool,
    submission_first: bool,
    limits: &runner::RunLimits,
) -> (Verdict, String) {
    if jury.verdict == Verdict::Fail {
        return (Verdict::Fail, format!("judge error: {}", jury.message));
    }
    let stopped = if output_over {
        Some((
            Verdict::Ole,
            format!("output reached the cap of {} bytes", limits.output_bytes),
        ))
    } else {
        stopped_verdict(submission, limits)
    };
    let rejected = matches!(jury.verdict, Verdict::Wa | Verdict::Pe);
    match stopped {
        // Past its output limit the relay cut the submission's stream: what the jury said
        // after that is about a cut stream.
        Some(s) if output_over => (s.0, s.1),
        Some(s) if !rejected || submission_first => {
            let after = if jury.verdict == Verdict::Ac {
                " (after the interactor accepted)"
            } else {
                ""
            };
            (s.0, format!("{}{after}", s.1))
        }
        _ => (jury.verdict, jury.message.clone()),
    }
}

/// [`super::run_and_check`] for an interactive or multi-pass problem (module documentation).
#[allow(clippy::too_many_arguments)]
pub(super) fn run_and_check(
    problem: &dyn Problem,
    config: &ProblemConfig,
    program: Program<'_>,
    stdin: &Path,
    input: &[u8],
    answer: &[u8],
    dir: &Path,
) -> anyhow::Result<JudgedRun> {
    // The judging program runs in a working folder of its own: give it the test's input by an
    // absolute path (the problems folder found from the current one is relative).
    let stdin = &std::path::absolute(stdin).context("cannot resolve the test's path")?;
    let ia = &config.interaction;
    let passes = ia.passes();
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).context("cannot create the feedback folder")?;
    let answer_file = dir.join("answer");
    std::fs::write(&answer_file, answer).context("cannot write the answer file")?;
    let pp = ProgramProblem::of(problem);
    let judge = match pp {
        Some(pp) => {
            let found = if ia.interactive {
                pp.interactor()?
            } else {
                pp.kattis_checker()?.map(|a| (a, Convention::Kattis))
            };
            let Some((argv, convention)) = found else {
                anyhow::bail!(
                    "problem `{}` declares no {} (judge error)",
                    problem.name(),
                    if ia.interactive {
                        "interactor"
                    } else {
                        "checker in the kattis convention"
                    }
                );
            };
            let mut limits = if ia.interactive {
                pp.interactor_limits()
            } else {
                pp.setter_limits()
            };
            limits.wall_ms = limits
                .wall_ms
                .max(program.limits.wall_ms.saturating_add(1000));
            Some(Judge {
                argv,
                convention,
                limits,
                dir: pp.dir().to_path_buf(),
                extra: pp.output_validator_args(stdin),
            })
        }
        None => None,
    };
    if judge.is_none() && (passes > 1 || !ia.interactive) {
        anyhow::bail!(
            "problem `{}` is built in: it can be interactive, not multi-pass (judge error)",
            problem.name()
        );
    }
    let mut pass_input = stdin.to_path_buf();
    let mut transcripts = Vec::new();
    let mut last = None;
    for pass in 1..=passes {
        let p = if ia.interactive {
            one_exchange(
                (problem, config),
                program,
                judge.as_ref(),
                (&pass_input, input, answer, &answer_file),
                &feedback,
                dir,
                ia.transcript_kib.saturating_mul(1024),
            )?
        } else {
            let Some(j) = judge.as_ref() else {
                unreachable!("checked above: a multi-pass problem has a judging program")
            };
            one_batch_pass(program, j, (&pass_input, &answer_file), &feedback, dir)?
        };
        if let Some(t) = &p.transcript {
            transcripts.push(if passes > 1 {
                format!("[pass {pass}]\n{t}")
            } else {
                t.clone()
            });
        }
        let tag = |m: &str| {
            if passes > 1 {
                format!("pass {pass}: {m}")
            } else {
                m.to_string()
            }
        };
        let fail = |m: String, run: RunResult, transcripts: &[String]| JudgedRun {
            verdict: Verdict::Fail,
            message: format!("judge error: {m}"),
            run,
            transcript: (!transcripts.is_empty()).then(|| transcripts.concat()),
            interactor_log: None,
            score: None,
        };
        if p.next {
            let nextpass = feedback.join(NEXT_PASS);
            if passes == 1 {
                return Ok(fail(
                    format!(
                        "the {} wrote {NEXT_PASS}, asking for another pass, but the problem is \
                         not multi-pass ([interaction] multi_pass = true); this pass's verdict \
                         ({}) is not final",
                        judge_role(ia.interactive),
                        p.verdict
                    ),
                    p.run,
                    &transcripts,
                ));
            }
            if p.jury != Verdict::Ac {
                return Ok(fail(
                    tag(&format!(
                        "the {} rejected the pass ({}: {}) and also wrote {NEXT_PASS}",
                        judge_role(ia.interactive),
                        p.verdict,
                        p.message
                    )),
                    p.run,
                    &transcripts,
                ));
            }
            if p.verdict != Verdict::Ac {
                // The judging program accepted the pass and asked for another, but the
                // submission failed on its own (crashed, ran out of time): its verdict.
                return Ok(JudgedRun {
                    verdict: p.verdict,
                    message: tag(&p.message),
                    run: p.run,
                    transcript: (!transcripts.is_empty()).then(|| transcripts.concat()),
                    interactor_log: None,
                    score: None,
                });
            }
            if pass == passes {
                return Ok(fail(
                    format!(
                        "no verdict within validation_passes = {passes}: the {} asked for \
                         pass {} with {NEXT_PASS}",
                        judge_role(ia.interactive),
                        pass + 1
                    ),
                    p.run,
                    &transcripts,
                ));
            }
            let next_input = dir.join(format!("pass{}.in", pass + 1));
            std::fs::rename(&nextpass, &next_input)
                .with_context(|| format!("cannot move {}", nextpass.display()))?;
            pass_input = next_input;
            last = Some(p.run);
            continue;
        }
        return Ok(JudgedRun {
            verdict: p.verdict,
            message: tag(&p.message),
            run: p.run,
            transcript: (!transcripts.is_empty()).then(|| transcripts.concat()),
            interactor_log: p.log,
            score: crate::problems::program::read_score(&feedback)
                .ok()
                .flatten(),
        });
    }
    unreachable!("the last pass returns ({})", last.is_some())
}

/// The feedback folder as a Kattis program's argument: its path with a final slash, since
/// validators may append file names to it directly, as the Kattis format allows.
fn feedback_arg(feedback: &Path) -> OsString {
    let mut fb: OsString = feedback.into();
    fb.push("/");
    fb
}

fn judge_role(interactive: bool) -> &'static str {
    if interactive {
        "interactor"
    } else {
        "checker"
    }
}

/// One pass of an interactive problem.
fn one_exchange(
    (problem, config): (&dyn Problem, &ProblemConfig),
    program: Program<'_>,
    judge: Option<&Judge>,
    (pass_input, input, answer, answer_file): (&Path, &[u8], &[u8], &Path),
    feedback: &Path,
    dir: &Path,
    cap: u64,
) -> anyhow::Result<Pass> {
    let sub = program.spec(pass_input, dir);
    let log = dir.join("interactor.log");
    let jury = match judge {
        Some(j) => {
            let mut argv = j.argv.clone();
            match j.convention {
                Convention::Testlib => {
                    argv.extend([pass_input.into(), log.clone().into(), answer_file.into()]);
                }
                Convention::Kattis => {
                    argv.extend([
                        pass_input.into(),
                        answer_file.into(),
                        feedback_arg(feedback),
                    ]);
                    argv.extend(j.extra.iter().cloned());
                }
            }
            Jury::Program {
                spec: Box::new(RunSpec {
                    argv,
                    stdin: pass_input.to_path_buf(),
                    stdout: dir.join("interactor.stdout"),
                    stderr: Some(dir.join("interactor.stderr")),
                    limits: j.limits,
                    work_parent: Some(dir.to_path_buf()),
                    sandbox: None,
                    pipes: None,
                    read_only: Some(j.dir.clone()),
                }),
                accept_exit: match j.convention {
                    Convention::Testlib => 0,
                    Convention::Kattis => 42,
                },
            }
        }
        None => Jury::InProcess(Box::new(move |from, to| {
            problem.interact(input, answer, from, to)
        })),
    };
    let Exchange {
        submission,
        jury,
        transcript,
        submission_first,
        output_over,
    } = interact::exchange(&sub, jury, cap)?;
    let mut interactor_log = None;
    let (outcome, next) = match (&jury, judge) {
        (JuryEnd::InProcess(o), _) => (o.clone(), false),
        (JuryEnd::Program(r), Some(j)) => {
            let msg = match j.convention {
                Convention::Testlib => first_line(&r.stderr_head),
                Convention::Kattis => first_line(
                    &std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default(),
                ),
            };
            let mut o = jury_verdict(r, j.convention, msg, "interactor");
            let has_checker = ProgramProblem::of(problem).is_some_and(|p| p.has_checker());
            if o.verdict == Verdict::Ac && j.convention == Convention::Testlib {
                // testlib's way: the checker judges the interactor's log. Without an answer
                // file (the build's run of the reference player, whose log becomes the
                // answer, as in Polygon) the log is judged against itself.
                match std::fs::read(&log) {
                    Ok(bytes) => {
                        if has_checker {
                            let jury = if answer.is_empty() {
                                &bytes[..]
                            } else {
                                answer
                            };
                            o = problem.check(input, &mut &bytes[..], jury, config);
                        }
                        interactor_log = Some(bytes);
                    }
                    Err(e) => {
                        o = CheckOutcome::fail(format!(
                            "the interactor exited 0 but wrote no log {}: {e}",
                            log.display()
                        ))
                    }
                }
            }
            (o, feedback.join(NEXT_PASS).exists())
        }
        (JuryEnd::Program(_), None) => unreachable!("a program jury has a judge"),
    };
    let (verdict, message) = combine(
        &outcome,
        &submission,
        output_over,
        submission_first,
        program.limits,
    );
    Ok(Pass {
        verdict,
        jury: outcome.verdict,
        message,
        run: submission,
        transcript: Some(transcript.render()),
        log: interactor_log,
        next,
    })
}

/// One pass of a multi-pass problem that is not interactive: the submission runs on the pass's
/// input, then the Kattis-convention checker reads its output.
fn one_batch_pass(
    program: Program<'_>,
    judge: &Judge,
    (pass_input, answer_file): (&Path, &Path),
    feedback: &Path,
    dir: &Path,
) -> anyhow::Result<Pass> {
    let spec = program.spec(pass_input, dir);
    let stdout = spec.stdout.clone();
    let run = runner::run(&spec)?;
    if let Some((verdict, message)) = stopped_verdict(&run, program.limits) {
        return Ok(Pass {
            verdict,
            jury: verdict,
            message,
            run,
            transcript: None,
            log: None,
            next: false,
        });
    }
    let mut argv = judge.argv.clone();
    argv.extend([
        pass_input.into(),
        answer_file.into(),
        feedback_arg(feedback),
    ]);
    argv.extend(judge.extra.iter().cloned());
    let checked = runner::run(&RunSpec {
        argv,
        stdin: stdout,
        stdout: dir.join("checker.stdout"),
        stderr: Some(dir.join("checker.stderr")),
        limits: judge.limits,
        work_parent: Some(dir.to_path_buf()),
        sandbox: None,
        pipes: None,
        read_only: Some(judge.dir.clone()),
    })
    .context("cannot run the checker")?;
    let msg =
        first_line(&std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default());
    let o = jury_verdict(&checked, Convention::Kattis, msg, "checker");
    let (verdict, message) = if o.verdict == Verdict::Fail {
        (Verdict::Fail, format!("judge error: {}", o.message))
    } else {
        (o.verdict, o.message)
    };
    Ok(Pass {
        verdict,
        jury: verdict,
        message,
        run,
        transcript: None,
        log: None,
        next: feedback.join(NEXT_PASS).exists(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::sandbox::Enforcement;

    fn run(outcome: Outcome) -> RunResult {
        RunResult {
            termination: Termination::Exited(0),
            killed: None,
            outcome,
            cpu_ms: 10,
            wall_ms: 20,
            peak_kib: 1000,
            output_bytes: 4,
            stderr_head: String::new(),
            stray_processes: 0,
            task_limit_hits: 0,
            limits_by: Enforcement::Unconfined,
        }
    }

    /// Every row of the rules in the module documentation.
    #[test]
    fn the_verdict_depends_on_who_stopped_first() {
        let limits = runner::RunLimits::new(1000, 256);
        let ac = CheckOutcome::ac("fine");
        let wa = CheckOutcome::wa("wrong move");
        let fail = CheckOutcome::fail("interactor crashed");
        let re = run(Outcome::RuntimeError("exit code 3".into()));
        let tle = run(Outcome::TimeLimit);
        let fin = run(Outcome::Finished);
        let v = |j: &CheckOutcome, r: &RunResult, over: bool, first: bool| {
            combine(j, r, over, first, &limits).0
        };
        // The jury's failure is always a judge error.
        assert_eq!(v(&fail, &fin, false, true), Verdict::Fail);
        assert_eq!(v(&fail, &tle, true, true), Verdict::Fail);
        // A rejection before the submission ended wins over what the submission did later.
        assert_eq!(v(&wa, &re, false, false), Verdict::Wa);
        assert_eq!(v(&wa, &tle, false, false), Verdict::Wa);
        // A submission that stopped first: its own verdict (a deadlock is TLE, not WA).
        assert_eq!(v(&wa, &tle, false, true), Verdict::Tle);
        assert_eq!(v(&wa, &re, false, true), Verdict::Re);
        // A crash after the jury accepted is RE.
        assert_eq!(v(&ac, &re, false, false), Verdict::Re);
        assert!(combine(&ac, &re, false, false, &limits)
            .1
            .ends_with("(after the interactor accepted)"));
        // Output past the limit is OLE whoever stopped first.
        assert_eq!(v(&wa, &re, true, false), Verdict::Ole);
        // Otherwise the jury decides.
        assert_eq!(v(&ac, &fin, false, true), Verdict::Ac);
        assert_eq!(v(&wa, &fin, false, true), Verdict::Wa);
    }
}
