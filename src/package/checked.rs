//! Reading a built package back for `judge`, `verify`, `stress` and `export`: the files of
//! the current build checked against the committed lock and the manifest ([`load_checked`]),
//! held under a shared lock so that no build replaces them while they are in use, and checked
//! again afterwards ([`CheckedPackage::recheck`]). The layout and the commit point are in
//! [`super::store`].

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::lock::Lock;
use super::manifest::{test_name, Manifest, TestSpec};
use super::store::{
    build_command, committed_lock, current, lock_for_reading, Current, PackageLock,
};
use crate::core::files::sha256_hex;

/// One test of a checked package.
#[derive(Clone, Debug)]
pub struct CheckedTest {
    /// Name, e.g. `07`.
    pub name: String,
    /// The manifest entry.
    pub spec: TestSpec,
    /// `problems/<p>/.builds/<id>/NN.in`: stays as checked while the package is held.
    pub input_path: PathBuf,
    /// `problems/<p>/.builds/<id>/NN.ans`.
    pub answer_path: PathBuf,
    /// Input bytes.
    pub input: Vec<u8>,
    /// Jury answer bytes.
    pub answer: Vec<u8>,
}

/// A built package checked against its lock and the manifest. Holds a shared lock
/// ([`lock_for_reading`]) so that no build replaces the folder while it is alive.
#[derive(Debug)]
pub struct CheckedPackage {
    /// The build folder, `problems/<p>/.builds/<id>`.
    pub build: PathBuf,
    /// The lock the tests were checked against.
    pub lock: Lock,
    /// The tests in manifest order.
    pub tests: Vec<CheckedTest>,
    /// The command that rebuilds the package, for messages.
    rebuild: String,
    _lock: Option<PackageLock>,
}

/// Loads the built package of problem `name` from `problems_dir/<name>/` after checking it:
/// the package exists in the current layout, was built for the committed `tests.lock`
/// ([`committed_lock`]), the lock lists exactly the manifest's tests in order, and every
/// `NN.in` / `NN.ans` has the locked SHA-256. Reads every file once (O(total bytes)).
///
/// Errors name the problem, the test and the file, and give the `gridjudge build` command
/// that fixes it: never built, the old layout, built for another lock (e.g. after a
/// `git pull`), a manifest changed since the build, a test file missing, or a test file that
/// differs from the lock (edited or damaged after the build).
pub fn load_checked(problems_dir: &Path, name: &str) -> anyhow::Result<CheckedPackage> {
    let dir = problems_dir.join(name);
    let rebuild = build_command(problems_dir, name, "");
    let guard = lock_for_reading(&dir)?;
    let manifest = Manifest::load(&dir.join("manifest.toml"))?;
    let tests_link = dir.join("tests");
    let current = current(&dir)?;
    let build = match &current {
        Current::Missing => bail!(
            "problem `{name}` has no built tests ({} is missing); run {rebuild}",
            tests_link.display()
        ),
        Current::Legacy => bail!(
            "{} was written by an earlier gridjudge (a plain folder, not a build); run \
             {rebuild} to rebuild it in the current layout",
            tests_link.display()
        ),
        Current::Build { path, .. } => path.clone(),
    };
    let inner_path = build.join("tests.lock");
    let inner = std::fs::read_to_string(&inner_path)
        .with_context(|| format!("cannot read {}; run {rebuild}", inner_path.display()))?;
    let (committed, _) = committed_lock(&dir, &current)?;
    let Some(committed) = committed else {
        bail!("{}: no tests.lock; run {rebuild}", dir.display());
    };
    if committed != inner {
        bail!(
            "{} was built for another tests.lock than {} (the lock changed since the build, \
             e.g. by git); run {rebuild}",
            tests_link.display(),
            dir.join("tests.lock").display()
        );
    }
    let lock = Lock::parse(&inner, &inner_path)?;
    let count = manifest.tests.len();
    for (i, spec) in manifest.tests.iter().enumerate() {
        let want = test_name(i, count);
        let source = spec.source();
        match lock.tests.get(i) {
            Some(l) if l.name == want && l.source == source => {}
            _ => bail!(
                "manifest.toml of `{name}` changed since the last build (test {want} is \
                 {source}, which the build does not hold as test {want}); run {rebuild}"
            ),
        }
    }
    if lock.tests.len() != count {
        bail!(
            "manifest.toml of `{name}` changed since the last build ({count} tests, the build \
             has {}); run {rebuild}",
            lock.tests.len()
        );
    }
    let mut tests = Vec::with_capacity(count);
    for (spec, l) in manifest.tests.into_iter().zip(&lock.tests) {
        let read = |ext: &str, want: &str| -> anyhow::Result<(PathBuf, Vec<u8>)> {
            let path = build.join(format!("{}.{ext}", l.name));
            let shown = tests_link.join(format!("{}.{ext}", l.name));
            let bytes = std::fs::read(&path).with_context(|| {
                format!(
                    "test {} of `{name}` ({}): cannot read {}; run {rebuild}",
                    l.name,
                    l.source,
                    shown.display()
                )
            })?;
            if sha256_hex(&bytes) != want {
                bail!(
                    "test {} of `{name}` ({}): {} differs from tests.lock (edited or damaged \
                     after the build); run {rebuild} to rebuild it",
                    l.name,
                    l.source,
                    shown.display()
                );
            }
            Ok((path, bytes))
        };
        let (input_path, input) = read("in", &l.input)?;
        let (answer_path, answer) = read("ans", &l.answer)?;
        tests.push(CheckedTest {
            name: l.name.clone(),
            spec,
            input_path,
            answer_path,
            input,
            answer,
        });
    }
    Ok(CheckedPackage {
        build,
        lock,
        tests,
        rebuild,
        _lock: guard,
    })
}

impl CheckedPackage {
    /// The tests as [`super::cases::TestCase`]s (paths into the build folder, which no build
    /// replaces while `self` is alive).
    pub fn cases(&self) -> Vec<super::cases::TestCase> {
        self.tests
            .iter()
            .map(|t| super::cases::TestCase {
                name: t.name.clone(),
                input: t.input_path.clone(),
                answer: t.answer_path.clone(),
                args: Vec::new(),
            })
            .collect()
    }
}

impl CheckedPackage {
    /// Checks the files again against the lock (after judging: a judged program that wrote
    /// into the package makes the verdicts void). Errors name the test and the file.
    pub fn recheck(&self) -> anyhow::Result<()> {
        for (t, l) in self.tests.iter().zip(&self.lock.tests) {
            for (path, want) in [(&t.input_path, &l.input), (&t.answer_path, &l.answer)] {
                let now = std::fs::read(path).map(|b| sha256_hex(&b)).ok();
                if now.as_ref() != Some(want) {
                    bail!(
                        "test {} ({}): {} changed while it was in use (a judged program wrote \
                         it?); the verdicts are void; run {} to rebuild it",
                        t.name,
                        l.source,
                        path.display(),
                        self.rebuild
                    );
                }
            }
        }
        Ok(())
    }
}
