//! The core: what every other layer builds on, knowing nothing of problems, programs or
//! packages. Seeds and the one RNG ([`rng`]), generator arguments ([`args`]), the strict and
//! tolerant input readers ([`reader`]), the streaming token reader of checkers
//! ([`token_reader`]), testlib's validator overview log ([`bounds_log`]), verdicts and checker
//! outcomes ([`verdict`]), readable diffs ([`diff`]), the built-in checkers of program
//! problems ([`checkers`]), bipartite maximum matchings ([`matching`]), mutants of a source
//! by our own rewriting ([`mutate`]), the Kattis default output validator
//! ([`output_validator`]), the generic text
//! shrinker ([`shrink_text`]) and the generator-line shrinker ([`shrink_args`]), atomic writes
//! and hashes ([`files`]), shards of a command's work and the host they ran on ([`shard`]), XML escaping ([`xml`]) and progress bars ([`progress`]).
//!
//! May use: the standard library and external crates only.

pub mod args;
pub mod bounds_log;
pub mod checkers;
pub mod diff;
pub mod files;
pub mod matching;
pub mod mutate;
pub mod output_validator;
pub mod progress;
pub mod reader;
pub mod rng;
pub mod shard;
pub mod shrink_args;
pub mod shrink_text;
pub mod token_reader;
pub mod verdict;
pub mod xml;
