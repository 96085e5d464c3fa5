//! `gridjudge build` of a Kattis package in place ([`crate::problems::kattis`]): the data tree
//! checked as the package's own validators define it, then locked.
//!
//! * every judged test's input is accepted by every input validator (with the test's
//!   arguments); every `invalid_input` case is rejected by at least one;
//! * every answer is accepted by every answer validator (`answer_validators/`, BAPCtools'
//!   extension: `validator <input> ARGS < answer`, exit 42/43); every `invalid_answer` case is
//!   rejected by one;
//! * every `valid_output` case's `.out` is accepted by the output validator, every
//!   `invalid_output` case's rejected;
//! * the SHA-256 of every judged test's `.in` and `.ans` is recorded in the package's lock,
//!   [`LOCK_FILE`] at the package's top (committed with it; neither problemtools nor BAPCtools
//!   reads or warns about that name), keyed by the test's name, with the same lock modes as a
//!   gridjudge problem ([`LockMode`]).
//!
//! Nothing in the package is written but the lock, atomically.

use std::io::Cursor;

use anyhow::{bail, Context};

use crate::core::files::{sha256_hex, write_atomic};
use crate::core::verdict::Verdict;
use crate::problem::Problem;
use crate::problems::kattis::Package;

use super::lock::{lock_changes, Lock, LockedTest, LOCK_FORMAT};
use super::LockMode;

/// The package's lock file, relative to its folder.
pub const LOCK_FILE: &str = "gridjudge.lock";

/// What a build of a Kattis package found.
#[derive(Clone, Debug)]
pub struct KattisBuild {
    /// One line per judged test: its name, and its size in bytes.
    pub table: String,
    /// Judged tests.
    pub tests: usize,
    /// Validation cases checked (invalid inputs and answers, valid and invalid outputs).
    pub validation_cases: usize,
    /// What happened to the lock.
    pub lock_status: String,
    /// Warnings (no input validator, ...).
    pub warnings: Vec<String>,
}

/// Checks and locks the package (see the module documentation).
///
/// Cost: one run of each input validator per input, of each answer validator per answer, of
/// the output validator per output case.
///
/// Errors: a validator rejects a test or accepts an invalid case (naming both); a validator
/// fails; the lock differs as `mode` forbids (each difference named); the lock cannot be
/// written.
pub fn build_package(package: &Package, mode: LockMode) -> anyhow::Result<KattisBuild> {
    let p = package.problem;
    let tree = &package.tree;
    let mut warnings = Vec::new();
    if p.programs().validator.table().command.as_deref() == Some("true") {
        warnings.push(
            "the package has no input validator (input_validators/): its inputs are not checked"
                .to_string(),
        );
    }
    let read = |path: &std::path::Path| {
        std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
    };
    let mut table = String::new();
    let mut locked = Lock::default();
    for t in &tree.tests {
        let input = read(&t.input)?;
        if let Err(e) = p.run_validators_at(&t.input, &input)? {
            bail!("{}: test {} is invalid: {e}", package.dir.display(), t.name);
        }
        let answer = match &t.answer {
            Some(a) => read(a)?,
            None => Vec::new(),
        };
        for (name, spec) in &package.answer_validators {
            let args = vec![t.input.clone().into_os_string()];
            if let Err(e) =
                p.run_one_validator(&format!("answer validator `{name}`"), spec, &answer, &args)?
            {
                bail!(
                    "{}: the answer of test {} is invalid: {e}",
                    package.dir.display(),
                    t.name
                );
            }
        }
        table.push_str(&format!(
            "  {:<32} {:>9} bytes in {:>9} bytes answer\n",
            t.name,
            input.len(),
            answer.len()
        ));
        locked.tests.push(LockedTest {
            name: t.name.clone(),
            source: format!("data/{}", t.name),
            input: sha256_hex(&input),
            answer: sha256_hex(&answer),
        });
    }
    let mut cases = 0;
    for t in &tree.invalid_inputs {
        cases += 1;
        let input = read(&t.input)?;
        if p.run_validators_at(&t.input, &input)?.is_ok() {
            bail!(
                "{}: data/{}.in is accepted by every input validator; an invalid_input case must \
                 be rejected by one",
                package.dir.display(),
                t.name
            );
        }
    }
    for t in &tree.invalid_answers {
        cases += 1;
        let Some(a) = &t.answer else { continue };
        let answer = read(a)?;
        let mut rejected = false;
        for (name, spec) in &package.answer_validators {
            let args = vec![t.input.clone().into_os_string()];
            if p.run_one_validator(&format!("answer validator `{name}`"), spec, &answer, &args)?
                .is_err()
            {
                rejected = true;
            }
        }
        if !rejected {
            bail!(
                "{}: data/{}.ans is accepted by every answer validator; an invalid_answer case \
                 must be rejected by one",
                package.dir.display(),
                t.name
            );
        }
    }
    for (cases_of, want) in [(&tree.valid_outputs, true), (&tree.invalid_outputs, false)] {
        for t in cases_of {
            cases += 1;
            let (Some(out), Some(ans)) = (&t.output, &t.answer) else {
                bail!(
                    "{}: data/{} needs its .out and .ans",
                    package.dir.display(),
                    t.name
                );
            };
            let input = read(&t.input)?;
            let answer = read(ans)?;
            let output = read(out)?;
            let o = p.check_at(
                &t.input,
                &input,
                &mut Cursor::new(output),
                &answer,
                p.config(),
            );
            if o.verdict == Verdict::Fail {
                bail!(
                    "{}: data/{}: the output validator failed: {}",
                    package.dir.display(),
                    t.name,
                    o.message
                );
            }
            if (o.verdict == Verdict::Ac) != want {
                bail!(
                    "{}: data/{}.out is {} by the output validator ({}); a {} case must be {}",
                    package.dir.display(),
                    t.name,
                    if o.verdict == Verdict::Ac {
                        "accepted"
                    } else {
                        "rejected"
                    },
                    o.message,
                    if want {
                        "valid_output"
                    } else {
                        "invalid_output"
                    },
                    if want { "accepted" } else { "rejected" }
                );
            }
        }
    }
    let lock_path = package.dir.join(LOCK_FILE);
    let old = Lock::load(&lock_path)?;
    let lock_status = match (old, mode) {
        (None, LockMode::Locked) => bail!(
            "{}: no lock (--locked needs one; run `gridjudge build` without --locked first)",
            lock_path.display()
        ),
        (None, _) => {
            write_atomic(&lock_path, locked.to_text().as_bytes())?;
            format!(
                "locked {} tests in {}",
                locked.tests.len(),
                lock_path.display()
            )
        }
        (Some(old), mode) => {
            let changes = lock_changes(&locked, &old);
            if changes.is_empty() && old.format == LOCK_FORMAT {
                "lock unchanged".to_string()
            } else {
                let list: Vec<String> = changes.iter().map(|c| format!("  {c}")).collect();
                match mode {
                    LockMode::Locked => bail!(
                        "{}: the data differs from the lock (--locked):\n{}",
                        lock_path.display(),
                        list.join("\n")
                    ),
                    LockMode::Extend if changes.iter().any(|c| c.is_change()) => bail!(
                        "{}: tests changed since they were locked (run `gridjudge build \
                         --update-lock` to accept the change):\n{}",
                        lock_path.display(),
                        list.join("\n")
                    ),
                    _ => {
                        write_atomic(&lock_path, locked.to_text().as_bytes())?;
                        format!("lock updated:\n{}", list.join("\n"))
                    }
                }
            }
        }
    };
    Ok(KattisBuild {
        table,
        tests: tree.tests.len(),
        validation_cases: cases,
        lock_status,
        warnings,
    })
}
