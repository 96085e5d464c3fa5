//! The problem trait — the only thing the build, judge, stress and export code know about a
//! problem — and `problem.toml`, the per-problem settings.

use std::any::Any;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context};
use serde::Deserialize;

pub mod interaction;
pub mod mutants;
pub mod programs;
pub mod search_space;
pub mod stdio;
pub mod time_limit;
pub mod title;

use crate::core::args::{ArgError, Args, GeneratorInfo};
use crate::core::reader::FormatError;
use crate::core::rng::TestRng;
use crate::core::verdict::CheckOutcome;

/// Inclusive integer bounds by name, e.g. `n = [1, 100]`, read from `problem.toml`.
///
/// Read strictly: each value is an array of exactly two integers `[lo, hi]` with `lo <= hi`;
/// anything else is an error naming the key (and, through the TOML parser, its line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bounds(pub BTreeMap<String, [i64; 2]>);

impl<'de> Deserialize<'de> for Bounds {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Table;
        impl<'de> serde::de::Visitor<'de> for Table {
            type Value = Bounds;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table of bounds such as `n = [1, 100]`")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Bounds, A::Error> {
                let mut out = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    let pair = map.next_value_seed(BoundPair(&key))?;
                    out.insert(key, pair);
                }
                Ok(Bounds(out))
            }
        }
        d.deserialize_map(Table)
    }
}

/// One bound `[lo, hi]` of key `.0` (the key names it in errors).
struct BoundPair<'a>(&'a str);

impl<'de> serde::de::DeserializeSeed<'de> for BoundPair<'_> {
    type Value = [i64; 2];
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<[i64; 2], D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for BoundPair<'_> {
    type Value = [i64; 2];
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "bound `{}` as [lo, hi], two integers", self.0)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<[i64; 2], A::Error> {
        use serde::de::Error;
        let mut values = Vec::new();
        let mut count = 0usize;
        while let Some(v) = seq.next_element::<toml::Value>()? {
            count += 1;
            if values.len() < 2 {
                values.push(v);
            }
        }
        let key = self.0;
        if count != 2 {
            return Err(A::Error::custom(format!(
                "bound `{key}` must be [lo, hi], exactly two integers; found {count} element{}",
                if count == 1 { "" } else { "s" }
            )));
        }
        let mut ints = [0i64; 2];
        for (slot, v) in ints.iter_mut().zip(&values) {
            *slot = v.as_integer().ok_or_else(|| {
                A::Error::custom(format!(
                    "bound `{key}` must be [lo, hi], two integers; found {v}"
                ))
            })?;
        }
        let [lo, hi] = ints;
        if lo > hi {
            return Err(A::Error::custom(format!(
                "bound `{key}` = [{lo}, {hi}] is inverted: lo must be at most hi"
            )));
        }
        Ok(ints)
    }
}

impl Bounds {
    /// The bounds of `name`. Errors (naming it) when `problem.toml` does not declare it:
    /// a problem's code and its configuration disagree.
    pub fn get(&self, name: &str) -> Result<(i64, i64), FormatError> {
        match self.0.get(name) {
            Some([lo, hi]) => Ok((*lo, *hi)),
            None => Err(FormatError {
                line: 1,
                col: 1,
                expected: format!("problem.toml to declare bounds for `{name}`"),
                found: "none".into(),
            }),
        }
    }

    /// These bounds narrowed by `other` (each name intersected; names only in one kept).
    pub fn narrowed(&self, other: &Bounds) -> Bounds {
        let mut out = self.0.clone();
        for (k, [lo, hi]) in &other.0 {
            let e = out.entry(k.clone()).or_insert([*lo, *hi]);
            e[0] = e[0].max(*lo);
            e[1] = e[1].min(*hi);
        }
        Bounds(out)
    }
}

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/builtin_bounds.rs"));
}

/// The `[constraints]` bounds (`[lifted]` with `lifted`) of `problems/<name>/problem.toml` for
/// a built-in problem, read by the build script (`build.rs`) and compiled in: O(number of
/// bounds), no TOML parser. `None` when `name` is not among the build script's built-in
/// problems. The built-in problems' [`Problem::builtin_bounds`] return this.
pub fn compiled_bounds(name: &str, lifted: bool) -> Option<Bounds> {
    compiled::BOUNDS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, constraints, lifted_bounds)| {
            let table = if lifted { lifted_bounds } else { constraints };
            Bounds(table.iter().map(|(k, v)| (k.to_string(), *v)).collect())
        })
}

/// Time and memory limits of a problem.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// CPU time limit per test, milliseconds (at least 1).
    #[serde(deserialize_with = "time_ms")]
    pub time_ms: u64,
    /// Memory limit, MiB (at least 1).
    #[serde(deserialize_with = "memory_mib")]
    pub memory_mib: u64,
    /// Task limit: processes and threads of a run at the same time, enforced by the sandbox
    /// (default [`DEFAULT_TASKS`], 128, which lets the JVM and Go runtimes
    /// run; at least 1).
    #[serde(default = "default_tasks", deserialize_with = "tasks")]
    pub tasks: u64,
    /// Stack limit of submissions, MiB (default [`DEFAULT_STACK_KIB`], 64 MiB; at least 1);
    /// e.g. 8 for a problem that must be solved under the 8 MiB many judges set.
    #[serde(default, deserialize_with = "stack_mib")]
    pub stack_mib: Option<u64>,
}

/// A limit of `problem.toml` that must be at least 1 (a limit of 0 lets nothing run), read
/// as a `u64`; `key` names it in the error.
pub(crate) fn at_least_one<'de, D: serde::Deserializer<'de>>(
    d: D,
    key: &str,
) -> Result<u64, D::Error> {
    let v = u64::deserialize(d)?;
    if v == 0 {
        return Err(serde::de::Error::custom(format!(
            "`{key}` = 0 makes no sense: a limit must be at least 1"
        )));
    }
    Ok(v)
}

/// Deserializer functions for `#[serde(deserialize_with)]`: the limit `key`, at least 1.
macro_rules! at_least_one {
    ($($name:ident),*) => {$(
        pub(crate) fn $name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
            at_least_one(d, stringify!($name))
        }
    )*};
}
at_least_one!(time_ms, memory_mib, tasks, output_mib);

fn stack_mib<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    at_least_one(d, "stack_mib").map(Some)
}

fn default_tasks() -> u64 {
    DEFAULT_TASKS
}

/// Default stack limit, KiB: 64 MiB, as Codeforces and Luogu allow; enough for any natural
/// recursion on the problems' graphs, small enough that unbounded recursion fails as a
/// runtime error (`SIGSEGV`) instead of eating the memory limit. A stack limit at or above the
/// memory limit turns a stack overflow into a memory-limit verdict.
pub const DEFAULT_STACK_KIB: u64 = 64 * 1024;

/// Default task limit: processes and threads of a run together, 128. Enough for the
/// multi-threaded runtimes (a HotSpot JVM starts about 20 to 40 threads on 2 to 16 cores, the Go
/// runtime one per core plus a few, .NET about 20), well under the 200 children of a fork
/// bomb. Problems set it with `tasks` in `problem.toml` `[limits]`. Enforced only in the
/// sandbox ([`crate::exec::sandbox`]).
pub const DEFAULT_TASKS: u64 = 128;

/// Settings of `gridjudge build` for a problem.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BuildSettings {
    /// Tests with at most this many cells are cross-checked against the brute-force solver
    /// (built-in problems).
    #[serde(default)]
    pub brute_force_max_cells: u64,
    /// Every test of this test group is cross-checked against the brute force (program
    /// problems: `brute_force` in `[programs]`). When set, it replaces
    /// `brute_force_max_cells`.
    #[serde(default)]
    pub brute_force_group: Option<String>,
    /// Whether an empty jury answer (nothing, or only white space) is legal. Default false:
    /// `build` refuses a test whose reference solution printed nothing, since an empty
    /// submission would then be accepted on it.
    #[serde(default)]
    pub empty_answers: bool,
}

/// A problem's `problem.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemConfig {
    /// Short name, the folder under `problems/`.
    pub name: String,
    /// The problem's title, as its statement names it (`\problemname{...}`: `build` refuses a
    /// statement whose title differs, [`title::check_statement_title`]); every export names the
    /// problem by it. Where the problem comes from goes in `source`.
    pub title: String,
    /// Where the problem comes from (contest and judges), for package metadata such as the
    /// Kattis `problem.yaml`'s `source`; the title when absent.
    #[serde(default)]
    pub source: Option<String>,
    /// Judge limits.
    pub limits: Limits,
    /// Constraints of the statement, checked by the validator (built-in problems; a program
    /// problem's validator holds its own).
    #[serde(default)]
    pub constraints: Bounds,
    /// Bounds used when the constraints are lifted (`gridjudge solve --no-limits`): what the
    /// reference solution is still expected to handle.
    #[serde(default)]
    pub lifted: Bounds,
    /// Test groups (subtasks): extra bounds on top of the constraints.
    #[serde(default)]
    pub groups: BTreeMap<String, Bounds>,
    /// Checker options, problem-specific (e.g. `row_major = true` for `game`): only the flags
    /// of [`Problem::config_keys`], refused otherwise when the problem is loaded.
    #[serde(default)]
    pub checker: toml::Table,
    /// Build settings.
    #[serde(default)]
    pub build: BuildSettings,
    /// The problem's own programs: present exactly for a program problem
    /// ([`crate::problems::program`]).
    #[serde(default)]
    pub programs: Option<programs::ProgramsConfig>,
    /// Interactive and multi-pass judging (`[interaction]`, [`interaction`]); absent: a batch
    /// problem, one run and one output per test.
    #[serde(default)]
    pub interaction: interaction::InteractionConfig,
    /// How `gridjudge timelimit` derives the time limit (`[time_limit]`, [`time_limit`]); the
    /// Kattis formula's defaults when absent.
    #[serde(default)]
    pub time_limit: time_limit::TimeLimitSettings,
    /// The generators' domains for `gridjudge slowest` (`[search]`, [`search_space`]); absent:
    /// the built-in generators with `n`/`m` over the constraints.
    #[serde(default)]
    pub search: search_space::SearchSettings,
    /// Which sources `gridjudge mutants` mutates (`[mutants]`, [`mutants`]); a program
    /// problem's reference when absent.
    #[serde(default)]
    pub mutants: mutants::MutantsSettings,
    /// Where the file came from and the lines of the keys [`ProblemConfig::check_keys`]
    /// checks, for its messages (filled by [`ProblemConfig::parse`]).
    #[serde(skip)]
    key_lines: KeyLines,
}

/// What a problem reads from the bound tables and `[checker]` of its `problem.toml`
/// ([`Problem::config_keys`]); [`ProblemConfig::check_keys`] refuses the rest when the
/// configuration is loaded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConfigKeys {
    /// Bounds that `[constraints]` and `[lifted]` must both declare (the problem's reader
    /// needs them).
    pub required_bounds: &'static [&'static str],
    /// Bounds they (and `[groups.*]`) may declare besides.
    pub optional_bounds: &'static [&'static str],
    /// The boolean options of `[checker]`.
    pub checker_flags: &'static [&'static str],
}

/// The origin of a parsed `problem.toml` and the 1-based lines of its tables and keys.
#[derive(Clone, Debug, Default)]
struct KeyLines {
    /// The file, as errors name it.
    origin: String,
    /// Line of each table header (`constraints`, `lifted`, `groups.G`, `checker`).
    tables: BTreeMap<String, usize>,
    /// Line of each key, by (table, key).
    keys: BTreeMap<(String, String), usize>,
}

/// The keys of the tables [`ProblemConfig::check_keys`] looks at, with their places in the
/// text (a second, lenient read of the same TOML).
#[derive(Deserialize, Default)]
#[serde(default)]
struct Spans {
    constraints: Option<SpannedTable>,
    lifted: Option<SpannedTable>,
    groups: BTreeMap<String, SpannedTable>,
    checker: Option<SpannedTable>,
}

type SpannedTable = toml::Spanned<BTreeMap<toml::Spanned<String>, serde::de::IgnoredAny>>;

impl KeyLines {
    fn of(text: &str, origin: &str) -> KeyLines {
        let bytes = text.as_bytes();
        let line = |at: usize| {
            bytes[..at.min(bytes.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1
        };
        let mut out = KeyLines {
            origin: origin.to_string(),
            ..KeyLines::default()
        };
        let Ok(spans) = toml::from_str::<Spans>(text) else {
            return out;
        };
        let groups = spans
            .groups
            .into_iter()
            .map(|(g, t)| (format!("groups.{g}"), Some(t)));
        let tables = [
            ("constraints".to_string(), spans.constraints),
            ("lifted".to_string(), spans.lifted),
            ("checker".to_string(), spans.checker),
        ]
        .into_iter()
        .chain(groups);
        for (name, table) in tables {
            let Some(table) = table else { continue };
            out.tables.insert(name.clone(), line(table.span().start));
            for key in table.into_inner().into_keys() {
                let at = line(key.span().start);
                out.keys.insert((name.clone(), key.into_inner()), at);
            }
        }
        out
    }

    /// `ORIGIN: invalid problem.toml: line L: ` for the key `key` of `table` (`None`: the
    /// table's header), without the line when it is not known.
    fn at(&self, table: &str, key: Option<&str>) -> String {
        let line = match key {
            Some(k) => self.keys.get(&(table.to_string(), k.to_string())),
            None => self.tables.get(table),
        };
        match line {
            Some(l) => format!("{}: invalid problem.toml: line {l}: ", self.origin),
            None => format!("{}: invalid problem.toml: ", self.origin),
        }
    }
}

impl ProblemConfig {
    /// Parses `problem.toml` text; `origin` names the file in errors.
    ///
    /// Errors: not TOML, an unknown key in a table of fixed keys, a bound that is not
    /// `[lo, hi]` with `lo <= hi`, a limit of 0: the TOML parser's message with the line and
    /// the key. What depends on the problem (its bound names, its checker options) is
    /// checked by [`ProblemConfig::check_keys`].
    pub fn parse(text: &str, origin: &str) -> anyhow::Result<ProblemConfig> {
        let mut cfg: ProblemConfig =
            toml::from_str(text).with_context(|| format!("{origin}: invalid problem.toml"))?;
        if let Err(e) = cfg.interaction.check() {
            bail!("{origin}: invalid problem.toml: {e}");
        }
        if let Err(e) = cfg.time_limit.multipliers.check() {
            bail!("{origin}: invalid problem.toml: {e}");
        }
        if let Err(e) = cfg.search.templates() {
            bail!("{origin}: invalid problem.toml: {e:#}");
        }
        cfg.key_lines = KeyLines::of(text, origin);
        Ok(cfg)
    }

    /// Checks the keys that depend on the problem called `name`, which reads `keys`: every
    /// bound of `[constraints]`, `[lifted]` and `[groups.*]` is one it knows, `[constraints]`
    /// and `[lifted]` declare every bound it needs, `[lifted]` contains `[constraints]` (the
    /// lifted bounds widen the statement's, never narrow them), and every `[checker]` option
    /// is one of its flags, `true` or `false`. O(keys).
    ///
    /// Errors: the first problem found, naming `problem.toml`, the line, the table and the
    /// key, and what the problem knows.
    pub fn check_keys(&self, name: &str, keys: &ConfigKeys) -> anyhow::Result<()> {
        let src = &self.key_lines;
        let known: Vec<&str> = keys
            .required_bounds
            .iter()
            .chain(keys.optional_bounds)
            .copied()
            .collect();
        let mut tables: Vec<(String, &Bounds)> = vec![
            ("constraints".into(), &self.constraints),
            ("lifted".into(), &self.lifted),
        ];
        tables.extend(self.groups.iter().map(|(g, b)| (format!("groups.{g}"), b)));
        for (table, bounds) in &tables {
            for key in bounds.0.keys() {
                if !known.contains(&key.as_str()) {
                    if known.is_empty() {
                        bail!(
                            "{}[{table}] `{key}`: problem `{name}` reads no bounds from \
                             problem.toml (a program problem's validator holds its \
                             constraints); remove it",
                            src.at(table, Some(key))
                        );
                    }
                    bail!(
                        "{}[{table}] `{key}`: problem `{name}` has no bound `{key}` (its bounds: \
                         {})",
                        src.at(table, Some(key)),
                        known.join(", ")
                    );
                }
            }
        }
        for (table, bounds) in &tables[..2] {
            for need in keys.required_bounds {
                if !bounds.0.contains_key(*need) {
                    let place = if src.tables.contains_key(table) {
                        format!("[{table}] does not declare `{need}`")
                    } else {
                        format!("no [{table}] table")
                    };
                    bail!(
                        "{}{place}; problem `{name}` needs bounds for {}",
                        src.at(table, None),
                        keys.required_bounds.join(", ")
                    );
                }
            }
        }
        for (key, [lo, hi]) in &self.lifted.0 {
            if let Some([clo, chi]) = self.constraints.0.get(key) {
                if lo > clo || hi < chi {
                    bail!(
                        "{}[lifted] {key} = [{lo}, {hi}] is narrower than [constraints] {key} = \
                         [{clo}, {chi}]: the lifted bounds must contain the constraints",
                        src.at("lifted", Some(key))
                    );
                }
            }
        }
        for (key, value) in &self.checker {
            if !keys.checker_flags.contains(&key.as_str()) {
                let options = if keys.checker_flags.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("its options: {}", keys.checker_flags.join(", "))
                };
                bail!(
                    "{}[checker] `{key}`: problem `{name}` has no checker option `{key}` \
                     ({options})",
                    src.at("checker", Some(key))
                );
            }
            if !value.is_bool() {
                bail!(
                    "{}[checker] `{key}` must be true or false, found {value}",
                    src.at("checker", Some(key))
                );
            }
        }
        Ok(())
    }

    /// Loads the configuration of `problem`: from `path` when given, else the copy of
    /// `problems/<name>/problem.toml` compiled into the binary.
    pub fn load(problem: &dyn Problem, path: Option<&Path>) -> anyhow::Result<ProblemConfig> {
        let cfg = match path {
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .with_context(|| format!("cannot read {}", p.display()))?;
                Self::parse(&text, &p.display().to_string())?
            }
            None => Self::parse(problem.builtin_config(), "built-in problem.toml")?,
        };
        cfg.for_problem(problem)
    }

    /// This configuration, when it is `problem`'s: its `name` is the problem's and its keys
    /// are those the problem reads ([`ProblemConfig::check_keys`] with
    /// [`Problem::config_keys`]). Errors: `problem.toml is for `x`, not `y``, and those of
    /// [`ProblemConfig::check_keys`].
    pub fn for_problem(self, problem: &dyn Problem) -> anyhow::Result<ProblemConfig> {
        if self.name != problem.name() {
            bail!(
                "problem.toml is for `{}`, not `{}`",
                self.name,
                problem.name()
            );
        }
        self.check_keys(problem.name(), &problem.config_keys())?;
        Ok(self)
    }

    /// The bounds the reference solution runs under: `[constraints]`, or `[lifted]` with
    /// `lifted`, of `path` when given, else of `problem`'s built-in `problem.toml` (compiled
    /// in as constants for a built-in problem: [`Problem::builtin_bounds`]).
    ///
    /// # Errors
    /// As [`ProblemConfig::load`].
    pub fn solve_bounds(
        problem: &dyn Problem,
        path: Option<&Path>,
        lifted: bool,
    ) -> anyhow::Result<Bounds> {
        if path.is_none() {
            if let Some(b) = problem.builtin_bounds(lifted) {
                return Ok(b);
            }
        }
        let cfg = Self::load(problem, path)?;
        Ok(if lifted { cfg.lifted } else { cfg.constraints })
    }

    /// The bounds a validator enforces: the constraints, narrowed by `group` if given.
    /// Errors on an unknown group, listing the known ones.
    pub fn bounds_for(&self, group: Option<&str>) -> anyhow::Result<Bounds> {
        match group {
            None => Ok(self.constraints.clone()),
            Some(g) => match self.groups.get(g) {
                Some(b) => Ok(self.constraints.narrowed(b)),
                None => bail!(
                    "no test group `{g}` in problem `{}` (groups: {})",
                    self.name,
                    self.groups.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            },
        }
    }

    /// A boolean checker option, `default` when absent. Errors when present but not a bool.
    pub fn checker_flag(&self, key: &str, default: bool) -> anyhow::Result<bool> {
        match self.checker.get(key) {
            None => Ok(default),
            Some(toml::Value::Boolean(b)) => Ok(*b),
            Some(v) => bail!("checker option `{key}` must be true or false, found {v}"),
        }
    }
}

/// Options of validation beyond the bounds.
#[derive(Clone, Copy, Debug, Default)]
pub struct ValidateOptions {
    /// Accept spaces at the end of lines (historical samples); everything else stays strict.
    pub allow_trailing_spaces: bool,
}

/// What a validator reports about a valid input, for the build's summary table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputSummary {
    /// Board size, e.g. `100x100`.
    pub size: String,
    /// Number of cells of the board.
    pub cells: u64,
    /// Every bounded integer the validator read, and whether it reached its bounds (testlib's
    /// overview log, `validator --testOverviewLogFileName`); empty when not recorded.
    pub bounds_log: crate::core::bounds_log::BoundsLog,
}

/// Options of a picture ([`Problem::render_svg`]).
#[derive(Clone, Copy, Debug)]
pub struct RenderOptions {
    /// The longer side of the board in pixels (at least 1): a cell is this divided by the
    /// board's larger dimension, so an `n`×`m` board is `max_side_px · m / max(n, m)` wide and
    /// `max_side_px · n / max(n, m)` high. The row and column numbers and the legend are drawn
    /// around the board, so the whole picture is larger.
    pub max_side_px: u32,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { max_side_px: 640 }
    }
}

/// A problem as [`Any`], so that code that knows an implementation can find it behind a
/// `&dyn Problem` (`ProgramProblem::of` in [`crate::problems::program`]) while the trait knows
/// none. Implemented for every `'static` type.
pub trait AsAny {
    /// `self` as [`Any`].
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any> AsAny for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One grid problem. Implementations live in `src/problems/<name>/`; nothing outside them
/// knows a problem's format or rules.
pub trait Problem: Send + Sync + AsAny {
    /// Short name (`game`, `bunny`), the folder under `problems/`.
    fn name(&self) -> &'static str;

    /// The text of `problems/<name>/problem.toml`, compiled in.
    fn builtin_config(&self) -> &'static str;

    /// The `[constraints]` bounds of [`Problem::builtin_config`] (`[lifted]` with `lifted`),
    /// read at build time for a built-in problem ([`compiled_bounds`]), so that running the
    /// reference solution parses no TOML; a program problem returns the bounds it parsed when
    /// it was loaded. `None` (the default) makes [`ProblemConfig::load`] parse
    /// [`Problem::builtin_config`]. An override must equal what that parse gives.
    fn builtin_bounds(&self, _lifted: bool) -> Option<Bounds> {
        None
    }

    /// The bounds and checker options this problem reads from `problem.toml`; the others are
    /// refused when the configuration is loaded ([`ProblemConfig::for_problem`]). The
    /// default, for a problem that reads none (a program problem), refuses every bound and
    /// every `[checker]` key.
    fn config_keys(&self) -> ConfigKeys {
        ConfigKeys::default()
    }

    /// Strict validation of an input under `bounds`: the exact format of the statement and
    /// every rule. Errors name the line and column, what was expected and what was found.
    fn validate(
        &self,
        input: &[u8],
        bounds: &Bounds,
        opts: ValidateOptions,
    ) -> Result<InputSummary, FormatError>;

    /// Validation of `input` in test group `group` (`None`: the constraints alone):
    /// `Ok(Ok(summary))` valid, `Ok(Err(e))` invalid, `Err` when validation itself failed (an
    /// unknown group; a validator program that crashed). The default validates under
    /// [`ProblemConfig::bounds_for`] with [`Problem::validate`]; a program problem passes the
    /// group to its validator program.
    fn validate_in_group(
        &self,
        input: &[u8],
        config: &ProblemConfig,
        group: Option<&str>,
    ) -> anyhow::Result<Result<InputSummary, FormatError>> {
        let bounds = config.bounds_for(group)?;
        Ok(self.validate(input, &bounds, ValidateOptions::default()))
    }

    /// The reference solution: the jury answer of a valid input, in canonical form.
    /// The input is read under `bounds` by tokens separated by any white space, as testlib's
    /// checkers read inputs (the tokens and the rules stay strict).
    fn solve(&self, input: &[u8], bounds: &Bounds) -> anyhow::Result<Vec<u8>>;

    /// [`Problem::solve`] for the `solve` command: takes the input by value (a problem may
    /// free it once parsed) and writes the jury answer to `out` as it is produced (a problem
    /// whose answers run to millions of lines streams them instead of holding them whole).
    /// The default writes `solve`'s bytes.
    fn solve_to(
        &self,
        input: Vec<u8>,
        bounds: &Bounds,
        out: &mut dyn std::io::Write,
    ) -> anyhow::Result<()> {
        out.write_all(&self.solve(&input, bounds)?)?;
        Ok(())
    }

    /// An independent exhaustive solver, or `None` when the input has more than `max_cells`
    /// cells (it is exponential).
    fn brute_force(&self, input: &[u8], max_cells: u64) -> anyhow::Result<Option<Vec<u8>>>;

    /// The checker: judges a contestant `output` (streamed, never read whole) against the
    /// jury `answer` for `input`. Never panics; FAIL only when the jury's files are broken.
    fn check(
        &self,
        input: &[u8],
        output: &mut dyn Read,
        answer: &[u8],
        config: &ProblemConfig,
    ) -> CheckOutcome;

    /// [`Problem::check`] for the test whose input file is `input_path`: a problem whose
    /// checker takes per-test settings (a Kattis package's `output_validator_args`, found by
    /// the test's place in its data tree) reads them here; the default ignores the path.
    fn check_at(
        &self,
        input_path: &Path,
        input: &[u8],
        output: &mut dyn Read,
        answer: &[u8],
        config: &ProblemConfig,
    ) -> CheckOutcome {
        let _ = input_path;
        self.check(input, output, answer, config)
    }

    /// The jury's side of one exchange of an interactive built-in problem (`[interaction]
    /// interactive = true` in its `problem.toml`), played in-process: reads the submission's
    /// messages from `from_contestant`, writes its own to `to_contestant` (flushing after each
    /// message), and returns the verdict of the exchange. It must return once
    /// `from_contestant` ends (the submission exited or was killed), never block otherwise, and
    /// never panic; FAIL only when the jury's files (`input`, `answer`) are broken. The
    /// default, for a problem that is not interactive, is FAIL.
    fn interact(
        &self,
        input: &[u8],
        answer: &[u8],
        from_contestant: &mut dyn std::io::BufRead,
        to_contestant: &mut dyn std::io::Write,
    ) -> CheckOutcome {
        let _ = (input, answer, from_contestant, to_contestant);
        CheckOutcome::fail(format!("problem `{}` has no interactor", self.name()))
    }

    /// A short description of a jury answer for summaries that reads without a legend, e.g.
    /// `WIN 17 cells`, `LOSE` or `2 mistakes`.
    fn describe_answer(&self, answer: &[u8]) -> String;

    /// A picture of `input` as a self-contained SVG document with row and column numbers and a
    /// legend, showing the jury answer (the reference solution's result) and, when `answer` (an
    /// output) is given, where it differs from the jury answer. Inputs are read under
    /// `config.lifted`. The default is an error: the problem has no picture. Errors name what
    /// was wrong.
    fn render_svg(
        &self,
        input: &[u8],
        answer: Option<&[u8]>,
        config: &ProblemConfig,
        opts: crate::problem::RenderOptions,
    ) -> anyhow::Result<String> {
        let _ = (input, answer, config, opts);
        bail!("no picture is defined for problem `{}`", self.name())
    }

    /// The generators of this problem.
    fn generators(&self) -> &'static [GeneratorInfo];

    /// The name a test's RNG is derived from ([`generate_test`], [`TestRng::for_test`]): the
    /// problem's own, or for a problem that takes its tests from another's generators (`duel`
    /// plays on `game`'s boards) that problem's, so that the same manifest line gives the same
    /// test in both.
    fn seed_name(&self) -> &'static str {
        self.name()
    }

    /// Whether generator lines take positional words passed as written (generator programs,
    /// [`Args::positional`]) instead of `key=value` arguments.
    fn positional_args(&self) -> bool {
        false
    }

    /// The generator line `gridjudge stress` uses when none is given, if the problem declares
    /// one (`stress` in `[programs]`); `None` for the built-in default
    /// ([`crate::judge::stress::GeneratorLine::default_for`]).
    fn default_stress_line(&self) -> Option<String> {
        None
    }

    /// Runs generator `name` with `args`, drawing randomness only from `rng`.
    fn generate(&self, name: &str, args: &Args, rng: &mut TestRng) -> Result<Vec<u8>, ArgError>;

    /// Every single-step reduction of a valid `input` that `gridjudge stress` may try while it
    /// shrinks a counterexample ([`crate::judge::stress`]), in a deterministic order, smallest first.
    /// Each candidate must be strictly smaller than `input` in a well-founded measure (so that
    /// greedy shrinking ends); candidates need not be valid, the caller validates each one
    /// under the constraints before trying it. Returns no candidate for an input that does not
    /// parse. The default knows no reduction.
    fn shrink_candidates(&self, input: &[u8]) -> Vec<Vec<u8>> {
        let _ = input;
        Vec::new()
    }

    /// [`Problem::shrink_candidates`] made one at a time, for callers that stop at the first
    /// candidate that still fails (a program problem's candidates are many and each costs a
    /// validator run). The default yields [`Problem::shrink_candidates`].
    fn shrink_candidates_iter<'a>(
        &'a self,
        input: &'a [u8],
    ) -> Box<dyn Iterator<Item = Vec<u8>> + 'a> {
        Box::new(self.shrink_candidates(input).into_iter())
    }

    /// The generator called `name`, or an error listing the generators.
    fn generator(&self, name: &str) -> Result<&'static GeneratorInfo, ArgError> {
        self.generators()
            .iter()
            .find(|g| g.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.generators().iter().map(|g| g.name).collect();
                ArgError(format!(
                    "problem `{}` has no generator `{name}` (generators: {})",
                    self.name(),
                    names.join(", ")
                ))
            })
    }
}

/// The arguments of a generator line after its name, as `problem` takes them: `key=value`
/// words, or positional words for a program problem ([`Problem::positional_args`]).
pub fn parse_args<S: AsRef<str>>(problem: &dyn Problem, words: &[S]) -> Result<Args, ArgError> {
    if problem.positional_args() {
        Ok(Args::positional(words))
    } else {
        Args::parse(words)
    }
}

/// Generates one test: checks `args` against the generator's declared parameters, derives the
/// RNG from the test's identity (the only place that does, see [`crate::core::rng`]) and runs it.
pub fn generate_test(
    problem: &dyn Problem,
    generator: &str,
    args: &Args,
    seed: u64,
) -> Result<Vec<u8>, ArgError> {
    let info = problem.generator(generator)?;
    args.check_keys(info)?;
    let mut rng = TestRng::for_test(problem.seed_name(), generator, &args.canonical(), seed);
    problem.generate(generator, args, &mut rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = include_str!("../../problems/game/problem.toml");
    const GAME_KEYS: ConfigKeys = ConfigKeys {
        required_bounds: &["n", "m"],
        optional_bounds: &["cells"],
        checker_flags: &["row_major"],
    };

    /// `problem.toml` of `game` with `from` replaced by `to` (which must be there).
    fn edited(from: &str, to: &str) -> String {
        assert!(GAME.contains(from), "{from}");
        GAME.replacen(from, to, 1)
    }

    /// The 1-based line of the first line of `text` that starts with `start`.
    fn line_of(text: &str, start: &str) -> usize {
        1 + text.lines().position(|l| l.starts_with(start)).unwrap()
    }

    /// The error of parsing `text` and checking it for `game`.
    fn error(text: &str) -> String {
        let r = ProblemConfig::parse(text, "p/problem.toml")
            .and_then(|c| c.check_keys("game", &GAME_KEYS));
        format!("{:#}", r.unwrap_err())
    }

    /// `[search]` lines are parsed with the file: the shipped ones pass, a bad one is refused
    /// naming the table, the line and the word.
    #[test]
    fn search_lines_are_checked_when_parsed() {
        let c = ProblemConfig::parse(GAME, "p/problem.toml").unwrap();
        assert_eq!(c.search.templates().unwrap()[0].generator, "random");
        let bad = GAME.replace("walls=0.0..0.6\",", "walls=0.6..0.0\",");
        assert_ne!(bad, GAME);
        let e = format!(
            "{:#}",
            ProblemConfig::parse(&bad, "p/problem.toml").unwrap_err()
        );
        assert!(
            e.contains("[search] line `random n=1..100 m=1..100 walls=0.6..0.0`"),
            "{e}"
        );
        assert!(e.contains("`walls=0.6..0.0`: the range is empty"), "{e}");
    }

    #[test]
    fn the_shipped_file_passes() {
        let c = ProblemConfig::parse(GAME, "p/problem.toml").unwrap();
        c.check_keys("game", &GAME_KEYS).unwrap();
        assert_eq!(c.constraints.get("n").unwrap(), (1, 100));
    }

    #[test]
    fn mutants_sources_are_read_and_unknown_keys_refused() {
        let c = ProblemConfig::parse(GAME, "p/problem.toml").unwrap();
        assert_eq!(
            c.mutants.sources,
            [
                "submissions/accepted/hopcroft_karp.cpp",
                "submissions/accepted/kuhn_iterative.rs"
            ]
        );
        let e = error(&edited("[mutants]\n", "[mutants]\nsauces = []\n"));
        assert!(e.contains("unknown field `sauces`"), "{e}");
    }

    /// A bound is exactly `[lo, hi]` with `lo <= hi`: never cut to its first two elements.
    #[test]
    fn bounds_are_two_integers_in_order() {
        for (to, says) in [
            (
                "n = [1, 5, 100]",
                "bound `n` must be [lo, hi], exactly two integers; found 3 elements",
            ),
            (
                "n = [1, 100, 5]",
                "bound `n` must be [lo, hi], exactly two integers; found 3 elements",
            ),
            (
                "n = [1]",
                "bound `n` must be [lo, hi], exactly two integers; found 1 element",
            ),
            ("n = []", "found 0 elements"),
            ("n = [1, \"x\"]", "bound `n` must be [lo, hi], two integers"),
            (
                "n = [100, 1]",
                "bound `n` = [100, 1] is inverted: lo must be at most hi",
            ),
        ] {
            let text = edited("n = [1, 100]", to);
            let e = error(&text);
            let line = line_of(&text, to);
            assert!(e.contains(says), "{to}: {e}");
            assert!(e.starts_with("p/problem.toml: invalid problem.toml"), "{e}");
            assert!(e.contains(&format!("line {line}")), "{to}: {e}");
            assert!(e.contains(to), "the key's line is shown: {e}");
        }
        // In a group too.
        let e = error(&edited("n = [1, 5]", "n = [5, 1]"));
        assert!(e.contains("bound `n` = [5, 1] is inverted"), "{e}");
    }

    #[test]
    fn a_limit_of_zero_is_refused() {
        for (from, to) in [
            ("time_ms = 1000", "time_ms = 0"),
            ("memory_mib = 128", "memory_mib = 0"),
            ("tasks = 128", "tasks = 0"),
            ("tasks = 128", "tasks = 128\nstack_mib = 0"),
        ] {
            let text = edited(from, to);
            let e = error(&text);
            let key = to.lines().last().unwrap();
            let name = key.split(' ').next().unwrap();
            assert!(
                e.contains(&format!("`{name}` = 0 makes no sense")),
                "{to}: {e}"
            );
            assert!(
                e.contains(&format!("line {}", line_of(&text, key))),
                "{to}: {e}"
            );
        }
    }

    /// Keys that depend on the problem: each error names the file, the line, the table and
    /// the key.
    #[test]
    fn keys_the_problem_does_not_read_are_refused() {
        let cases = [
            (
                edited("row_major = false", "row_majr = true"),
                "row_majr = true",
                "[checker] `row_majr`: problem `game` has no checker option `row_majr` (its \
                 options: row_major)",
            ),
            (
                edited("row_major = false", "row_major = \"yes\""),
                "row_major = ",
                "[checker] `row_major` must be true or false, found \"yes\"",
            ),
            (
                edited("m = [1, 100]\n", "m = [1, 100]\nk = [1, 5]\n"),
                "k = [1, 5]",
                "[constraints] `k`: problem `game` has no bound `k` (its bounds: n, m, cells)",
            ),
            (
                edited("n = [1, 5]", "n = [1, 5]\nwalls = [0, 3]"),
                "walls = ",
                "[groups.small] `walls`: problem `game` has no bound `walls`",
            ),
            (
                edited("n = [1, 20000]", "n = [1, 50]"),
                "n = [1, 50]",
                "[lifted] n = [1, 50] is narrower than [constraints] n = [1, 100]",
            ),
            (
                edited("n = [1, 20000]", "n = [2, 20000]"),
                "n = [2, 20000]",
                "[lifted] n = [2, 20000] is narrower than [constraints] n = [1, 100]",
            ),
            (
                edited("[constraints]\nn = [1, 100]\n", "[constraints]\n"),
                "[constraints]",
                "[constraints] does not declare `n`; problem `game` needs bounds for n, m",
            ),
        ];
        for (text, at, says) in cases {
            let e = error(&text);
            let line = line_of(&text, at);
            assert!(
                e.starts_with(&format!(
                    "p/problem.toml: invalid problem.toml: line {line}: "
                )),
                "{at}: {e}"
            );
            assert!(e.contains(says), "{at}: {e}");
        }
        // No table at all: no line to point at.
        let start = GAME.find("[lifted]").unwrap();
        let end = GAME.find("# Test groups").unwrap();
        let text = format!("{}{}", &GAME[..start], &GAME[end..]);
        assert!(
            error(&text).contains("no [lifted] table; problem `game` needs bounds for n, m"),
            "{}",
            error(&text)
        );
        // A problem that reads no bounds refuses every one.
        let c = ProblemConfig::parse(GAME, "p/problem.toml").unwrap();
        let e = format!(
            "{:#}",
            c.check_keys("p", &ConfigKeys::default()).unwrap_err()
        );
        assert!(
            e.contains("problem `p` reads no bounds from problem.toml"),
            "{e}"
        );
    }
}
