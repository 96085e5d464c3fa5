//! Test machinery shared by the integration tests of both problems (`game` and `bunny`).
//!
//! Each test file that needs it declares `mod common;`, so every test crate compiles this
//! module on its own and uses only part of it: hence the blanket `dead_code` allowance.
//!
//! * [`cpp`]: compiling the C++ checkers and validators of `problems/<p>/testlib/` and running
//!   them under a watchdog and an optional memory cap, with a small thread pool;
//! * [`checker`]: a streaming garbage reader, hostile tokens and outputs, an output-format
//!   model's building blocks, outcome assertions and a verdict tally;
//! * [`validator`]: loading a problem's validator corpus and its `expected.toml`, and the
//!   checks every corpus gets.

#![allow(dead_code)]

pub mod checker;
pub mod cpp;
pub mod validator;

use std::path::{Path, PathBuf};

use gridjudge::args::Args;
use gridjudge::problem::{self, Problem, ProblemConfig};

/// The registered problem called `name`.
pub fn problem(name: &str) -> &'static dyn Problem {
    problem::by_name(name).unwrap()
}

/// The built-in problem.toml of `p`, as the binaries load it.
pub fn config(p: &dyn Problem) -> ProblemConfig {
    ProblemConfig::load(p, None).unwrap()
}

/// The built-in problem.toml of `p` with the text `from` replaced by `to`, parsed. Fails when
/// `from` is not in the file (its layout changed and the test would silently test nothing).
pub fn config_with(p: &dyn Problem, from: &str, to: &str, origin: &str) -> ProblemConfig {
    let text = p.builtin_config().replace(from, to);
    assert_ne!(text, p.builtin_config(), "problem.toml layout changed");
    ProblemConfig::parse(&text, origin).unwrap()
}

/// The test a generator line such as `"comb n=3 m=13"` makes with `seed`, as text.
pub fn generated(p: &dyn Problem, line: &str, seed: u64) -> String {
    let mut words = line.split_whitespace();
    let generator = words.next().expect("a generator name");
    let args = Args::parse(&words.collect::<Vec<_>>()).unwrap();
    String::from_utf8(problem::generate_test(p, generator, &args, seed).unwrap()).unwrap()
}

/// `problems/<name>/` in the source tree.
pub fn problem_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(name)
}
