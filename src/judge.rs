//! Judging submissions on a problem's tests: compile (cached), run every test under the
//! limits ([`crate::runner`]), ask the problem's checker, and report a verdict table.
//!
//! A submission is a `.cpp` / `.cc` / `.cxx` file (compiled with `g++ -O2 -std=c++17`), a
//! `.rs` file (`rustc -O --edition 2021`), an executable file, or a command line (run with
//! `/bin/sh -c`, in the fresh working directory of each test, so paths in it must be absolute).
//! Compiled programs are cached by the SHA-256 of the compiler's version, the compile command
//! and the source, in a cache folder (one per user by default, see
//! [`crate::discover::default_cache_dir`]): a source is compiled once, however often it is
//! judged.
//!
//! The verdict of a test: the runner's classification (TLE, MLE, OLE, RE, see
//! [`crate::runner`]), or, when the program finished cleanly, the checker's (AC, WA, PE; FAIL
//! when the jury's files are broken). The only thing this module knows about a problem is
//! [`Problem::check`].

use std::collections::HashMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::BufReader;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{bail, Context};
use rayon::prelude::*;
use serde::{Serialize, Serializer};
use sha2::{Digest, Sha256};

use crate::problem::{Problem, ProblemConfig};
use crate::runner::{self, Outcome, RunLimits, RunSpec};
use crate::sandbox::{Session, TrackedDir};
use crate::verdict::Verdict;

/// What reports say about runs made with `--no-sandbox`.
pub const NO_SANDBOX: &str =
    "NO SANDBOX (--no-sandbox): programs ran unconfined as the judge's user, \
     with per-process limits only";

/// The sandbox session of a judge or stress call: `Some` when `sandboxed`, with the
/// description for reports. Errors when the sandbox is wanted but unavailable (the message says
/// what is missing and how to get it, and mentions `--no-sandbox`).
pub fn session(sandboxed: bool) -> anyhow::Result<(Option<Arc<Session>>, String)> {
    if !sandboxed {
        return Ok((None, NO_SANDBOX.to_string()));
    }
    let s = Session::new()?;
    let what = format!("sandbox: {}", s.sandbox().describe());
    Ok((Some(s), what))
}

/// What a submission is and how it is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubmissionKind {
    /// C++ source, compiled with `g++ -O2 -std=c++17`.
    Cpp(PathBuf),
    /// Rust source, compiled with `rustc -O --edition 2021`.
    Rust(PathBuf),
    /// C source, compiled with `gcc -O2 -std=c11 ... -lm`.
    C(PathBuf),
    /// Python 3 source, run with `python3`.
    Python(PathBuf),
    /// Java source, compiled with `javac` and run with `java -cp DIR CLASS`, the class named
    /// as the file.
    Java(PathBuf),
    /// An executable file, run as it is.
    Executable(PathBuf),
    /// A command line, run with `/bin/sh -c`.
    Command(String),
}

/// A submission to judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Name shown in reports (the argument as given, or a path relative to a catalogue).
    pub name: String,
    /// How to build and run it.
    pub kind: SubmissionKind,
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn in_path(word: &str) -> bool {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| is_executable(&d.join(word))))
        .unwrap_or(false)
}

fn absolute(path: &Path) -> anyhow::Result<PathBuf> {
    std::path::absolute(path).with_context(|| format!("cannot resolve {}", path.display()))
}

impl Submission {
    /// Interprets a command-line argument: an existing `.cpp`/`.cc`/`.cxx` or `.rs` file, an
    /// existing executable file, or else a command line whose first word is an existing path
    /// or a program in `PATH`.
    ///
    /// Errors: an existing file that is neither a known source nor executable; a missing file
    /// that looks like a path or a source; a command whose program does not exist.
    pub fn from_arg(arg: &str) -> anyhow::Result<Submission> {
        let path = Path::new(arg);
        let named = |kind| Submission {
            name: arg.to_string(),
            kind,
        };
        if path.is_file() {
            let abs = absolute(path)?;
            return match path.extension().and_then(|e| e.to_str()) {
                Some("cpp" | "cc" | "cxx") => Ok(named(SubmissionKind::Cpp(abs))),
                Some("rs") => Ok(named(SubmissionKind::Rust(abs))),
                Some("c") => Ok(named(SubmissionKind::C(abs))),
                Some("py") => Ok(named(SubmissionKind::Python(abs))),
                Some("java") => Ok(named(SubmissionKind::Java(abs))),
                _ if is_executable(path) => Ok(named(SubmissionKind::Executable(abs))),
                _ => bail!(
                    "{arg}: not a submission (expected a .cpp, .c, .rs, .py or .java source, or an executable file)"
                ),
            };
        }
        if path.exists() {
            bail!("{arg}: not a file");
        }
        let first = arg.split_whitespace().next().unwrap_or("");
        if first.is_empty() {
            bail!("empty submission argument");
        }
        let looks_like_file = !arg.contains(char::is_whitespace)
            && (arg.contains('/') || arg.ends_with(".cpp") || arg.ends_with(".rs"));
        if looks_like_file {
            bail!("{arg}: no such file");
        }
        let found = if first.contains('/') {
            is_executable(Path::new(first))
        } else {
            in_path(first)
        };
        if !found {
            bail!("{arg}: `{first}` is neither a file nor a program in PATH");
        }
        Ok(named(SubmissionKind::Command(arg.to_string())))
    }

    /// The language, for reports: `C++`, `Rust`, `executable` or `command`.
    pub fn language(&self) -> &'static str {
        match self.kind {
            SubmissionKind::Cpp(_) => "C++",
            SubmissionKind::Rust(_) => "Rust",
            SubmissionKind::C(_) => "C",
            SubmissionKind::Python(_) => "Python 3",
            SubmissionKind::Java(_) => "Java",
            SubmissionKind::Executable(_) => "executable",
            SubmissionKind::Command(_) => "command",
        }
    }
}

/// A submission ready to run, or why it is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prepared {
    /// The command line to run.
    Ready(Vec<OsString>),
    /// Compilation failed (or the compiler could not be run); the compiler's message.
    CompileError(String),
}

/// The compile command of a source, with `{out}` and `{src}` standing for the paths: the one
/// `judge` uses and the one an export compiles a problem's programs with
/// ([`crate::export`]). `None` for what is run as it is.
pub fn compile_command(kind: &SubmissionKind) -> Option<(&'static str, Vec<&'static str>)> {
    match kind {
        SubmissionKind::Cpp(_) => Some(("g++", vec!["-O2", "-std=c++17", "-o", "{out}", "{src}"])),
        SubmissionKind::Rust(_) => Some((
            "rustc",
            vec!["-O", "--edition", "2021", "-o", "{out}", "{src}"],
        )),
        SubmissionKind::C(_) => Some((
            "gcc",
            vec!["-O2", "-std=c11", "-o", "{out}", "{src}", "-lm"],
        )),
        SubmissionKind::Java(_) => {
            Some(("javac", vec!["-encoding", "UTF-8", "-d", "{out}", "{src}"]))
        }
        _ => None,
    }
}

/// `compiler --version`, memoised per process (part of the cache key, so that a new compiler
/// does not reuse old binaries). `None` when the compiler cannot be run.
fn compiler_version(compiler: &str) -> Option<String> {
    static VERSIONS: OnceLock<Mutex<HashMap<String, Option<String>>>> = OnceLock::new();
    let map = VERSIONS.get_or_init(Default::default);
    if let Some(v) = map.lock().ok()?.get(compiler) {
        return v.clone();
    }
    let v = Command::new(compiler)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    map.lock().ok()?.insert(compiler.to_string(), v.clone());
    v
}

/// The files a C or C++ `source` (at `path`) includes with `#include "NAME"` that exist
/// beside it, and the ones they include in turn, each once, with their contents, in the order
/// found. Cost: one read per header; at most 256 headers are followed.
fn local_includes(path: &Path, source: &[u8]) -> Vec<(PathBuf, Vec<u8>)> {
    fn names(text: &[u8]) -> Vec<String> {
        text.split(|&b| b == b'\n')
            .filter_map(|line| {
                let line = String::from_utf8_lossy(line);
                let rest = line.trim_start().strip_prefix('#')?.trim_start();
                let rest = rest.strip_prefix("include")?.trim_start();
                let rest = rest.strip_prefix('"')?;
                Some(rest[..rest.find('"')?].to_string())
            })
            .collect()
    }
    let mut out: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    let mut todo: Vec<(PathBuf, String)> = names(source)
        .into_iter()
        .map(|n| (path.parent().unwrap_or(Path::new(".")).to_path_buf(), n))
        .collect();
    while let Some((dir, name)) = todo.pop() {
        let file = dir.join(&name);
        if out.len() >= 256 || out.iter().any(|(p, _)| *p == file) {
            continue;
        }
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let next = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        todo.extend(names(&bytes).into_iter().map(|n| (next.clone(), n)));
        out.push((file, bytes));
    }
    out
}

/// The Python 3 interpreter, memoised per process: `/usr/bin/python3` when it is there (the
/// sandbox shows a judged program only the system folders, so an interpreter installed
/// elsewhere, e.g. by pyenv under a home folder, cannot start in it), else the real path of
/// `python3` in `PATH` (`sys.executable`: version managers put shell-script shims first in
/// `PATH` that need the user's environment, which a judged run does not have). `None` when it
/// cannot be run.
fn python3() -> Option<PathBuf> {
    static PYTHON: OnceLock<Option<PathBuf>> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let system = Path::new("/usr/bin/python3");
            if is_executable(system) {
                return Some(system.to_path_buf());
            }
            let o = Command::new("python3")
                .args(["-c", "import sys; print(sys.executable)"])
                .output()
                .ok()
                .filter(|o| o.status.success())?;
            let path = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
            is_executable(&path).then_some(path)
        })
        .clone()
}

fn truncate_message(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.trim_end().to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n... ({} more bytes)", &s[..end], s.len() - end)
}

/// Makes `sub` runnable: sources are compiled into `cache_dir` unless a binary with the same
/// key (SHA-256 of compiler version, command and source) is there already; executables and
/// command lines need nothing. Safe to call from several processes at once (the binary is
/// renamed into place atomically).
///
/// A compile (a cache miss) is shown while it runs ([`crate::progress::task`]): a spinner
/// naming the submission when `progress` (stderr is a terminal), else one plain line on
/// stderr, `compiling <name> (<compiler>)`.
///
/// Returns [`Prepared::CompileError`] for a compile failure or a missing compiler; errors only
/// when the source cannot be read or the cache folder cannot be written.
pub fn prepare(sub: &Submission, cache_dir: &Path, progress: bool) -> anyhow::Result<Prepared> {
    let src = match &sub.kind {
        SubmissionKind::Executable(p) => return Ok(Prepared::Ready(vec![p.clone().into()])),
        SubmissionKind::Command(c) => {
            return Ok(Prepared::Ready(vec![
                "/bin/sh".into(),
                "-c".into(),
                c.clone().into(),
            ]))
        }
        SubmissionKind::Python(p) => {
            let Some(python) = python3() else {
                return Ok(Prepared::CompileError(format!(
                    "{}: cannot run `python3`; install Python 3 (Debian: apt-get install \
                     python3)",
                    sub.name
                )));
            };
            return Ok(Prepared::Ready(vec![python.into(), p.clone().into()]));
        }
        SubmissionKind::Cpp(p)
        | SubmissionKind::Rust(p)
        | SubmissionKind::C(p)
        | SubmissionKind::Java(p) => p,
    };
    let java_class = match &sub.kind {
        SubmissionKind::Java(p) => Some(
            p.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        ),
        _ => None,
    };
    let ready = |cached: PathBuf| -> Vec<OsString> {
        match &java_class {
            Some(class) => vec![
                "java".into(),
                "-cp".into(),
                cached.into_os_string(),
                class.into(),
            ],
            None => vec![cached.into()],
        }
    };
    let (compiler, template) = compile_command(&sub.kind).expect("sources have a compiler");
    let source = std::fs::read(src).with_context(|| format!("cannot read {}", src.display()))?;
    let Some(version) = compiler_version(compiler) else {
        let get = match compiler {
            "g++" => " (Debian: apt-get install g++)",
            "gcc" => " (Debian: apt-get install gcc)",
            "javac" => " (Debian: apt-get install default-jdk-headless)",
            "rustc" => " (https://rustup.rs)",
            _ => "",
        };
        return Ok(Prepared::CompileError(format!(
            "cannot run `{compiler} --version`: is {compiler} installed?{get}"
        )));
    };
    let mut h = Sha256::new();
    h.update(version.as_bytes());
    h.update([0]);
    h.update(compiler.as_bytes());
    for a in &template {
        h.update([0]);
        h.update(a.as_bytes());
    }
    h.update([0]);
    h.update(&source);
    if matches!(sub.kind, SubmissionKind::Cpp(_) | SubmissionKind::C(_)) {
        // Local headers (`#include "testlib.h"`, a setter's own) are part of the program: a
        // changed header must not reuse the old binary.
        for (path, bytes) in local_includes(src, &source) {
            h.update([0]);
            h.update(path.as_os_str().as_encoded_bytes());
            h.update([0]);
            h.update(&bytes);
        }
    }
    let key: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    std::fs::create_dir_all(cache_dir)
        .with_context(|| format!("cannot create the cache folder {}", cache_dir.display()))?;
    let cached = absolute(&cache_dir.join(&key))?;
    let built = |c: &Path| {
        if java_class.is_some() {
            c.is_dir()
        } else {
            is_executable(c)
        }
    };
    if built(&cached) {
        return Ok(Prepared::Ready(ready(cached)));
    }
    let tmp = tempfile::Builder::new()
        .prefix(".compile-")
        .tempdir_in(cache_dir)
        .with_context(|| format!("cannot create a folder in {}", cache_dir.display()))?;
    let out = tmp.path().join("program");
    let args: Vec<OsString> = template
        .iter()
        .map(|a| match *a {
            "{out}" => out.clone().into_os_string(),
            "{src}" => src.clone().into_os_string(),
            a => a.into(),
        })
        .collect();
    let task = crate::progress::task(&format!("compiling {} ({compiler})", sub.name), progress);
    let result = Command::new(compiler)
        .args(&args)
        .current_dir(tmp.path())
        .output();
    task.finish_and_clear();
    let output = match result {
        Ok(o) => o,
        Err(e) => {
            return Ok(Prepared::CompileError(format!(
                "cannot run {compiler}: {e}"
            )))
        }
    };
    if !output.status.success() || !out.exists() {
        let msg = String::from_utf8_lossy(&output.stderr);
        return Ok(Prepared::CompileError(format!(
            "{compiler} failed ({}):\n{}",
            output.status,
            truncate_message(&msg, 4000)
        )));
    }
    if let Err(e) = std::fs::rename(&out, &cached) {
        // Another process may have put the same binary (a folder for Java) there first.
        if !built(&cached) {
            return Err(e)
                .with_context(|| format!("cannot move the binary into {}", cached.display()));
        }
    }
    Ok(Prepared::Ready(ready(cached)))
}

/// One test: input and jury answer files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// Name, e.g. `07`.
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The jury answer file.
    pub answer: PathBuf,
}

/// The tests in `dir` (normally `problems/<p>/tests`): every `NAME.in` with its `NAME.ans`,
/// sorted by name (numerically when names are numbers). Errors when the folder cannot be read,
/// holds no test, or an input has no answer.
pub fn load_tests(dir: &Path) -> anyhow::Result<Vec<TestCase>> {
    let entries = std::fs::read_dir(dir).with_context(|| {
        format!(
            "cannot read {} (build the tests first: `gridjudge build <problem>`)",
            dir.display()
        )
    })?;
    let mut tests = Vec::new();
    for e in entries {
        let path = e?.path();
        if path.extension().and_then(|x| x.to_str()) != Some("in") {
            continue;
        }
        let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let answer = path.with_extension("ans");
        if !answer.is_file() {
            bail!("{}: no jury answer {}", path.display(), answer.display());
        }
        tests.push(TestCase {
            name: name.to_string(),
            input: path.clone(),
            answer,
        });
    }
    if tests.is_empty() {
        bail!(
            "no tests in {} (build them first: `gridjudge build <problem>`)",
            dir.display()
        );
    }
    tests.sort_by(|a, b| {
        match (a.name.parse::<u64>(), b.name.parse::<u64>()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => std::cmp::Ordering::Equal,
        }
        .then_with(|| a.name.cmp(&b.name))
    });
    Ok(tests)
}

/// The tests that `filter` selects: comma-separated test names (`07`), numbers (`7`) and
/// inclusive ranges of numbers (`3-9`). Errors on a malformed item or one that selects no
/// test. Order is kept as in `tests`.
pub fn filter_tests(tests: &[TestCase], filter: &str) -> anyhow::Result<Vec<TestCase>> {
    let mut keep = vec![false; tests.len()];
    for item in filter.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let num = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| anyhow::anyhow!("test filter `{item}`: `{s}` is not a test number"))
        };
        let mut hit = false;
        if let Some((a, b)) = item.split_once('-') {
            let (a, b) = (num(a)?, num(b)?);
            for (i, t) in tests.iter().enumerate() {
                if t.name.parse::<u64>().is_ok_and(|n| a <= n && n <= b) {
                    keep[i] = true;
                    hit = true;
                }
            }
        } else {
            for (i, t) in tests.iter().enumerate() {
                let same_number = matches!(
                    (t.name.parse::<u64>(), item.parse::<u64>()),
                    (Ok(x), Ok(y)) if x == y
                );
                if t.name == item || same_number {
                    keep[i] = true;
                    hit = true;
                }
            }
        }
        if !hit {
            bail!("test filter `{item}` selects no test");
        }
    }
    Ok(tests
        .iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(t, _)| t.clone())
        .collect())
}

/// Options of [`judge`].
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    /// Limits of every run.
    pub limits: RunLimits,
    /// Runs at the same time (at least 1). Timings are less reliable above 1.
    pub jobs: usize,
    /// Draw a progress bar on stderr (meant for terminals).
    pub progress: bool,
    /// Compile cache folder.
    pub cache_dir: PathBuf,
    /// Run every program in the sandbox ([`crate::sandbox`]); `false` is `--no-sandbox`.
    pub sandbox: bool,
}

fn ser_verdict<S: Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.short())
}

/// The result of one submission on one test.
#[derive(Clone, Debug, Serialize)]
pub struct TestResult {
    /// Test name.
    pub test: String,
    /// The verdict.
    #[serde(serialize_with = "ser_verdict")]
    pub verdict: Verdict,
    /// CPU time, milliseconds.
    pub time_ms: u64,
    /// Wall-clock time, milliseconds.
    pub wall_ms: u64,
    /// Peak resident memory, KiB.
    pub memory_kib: u64,
    /// The checker's message (AC / WA / PE / FAIL) or what the runner saw (TLE / MLE / OLE /
    /// RE), one line.
    pub message: String,
}

/// The results of one submission.
#[derive(Clone, Debug, Serialize)]
pub struct SubmissionReport {
    /// The submission's name.
    pub name: String,
    /// Its language ([`Submission::language`]).
    pub language: &'static str,
    /// The compiler's message when it did not compile (then `tests` is empty).
    pub compile_error: Option<String>,
    /// One result per test, in test order.
    pub tests: Vec<TestResult>,
}

impl SubmissionReport {
    /// Whether it compiled and every test is AC.
    pub fn all_accepted(&self) -> bool {
        self.compile_error.is_none() && self.tests.iter().all(|t| t.verdict == Verdict::Ac)
    }

    /// The overall verdict as judges report it: the first non-AC verdict in test order, or AC;
    /// `None` after a compile error.
    pub fn overall(&self) -> Option<Verdict> {
        if self.compile_error.is_some() {
            return None;
        }
        Some(
            self.tests
                .iter()
                .map(|t| t.verdict)
                .find(|v| *v != Verdict::Ac)
                .unwrap_or(Verdict::Ac),
        )
    }

    /// One summary line, e.g.
    /// `sol.cpp: WA (first on test 07); 47 tests: AC 40, WA 7; max time 12 ms, max memory 3520 KiB`.
    pub fn summary(&self) -> String {
        if let Some(e) = &self.compile_error {
            let first = e.lines().next().unwrap_or("");
            return format!("{}: compile error ({first})", self.name);
        }
        let mut counts: Vec<(Verdict, usize)> = Vec::new();
        for t in &self.tests {
            match counts.iter_mut().find(|(v, _)| *v == t.verdict) {
                Some((_, n)) => *n += 1,
                None => counts.push((t.verdict, 1)),
            }
        }
        counts.sort();
        let counts: Vec<String> = counts.iter().map(|(v, n)| format!("{v} {n}")).collect();
        let overall = self.overall().unwrap_or(Verdict::Fail);
        let first = self
            .tests
            .iter()
            .find(|t| t.verdict != Verdict::Ac)
            .map(|t| format!(" (first on test {})", t.test))
            .unwrap_or_default();
        let max_ms = self.tests.iter().map(|t| t.time_ms).max().unwrap_or(0);
        let max_kib = self.tests.iter().map(|t| t.memory_kib).max().unwrap_or(0);
        format!(
            "{}: {overall}{first}; {} tests: {}; max time {max_ms} ms, max memory {max_kib} KiB",
            self.name,
            self.tests.len(),
            counts.join(", ")
        )
    }
}

/// Everything [`judge`] found.
#[derive(Clone, Debug, Serialize)]
pub struct JudgeReport {
    /// Problem name.
    pub problem: String,
    /// The limits used.
    pub limits: RunLimits,
    /// Runs at the same time.
    pub jobs: usize,
    /// How the programs ran: the sandbox's description ([`crate::sandbox::Sandbox::describe`])
    /// or [`NO_SANDBOX`].
    pub isolation: String,
    /// Test names, in order.
    pub tests: Vec<String>,
    /// One report per submission, in the order given.
    pub submissions: Vec<SubmissionReport>,
}

impl JudgeReport {
    /// Whether every submission compiled and got AC on every test.
    pub fn all_accepted(&self) -> bool {
        self.submissions.iter().all(SubmissionReport::all_accepted)
    }

    /// The report as pretty-printed JSON (the shape of the [`Serialize`] derive: `problem`,
    /// `limits`, `jobs`, `tests`, `submissions[]` with `name`, `language`, `compile_error`,
    /// `tests[]` of `test`, `verdict`, `time_ms`, `wall_ms`, `memory_kib`, `message`).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The human-readable table: per submission one line per test, then its summary line.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.isolation);
        let _ = writeln!(
            s,
            "problem {}: {} test(s); limits: CPU {} ms, wall {} ms, memory {} KiB, output {} bytes, stack {}, tasks {}",
            self.problem,
            self.tests.len(),
            self.limits.time_ms,
            self.limits.wall_ms,
            self.limits.memory_kib,
            self.limits.output_bytes,
            self.limits
                .stack_kib
                .map(|k| format!("{k} KiB"))
                .unwrap_or_else(|| "unlimited".into()),
            self.limits.tasks
        );
        for sub in &self.submissions {
            let _ = writeln!(s, "== {} ({})", sub.name, sub.language);
            if let Some(e) = &sub.compile_error {
                let _ = writeln!(s, "compile error:\n{e}");
            } else {
                let _ = writeln!(
                    s,
                    "{:<6} {:<7} {:>8} {:>8} {:>11}  message",
                    "test", "verdict", "cpu ms", "wall ms", "memory KiB"
                );
                for t in &sub.tests {
                    let _ = writeln!(
                        s,
                        "{:<6} {:<7} {:>8} {:>8} {:>11}  {}",
                        t.test, t.verdict, t.time_ms, t.wall_ms, t.memory_kib, t.message
                    );
                }
            }
            let _ = writeln!(s, "{}", sub.summary());
        }
        if self.jobs > 1 {
            let _ = writeln!(
                s,
                "note: {} runs at a time; timings are less reliable than with -j 1",
                self.jobs
            );
        }
        let ok = self.submissions.iter().filter(|x| x.all_accepted()).count();
        let _ = writeln!(
            s,
            "summary: {ok} of {} submission(s) accepted on all {} test(s)",
            self.submissions.len(),
            self.tests.len()
        );
        s
    }
}

/// The verdict of a run that the runner stopped or saw fail (TLE, MLE, OLE, RE) with its
/// message (the limit, the measured figure, the first non-empty line of stderr), or `None`
/// when the program finished normally and the checker must decide.
pub fn stopped_verdict(r: &runner::RunResult, limits: &RunLimits) -> Option<(Verdict, String)> {
    let stderr_line = r
        .stderr_head
        .lines()
        .find(|l| !l.trim().is_empty())
        .map(|l| format!("; stderr: {}", crate::verdict::one_line(l)))
        .unwrap_or_default();
    match &r.outcome {
        Outcome::Finished => None,
        Outcome::TimeLimit => {
            let how = match r.killed {
                Some(runner::KillReason::WallTime) => "wall-clock limit reached",
                _ => "CPU time limit exceeded",
            };
            Some((
                Verdict::Tle,
                format!("{how} (CPU {} ms, wall {} ms)", r.cpu_ms, r.wall_ms),
            ))
        }
        Outcome::MemoryLimit => Some((
            Verdict::Mle,
            format!(
                "memory limit exceeded (peak {} KiB, limit {} KiB){stderr_line}",
                r.peak_kib, limits.memory_kib
            ),
        )),
        Outcome::OutputLimit => Some((
            Verdict::Ole,
            format!("output reached the cap of {} bytes", limits.output_bytes),
        )),
        Outcome::RuntimeError(what) => Some((Verdict::Re, format!("{what}{stderr_line}"))),
    }
}

/// Runs one prepared program on one test and decides the verdict.
fn judge_one(
    problem: &dyn Problem,
    config: &ProblemConfig,
    argv: &[OsString],
    test: &TestCase,
    limits: &RunLimits,
    session: Option<&Arc<Session>>,
) -> TestResult {
    let result = |verdict, r: Option<&runner::RunResult>, message: String| TestResult {
        test: test.name.clone(),
        verdict,
        time_ms: r.map_or(0, |r| r.cpu_ms),
        wall_ms: r.map_or(0, |r| r.wall_ms),
        memory_kib: r.map_or(0, |r| r.peak_kib),
        message,
    };
    let fail = |what: String| result(Verdict::Fail, None, what);
    let input = match std::fs::read(&test.input) {
        Ok(b) => b,
        Err(e) => {
            return fail(format!(
                "judge error: cannot read {}: {e}",
                test.input.display()
            ))
        }
    };
    let answer = match std::fs::read(&test.answer) {
        Ok(b) => b,
        Err(e) => {
            return fail(format!(
                "judge error: cannot read {}: {e}",
                test.answer.display()
            ))
        }
    };
    let dir = match TrackedDir::new("gridjudge-out-") {
        Ok(d) => d,
        Err(e) => return fail(format!("judge error: {e:#}")),
    };
    let stdout = dir.path().join("stdout");
    let spec = RunSpec {
        argv: argv.to_vec(),
        stdin: test.input.clone(),
        stdout: stdout.clone(),
        stderr: Some(dir.path().join("stderr")),
        limits: *limits,
        work_parent: Some(dir.path().to_path_buf()),
        sandbox: session.cloned(),
    };
    let r = match runner::run(&spec) {
        Ok(r) => r,
        Err(e) => return fail(format!("judge error: {e:#}")),
    };
    let mut strays = if r.stray_processes > 0 {
        format!(
            " [{} process(es) of the group could not be reaped]",
            r.stray_processes
        )
    } else {
        String::new()
    };
    if r.task_limit_hits > 0 {
        let _ = write!(
            strays,
            " [task limit of {} reached {} time(s)]",
            limits.tasks, r.task_limit_hits
        );
    }
    let mut verdict = match stopped_verdict(&r, limits) {
        Some((v, message)) => result(v, Some(&r), message),
        None => {
            let file = match std::fs::File::open(&stdout) {
                Ok(f) => f,
                Err(e) => return fail(format!("judge error: cannot read the output: {e}")),
            };
            let o = problem.check(&input, &mut BufReader::new(file), &answer, config);
            result(o.verdict, Some(&r), o.message)
        }
    };
    verdict.message.push_str(&strays);
    verdict
}

/// Judges every submission on every test: prepares (compiles) each submission once, then runs
/// the (submission, test) pairs on `opts.jobs` threads. A submission that does not compile gets
/// a compile error and no test results.
///
/// Cost: one process per (submission, test); each run takes at most the wall-clock limit plus
/// the time to kill and reap its process group.
///
/// Errors: the sandbox is wanted but unavailable, a source cannot be read, the cache folder
/// cannot be written, or the worker threads cannot start. Problems of a single run are verdicts (FAIL for the judge's own failures).
pub fn judge(
    problem: &dyn Problem,
    config: &ProblemConfig,
    submissions: &[Submission],
    tests: &[TestCase],
    opts: &JudgeOptions,
) -> anyhow::Result<JudgeReport> {
    let (session, isolation) = session(opts.sandbox)?;
    let mut prepared = Vec::with_capacity(submissions.len());
    for sub in submissions {
        prepared.push(
            prepare(sub, &opts.cache_dir, opts.progress)
                .with_context(|| format!("cannot prepare {}", sub.name))?,
        );
    }
    let work: Vec<(usize, usize)> = prepared
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Prepared::Ready(_)))
        .flat_map(|(s, _)| (0..tests.len()).map(move |t| (s, t)))
        .collect();
    let bar = crate::progress::bar(work.len() as u64, "runs", opts.progress);
    let run_all = || -> Vec<TestResult> {
        work.par_iter()
            .map(|&(s, t)| {
                let Prepared::Ready(argv) = &prepared[s] else {
                    unreachable!("only ready submissions are in the work list")
                };
                let r = judge_one(
                    problem,
                    config,
                    argv,
                    &tests[t],
                    &opts.limits,
                    session.as_ref(),
                );
                bar.set_message(format!("{} test {}", submissions[s].name, tests[t].name));
                bar.inc(1);
                r
            })
            .collect()
    };
    let results = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.max(1))
        .build()
        .context("cannot start worker threads")?
        .install(run_all);
    bar.finish_and_clear();
    let mut results = results.into_iter();
    let reports = submissions
        .iter()
        .zip(&prepared)
        .map(|(sub, p)| SubmissionReport {
            name: sub.name.clone(),
            language: sub.language(),
            compile_error: match p {
                Prepared::CompileError(e) => Some(e.clone()),
                Prepared::Ready(_) => None,
            },
            tests: match p {
                Prepared::Ready(_) => results.by_ref().take(tests.len()).collect(),
                Prepared::CompileError(_) => Vec::new(),
            },
        })
        .collect();
    Ok(JudgeReport {
        problem: problem.name().to_string(),
        limits: opts.limits,
        jobs: opts.jobs.max(1),
        isolation,
        tests: tests.iter().map(|t| t.name.clone()).collect(),
        submissions: reports,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn local_headers_are_found_transitively() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        std::fs::write(d.join("a.h"), "#include \"b.h\"\nint a;\n").unwrap();
        std::fs::write(d.join("b.h"), "int b;\n").unwrap();
        let src = b"#include <cstdio>\n  # include \"a.h\"\n#include \"missing.h\"\n";
        let found = super::local_includes(&d.join("x.cpp"), src);
        let names: Vec<_> = found
            .iter()
            .map(|(p, _)| p.file_name().unwrap().to_owned())
            .collect();
        assert_eq!(names, ["a.h", "b.h"]);
        assert_eq!(found[1].1, b"int b;\n");
    }

    use super::*;

    fn names(n: &[&str]) -> Vec<TestCase> {
        n.iter()
            .map(|s| TestCase {
                name: s.to_string(),
                input: PathBuf::from(format!("{s}.in")),
                answer: PathBuf::from(format!("{s}.ans")),
            })
            .collect()
    }

    #[test]
    fn filters_select_names_numbers_and_ranges() {
        let t = names(&["01", "02", "03", "04", "10"]);
        let pick = |f: &str| -> Vec<String> {
            filter_tests(&t, f)
                .unwrap()
                .into_iter()
                .map(|t| t.name)
                .collect()
        };
        assert_eq!(pick("2"), ["02"]);
        assert_eq!(pick("04,01"), ["01", "04"]);
        assert_eq!(pick("2-3, 10"), ["02", "03", "10"]);
        assert!(filter_tests(&t, "11").is_err());
        assert!(filter_tests(&t, "a-3").is_err());
    }

    #[test]
    fn submission_arguments() {
        assert!(Submission::from_arg("no/such/file.cpp").is_err());
        assert!(Submission::from_arg("missing.rs").is_err());
        assert!(Submission::from_arg("surely-not-a-program-xyz --flag").is_err());
        let c = Submission::from_arg("cat -").unwrap();
        assert_eq!(c.kind, SubmissionKind::Command("cat -".into()));
        assert_eq!(c.language(), "command");
    }
}
