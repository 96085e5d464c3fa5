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

impl Convention {
    /// The name `problem.toml` gives it: `testlib` or `kattis`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Testlib => "testlib",
            Convention::Kattis => "kattis",
        }
    }
}

/// A program as written in `problem.toml`: a path, or a table.
///
/// Read by hand rather than as an untagged enum, so that a mistake inside the table (an
/// unknown key, an unknown `convention`, `flags` of the wrong shape) is reported as itself,
/// with its key and line, not as "did not match any variant".
#[derive(Clone, Debug, PartialEq)]
pub enum ProgramSpec {
    /// A path relative to the problem folder.
    Path(String),
    /// A table: `source` or `command`, `convention`, and for built-in checkers `builtin`.
    Table(ProgramTable),
}

impl<'de> Deserialize<'de> for ProgramSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Spec;
        impl<'de> serde::de::Visitor<'de> for Spec {
            type Value = ProgramSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a program: a path such as \"gen.py\", or a table such as \
                     { source = \"val.cpp\", convention = \"testlib\" }",
                )
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ProgramSpec, E> {
                Ok(ProgramSpec::Path(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<ProgramSpec, A::Error> {
                ProgramTable::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(ProgramSpec::Table)
            }
        }
        d.deserialize_any(Spec)
    }
}

/// `flags` of a [`ProgramTable`]: a table of test group = words.
fn flags<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    use serde::de::Error;
    match toml::Value::deserialize(d)? {
        toml::Value::Table(t) => t
            .into_iter()
            .map(|(group, words)| match words {
                toml::Value::String(w) => Ok((group, w)),
                other => Err(D::Error::custom(format!(
                    "flags.{group} must be a string of words, e.g. \"--max 16\"; found {other}"
                ))),
            })
            .collect(),
        other => Err(D::Error::custom(format!(
            "`flags` must be a table of test group = \"words\", e.g. flags = {{ small = \
             \"--max 16\" }}; found {other}"
        ))),
    }
}

/// The table form of a [`ProgramSpec`].
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramTable {
    /// A source or executable file, or a folder of sources that make one program (compiled
    /// together, or a Python folder), relative to the problem folder.
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
    #[serde(default, deserialize_with = "flags")]
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
    /// CPU time per run, milliseconds (default 10 000; at least 1).
    #[serde(default = "default_setter_time", deserialize_with = "super::time_ms")]
    pub time_ms: u64,
    /// Memory per run, MiB (default 1024; at least 1).
    #[serde(
        default = "default_setter_memory",
        deserialize_with = "super::memory_mib"
    )]
    pub memory_mib: u64,
    /// Output per run, MiB (default 64; at least 1).
    #[serde(
        default = "default_setter_output",
        deserialize_with = "super::output_mib"
    )]
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
    /// More input validators by name, run after `validator`: an input is valid when every one
    /// accepts it (a Kattis package's `input_validators/` may hold several).
    #[serde(default)]
    pub validators: BTreeMap<String, ProgramSpec>,
    /// The reference solution.
    pub solution: ProgramSpec,
    /// A slow trusted solution, run on the tests of `[build] brute_force_group`.
    pub brute_force: Option<ProgramSpec>,
    /// The checker: `{ builtin = ... }` or a program. Required for a batch problem; optional
    /// for an interactive one, whose interactor may decide alone (a Kattis-convention
    /// interactor always does; a testlib-convention one may leave its log to a checker).
    /// [`crate::problems::program::ProgramProblem::load`] refuses a batch problem without one.
    pub checker: Option<ProgramSpec>,
    /// The interactor of an interactive problem (`[interaction] interactive = true`), in the
    /// testlib convention (`interactor <input> <output-log> [<answer>]`, exit 0/1/2/3; the
    /// checker then judges the log) or the Kattis one (`interactor <input> <answer>
    /// <feedback_dir>`, exit 42/43, the checker unused).
    pub interactor: Option<ProgramSpec>,
    /// Reads a shrinking candidate, writes a consistent one.
    pub normaliser: Option<ProgramSpec>,
    /// The default generator line of `gridjudge stress`.
    pub stress: Option<String>,
    /// Limits of every program above.
    #[serde(default)]
    pub limits: SetterLimits,
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAMS: &str = r#"generators = { random = "gen.py" }
validator = { source = "val.py", convention = "testlib" }
solution = "sol.py"
checker = { builtin = "tokens" }
"#;

    fn error(from: &str, to: &str) -> String {
        assert!(PROGRAMS.contains(from), "{from}");
        let text = PROGRAMS.replacen(from, to, 1);
        toml::from_str::<ProgramsConfig>(&text)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn both_forms_read() {
        let p: ProgramsConfig = toml::from_str(PROGRAMS).unwrap();
        assert_eq!(p.solution, ProgramSpec::Path("sol.py".into()));
        let v = p.validator.table();
        assert_eq!(v.source.as_deref(), Some("val.py"));
        assert_eq!(v.convention, Some(Convention::Testlib));
        assert_eq!(p.limits, SetterLimits::default());
    }

    /// A mistake inside a program's table is reported as itself, on its line, never as
    /// "did not match any variant of untagged enum ProgramSpec".
    #[test]
    fn mistakes_in_a_program_table_are_named() {
        for (from, to, says) in [
            (
                "convention = \"testlib\"",
                "convention = \"foo\"",
                "unknown variant `foo`, expected `testlib` or `kattis`",
            ),
            (
                "convention = \"testlib\"",
                "flags = [\"--max\"]",
                "`flags` must be a table of test group = \"words\"",
            ),
            (
                "convention = \"testlib\"",
                "flags = { small = 3 }",
                "flags.small must be a string of words",
            ),
            (
                "convention = \"testlib\"",
                "convension = \"kattis\"",
                "unknown field `convension`",
            ),
            ("solution = \"sol.py\"", "solution = 5", "a program: a path"),
        ] {
            let e = error(from, to);
            assert!(e.contains(says), "{to}: {e}");
            assert!(!e.contains("untagged"), "{e}");
            assert!(e.contains("line 2") || to.starts_with("solution"), "{e}");
        }
    }

    #[test]
    fn a_setter_limit_of_zero_is_refused() {
        for key in ["time_ms", "memory_mib", "output_mib"] {
            let text = format!("{PROGRAMS}[limits]\n{key} = 0\n");
            let e = toml::from_str::<ProgramsConfig>(&text)
                .unwrap_err()
                .to_string();
            assert!(e.contains(&format!("`{key}` = 0 makes no sense")), "{e}");
            assert!(e.contains("line 6"), "{e}");
        }
    }
}
