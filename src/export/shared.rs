//! What every export format shares: the built package's tests ([`PackageTest`],
//! [`load_built`]), the checker options written into a C++ checker
//! ([`with_checker_options`]), the stack limit no package format can state (`small_stack`)
//! and folder listings in name order (`sorted_entries`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::package::TestSpec;
use crate::problem::{Problem, ProblemConfig};

/// One test of the built package.
#[derive(Clone, Debug)]
pub struct PackageTest {
    /// Name in the build, e.g. `07`.
    pub name: String,
    /// The manifest entry (sample flag, group).
    pub spec: TestSpec,
    /// Input bytes.
    pub input: Vec<u8>,
    /// Jury answer bytes.
    pub answer: Vec<u8>,
}

/// Loads the built package of `problem` from `<problems_dir>/<p>/`, checked against the
/// lock and the manifest by [`crate::package::load_checked`] (the same check as `judge` and
/// `verify`). Errors when the package was never built, is stale, or a file is missing or
/// differs from the lock, naming the test and the `gridjudge build` command to run.
pub fn load_built(problem: &dyn Problem, problems_dir: &Path) -> anyhow::Result<Vec<PackageTest>> {
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    Ok(package
        .tests
        .into_iter()
        .map(|t| PackageTest {
            name: t.name,
            spec: t.spec,
            input: t.input,
            answer: t.answer,
        })
        .collect())
}

/// `checker.cpp` (read from `path`) with every checker option of `config` (`[checker]` in
/// problem.toml) written into it: each option `key` must be a boolean and the source must hold
/// exactly one line `const bool key = true;` or `... = false;` (leading spaces allowed), which
/// gets the configured value. Errors naming the option when it is not a boolean or the source
/// does not implement it (the exported checker would silently ignore it and disagree with
/// gridjudge's). O(source length) per option.
pub fn with_checker_options(
    config: &ProblemConfig,
    source: &[u8],
    path: &Path,
) -> anyhow::Result<Vec<u8>> {
    let mut text = String::from_utf8(source.to_vec())
        .with_context(|| format!("{} is not UTF-8", path.display()))?;
    for (key, value) in &config.checker {
        let Some(value) = value.as_bool() else {
            bail!(
                "problem.toml: checker option `[checker] {key}` must be true or false to be \
                 exported, found {value}"
            );
        };
        let prefix = format!("const bool {key} = ");
        let lines: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                let l = l.trim_start();
                l.strip_prefix(&prefix)
                    .is_some_and(|rest| rest == "true;" || rest == "false;")
            })
            .map(|(i, _)| i)
            .collect();
        if lines.len() != 1 {
            bail!(
                "problem.toml sets the checker option `[checker] {key}`, which {} does not \
                 implement (it needs exactly one line `const bool {key} = false;`, found {}): \
                 the exported C++ checker would ignore it and judge differently from gridjudge's \
                 checker. Implement the option there, or remove it from problem.toml",
                path.display(),
                lines.len()
            );
        }
        let mut out = String::with_capacity(text.len());
        for (i, line) in text.split_inclusive('\n').enumerate() {
            if i == lines[0] {
                let indent = &line[..line.len() - line.trim_start().len()];
                let end = if line.ends_with('\n') { "\n" } else { "" };
                out.push_str(&format!("{indent}{prefix}{value};{end}"));
            } else {
                out.push_str(line);
            }
        }
        text = out;
    }
    Ok(text.into_bytes())
}

/// The paths of the entries of folder `dir` (files and folders, not recursive), in name
/// order. Errors name the folder that cannot be read. O(n log n) in the entries.
pub(crate) fn sorted_entries(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .with_context(|| format!("cannot read {}", dir.display()))?;
    v.sort();
    Ok(v)
}

/// The submissions' stack limit in MiB when `problem.toml` sets one below the memory limit.
/// Neither a Kattis package nor a Polygon package can state it (Kattis, DOMjudge, Polygon and
/// CMS give the whole memory limit as stack), so `export`'s Kattis writer and
/// [`crate::export::polygon::write`] leave out the `run_time_error` submissions, which may rely on it.
pub(crate) fn small_stack(config: &ProblemConfig) -> Option<u64> {
    config
        .limits
        .stack_mib
        .filter(|&s| s < config.limits.memory_mib)
}
