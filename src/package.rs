//! Building a problem's test package: manifest in, validated tests and jury answers out,
//! committed in one step, every hash locked by test identity.
//!
//! Layout of `problems/<name>/`:
//! * `problem.toml` — limits, constraints, groups, checker options ([`ProblemConfig`]);
//! * `manifest.toml` — the tests, in order ([`Manifest`]); test i is named `NN` = i;
//! * `tests.lock` — the SHA-256 of every built file, keyed by the test's identity
//!   ([`TestSpec::source`], [`Lock`]); committed to git;
//! * `tests/NN.in`, `tests/NN.ans`, `tests/tests.lock` — build output, not committed: `tests`
//!   is a symlink to the build folder `.builds/<id>/` ([`crate::store`] describes the layout,
//!   the commit point, the lock file that serialises builds, and fault injection).
//!
//! The lock is keyed by identity, so editing the manifest is reported for what it is
//! ([`lock_changes`]): a new identity is an *addition*, a vanished one a *removal*, the same
//! identity and bytes under another number a *renumbering*, and the same identity with other
//! bytes (a changed generator or solver, an edited hand-made file) a *change*. [`LockMode`]
//! says which of these each mode of `gridjudge build` accepts.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::problem::{generate_test, parse_args, Problem, ProblemConfig};
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
    /// The test's identity, one line: `gen LINE seed=S` for a generated test (the literal
    /// generator line and its seed) or `file PATH` for a hand-made one (the path relative to
    /// the problem folder, with `.` components and repeated or trailing slashes removed). The
    /// lock is keyed by it ([`Lock`]); two manifest entries may not share it. Distinct
    /// (line, seed) pairs give distinct identities: the seed is the digits after the last
    /// ` seed=`.
    pub fn source(&self) -> String {
        match (&self.gen, &self.file) {
            (Some(g), _) => format!("gen {} seed={}", g, self.seed.unwrap_or(0)),
            (None, Some(f)) => format!("file {}", normal_path(f)),
            (None, None) => "?".into(),
        }
    }
}

/// `a/./b//c/` -> `a/b/c`, lexically (no file system access; `..` is kept).
fn normal_path(p: &str) -> String {
    let parts: Vec<&str> = p
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    let joined = parts.join("/");
    if p.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
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
    /// Reads and checks a manifest: each entry has exactly one of `gen` and `file`; `answer`
    /// only with `file`; no two entries share an identity ([`TestSpec::source`]). Whether a
    /// generator line needs a `seed` depends on the problem ([`Manifest::check_seeds`]).
    /// Errors name the entry (both entries for a shared identity).
    pub fn load(path: &Path) -> anyhow::Result<Manifest> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let m: Manifest = toml::from_str(&text)
            .with_context(|| format!("{}: invalid manifest", path.display()))?;
        let count = m.tests.len();
        let mut seen: std::collections::HashMap<String, usize> = Default::default();
        for (i, t) in m.tests.iter().enumerate() {
            let which = format!("{}: test {} ({})", path.display(), i + 1, t.source());
            match (&t.gen, &t.file) {
                (Some(_), None) if t.answer.is_some() => {
                    bail!("{which}: `answer` goes only with `file`")
                }
                (Some(_), None) => {}
                (None, Some(_)) if t.seed.is_none() => {}
                (None, Some(_)) => bail!("{which}: `seed` goes only with `gen`"),
                _ => bail!("{which}: give exactly one of `gen` and `file`"),
            }
            if let Some(first) = seen.insert(t.source(), i) {
                bail!(
                    "{}: tests {} and {} have the same identity `{}` (a generated test is \
                     identified by its generator line and seed, a hand-made one by its file): \
                     change the seed of one or remove it",
                    path.display(),
                    test_name(first, count),
                    test_name(i, count),
                    t.source()
                );
            }
        }
        if m.tests.is_empty() {
            bail!("{}: no [[test]] entries", path.display());
        }
        Ok(m)
    }

    /// Checks the `seed` of every generator line for `problem`: a built-in problem's line
    /// needs one; a program problem's line ([`Problem::positional_args`]) takes one (default
    /// 0) only when it contains `{seed}`, and a line without `{seed}` is passed as written and
    /// may not have one. `path` names the manifest in errors.
    pub fn check_seeds(&self, problem: &dyn Problem, path: &Path) -> anyhow::Result<()> {
        for (i, t) in self.tests.iter().enumerate() {
            let Some(line) = &t.gen else { continue };
            let which = format!("{}: test {} ({})", path.display(), i + 1, t.source());
            if !problem.positional_args() {
                if t.seed.is_none() {
                    bail!("{which}: `gen` needs a `seed`");
                }
            } else if !line.contains(SEED_WORD) && t.seed.is_some() {
                bail!(
                    "{which}: `seed` goes only with a generator line that contains {SEED_WORD} \
                     (a line without it is passed as written and needs no seed)"
                );
            }
        }
        Ok(())
    }
}

/// The word a program problem's generator line writes where the test's seed goes
/// ([`crate::program`]).
pub const SEED_WORD: &str = "{seed}";

/// One locked test.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LockedTest {
    /// Test name (its number in the manifest), e.g. `07`.
    pub name: String,
    /// The test's identity ([`TestSpec::source`]): the key of the lock.
    pub source: String,
    /// SHA-256 of `NN.in`, lower-case hex.
    pub input: String,
    /// SHA-256 of `NN.ans`, lower-case hex.
    pub answer: String,
}

/// The lock format this version writes: 2, keyed by test identity. Format 1 (no `format`
/// key, written before identities) has the same entries and was compared by position; it is
/// read as format 2 and rewritten by the next `gridjudge build` (`--locked` refuses it).
pub const LOCK_FORMAT: u32 = 2;

fn lock_format_1() -> u32 {
    1
}

/// `tests.lock`: the SHA-256 of every test file, keyed by test identity.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Lock {
    /// Format version ([`LOCK_FORMAT`]); 1 when the file has no `format` key.
    #[serde(default = "lock_format_1")]
    pub format: u32,
    /// Locked tests in manifest order; no two share a `source`.
    #[serde(rename = "test", default)]
    pub tests: Vec<LockedTest>,
}

impl Default for Lock {
    fn default() -> Lock {
        Lock {
            format: LOCK_FORMAT,
            tests: Vec::new(),
        }
    }
}

const LOCK_HEADER: &str =
    "# Written by `gridjudge build`: the SHA-256 of every test file, keyed by the test's\n\
# identity (`gen LINE seed=S` or `file PATH`); `name` is its number in the manifest.\n\
# `gridjudge build --locked` fails on any difference; see the README, \"Build a package\".\n\n";

impl Lock {
    /// Reads a lock file; `Ok(None)` when it does not exist. Errors: unreadable, not TOML,
    /// an unknown format, or two entries with the same identity (naming both).
    pub fn load(path: &Path) -> anyhow::Result<Option<Lock>> {
        match std::fs::read_to_string(path) {
            Ok(text) => Lock::parse(&text, path).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// Parses a lock file's text; `path` only names it in errors (see [`Lock::load`]).
    pub fn parse(text: &str, path: &Path) -> anyhow::Result<Lock> {
        let lock: Lock = toml::from_str(text)
            .with_context(|| format!("{}: invalid lock file", path.display()))?;
        if lock.format == 0 || lock.format > LOCK_FORMAT {
            bail!(
                "{}: lock format {} is not known to this gridjudge (it writes format {LOCK_FORMAT})",
                path.display(),
                lock.format
            );
        }
        let mut seen: std::collections::HashMap<&str, &str> = Default::default();
        for t in &lock.tests {
            if let Some(first) = seen.insert(&t.source, &t.name) {
                bail!(
                    "{}: tests {first} and {} have the same identity `{}`; delete the file \
                     and build again to rewrite it",
                    path.display(),
                    t.name,
                    t.source
                );
            }
        }
        Ok(lock)
    }

    /// The lock file's text (always in [`LOCK_FORMAT`]).
    pub fn to_text(&self) -> String {
        let current = Lock {
            format: LOCK_FORMAT,
            tests: self.tests.clone(),
        };
        LOCK_HEADER.to_string() + &toml::to_string(&current).expect("lock serialises")
    }

    /// The entry of identity `source`.
    pub fn get(&self, source: &str) -> Option<&LockedTest> {
        self.tests.iter().find(|t| t.source == source)
    }
}

/// One difference between a build and the lock, by identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockChange {
    /// A test whose identity the lock does not hold.
    Added(LockedTest),
    /// A locked identity the manifest no longer has.
    Removed(LockedTest),
    /// The same identity and bytes under another number (tests inserted, removed or moved
    /// before it).
    Renumbered {
        /// The locked entry.
        old: LockedTest,
        /// The new number.
        name: String,
    },
    /// The same identity with other bytes: a generator or solver whose output changed, or an
    /// edited hand-made file.
    Changed {
        /// The locked entry.
        old: LockedTest,
        /// The built entry.
        new: LockedTest,
    },
}

impl std::fmt::Display for LockChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let short = |h: &str| h[..12.min(h.len())].to_string();
        match self {
            LockChange::Added(t) => write!(f, "added: test {} ({})", t.name, t.source),
            LockChange::Removed(t) => write!(f, "removed: test {} ({})", t.name, t.source),
            LockChange::Renumbered { old, name } => write!(
                f,
                "renumbered: test {} -> {} ({})",
                old.name, name, old.source
            ),
            LockChange::Changed { old, new } => {
                let mut what = Vec::new();
                if old.input != new.input {
                    what.push(format!(
                        "input sha256 {}.. -> {}..",
                        short(&old.input),
                        short(&new.input)
                    ));
                }
                if old.answer != new.answer {
                    what.push(format!(
                        "answer sha256 {}.. -> {}..",
                        short(&old.answer),
                        short(&new.answer)
                    ));
                }
                if old.name != new.name {
                    what.push(format!("renumbered {} -> {}", old.name, new.name));
                }
                write!(
                    f,
                    "changed: test {} ({}): {}",
                    new.name,
                    new.source,
                    what.join("; ")
                )
            }
        }
    }
}

impl LockChange {
    /// Whether this is a [`LockChange::Changed`] (other bytes for a locked identity).
    pub fn is_change(&self) -> bool {
        matches!(self, LockChange::Changed { .. })
    }
}

/// The differences between `built` and `locked`, matched by identity: additions and
/// renumberings and changes in built order, then removals in locked order. O(n) with hashing.
pub fn lock_changes(built: &Lock, locked: &Lock) -> Vec<LockChange> {
    let old: std::collections::HashMap<&str, &LockedTest> = locked
        .tests
        .iter()
        .map(|t| (t.source.as_str(), t))
        .collect();
    let new: std::collections::HashSet<&str> =
        built.tests.iter().map(|t| t.source.as_str()).collect();
    let mut out = Vec::new();
    for b in &built.tests {
        match old.get(b.source.as_str()) {
            None => out.push(LockChange::Added(b.clone())),
            Some(l) if l.input != b.input || l.answer != b.answer => {
                out.push(LockChange::Changed {
                    old: (*l).clone(),
                    new: b.clone(),
                })
            }
            Some(l) if l.name != b.name => out.push(LockChange::Renumbered {
                old: (*l).clone(),
                name: b.name.clone(),
            }),
            Some(_) => {}
        }
    }
    for l in &locked.tests {
        if !new.contains(l.source.as_str()) {
            out.push(LockChange::Removed(l.clone()));
        }
    }
    out
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
            let args = parse_args(problem, rest)?;
            let seed = spec.seed.unwrap_or(0);
            let first = generate_test(problem, gen, &args, seed)?;
            // Run twice (as BAPCtools' --check-deterministic): the same line must give the
            // same bytes, or the lock could never hold.
            let second = generate_test(problem, gen, &args, seed)?;
            if first != second {
                bail!(
                    "generator line `{line}` is not deterministic: two runs gave different \
                     bytes ({} and {} bytes, first difference at byte {}); draw randomness \
                     only from its arguments (see the README, \"Stable bytes\")",
                    first.len(),
                    second.len(),
                    first
                        .iter()
                        .zip(&second)
                        .position(|(a, b)| a != b)
                        .unwrap_or(first.len().min(second.len()))
                );
            }
            first
        }
        (None, Some(file)) => read_relative(dir, file)?,
        (None, None) => bail!("no source"),
    };
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
    })
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
    /// Human-readable summary table with its legend ([`summary_table`]).
    pub table: String,
    /// What happened to the lock, one line.
    pub lock_status: String,
    /// The differences from the previous lock that were recorded (empty when it matched).
    pub lock_changes: Vec<LockChange>,
    /// The lock of this build.
    pub lock: Lock,
    /// What was written ([`crate::store::commit`]).
    pub outcome: crate::store::CommitOutcome,
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
            "lock": {
                "status": self.lock_status,
                "path": lock_path.display().to_string(),
                "changes": changes,
            },
            "tests": tests,
        })
    }
}

/// The command that builds problem `name` of `problems_dir`, in backquotes, e.g.
/// `` `gridjudge build game` `` or `` `gridjudge build game --problems-dir x --update-lock` ``
/// (`extra` appended when not empty): the next step that error messages suggest.
pub fn build_command(problems_dir: &Path, name: &str, extra: &str) -> String {
    let mut s = format!("gridjudge build {name}");
    if problems_dir != Path::new("problems") {
        let _ = write!(s, " --problems-dir {}", problems_dir.display());
    }
    if !extra.is_empty() {
        let _ = write!(s, " {extra}");
    }
    format!("`{s}`")
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
/// ([`crate::store::commit`]: a new build folder, `tests` switched to it by one rename).
/// Holds the problem's build lock throughout ([`crate::store::lock_for_build`]): a concurrent
/// build or reader makes it fail at once. Nothing is written when any test fails or the lock
/// check fails; an interruption or a write error leaves the previous package and lock as they
/// were. Errors name the test and give the command to run next.
pub fn build_problem(problem: &dyn Problem, opts: &BuildOptions) -> anyhow::Result<BuildReport> {
    let dir = opts.problems_dir.join(problem.name());
    let config = ProblemConfig::load(problem, Some(&dir.join("problem.toml")))?;
    let manifest = Manifest::load(&dir.join("manifest.toml"))?;
    manifest.check_seeds(problem, &dir.join("manifest.toml"))?;
    let _guard = crate::store::lock_for_build(&dir)?;
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
    let current = crate::store::current(&dir)?;
    let (committed, lagging) = crate::store::committed_lock(&dir, &current)?;
    let old = committed
        .map(|text| Lock::parse(&text, &lock_path))
        .transpose()?;
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

    let files: Vec<crate::store::PackageFile> = tests
        .iter()
        .flat_map(|t| {
            [
                (format!("{}.in", t.name), t.input.as_slice()),
                (format!("{}.ans", t.name), t.answer.as_slice()),
            ]
        })
        .collect();
    let outcome = crate::store::commit(&dir, &files, &built_lock.to_text())?;
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
        // A program problem's brute force runs on a declared group only ([`crate::program`]).
        None if program => "the problem declares no brute force".to_string(),
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
