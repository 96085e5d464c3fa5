//! Verifying a problem's test set against its catalogue of submissions, as the Kattis problem
//! package format does: `problems/<p>/submissions/<expected verdict>/<files>`.
//!
//! Every submission runs on every test ([`crate::judge`]); each must get the verdicts its
//! folder promises ([`Expected::check`]). The report shows the *kill matrix* (one letter per
//! submission and test), names every wrong submission that *survives* (AC on every test: the
//! tests are too weak for it), and computes a minimum set of tests that still kills every
//! killed wrong submission ([`minimal_killing_set`]).
//!
//! A test *kills* a submission when its verdict there is anything but AC.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

use crate::core::files::{sha256_hex, write_atomic};
use crate::core::shard::Shard;
use crate::core::verdict::Verdict;
use crate::exec::compile::{Submission, SubmissionKind};
use crate::judge::{judge, judge_shard, JudgeOptions, JudgeReport, JudgeShard, SubmissionReport};
use crate::package::TestCase;
use crate::problem::{Problem, ProblemConfig};

/// The expected verdict of a catalogue folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expected {
    /// `accepted/`: AC on every test.
    Accepted,
    /// `wrong_answer/`: at least one WA (or PE); every other test AC.
    WrongAnswer,
    /// `time_limit_exceeded/`: at least one TLE; every other test AC.
    TimeLimitExceeded,
    /// `run_time_error/`: at least one RE (or MLE, which Kattis reports as a run-time error);
    /// every other test AC, RE or MLE.
    RunTimeError,
}

impl Expected {
    /// Every folder, in report order.
    pub const ALL: [Expected; 4] = [
        Expected::Accepted,
        Expected::WrongAnswer,
        Expected::TimeLimitExceeded,
        Expected::RunTimeError,
    ];

    /// The folder name under `submissions/`.
    pub fn folder(self) -> &'static str {
        match self {
            Expected::Accepted => "accepted",
            Expected::WrongAnswer => "wrong_answer",
            Expected::TimeLimitExceeded => "time_limit_exceeded",
            Expected::RunTimeError => "run_time_error",
        }
    }

    /// Verdicts that show the expected failure (empty for `accepted`).
    fn shows(self, v: Verdict) -> bool {
        match self {
            Expected::Accepted => false,
            Expected::WrongAnswer => matches!(v, Verdict::Wa | Verdict::Pe),
            Expected::TimeLimitExceeded => v == Verdict::Tle,
            Expected::RunTimeError => matches!(v, Verdict::Re | Verdict::Mle),
        }
    }

    /// Checks a submission's verdicts (in test order) against this expectation: `Ok` or the
    /// reason it is not met, naming the offending test.
    ///
    /// Semantics (those of the Kattis package format, taken over the whole test set rather
    /// than only the first failing test, so stricter): `accepted` needs AC everywhere; the
    /// other folders need at least one verdict of their kind and allow, besides AC, only
    /// verdicts of their kind. FAIL (a judge error) never meets an expectation.
    pub fn check(self, tests: &[String], verdicts: &[Verdict]) -> Result<(), String> {
        for (t, v) in tests.iter().zip(verdicts) {
            if *v != Verdict::Ac && !self.shows(*v) {
                return Err(format!("{v} on test {t}"));
            }
        }
        if self != Expected::Accepted && !verdicts.iter().any(|v| self.shows(*v)) {
            let want = match self {
                Expected::WrongAnswer => "WA",
                Expected::TimeLimitExceeded => "TLE",
                _ => "RE",
            };
            return Err(format!("no {want} on any test"));
        }
        Ok(())
    }
}

/// One submission of a catalogue.
#[derive(Clone, Debug)]
pub struct CatalogueEntry {
    /// What its folder promises.
    pub expected: Expected,
    /// The submission, named `<folder>/<file>`.
    pub submission: Submission,
}

/// The file-name ending that takes a submission out of the catalogue (`slow.cpp.disabled`):
/// `verify` lists it as skipped ([`disabled_submissions`]) and exports leave it out.
pub const DISABLED_SUFFIX: &str = ".disabled";

/// Whether the file named `file_name` is a disabled submission ([`DISABLED_SUFFIX`]).
pub fn is_disabled(file_name: &str) -> bool {
    file_name.ends_with(DISABLED_SUFFIX)
}

/// The disabled submissions ([`DISABLED_SUFFIX`]) of `problem_dir/submissions`, named
/// `<folder>/<file>`, in the catalogue's order (folder, then file name); empty without a
/// `submissions` folder. Errors when a folder cannot be read.
pub fn disabled_submissions(problem_dir: &Path) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for expected in Expected::ALL {
        let dir = problem_dir.join("submissions").join(expected.folder());
        if !dir.is_dir() {
            continue;
        }
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .with_context(|| format!("cannot read {}", dir.display()))?
            .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
            .collect::<Result<_, _>>()
            .with_context(|| format!("cannot read {}", dir.display()))?;
        names.sort();
        out.extend(
            names
                .into_iter()
                .filter(|n| is_disabled(n) && !n.starts_with('.'))
                .map(|n| format!("{}/{n}", expected.folder())),
        );
    }
    Ok(out)
}

/// The catalogue in `problem_dir/submissions`, sorted by folder then file name; `Ok(None)` when
/// there is no `submissions` folder. Files ending in `.md` or `.txt`, hidden files and
/// disabled submissions ([`DISABLED_SUFFIX`]) are skipped.
///
/// Errors: an unknown folder under `submissions/` (the known ones are listed), a file that is
/// neither a `.cpp` / `.rs` source nor executable, or an unreadable folder.
pub fn load_catalogue(problem_dir: &Path) -> anyhow::Result<Option<Vec<CatalogueEntry>>> {
    let root = problem_dir.join("submissions");
    if !root.is_dir() {
        return Ok(None);
    }
    let known: Vec<&str> = Expected::ALL.iter().map(|e| e.folder()).collect();
    for e in std::fs::read_dir(&root).with_context(|| format!("cannot read {}", root.display()))? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if e.path().is_dir() && !known.contains(&name.as_str()) {
            bail!(
                "{}: unknown folder `{name}` (known: {})",
                root.display(),
                known.join(", ")
            );
        }
    }
    let mut out = Vec::new();
    for expected in Expected::ALL {
        let dir = root.join(expected.folder());
        if !dir.is_dir() {
            continue;
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("cannot read {}", dir.display()))?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        files.sort();
        for f in files {
            let file_name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if file_name.starts_with('.')
                || is_disabled(&file_name)
                || file_name.ends_with(".md")
                || file_name.ends_with(".txt")
                || f.is_dir()
            {
                continue;
            }
            let mut submission = Submission::from_arg(&f.to_string_lossy())?;
            if matches!(submission.kind, SubmissionKind::Command(_)) {
                bail!("{}: not a submission file", f.display());
            }
            submission.name = format!("{}/{file_name}", expected.folder());
            out.push(CatalogueEntry {
                expected,
                submission,
            });
        }
    }
    Ok(Some(out))
}

/// A set of tests that kills every killable wrong submission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KillingSet {
    /// Indices of the chosen tests, ascending.
    pub tests: Vec<usize>,
    /// Whether the set is of minimum size (exact search) or only greedy.
    pub exact: bool,
}

/// Largest number of wrong submissions for which [`minimal_killing_set`] searches exactly.
pub const EXACT_LIMIT: usize = 20;

/// A minimum set of tests covering every submission that some test kills. `kills[s][t]` says
/// whether test `t` kills submission `s`; submissions no test kills are ignored.
///
/// With at most [`EXACT_LIMIT`] killable submissions the answer is exact: a shortest path over
/// the subsets of submissions (`O(2^k · T)` time, `O(2^k)` memory, ties broken towards earlier
/// tests). Beyond that it is the greedy set cover (repeatedly the test that kills most of the
/// rest; within a factor `ln k` of the minimum), and `exact` is false.
pub fn minimal_killing_set(kills: &[Vec<bool>]) -> KillingSet {
    let killable: Vec<&Vec<bool>> = kills.iter().filter(|row| row.iter().any(|&k| k)).collect();
    let k = killable.len();
    let t_count = kills.iter().map(Vec::len).max().unwrap_or(0);
    if k == 0 {
        return KillingSet {
            tests: Vec::new(),
            exact: true,
        };
    }
    if k > EXACT_LIMIT {
        let mut alive: Vec<bool> = vec![true; k];
        let mut chosen = Vec::new();
        while alive.iter().any(|&a| a) {
            let best = (0..t_count)
                .max_by_key(|&t| {
                    let n = (0..k)
                        .filter(|&s| alive[s] && killable[s].get(t) == Some(&true))
                        .count();
                    (n, std::cmp::Reverse(t))
                })
                .expect("a killable submission means there is a test");
            for (s, a) in alive.iter_mut().enumerate() {
                if killable[s].get(best) == Some(&true) {
                    *a = false;
                }
            }
            chosen.push(best);
        }
        chosen.sort_unstable();
        return KillingSet {
            tests: chosen,
            exact: false,
        };
    }
    let cover: Vec<u32> = (0..t_count)
        .map(|t| {
            (0..k)
                .filter(|&s| killable[s].get(t) == Some(&true))
                .fold(0u32, |m, s| m | (1 << s))
        })
        .collect();
    let full = (1u32 << k) - 1;
    let size = full as usize + 1;
    // best[mask]: fewest tests whose kills are exactly `mask`; OR only grows a mask, so masks
    // in increasing order are final when reached.
    let mut best = vec![u8::MAX; size];
    let mut from: Vec<(u32, u16)> = vec![(0, 0); size];
    best[0] = 0;
    for mask in 0..size {
        if best[mask] == u8::MAX {
            continue;
        }
        for (t, &c) in cover.iter().enumerate() {
            let next = mask | c as usize;
            if next != mask && best[mask] + 1 < best[next] {
                best[next] = best[mask] + 1;
                from[next] = (mask as u32, t as u16);
            }
        }
    }
    let mut tests = Vec::new();
    let mut m = full as usize;
    while m != 0 {
        let (prev, t) = from[m];
        tests.push(t as usize);
        m = prev as usize;
    }
    tests.sort_unstable();
    KillingSet { tests, exact: true }
}

/// One row of the verification.
#[derive(Clone, Debug, Serialize)]
pub struct EntryResult {
    /// `<folder>/<file>`.
    pub name: String,
    /// What the folder promises.
    pub expected: Expected,
    /// `None` when the expectation is met, else why not.
    pub problem: Option<String>,
}

/// The result of [`verify_problem`].
#[derive(Clone, Debug, Serialize)]
pub struct VerifyReport {
    /// Every run.
    pub judge: JudgeReport,
    /// Each submission's expectation and whether it is met, in catalogue order.
    pub entries: Vec<EntryResult>,
    /// Wrong submissions (not in `accepted/`) that got AC on every test.
    pub survivors: Vec<String>,
    /// A minimum set of tests killing every killed wrong submission (test indices).
    pub killing_set: KillingSet,
    /// Disabled submissions ([`DISABLED_SUFFIX`]), not run: `<folder>/<file>`.
    pub skipped: Vec<String>,
}

/// The letter of a verdict in the kill matrix.
pub fn verdict_letter(v: Verdict) -> char {
    match v {
        Verdict::Ac => 'A',
        Verdict::Wa => 'W',
        Verdict::Pe => 'P',
        Verdict::Tle => 'T',
        Verdict::Mle => 'M',
        Verdict::Ole => 'O',
        Verdict::Re => 'R',
        Verdict::Fail => 'F',
    }
}

impl VerifyReport {
    /// Whether every expectation is met and no wrong submission survives.
    pub fn ok(&self) -> bool {
        self.entries.iter().all(|e| e.problem.is_none()) && self.survivors.is_empty()
    }

    /// The kill matrix: one row per submission, one letter per test (A accepted, W wrong
    /// answer, P presentation error, T time limit, M memory limit, O output limit, R runtime
    /// error, F judge error), then `ok` or what is wrong; test names written vertically above.
    pub fn matrix(&self) -> String {
        let j = &self.judge;
        let width = j
            .submissions
            .iter()
            .map(|s| s.name.len())
            .max()
            .unwrap_or(0)
            .max(4);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "kill matrix: A accepted, W wrong answer, P presentation error, T time limit, \
             M memory limit, O output limit, R runtime error, F judge error"
        );
        let name_len = j.tests.iter().map(|t| t.len()).max().unwrap_or(0);
        for row in 0..name_len {
            let line: String = j
                .tests
                .iter()
                .map(|t| {
                    // right-aligned names, read top to bottom
                    let pad = name_len - t.len();
                    if row < pad {
                        ' '
                    } else {
                        t.as_bytes()[row - pad] as char
                    }
                })
                .collect();
            let _ = writeln!(s, "{:width$}  {line}", "");
        }
        for (sub, entry) in j.submissions.iter().zip(&self.entries) {
            let cells: String = if sub.compile_error.is_some() {
                "-".repeat(j.tests.len())
            } else {
                sub.tests
                    .iter()
                    .map(|t| verdict_letter(t.verdict))
                    .collect()
            };
            let status = match &entry.problem {
                None => "ok".to_string(),
                Some(p) => format!("NOT AS EXPECTED ({}): {p}", entry.expected.folder()),
            };
            let _ = writeln!(s, "{:width$}  {cells}  {status}", sub.name);
        }
        s
    }

    /// The whole human-readable report: how the programs ran (sandbox or not), matrix,
    /// survivors, minimal killing set with what each chosen test kills, and a verdict line.
    pub fn render(&self) -> String {
        let j = &self.judge;
        let mut s = format!("{}\n", j.isolation);
        s.push_str(&self.matrix());
        if !self.skipped.is_empty() {
            let _ = writeln!(
                s,
                "skipped (disabled, not run): {}",
                self.skipped.join(", ")
            );
        }
        if self.survivors.is_empty() {
            let _ = writeln!(s, "surviving wrong submissions: none");
        } else {
            let _ = writeln!(
                s,
                "SURVIVING wrong submissions (AC on every test; the tests need a new case): {}",
                self.survivors.join(", ")
            );
        }
        let set = &self.killing_set;
        let names: Vec<&str> = set.tests.iter().map(|&t| j.tests[t].as_str()).collect();
        let _ = writeln!(
            s,
            "minimal killing set ({}, {} test(s)): {}",
            if set.exact {
                "exact minimum"
            } else {
                "greedy, may not be minimum"
            },
            names.len(),
            names.join(" ")
        );
        for &t in &set.tests {
            let killed: Vec<String> = j
                .submissions
                .iter()
                .zip(&self.entries)
                .filter(|(sub, e)| {
                    e.expected != Expected::Accepted
                        && sub.tests.get(t).is_some_and(|r| r.verdict != Verdict::Ac)
                })
                .map(|(sub, _)| {
                    format!(
                        "{} ({})",
                        sub.name,
                        sub.tests.get(t).map(|r| r.verdict).unwrap_or(Verdict::Ac)
                    )
                })
                .collect();
            let _ = writeln!(s, "  test {} kills {}", j.tests[t], killed.join(", "));
        }
        if j.jobs > 1 {
            let _ = writeln!(
                s,
                "note: {} runs at a time; timings are less reliable than with -j 1",
                j.jobs
            );
        }
        let bad = self.entries.iter().filter(|e| e.problem.is_some()).count();
        let _ = writeln!(
            s,
            "verify {}: {} ({} submission(s) on {} test(s); {bad} not as expected, {} surviving)",
            j.problem,
            if self.ok() { "OK" } else { "FAILED" },
            j.submissions.len(),
            j.tests.len(),
            self.survivors.len()
        );
        s
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// Judges a catalogue's results: expectations, survivors, killing set. Pure; `entries` and
/// `judge.submissions` are in the same order.
pub fn evaluate(entries: &[CatalogueEntry], judge: JudgeReport) -> VerifyReport {
    let mut results = Vec::new();
    let mut survivors = Vec::new();
    let mut kills = Vec::new();
    for (entry, sub) in entries.iter().zip(&judge.submissions) {
        let problem = expectation_problem(entry.expected, &judge.tests, sub);
        if entry.expected != Expected::Accepted && sub.compile_error.is_none() {
            if sub.all_accepted() {
                survivors.push(sub.name.clone());
            }
            kills.push(
                sub.tests
                    .iter()
                    .map(|t| t.verdict != Verdict::Ac)
                    .collect::<Vec<bool>>(),
            );
        }
        results.push(EntryResult {
            name: sub.name.clone(),
            expected: entry.expected,
            problem,
        });
    }
    let killing_set = minimal_killing_set(&kills);
    VerifyReport {
        judge,
        entries: results,
        survivors,
        killing_set,
        skipped: Vec::new(),
    }
}

fn expectation_problem(
    expected: Expected,
    tests: &[String],
    sub: &SubmissionReport,
) -> Option<String> {
    if let Some(e) = &sub.compile_error {
        return Some(format!(
            "compile error: {}",
            e.lines().next().unwrap_or_default()
        ));
    }
    let verdicts: Vec<Verdict> = sub.tests.iter().map(|t| t.verdict).collect();
    expected.check(tests, &verdicts).err()
}

/// Runs every catalogue submission of `problem` (its `problem.toml` parsed as `config`,
/// [`crate::problems::Loaded::config`]) on every test in `problems_dir/<p>/tests`
/// (after checking them against `tests.lock`, [`crate::package::load_checked`]), evaluates the
/// results and saves them for the build report ([`save_results`],
/// `problems_dir/<p>/report/verify.json`). `Ok(None)` when the problem has no `submissions`
/// folder.
///
/// Errors: the catalogue or the tests cannot be read, the tests are stale or tampered with,
/// judging fails (see [`judge`]), or the results cannot be saved.
pub fn verify_problem(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &Path,
    opts: &JudgeOptions,
) -> anyhow::Result<Option<VerifyReport>> {
    let dir = problems_dir.join(problem.name());
    let Some(entries) = catalogue_of(&dir)? else {
        return Ok(None);
    };
    // Checked against tests.lock first; the shared lock keeps a build from replacing the
    // files while they are judged.
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let tests = package.cases();
    let subs: Vec<Submission> = entries.iter().map(|e| e.submission.clone()).collect();
    let report = judge(problem, config, &subs, &tests, opts)?;
    package.recheck()?;
    let mut report = evaluate(&entries, report);
    report.skipped = disabled_submissions(&dir)?;
    save_results(&report, &dir, &tests)?;
    Ok(Some(report))
}

/// One problem's shard of `verify` (`gridjudge verify --shard i/N`), as its shard file holds
/// it: the runs of [`JudgeShard`] with what [`merge_shards`] checks before it uses them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VerifyShard {
    /// Always `verify` (how `gridjudge merge` tells the files apart).
    pub command: String,
    /// The SHA-256 of the problem's `tests.lock` when the shard ran: every shard and the
    /// merge must see the same package.
    pub lock_sha256: String,
    /// The runs.
    pub judge: JudgeShard,
}

/// The SHA-256 of `<dir>/tests.lock`, the package's identity for shards.
pub(crate) fn lock_sha256(dir: &Path) -> anyhow::Result<String> {
    let path = dir.join("tests.lock");
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(sha256_hex(&bytes))
}

/// [`verify_problem`]'s runs of one `shard` (the runs `k` that [`Shard::takes`], numbered
/// submission × tests + test in catalogue and test order), after checking the package
/// against its lock; nothing is evaluated or saved. `Ok(None)` when the problem has no
/// `submissions` folder.
///
/// Errors: those of [`verify_problem`].
pub fn verify_shard(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problems_dir: &Path,
    opts: &JudgeOptions,
    shard: Shard,
) -> anyhow::Result<Option<VerifyShard>> {
    let dir = problems_dir.join(problem.name());
    let Some(entries) = catalogue_of(&dir)? else {
        return Ok(None);
    };
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let tests = package.cases();
    let subs: Vec<Submission> = entries.iter().map(|e| e.submission.clone()).collect();
    let runs = judge_shard(problem, config, &subs, &tests, opts, shard)?;
    package.recheck()?;
    Ok(Some(VerifyShard {
        command: "verify".to_string(),
        lock_sha256: lock_sha256(&dir)?,
        judge: runs,
    }))
}

/// The catalogue of the problem in `dir`, refusing an empty one; `None` without one.
fn catalogue_of(dir: &Path) -> anyhow::Result<Option<Vec<CatalogueEntry>>> {
    let Some(entries) = load_catalogue(dir)? else {
        return Ok(None);
    };
    if entries.is_empty() {
        bail!(
            "{}: the submissions folder holds no submission",
            dir.display()
        );
    }
    Ok(Some(entries))
}

/// The report of [`verify_problem`] from the shard files of every shard
/// ([`verify_shard`]; `files` names them, in the same order), saved for the build report as
/// [`verify_problem`] saves it: the same report, kill matrix and minimal killing set as one
/// run on this machine, but for the times (and each run's [`crate::core::shard::Host`]).
///
/// Errors: the package is stale or differs from the one the shards judged (its lock's
/// SHA-256), the catalogue has changed since, the shards do not fit together
/// ([`JudgeShard::merge`]), or the results cannot be saved.
pub fn merge_shards(
    problem: &dyn Problem,
    problems_dir: &Path,
    shards: Vec<VerifyShard>,
    files: &[String],
) -> anyhow::Result<VerifyReport> {
    let dir = problems_dir.join(problem.name());
    let Some(entries) = catalogue_of(&dir)? else {
        bail!(
            "problem `{}` has no submissions folder ({}): its shards cannot be merged",
            problem.name(),
            dir.join("submissions").display()
        );
    };
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let lock = lock_sha256(&dir)?;
    for (sh, file) in shards.iter().zip(files) {
        if sh.lock_sha256 != lock {
            bail!(
                "{file}: the shard judged another package of `{}` (tests.lock has changed since): run the shards again",
                problem.name()
            );
        }
    }
    let merged = JudgeShard::merge(shards.into_iter().map(|s| s.judge).collect(), files)?;
    let names: Vec<&str> = entries.iter().map(|e| e.submission.name.as_str()).collect();
    if merged.submissions != names {
        bail!(
            "the submissions of `{}` have changed since the shards ran (they judged {}; the folder now holds {}): run the shards again",
            problem.name(),
            merged.submissions.join(", "),
            names.join(", ")
        );
    }
    let tests = package.cases();
    if merged.tests.iter().ne(tests.iter().map(|t| &t.name)) {
        bail!(
            "the tests of `{}` differ from those the shards judged: run the shards again",
            problem.name()
        );
    }
    let subs: Vec<Submission> = entries.iter().map(|e| e.submission.clone()).collect();
    let mut report = evaluate(&entries, merged.into_report(&subs));
    report.skipped = disabled_submissions(&dir)?;
    save_results(&report, &dir, &tests)?;
    Ok(report)
}

/// Where [`verify_problem`] saves its results, relative to the problem folder.
pub const SAVED_RESULTS: &str = "report/verify.json";

/// Longest checker message kept per run in [`SavedVerify`], in characters.
const SAVED_MESSAGE_CHARS: usize = 200;

/// The results of a `verify` run as saved for the build report ([`crate::report`]), in
/// `problems/<p>/report/verify.json` ([`SAVED_RESULTS`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedVerify {
    /// Problem name.
    pub problem: String,
    /// When verify finished, RFC 3339 in UTC to the second.
    pub finished: String,
    /// The tests verified, in order, with the SHA-256 of their files, so a reader can tell
    /// results of another test set.
    pub tests: Vec<SavedTest>,
    /// Every submission, in catalogue order.
    pub submissions: Vec<SavedSubmission>,
    /// Wrong submissions with AC on every test.
    pub survivors: Vec<String>,
    /// Names of the tests of the minimal killing set.
    pub killing_set: Vec<String>,
    /// Whether the killing set is of minimum size.
    pub killing_set_exact: bool,
    /// Whether every expectation was met and no wrong submission survived.
    pub ok: bool,
}

/// A verified test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTest {
    /// Name, e.g. `07`.
    pub name: String,
    /// SHA-256 of the input file, lowercase hex.
    pub input_sha256: String,
    /// SHA-256 of the jury answer file, lowercase hex.
    pub answer_sha256: String,
}

/// One submission's results in [`SavedVerify`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSubmission {
    /// `<folder>/<file>`.
    pub name: String,
    /// Its folder, the expected verdict (`accepted`, `wrong_answer`, ...).
    pub expected: String,
    /// `None` when the expectation is met, else why not.
    pub problem: Option<String>,
    /// The first line of the compiler's message when it did not compile (then `runs` is
    /// empty).
    pub compile_error: Option<String>,
    /// One run per test, in test order.
    pub runs: Vec<SavedRun>,
}

/// One run of a submission on a test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRun {
    /// Verdict as judges write it (`AC`, `WA`, `PE`, `TLE`, `MLE`, `OLE`, `RE`, `FAIL`).
    pub verdict: String,
    /// CPU time, milliseconds.
    pub time_ms: u64,
    /// Peak resident memory, KiB.
    pub memory_kib: u64,
    /// The checker's or runner's message, cut to 200 characters.
    pub message: String,
}

impl SavedRun {
    /// The saved form of the run `r` (its message cut to 200 characters).
    pub fn of(r: &super::TestResult) -> SavedRun {
        SavedRun {
            verdict: r.verdict.to_string(),
            time_ms: r.time_ms,
            memory_kib: r.memory_kib,
            message: r.message.chars().take(SAVED_MESSAGE_CHARS).collect(),
        }
    }
}

impl SavedVerify {
    /// The saved form of `report`, whose tests are `tests` (read again for their hashes).
    ///
    /// Errors: a test file cannot be read.
    pub fn new(report: &VerifyReport, tests: &[TestCase]) -> anyhow::Result<SavedVerify> {
        let read =
            |p: &Path| std::fs::read(p).with_context(|| format!("cannot read {}", p.display()));
        let tests = tests
            .iter()
            .map(|t| {
                Ok(SavedTest {
                    name: t.name.clone(),
                    input_sha256: sha256_hex(&read(&t.input)?),
                    answer_sha256: sha256_hex(&read(&t.answer)?),
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let submissions = report
            .judge
            .submissions
            .iter()
            .zip(&report.entries)
            .map(|(sub, entry)| SavedSubmission {
                name: sub.name.clone(),
                expected: entry.expected.folder().to_string(),
                problem: entry.problem.clone(),
                compile_error: sub
                    .compile_error
                    .as_ref()
                    .map(|e| e.lines().next().unwrap_or_default().to_string()),
                runs: sub.tests.iter().map(SavedRun::of).collect(),
            })
            .collect();
        Ok(SavedVerify {
            problem: report.judge.problem.clone(),
            finished: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            tests,
            submissions,
            survivors: report.survivors.clone(),
            killing_set: report
                .killing_set
                .tests
                .iter()
                .map(|&t| report.judge.tests[t].clone())
                .collect(),
            killing_set_exact: report.killing_set.exact,
            ok: report.ok(),
        })
    }

    /// The saved results of `problem_dir` ([`SAVED_RESULTS`]); `Ok(None)` when verify has not
    /// saved any. Errors: the file cannot be read or is not such JSON.
    pub fn load(problem_dir: &Path) -> anyhow::Result<Option<SavedVerify>> {
        let path = problem_dir.join(SAVED_RESULTS);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        serde_json::from_str(&text)
            .map(Some)
            .with_context(|| format!("{}: not saved verify results", path.display()))
    }
}

/// Saves `report` (run on `tests`) to `problem_dir/report/verify.json` atomically, for the
/// build report, and returns the path. Errors: a test file cannot be read or the file cannot be
/// written.
pub fn save_results(
    report: &VerifyReport,
    problem_dir: &Path,
    tests: &[TestCase],
) -> anyhow::Result<PathBuf> {
    SavedVerify::new(report, tests)?.save(problem_dir)
}

impl SavedVerify {
    /// Writes these results to `root/report/verify.json` ([`SAVED_RESULTS`]) atomically,
    /// making the folder, and returns the path; `root` is the problem's folder (a Kattis
    /// package's `gridjudge/`). Errors: the folder or the file cannot be written.
    pub fn save(&self, root: &Path) -> anyhow::Result<PathBuf> {
        let path = root.join(SAVED_RESULTS);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let json = serde_json::to_string_pretty(self).context("cannot write verify results")?;
        write_atomic(&path, json.as_bytes())?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("{i:02}")).collect()
    }

    #[test]
    fn expectations() {
        use Verdict::*;
        let t = names(3);
        assert!(Expected::Accepted.check(&t, &[Ac, Ac, Ac]).is_ok());
        assert!(Expected::Accepted.check(&t, &[Ac, Wa, Ac]).is_err());
        assert!(Expected::WrongAnswer.check(&t, &[Ac, Wa, Pe]).is_ok());
        assert!(Expected::WrongAnswer.check(&t, &[Ac, Ac, Ac]).is_err());
        assert_eq!(
            Expected::WrongAnswer.check(&t, &[Wa, Tle, Ac]),
            Err("TLE on test 02".into())
        );
        assert!(Expected::TimeLimitExceeded
            .check(&t, &[Ac, Tle, Tle])
            .is_ok());
        assert!(Expected::TimeLimitExceeded
            .check(&t, &[Ac, Tle, Wa])
            .is_err());
        assert!(Expected::RunTimeError.check(&t, &[Re, Mle, Ac]).is_ok());
        assert!(Expected::RunTimeError.check(&t, &[Ac, Ac, Tle]).is_err());
        assert!(Expected::RunTimeError.check(&t, &[Fail, Re, Ac]).is_err());
    }

    #[test]
    fn exact_killing_set_beats_greedy() {
        // Greedy takes test 0 (kills 4) and then needs two more; {1, 2} is optimal.
        let kills = vec![
            vec![true, true, false],
            vec![true, true, false],
            vec![true, false, true],
            vec![true, false, true],
            vec![false, true, false],
            vec![false, false, true],
        ];
        let s = minimal_killing_set(&kills);
        assert_eq!(
            s,
            KillingSet {
                tests: vec![1, 2],
                exact: true
            }
        );
    }

    #[test]
    fn killing_set_ignores_survivors_and_handles_nothing() {
        let kills = vec![vec![false, false], vec![false, true]];
        assert_eq!(minimal_killing_set(&kills).tests, vec![1]);
        assert_eq!(minimal_killing_set(&[]).tests, Vec::<usize>::new());
    }

    #[test]
    fn greedy_beyond_the_exact_limit_still_covers() {
        let n = EXACT_LIMIT + 5;
        // submission s is killed by test s only, plus test n kills the even ones.
        let kills: Vec<Vec<bool>> = (0..n)
            .map(|s| (0..=n).map(|t| t == s || (t == n && s % 2 == 0)).collect())
            .collect();
        let set = minimal_killing_set(&kills);
        assert!(!set.exact);
        for row in &kills {
            assert!(set.tests.iter().any(|&t| row[t]));
        }
    }
}
