//! The `[programs]` table of `problem.toml`: the programs of a program problem (generators,
//! validator, reference solution, brute force, checker, normaliser) and their limits, as
//! declared. [`crate::problems::program`] runs them.

use std::collections::BTreeMap;

use serde::Deserialize;

/// Calling convention of a validator or checker program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// testlib (Codeforces, Polygon): validator exit 0 valid; checker `input output answer`,
    /// exit 0/1/2/3 = AC/WA/PE/FAIL.
    #[default]
    Testlib,
    /// Kattis problem package format: validator exit 42/43; checker `input answer feedback_dir
    /// < output`, exit 42/43.
    Kattis,
}

/// A program as written in `problem.toml`: a path, or a table.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum ProgramSpec {
    /// A path relative to the problem folder.
    Path(String),
    /// A table: `source` or `command`, `convention`, and for built-in checkers `builtin`.
    Table(ProgramTable),
}

/// The table form of a [`ProgramSpec`].
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramTable {
    /// A source or executable file, relative to the problem folder.
    pub source: Option<String>,
    /// A shell command line, run in the problem folder.
    pub command: Option<String>,
    /// Calling convention (validators and checkers; default testlib).
    pub convention: Option<Convention>,
    /// A built-in checker: `tokens`, `lines`, `unordered_lines` or `float` ([`crate::core::checkers`]).
    pub builtin: Option<String>,
    /// Absolute tolerance of the `float` checker.
    pub abs: Option<f64>,
    /// Relative tolerance of the `float` checker.
    pub rel: Option<f64>,
    /// Kattis-convention validators: the flags (space-separated words) per test group.
    #[serde(default)]
    pub flags: BTreeMap<String, String>,
}

impl ProgramSpec {
    /// The table form: a path is `{ source = PATH }`.
    pub fn table(&self) -> ProgramTable {
        match self {
            ProgramSpec::Path(p) => ProgramTable {
                source: Some(p.clone()),
                ..Default::default()
            },
            ProgramSpec::Table(t) => t.clone(),
        }
    }
}

/// Limits of the setter's programs, `[programs.limits]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetterLimits {
    /// CPU time per run, milliseconds (default 10 000).
    #[serde(default = "default_setter_time")]
    pub time_ms: u64,
    /// Memory per run, MiB (default 1024).
    #[serde(default = "default_setter_memory")]
    pub memory_mib: u64,
    /// Output per run, MiB (default 64).
    #[serde(default = "default_setter_output")]
    pub output_mib: u64,
}

fn default_setter_time() -> u64 {
    10_000
}
fn default_setter_memory() -> u64 {
    1024
}
fn default_setter_output() -> u64 {
    64
}

impl Default for SetterLimits {
    fn default() -> Self {
        SetterLimits {
            time_ms: default_setter_time(),
            memory_mib: default_setter_memory(),
            output_mib: default_setter_output(),
        }
    }
}

/// The `[programs]` table of `problem.toml` (see the module documentation).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramsConfig {
    /// Generators by name.
    pub generators: BTreeMap<String, ProgramSpec>,
    /// The validator.
    pub validator: ProgramSpec,
    /// The reference solution.
    pub solution: ProgramSpec,
    /// A slow trusted solution, run on the tests of `[build] brute_force_group`.
    pub brute_force: Option<ProgramSpec>,
    /// The checker: `{ builtin = ... }` or a program.
    pub checker: ProgramSpec,
    /// Reads a shrinking candidate, writes a consistent one.
    pub normaliser: Option<ProgramSpec>,
    /// The default generator line of `gridjudge stress`.
    pub stress: Option<String>,
    /// Limits of every program above.
    #[serde(default)]
    pub limits: SetterLimits,
}
