//! `manifest.toml`: the tests of a problem, in order ([`Manifest`], one [`TestSpec`] each), the
//! names the tests get ([`test_name`]), and the one function from a manifest entry to its input
//! bytes ([`input_of`], with the determinism check), used by the build and by stress.
//!
//! Uses core (the seed word) and problem (the [`Problem`] trait, [`generate_test`]).

use std::path::Path;

use anyhow::{anyhow, bail, Context};
use serde::Deserialize;

use crate::core::args::SEED_WORD;
use crate::problem::{generate_test, parse_args, Problem};

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
    /// lock is keyed by it ([`crate::package::Lock`]); two manifest entries may not share it.
    /// Distinct (line, seed) pairs give distinct identities: the seed is the digits after the
    /// last ` seed=`.
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

/// Test name of 0-based index `i` among `count`: at least two digits.
pub fn test_name(i: usize, count: usize) -> String {
    let width = count.to_string().len().max(2);
    format!("{:0width$}", i + 1)
}

/// The bytes of the file `rel`, relative to the folder `dir`. Errors: `cannot read PATH`.
pub(super) fn read_relative(dir: &Path, rel: &str) -> anyhow::Result<Vec<u8>> {
    let p = dir.join(rel);
    std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))
}

/// The input bytes of the manifest entry `spec` of `problem`, whose folder is `problem_dir`:
/// a generator line is parsed ([`parse_args`]) and run with the entry's seed (0 when it has
/// none) by [`generate_test`] twice (as BAPCtools' `--check-deterministic`), and two runs that
/// give different bytes are refused, since the lock could never hold; a `file` is read from
/// `problem_dir`.
///
/// Cost: two generator runs for a generated test (for a program problem, two processes), one
/// read for a file. Errors: `empty generator line`, the generator's or the parser's own
/// error, `generator line `LINE` is not deterministic: ...`, `cannot read PATH`, or `no
/// source` for an entry with neither `gen` nor `file`.
pub fn input_of(
    problem: &dyn Problem,
    problem_dir: &Path,
    spec: &TestSpec,
) -> anyhow::Result<Vec<u8>> {
    match (&spec.gen, &spec.file) {
        (Some(line), _) => {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (gen, rest) = words
                .split_first()
                .ok_or_else(|| anyhow!("empty generator line"))?;
            let args = parse_args(problem, rest)?;
            let seed = spec.seed.unwrap_or(0);
            let first = generate_test(problem, gen, &args, seed)?;
            // Run twice: the same line must give the same bytes, or the lock could never hold.
            let second = generate_test(problem, gen, &args, seed)?;
            if first != second {
                bail!(
                    "generator line `{line}` is not deterministic: two runs gave different \
                     bytes ({} and {} bytes, first difference at byte {}); draw randomness \
                     only from its arguments (see docs/problem-format.md, \"Stable bytes\")",
                    first.len(),
                    second.len(),
                    first
                        .iter()
                        .zip(&second)
                        .position(|(a, b)| a != b)
                        .unwrap_or(first.len().min(second.len()))
                );
            }
            Ok(first)
        }
        (None, Some(file)) => read_relative(problem_dir, file),
        (None, None) => bail!("no source"),
    }
}
