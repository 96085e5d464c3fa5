//! Program problems: a problem defined by its own programs in any language, declared in the
//! `[programs]` table of its `problem.toml`, as in Polygon or BAPCtools. No Rust code names
//! such a problem; [`crate::problems::problem`] finds it at run time.
//!
//! ```toml
//! [programs]
//! generators = { random = "generators/random.cpp", chain = "generators/chain.py" }
//! validator = { source = "validator/validator.cpp", convention = "testlib" }
//! solution = "solutions/reference.cpp"
//! brute_force = "solutions/brute.py"          # optional, run on `[build] brute_force_group`
//! checker = { builtin = "tokens" }            # or { source = "...", convention = "kattis" }
//! stress = "random 1..8 1..8 0..20 {seed}"    # optional default line of `gridjudge stress`
//! normaliser = "tools/normalise.py"           # optional, see below
//! [programs.limits]                           # limits of every program above
//! time_ms = 10000
//! memory_mib = 1024
//! output_mib = 64
//! ```
//!
//! A program is a path relative to the problem folder — a source file compiled once and cached
//! by content hash as `judge` does (`.cpp`/`.cc`/`.cxx`, `.c`, `.rs`, `.java`; `.py` runs with
//! `python3`), an executable file run as it is, or a folder of sources that make one program
//! ([`crate::exec::compile::FolderProgram`]: C or C++ files compiled together, a Python folder
//! with `__main__.py`) — or a table with exactly one of `source`
//! (the same) and `command` (a shell command line run with `/bin/sh -c` in the problem folder,
//! the program's arguments appended).
//!
//! # Calling conventions
//! * generator: `GEN ARGS...`, stdout is the input. The words of the manifest line after the
//!   generator's name are passed as written, except `{seed}`, replaced by a number in
//!   [0, 2^31) drawn from the test's RNG ([`crate::core::rng::TestRng::for_test`] with the problem,
//!   the generator, the words and the manifest seed: the first 32-bit word shifted right by
//!   one). Builds run every line twice and refuse different bytes ([`crate::package`]).
//! * validator: input on stdin. `testlib`: `--group G` for a test of group G, exit 0 valid,
//!   3 invalid (as testlib's validators quit); `kattis`: the words of `flags.G` (default
//!   none) for group G, exit 42 valid, 43 invalid. Anything else (another exit code, a
//!   signal, a limit) is an error of the validator, named as such, never "invalid". The
//!   message of an invalid input (stderr, else stdout) is reported; when it reads `line L,
//!   column C: ...` (gridjudge's and testlib's form) the position is taken from it.
//! * solution and brute force: input on stdin, answer on stdout, exit 0.
//! * checker program: `testlib`: `CHECKER input output answer`, exit 0 AC, 1 WA, 2 PE, 3 FAIL
//!   (7 with testlib's points is AC), message on stderr; `kattis`: `CHECKER input answer
//!   feedback_dir < output`, exit 42 AC, 43 WA, message in `feedback_dir/judgemessage.txt`.
//!   Any other exit, a crash or a time-out is FAIL naming the checker.
//! * normaliser (shrinking, [`crate::judge::stress`]): a candidate input on stdin, a consistent input
//!   on stdout (e.g. its counts fixed); exit 0.
//!
//! Every program runs unconfined (they are the setter's own) under `[programs.limits]`; a
//! crash, a time-out, too much memory or output, or no output at all is an error that names
//! the program, the limit and the start of its stderr, never a panic. Each sees the problem
//! folder read-only ([`crate::exec::read_only`]; a write there fails, and the error that
//! follows names the program and says why) and Python writes no byte-code cache
//! (`PYTHONDONTWRITEBYTECODE`).

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{anyhow, bail, Context};

use crate::core::args::{ArgError, Args, GeneratorInfo};
use crate::core::bounds_log::{parse_overview_log, BoundsLog};
use crate::core::checkers::BuiltinChecker;
use crate::core::reader::FormatError;
use crate::core::rng::TestRng;
use crate::core::verdict::{CheckOutcome, Verdict};
use crate::exec::compile::{prepare, Prepared, Submission, SubmissionKind};
use crate::exec::runner::{self, Outcome, RunLimits, RunSpec};
use crate::problem::programs::{Convention, ProgramSpec, ProgramsConfig};
use crate::problem::{Bounds, InputSummary, Problem, ProblemConfig, ValidateOptions};

/// How a program is started, once prepared.
type Prepared_ = Result<Vec<OsString>, String>;

/// A program problem (see the module documentation).
pub struct ProgramProblem {
    name: &'static str,
    dir: PathBuf,
    config_text: &'static str,
    config: ProblemConfig,
    programs: ProgramsConfig,
    checker: Option<(BuiltinChecker, Option<&'static str>)>,
    generator_infos: &'static [GeneratorInfo],
    cache_dir: PathBuf,
    prepared: Mutex<HashMap<String, Arc<OnceLock<Prepared_>>>>,
    tree: Option<TreeSettings>,
}

/// The per-test settings of a problem whose tests are a data tree with settings of their own
/// (a Kattis package, [`crate::problems::kattis`]), looked up by a test's input file.
#[derive(Clone, Debug, Default)]
pub struct TreeSettings {
    /// By the absolute path of a test's input: the arguments of each input validator (by the
    /// name `[programs]` gives it: `validator`, or a key of `validators`) and of the output
    /// validator.
    pub tests: HashMap<PathBuf, TestArgs>,
    /// The checker is the Kattis default output validator
    /// ([`crate::core::output_validator::DefaultOutputValidator`]) with these arguments before
    /// each test's own; `None`: the checker of `[programs]`.
    pub default_output_validator: Option<Vec<String>>,
    /// Arguments of a custom output validator (and of an interactor) on every test, before the
    /// test's own (legacy `validator_flags`).
    pub validator_flags: Vec<String>,
    /// Read the default output validator's arguments as a legacy package does (a group's
    /// flags after `validator_flags`: a repeated tolerance replaces the earlier one).
    pub legacy: bool,
}

/// The arguments one test gives its validators ([`TreeSettings`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestArgs {
    /// Input validator name → arguments (a validator not named gets none).
    pub input_validators: std::collections::BTreeMap<String, Vec<String>>,
    /// The output validator's arguments.
    pub output_validator: Vec<String>,
}

impl std::fmt::Debug for ProgramProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProgramProblem")
            .field("name", &self.name)
            .field("dir", &self.dir)
            .finish()
    }
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// What ran: the classification and the output bytes.
struct Ran {
    result: runner::RunResult,
    stdout: Vec<u8>,
}

impl ProgramProblem {
    /// The program problem behind `problem`, if it is one (`None` for a built-in problem).
    pub fn of(problem: &dyn Problem) -> Option<&ProgramProblem> {
        problem.as_any().downcast_ref::<ProgramProblem>()
    }

    /// Makes the program problem in `dir` (a folder holding `problem.toml` with `[programs]`)
    /// from that file's `text` and its parse `config` (the registry reads and parses it once:
    /// [`crate::problems::load`]), compiling programs into `cache_dir` when first used. The
    /// problem lives as long as the process (it is leaked into a `&'static`, as built-in
    /// problems are statics).
    ///
    /// Errors: no `[programs]`, its `name` not the folder's name, a bound or a `[checker]` key
    /// in `problem.toml` (a program problem reads none: [`ProblemConfig::check_keys`]), a
    /// program file that does not exist, a bad checker declaration.
    pub fn load(
        dir: &Path,
        text: String,
        config: ProblemConfig,
        cache_dir: &Path,
    ) -> anyhow::Result<&'static ProgramProblem> {
        let path = dir.join("problem.toml");
        let folder = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if config.name != folder {
            bail!(
                "{}: name = \"{}\" but the folder is `{folder}`; they must be the same",
                path.display(),
                config.name
            );
        }
        let Some(programs) = config.programs.clone() else {
            bail!("{}: no [programs] table", path.display());
        };
        // A program problem reads no bounds and no `[checker]` options from problem.toml.
        config.check_keys(&config.name, &crate::problem::ConfigKeys::default())?;
        let origin = path.display().to_string();
        let mut all: Vec<(String, ProgramSpec)> = programs
            .generators
            .iter()
            .map(|(n, s)| (format!("generator `{n}`"), s.clone()))
            .collect();
        all.push(("validator".into(), programs.validator.clone()));
        all.push(("solution".into(), programs.solution.clone()));
        if let Some(b) = &programs.brute_force {
            all.push(("brute_force".into(), b.clone()));
        }
        if let Some(n) = &programs.normaliser {
            all.push(("normaliser".into(), n.clone()));
        }
        if let Some(i) = &programs.interactor {
            all.push(("interactor".into(), i.clone()));
        }
        for (n, v) in &programs.validators {
            all.push((format!("validator `{n}`"), v.clone()));
        }
        check_interaction(&origin, &config, &programs)?;
        let Some(checker_spec) = &programs.checker else {
            if config.interaction.interactive {
                // The interactor decides alone.
                return Self::finish_load(dir, text, config, programs, None, all, cache_dir);
            }
            bail!(
                "{origin}: [programs] has no checker; a problem that is not interactive needs \
                 one, e.g. checker = {{ builtin = \"tokens\" }} or checker = {{ source = \
                 \"check.cpp\", convention = \"testlib\" }}"
            );
        };
        let checker_table = checker_spec.table();
        let checker = match &checker_table.builtin {
            Some(b) => {
                if checker_table.command.is_some() || checker_table.convention.is_some() {
                    bail!("{origin}: [programs] checker: `builtin` takes no `command` or `convention`");
                }
                let c = BuiltinChecker::from_name(b, checker_table.abs, checker_table.rel)
                    .with_context(|| format!("{origin}: [programs] checker"))?;
                Some((c, None))
            }
            None => {
                all.push(("checker".into(), checker_spec.clone()));
                None
            }
        };
        Self::finish_load(dir, text, config, programs, checker, all, cache_dir)
    }

    /// The rest of [`ProgramProblem::load`] once the checker is known: every program in `all`
    /// exists, the brute force has its group, and the problem is made.
    fn finish_load(
        dir: &Path,
        text: String,
        config: ProblemConfig,
        programs: ProgramsConfig,
        checker: Option<(BuiltinChecker, Option<&'static str>)>,
        all: Vec<(String, ProgramSpec)>,
        cache_dir: &Path,
    ) -> anyhow::Result<&'static ProgramProblem> {
        let origin = dir.join("problem.toml").display().to_string();
        for (what, spec) in &all {
            let t = spec.table();
            if t.builtin.is_some() {
                bail!("{origin}: [programs] {what}: `builtin` is only for the checker");
            }
            match (&t.source, &t.command) {
                (Some(s), None) => {
                    let p = dir.join(s);
                    // A folder is one program of all its sources (`FolderProgram`).
                    if !p.is_file() && !p.is_dir() {
                        bail!("{origin}: [programs] {what}: no such file {}", p.display());
                    }
                }
                (None, Some(_)) => {}
                _ => {
                    bail!("{origin}: [programs] {what}: give exactly one of `source` and `command`")
                }
            }
        }
        // The brute force is slow: it runs on the tests of one declared group, never on all.
        match (&programs.brute_force, &config.build.brute_force_group) {
            (Some(_), None) => bail!(
                "{origin}: [programs] brute_force needs [build] brute_force_group, the test group \
                 whose tests it cross-checks"
            ),
            (None, Some(g)) => bail!(
                "{origin}: [build] brute_force_group = \"{g}\" but [programs] declares no \
                 brute_force"
            ),
            (Some(_), Some(g)) if !config.groups.contains_key(g) => bail!(
                "{origin}: [build] brute_force_group = \"{g}\" is not a test group (declare \
                 [groups.{g}])"
            ),
            _ => {}
        }
        // `generators = {}` is allowed: a problem whose tests are all hand-made files needs
        // no generator (a manifest line naming one is then refused by name).
        let infos: Vec<GeneratorInfo> = programs
            .generators
            .iter()
            .map(|(n, s)| {
                let t = s.table();
                GeneratorInfo {
                    name: leak(n.clone()),
                    about: leak(match (t.source, t.command) {
                        (Some(s), _) => format!("program {s}"),
                        (_, Some(c)) => format!("command `{c}`"),
                        _ => String::new(),
                    }),
                    params: &[],
                }
            })
            .collect();
        let problem = ProgramProblem {
            name: leak(config.name.clone()),
            dir: std::path::absolute(dir)
                .with_context(|| format!("cannot resolve {}", dir.display()))?,
            config_text: leak(text),
            config,
            programs,
            checker,
            generator_infos: Box::leak(infos.into_boxed_slice()),
            cache_dir: cache_dir.to_path_buf(),
            prepared: Mutex::new(HashMap::new()),
            tree: None,
        };
        Ok(Box::leak(Box::new(problem)))
    }

    /// [`ProgramProblem::load`] for a problem whose tests carry their own settings (a Kattis
    /// package): `tree` gives each test's validator arguments and the output validator.
    ///
    /// Errors: as [`ProgramProblem::load`].
    pub fn load_tree(
        dir: &Path,
        text: String,
        config: ProblemConfig,
        cache_dir: &Path,
        tree: TreeSettings,
    ) -> anyhow::Result<&'static ProgramProblem> {
        let p = Self::load(dir, text, config, cache_dir)?;
        // `load` leaked a problem without settings; this one replaces it (a problem is made
        // once per process and folder, so the leak is bounded).
        let problem = ProgramProblem {
            name: p.name,
            dir: p.dir.clone(),
            config_text: p.config_text,
            config: p.config.clone(),
            programs: p.programs.clone(),
            checker: p.checker.clone(),
            generator_infos: p.generator_infos,
            cache_dir: p.cache_dir.clone(),
            prepared: Mutex::new(HashMap::new()),
            tree: Some(tree),
        };
        Ok(Box::leak(Box::new(problem)))
    }

    /// The per-test settings, for a problem whose tests carry them.
    pub fn tree(&self) -> Option<&TreeSettings> {
        self.tree.as_ref()
    }

    /// The arguments the test with input file `input_path` gives its validators (none for a
    /// test outside the data tree, such as a stress candidate).
    pub fn test_args(&self, input_path: &Path) -> TestArgs {
        let Some(tree) = &self.tree else {
            return TestArgs::default();
        };
        let abs = std::path::absolute(input_path).unwrap_or_else(|_| input_path.to_path_buf());
        tree.tests.get(&abs).cloned().unwrap_or_default()
    }

    /// The output validator's (or interactor's) arguments for the test with input file
    /// `input_path`: the problem's flags then the test's own.
    pub fn output_validator_args(&self, input_path: &Path) -> Vec<OsString> {
        let mut out: Vec<OsString> = self
            .tree
            .iter()
            .flat_map(|t| t.validator_flags.iter().map(OsString::from))
            .collect();
        out.extend(
            self.test_args(input_path)
                .output_validator
                .into_iter()
                .map(OsString::from),
        );
        out
    }

    /// The problem folder (absolute).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The problem's `problem.toml`, parsed.
    pub fn config(&self) -> &ProblemConfig {
        &self.config
    }

    /// The `[programs]` table.
    pub fn programs(&self) -> &ProgramsConfig {
        &self.programs
    }

    /// Whether `[programs]` declares a checker (only an interactive problem may not).
    pub fn has_checker(&self) -> bool {
        self.programs.checker.is_some()
    }

    /// The built-in checker, when the checker is one.
    pub fn builtin_checker(&self) -> Option<&BuiltinChecker> {
        self.checker.as_ref().map(|(c, _)| c)
    }

    /// The interactor's command line (compiled through the cache on first use) and its
    /// convention, or `None` when `[programs]` declares none.
    ///
    /// Errors: the interactor cannot be compiled or has no interpreter.
    pub fn interactor(&self) -> anyhow::Result<Option<(Vec<OsString>, Convention)>> {
        let Some(spec) = &self.programs.interactor else {
            return Ok(None);
        };
        let conv = spec.table().convention.unwrap_or_default();
        Ok(Some((self.command("interactor", spec)?, conv)))
    }

    /// The checker's command line when it is a program in the Kattis convention (the one
    /// that judges each pass of a multi-pass problem), else `None`.
    ///
    /// Errors: it cannot be compiled or has no interpreter.
    pub fn kattis_checker(&self) -> anyhow::Result<Option<Vec<OsString>>> {
        let Some(spec) = &self.programs.checker else {
            return Ok(None);
        };
        let t = spec.table();
        if t.builtin.is_some() || t.convention != Some(Convention::Kattis) {
            return Ok(None);
        }
        Ok(Some(self.command("checker", spec)?))
    }

    /// The limits of the interactor of one pass: `[interaction.limits]` for CPU time and
    /// memory, `[programs.limits]` for the output, the stack as large as the memory; the
    /// wall-clock limit is set by the caller (at least the submission's plus one second).
    pub fn interactor_limits(&self) -> RunLimits {
        let l = &self.config.interaction.limits;
        let mut r = RunLimits::new(l.time_ms, l.memory_mib);
        r.output_bytes = self.programs.limits.output_mib.saturating_mul(1 << 20);
        r.stack_kib = Some(r.memory_kib);
        r
    }

    /// The limits of every setter program (`[programs.limits]`).
    pub fn setter_limits(&self) -> RunLimits {
        let l = &self.programs.limits;
        let mut r = RunLimits::new(l.time_ms, l.memory_mib);
        r.output_bytes = l.output_mib.saturating_mul(1 << 20);
        // Setter programs may recurse deeply: the stack may use the whole memory limit.
        r.stack_kib = Some(r.memory_kib);
        r
    }

    /// Compiles every program of the problem into its compile cache now (generators,
    /// validators, reference, brute force, normaliser, interactor, a program checker) instead
    /// of on first use: `--slurm` stages them once, so that its tasks only find them there.
    ///
    /// Errors: a program cannot be prepared (its compile error, a missing compiler).
    pub fn prepare_all(&self) -> anyhow::Result<()> {
        let p = &self.programs;
        let mut all: Vec<(String, &ProgramSpec)> = p
            .generators
            .iter()
            .map(|(n, s)| (format!("generator `{n}`"), s))
            .collect();
        all.push(("validator".into(), &p.validator));
        all.extend(
            p.validators
                .iter()
                .map(|(n, s)| (format!("validator `{n}`"), s)),
        );
        all.push(("solution".into(), &p.solution));
        all.extend(p.brute_force.iter().map(|s| ("brute_force".to_string(), s)));
        all.extend(p.normaliser.iter().map(|s| ("normaliser".to_string(), s)));
        all.extend(p.interactor.iter().map(|s| ("interactor".to_string(), s)));
        if let Some(c) = &p.checker {
            if c.table().builtin.is_none() {
                all.push(("checker".into(), c));
            }
        }
        for (role, spec) in all {
            self.command(&role, spec)?;
        }
        Ok(())
    }

    /// How to start `spec` (compiled into the cache on first use, once per process).
    fn command(&self, role: &str, spec: &ProgramSpec) -> anyhow::Result<Vec<OsString>> {
        let cell = {
            let mut map = self
                .prepared
                .lock()
                .map_err(|_| anyhow!("program cache poisoned"))?;
            map.entry(role.to_string()).or_default().clone()
        };
        let prepared = cell.get_or_init(|| self.prepare(role, spec).map_err(|e| format!("{e:#}")));
        prepared.clone().map_err(|e| anyhow!(e))
    }

    fn prepare(&self, role: &str, spec: &ProgramSpec) -> anyhow::Result<Vec<OsString>> {
        let t = spec.table();
        if let Some(c) = &t.command {
            let dir = self.dir.to_string_lossy().replace('\'', "'\\''");
            return Ok(vec![
                "/bin/sh".into(),
                "-c".into(),
                format!("cd '{dir}' && {c} \"$@\"").into(),
                "sh".into(),
            ]);
        }
        let rel = t.source.clone().unwrap_or_default();
        let path = self.dir.join(&rel);
        let sub = Submission::from_arg(&path.to_string_lossy())
            .with_context(|| format!("{} {role} ({rel})", self.name))?;
        if matches!(sub.kind, SubmissionKind::Command(_)) {
            bail!("{} {role}: {rel} is not a program file", self.name);
        }
        let sub = Submission {
            name: format!("{} {role} ({rel})", self.name),
            ..sub
        };
        match prepare(&sub, &self.cache_dir, false)? {
            Prepared::Ready(argv) => Ok(argv),
            // A missing interpreter or compiler is named as such (its message says how to get
            // it), not as a compile error.
            Prepared::CompileError(msg) if msg.starts_with(&sub.name) => bail!(msg),
            Prepared::CompileError(msg) if msg.starts_with("cannot run") => {
                bail!("{}: {msg}", sub.name)
            }
            Prepared::CompileError(msg) => bail!("{}: cannot compile: {msg}", sub.name),
        }
    }

    /// Runs the program `spec` (called `role` in messages) with `args` and `stdin`.
    fn run(
        &self,
        role: &str,
        spec: &ProgramSpec,
        args: &[OsString],
        stdin: &[u8],
        work: Option<&Path>,
    ) -> anyhow::Result<Ran> {
        let mut argv = self.command(role, spec)?;
        argv.extend(args.iter().cloned());
        self.run_argv(role, argv, stdin, work)
    }

    /// Runs the command line `argv` as the problem's programs run (see [`Self::run`]).
    fn run_argv(
        &self,
        role: &str,
        argv: Vec<OsString>,
        stdin: &[u8],
        work: Option<&Path>,
    ) -> anyhow::Result<Ran> {
        let tmp = tempfile::tempdir().context("cannot create a temporary folder")?;
        let input = tmp.path().join("stdin");
        std::fs::write(&input, stdin).context("cannot write a temporary file")?;
        let out = tmp.path().join("stdout");
        let err = tmp.path().join("stderr");
        let result = runner::run(&RunSpec {
            argv,
            stdin: input,
            stdout: out.clone(),
            stderr: Some(err),
            limits: self.setter_limits(),
            work_parent: work.map(Path::to_path_buf),
            sandbox: None,
            pipes: None,
            read_only: Some(self.dir.clone()),
        })
        .with_context(|| format!("{} {role}: cannot run it", self.name))?;
        let stdout = std::fs::read(&out).context("cannot read a program's output")?;
        Ok(Ran { result, stdout })
    }

    /// Why a run that should have finished did not, or `None` when it finished.
    fn failure(&self, role: &str, ran: &Ran) -> Option<String> {
        let l = &self.programs.limits;
        let what = match &ran.result.outcome {
            Outcome::Finished => return None,
            Outcome::TimeLimit => format!(
                "ran over the time limit of {} ms ([programs.limits] time_ms)",
                l.time_ms
            ),
            Outcome::MemoryLimit => format!(
                "ran over the memory limit of {} MiB ([programs.limits] memory_mib)",
                l.memory_mib
            ),
            Outcome::OutputLimit => format!(
                "wrote more than {} MiB ([programs.limits] output_mib)",
                l.output_mib
            ),
            Outcome::RuntimeError(e) => format!("failed: {e}"),
        };
        let err = ran.result.stderr_head.trim();
        let read_only = if err.contains("Read-only file system") {
            format!(
                " (programs see the problem folder {} read-only: write scratch files in the \
                 working folder or $TMPDIR)",
                self.dir.display()
            )
        } else {
            String::new()
        };
        Some(if err.is_empty() {
            format!("{} {role} {what}", self.name)
        } else {
            format!(
                "{} {role} {what}; its stderr: {}{read_only}",
                self.name,
                first_lines(err, 6)
            )
        })
    }

    fn finished(&self, role: &str, ran: Ran) -> anyhow::Result<Vec<u8>> {
        if let Some(f) = self.failure(role, &ran) {
            bail!(f);
        }
        Ok(ran.stdout)
    }

    /// The seed a `{seed}` word stands for in the test (problem, generator, args, seed): the
    /// first word of [`TestRng::for_test`] shifted right by one, in [0, 2^31).
    pub fn seed_value(rng: &mut TestRng) -> u32 {
        rng.next_u32() >> 1
    }

    /// The validator's verdict on `input` in test group `group`: `Ok(Ok(()))` valid,
    /// `Ok(Err(_))` invalid (its message, with the position it names), `Err` when the
    /// validator itself failed (crashed, timed out, an unknown Kattis exit code).
    pub fn run_validator(
        &self,
        input: &[u8],
        group: Option<&str>,
    ) -> anyhow::Result<Result<(), FormatError>> {
        Ok(self.run_validator_logged(input, group, false)?.0)
    }

    /// [`ProgramProblem::run_validator`], and with `log` the main validator's overview log of
    /// a valid input (testlib's `--testOverviewLogFileName`, [`parse_overview_log`]): which
    /// bounds it reached. A testlib-convention validator is asked for the log in a temporary
    /// file; `None` when it writes none (it ignores the option: "bounds unknown"), for a
    /// Kattis-convention validator, or when the input is invalid. A validator that refuses the
    /// option (exit 3 with it) is run again without it, and its verdict is that run's.
    ///
    /// Errors: as [`ProgramProblem::run_validator`]; the temporary file cannot be made.
    pub fn run_validator_logged(
        &self,
        input: &[u8],
        group: Option<&str>,
        log: bool,
    ) -> anyhow::Result<(Result<(), FormatError>, Option<BoundsLog>)> {
        let spec = &self.programs.validator;
        let t = spec.table();
        let conv = t.convention.unwrap_or_default();
        let args: Vec<OsString> = match (conv, group) {
            (_, None) => Vec::new(),
            (Convention::Testlib, Some(g)) => vec!["--group".into(), g.into()],
            (Convention::Kattis, Some(g)) => t
                .flags
                .get(g)
                .map(|f| f.split_whitespace().map(OsString::from).collect())
                .unwrap_or_default(),
        };
        let mut bounds = None;
        if log && conv == Convention::Testlib {
            let file = tempfile::NamedTempFile::new()
                .context("cannot make a file for the validator's overview log")?;
            let mut with = args.clone();
            let mut opt = OsString::from("--testOverviewLogFileName=");
            opt.push(file.path());
            with.push(opt);
            if self
                .run_one_validator("validator", spec, input, &with)?
                .is_ok()
            {
                let text = std::fs::read_to_string(file.path()).unwrap_or_default();
                bounds = parse_overview_log(&text);
            } else if let Err(e) = self.run_one_validator("validator", spec, input, &args)? {
                return Ok((Err(e), None));
            }
        } else if let Err(e) = self.run_one_validator("validator", spec, input, &args)? {
            return Ok((Err(e), None));
        }
        for (name, spec) in &self.programs.validators {
            let args: Vec<OsString> = match group {
                Some(g) => spec
                    .table()
                    .flags
                    .get(g)
                    .map(|f| f.split_whitespace().map(OsString::from).collect())
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            let role = format!("validator `{name}`");
            if let Err(e) = self.run_one_validator(&role, spec, input, &args)? {
                return Ok((Err(e), None));
            }
        }
        Ok((Ok(()), bounds))
    }

    /// Every input validator's verdict on the test whose input file is `input_path` (bytes
    /// `input`), each with the arguments the test gives it ([`ProgramProblem::test_args`]):
    /// valid when all accept; the first rejection otherwise, its message prefixed with the
    /// validator's name when there are several.
    ///
    /// Errors: a validator failed (as [`ProgramProblem::run_validator`]).
    pub fn run_validators_at(
        &self,
        input_path: &Path,
        input: &[u8],
    ) -> anyhow::Result<Result<(), FormatError>> {
        let args = self.test_args(input_path);
        let several = !self.programs.validators.is_empty();
        let all = std::iter::once(("validator".to_string(), &self.programs.validator))
            .chain(self.programs.validators.iter().map(|(n, s)| (n.clone(), s)));
        for (name, spec) in all {
            let a: Vec<OsString> = args
                .input_validators
                .get(&name)
                .into_iter()
                .flatten()
                .map(OsString::from)
                .collect();
            let role = if name == "validator" {
                name.clone()
            } else {
                format!("validator `{name}`")
            };
            if let Err(mut e) = self.run_one_validator(&role, spec, input, &a)? {
                if several {
                    e.expected = format!("{role}: {}", e.expected);
                }
                return Ok(Err(e));
            }
        }
        Ok(Ok(()))
    }

    /// Runs a setter's helper program `spec` (a Kattis package's legacy custom grader, say)
    /// as the problem's other programs run (unconfined, its folder read-only, under
    /// `[programs.limits]`) with `args` and `stdin`, and returns what it wrote on stdout.
    ///
    /// Errors: it cannot be built or started, or it did not finish with exit code 0 (a limit,
    /// a crash, another exit code), naming `role`.
    pub fn run_helper(
        &self,
        role: &str,
        spec: &ProgramSpec,
        args: &[OsString],
        stdin: &[u8],
    ) -> anyhow::Result<Vec<u8>> {
        let ran = self.run(role, spec, args, stdin, None)?;
        self.finished(role, ran)
    }

    /// [`ProgramProblem::run_helper`] with `folder` as the program's working folder (a
    /// Kattis input visualizer writes its picture there): the program is started through
    /// `/bin/sh -c 'cd "$0" && exec "$@"'`. The folder must be writable; the problem's folder
    /// stays read-only. Returns its stdout.
    ///
    /// Errors: as [`ProgramProblem::run_helper`].
    pub fn run_helper_in(
        &self,
        role: &str,
        spec: &ProgramSpec,
        args: &[OsString],
        folder: &Path,
    ) -> anyhow::Result<Vec<u8>> {
        let argv = self.in_folder(role, spec, args, folder)?;
        let ran = self.run_argv(role, argv, b"", None)?;
        self.finished(role, ran)
    }

    /// The command line that runs `spec` with `args` in `folder`: through
    /// `/bin/sh -c 'cd "$0" && exec "$@"'`.
    fn in_folder(
        &self,
        role: &str,
        spec: &ProgramSpec,
        args: &[OsString],
        folder: &Path,
    ) -> anyhow::Result<Vec<OsString>> {
        let mut argv: Vec<OsString> = vec![
            "/bin/sh".into(),
            "-c".into(),
            "cd \"$0\" && exec \"$@\"".into(),
            folder.as_os_str().to_owned(),
        ];
        argv.extend(self.command(role, spec)?);
        argv.extend(args.iter().cloned());
        Ok(argv)
    }

    /// Runs a setter's program `spec` as [`ProgramProblem::run_helper_in`] does, with `stdin`,
    /// whatever its exit code (a Kattis output validator exits 42 or 43; the spec lets an
    /// output visualizer's exit code carry no meaning): what counts is what it wrote.
    ///
    /// Errors: it cannot be built or started, or it ran over a limit of `[programs.limits]`,
    /// naming `role`.
    pub fn run_helper_in_any_exit(
        &self,
        role: &str,
        spec: &ProgramSpec,
        args: &[OsString],
        stdin: &[u8],
        folder: &Path,
    ) -> anyhow::Result<()> {
        let argv = self.in_folder(role, spec, args, folder)?;
        let ran = self.run_argv(role, argv, stdin, None)?;
        match ran.result.outcome {
            Outcome::Finished | Outcome::RuntimeError(_) => Ok(()),
            _ => bail!(self.failure(role, &ran).unwrap_or_default()),
        }
    }

    /// One validator's verdict on `input` (its stdin) with `args`, `role` naming it in
    /// messages: as [`ProgramProblem::run_validator`] for one program.
    ///
    /// Errors: the validator failed (crashed, timed out, an exit code its convention does not
    /// define).
    pub fn run_one_validator(
        &self,
        role: &str,
        spec: &ProgramSpec,
        input: &[u8],
        args: &[OsString],
    ) -> anyhow::Result<Result<(), FormatError>> {
        let conv = spec.table().convention.unwrap_or_default();
        let ran = self.run(role, spec, args, input, None)?;
        let code = match ran.result.termination {
            runner::Termination::Exited(c) => c,
            runner::Termination::Signaled(_) => -1,
        };
        // Only the convention's "invalid" status means an invalid input (testlib quits with 3,
        // Kattis with 43); any other exit, a signal or a limit is the validator's own failure.
        let valid = match (&ran.result.outcome, conv, code) {
            (Outcome::Finished, Convention::Testlib, 0) => true,
            (Outcome::RuntimeError(_), Convention::Testlib, 3) => false,
            (Outcome::RuntimeError(_), Convention::Kattis, 42) => true,
            (Outcome::RuntimeError(_), Convention::Kattis, 43) => false,
            (Outcome::Finished, Convention::Kattis, 0) => bail!(
                "{} {role} (kattis convention) exited with 0; it must exit 42 (valid) or 43 \
                 (invalid)",
                self.name
            ),
            _ => {
                let what = self
                    .failure(role, &ran)
                    .unwrap_or_else(|| format!("{} {role}: exit code {code}", self.name));
                let rule = match conv {
                    Convention::Testlib => "exit 0 valid, 3 invalid",
                    Convention::Kattis => "exit 42 valid, 43 invalid",
                };
                bail!(
                    "{what} (the validator itself failed: its {} convention is {rule}, anything \
                     else is its own error)",
                    conv.name()
                )
            }
        };
        if valid {
            return Ok(Ok(()));
        }
        let msg = if ran.result.stderr_head.trim().is_empty() {
            String::from_utf8_lossy(&ran.stdout[..ran.stdout.len().min(2048)]).into_owned()
        } else {
            ran.result.stderr_head.clone()
        };
        Ok(Err(format_error(&msg)))
    }
}

/// Checks that `[interaction]` and the programs agree: an interactive problem declares an
/// interactor and only an interactive one does; a multi-pass problem is judged by a program in
/// the Kattis convention (its interactor, or for a non-interactive one its checker), the only
/// convention that can ask for another pass (`nextpass.in`).
fn check_interaction(
    origin: &str,
    config: &ProblemConfig,
    programs: &ProgramsConfig,
) -> anyhow::Result<()> {
    let i = &config.interaction;
    match (&programs.interactor, i.interactive) {
        (None, true) => bail!(
            "{origin}: [interaction] interactive = true but [programs] declares no interactor \
             (interactor = {{ source = \"interactor.cpp\", convention = \"testlib\" }})"
        ),
        (Some(_), false) => bail!(
            "{origin}: [programs] declares an interactor but the problem is not interactive \
             (add [interaction] interactive = true)"
        ),
        _ => {}
    }
    if i.multi_pass {
        let (what, a, spec) = match &programs.interactor {
            Some(s) => ("interactor", "an", s),
            None => match &programs.checker {
                Some(c) => ("checker", "a", c),
                None => bail!("{origin}: [interaction] multi_pass = true needs a checker"),
            },
        };
        let t = spec.table();
        if t.builtin.is_some() || t.convention != Some(Convention::Kattis) {
            bail!(
                "{origin}: [interaction] multi_pass = true needs {a} {what} program in the kattis \
                 convention (it writes nextpass.in in its feedback folder to ask for another \
                 pass); [programs] {what} is not one"
            );
        }
    }
    Ok(())
}

/// The number in `feedback/score.txt`, if the Kattis-convention program wrote one (the
/// specification's "Reporting additional feedback").
///
/// Errors: the file holds no number.
pub fn read_score(feedback: &Path) -> anyhow::Result<Option<f64>> {
    let path = feedback.join("score.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Some(x)),
        _ => bail!("score.txt holds `{}`, not a number", text.trim()),
    }
}

/// The first `n` lines of `s`, joined by ` | `.
fn first_lines(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().take(n).collect();
    lines.join(" | ")
}

/// A validator's message as a [`FormatError`]: the position from `line L, column C: REST`
/// (also `line L, col C`), else line 0 (no position) with the whole message.
fn format_error(msg: &str) -> FormatError {
    let msg = msg.trim();
    let first = msg.lines().next().unwrap_or("").trim();
    let parsed = (|| {
        let rest = first.split_once("line ")?.1;
        let (l, rest) = rest.split_once(',')?;
        let line: u64 = l.trim().parse().ok()?;
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("column ")
            .or_else(|| rest.strip_prefix("col "))?;
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let col: u64 = rest[..end].parse().ok()?;
        let tail = rest[end..].trim_start_matches(':').trim();
        Some((line, col, tail.to_string()))
    })();
    match parsed {
        Some((line, col, tail)) => {
            let (expected, found) = match tail.split_once(", found ") {
                Some((e, f)) => (
                    e.strip_prefix("expected ").unwrap_or(e).to_string(),
                    f.to_string(),
                ),
                None => (tail, String::new()),
            };
            FormatError {
                line,
                col,
                expected,
                found,
            }
        }
        None => FormatError {
            line: 0,
            col: 0,
            expected: if first.is_empty() {
                "(the validator gave no message)".into()
            } else {
                first_lines(msg, 3)
            },
            found: String::new(),
        },
    }
}

impl Problem for ProgramProblem {
    fn name(&self) -> &'static str {
        self.name
    }

    fn builtin_config(&self) -> &'static str {
        self.config_text
    }

    /// The bounds of [`Problem::builtin_config`], from the configuration parsed once when the
    /// problem was loaded (so that `solve` does not parse `problem.toml` again).
    fn builtin_bounds(&self, lifted: bool) -> Option<Bounds> {
        Some(if lifted {
            self.config.lifted.clone()
        } else {
            self.config.constraints.clone()
        })
    }

    fn validate(
        &self,
        input: &[u8],
        _bounds: &Bounds,
        _opts: ValidateOptions,
    ) -> Result<InputSummary, FormatError> {
        match self.validate_in_group(input, &self.config, None) {
            Ok(r) => r,
            Err(e) => Err(FormatError {
                line: 0,
                col: 0,
                expected: format!("{e:#}"),
                found: String::new(),
            }),
        }
    }

    fn validate_in_group(
        &self,
        input: &[u8],
        _config: &ProblemConfig,
        group: Option<&str>,
    ) -> anyhow::Result<Result<InputSummary, FormatError>> {
        let (verdict, log) = self.run_validator_logged(input, group, true)?;
        Ok(verdict.map(|()| {
            let mut s = summary(input);
            s.bounds_log = log.unwrap_or_default();
            s
        }))
    }

    /// The reference solution's output; for an interactive problem, whose reference is a
    /// player that talks to the interactor, the jury answer is empty (a hand-made test may
    /// still give an official answer file for the interactor).
    fn solve(&self, input: &[u8], _bounds: &Bounds) -> anyhow::Result<Vec<u8>> {
        if self.config.interaction.interactive {
            return Ok(Vec::new());
        }
        let ran = self.run("solution", &self.programs.solution, &[], input, None)?;
        let out = self.finished("reference solution", ran)?;
        Ok(out)
    }

    fn brute_force(&self, input: &[u8], _max_cells: u64) -> anyhow::Result<Option<Vec<u8>>> {
        let Some(spec) = &self.programs.brute_force else {
            return Ok(None);
        };
        let ran = self.run("brute_force", spec, &[], input, None)?;
        Ok(Some(self.finished("brute force", ran)?))
    }

    fn check(
        &self,
        input: &[u8],
        output: &mut dyn Read,
        answer: &[u8],
        _config: &ProblemConfig,
    ) -> CheckOutcome {
        if let Some((c, _)) = &self.checker {
            return c.check(output, answer);
        }
        match self.run_checker(input, output, answer, &[]) {
            Ok(o) => o,
            Err(e) => CheckOutcome::fail(format!("{e:#}")),
        }
    }

    /// The checker with the test's own arguments: the Kattis default output validator with
    /// the problem's and the test's arguments, or the checker program with them after its
    /// own (Kattis convention: `input answer feedback_dir ARGS...`).
    fn check_at(
        &self,
        input_path: &Path,
        input: &[u8],
        output: &mut dyn Read,
        answer: &[u8],
        config: &ProblemConfig,
    ) -> CheckOutcome {
        let Some(tree) = &self.tree else {
            return self.check(input, output, answer, config);
        };
        let args = self.test_args(input_path).output_validator;
        if let Some(flags) = &tree.default_output_validator {
            let all: Vec<String> = flags.iter().chain(&args).cloned().collect();
            use crate::core::output_validator::DefaultOutputValidator;
            let parsed = if tree.legacy {
                DefaultOutputValidator::from_legacy_args(&all)
            } else {
                DefaultOutputValidator::from_args(&all)
            };
            return match parsed {
                Ok(v) => v.check(output, answer),
                Err(e) => CheckOutcome::fail(format!(
                    "the default output validator's arguments {all:?}: {e:#} (judge error)"
                )),
            };
        }
        let extra = self.output_validator_args(input_path);
        match self.run_checker(input, output, answer, &extra) {
            Ok(o) => o,
            Err(e) => CheckOutcome::fail(format!("{e:#}")),
        }
    }

    fn describe_answer(&self, answer: &[u8]) -> String {
        let lines = answer.iter().filter(|&&b| b == b'\n').count()
            + usize::from(!answer.is_empty() && !answer.ends_with(b"\n"));
        let first = answer.split(|&b| b == b'\n').next().unwrap_or(b"");
        let first = String::from_utf8_lossy(first);
        let first: String = first.chars().take(16).collect();
        if lines <= 1 {
            format!("`{first}`")
        } else {
            format!("{lines} lines: `{first}`...")
        }
    }

    fn generators(&self) -> &'static [GeneratorInfo] {
        self.generator_infos
    }

    fn positional_args(&self) -> bool {
        true
    }

    fn default_stress_line(&self) -> Option<String> {
        self.programs.stress.clone()
    }

    fn generate(&self, name: &str, args: &Args, rng: &mut TestRng) -> Result<Vec<u8>, ArgError> {
        let spec = self.programs.generators.get(name).ok_or_else(|| {
            ArgError(format!("problem `{}` has no generator `{name}`", self.name))
        })?;
        let words = args.words().unwrap_or(&[]);
        let seed = Self::seed_value(rng).to_string();
        let argv: Vec<OsString> = words
            .iter()
            .map(|w| {
                if w == crate::core::args::SEED_WORD {
                    seed.clone().into()
                } else {
                    w.into()
                }
            })
            .collect();
        let role = format!("generator `{name}`");
        let ran = self
            .run(&role, spec, &argv, b"", None)
            .map_err(|e| ArgError(format!("{e:#}")))?;
        let out = self
            .finished(&role, ran)
            .map_err(|e| ArgError(format!("{e:#}")))?;
        if out.is_empty() {
            return Err(ArgError(format!(
                "{} generator `{name}` printed nothing",
                self.name
            )));
        }
        Ok(out)
    }

    fn shrink_candidates(&self, input: &[u8]) -> Vec<Vec<u8>> {
        self.shrink_candidates_iter(input).collect()
    }

    /// [`crate::core::shrink_text`]'s candidates, each passed through the normaliser when one is
    /// declared (a normalised candidate that is not smaller in [`crate::core::shrink_text::measure`]
    /// than `input`, or that the normaliser fails on, is dropped).
    fn shrink_candidates_iter<'a>(
        &'a self,
        input: &'a [u8],
    ) -> Box<dyn Iterator<Item = Vec<u8>> + 'a> {
        let cands = crate::core::shrink_text::candidates_iter(input);
        let Some(norm) = &self.programs.normaliser else {
            return Box::new(cands);
        };
        let bound = crate::core::shrink_text::measure(input);
        let mut seen = std::collections::HashSet::new();
        Box::new(
            cands
                .filter_map(move |c| {
                    let ran = self.run("normaliser", norm, &[], &c, None).ok()?;
                    let out = self.finished("normaliser", ran).ok()?;
                    (crate::core::shrink_text::measure(&out) < bound).then_some(out)
                })
                .filter(move |c| seen.insert(c.clone())),
        )
    }
}

/// The build table's summary of an input: its first line (cut at 20 characters) and its
/// size in bytes.
fn summary(input: &[u8]) -> InputSummary {
    let first = input.split(|&b| b == b'\n').next().unwrap_or(b"");
    let mut size: String = String::from_utf8_lossy(first).chars().take(20).collect();
    if first.len() > 20 {
        size.push_str("...");
    }
    InputSummary {
        size,
        cells: input.len() as u64,
        bounds_log: Default::default(),
    }
}

impl ProgramProblem {
    /// Runs the checker program on files, in its convention (see the module documentation).
    fn run_checker(
        &self,
        input: &[u8],
        output: &mut dyn Read,
        answer: &[u8],
        extra: &[OsString],
    ) -> anyhow::Result<CheckOutcome> {
        let Some(spec) = &self.programs.checker else {
            return Ok(CheckOutcome::fail(
                "the problem has no checker ([programs] checker): its interactor alone judges",
            ));
        };
        let conv = spec.table().convention.unwrap_or_default();
        let tmp = tempfile::tempdir().context("cannot create a temporary folder")?;
        let (inp, out, ans) = (
            tmp.path().join("input"),
            tmp.path().join("output"),
            tmp.path().join("answer"),
        );
        std::fs::write(&inp, input)?;
        std::fs::write(&ans, answer)?;
        let mut f = std::fs::File::create(&out)?;
        std::io::copy(output, &mut f).context("cannot read the output")?;
        drop(f);
        let ran = match conv {
            Convention::Testlib => self.run(
                "checker",
                spec,
                &[inp.into(), out.into(), ans.into()],
                b"",
                None,
            )?,
            Convention::Kattis => {
                let fb = tmp.path().join("feedback");
                std::fs::create_dir(&fb)?;
                let stdin = std::fs::read(&out)?;
                let mut args: Vec<OsString> = vec![inp.into(), ans.into(), fb.clone().into()];
                args.extend(extra.iter().cloned());
                let ran = self.run("checker", spec, &args, &stdin, None)?;
                if fb.join("nextpass.in").exists() {
                    return Ok(CheckOutcome::fail(format!(
                        "{} checker wrote nextpass.in, asking for another pass, but the problem \
                         is not multi-pass (declare [interaction] multi_pass = true): its \
                         verdict on this pass is not final (judge error)",
                        self.name
                    )));
                }
                let msg = std::fs::read_to_string(fb.join("judgemessage.txt")).unwrap_or_default();
                let code = match ran.result.termination {
                    runner::Termination::Exited(c) => c,
                    runner::Termination::Signaled(_) => -1,
                };
                let msg = first_lines(msg.trim(), 1);
                let mut o = match (&ran.result.outcome, code) {
                    (Outcome::RuntimeError(_), 42) => CheckOutcome::ac(msg),
                    (Outcome::RuntimeError(_), 43) => CheckOutcome::wa(msg),
                    _ => CheckOutcome::fail(self.unknown_exit(&ran, code)),
                };
                match read_score(&fb) {
                    Ok(s) => o.score = s,
                    Err(e) => o = CheckOutcome::fail(format!("{} checker: {e}", self.name)),
                }
                return Ok(o);
            }
        };
        let code = match ran.result.termination {
            runner::Termination::Exited(c) => c,
            runner::Termination::Signaled(_) => -1,
        };
        let msg = first_lines(ran.result.stderr_head.trim(), 1);
        let verdict = match (&ran.result.outcome, code) {
            (Outcome::Finished, 0) => Verdict::Ac,
            (Outcome::RuntimeError(_), 1) => Verdict::Wa,
            (Outcome::RuntimeError(_), 2) => Verdict::Pe,
            (Outcome::RuntimeError(_), 3) => Verdict::Fail,
            (Outcome::RuntimeError(_), 7) => Verdict::Ac,
            _ => return Ok(CheckOutcome::fail(self.unknown_exit(&ran, code))),
        };
        Ok(CheckOutcome::new(verdict, msg))
    }

    fn unknown_exit(&self, ran: &Ran, code: i32) -> String {
        self.failure("checker", ran)
            .filter(|_| !matches!(ran.result.outcome, Outcome::RuntimeError(_)) || code < 0)
            .unwrap_or_else(|| {
                format!(
                    "{} checker exited with code {code}, which its convention does not define \
                     (judge error); its stderr: {}",
                    self.name,
                    first_lines(ran.result.stderr_head.trim(), 3)
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_values_are_stable() {
        // Value stability of the `{seed}` contract: these identities must keep these seeds
        // (every locked program-problem test depends on them).
        let v = |args: &str, seed| {
            ProgramProblem::seed_value(&mut TestRng::for_test("geography", "random", args, seed))
        };
        assert_eq!(v("8 8 20 {seed}", 0), 256087045);
        assert_eq!(v("8 8 20 {seed}", 2), 138665889);
        assert_eq!(v("1000 1000 3000 {seed}", 0), 286939545);
    }

    #[test]
    fn validator_messages_give_their_position() {
        let e = format_error("line 2, column 3: expected integer in [1, 4], found 5\n");
        assert_eq!((e.line, e.col), (2, 3));
        assert_eq!(e.expected, "integer in [1, 4]");
        assert_eq!(e.found, "5");
        let e = format_error("FAIL something odd");
        assert_eq!((e.line, e.col), (0, 0));
        assert_eq!(e.to_string(), "FAIL something odd");
    }
}
