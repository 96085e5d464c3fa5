//! What the `gridjudge` commands share: printing to stdout ([`print_out`], `outln!`, `out!`,
//! a closed stdout remembered for the exit status), the limits and compile cache of the
//! commands that run programs ([`RunArgs`]), and finding problems through the library's
//! registry ([`find`], [`find_anywhere`], [`select`]).
//!
//! Uses the library only; the command files (`cli/<command>.rs`) use this file, never
//! `cli/mod.rs`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{bail, Context};
use clap::Args;
use gridjudge::exec::runner::RunLimits;
use gridjudge::exec::sandbox::{set_limits_mode, LimitsMode};
use gridjudge::judge::JudgeOptions;
use gridjudge::problem::Problem;
use gridjudge::problems::{self, Loaded};

/// Set when a write to stdout found its reader gone (`gridjudge list | head -1`). From then on
/// the command prints nothing more there but finishes its work (a build still commits, stress
/// still saves its counterexamples), and `main` exits with status 141, as a program killed by
/// SIGPIPE does. (gridjudge ignores SIGPIPE, as Rust programs do, so that a submission that
/// closes its stdin early cannot kill the judge.)
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether a write to stdout found its reader gone ([`STDOUT_CLOSED`]).
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Writes a command's result text to stdout: nothing once [`STDOUT_CLOSED`] is set (and sets
/// it on EPIPE); any other write error is the command's error.
pub fn print_out(text: std::fmt::Arguments) -> anyhow::Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    match std::io::stdout().lock().write_fmt(text) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        r => r.context("cannot write stdout"),
    }
}

/// `println!` through [`print_out`]: a failed write is an error of the command (`?`), not a
/// panic, and a closed stdout ends the printing, not the work.
macro_rules! outln {
    () => {
        $crate::cli::common::print_out(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::cli::common::print_out(format_args!("{}\n", format_args!($($arg)*)))?
    };
}
pub(crate) use outln;

/// `print!` through [`print_out`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::common::print_out(format_args!($($arg)*))?
    };
}
pub(crate) use out;

/// Limits and the compile cache, shared by `judge`, `verify` and `build --verify`.
#[derive(Args)]
pub struct RunArgs {
    /// CPU time limit per test in ms (default: problem.toml [limits] time_ms).
    #[arg(long, value_name = "MS")]
    time_limit: Option<u64>,
    /// Wall-clock limit per test in ms (default: twice the CPU limit plus 1000).
    #[arg(long, value_name = "MS")]
    wall_limit: Option<u64>,
    /// Memory limit in MiB (default: problem.toml [limits] memory_mib).
    #[arg(long, value_name = "MIB")]
    memory_limit: Option<u64>,
    /// Output cap in bytes (default: 64 MiB).
    #[arg(long, value_name = "BYTES")]
    output_limit: Option<u64>,
    /// Stack limit in MiB, 0 for unlimited (default: 64).
    #[arg(long, value_name = "MIB")]
    stack_limit: Option<u64>,
    /// Task limit: processes and threads of a run at once (default: problem.toml [limits]
    /// tasks, else 128).
    #[arg(long, value_name = "N")]
    task_limit: Option<u64>,
    /// Run the programs without the bubblewrap sandbox: unconfined, as your user, with
    /// per-process limits only. Every report then says so.
    #[arg(long)]
    no_sandbox: bool,
    /// How the sandbox limits judged programs: `tree` (CPU time, memory and tasks of the
    /// whole process tree, by a cgroup; refused when this account has none) or `per-process`
    /// (rlimits on each process: weaker, and every report line says so).
    #[arg(long, value_enum, value_name = "MODE", default_value_t = LimitsMode::Tree)]
    limits: LimitsMode,
    /// Compile cache folder (default: $XDG_CACHE_HOME/gridjudge, else ~/.cache/gridjudge).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
}

impl RunArgs {
    /// The options as command-line words, but the cache folder: what a shard's task is given
    /// so that it runs under the same limits (`cli/cluster.rs`).
    pub fn to_words(&self) -> Vec<String> {
        let mut w = Vec::new();
        let mut num = |flag: &str, v: Option<u64>| {
            if let Some(v) = v {
                w.push(format!("--{flag}={v}"));
            }
        };
        num("time-limit", self.time_limit);
        num("wall-limit", self.wall_limit);
        num("memory-limit", self.memory_limit);
        num("output-limit", self.output_limit);
        num("stack-limit", self.stack_limit);
        num("task-limit", self.task_limit);
        if self.no_sandbox {
            w.push("--no-sandbox".to_string());
        }
        if let Some(v) = clap::ValueEnum::to_possible_value(&self.limits) {
            w.push(format!("--limits={}", v.get_name()));
        }
        w
    }

    /// Judge options for the problem `loaded` (limits from its `problem.toml` unless given),
    /// with `jobs` runs at a time.
    ///
    /// Errors: the problem's `problem.toml` cannot be used ([`Loaded::config`]); a limit is 0.
    pub fn options(&self, loaded: &Loaded, jobs: usize) -> anyhow::Result<JudgeOptions> {
        set_limits_mode(self.limits);
        let cfg = loaded.config()?;
        let mut limits = RunLimits::new(
            self.time_limit.unwrap_or(cfg.limits.time_ms),
            self.memory_limit.unwrap_or(cfg.limits.memory_mib),
        );
        if let Some(w) = self.wall_limit {
            limits.wall_ms = w;
        }
        if let Some(o) = self.output_limit {
            limits.output_bytes = o;
        }
        if let Some(s) = self.stack_limit {
            limits.stack_kib = (s > 0).then(|| s.saturating_mul(1024));
        } else if let Some(s) = cfg.limits.stack_mib {
            limits.stack_kib = Some(s.saturating_mul(1024));
        }
        limits.tasks = self.task_limit.unwrap_or(cfg.limits.tasks);
        if limits.time_ms == 0
            || limits.memory_kib == 0
            || limits.output_bytes == 0
            || limits.tasks == 0
        {
            bail!("time, memory, output and task limits must be positive");
        }
        Ok(JudgeOptions {
            limits,
            jobs: jobs.max(1),
            progress: std::io::stderr().is_terminal(),
            cache_dir: self
                .cache_dir
                .clone()
                .unwrap_or_else(|| problems::default_cache_dir(&loaded.problems_dir)),
            sandbox: !self.no_sandbox,
        })
    }
}

/// The problems named on the command line (every problem of `problems_dir` when none is),
/// found at run time ([`problems::load_all`], [`problems::load`]); a program problem compiles
/// its programs into `cache` (default [`problems::default_cache_dir`]).
///
/// Errors: no problem folder in `problems_dir` (none named); an unknown or invalid problem.
pub fn select(
    problems_dir: &Path,
    names: &[String],
    cache: Option<&Path>,
) -> anyhow::Result<Vec<Loaded>> {
    select_each(problems_dir, names, cache)?
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

/// The problems folder of a command that takes problem names: when every name is a problem's
/// path ([`problems::by_path`]), the first one's parent (no search needed); else `explicit`
/// or the one found from the current folder ([`problems::problems_dir`]).
///
/// Errors: as [`problems::problems_dir`].
pub fn problems_dir_for(explicit: Option<&Path>, names: &[String]) -> anyhow::Result<PathBuf> {
    if explicit.is_none() && !names.is_empty() {
        let paths: Vec<_> = names.iter().map(|n| problems::by_path(n)).collect();
        if let Some(Some((parent, _))) = paths.first() {
            if paths.iter().all(Option::is_some) {
                return Ok(parent.clone());
            }
        }
    }
    problems::problems_dir(explicit)
}

/// [`select`], one result per problem: each name with its problem or why it cannot be loaded,
/// so that a command can go on with the others ([`problems::load_each`]).
///
/// Errors: no problem folder in `problems_dir` (none named).
pub fn select_each(
    problems_dir: &Path,
    names: &[String],
    cache: Option<&Path>,
) -> anyhow::Result<Vec<(String, anyhow::Result<Loaded>)>> {
    let cache = cache.map_or_else(
        || problems::default_cache_dir(problems_dir),
        Path::to_path_buf,
    );
    if names.is_empty() {
        let all = problems::load_each(problems_dir, &cache);
        if all.is_empty() {
            bail!(
                "{}: no problem folders (none holds a problem.toml)",
                problems_dir.display()
            );
        }
        return Ok(all);
    }
    Ok(names
        .iter()
        .map(|n| (n.clone(), problems::load(problems_dir, n, &cache)))
        .collect())
}

/// What a command with `--json` prints in every outcome: `result` as it is when it is not an
/// error (the command printed its document), else the document `partial` (an object; `{}`
/// when the command had nothing yet) with `"ok": false` and `"error"`, the error's message
/// with its causes, printed on stdout (pretty when `pretty`) before the error is returned for
/// `main` to print on stderr. Without `json`, `result` unchanged.
pub fn json_outcome(
    result: anyhow::Result<std::process::ExitCode>,
    json: bool,
    pretty: bool,
    partial: serde_json::Value,
) -> anyhow::Result<std::process::ExitCode> {
    let e = match result {
        Err(e) if json => e,
        other => return other,
    };
    let mut doc = match partial {
        serde_json::Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    doc.insert("ok".into(), false.into());
    doc.insert("error".into(), format!("{e:#}").into());
    let doc = serde_json::Value::Object(doc);
    let text = if pretty {
        serde_json::to_string_pretty(&doc)
    } else {
        serde_json::to_string(&doc)
    };
    // The document could not be printed: the command's own error says more.
    if let Ok(text) = text {
        let _ = print_out(format_args!("{text}\n"));
    }
    Err(e)
}

/// `report` as pretty JSON with `"ok": ok` added after its own fields (their order kept): the
/// success shape of a `--json` document extended so that every outcome has `ok`.
///
/// Errors: `report` cannot be serialized.
pub fn pretty_with_ok<T: serde::Serialize>(report: &T, ok: bool) -> anyhow::Result<String> {
    #[derive(serde::Serialize)]
    struct WithOk<'a, T: serde::Serialize> {
        #[serde(flatten)]
        report: &'a T,
        ok: bool,
    }
    serde_json::to_string_pretty(&WithOk { report, ok }).context("cannot print JSON")
}

/// `value` (an object) with `"ok": ok` added: the success shape of a `--json` document,
/// extended so that every outcome has `ok` ([`json_outcome`] for failures).
pub fn with_ok(mut value: serde_json::Value, ok: bool) -> serde_json::Value {
    if let Some(m) = value.as_object_mut() {
        m.insert("ok".into(), ok.into());
    }
    value
}

/// The problem called `name` with its folder and `problem.toml`, in the problems folder
/// `explicit` or the one found from the current folder up; a program problem compiles its
/// programs into `cache` (`--cache-dir`; default [`problems::default_cache_dir`]).
///
/// Errors: no problems folder; an unknown or invalid problem ([`problems::load`]).
pub fn find(name: &str, explicit: Option<&Path>, cache: Option<&Path>) -> anyhow::Result<Loaded> {
    if let Some((parent, _)) = problems::by_path(name) {
        let cache = cache.map_or_else(|| problems::default_cache_dir(&parent), Path::to_path_buf);
        return problems::load(&parent, name, &cache);
    }
    let problems_dir = problems::problems_dir(explicit)?;
    let cache = cache.map_or_else(
        || problems::default_cache_dir(&problems_dir),
        Path::to_path_buf,
    );
    problems::load(&problems_dir, name, &cache)
}

/// [`find`], except that a built-in problem is found without a problems folder (for `solve`
/// and `render`, which need no package).
///
/// Errors: [`find`]'s, unless `name` is a built-in problem and `explicit` is not given.
pub fn find_anywhere(name: &str, explicit: Option<&Path>) -> anyhow::Result<&'static dyn Problem> {
    match find(name, explicit, None) {
        Ok(l) => Ok(l.problem),
        Err(e) => match problems::by_name(name) {
            Ok(p) if explicit.is_none() => Ok(p),
            _ => Err(e),
        },
    }
}
