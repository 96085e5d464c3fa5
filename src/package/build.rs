//! `gridjudge build`: every manifest test generated (or read), validated, solved, checked and
//! cross-checked ([`build_test`]), then committed to the store in one step with its lock
//! ([`build_problem`]), and the summary table.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use rayon::prelude::*;

use super::lock::{lock_changes, Lock, LockChange, LockedTest, LOCK_FORMAT};
use super::manifest::{input_of, read_relative, test_name, Manifest, TestSpec};
use super::store::build_command;
use crate::core::files::sha256_hex;
use crate::core::verdict::Verdict;
use crate::problem::{Problem, ProblemConfig};

/// A built test, in memory.
#[derive(Clone, Debug)]
pub struct BuiltTest {
    /// Name, e.g. `07`.
    pub name: String,
    /// The manifest entry.
    pub spec: TestSpec,
    /// Input bytes.
    pub input: Vec<u8>,
    /// Jury answer bytes.
    pub answer: Vec<u8>,
    /// Board size, e.g. `100x100`.
    pub size: String,
    /// Answer summary, e.g. `WIN 17`.
    pub summary: String,
    /// Whether the brute-force solver confirmed the answer.
    pub brute_checked: bool,
    /// Reference solution time, milliseconds.
    pub solve_ms: f64,
    /// The reference solution's own output when the jury answer is another file (a hand-made
    /// test's official answer); `None` when the jury answer is the reference's output.
    pub reference: Option<Vec<u8>>,
    /// For an interactive problem, the reference player's exchange with the interactor on this
    /// test (the `.interaction` form, capped), from the build's [`BeforeCommit`] check; `None`
    /// for a batch problem.
    pub transcript: Option<String>,
    /// The validator's overview log of the input: which bounds it reached (empty when the
    /// validator writes none).
    pub bounds: crate::core::bounds_log::BoundsLog,
}

/// Produces ([`input_of`], with its determinism check), validates, solves and cross-checks one
/// test. Errors name what failed; an empty jury answer (nothing or only white space) is one
/// unless `config.build.empty_answers`.
pub fn build_test(
    problem: &dyn Problem,
    config: &ProblemConfig,
    dir: &Path,
    name: String,
    spec: &TestSpec,
) -> anyhow::Result<BuiltTest> {
    let input = input_of(problem, dir, spec)?;
    let summary = problem
        .validate_in_group(&input, config, spec.group.as_deref())?
        .map_err(|e| {
            anyhow!(
                "input does not validate{}: {e}",
                spec.group
                    .as_ref()
                    .map(|g| format!(" in group `{g}`"))
                    .unwrap_or_default()
            )
        })?;
    let t0 = Instant::now();
    let answer = problem.solve(&input, &config.constraints)?;
    let solve_ms = t0.elapsed().as_secs_f64() * 1e3;
    // An interactive or multi-pass problem's answer file is for its interactor or checker,
    // and only a run of the reference player against it (after the build, before anything is
    // written: [`BeforeCommit`]) can tell whether it is right; the checks below, which judge an
    // output by `Problem::check`, do not apply.
    let exchanged = config.interaction.interactive || config.interaction.multi_pass;
    if exchanged {
        let answer = match &spec.answer {
            Some(official) => read_relative(dir, official)?,
            None => answer,
        };
        return Ok(BuiltTest {
            name,
            spec: spec.clone(),
            summary: problem.describe_answer(&answer),
            input,
            answer,
            size: summary.size,
            brute_checked: false,
            solve_ms,
            reference: None,
            transcript: None,
            bounds: summary.bounds_log,
        });
    }
    if !config.build.empty_answers && answer.iter().all(|b| b" \t\n\r\x0b\x0c".contains(b)) {
        bail!(
            "{} printed {}: an empty jury answer accepts an empty submission; fix the \
             reference, or declare empty answers legal with `empty_answers = true` in \
             problem.toml's [build]",
            reference_name(problem),
            if answer.is_empty() {
                "nothing"
            } else {
                "only white space"
            }
        );
    }
    let must_accept = |output: &[u8], jury: &[u8], what: &str| -> anyhow::Result<()> {
        let o = problem.check(&input, &mut &output[..], jury, config);
        if o.verdict != Verdict::Ac {
            bail!("{what}: checker says {} ({})", o.verdict, o.message);
        }
        Ok(())
    };
    must_accept(&answer, &answer, "self-check of the jury answer")?;
    // A hand-made test's official answer is its jury answer (as in Polygon): the checker must
    // accept the reference's output against it (and it against the reference's).
    let (answer, reference) = match &spec.answer {
        Some(official) => {
            let official = read_relative(dir, official)?;
            must_accept(&official, &official, "self-check of the official answer")?;
            must_accept(&official, &answer, "official answer against the reference")?;
            must_accept(&answer, &official, "reference against the official answer")?;
            (official, Some(answer))
        }
        None => (answer, None),
    };
    let brute = match &config.build.brute_force_group {
        Some(g) if spec.group.as_deref() == Some(g.as_str()) => {
            problem.brute_force(&input, u64::MAX)?
        }
        Some(_) => None,
        None => problem.brute_force(&input, config.build.brute_force_max_cells)?,
    };
    if let Some(b) = &brute {
        must_accept(b, &answer, "brute-force answer against the reference")?;
    }
    Ok(BuiltTest {
        name,
        spec: spec.clone(),
        summary: problem.describe_answer(&answer),
        input,
        answer,
        size: summary.size,
        brute_checked: brute.is_some(),
        solve_ms,
        reference,
        transcript: None,
        bounds: summary.bounds_log,
    })
}

/// The reference solution in messages: `the reference solution (solutions/ref.py)` for a
/// program problem (its `solution` path or command), `the reference solution` for a built-in one.
fn reference_name(problem: &dyn Problem) -> String {
    let Some(p) = crate::problems::program::ProgramProblem::of(problem) else {
        return "the reference solution".into();
    };
    let t = p.programs().solution.table();
    match (t.source, t.command) {
        (Some(s), _) => format!("the reference solution ({s})"),
        (_, Some(c)) => format!("the reference solution (`{c}`)"),
        _ => "the reference solution".into(),
    }
}

/// How `build` treats the lock file, by test identity ([`lock_changes`]); like cargo with
/// `Cargo.lock`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockMode {
    /// `gridjudge build`: additions, removals and renumberings are recorded in the lock (and
    /// reported); a change (other bytes for a locked identity) is an error and nothing is
    /// written.
    Extend,
    /// `--locked`: any difference (addition, removal, renumbering, change, no lock, a lock in
    /// an older format) is an error and nothing is written.
    Locked,
    /// `--update-lock`: every difference, changes included, is recorded.
    Update,
}

/// Options of [`build_problem`].
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Folder holding one folder per problem.
    pub problems_dir: PathBuf,
    /// Lock handling.
    pub lock: LockMode,
    /// Worker threads; `None` for rayon's default (one per core). Output bytes do not depend
    /// on it.
    pub jobs: Option<usize>,
    /// Draw a bar on stderr ([`crate::core::progress::bar`]) that advances as each test is built and
    /// is cleared before anything is written; the driver sets it when stderr is a terminal.
    /// Nothing else depends on it: the same files, bytes and order, the same report.
    pub progress: bool,
    /// Delete the files of `tests/` that gridjudge did not write
    /// ([`crate::package::store::unknown_files`]; `build --delete-unknown`). Without it a build
    /// finding any refuses to start and writes nothing.
    pub delete_unknown: bool,
}

/// Result of building one problem.
#[derive(Debug)]
pub struct BuildReport {
    /// Built tests in manifest order.
    pub tests: Vec<BuiltTest>,
    /// Human-readable summary table with its legend ([`summary_table`]).
    pub table: String,
    /// What happened to the lock, one line.
    pub lock_status: String,
    /// The differences from the previous lock that were recorded (empty when it matched).
    pub lock_changes: Vec<LockChange>,
    /// The lock of this build.
    pub lock: Lock,
    /// What was written ([`crate::package::store::commit`]).
    pub outcome: crate::package::store::CommitOutcome,
}

impl BuildReport {
    /// Which tests reach the bounds the validator checks ([`crate::package::bounds`]).
    pub fn bounds(&self) -> crate::package::bounds::BoundsReached {
        crate::package::bounds::bounds_reached(
            self.tests.iter().map(|t| (t.name.as_str(), &t.bounds)),
        )
    }
}

impl BuildReport {
    /// The report as JSON (`gridjudge build --json`): `problem`; `lock` with `status`, `path`
    /// and `changes` (each with `kind` = added, removed, renumbered or changed, `name`,
    /// `identity`, and `old_name` for renumberings and changes); `tests`, each with `name`,
    /// `identity`, `group`, `sample`, `size`, `answer` (the summary), `brute_force_checked`,
    /// `input_sha256`, `answer_sha256`, `input_bytes`, `answer_bytes`, `solve_ms`.
    pub fn to_json(&self, problem: &str, lock_path: &Path) -> serde_json::Value {
        use serde_json::json;
        let changes: Vec<serde_json::Value> = self
            .lock_changes
            .iter()
            .map(|c| match c {
                LockChange::Added(t) => {
                    json!({"kind": "added", "name": t.name, "identity": t.source})
                }
                LockChange::Removed(t) => {
                    json!({"kind": "removed", "name": t.name, "identity": t.source})
                }
                LockChange::Renumbered { old, name } => json!({
                    "kind": "renumbered", "name": name, "old_name": old.name,
                    "identity": old.source
                }),
                LockChange::Changed { old, new } => json!({
                    "kind": "changed", "name": new.name, "old_name": old.name,
                    "identity": new.source,
                    "old_input_sha256": old.input, "old_answer_sha256": old.answer
                }),
            })
            .collect();
        let tests: Vec<serde_json::Value> = self
            .tests
            .iter()
            .map(|t| {
                json!({
                    "name": t.name,
                    "identity": t.spec.source(),
                    "group": t.spec.group,
                    "sample": t.spec.sample,
                    "size": t.size,
                    "answer": t.summary,
                    "brute_force_checked": t.brute_checked,
                    "input_sha256": sha256_hex(&t.input),
                    "answer_sha256": sha256_hex(&t.answer),
                    "input_bytes": t.input.len(),
                    "answer_bytes": t.answer.len(),
                    "solve_ms": t.solve_ms,
                })
            })
            .collect();
        json!({
            "problem": problem,
            "bounds": self.bounds(),
            "lock": {
                "status": self.lock_status,
                "path": lock_path.display().to_string(),
                "changes": changes,
            },
            "tests": tests,
        })
    }
}

fn count_kinds(changes: &[LockChange]) -> String {
    let mut n = [0usize; 4];
    for c in changes {
        n[match c {
            LockChange::Added(_) => 0,
            LockChange::Removed(_) => 1,
            LockChange::Renumbered { .. } => 2,
            LockChange::Changed { .. } => 3,
        }] += 1;
    }
    ["added", "removed", "renumbered", "changed"]
        .iter()
        .zip(n)
        .filter(|(_, k)| *k > 0)
        .map(|(w, k)| format!("{k} {w}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Builds the test package of `problem`: reads `manifest.toml`, builds every test in parallel
/// (results in manifest order, bytes independent of the thread count), compares them with the
/// committed lock by identity per `opts.lock`, then commits the tests and the lock in one step
/// ([`crate::package::store::commit`]: a new build folder, `tests` switched to it by one rename).
/// Holds the problem's build lock throughout ([`crate::package::store::lock_for_build`]): a concurrent
/// build or reader makes it fail at once. Nothing is written when `tests/` holds files
/// gridjudge did not write (unless `opts.delete_unknown`), when any test fails (an empty jury
/// answer is a failure unless `[build] empty_answers`), when the reference solution gives
/// two answers for one input (`confirm_answers`) or when the lock check fails; an
/// interruption or a write error leaves the previous package and lock as they were. Errors
/// name the test and give the command to run next.
pub fn build_problem(problem: &dyn Problem, opts: &BuildOptions) -> anyhow::Result<BuildReport> {
    let dir = opts.problems_dir.join(problem.name());
    let config = ProblemConfig::load(problem, Some(&dir.join("problem.toml")))?;
    build_problem_with(problem, &config, opts)
}

/// [`build_problem`] with `problem.toml` already parsed as `config` (the registry's loaded
/// problem, `crate::problems::Loaded`), so that a command parses it once. An interactive or
/// multi-pass program problem is refused here (its answers come from the reference player's
/// run: [`build_problem_checked`]); a built-in interactive one is built without that run.
pub fn build_problem_with(
    problem: &dyn Problem,
    config: &ProblemConfig,
    opts: &BuildOptions,
) -> anyhow::Result<BuildReport> {
    build_problem_checked(problem, config, opts, None)
}

/// A check of the built tests that runs after every test was built and before anything is
/// written: for an interactive or multi-pass problem, the reference player judged against the
/// interactor or checker on every test (`gridjudge build` passes it; it lives in the judge
/// layer, above this one). It returns what the player's run of each test gave. An error stops
/// the build with nothing written.
pub type BeforeCommit<'a> = &'a (dyn Fn(&[BuiltTest]) -> anyhow::Result<Vec<PlayerRun>> + Sync);

/// What the reference player's run of one test gave ([`BeforeCommit`]).
#[derive(Clone, Debug, Default)]
pub struct PlayerRun {
    /// The exchange ([`BuiltTest::transcript`], for the report).
    pub transcript: Option<String>,
    /// A testlib-convention interactor's log: the jury answer of a test that has no official
    /// one (Polygon's way: the answer of an interactive test is the interactor's output on the
    /// main solution's run).
    pub log: Option<Vec<u8>>,
}

/// [`build_problem_with`] with a [`BeforeCommit`] check.
pub fn build_problem_checked(
    problem: &dyn Problem,
    config: &ProblemConfig,
    opts: &BuildOptions,
    before_commit: Option<BeforeCommit<'_>>,
) -> anyhow::Result<BuildReport> {
    let dir = opts.problems_dir.join(problem.name());
    crate::problem::title::check_statement_title(&dir, &config.title)?;
    let manifest = Manifest::load(&dir.join("manifest.toml"))?;
    manifest.check_seeds(problem, &dir.join("manifest.toml"))?;
    let _guard = crate::package::store::lock_for_build(&dir)?;
    if !opts.delete_unknown {
        let current = crate::package::store::current(&dir)?;
        let unknown = crate::package::store::unknown_files(&dir, &current)?;
        if !unknown.is_empty() {
            bail!(
                "{}: {} file(s) that gridjudge did not write: {}; a build replaces this folder \
                 and would delete them, nothing written. Move them out of it (a hand-made test \
                 belongs in manifest.toml as `file = \"...\"`), or run {} to delete them",
                dir.join("tests").display(),
                unknown.len(),
                unknown.join(", "),
                build_command(&opts.problems_dir, problem.name(), "--delete-unknown")
            );
        }
    }
    let count = manifest.tests.len();
    let bar = crate::core::progress::bar(count as u64, "tests built", opts.progress);
    let work = || -> Vec<anyhow::Result<BuiltTest>> {
        manifest
            .tests
            .par_iter()
            .enumerate()
            .map(|(i, spec)| {
                let name = test_name(i, count);
                let built = build_test(problem, config, &dir, name.clone(), spec)
                    .with_context(|| format!("{} test {name} ({})", problem.name(), spec.source()));
                bar.inc(1);
                bar.set_message(name);
                built
            })
            .collect()
    };
    let results = in_pool(opts.jobs, work)?;
    bar.finish_and_clear();
    let mut tests = Vec::with_capacity(count);
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(t) => tests.push(t),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        bail!(
            "{} test(s) failed, nothing written:\n  {}",
            errors.len(),
            same_errors_once(problem.name(), &errors).join("\n  ")
        );
    }
    super::corpus::check_invalid_corpus(problem, config, &dir)
        .context("validator corpus, nothing written")?;
    // An interactive or multi-pass program problem's answers come from the reference player's
    // run (a testlib interactor's log), which only the check gives; a built-in one's come from
    // `Problem::solve`, and a caller without the check (the library's own tests) builds it
    // unchecked.
    if before_commit.is_none()
        && (config.interaction.interactive || config.interaction.multi_pass)
        && crate::problems::program::ProgramProblem::of(problem).is_some()
    {
        bail!(
            "{}: an interactive or multi-pass program problem is built with its reference \
             player's check (`gridjudge build`, or build_problem_checked with \
             judge::check_player); nothing written",
            problem.name()
        );
    }
    if let Some(check) = before_commit {
        let runs = check(&tests).context("nothing written")?;
        if runs.len() != tests.len() {
            bail!(
                "the reference player's check gave {} results for {} tests; nothing written",
                runs.len(),
                tests.len()
            );
        }
        for (t, run) in tests.iter_mut().zip(runs) {
            t.transcript = run.transcript;
            if let (Some(log), None) = (run.log, &t.spec.answer) {
                t.summary = problem.describe_answer(&log);
                t.answer = log;
            }
        }
    }

    let built_lock = Lock {
        format: LOCK_FORMAT,
        tests: tests
            .iter()
            .map(|t| LockedTest {
                name: t.name.clone(),
                source: t.spec.source(),
                input: sha256_hex(&t.input),
                answer: sha256_hex(&t.answer),
            })
            .collect(),
    };
    let lock_path = dir.join("tests.lock");
    let current = crate::package::store::current(&dir)?;
    let (committed, lagging) = crate::package::store::committed_lock(&dir, &current)?;
    let old = committed
        .map(|text| Lock::parse(&text, &lock_path))
        .transpose()?;
    // An interactive or multi-pass problem's answers come from the player's run, not from
    // `Problem::solve`, which confirms nothing there.
    let exchanged = config.interaction.interactive || config.interaction.multi_pass;
    let unconfirmed_needs_lock = opts.lock == LockMode::Locked && old.is_none();
    if !exchanged && !unconfirmed_needs_lock {
        confirm_answers(problem, config, &tests, old.as_ref(), opts.jobs)?;
    }
    let changes = lock_changes(&built_lock, old.as_ref().unwrap_or(&Lock::default()));
    let old_format = old.as_ref().is_some_and(|l| l.format < LOCK_FORMAT);
    let name = problem.name();
    let plain = build_command(&opts.problems_dir, name, "");
    let update = build_command(&opts.problems_dir, name, "--update-lock");
    let list = |cs: &[&LockChange]| {
        cs.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("\n  ")
    };
    match opts.lock {
        LockMode::Locked => {
            if old.is_none() {
                bail!(
                    "{}: no lock file, nothing written; run {plain} to create it",
                    lock_path.display()
                );
            }
            if !changes.is_empty() {
                let mut next = Vec::new();
                if changes.iter().any(|c| !c.is_change()) {
                    next.push(format!(
                        "{plain} records additions, removals and renumberings"
                    ));
                }
                if changes.iter().any(LockChange::is_change) {
                    next.push(format!("{update} accepts changed tests"));
                }
                bail!(
                    "{name}: {} difference(s) from the lock ({}), nothing written:\n  {}\n{}",
                    changes.len(),
                    count_kinds(&changes),
                    list(&changes.iter().collect::<Vec<_>>()),
                    next.join("; ")
                );
            }
            if old_format {
                bail!(
                    "{}: lock format {} (compared by position), nothing written; run {plain} \
                     to rewrite it in format {LOCK_FORMAT} (keyed by test identity)",
                    lock_path.display(),
                    old.as_ref().map_or(0, |l| l.format)
                );
            }
        }
        LockMode::Extend => {
            let changed: Vec<&LockChange> = changes.iter().filter(|c| c.is_change()).collect();
            if !changed.is_empty() {
                bail!(
                    "{name}: {} locked test(s) would change (same identity, other bytes), \
                     nothing written:\n  {}\nrun {update} to accept the new bytes",
                    changed.len(),
                    list(&changed),
                );
            }
        }
        LockMode::Update => {}
    }
    let mut lock_status = if old.is_none() {
        format!("lock created ({} tests)", built_lock.tests.len())
    } else if changes.is_empty() {
        "matches the lock".to_string()
    } else {
        format!("lock updated: {}", count_kinds(&changes))
    };
    if old_format {
        lock_status += &format!(
            "; lock rewritten from format 1 to format {LOCK_FORMAT} (keyed by test identity)"
        );
    }

    let files: Vec<crate::package::store::PackageFile> = tests
        .iter()
        .flat_map(|t| {
            [
                (format!("{}.in", t.name), t.input.as_slice()),
                (format!("{}.ans", t.name), t.answer.as_slice()),
            ]
        })
        .collect();
    let outcome = crate::package::store::commit(&dir, &files, &built_lock.to_text())?;
    if lagging {
        lock_status += "; finished an interrupted build (tests.lock copied from tests/tests.lock)";
    }
    let table = summary_table(&tests, &config.build, problem.positional_args());
    Ok(BuildReport {
        tests,
        table,
        lock_status,
        lock_changes: changes,
        lock: built_lock,
        outcome,
    })
}

/// Runs `work` on `jobs` worker threads (`None`: rayon's global pool, one per core).
fn in_pool<T: Send>(jobs: Option<usize>, work: impl FnOnce() -> T + Send) -> anyhow::Result<T> {
    Ok(match jobs {
        Some(j) => rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
            .context("cannot start worker threads")?
            .install(work),
        None => work(),
    })
}

/// Catches a nondeterministic reference solution: runs it a second time on the input of
/// every test whose answer is about to enter the lock unconfirmed, and fails naming the test
/// when the two runs differ. Those tests are: a locked test whose input is unchanged but
/// whose answer differs from the lock (else the lock's bytes would be offered to
/// `--update-lock` as a change), and, for a program problem, every test the lock does not
/// hold yet (a new answer is recorded only once two runs gave it). A locked test whose answer
/// matches the lock needs nothing: that build and this one agree. Built-in problems' solvers
/// are Rust code of this crate, deterministic by construction (and pinned by their tests), so
/// their new tests are not run twice.
fn confirm_answers(
    problem: &dyn Problem,
    config: &ProblemConfig,
    tests: &[BuiltTest],
    old: Option<&Lock>,
    jobs: Option<usize>,
) -> anyhow::Result<()> {
    let program = crate::problems::program::ProgramProblem::of(problem).is_some();
    let again: Vec<&BuiltTest> = tests
        .iter()
        .filter(|t| match old.and_then(|l| l.get(&t.spec.source())) {
            None => program,
            Some(locked) => {
                locked.input == sha256_hex(&t.input) && locked.answer != sha256_hex(&t.answer)
            }
        })
        .collect();
    let work = || -> Vec<anyhow::Result<()>> {
        again
            .par_iter()
            .map(|t| {
                let second = problem
                    .solve(&t.input, &config.constraints)
                    .with_context(|| {
                        format!(
                            "test {} ({}): second run of the reference solution",
                            t.name,
                            t.spec.source()
                        )
                    })?;
                // The first run's output: the jury answer, unless an official file replaced it.
                let first = t.reference.as_ref().unwrap_or(&t.answer);
                if second == *first {
                    return Ok(());
                }
                let short = |b: &[u8]| {
                    let h = sha256_hex(b);
                    format!("{} bytes, SHA-256 {}", b.len(), &h[..12])
                };
                bail!(
                    "{} is nondeterministic on test {} ({}): two runs on the same input gave \
                     different answers ({}, then {}); its answer must depend on the input only \
                     (no clock, no unseeded randomness, no uninitialised memory)",
                    reference_name(problem),
                    t.name,
                    t.spec.source(),
                    short(first),
                    short(&second)
                )
            })
            .collect()
    };
    let errors: Vec<String> = in_pool(jobs, work)?
        .into_iter()
        .filter_map(|r| r.err().map(|e| format!("{e:#}")))
        .collect();
    if !errors.is_empty() {
        bail!(
            "{}: {} test(s) failed, nothing written:\n  {}",
            problem.name(),
            errors.len(),
            errors.join("\n  ")
        );
    }
    Ok(())
}

/// Width of the source column of [`summary_table`]; longer sources wrap.
const SOURCE_WIDTH: usize = 44;

/// `text` cut at spaces into lines of at most `width` characters (a longer word is split).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let last = lines.last_mut().expect("one line");
            let sep = usize::from(!last.is_empty());
            if last.chars().count() + sep + word.chars().count() <= width {
                if sep == 1 {
                    last.push(' ');
                }
                last.push_str(&word);
                break;
            }
            if last.is_empty() {
                let head: String = word.chars().take(width).collect();
                let tail: String = word.chars().skip(width).collect();
                last.push_str(&head);
                word = tail;
                lines.push(String::new());
                if word.is_empty() {
                    lines.pop();
                    break;
                }
            } else {
                lines.push(String::new());
            }
        }
    }
    lines
}

/// The summary table: test, source (the full identity, wrapped onto continuation lines),
/// size, answer summary, brute-force check, solve time; then a legend of the columns.
/// `build` says which tests were cross-checked (a cell limit or a test group), `program`
/// whether the sizes are a program problem's (the input's first line) or boards.
pub fn summary_table(
    tests: &[BuiltTest],
    build: &crate::problem::BuildSettings,
    program: bool,
) -> String {
    let w = tests
        .iter()
        .map(|t| t.spec.source().chars().count())
        .max()
        .unwrap_or(6)
        .clamp(6, SOURCE_WIDTH);
    let answer_w = tests
        .iter()
        .map(|t| t.summary.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let size_w = tests
        .iter()
        .map(|t| t.size.chars().count())
        .max()
        .unwrap_or(4)
        .max(9);
    let mut s = format!(
        "{:<4} {:<w$} {:>size_w$} {:<answer_w$} {:<5} {:>9}\n",
        "test", "source", "size", "answer", "brute", "solve ms"
    );
    for t in tests {
        let lines = wrap(&t.spec.source(), w);
        let _ = writeln!(
            s,
            "{:<4} {:<w$} {:>size_w$} {:<answer_w$} {:<5} {:>9.2}",
            t.name,
            lines[0],
            t.size,
            t.summary,
            if t.brute_checked { "yes" } else { "no" },
            t.solve_ms
        );
        for l in &lines[1..] {
            let _ = writeln!(s, "{:<4}   {l}", "");
        }
    }
    let size = if program {
        "the input's first line"
    } else {
        "rows x columns"
    };
    let not_brute = match &build.brute_force_group {
        Some(g) => format!("not in test group `{g}`, not cross-checked"),
        // A program problem's brute force runs on a declared group only ([`crate::problems::program`]).
        None if program => "the problem declares no brute force".to_string(),
        // `[build] brute_force_max_cells` unset or 0 (`duel`): nothing is cross-checked.
        None if build.brute_force_max_cells == 0 => {
            "brute_force_max_cells is 0, no test is cross-checked".to_string()
        }
        None => format!(
            "more than {} cells, too large to brute-force",
            build.brute_force_max_cells
        ),
    };
    let _ = write!(
        s,
        "columns:\n\
         \x20 source    the test's identity: generator line and seed, or hand-made file (long\n\
         \x20           ones continue on the next lines)\n\
         \x20 size      {size}\n\
         \x20 answer    the jury answer in short\n\
         \x20 brute     yes: the answer agrees with the exhaustive brute-force solver;\n\
         \x20           no: {not_brute}\n\
         \x20 solve ms  the reference solution's time\n"
    );
    s
}

/// The messages of failed tests, each `<test>: <cause>`, with a cause that several tests share
/// (a reference solution that does not compile fails every test alike) given once, for the
/// tests of `problem`:
/// `<first test> and N other test(s) (02, 03, ...): <cause>`, in the order of first
/// occurrence.
fn same_errors_once(problem: &str, errors: &[anyhow::Error]) -> Vec<String> {
    // (the first test's context, the other tests' names, the shared cause)
    let mut groups: Vec<(String, Vec<String>, String)> = Vec::new();
    for e in errors {
        let context = e.to_string();
        let cause: Vec<String> = e.chain().skip(1).map(|c| c.to_string()).collect();
        if cause.is_empty() {
            groups.push((context, Vec::new(), String::new()));
            continue;
        }
        let cause = cause.join(": ");
        match groups.iter_mut().find(|g| g.2 == cause) {
            Some(g) => g.1.push(context),
            None => groups.push((context, Vec::new(), cause)),
        }
    }
    groups
        .into_iter()
        .map(
            |(first, others, cause)| match (others.len(), cause.is_empty()) {
                (_, true) => first,
                (0, false) => format!("{first}: {cause}"),
                (n, false) => {
                    // A test's context is `<problem> test <name> (<source>)`: its name is shown.
                    let names: Vec<&str> = others
                        .iter()
                        .map(|c| {
                            let rest = c.strip_prefix(problem).unwrap_or(c);
                            let rest = rest.strip_prefix(" test ").unwrap_or(rest);
                            rest.split(" (").next().unwrap_or(rest)
                        })
                        .collect();
                    let shown = names.len().min(10);
                    let more = if names.len() > shown { ", ..." } else { "" };
                    format!(
                        "{first} and {n} other test(s) ({}{more}): {cause}",
                        names[..shown].join(", ")
                    )
                }
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The legend's `no` says why a test was not cross-checked: a cell limit over it, or no
    /// limit at all (`duel` said "more than 0 cells" before).
    #[test]
    fn the_brute_column_is_explained_for_every_setting() {
        let with = |max| crate::problem::BuildSettings {
            brute_force_max_cells: max,
            ..Default::default()
        };
        let legend = summary_table(&[], &with(20), false);
        assert!(
            legend.contains("no: more than 20 cells, too large to brute-force"),
            "{legend}"
        );
        let legend = summary_table(&[], &with(0), false);
        assert!(
            legend.contains("no: brute_force_max_cells is 0, no test is cross-checked"),
            "{legend}"
        );
        let legend = summary_table(&[], &with(0), true);
        assert!(
            legend.contains("no: the problem declares no brute force"),
            "{legend}"
        );
    }
}
