//! Time limits from the submissions (`gridjudge timelimit`): the accepted submissions are run
//! several times, the limit follows from the slowest of them by the Kattis formula, and every
//! time-limit-exceeded submission must stay out of the margin above it.
//!
//! **The formula** (Kattis problem package format 2025-09, "Limits": `ac_to_time_limit`,
//! `time_limit_to_tle`, `time_resolution`; problemtools and BAPCtools compute the same): with
//! `T_ac` the slowest time of an accepted submission over the tests and `T_tle` the fastest
//! time-limit-exceeded submission's slowest time (infinite without one), the limit is the
//! smallest multiple `L` of the resolution with `T_ac × ac_to_time_limit ≤ L` and
//! `L × time_limit_to_tle ≤ T_tle`; it is an error when no multiple satisfies both
//! ([`kattis_limit_ms`]). The defaults are the spec's: 2.0, 1.5 and 1 s. A legacy Kattis
//! package's `time_multiplier` and `time_safety_margin` take their places, with whole seconds
//! ([`crate::judge::kattis::derived_limit_ms`] uses the same function).
//!
//! **Measuring** ([`measure`]): every accepted submission runs on every test `repeats` times
//! (the time of a test is the CPU time the sandbox measured), under a cap well above the
//! current limit; its time in a repeat is its slowest test's. The limit is computed from the
//! slowest repeat of the slowest accepted submission (conservative: the limit only grows with
//! noise). The time-limit-exceeded submissions then run, slowest tests first (by the accepted
//! submissions' times), under a cap of twice the margin (`L × time_limit_to_tle × 2`), until one
//! test reaches the cap or every test has run: what decides is only whether their slowest time
//! is above the margin, and the fastest repeat counts (conservative again). With per-language
//! limits (`[time_limit] per_language = true`), each language with an accepted submission gets
//! its own limit from its own accepted submissions, and a time-limit-exceeded submission is held
//! to its language's limit (the overall one when its language has no accepted submission).
//!
//! **Stability**: each submission's spread over the repeats (`(max − min) / median`), and the
//! limit computed from each repeat alone: when those differ, the measurement was not stable
//! enough to trust one run, which the report says.
//!
//! [`analyse`] is a pure function of the measured times, tested on recorded timings.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

use crate::core::verdict::Verdict;
use crate::exec::compile::Submission;
use crate::judge::{judge, JudgeOptions};
use crate::package::TestCase;
pub use crate::problem::time_limit::{Multipliers, TimeLimitSettings};
use crate::problem::{Problem, ProblemConfig};

/// The smallest limit (ms) the formula allows: the least multiple of `m.resolution_ms`, and at
/// least one, with `t_ac_ms × ac_to_time_limit ≤ L`; then it must satisfy
/// `L × time_limit_to_tle ≤ t_tle_ms` (no bound without a time-limit-exceeded time).
///
/// Err with both bounds when no multiple satisfies both (the spec calls that an error): the
/// slow submissions are too close to the accepted ones. O(1). The products are compared with
/// a tolerance of 1e-9 ms, so that `0.1 × 3` style rounding never moves a limit a step.
pub fn kattis_limit_ms(
    t_ac_ms: u64,
    t_tle_ms: Option<u64>,
    m: &Multipliers,
) -> Result<u64, String> {
    let res = m.resolution_ms.max(1) as f64;
    let lower = t_ac_ms as f64 * m.ac_to_time_limit;
    let steps = (lower / res - 1e-9).ceil().max(1.0);
    let limit = (steps * res).round() as u64;
    if let Some(t) = t_tle_ms {
        if limit as f64 * m.time_limit_to_tle > t as f64 + 1e-9 {
            return Err(format!(
                "no limit fits: the slowest accepted time {t_ac_ms} ms x {} needs at least \
                 {limit} ms, and the fastest time-limit-exceeded time {t} ms / {} allows at most \
                 {} ms",
                m.ac_to_time_limit,
                m.time_limit_to_tle,
                (t as f64 / m.time_limit_to_tle).floor()
            ));
        }
    }
    Ok(limit)
}

/// What a submission's time bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// An accepted submission: a lower bound on the limit.
    Lower,
    /// A time-limit-exceeded submission: an upper bound on the limit.
    Upper,
}

/// A submission to measure, and on which tests.
#[derive(Clone, Debug)]
pub struct Job {
    /// The submission.
    pub submission: Submission,
    /// Whether it must be AC on each of its tests (an accepted submission); otherwise only a
    /// run over the measuring cap fails it (a Kattis submission bounding the limit from below
    /// may be permitted a wrong answer).
    pub strict: bool,
    /// The indices of the tests it bounds the limit on (a Kattis rule on some tests); `None`
    /// for all.
    pub tests: Option<Vec<usize>>,
}

impl Job {
    /// A job on every test.
    pub fn all(submission: Submission, strict: bool) -> Job {
        Job {
            submission,
            strict,
            tests: None,
        }
    }

    /// Its tests, cloned out of `tests`.
    fn tests_of(&self, tests: &[TestCase]) -> Vec<TestCase> {
        match &self.tests {
            None => tests.to_vec(),
            Some(idx) => idx.iter().filter_map(|&i| tests.get(i).cloned()).collect(),
        }
    }
}

/// One run of a submission over the tests (one repeat).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// Its slowest test's CPU time, ms (for a run stopped by the cap: at least the cap).
    pub slowest_ms: u64,
    /// That test's name.
    pub slowest_test: String,
    /// A verdict other than AC and TLE, or TLE for an accepted submission, with its test: what
    /// makes an accepted submission unusable (`None`: AC everywhere, or only TLE for a
    /// time-limit-exceeded one).
    pub failure: Option<String>,
    /// The run reached the measuring cap on its slowest test.
    pub capped: bool,
}

/// A submission's measured runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measured {
    /// `<folder>/<file>`.
    pub name: String,
    /// Its language, as the report names it (`C++`, `Rust`, `Python 3`, ...).
    pub language: String,
    /// What it bounds.
    pub bound: Bound,
    /// One run per repeat.
    pub runs: Vec<Run>,
    /// It did not compile: the compiler's message (then no runs).
    pub compile_error: Option<String>,
}

impl Measured {
    /// The time that bounds the limit: the slowest repeat for an accepted submission, the
    /// fastest for a time-limit-exceeded one (both conservative). `None` without runs.
    pub fn time_ms(&self) -> Option<u64> {
        let times = self.runs.iter().map(|r| r.slowest_ms);
        match self.bound {
            Bound::Lower => times.max(),
            Bound::Upper => times.min(),
        }
    }

    /// `(max − min) / median` of the repeats' times, in percent (0 with one run).
    pub fn spread_pct(&self) -> f64 {
        let mut t: Vec<u64> = self.runs.iter().map(|r| r.slowest_ms).collect();
        if t.len() < 2 {
            return 0.0;
        }
        t.sort_unstable();
        let median = t[t.len() / 2].max(1) as f64;
        (t[t.len() - 1] - t[0]) as f64 / median * 100.0
    }
}

/// The limit of one language (or of all), with what decided it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LanguageLimit {
    /// The language, `None` for the overall limit.
    pub language: Option<String>,
    /// The slowest accepted time and its submission.
    pub t_ac: Option<(u64, String)>,
    /// The fastest time-limit-exceeded time and its submission.
    pub t_tle: Option<(u64, String)>,
    /// The limit, ms, or why there is none.
    pub limit: Result<u64, String>,
    /// The least limit the accepted submissions allow (`T_ac` alone), which the slow ones are
    /// held to also when no limit fits.
    pub lower_ms: Option<u64>,
    /// The limit computed from each repeat alone (`None` where none fits): equal entries mean
    /// the measurement was stable enough for one run to give the same limit.
    pub per_repeat: Vec<Option<u64>>,
}

/// One submission's line of the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The measurement.
    pub measured: Measured,
    /// The limit it is held to (its language's with per-language limits; the least the
    /// accepted submissions allow when no limit fits), ms.
    pub limit_ms: Option<u64>,
    /// Accepted: limit / time; time-limit-exceeded: time / limit (≥ the multiplier is safe).
    pub margin: Option<f64>,
    /// What is wrong with it, if anything (a failure of the whole command).
    pub problem: Option<String>,
}

/// What [`analyse`] found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The formula's parameters.
    pub multipliers: Multipliers,
    /// The problem's limit now, ms.
    pub current_ms: u64,
    /// Repeats per submission.
    pub repeats: usize,
    /// The overall limit, then one per language when asked for.
    pub limits: Vec<LanguageLimit>,
    /// One per submission, accepted first.
    pub rows: Vec<Row>,
}

impl Analysis {
    /// The overall limit, when one fits.
    pub fn limit_ms(&self) -> Option<u64> {
        self.limits
            .first()
            .and_then(|l| l.limit.as_ref().ok().copied())
    }

    /// Every failure: a limit that does not fit, a submission that is not what its folder
    /// says or sits inside the margin.
    pub fn failures(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .limits
            .iter()
            .filter_map(|l| {
                l.limit.as_ref().err().map(|e| match &l.language {
                    None => e.clone(),
                    Some(lang) => format!("{lang}: {e}"),
                })
            })
            .collect();
        out.extend(self.rows.iter().filter_map(|r| {
            r.problem
                .as_ref()
                .map(|p| format!("{}: {p}", r.measured.name))
        }));
        out
    }

    /// Whether the limit fits and every submission is as its folder says, outside the margin.
    pub fn ok(&self) -> bool {
        self.failures().is_empty()
    }

    /// The report as text: the limits with what decided them and their stability, then a
    /// table of the submissions (times per repeat, spread, margin), then the failures.
    pub fn render(&self) -> String {
        let m = &self.multipliers;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "formula: limit = T_ac x {} rounded up to {} ms; T_tle >= limit x {} \
             (the Kattis formula); {} repeat(s); current limit {} ms",
            m.ac_to_time_limit, m.resolution_ms, m.time_limit_to_tle, self.repeats, self.current_ms
        );
        for l in &self.limits {
            let who = l.language.as_deref().unwrap_or("all languages");
            let ac = match &l.t_ac {
                Some((t, n)) => format!("T_ac {t} ms ({n})"),
                None => "no T_ac".into(),
            };
            let tle = match &l.t_tle {
                Some((t, n)) => format!("T_tle {t} ms ({n})"),
                None => "no T_tle".into(),
            };
            let limit = match &l.limit {
                Ok(ms) => format!("{ms} ms"),
                Err(e) => format!("none: {e}"),
            };
            let distinct: std::collections::BTreeSet<&Option<u64>> = l.per_repeat.iter().collect();
            let stable = if distinct.len() <= 1 {
                "every repeat alone gives it".to_string()
            } else {
                let each: Vec<String> = l
                    .per_repeat
                    .iter()
                    .map(|x| x.map_or("none".into(), |v| format!("{v}")))
                    .collect();
                format!("NOT STABLE: the repeats alone give {} ms", each.join(", "))
            };
            let _ = writeln!(s, "limit ({who}): {limit}; {ac}; {tle}; {stable}");
        }
        let _ = writeln!(
            s,
            "{:<44} {:<9} {:>7} {:>24} {:>7} {:>7}",
            "submission", "language", "bound", "slowest per repeat (ms)", "spread", "margin"
        );
        for r in &self.rows {
            let m = &r.measured;
            let times: Vec<String> = m
                .runs
                .iter()
                .map(|x| format!("{}{}", if x.capped { ">=" } else { "" }, x.slowest_ms))
                .collect();
            let _ = writeln!(
                s,
                "{:<44} {:<9} {:>7} {:>24} {:>6.1}% {:>7}",
                m.name,
                m.language,
                match m.bound {
                    Bound::Lower => "lower",
                    Bound::Upper => "upper",
                },
                if m.compile_error.is_some() {
                    "compile error".to_string()
                } else {
                    times.join(" ")
                },
                m.spread_pct(),
                r.margin.map_or("-".into(), |x| format!("x{x:.2}"))
            );
        }
        let failures = self.failures();
        if failures.is_empty() {
            let _ = writeln!(s, "ok: every submission is outside the margins");
        }
        for f in failures {
            let _ = writeln!(s, "FAIL {f}");
        }
        s
    }
}

/// The limits and the report from the measured submissions (pure: recorded timings give the
/// same result). An accepted submission that failed a run (another verdict, or the cap) or did
/// not compile bounds nothing and is a failure; so is a time-limit-exceeded submission whose
/// time is under its limit × `time_limit_to_tle`, or that did not compile. O(submissions ×
/// repeats × languages).
pub fn analyse(
    measured: &[Measured],
    m: &Multipliers,
    per_language: bool,
    current_ms: u64,
) -> Analysis {
    let repeats = measured.iter().map(|x| x.runs.len()).max().unwrap_or(0);
    let usable =
        |x: &&Measured| x.compile_error.is_none() && x.runs.iter().all(|r| r.failure.is_none());
    let limit_for = |lang: Option<&str>| -> LanguageLimit {
        let of_lang = |x: &&Measured| lang.is_none_or(|l| x.language == l);
        let ac: Vec<&Measured> = measured
            .iter()
            .filter(|x| x.bound == Bound::Lower)
            .filter(usable)
            .filter(of_lang)
            .collect();
        let tle: Vec<&Measured> = measured
            .iter()
            .filter(|x| x.bound == Bound::Upper && x.compile_error.is_none() && !x.runs.is_empty())
            .filter(of_lang)
            .collect();
        let t_ac = ac
            .iter()
            .filter_map(|x| x.time_ms().map(|t| (t, x.name.clone())))
            .max_by_key(|(t, _)| *t);
        let t_tle = tle
            .iter()
            .filter_map(|x| x.time_ms().map(|t| (t, x.name.clone())))
            .min_by_key(|(t, _)| *t);
        let limit = match &t_ac {
            Some((t, _)) => kattis_limit_ms(*t, t_tle.as_ref().map(|x| x.0), m),
            None => Err("no accepted submission ran on every test".into()),
        };
        let per_repeat = (0..repeats)
            .map(|i| {
                let t_ac = ac
                    .iter()
                    .filter_map(|x| x.runs.get(i))
                    .map(|r| r.slowest_ms)
                    .max()?;
                let t_tle = tle
                    .iter()
                    .filter_map(|x| x.runs.get(i))
                    .map(|r| r.slowest_ms)
                    .min();
                kattis_limit_ms(t_ac, t_tle, m).ok()
            })
            .collect();
        let lower_ms = t_ac
            .as_ref()
            .and_then(|(t, _)| kattis_limit_ms(*t, None, m).ok());
        LanguageLimit {
            language: lang.map(String::from),
            lower_ms,
            t_ac,
            t_tle,
            limit,
            per_repeat,
        }
    };
    let mut limits = vec![limit_for(None)];
    if per_language {
        let mut langs: Vec<&str> = measured
            .iter()
            .filter(|x| x.bound == Bound::Lower)
            .filter(usable)
            .map(|x| x.language.as_str())
            .collect();
        langs.sort_unstable();
        langs.dedup();
        limits.extend(langs.into_iter().map(|l| limit_for(Some(l))));
    }
    let limit_of = |lang: &str| -> Option<u64> {
        let own = limits
            .iter()
            .skip(1)
            .find(|l| l.language.as_deref() == Some(lang));
        own.unwrap_or(&limits[0]).lower_ms
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut ordered: Vec<&Measured> = measured.iter().collect();
    ordered.sort_by_key(|x| (x.bound == Bound::Upper, x.name.clone()));
    for x in ordered {
        let limit_ms = limit_of(&x.language);
        let t = x.time_ms();
        let margin = match (limit_ms, t) {
            (Some(l), Some(t)) if l > 0 => Some(match x.bound {
                Bound::Lower => l as f64 / t.max(1) as f64,
                Bound::Upper => t as f64 / l as f64,
            }),
            _ => None,
        };
        let problem = if let Some(e) = &x.compile_error {
            Some(format!("does not compile: {}", first_line(e)))
        } else if let Some(f) = x.runs.iter().find_map(|r| r.failure.clone()) {
            Some(f)
        } else {
            match (x.bound, limit_ms, t) {
                (Bound::Upper, Some(l), Some(t))
                    if (t as f64) < l as f64 * m.time_limit_to_tle - 1e-9 =>
                {
                    Some(format!(
                        "inside the margin: its slowest test takes {t} ms, under the limit \
                         {l} ms x time_limit_to_tle {} = {} ms",
                        m.time_limit_to_tle,
                        (l as f64 * m.time_limit_to_tle).round()
                    ))
                }
                _ => None,
            }
        };
        rows.push(Row {
            measured: x.clone(),
            limit_ms,
            margin,
            problem,
        });
    }
    Analysis {
        multipliers: *m,
        current_ms,
        repeats,
        limits,
        rows,
    }
}

/// The first line of `text`.
fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// The limit the time-limit-exceeded submissions are measured against once the accepted ones
/// are measured: the least the accepted submissions allow (`T_ac` alone, overall), else
/// `current_ms`. O(submissions × repeats).
pub fn slow_limit_ms(accepted: &[Measured], m: &Multipliers, current_ms: u64) -> u64 {
    let a = analyse(accepted, m, false, current_ms);
    a.limits[0].lower_ms.unwrap_or(current_ms)
}

/// The accepted submissions' measuring cap for a problem whose limit is `current_ms`: ten
/// times it, at least 10 s (what an accepted submission needs far beyond that is no
/// measurement but a failure).
pub fn accepted_cap_ms(current_ms: u64) -> u64 {
    current_ms.saturating_mul(10).max(10_000)
}

/// Runs `accepted` on every test `repeats` times (each with whether it must be AC on every
/// test: a Kattis submission that bounds the limit from below may be permitted a wrong
/// answer, and then only a run over the cap fails it), then `slow` (the time-limit-exceeded
/// submissions) as the module documentation says, under `opts`' limits but for the CPU time
/// (the caps above); returns the measurements in the order given. `limit_for_slow` computes
/// the limit the slow submissions are measured against from the accepted ones.
///
/// Errors: judging fails (the sandbox, a cache folder; see [`judge`]).
/// Cost: `repeats × (accepted × tests + slow × tests run until the cap)` runs, one at a time
/// when `opts.jobs` is 1 (the default: timings are less reliable in parallel).
#[allow(clippy::too_many_arguments)]
pub fn measure(
    problem: &dyn Problem,
    config: &ProblemConfig,
    accepted: &[Job],
    slow: &[Job],
    tests: &[TestCase],
    opts: &JudgeOptions,
    repeats: usize,
    limit_for_slow: &dyn Fn(&[Measured]) -> u64,
    multipliers: &Multipliers,
) -> anyhow::Result<Vec<Measured>> {
    let (mut out, test_cost) = measure_accepted(problem, config, accepted, tests, opts, repeats)?;
    if slow.is_empty() {
        return Ok(out);
    }
    let limit = limit_for_slow(&out);
    out.extend(measure_slow(
        problem,
        config,
        slow,
        tests,
        opts,
        repeats,
        limit,
        &test_cost,
        multipliers,
    )?);
    Ok(out)
}

/// Per test name, the slowest time (ms) an accepted submission took on it: the slow
/// submissions run the costliest tests first.
pub type TestCost = BTreeMap<String, u64>;

/// The first half of [`measure`]: `accepted` on every test `repeats` times under the accepted
/// cap ([`accepted_cap_ms`]), with each test's slowest time.
///
/// Errors: judging fails.
fn measure_accepted(
    problem: &dyn Problem,
    config: &ProblemConfig,
    accepted: &[Job],
    tests: &[TestCase],
    opts: &JudgeOptions,
    repeats: usize,
) -> anyhow::Result<(Vec<Measured>, TestCost)> {
    let repeats = repeats.max(1);
    let ac_cap = accepted_cap_ms(opts.limits.time_ms);
    let mut ac_opts = opts.clone();
    ac_opts.limits = with_time(&opts.limits, ac_cap);
    let mut out: Vec<Measured> = accepted
        .iter()
        .map(|j| Measured {
            name: j.submission.name.clone(),
            language: j.submission.language().to_string(),
            bound: Bound::Lower,
            runs: Vec::new(),
            compile_error: None,
        })
        .collect();
    // Per test, the accepted submissions' slowest time: the slow ones run those first.
    let mut test_cost = TestCost::new();
    for _ in 0..repeats {
        for (m, job) in out.iter_mut().zip(accepted) {
            let strict = &job.strict;
            let own = job.tests_of(tests);
            let report = judge(
                problem,
                config,
                std::slice::from_ref(&job.submission),
                &own,
                &ac_opts,
            )
            .with_context(|| format!("cannot run {}", job.submission.name))?;
            let r = &report.submissions[0];
            if let Some(e) = &r.compile_error {
                m.compile_error = Some(e.clone());
                continue;
            }
            for t in &r.tests {
                let c = test_cost.entry(t.test.clone()).or_default();
                *c = (*c).max(t.time_ms);
            }
            let failure = (r.tests.iter())
                .find(|t| t.verdict == Verdict::Tle || (*strict && t.verdict != Verdict::Ac))
                .map(|t| {
                    if t.verdict == Verdict::Tle {
                        format!(
                            "accepted, but over the measuring cap of {ac_cap} ms on test {}",
                            t.test
                        )
                    } else {
                        format!(
                            "accepted, but {} on test {}: {}",
                            t.verdict, t.test, t.message
                        )
                    }
                });
            let slowest = r.tests.iter().max_by_key(|t| t.time_ms);
            m.runs.push(Run {
                slowest_ms: slowest.map_or(0, |t| t.time_ms),
                slowest_test: slowest.map_or(String::new(), |t| t.test.clone()),
                failure,
                capped: false,
            });
        }
    }
    Ok((out, test_cost))
}

/// The second half of [`measure`]: `slow` measured against `limit` (the cap of twice the
/// margin, the costliest tests of `test_cost` first).
///
/// Errors: judging fails.
#[allow(clippy::too_many_arguments)]
fn measure_slow(
    problem: &dyn Problem,
    config: &ProblemConfig,
    slow: &[Job],
    tests: &[TestCase],
    opts: &JudgeOptions,
    repeats: usize,
    limit: u64,
    test_cost: &TestCost,
    multipliers: &Multipliers,
) -> anyhow::Result<Vec<Measured>> {
    let repeats = repeats.max(1);
    let mut out = Vec::with_capacity(slow.len());
    let limit = limit.max(1);
    let cap = ((limit as f64) * multipliers.time_limit_to_tle * 2.0).ceil() as u64;
    let mut slow_opts = opts.clone();
    slow_opts.limits = with_time(&opts.limits, cap);
    let mut order: Vec<usize> = (0..tests.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(test_cost.get(&tests[i].name).copied().unwrap_or(0)));
    for job in slow {
        let s = &job.submission;
        let mut m = Measured {
            name: s.name.clone(),
            language: s.language().to_string(),
            bound: Bound::Upper,
            runs: Vec::new(),
            compile_error: None,
        };
        'repeat: for _ in 0..repeats {
            let mut run = Run {
                slowest_ms: 0,
                slowest_test: String::new(),
                failure: None,
                capped: false,
            };
            for &i in order
                .iter()
                .filter(|i| job.tests.as_ref().is_none_or(|t| t.contains(i)))
            {
                let report = judge(
                    problem,
                    config,
                    std::slice::from_ref(s),
                    std::slice::from_ref(&tests[i]),
                    &slow_opts,
                )
                .with_context(|| format!("cannot run {}", s.name))?;
                let r = &report.submissions[0];
                if let Some(e) = &r.compile_error {
                    m.compile_error = Some(e.clone());
                    break 'repeat;
                }
                let Some(t) = r.tests.first() else { continue };
                if t.time_ms >= run.slowest_ms {
                    run.slowest_ms = t.time_ms;
                    run.slowest_test = t.test.clone();
                }
                if !matches!(t.verdict, Verdict::Ac | Verdict::Tle) && run.failure.is_none() {
                    run.failure = Some(format!(
                        "time_limit_exceeded, but {} on test {} before any test took long: {}",
                        t.verdict, t.test, t.message
                    ));
                }
                if t.verdict == Verdict::Tle {
                    run.capped = true;
                    run.slowest_ms = run.slowest_ms.max(cap);
                    break;
                }
            }
            m.runs.push(run);
        }
        out.push(m);
    }
    Ok(out)
}

/// `l` with the CPU limit `ms` and the wall-clock limit that goes with it.
pub(crate) fn with_time(
    l: &crate::exec::runner::RunLimits,
    ms: u64,
) -> crate::exec::runner::RunLimits {
    let mut out = *l;
    out.time_ms = ms;
    out.wall_ms = crate::exec::runner::RunLimits::default_wall_ms(ms);
    out
}

/// `gridjudge timelimit` on a problem of gridjudge's own format: its catalogue's
/// `accepted/` and `time_limit_exceeded/` submissions ([`crate::judge::verify::load_catalogue`])
/// measured on its built tests (checked against `tests.lock`) `repeats` times ([`measure`]),
/// with `problem.toml`'s `[time_limit]` settings ([`analyse`]). `Ok(None)` without a
/// `submissions/` folder.
///
/// Errors: the catalogue or the tests cannot be read or are stale, there is no accepted
/// submission, judging fails. The verdict of the measurement (a limit that does not fit, a
/// slow submission inside the margin) is in the [`Analysis`], not an error.
pub fn time_limit_problem(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &std::path::Path,
    opts: &JudgeOptions,
    repeats: usize,
) -> anyhow::Result<Option<Analysis>> {
    let Some((accepted, slow)) = catalogue_jobs(problems_dir, problem.name())? else {
        return Ok(None);
    };
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let tests = package.cases();
    let settings = &config.time_limit;
    let m = settings.multipliers;
    let limit_for_slow =
        |measured: &[Measured]| -> u64 { slow_limit_ms(measured, &m, opts.limits.time_ms) };
    let measured = measure(
        problem,
        config,
        &accepted,
        &slow,
        &tests,
        opts,
        repeats,
        &limit_for_slow,
        &m,
    )?;
    package.recheck()?;
    Ok(Some(analyse(
        &measured,
        &m,
        settings.per_language,
        config.limits.time_ms,
    )))
}

/// The jobs of the catalogue of problem `name` in `problems_dir`: its `accepted/` and its
/// `time_limit_exceeded/` submissions, each on every test; `None` without a `submissions/`
/// folder.
///
/// Errors: the catalogue cannot be read; no accepted submission.
fn catalogue_jobs(
    problems_dir: &std::path::Path,
    name: &str,
) -> anyhow::Result<Option<(Vec<Job>, Vec<Job>)>> {
    use crate::judge::verify::{load_catalogue, Expected};
    let dir = problems_dir.join(name);
    let Some(entries) = load_catalogue(&dir)? else {
        return Ok(None);
    };
    let of = |e: Expected| -> Vec<Job> {
        (entries.iter())
            .filter(|x| x.expected == e)
            .map(|x| Job::all(x.submission.clone(), true))
            .collect()
    };
    let (accepted, slow) = (of(Expected::Accepted), of(Expected::TimeLimitExceeded));
    if accepted.is_empty() {
        bail!(
            "{}: no accepted submission: the time limit is derived from them",
            dir.join("submissions/accepted").display()
        );
    }
    Ok(Some((accepted, slow)))
}

/// One shard of `timelimit` on a problem of gridjudge's own format (`gridjudge timelimit
/// --shard i/N`): its part of the accepted submissions measured. The time-limit-exceeded ones
/// are measured against the limit all the accepted ones give, so they run at the merge
/// ([`merge_time_limit`]), on the machine that merges; this keeps each submission's repeats on
/// one machine, so its spread is one machine's.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TimeLimitShard {
    /// Always `timelimit` (how `gridjudge merge` tells the documents apart).
    pub command: String,
    /// Problem name.
    pub problem: String,
    /// Which part: accepted submission `k` (from 0, in catalogue order) is this shard's when
    /// [`crate::core::shard::Shard::takes`] it.
    pub shard: crate::core::shard::Shard,
    /// The SHA-256 of the problem's `tests.lock` when the shard ran.
    pub lock_sha256: String,
    /// Every accepted submission's name, in catalogue order.
    pub accepted: Vec<String>,
    /// Repeats per submission.
    pub repeats: usize,
    /// The limits the runs were given (the caps derive from their CPU time).
    pub limits: crate::exec::runner::RunLimits,
    /// Whether the programs ran in the sandbox.
    pub sandbox: bool,
    /// This shard's measurements, with each one's index in `accepted`.
    pub measured: Vec<(usize, Measured)>,
    /// Per test, the slowest time of this shard's accepted submissions.
    pub test_cost: TestCost,
    /// Where the shard ran.
    pub host: crate::core::shard::Host,
}

/// Measures shard `shard` of the accepted submissions of the problem (see
/// [`TimeLimitShard`]) on its package, checked against its lock. `Ok(None)` without a
/// `submissions/` folder.
///
/// Errors: as [`time_limit_problem`].
pub fn time_limit_shard(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &std::path::Path,
    opts: &JudgeOptions,
    repeats: usize,
    shard: crate::core::shard::Shard,
) -> anyhow::Result<Option<TimeLimitShard>> {
    let Some((accepted, _)) = catalogue_jobs(problems_dir, problem.name())? else {
        return Ok(None);
    };
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let tests = package.cases();
    let (mine, jobs): (Vec<usize>, Vec<Job>) = accepted
        .iter()
        .cloned()
        .enumerate()
        .filter(|(k, _)| shard.takes(*k))
        .unzip();
    let (measured, test_cost) = measure_accepted(problem, config, &jobs, &tests, opts, repeats)?;
    package.recheck()?;
    Ok(Some(TimeLimitShard {
        command: "timelimit".to_string(),
        problem: problem.name().to_string(),
        shard,
        lock_sha256: crate::judge::verify::lock_sha256(&problems_dir.join(problem.name()))?,
        accepted: accepted.iter().map(|j| j.submission.name.clone()).collect(),
        repeats: repeats.max(1),
        limits: opts.limits,
        sandbox: opts.sandbox,
        measured: mine.into_iter().zip(measured).collect(),
        test_cost,
        host: crate::core::shard::host(),
    }))
}

/// The analysis of [`time_limit_problem`] from every shard of it ([`time_limit_shard`];
/// `files` names their documents, in the same order): the accepted submissions' measurements
/// put back in catalogue order, then the time-limit-exceeded submissions measured here
/// against the limit they give, as one run does. `opts` gives the cache folder and the jobs;
/// the limits and the sandbox are the shards'. The same analysis as one run on one machine
/// but for the times.
///
/// Errors: a shard missing or given twice, shards of different runs (repeats, limits,
/// sandbox), a package or catalogue changed since the shards ran, judging fails.
pub fn merge_time_limit(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &std::path::Path,
    opts: &JudgeOptions,
    shards: Vec<TimeLimitShard>,
    files: &[String],
) -> anyhow::Result<Analysis> {
    use crate::core::shard::{check_complete, same_as_first};
    let cuts: Vec<_> = shards.iter().map(|s| s.shard).collect();
    check_complete(&cuts, files, &format!("timelimit of `{}`", problem.name()))
        .map_err(anyhow::Error::msg)?;
    let Some((accepted, slow)) = catalogue_jobs(problems_dir, problem.name())? else {
        bail!(
            "problem `{}` has no submissions folder: its shards cannot be merged",
            problem.name()
        );
    };
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let lock = crate::judge::verify::lock_sha256(&problems_dir.join(problem.name()))?;
    let names: Vec<String> = accepted.iter().map(|j| j.submission.name.clone()).collect();
    let first = &shards[0];
    let mut slots: Vec<Option<Measured>> = vec![None; names.len()];
    let mut test_cost = TestCost::new();
    for (k, sh) in shards.iter().enumerate() {
        let same = |what: &str, ok: bool| same_as_first(files, k, what, ok);
        same("repeat count", sh.repeats == first.repeats).map_err(anyhow::Error::msg)?;
        same("limits", sh.limits == first.limits).map_err(anyhow::Error::msg)?;
        same("sandbox", sh.sandbox == first.sandbox).map_err(anyhow::Error::msg)?;
        if sh.lock_sha256 != lock || sh.accepted != names {
            bail!(
                "{}: the shard measured another package or catalogue of `{}` (tests.lock or \
                 the accepted submissions have changed since): run the shards again",
                files[k],
                problem.name()
            );
        }
        for (i, m) in &sh.measured {
            match slots.get_mut(*i) {
                Some(slot) if sh.shard.takes(*i) && slot.is_none() => *slot = Some(m.clone()),
                _ => bail!(
                    "{}: shard {} holds accepted submission {i}, which its cut does not give it",
                    files[k],
                    sh.shard
                ),
            }
        }
        for (t, ms) in &sh.test_cost {
            let c = test_cost.entry(t.clone()).or_default();
            *c = (*c).max(*ms);
        }
    }
    let mut measured: Vec<Measured> = slots
        .into_iter()
        .zip(&names)
        .map(|(m, n)| m.with_context(|| format!("no shard measured {n}")))
        .collect::<anyhow::Result<_>>()?;
    let settings = &config.time_limit;
    let m = settings.multipliers;
    let mut opts = opts.clone();
    opts.limits = first.limits;
    opts.sandbox = first.sandbox;
    if !slow.is_empty() {
        let limit = slow_limit_ms(&measured, &m, opts.limits.time_ms);
        let tests = package.cases();
        measured.extend(measure_slow(
            problem,
            config,
            &slow,
            &tests,
            &opts,
            first.repeats,
            limit,
            &test_cost,
            &m,
        )?);
    }
    package.recheck()?;
    Ok(analyse(
        &measured,
        &m,
        settings.per_language,
        config.limits.time_ms,
    ))
}

/// `gridjudge timelimit` on a Kattis package: the submissions that bound the limit from below
/// and above as the package's expectations say
/// ([`crate::problems::kattis::submissions::Expectation::lower_bounds_time_limit`] and
/// `upper_bounds_time_limit`: the legacy `accepted/` and `time_limit_exceeded/` folders, the
/// 2025-09 rules and `use_for_time_limit`), with the package's multipliers and resolution
/// (2025-09 `limits.time_multipliers` and `time_resolution`; legacy `time_multiplier` and
/// `time_safety_margin`, whole seconds, as problemtools computes), measured on its `data/`
/// (checked against its lock) with its included files, as `verify` runs them.
///
/// Errors: the submissions or the data cannot be read, no submission bounds the limit from
/// below, judging fails.
pub fn time_limit_package(
    package: &crate::problems::kattis::Package,
    opts: &JudgeOptions,
    repeats: usize,
) -> anyhow::Result<Analysis> {
    use crate::problems::kattis::{submissions, Version};
    let dir = &package.dir;
    let tests = crate::package::kattis::checked_cases(package)?;
    let subs = submissions::load_with_included(dir, package.yaml.layout(), &opts.cache_dir)?;
    // The tests each bounding rule covers (the spec: T is the slowest time over the test
    // cases the rule applies to); a legacy accepted/ folder covers all.
    let covered = |rules: Vec<&submissions::Rule>, all: bool| -> Option<Vec<usize>> {
        if all || rules.iter().any(|r| r.tests.is_none()) {
            return None;
        }
        let idx: Vec<usize> = (0..tests.len())
            .filter(|&i| {
                (rules.iter()).any(|r| {
                    r.tests
                        .as_deref()
                        .is_some_and(|g| submissions::glob_matches(g, &tests[i].name))
                })
            })
            .collect();
        Some(idx)
    };
    use submissions::KattisVerdict;
    let mut accepted: Vec<Job> = Vec::new();
    let mut slow: Vec<Job> = Vec::new();
    for s in &subs {
        let Some(sub) = &s.submission else { continue };
        let e = &s.expectation;
        if e.lower_bounds_time_limit() {
            let rules: Vec<&submissions::Rule> =
                e.rules.iter().filter(|r| r.bounds_from_below()).collect();
            let legacy = (e.finals.iter()).any(|f| f.origin == "legacy folder accepted/");
            let strict = (rules.iter())
                .all(|r| r.permitted.iter().all(|v| *v == KattisVerdict::Ac))
                && (e.finals.iter()).all(|f| f.verdicts.iter().all(|v| *v == KattisVerdict::Ac));
            accepted.push(Job {
                submission: sub.clone(),
                strict,
                tests: covered(rules, legacy),
            });
        }
        if e.upper_bounds_time_limit() {
            let rules: Vec<&submissions::Rule> =
                e.rules.iter().filter(|r| r.bounds_from_above()).collect();
            slow.push(Job {
                submission: sub.clone(),
                strict: false,
                tests: covered(rules, false),
            });
        }
    }
    if accepted.is_empty() {
        bail!(
            "{}: no submission this machine runs bounds the time limit from below (an \
             accepted one)",
            dir.join("submissions").display()
        );
    }
    let l = &package.yaml.limits;
    let m = Multipliers {
        ac_to_time_limit: l.ac_to_time_limit,
        time_limit_to_tle: l.time_limit_to_tle,
        resolution_ms: match package.yaml.layout() {
            Version::Legacy => 1000,
            Version::V2025_09 => ((l.time_resolution * 1000.0).round() as u64).max(1),
        },
    };
    let problem = package.problem;
    let config = problem.config();
    let limit_for_slow =
        |measured: &[Measured]| -> u64 { slow_limit_ms(measured, &m, opts.limits.time_ms) };
    let measured = measure(
        problem,
        config,
        &accepted,
        &slow,
        &tests,
        opts,
        repeats,
        &limit_for_slow,
        &m,
    )?;
    Ok(analyse(&measured, &m, false, config.limits.time_ms))
}

/// Writes the limit `ms` into the Kattis package `package`: a legacy package's `.timelimit`
/// (DOMjudge's file, seconds; a legacy `problem.yaml` has no key for it), a 2025-09
/// package's `limits.time_limit` in `problem.yaml` (the line replaced, or added under
/// `limits:`, or a `limits:` table appended; the rest of the file kept). Errors when a file
/// cannot be read or written. O(file length).
pub fn write_package_limit(
    package: &crate::problems::kattis::Package,
    ms: u64,
) -> anyhow::Result<std::path::PathBuf> {
    use crate::problems::kattis::Version;
    let secs = format!("{}", ms as f64 / 1000.0);
    if package.yaml.layout() == Version::Legacy {
        let p = package.dir.join(".timelimit");
        crate::core::files::write_atomic(&p, format!("{secs}\n").as_bytes())?;
        return Ok(p);
    }
    let p = package.dir.join("problem.yaml");
    let text =
        std::fs::read_to_string(&p).with_context(|| format!("cannot read {}", p.display()))?;
    let new = with_yaml_time_limit(&text, &secs);
    crate::core::files::write_atomic(&p, new.as_bytes())?;
    Ok(p)
}

/// `text` (a 2025-09 `problem.yaml`) with `limits: time_limit:` set to `secs`: the indented
/// `time_limit:` line under a top-level `limits:` replaced, or one added right under
/// `limits:`, or `limits:` with it appended. Every other line is kept.
pub fn with_yaml_time_limit(text: &str, secs: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let Some(start) = lines.iter().position(|l| l.trim_end() == "limits:") else {
        let sep = if text.is_empty() || text.ends_with('\n') {
            ""
        } else {
            "\n"
        };
        return format!("{text}{sep}limits:\n  time_limit: {secs}\n");
    };
    let end = (start + 1..lines.len())
        .find(|&i| {
            let l = lines[i];
            !l.trim().is_empty() && !l.starts_with(' ') && !l.starts_with('#')
        })
        .unwrap_or(lines.len());
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    match (start + 1..end).find(|&i| lines[i].trim_start().starts_with("time_limit:")) {
        Some(i) => {
            let indent = &lines[i][..lines[i].len() - lines[i].trim_start().len()];
            out[i] = format!("{indent}time_limit: {secs}");
        }
        None => {
            let indent = (start + 1..end)
                .map(|i| lines[i])
                .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                .map_or("  ".to_string(), |l| {
                    l[..l.len() - l.trim_start().len()].to_string()
                });
            out.insert(start + 1, format!("{indent}time_limit: {secs}"));
        }
    }
    out.join("\n") + "\n"
}

/// Writes the limit `ms` into `problem_dir/problem.toml`'s `[limits] time_ms`
/// ([`with_time_ms`]: comments and layout kept), atomically; returns the file's path. Errors:
/// the file cannot be read or written, or is no `problem.toml` with `[limits]`.
pub fn write_problem_limit(
    problem_dir: &std::path::Path,
    ms: u64,
) -> anyhow::Result<std::path::PathBuf> {
    let path = problem_dir.join("problem.toml");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let new = with_time_ms(&text, &path.display().to_string(), ms)?;
    crate::core::files::write_atomic(&path, new.as_bytes())?;
    Ok(path)
}

/// `text` (a `problem.toml`) with `[limits] time_ms` set to `ms`, its comments and layout
/// kept (toml_edit). Errors naming `origin` when the text is no TOML or has no `[limits]`
/// table. O(text length).
pub fn with_time_ms(text: &str, origin: &str, ms: u64) -> anyhow::Result<String> {
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .with_context(|| format!("{origin}: invalid problem.toml"))?;
    let Some(limits) = doc.get_mut("limits").and_then(|l| l.as_table_like_mut()) else {
        bail!("{origin}: no [limits] table to write time_ms into");
    };
    let value = i64::try_from(ms).with_context(|| format!("{ms} ms is out of range"))?;
    match limits.get_mut("time_ms").and_then(|v| v.as_value_mut()) {
        Some(v) => {
            let decor = v.decor().clone();
            *v = toml_edit::Value::from(value);
            *v.decor_mut() = decor;
        }
        None => {
            limits.insert("time_ms", toml_edit::value(value));
        }
    }
    Ok(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(ms: u64) -> Run {
        Run {
            slowest_ms: ms,
            slowest_test: "t".into(),
            failure: None,
            capped: false,
        }
    }

    fn sub(name: &str, lang: &str, bound: Bound, times: &[u64]) -> Measured {
        Measured {
            name: name.into(),
            language: lang.into(),
            bound,
            runs: times.iter().map(|&t| run(t)).collect(),
            compile_error: None,
        }
    }

    #[test]
    fn the_formula_rounds_up_to_the_resolution_and_checks_the_margin() {
        let m = Multipliers::default();
        // 0.3 s x 2 = 0.6 s: one whole second.
        assert_eq!(kattis_limit_ms(300, None, &m), Ok(1000));
        // Exactly a multiple stays (1.5 s x 2 = 3 s), a hair above goes up.
        assert_eq!(kattis_limit_ms(1500, None, &m), Ok(3000));
        assert_eq!(kattis_limit_ms(1501, None, &m), Ok(4000));
        // A fast accepted submission still gets one step.
        assert_eq!(kattis_limit_ms(0, None, &m), Ok(1000));
        // The slow submission must take at least limit x 1.5.
        assert_eq!(kattis_limit_ms(300, Some(1500), &m), Ok(1000));
        let e = kattis_limit_ms(300, Some(1499), &m).unwrap_err();
        assert!(
            e.contains("needs at least 1000 ms") && e.contains("at most 999 ms"),
            "{e}"
        );
        // A finer resolution: 0.1 s.
        let fine = Multipliers {
            resolution_ms: 100,
            ..m
        };
        assert_eq!(kattis_limit_ms(300, Some(1000), &fine), Ok(600));
        assert_eq!(kattis_limit_ms(301, None, &fine), Ok(700));
        // problemtools' legacy defaults: x5, whole seconds, margin x2.
        let legacy = Multipliers {
            ac_to_time_limit: 5.0,
            time_limit_to_tle: 2.0,
            resolution_ms: 1000,
        };
        assert_eq!(kattis_limit_ms(210, Some(4000), &legacy), Ok(2000));
        assert!(kattis_limit_ms(210, Some(3999), &legacy).is_err());
        assert!(Multipliers {
            ac_to_time_limit: 0.5,
            ..m
        }
        .check()
        .is_err());
    }

    /// Recorded timings (ms) of `game`'s catalogue on an idle machine (three repeats): the
    /// slowest accepted is kuhn_recursive at 41 ms, the slow submission 2.8 s or more.
    fn game_recorded() -> Vec<Measured> {
        vec![
            sub(
                "accepted/hopcroft_karp.cpp",
                "C++",
                Bound::Lower,
                &[12, 13, 12],
            ),
            sub(
                "accepted/kuhn_iterative.rs",
                "Rust",
                Bound::Lower,
                &[35, 33, 34],
            ),
            sub(
                "accepted/kuhn_recursive.cpp",
                "C++",
                Bound::Lower,
                &[41, 39, 40],
            ),
            sub(
                "time_limit_exceeded/rematch_per_cell.cpp",
                "C++",
                Bound::Upper,
                &[2800, 2950, 2870],
            ),
        ]
    }

    #[test]
    fn recorded_timings_give_the_limit_its_margins_and_stability() {
        let m = Multipliers {
            resolution_ms: 100,
            ..Multipliers::default()
        };
        let a = analyse(&game_recorded(), &m, false, 1000);
        assert_eq!(a.limit_ms(), Some(100));
        assert_eq!(
            a.limits[0].t_ac,
            Some((41, "accepted/kuhn_recursive.cpp".into()))
        );
        assert_eq!(
            a.limits[0].t_tle,
            Some((2800, "time_limit_exceeded/rematch_per_cell.cpp".into()))
        );
        assert_eq!(a.limits[0].per_repeat, vec![Some(100); 3]);
        assert!(a.ok(), "{}", a.render());
        let slow = &a.rows[3];
        assert_eq!(slow.margin, Some(28.0));
        // Per language: C++ 41 ms -> 100 ms, Rust 35 ms -> 100 ms.
        let a = analyse(&game_recorded(), &m, true, 1000);
        let langs: Vec<(Option<String>, Result<u64, String>)> = a
            .limits
            .iter()
            .map(|l| (l.language.clone(), l.limit.clone()))
            .collect();
        assert_eq!(
            langs,
            vec![
                (None, Ok(100)),
                (Some("C++".into()), Ok(100)),
                (Some("Rust".into()), Ok(100))
            ]
        );
        // With the spec's 1 s resolution the limit is 1 s, and the slow submission at 2.8 s is
        // outside the margin (1.5 s).
        let a = analyse(&game_recorded(), &Multipliers::default(), false, 1000);
        assert_eq!(a.limit_ms(), Some(1000));
        assert!(a.ok());
    }

    #[test]
    fn a_slow_submission_inside_the_margin_and_a_failed_accepted_one_are_named() {
        let m = Multipliers {
            resolution_ms: 100,
            ..Multipliers::default()
        };
        let mut runs = game_recorded();
        // A slow submission at 130 ms: over the limit, but under 100 ms x 1.5 = 150 ms.
        runs[3] = sub(
            "time_limit_exceeded/close.cpp",
            "C++",
            Bound::Upper,
            &[140, 130, 135],
        );
        // An unstable accepted submission: 41, 55, 41 ms.
        runs[2] = sub(
            "accepted/kuhn_recursive.cpp",
            "C++",
            Bound::Lower,
            &[41, 55, 41],
        );
        let a = analyse(&runs, &m, false, 1000);
        // T_ac 55 ms x 2 = 110 -> 200 ms, and 200 x 1.5 > 130: no limit fits.
        assert_eq!(a.limit_ms(), None);
        assert_eq!(a.limits[0].per_repeat, vec![None, None, None]);
        let f = a.failures();
        assert!(f[0].starts_with("no limit fits"), "{f:?}");
        // Without the unstable one, the accepted submissions allow 100 ms, and the slow one is
        // inside its margin: named.
        runs[2] = sub(
            "accepted/kuhn_recursive.cpp",
            "C++",
            Bound::Lower,
            &[41, 40, 39],
        );
        let a = analyse(&runs, &m, false, 1000);
        assert_eq!(a.limit_ms(), None, "{}", a.render());
        let f = a.failures();
        assert_eq!(f.len(), 2, "{f:?}");
        assert_eq!(
            f[1],
            "time_limit_exceeded/close.cpp: inside the margin: its slowest test takes 130 ms, \
             under the limit 100 ms x time_limit_to_tle 1.5 = 150 ms"
        );
        runs[3] = sub(
            "time_limit_exceeded/close.cpp",
            "C++",
            Bound::Upper,
            &[160, 152, 171],
        );
        let a = analyse(&runs, &m, false, 1000);
        assert_eq!(a.limit_ms(), Some(100));
        assert!(a.ok(), "{}", a.render());
        // An accepted submission that failed a run bounds nothing and is named.
        runs[0].runs[1].failure = Some("accepted, but WA on test 07: x".into());
        let a = analyse(&runs, &m, false, 1000);
        assert_eq!(
            a.limits[0].t_ac.as_ref().unwrap().1,
            "accepted/kuhn_recursive.cpp"
        );
        assert_eq!(
            a.failures(),
            vec!["accepted/hopcroft_karp.cpp: accepted, but WA on test 07: x".to_string()]
        );
        // Instability shows in the per-repeat limits.
        let runs = vec![sub("accepted/a.cpp", "C++", Bound::Lower, &[45, 52, 48])];
        let a = analyse(&runs, &m, false, 1000);
        assert_eq!(
            a.limits[0].per_repeat,
            vec![Some(100), Some(200), Some(100)]
        );
        assert!(a
            .render()
            .contains("NOT STABLE: the repeats alone give 100, 200, 100 ms"));
        assert_eq!(a.limit_ms(), Some(200));
    }

    #[test]
    fn the_yaml_limit_is_written_keeping_the_rest() {
        let t = "name: X\nlimits:\n  # comment\n  memory: 256\n  time_limit: 2\nkeywords: [a]\n";
        assert_eq!(
            with_yaml_time_limit(t, "1.5"),
            "name: X\nlimits:\n  # comment\n  memory: 256\n  time_limit: 1.5\nkeywords: [a]\n"
        );
        assert_eq!(
            with_yaml_time_limit("name: X\nlimits:\n    memory: 256\n", "1"),
            "name: X\nlimits:\n    time_limit: 1\n    memory: 256\n"
        );
        assert_eq!(
            with_yaml_time_limit("name: X", "3"),
            "name: X\nlimits:\n  time_limit: 3\n"
        );
        let toml = "name = \"g\"\n[limits]\ntime_ms = 1000 # the limit\nmemory_mib = 128\n";
        assert_eq!(
            with_time_ms(toml, "p", 300).unwrap(),
            "name = \"g\"\n[limits]\ntime_ms = 300 # the limit\nmemory_mib = 128\n"
        );
        assert!(with_time_ms("name = 1\n", "p", 3)
            .unwrap_err()
            .to_string()
            .contains("no [limits]"));
    }
}
