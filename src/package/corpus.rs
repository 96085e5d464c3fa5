//! The invalid half of a problem's validator corpus, `validator_corpus/invalid/*.in`: inputs a
//! judge is told are invalid (a Kattis 2025-09 package's `data/invalid_input/`, a Polygon
//! package's validator tests), so the problem's validator must reject every one of them
//! ([`check_invalid_corpus`]). `build` and `export` both check it.
//!
//! Uses the problem layer (the [`Problem`] trait's validator, `problem.toml`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use rayon::prelude::*;

use crate::problem::{Problem, ProblemConfig};

/// The folder of the invalid inputs, relative to the problem folder.
pub const INVALID_CORPUS: &str = "validator_corpus/invalid";

/// Runs the validator of `problem` (its `problem.toml` parsed as `config`) on every `*.in`
/// file of `problem_dir/validator_corpus/invalid/` (hidden files skipped; none when the folder
/// is absent), without a test group, in parallel. Returns how many were checked.
///
/// Errors, listing every offending file: one the validator accepts (a valid input labelled
/// invalid would reach a judge as such), one on which the validator itself failed (a crash,
/// an unknown group), or a file that cannot be read.
pub fn check_invalid_corpus(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problem_dir: &Path,
) -> anyhow::Result<usize> {
    let dir = problem_dir.join(INVALID_CORPUS);
    if !dir.is_dir() {
        return Ok(0);
    }
    let mut files: Vec<PathBuf> = Vec::new();
    for e in std::fs::read_dir(&dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = e
            .with_context(|| format!("cannot read {}", dir.display()))?
            .path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !name.starts_with('.') && name.ends_with(".in") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    let errors: Vec<String> = files
        .par_iter()
        .filter_map(|path| {
            let input = match std::fs::read(path) {
                Ok(b) => b,
                Err(e) => return Some(format!("cannot read {}: {e}", path.display())),
            };
            match problem.validate_in_group(&input, config, None) {
                Ok(Err(_)) => None,
                Ok(Ok(_)) => Some(format!(
                    "{}: the validator accepts this input, but it is in {INVALID_CORPUS}/, \
                     which judges are told holds invalid inputs; fix the validator, or move \
                     the file to validator_corpus/valid/",
                    path.display()
                )),
                Err(e) => Some(format!(
                    "{}: the validator failed on this input: {e:#}",
                    path.display()
                )),
            }
        })
        .collect();
    if !errors.is_empty() {
        bail!(
            "{} of the {} invalid input(s) of the validator corpus not rejected:\n  {}",
            errors.len(),
            files.len(),
            errors.join("\n  ")
        );
    }
    Ok(files.len())
}
