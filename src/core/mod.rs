//! The core: what every other layer builds on, knowing nothing of problems, programs or
//! packages. Seeds and the one RNG ([`rng`]), generator arguments ([`args`]), the strict and
//! tolerant input readers ([`reader`]), verdicts and checker outcomes ([`verdict`]), readable
//! diffs ([`diff`]), the built-in checkers of program problems ([`checkers`]), bipartite
//! maximum matchings ([`matching`]), the generic text shrinker ([`shrink_text`]), atomic
//! writes and hashes ([`files`]), XML escaping ([`xml`]) and progress bars ([`progress`]).
//!
//! May use: the standard library and external crates only.

pub mod args;
pub mod checkers;
pub mod diff;
pub mod files;
pub mod matching;
pub mod progress;
pub mod reader;
pub mod rng;
pub mod shrink_text;
pub mod verdict;
pub mod xml;
