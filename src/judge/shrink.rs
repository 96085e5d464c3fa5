//! Shrinking a failing input to a locally minimal counterexample: its generator line first,
//! for program problems ([`shrink_line`]), then the input itself ([`shrink`]); both at once in
//! [`shrink_failure`], which `stress` calls for each failure it keeps.
//!
//! # Verdict classes
//! Shrinking keeps a candidate only if it fails with the same
//! [`FailureClass`](crate::judge::subject::FailureClass) as the test that was found: WA and
//! PE together ("wrong": a PE is a wrong output that happens not to parse, and the same bug
//! often shows either way), TLE, RE and MLE together ("crash": a crash that comes from
//! running out of memory, or the stack, is often classified either way depending on where
//! the allocation fails), and OLE. A checker FAIL is never a submission's failure: it means
//! the jury's files are broken, and shrinking stops with an error ([`judge_input`]).
//!
//! # Shrinking
//! Greedy first improvement: ask [`Problem::shrink_candidates`] for the single-step reductions
//! of the current input (smallest first), skip those the validator rejects under the
//! constraints, run the rest in order and keep the first that still fails in the same class;
//! repeat until none does. The result is locally minimal by construction: no single step keeps
//! it failing. With `jobs > 1` candidates are run in chunks of `jobs` and the first failing
//! one *in candidate order* is kept, so the result does not depend on `jobs`.
//!
//! Uses core (arguments, the text shrinker), problem (the [`Problem`] trait,
//! [`generate_test`]) and [`crate::judge::subject`].

use anyhow::Context;
use rayon::prelude::*;

use crate::core::args::Args;
use crate::judge::subject::{judge_input, Judged, Subject};
use crate::problem::{generate_test, Problem, ProblemConfig, ValidateOptions};

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
/// the same [`FailureClass`](crate::judge::subject::FailureClass) (see the module
/// documentation). Runs up to `jobs` candidates at once; the result does not depend on `jobs`.
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
/// lines are positional words): tries [`crate::core::shrink_args::smaller_lines`] of `name args`
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
        for cand in crate::core::shrink_args::smaller_lines(&line) {
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
