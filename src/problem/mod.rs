//! The problem trait — the only thing the build, judge, stress and export code know about a
//! problem — and `problem.toml`, the per-problem settings.

use std::any::Any;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context};
use serde::Deserialize;

pub mod programs;
pub mod stdio;
pub mod title;

use crate::core::args::{ArgError, Args, GeneratorInfo};
use crate::core::reader::FormatError;
use crate::core::rng::TestRng;
use crate::core::verdict::CheckOutcome;

/// Inclusive integer bounds by name, e.g. `n = [1, 100]`, read from `problem.toml`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Bounds(pub BTreeMap<String, [i64; 2]>);

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
    /// CPU time limit per test, milliseconds.
    pub time_ms: u64,
    /// Memory limit, MiB.
    pub memory_mib: u64,
    /// Task limit: processes and threads of a run at the same time, enforced by the sandbox
    /// (default [`DEFAULT_TASKS`], 128, which lets the JVM and Go runtimes
    /// run).
    #[serde(default = "default_tasks")]
    pub tasks: u64,
    /// Stack limit of submissions, MiB (default [`DEFAULT_STACK_KIB`], 64 MiB);
    /// e.g. 8 for a problem that must be solved under the 8 MiB many judges set.
    #[serde(default)]
    pub stack_mib: Option<u64>,
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
    /// Checker options, problem-specific (e.g. `row_major = true` for `game`).
    #[serde(default)]
    pub checker: toml::Table,
    /// Build settings.
    #[serde(default)]
    pub build: BuildSettings,
    /// The problem's own programs: present exactly for a program problem
    /// ([`crate::problems::program`]).
    #[serde(default)]
    pub programs: Option<programs::ProgramsConfig>,
}

impl ProblemConfig {
    /// Parses `problem.toml` text; `origin` names the file in errors.
    pub fn parse(text: &str, origin: &str) -> anyhow::Result<ProblemConfig> {
        toml::from_str(text).with_context(|| format!("{origin}: invalid problem.toml"))
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

    /// This configuration, when it is `problem`'s (its `name` is the problem's). Errors:
    /// `problem.toml is for `x`, not `y``.
    pub fn for_problem(self, problem: &dyn Problem) -> anyhow::Result<ProblemConfig> {
        if self.name != problem.name() {
            bail!(
                "problem.toml is for `{}`, not `{}`",
                self.name,
                problem.name()
            );
        }
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
    let mut rng = TestRng::for_test(problem.name(), generator, &args.canonical(), seed);
    problem.generate(generator, args, &mut rng)
}
