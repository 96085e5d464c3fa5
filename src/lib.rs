//! gridjudge: prepare, validate and judge the test data of online-judge problems: built-in
//! grid games that reduce to maximum matchings in bipartite graphs, and problems written as a
//! folder of programs in any language.
//!
//! The library is layered; each layer is a folder whose module documentation says what it
//! owns and what it may use, and a module may only use the layers below its own
//! (`ARCHITECTURE.md`; checked by `tests/layering.rs`), lowest first:
//!
//! * [`core`] — seeds and RNG, generator arguments, strict and tolerant readers, verdicts,
//!   diffs, the bipartite matchings, text shrinking, built-in checkers, files and progress;
//! * [`problem`] — the [`problem::Problem`] trait and `problem.toml`;
//! * [`exec`] — running programs: languages and the compile cache, the runner, the sandbox;
//! * [`problems`] — the problems (`game`, `bunny`, program problems) and the one registry;
//! * [`package`] — manifest, lock, the build and the package store;
//! * [`judge`] — judging submissions, `verify` and `stress`;
//! * [`export`] and [`report`] — packages for other judges; pictures and the build report.
//!
//! The flow of a build: a manifest line (generator, arguments, seed) becomes input bytes
//! ([`problem::generate_test`], seeded by [`core::rng::TestRng`]), the validator accepts it
//! ([`problem::Problem::validate`], built on [`core::reader::StrictReader`]), the reference
//! solution writes the jury answer ([`problem::Problem::solve`], on [`core::matching`]), the
//! checker accepts the jury answer against itself ([`problem::Problem::check`], on
//! [`core::token_reader::TokenReader`]), and [`package`] writes the files atomically and locks their
//! hashes.
#![warn(missing_docs)]

pub mod core;
pub mod exec;
pub mod export;
pub mod judge;
pub mod package;
pub mod problem;
pub mod problems;
pub mod report;
