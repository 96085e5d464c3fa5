//! Building a problem's test package: manifest in, validated tests and jury answers out,
//! committed in one step, every hash locked by test identity.
//!
//! Layout of `problems/<name>/`:
//! * `problem.toml` — limits, constraints, groups, checker options ([`crate::problem::ProblemConfig`]);
//! * `manifest.toml` — the tests, in order ([`Manifest`]); test i is named `NN` = i;
//! * `validator_corpus/invalid/*.in` — inputs the validator must reject, checked by every
//!   build ([`check_invalid_corpus`]);
//! * `tests.lock` — the SHA-256 of every built file, keyed by the test's identity
//!   ([`TestSpec::source`], [`Lock`]); committed to git;
//! * `tests/NN.in`, `tests/NN.ans`, `tests/tests.lock` — build output, not committed: `tests`
//!   is a symlink to the build folder `.builds/<id>/` ([`store`] describes the layout,
//!   the commit point, the lock file that serialises builds, and fault injection).
//!
//! The lock is keyed by identity, so editing the manifest is reported for what it is
//! ([`lock_changes`]): a new identity is an *addition*, a vanished one a *removal*, the same
//! identity and bytes under another number a *renumbering*, and the same identity with other
//! bytes (a changed generator or solver, an edited hand-made file) a *change*. [`LockMode`]
//! says which of these each mode of `gridjudge build` accepts.

pub mod bounds;
mod build;
mod cases;
mod checked;
mod corpus;
pub mod kattis;
mod lock;
mod manifest;
pub mod store;

pub use build::{
    build_problem, build_problem_checked, build_problem_with, build_test, summary_table,
    BeforeCommit, BuildOptions, BuildReport, BuiltTest, LockMode, PlayerRun,
};
pub use cases::{filter_tests, load_tests, TestCase};
pub use checked::{load_checked, CheckedPackage, CheckedTest};
pub use corpus::{check_invalid_corpus, INVALID_CORPUS};
pub use lock::{lock_changes, Lock, LockChange, LockedTest, LOCK_FORMAT};
pub use manifest::{input_of, test_name, Manifest, TestSpec};
pub use store::build_command;
