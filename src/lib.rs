//! gridjudge: prepare, validate and judge the test data of online-judge problems built on grid
//! games that reduce to maximum matchings in bipartite graphs.
//!
//! The flow (see `README.md`): a manifest line (generator, arguments, seed) becomes input bytes
//! ([`problem::generate_test`], seeded by [`rng::TestRng`]), the validator accepts it
//! ([`problem::Problem::validate`], built on [`reader::StrictReader`]), the reference solution
//! writes the jury answer ([`problem::Problem::solve`], on [`matching`]), the checker accepts
//! the jury answer against itself ([`problem::Problem::check`], on [`reader::TokenReader`]),
//! and [`package`] writes the files atomically and locks their hashes.
#![warn(missing_docs)]

pub mod args;
pub mod checkers;
pub mod diff;
pub mod discover;
pub mod export;
pub mod grid;
pub mod judge;
pub mod matching;
pub mod package;
pub mod polygon;
pub mod problem;
pub mod problems;
pub mod program;
pub mod progress;
pub mod reader;
pub mod render;
pub mod report;
pub mod rng;
pub mod runner;
pub mod sandbox;
pub mod shrink_text;
pub mod statement;
pub mod stdio;
pub mod store;
pub mod stress;
pub mod verdict;
pub mod verify;
