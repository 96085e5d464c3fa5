//! `verify` of a Kattis package in place ([`crate::problems::kattis`]): every submission of
//! its `submissions/` judged on its data tree, each against what its folder,
//! `submissions.yaml` or `@EXPECTED_RESULTS@` comment expects
//! ([`crate::problems::kattis::submissions`]), with the time limit derived from the accepted
//! submissions when `problem.yaml` fixes none, and the kill matrix and a minimal killing set
//! over the submissions expected to fail.
//!
//! The final verdict of a pass-fail submission is the verdict of the first test in judging
//! order that is not accepted (the specification's "first error" rule, which both versions
//! use by default); a scoring problem's verdict and score are aggregated over its groups by
//! [`crate::problems::kattis::scoring`].
//!
//! Time limit, when derived (2025-09 "Problem timing"; legacy "Limits" with problemtools'
//! reading): the slowest test of the slowest accepted submission that may bound it, `T_ac`,
//! times `ac_to_time_limit` (legacy `time_multiplier`), rounded up to a multiple of
//! `time_resolution` (legacy: whole seconds), at least one resolution step. The accepted
//! submissions run first under a provisional limit ([`PROVISIONAL_TIME_MS`]); then every
//! submission runs under the derived limit.

use std::path::Path;

use anyhow::{bail, Context};
use serde::Serialize;

use crate::core::verdict::Verdict;
use crate::exec::compile::Submission;
use crate::package::TestCase;
use crate::problem::Problem;
use crate::problems::kattis::scoring;
use crate::problems::kattis::submissions::{self, KattisSubmission, KattisVerdict};
use crate::problems::kattis::{Package, Version, PROVISIONAL_TIME_MS};

use super::verify::{
    minimal_killing_set, KillingSet, SavedRun, SavedSubmission, SavedTest, SavedVerify,
};
use super::{judge, JudgeOptions, JudgeReport};

/// What one submission got and whether that is what it expects.
#[derive(Clone, Debug, Serialize)]
pub struct KattisResult {
    /// Its name under `submissions/` (`accepted/sol.py`).
    pub name: String,
    /// Why it was not run (a missing compiler, an unsupported language).
    pub skipped: Option<String>,
    /// Its final verdict (`None` when skipped or it did not compile).
    pub verdict: Option<String>,
    /// Its score on a scoring problem.
    pub score: Option<f64>,
    /// The compiler's message when it did not compile.
    pub compile_error: Option<String>,
    /// Each test's verdict, in judging order.
    pub tests: Vec<(String, String)>,
    /// Its slowest test's CPU time, ms.
    pub max_time_ms: u64,
    /// `Ok` when the results satisfy its expectation, else what broke it.
    pub expectation: Result<(), String>,
}

/// The result of verifying a Kattis package.
#[derive(Clone, Debug, Serialize)]
pub struct KattisVerify {
    /// The problem's name.
    pub problem: String,
    /// The package's format (`kattis-legacy`, `kattis-2025-09`).
    pub format: String,
    /// The time limit every submission was judged under, ms.
    pub time_limit_ms: u64,
    /// The limit was derived from the accepted submissions (`problem.yaml` fixes none).
    pub time_limit_derived: bool,
    /// The tests, in judging order.
    pub tests: Vec<String>,
    /// Each submission's result.
    pub submissions: Vec<KattisResult>,
    /// The minimal killing set over the submissions expected to fail (test names).
    pub killing_set: Vec<String>,
    /// Submissions expected to fail that no test kills.
    pub survivors: Vec<String>,
    /// The same results in the form the build report reads ([`SavedVerify`]: every run's
    /// verdict, time and memory, the files' hashes); not part of the JSON report.
    #[serde(skip)]
    pub saved: SavedVerify,
}

impl KattisVerify {
    /// Whether every submission that ran met its expectation.
    pub fn ok(&self) -> bool {
        self.submissions.iter().all(|s| s.expectation.is_ok())
    }

    /// The report as text: the limit, one line per submission, the killing set.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let how = if self.time_limit_derived {
            "derived from the accepted submissions"
        } else {
            "from problem.yaml"
        };
        out.push_str(&format!(
            "{} ({}): {} tests, time limit {} ms ({how})\n",
            self.problem,
            self.format,
            self.tests.len(),
            self.time_limit_ms
        ));
        let width = self
            .submissions
            .iter()
            .map(|s| s.name.len())
            .max()
            .unwrap_or(0);
        for s in &self.submissions {
            let verdict = match (&s.skipped, &s.compile_error, &s.verdict) {
                (Some(why), _, _) => format!("skipped: {why}"),
                (_, Some(_), _) => "compile error".to_string(),
                (_, _, Some(v)) => match s.score {
                    Some(x) => format!("{v} score {x} ({} ms)", s.max_time_ms),
                    None => format!("{v} ({} ms)", s.max_time_ms),
                },
                _ => "-".to_string(),
            };
            let status = match &s.expectation {
                Ok(()) if s.skipped.is_some() => "SKIP".to_string(),
                Ok(()) => "ok".to_string(),
                Err(e) => format!("UNEXPECTED: {e}"),
            };
            out.push_str(&format!("  {:width$}  {verdict}  {status}\n", s.name));
        }
        if !self.killing_set.is_empty() {
            out.push_str(&format!(
                "minimal killing set: {}\n",
                self.killing_set.join(" ")
            ));
        }
        if !self.survivors.is_empty() {
            out.push_str(&format!("no test kills: {}\n", self.survivors.join(", ")));
        }
        out.push_str(if self.ok() {
            "verify: every submission as expected\n"
        } else {
            "verify: FAILED\n"
        });
        out
    }
}

/// Verifies the Kattis package `package` (see the module documentation).
///
/// Cost: one run per (submission, test), plus one per (bounding accepted submission, test)
/// when the time limit is derived.
///
/// Errors: the submissions cannot be read ([`submissions::load`]); the package has no test;
/// no accepted submission when the limit must be derived; judging fails ([`judge`]).
pub fn verify_package(package: &Package, opts: &JudgeOptions) -> anyhow::Result<KattisVerify> {
    let dir = &package.dir;
    let (tests, subs) = loaded(package, &opts.cache_dir)?;
    let problem = package.problem;
    let config = problem.config();
    let mut opts = opts.clone();
    let mut time_ms = opts.limits.time_ms;
    if package.time_limit_derived {
        let bounding: Vec<&KattisSubmission> = subs
            .iter()
            .filter(|s| s.submission.is_some() && s.expectation.lower_bounds_time_limit())
            .collect();
        if bounding.is_empty() {
            bail!(
                "{}: problem.yaml fixes no time limit and no accepted submission can derive one",
                dir.display()
            );
        }
        let mut provisional = opts.clone();
        provisional.limits = crate::judge::timelimit::with_time(&opts.limits, PROVISIONAL_TIME_MS);
        let runs: Vec<Submission> = bounding
            .iter()
            .filter_map(|s| s.submission.clone())
            .collect();
        let report = judge(problem, config, &runs, &tests, &provisional)?;
        // Only accepted runs bound the limit: a run stopped by the provisional limit (a
        // submission that is accepted nowhere near it) says nothing about T_ac.
        let slowest = report
            .submissions
            .iter()
            .flat_map(|s| &s.tests)
            .filter(|t| t.verdict == Verdict::Ac)
            .map(|t| t.time_ms)
            .max()
            .unwrap_or(0);
        time_ms = derived_limit_ms(
            slowest,
            package.yaml.limits.ac_to_time_limit,
            package.yaml.limits.time_resolution,
            package.yaml.layout(),
        );
    }
    opts.limits = crate::judge::timelimit::with_time(&opts.limits, time_ms);
    let judged = runnable(&subs);
    let report: JudgeReport = judge(problem, config, &judged, &tests, &opts)
        .with_context(|| format!("cannot judge the submissions of {}", dir.display()))?;
    evaluate(package, &subs, &tests, time_ms, report)
}

/// The submissions of `subs` that run (not skipped), in order.
fn runnable(subs: &[KattisSubmission]) -> Vec<Submission> {
    subs.iter().filter_map(|s| s.submission.clone()).collect()
}

/// One shard of `verify` of a Kattis package (`gridjudge verify <package> --shard i/N`): the
/// runs of [`super::JudgeShard`] (run `k = submission × tests + test` over the submissions
/// that run, in the package's order) with what [`merge_package_shards`] checks first.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct KattisVerifyShard {
    /// Always `verify-kattis` (how `gridjudge merge` tells the documents apart).
    pub command: String,
    /// The package folder, absolute, where the shard found it.
    pub package: String,
    /// The SHA-256 of the test data the shard judged: of every test's name and the SHA-256 of
    /// its input and answer, in judging order.
    pub data_sha256: String,
    /// The runs (with the limits they ran under).
    pub judge: super::JudgeShard,
}

/// Refuses a package whose `problem.yaml` fixes no time limit for work cut into shards: each
/// machine would derive a limit of its own.
///
/// Errors: a derived limit, with the command that fixes it.
pub fn refuse_derived_limit(package: &Package) -> anyhow::Result<()> {
    if !package.time_limit_derived {
        return Ok(());
    }
    let fix = if package.yaml.layout() == Version::Legacy {
        // `timelimit --write` writes a legacy package's `.timelimit`, which verify does not
        // read (problemtools derives the limit too): only `limits.time_limit` fixes it.
        let measure =
            crate::problems::shell_command(&["timelimit", &package.dir.to_string_lossy()]);
        format!(
            "a legacy package fixes it only with `limits: time_limit: <seconds>` in \
             problem.yaml (BAPCtools reads the key, problemtools refuses it; the `.timelimit` \
             that `timelimit --write` writes is DOMjudge's file, which verify does not read): \
             write there the limit that {measure} prints"
        )
    } else {
        format!("run {} first", timelimit_write_hint(&package.dir))
    };
    bail!(
        "{}: problem.yaml fixes no time limit, and shards on several machines would each \
         derive their own; {fix}",
        package.dir.display()
    )
}

/// The command that fixes the time limit of the package in `dir` in its `problem.yaml` (or
/// legacy `.timelimit`), derived from its accepted submissions, for error messages:
/// `` `gridjudge timelimit /x/sum --write` ``.
pub fn timelimit_write_hint(dir: &Path) -> String {
    crate::problems::shell_command(&["timelimit", &dir.to_string_lossy(), "--write"])
}

/// The tests (checked against the lock) and the submissions of `package` (included files
/// compiled into `cache_dir`), refusing a package without tests or submissions.
fn loaded(
    package: &Package,
    cache_dir: &Path,
) -> anyhow::Result<(Vec<TestCase>, Vec<KattisSubmission>)> {
    let dir = &package.dir;
    let tests: Vec<TestCase> = crate::package::kattis::checked_cases(package)?;
    if tests.is_empty() {
        bail!("{}: data/ holds no test case", dir.display());
    }
    let subs = submissions::load_with_included(dir, package.yaml.layout(), cache_dir)?;
    if subs.is_empty() {
        bail!("{}: submissions/ holds no submission", dir.display());
    }
    Ok((tests, subs))
}

/// The identity of the test data shards judge: the SHA-256 of every test's name and the
/// SHA-256 of its input and answer, in judging order (a package need not be locked).
///
/// Errors: a file cannot be read.
fn data_sha256(tests: &[TestCase]) -> anyhow::Result<String> {
    let mut all = String::new();
    for t in saved_tests(tests)? {
        all.push_str(&format!(
            "{} {} {}\n",
            t.name, t.input_sha256, t.answer_sha256
        ));
    }
    Ok(crate::core::files::sha256_hex(all.as_bytes()))
}

/// Shard `shard` of [`verify_package`]'s runs, under the time limit `problem.yaml` fixes;
/// nothing is evaluated or saved.
///
/// Errors: a package whose time limit is derived ([`refuse_derived_limit`]), and those of
/// [`verify_package`].
pub fn verify_package_shard(
    package: &Package,
    opts: &JudgeOptions,
    shard: crate::core::shard::Shard,
) -> anyhow::Result<KattisVerifyShard> {
    refuse_derived_limit(package)?;
    let (tests, subs) = loaded(package, &opts.cache_dir)?;
    let data_sha256 = data_sha256(&tests)?;
    let problem = package.problem;
    let judge = super::judge_shard(
        problem,
        problem.config(),
        &runnable(&subs),
        &tests,
        opts,
        shard,
    )
    .with_context(|| format!("cannot judge the submissions of {}", package.dir.display()))?;
    let dir = std::fs::canonicalize(&package.dir).unwrap_or_else(|_| package.dir.clone());
    Ok(KattisVerifyShard {
        command: "verify-kattis".to_string(),
        package: dir.display().to_string(),
        data_sha256,
        judge,
    })
}

/// The report of [`verify_package`] from every shard of it ([`verify_package_shard`];
/// `files` names their documents): the same verdicts, expectations, kill matrix and killing
/// set as one run, but for the times. Included files are compiled into `cache_dir`.
///
/// Errors: the package differs from the one the shards judged (its test data's SHA-256, its
/// submissions, its tests), the shards do not fit together (limits included), a grader fails.
pub fn merge_package_shards(
    package: &Package,
    cache_dir: &Path,
    shards: Vec<KattisVerifyShard>,
    files: &[String],
) -> anyhow::Result<KattisVerify> {
    let (tests, subs) = loaded(package, cache_dir)?;
    let data = data_sha256(&tests)?;
    for (sh, file) in shards.iter().zip(files) {
        if sh.data_sha256 != data {
            bail!(
                "{file}: the shard judged other test data than {} holds now: run the shards \
                 again",
                package.dir.display()
            );
        }
    }
    let merged = super::JudgeShard::merge(shards.into_iter().map(|s| s.judge).collect(), files)?;
    let judged = runnable(&subs);
    let names: Vec<&str> = judged.iter().map(|s| s.name.as_str()).collect();
    if merged.submissions != names || merged.tests.iter().ne(tests.iter().map(|t| &t.name)) {
        bail!(
            "the submissions or tests of {} have changed since the shards ran: run the shards \
             again",
            package.dir.display()
        );
    }
    let time_ms = merged.limits.time_ms;
    evaluate(package, &subs, &tests, time_ms, merged.into_report(&judged))
}

/// The report of `package` from the judged runs of its submissions (`report`: one per
/// submission of `subs` that runs, in order) under the limit `time_ms`.
///
/// Errors: the files' hashes cannot be read; a grader fails.
fn evaluate(
    package: &Package,
    subs: &[KattisSubmission],
    tests: &[TestCase],
    time_ms: u64,
    report: JudgeReport,
) -> anyhow::Result<KattisVerify> {
    let problem = package.problem;
    let runnable: Vec<usize> = (subs.iter().enumerate())
        .filter(|(_, s)| s.submission.is_some())
        .map(|(i, _)| i)
        .collect();
    let mut results = Vec::new();
    let mut by_index = std::collections::HashMap::new();
    for (i, rep) in runnable.iter().zip(&report.submissions) {
        by_index.insert(*i, rep);
    }
    let mut kills = Vec::new();
    let mut killable = Vec::new();
    let mut saved_subs = Vec::new();
    for (i, s) in subs.iter().enumerate() {
        // Its folder is what it is expected to get, as the report shows it.
        let expected = s.name.split('/').next().unwrap_or_default().to_string();
        let Some(rep) = by_index.get(&i) else {
            saved_subs.push(SavedSubmission {
                name: s.name.clone(),
                expected,
                problem: None,
                compile_error: Some(format!(
                    "not run: {}",
                    s.skipped.as_deref().unwrap_or("skipped")
                )),
                runs: Vec::new(),
            });
            results.push(KattisResult {
                name: s.name.clone(),
                skipped: s.skipped.clone(),
                verdict: None,
                score: None,
                compile_error: None,
                tests: Vec::new(),
                max_time_ms: 0,
                expectation: Ok(()),
            });
            continue;
        };
        if let Some(ce) = &rep.compile_error {
            let expectation = s.expectation.check_compile_error(first_line(ce));
            saved_subs.push(SavedSubmission {
                name: s.name.clone(),
                expected,
                problem: expectation.clone().err(),
                compile_error: Some(first_line(ce).to_string()),
                runs: Vec::new(),
            });
            results.push(KattisResult {
                name: s.name.clone(),
                skipped: None,
                verdict: None,
                score: None,
                compile_error: Some(ce.clone()),
                tests: Vec::new(),
                max_time_ms: 0,
                expectation,
            });
            continue;
        }
        let verdicts: Vec<(String, Verdict)> = rep
            .tests
            .iter()
            .map(|t| (t.test.clone(), t.verdict))
            .collect();
        let results_of: Vec<scoring::TestResult> = rep
            .tests
            .iter()
            .map(|t| scoring::TestResult {
                name: t.test.clone(),
                verdict: t.verdict,
                score: t.score,
                score_multiplier: None,
            })
            .collect();
        let (overall, score, group_scores, agg_error) = match aggregate(package, results_of) {
            Ok((v, s, g)) => (v, s, g, None),
            Err(e) => (Verdict::Fail, None, Vec::new(), Some(format!("{e:#}"))),
        };
        let mut expectation = match agg_error {
            Some(e) => Err(format!("judge error while aggregating the results: {e}")),
            None => s.expectation.check(&verdicts, overall, score),
        };
        if expectation.is_ok() && package.yaml.scoring {
            expectation = s.expectation.check_group_scores(&group_scores);
        }
        if overall != Verdict::Ac || expectation.is_err() {
            killable.push(s.name.clone());
            kills.push(verdicts.iter().map(|(_, v)| *v != Verdict::Ac).collect());
        }
        saved_subs.push(SavedSubmission {
            name: s.name.clone(),
            expected,
            problem: expectation.clone().err(),
            compile_error: None,
            runs: rep.tests.iter().map(SavedRun::of).collect(),
        });
        results.push(KattisResult {
            name: s.name.clone(),
            skipped: None,
            verdict: Some(overall.short().to_string()),
            score,
            compile_error: None,
            tests: verdicts
                .iter()
                .map(|(t, v)| (t.clone(), v.short().to_string()))
                .collect(),
            max_time_ms: rep.tests.iter().map(|t| t.time_ms).max().unwrap_or(0),
            expectation,
        });
    }
    let KillingSet { tests: set, exact } = minimal_killing_set(&kills);
    let killed: Vec<bool> = kills
        .iter()
        .map(|k: &Vec<bool>| k.iter().any(|x| *x))
        .collect();
    let survivors: Vec<String> = killable
        .iter()
        .zip(&killed)
        .filter(|(_, k)| !**k)
        .map(|(n, _)| n.clone())
        .collect();
    let killing_set: Vec<String> = set.iter().map(|&i| tests[i].name.clone()).collect();
    let ok = results.iter().all(|r| r.expectation.is_ok());
    let saved = SavedVerify {
        problem: problem.name().to_string(),
        finished: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
        tests: saved_tests(tests)?,
        submissions: saved_subs,
        survivors: survivors.clone(),
        killing_set: killing_set.clone(),
        killing_set_exact: exact,
        ok,
    };
    Ok(KattisVerify {
        problem: problem.name().to_string(),
        format: package.yaml.label().to_string(),
        time_limit_ms: time_ms,
        time_limit_derived: package.time_limit_derived,
        tests: tests.iter().map(|t| t.name.clone()).collect(),
        killing_set,
        survivors,
        submissions: results,
        saved,
    })
}

/// The tests with the SHA-256 of their files, as [`SavedVerify`] keeps them.
///
/// Errors: a file cannot be read.
fn saved_tests(tests: &[TestCase]) -> anyhow::Result<Vec<SavedTest>> {
    let read = |p: &Path| std::fs::read(p).with_context(|| format!("cannot read {}", p.display()));
    tests
        .iter()
        .map(|t| {
            Ok(SavedTest {
                name: t.name.clone(),
                input_sha256: crate::core::files::sha256_hex(&read(&t.input)?),
                answer_sha256: crate::core::files::sha256_hex(&read(&t.answer)?),
            })
        })
        .collect()
}

/// The time limit derived from the slowest accepted time `t_ac_ms` (see the module
/// documentation), ms: `ceil(t_ac × multiplier / resolution) × resolution`, at least one
/// resolution step; legacy packages round to whole seconds as problemtools does. The formula
/// is `gridjudge timelimit`'s ([`crate::judge::timelimit::kattis_limit_ms`]).
pub fn derived_limit_ms(t_ac_ms: u64, multiplier: f64, resolution_s: f64, version: Version) -> u64 {
    let resolution = match version {
        Version::Legacy => 1.0,
        Version::V2025_09 => resolution_s,
    };
    let m = crate::judge::timelimit::Multipliers {
        ac_to_time_limit: multiplier,
        time_limit_to_tle: 1.0,
        resolution_ms: ((resolution * 1000.0).round() as u64).max(1),
    };
    // Without a slow submission's time there is no upper bound, and so no error.
    crate::judge::timelimit::kattis_limit_ms(t_ac_ms, None, &m).unwrap_or(m.resolution_ms)
}

/// The final verdict, the score (scoring problems) and each group's score of one submission's
/// `results`, aggregated over the package's groups as its version says
/// ([`scoring::aggregate`]).
///
/// Errors: a judge error of the aggregation (a score out of range, a custom grader).
#[allow(clippy::type_complexity)]
fn aggregate(
    package: &Package,
    results: Vec<scoring::TestResult>,
) -> anyhow::Result<(Verdict, Option<f64>, Vec<(String, f64)>)> {
    let flat: Vec<scoring::FlatGroup<'_>> = package
        .tree
        .groups
        .iter()
        .map(|g| scoring::FlatGroup {
            name: &g.name,
            yaml: g.yaml.as_ref(),
        })
        .collect();
    if package.yaml.layout() == Version::V2025_09 && !package.yaml.scoring {
        // Pass-fail (2025-09 "Result aggregation"): the first test case, in order, that is
        // not accepted gives the verdict; the groups play no part (so BAPCtools' nested
        // groups, which the spec does not define, are judged as it judges them).
        let verdict = results
            .iter()
            .map(|r| r.verdict)
            .find(|v| *v != Verdict::Ac)
            .unwrap_or(Verdict::Ac);
        return Ok((verdict, None, Vec::new()));
    }
    let root = scoring::tree(package.yaml.layout(), &flat, results)?;
    let o = scoring::aggregate_with(
        package.yaml.layout(),
        package.yaml.scoring,
        &root,
        &mut |settings, group, sub| {
            let Some(grader) = &package.grader else {
                bail!(
                    "{}: group `{group}` has `grading: custom`, but graders/ holds no program",
                    settings.origin
                );
            };
            run_grader(package, grader, &settings.grader_flags, group, sub)
        },
    )?;
    let groups = o
        .groups
        .iter()
        .filter_map(|g| Some((g.name.clone(), g.score?)))
        .collect();
    Ok((o.verdict, o.score, groups))
}

/// Runs the legacy custom grader `grader` on the results `sub` of group `group` (legacy
/// spec, "Graders"; its input and output as problemtools 1.20260907 writes and reads them in
/// `judge/grade.py`): one line `<verdict> <score>` per sub-result on stdin (the spec's
/// verdicts AC, WA, TLE, RTE; a judge error JE), `flags` (the group's `grader_flags`) as
/// arguments, and one line `<verdict> <score>` back on stdout with exit code 0, the verdict one
/// of AC, WA, TLE, RTE, MLE, OLE, JE (JE is FAIL).
///
/// Errors (judge errors, naming the group): the grader cannot run, fails, or writes anything
/// else.
fn run_grader(
    package: &Package,
    grader: &crate::problem::programs::ProgramSpec,
    flags: &[String],
    group: &str,
    sub: &[(Verdict, f64)],
) -> anyhow::Result<(Verdict, f64)> {
    let input: String = sub
        .iter()
        .map(|(v, score)| {
            let name = KattisVerdict::of(*v).map_or("JE", KattisVerdict::short);
            format!("{name} {score}\n")
        })
        .collect();
    let args: Vec<std::ffi::OsString> = flags.iter().map(Into::into).collect();
    let role = format!("custom grader (group `{group}`)");
    let out = package
        .problem
        .run_helper(&role, grader, &args, input.as_bytes())?;
    let text = String::from_utf8_lossy(&out);
    let mut words = text.split_whitespace();
    let (verdict, score) = match (words.next(), words.next(), words.next()) {
        (Some(v), Some(sc), None) => (v, sc),
        _ => bail!(
            "the {role} wrote {:?}; it must write one line `<verdict> <score>`",
            crate::core::verdict::one_line(&text)
        ),
    };
    let verdict = match verdict {
        "AC" => Verdict::Ac,
        "WA" => Verdict::Wa,
        "TLE" => Verdict::Tle,
        "RTE" => Verdict::Re,
        "MLE" => Verdict::Mle,
        "OLE" => Verdict::Ole,
        "JE" => Verdict::Fail,
        other => bail!(
            "the {role} gave the verdict `{other}`; it must be one of AC, WA, TLE, RTE, MLE, \
             OLE, JE"
        ),
    };
    let score: f64 = score
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite())
        .with_context(|| format!("the {role} gave the score `{score}`, not a number"))?;
    Ok((verdict, score))
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// Whether `dir` has anything for [`verify_package`] to run.
pub fn has_submissions(dir: &Path) -> bool {
    dir.join("submissions").is_dir()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_limits_follow_the_formula() {
        // 2025-09: 0.3 s × 2 = 0.6 s, a multiple of 1 s → 1 s; with 0.1 s resolution 0.6 s.
        assert_eq!(derived_limit_ms(300, 2.0, 1.0, Version::V2025_09), 1000);
        assert_eq!(derived_limit_ms(300, 2.0, 0.1, Version::V2025_09), 600);
        assert_eq!(derived_limit_ms(301, 2.0, 0.1, Version::V2025_09), 700);
        // Legacy: 0.5 s × 5 = 2.5 s → 3 s; a fast submission still gets 1 s.
        assert_eq!(derived_limit_ms(500, 5.0, 1.0, Version::Legacy), 3000);
        assert_eq!(derived_limit_ms(0, 5.0, 1.0, Version::Legacy), 1000);
    }
}
