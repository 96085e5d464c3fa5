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

/// The judged tests of `package` as [`super::TestCase`]s, in judging order, checked against
/// its lock ([`LOCK_FILE`]) when it has one: every locked test present with the locked
/// SHA-256 of its `.in` and `.ans`, and no test the lock lacks. A package without a lock is
/// taken as it is (`build` writes the lock).
///
/// Errors: a test differs from the lock, is missing, or is new (each named, with the command
/// that accepts the change); a file cannot be read.
pub fn checked_cases(package: &Package) -> anyhow::Result<Vec<super::TestCase>> {
    let lock_path = package.dir.join(LOCK_FILE);
    let cases: Vec<super::TestCase> = package
        .tree
        .tests
        .iter()
        .map(|t| super::TestCase {
            name: t.name.clone(),
            input: t.input.clone(),
            answer: t.answer.clone().unwrap_or_default(),
            args: t.settings.args.clone(),
        })
        .collect();
    let Some(lock) = Lock::load(&lock_path)? else {
        return Ok(cases);
    };
    let fix = format!(
        "run {} to accept the data as it is",
        build_hint(&package.dir, "--update-lock")
    );
    for c in &cases {
        let Some(l) = lock.get(&format!("data/{}", c.name)) else {
            bail!(
                "{}: test {} is not in {}; {fix}",
                package.dir.display(),
                c.name,
                lock_path.display()
            );
        };
        let read = |p: &std::path::Path| {
            std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))
        };
        if sha256_hex(&read(&c.input)?) != l.input || sha256_hex(&read(&c.answer)?) != l.answer {
            bail!(
                "{}: test {} differs from {} (edited since it was locked); {fix}",
                package.dir.display(),
                c.name,
                lock_path.display()
            );
        }
    }
    if lock.tests.len() != cases.len() {
        let names: std::collections::HashSet<String> =
            cases.iter().map(|c| format!("data/{}", c.name)).collect();
        let gone: Vec<&str> = lock
            .tests
            .iter()
            .filter(|l| !names.contains(&l.source))
            .map(|l| l.source.as_str())
            .collect();
        bail!(
            "{}: locked tests are missing from data/: {}; {fix}",
            package.dir.display(),
            gone.join(", ")
        );
    }
    Ok(cases)
}

/// The command that builds the package in `dir` (given by its path, as every command takes
/// one), with `extra` before the path: `` `gridjudge build --update-lock /x/sum` ``.
fn build_hint(dir: &std::path::Path, extra: &str) -> String {
    let path = dir.to_string_lossy();
    let mut words = vec!["build"];
    if !extra.is_empty() {
        words.push(extra);
    }
    words.push(&path);
    crate::problems::shell_command(&words)
}

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
            let mut args = vec![t.input.clone().into_os_string()];
            args.extend(t.settings.answer_validator_args.iter().map(Into::into));
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
            let mut args = vec![t.input.clone().into_os_string()];
            args.extend(t.settings.answer_validator_args.iter().map(Into::into));
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
            "{}: no lock (--locked needs one; run {} without --locked first)",
            lock_path.display(),
            build_hint(&package.dir, "")
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
                let update = build_hint(&package.dir, "--update-lock");
                match mode {
                    LockMode::Locked => {
                        let mut next = Vec::new();
                        if changes.iter().any(|c| !c.is_change()) {
                            next.push(format!(
                                "{} records additions and removals",
                                build_hint(&package.dir, "")
                            ));
                        }
                        if changes.iter().any(|c| c.is_change()) {
                            next.push(format!("{update} accepts changed tests"));
                        }
                        if next.is_empty() {
                            next.push(format!(
                                "{} rewrites it in the current format",
                                build_hint(&package.dir, "")
                            ));
                        }
                        bail!(
                            "{}: the data differs from the lock (--locked):\n{}\n{}",
                            lock_path.display(),
                            list.join("\n"),
                            next.join("; ")
                        )
                    }
                    LockMode::Extend if changes.iter().any(|c| c.is_change()) => bail!(
                        "{}: tests changed since they were locked:\n{}\nrun {update} to accept \
                         the change",
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

/// What [`generate_data`] did to `data/`.
#[derive(Clone, Debug, Default)]
pub struct Generated {
    /// Files written (new or changed), relative to `data/`.
    pub written: Vec<String>,
    /// Files generated with the bytes `data/` already held.
    pub unchanged: usize,
    /// Files of `data/` that `generators.yaml` does not make (kept; `bt generate` would
    /// remove them).
    pub extra: Vec<String>,
}

/// Runs the package's `generators/generators.yaml` ([`crate::problems::kattis::generators`],
/// the files `bt generate` writes) and writes what differs into `data/`, each file
/// atomically; `Ok(None)` when the package has no generators.yaml.
///
/// Before anything is written, every generated test is compared with the lock
/// ([`LOCK_FILE`]): a locked test whose bytes would change is an error unless `mode` is
/// [`LockMode::Update`], and with [`LockMode::Locked`] any test the lock does not hold is one
/// too; so a generator whose output changed never overwrites a locked test unasked.
///
/// Errors: the plan or a generator fails (their messages); the lock forbids the change (each
/// test named); a file cannot be written.
pub fn generate_data(
    dir: &std::path::Path,
    version: crate::problems::kattis::Version,
    cache_dir: &std::path::Path,
    limits: &crate::exec::runner::RunLimits,
    mode: LockMode,
    jobs: usize,
) -> anyhow::Result<Option<Generated>> {
    use crate::problems::kattis::generators;
    let Some(plan) = generators::plan(dir, version)? else {
        return Ok(None);
    };
    let files = generators::generate(dir, &plan, cache_dir, limits, jobs)?;
    let data = dir.join("data");
    let lock = Lock::load(&dir.join(LOCK_FILE))?;
    if let Some(lock) = &lock {
        let mut problems = Vec::new();
        for (rel, bytes) in &files {
            let text = rel.to_string_lossy();
            let (stem, which) = match (text.strip_suffix(".in"), text.strip_suffix(".ans")) {
                (Some(s), _) => (s, 0),
                (_, Some(s)) => (s, 1),
                _ => continue,
            };
            let Some(l) = lock.get(&format!("data/{stem}")) else {
                if mode == LockMode::Locked {
                    problems.push(format!("  added: test {stem}"));
                }
                continue;
            };
            let want = if which == 0 { &l.input } else { &l.answer };
            if &sha256_hex(bytes) != want && mode != LockMode::Update {
                problems.push(format!(
                    "  changed: test {stem} ({}): generators.yaml now makes other bytes",
                    if which == 0 { "input" } else { "answer" }
                ));
            }
        }
        if !problems.is_empty() {
            bail!(
                "{}: the generated data differs from {} and nothing was written:\n{}\nrun {} \
                 to accept it",
                dir.display(),
                LOCK_FILE,
                problems.join("\n"),
                build_hint(dir, "--update-lock")
            );
        }
    } else if mode == LockMode::Locked {
        bail!(
            "{}: no {LOCK_FILE} (--locked needs one; run {} first)",
            dir.display(),
            build_hint(dir, "")
        );
    }
    let mut out = Generated::default();
    for (rel, bytes) in &files {
        let path = data.join(rel);
        if std::fs::read(&path).is_ok_and(|b| &b == bytes) {
            out.unchanged += 1;
            continue;
        }
        if mode == LockMode::Locked {
            bail!(
                "{}: data/{} differs from what generators.yaml makes (--locked writes nothing); \
                 run {} to write it",
                dir.display(),
                rel.display(),
                build_hint(dir, "")
            );
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        write_atomic(&path, bytes)?;
        out.written.push(rel.to_string_lossy().into_owned());
    }
    let mut stack = vec![data.clone()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(rel) = p.strip_prefix(&data) {
                if !files.contains_key(rel) {
                    out.extra.push(rel.to_string_lossy().into_owned());
                }
            }
        }
    }
    out.extra.sort();
    Ok(Some(out))
}
