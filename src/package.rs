//! Building a problem's test package: manifest in, validated tests and jury answers out,
//! every file written atomically, every hash locked.
//!
//! Layout of `problems/<name>/`:
//! * `problem.toml` — limits, constraints, groups, checker options ([`ProblemConfig`]);
//! * `manifest.toml` — the tests, in order ([`Manifest`]);
//! * `tests.lock` — the SHA-256 of every built file ([`Lock`]);
//! * `tests/NN.in`, `tests/NN.ans` — build output, not committed.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::args::Args;
use crate::problem::{generate_test, Problem, ProblemConfig, ValidateOptions};
use crate::verdict::Verdict;

/// One manifest entry: where a test's input comes from.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TestSpec {
    /// A generator line: generator name then `key=value` arguments, e.g. `random n=5 m=5`.
    pub gen: Option<String>,
    /// Seed of the generator line.
    pub seed: Option<u64>,
    /// A hand-made input file, relative to the problem folder (e.g. a sample).
    pub file: Option<String>,
    /// An official answer for `file`, relative to the problem folder: the reference solution
    /// must agree with it (the checker accepts each against the other).
    pub answer: Option<String>,
    /// Test group (subtask) whose extra bounds this input must also meet.
    pub group: Option<String>,
    /// Whether the test is a sample shown in the statement.
    #[serde(default)]
    pub sample: bool,
}

impl TestSpec {
    /// The source as one line: `gen LINE seed=S` or `file PATH`. Recorded in the lock.
    pub fn source(&self) -> String {
        match (&self.gen, &self.file) {
            (Some(g), _) => format!("gen {} seed={}", g, self.seed.unwrap_or(0)),
            (None, Some(f)) => format!("file {f}"),
            (None, None) => "?".into(),
        }
    }
}

/// `manifest.toml`: the list of tests in order. Test i (1-based) is named `NN` with at least
/// two digits.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The tests.
    #[serde(rename = "test", default)]
    pub tests: Vec<TestSpec>,
}

impl Manifest {
    /// Reads and checks a manifest: each entry has exactly one of `gen` (with `seed`) and
    /// `file`; `answer` only with `file`. Errors name the entry.
    pub fn load(path: &Path) -> anyhow::Result<Manifest> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let m: Manifest = toml::from_str(&text)
            .with_context(|| format!("{}: invalid manifest", path.display()))?;
        for (i, t) in m.tests.iter().enumerate() {
            let which = format!("{}: test {} ({})", path.display(), i + 1, t.source());
            match (&t.gen, &t.file) {
                (Some(_), None) if t.seed.is_some() && t.answer.is_none() => {}
                (Some(_), None) if t.seed.is_none() => bail!("{which}: `gen` needs a `seed`"),
                (Some(_), None) => bail!("{which}: `answer` goes only with `file`"),
                (None, Some(_)) if t.seed.is_none() => {}
                (None, Some(_)) => bail!("{which}: `seed` goes only with `gen`"),
                _ => bail!("{which}: give exactly one of `gen` and `file`"),
            }
        }
        if m.tests.is_empty() {
            bail!("{}: no [[test]] entries", path.display());
        }
        Ok(m)
    }
}

/// One locked test.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LockedTest {
    /// Test name, e.g. `07`.
    pub name: String,
    /// The manifest source line ([`TestSpec::source`]).
    pub source: String,
    /// SHA-256 of `NN.in`, lower-case hex.
    pub input: String,
    /// SHA-256 of `NN.ans`, lower-case hex.
    pub answer: String,
}

/// `tests.lock`: the hashes of every test file.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Lock {
    /// Locked tests in order.
    #[serde(rename = "test", default)]
    pub tests: Vec<LockedTest>,
}

const LOCK_HEADER: &str = "# Written by `gridjudge build`: the SHA-256 of every test file.\n\
# `gridjudge build --locked` fails when a rebuilt test differs.\n\n";

impl Lock {
    /// Reads a lock file; `Ok(None)` when it does not exist.
    pub fn load(path: &Path) -> anyhow::Result<Option<Lock>> {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                Ok(Some(toml::from_str(&text).with_context(|| {
                    format!("{}: invalid lock file", path.display())
                })?))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// The lock file's text.
    pub fn to_text(&self) -> String {
        LOCK_HEADER.to_string() + &toml::to_string(self).expect("lock serialises")
    }
}

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed and
/// synced, then renamed over `path`. Readers see the old file or the new one, never half.
/// The file gets mode 0644 less the umask, as a plain `File::create` would (a temporary file
/// alone would be owner-only).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .permissions(std::fs::Permissions::from_mode(0o644))
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    tmp.write_all(bytes)
        .and_then(|_| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path)
        .with_context(|| format!("cannot rename into {}", path.display()))?;
    Ok(())
}

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
}

/// Test name of 0-based index `i` among `count`: at least two digits.
pub fn test_name(i: usize, count: usize) -> String {
    let width = count.to_string().len().max(2);
    format!("{:0width$}", i + 1)
}

fn read_relative(dir: &Path, rel: &str) -> anyhow::Result<Vec<u8>> {
    let p = dir.join(rel);
    std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))
}

/// Produces, validates, solves and cross-checks one test. Errors name what failed.
pub fn build_test(
    problem: &dyn Problem,
    config: &ProblemConfig,
    dir: &Path,
    name: String,
    spec: &TestSpec,
) -> anyhow::Result<BuiltTest> {
    let input = match (&spec.gen, &spec.file) {
        (Some(line), _) => {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (gen, rest) = words
                .split_first()
                .ok_or_else(|| anyhow!("empty generator line"))?;
            let args = Args::parse(rest)?;
            generate_test(problem, gen, &args, spec.seed.unwrap_or(0))?
        }
        (None, Some(file)) => read_relative(dir, file)?,
        (None, None) => bail!("no source"),
    };
    let bounds = config.bounds_for(spec.group.as_deref())?;
    let summary = problem
        .validate(&input, &bounds, ValidateOptions::default())
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
    let must_accept = |output: &[u8], jury: &[u8], what: &str| -> anyhow::Result<()> {
        let o = problem.check(&input, &mut &output[..], jury, config);
        if o.verdict != Verdict::Ac {
            bail!("{what}: checker says {} ({})", o.verdict, o.message);
        }
        Ok(())
    };
    must_accept(&answer, &answer, "self-check of the jury answer")?;
    if let Some(official) = &spec.answer {
        let official = read_relative(dir, official)?;
        must_accept(&official, &answer, "official answer against the reference")?;
        must_accept(&answer, &official, "reference against the official answer")?;
    }
    let brute = problem.brute_force(&input, config.build.brute_force_max_cells)?;
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
    })
}

/// How `build` treats the lock file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockMode {
    /// New tests are added to the lock; a locked test that changed is an error.
    Extend,
    /// Any difference from the lock (changed, added, removed tests, or no lock) is an error.
    Locked,
    /// The lock is rewritten to match what was built.
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
    /// Draw a bar on stderr ([`crate::progress::bar`]) that advances as each test is built and
    /// is cleared before anything is written; the driver sets it when stderr is a terminal.
    /// Nothing else depends on it: the same files, bytes and order, the same report.
    pub progress: bool,
}

/// Result of building one problem.
#[derive(Debug)]
pub struct BuildReport {
    /// Built tests in manifest order.
    pub tests: Vec<BuiltTest>,
    /// Human-readable summary table.
    pub table: String,
    /// What happened to the lock, one line.
    pub lock_status: String,
}

/// Differences between what was built and the lock, one line each, naming the test.
fn lock_differences(built: &Lock, locked: &Lock) -> Vec<String> {
    let mut out = Vec::new();
    for (i, b) in built.tests.iter().enumerate() {
        match locked.tests.get(i) {
            None => out.push(format!("test {} ({}) is not in the lock", b.name, b.source)),
            Some(l) if l == b => {}
            Some(l) => {
                let mut what = Vec::new();
                if l.name != b.name {
                    what.push(format!("name {} -> {}", l.name, b.name));
                }
                if l.source != b.source {
                    what.push(format!("source `{}` -> `{}`", l.source, b.source));
                }
                if l.input != b.input {
                    what.push(format!(
                        "input sha256 {}.. -> {}..",
                        &l.input[..12.min(l.input.len())],
                        &b.input[..12]
                    ));
                }
                if l.answer != b.answer {
                    what.push(format!(
                        "answer sha256 {}.. -> {}..",
                        &l.answer[..12.min(l.answer.len())],
                        &b.answer[..12]
                    ));
                }
                out.push(format!(
                    "test {} differs from the lock: {}",
                    b.name,
                    what.join("; ")
                ));
            }
        }
    }
    for l in locked.tests.iter().skip(built.tests.len()) {
        out.push(format!(
            "locked test {} ({}) is no longer built",
            l.name, l.source
        ));
    }
    out
}

/// Builds the test package of `problem`: reads `manifest.toml`, builds every test in parallel
/// (results in manifest order, bytes independent of the thread count), checks them against
/// `tests.lock` per `opts.lock`, then writes `tests/NN.in`, `tests/NN.ans` and the lock, each
/// atomically. Nothing is written when any test fails or the lock check fails.
pub fn build_problem(problem: &dyn Problem, opts: &BuildOptions) -> anyhow::Result<BuildReport> {
    let dir = opts.problems_dir.join(problem.name());
    let config = ProblemConfig::load(problem, Some(&dir.join("problem.toml")))?;
    let manifest = Manifest::load(&dir.join("manifest.toml"))?;
    let count = manifest.tests.len();
    let bar = crate::progress::bar(count as u64, "tests built", opts.progress);
    let work = || -> Vec<anyhow::Result<BuiltTest>> {
        manifest
            .tests
            .par_iter()
            .enumerate()
            .map(|(i, spec)| {
                let name = test_name(i, count);
                let built = build_test(problem, &config, &dir, name.clone(), spec)
                    .with_context(|| format!("{} test {name} ({})", problem.name(), spec.source()));
                bar.inc(1);
                bar.set_message(name);
                built
            })
            .collect()
    };
    let results = match opts.jobs {
        Some(j) => rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
            .context("cannot start worker threads")?
            .install(work),
        None => work(),
    };
    bar.finish_and_clear();
    let mut tests = Vec::with_capacity(count);
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(t) => tests.push(t),
            Err(e) => errors.push(format!("{e:#}")),
        }
    }
    if !errors.is_empty() {
        bail!(
            "{} test(s) failed, nothing written:\n  {}",
            errors.len(),
            errors.join("\n  ")
        );
    }

    let built_lock = Lock {
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
    let old = Lock::load(&lock_path)?;
    let diffs = lock_differences(&built_lock, old.as_ref().unwrap_or(&Lock::default()));
    let lock_status = match opts.lock {
        LockMode::Locked => {
            if old.is_none() {
                bail!(
                    "{}: no lock file; build once without --locked",
                    lock_path.display()
                );
            }
            if !diffs.is_empty() {
                bail!(
                    "{}: {} difference(s) from the lock, nothing written:\n  {}",
                    problem.name(),
                    diffs.len(),
                    diffs.join("\n  ")
                );
            }
            "matches the lock".to_string()
        }
        LockMode::Extend => {
            let changed: Vec<&String> = diffs
                .iter()
                .filter(|d| !d.contains("is not in the lock"))
                .collect();
            if !changed.is_empty() {
                bail!(
                    "{}: {} locked test(s) would change, nothing written (rerun with --update-lock to accept):\n  {}",
                    problem.name(),
                    changed.len(),
                    changed.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  ")
                );
            }
            if diffs.is_empty() {
                "matches the lock".to_string()
            } else {
                format!("lock extended by {} test(s)", diffs.len())
            }
        }
        LockMode::Update => {
            if diffs.is_empty() {
                "matches the lock".to_string()
            } else {
                format!("lock updated: {} difference(s)", diffs.len())
            }
        }
    };

    let tests_dir = dir.join("tests");
    std::fs::create_dir_all(&tests_dir)
        .with_context(|| format!("cannot create {}", tests_dir.display()))?;
    for t in &tests {
        write_atomic(&tests_dir.join(format!("{}.in", t.name)), &t.input)?;
        write_atomic(&tests_dir.join(format!("{}.ans", t.name)), &t.answer)?;
    }
    remove_stale(&tests_dir, &tests)?;
    if old.as_ref() != Some(&built_lock) {
        write_atomic(&lock_path, built_lock.to_text().as_bytes())?;
    }
    let table = summary_table(&tests);
    Ok(BuildReport {
        tests,
        table,
        lock_status,
    })
}

/// Removes `NN.in` / `NN.ans` files of tests that no longer exist (build output only).
fn remove_stale(tests_dir: &Path, tests: &[BuiltTest]) -> anyhow::Result<()> {
    let keep: std::collections::HashSet<String> = tests
        .iter()
        .flat_map(|t| [format!("{}.in", t.name), format!("{}.ans", t.name)])
        .collect();
    for entry in std::fs::read_dir(tests_dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_test = name.split_once('.').is_some_and(|(stem, ext)| {
            (ext == "in" || ext == "ans")
                && !stem.is_empty()
                && stem.bytes().all(|b| b.is_ascii_digit())
        });
        if is_test && !keep.contains(&name) {
            std::fs::remove_file(entry.path())
                .with_context(|| format!("cannot remove stale {}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// The summary table: test, source, size, answer summary, brute-force check, solve time.
pub fn summary_table(tests: &[BuiltTest]) -> String {
    let src_width = tests
        .iter()
        .map(|t| t.spec.source().len())
        .max()
        .unwrap_or(6)
        .clamp(6, 60);
    let mut s = format!(
        "{:<4} {:<src_width$} {:>9} {:<12} {:<5} {:>9}\n",
        "test", "source", "size", "answer", "brute", "solve ms"
    );
    for t in tests {
        let mut src = t.spec.source();
        if src.len() > src_width {
            src.truncate(src_width - 3);
            src.push_str("...");
        }
        let _ = writeln!(
            s,
            "{:<4} {:<src_width$} {:>9} {:<12} {:<5} {:>9.2}",
            t.name,
            src,
            t.size,
            t.summary,
            if t.brute_checked { "yes" } else { "-" },
            t.solve_ms
        );
    }
    s
}
