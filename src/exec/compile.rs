//! Languages and the compile cache: what a submission or a setter's program is (a source in
//! one of the supported languages, an executable, or a command line), how each language is
//! compiled, and [`prepare`], which compiles a source once per (compiler version, command,
//! source) into a cache folder and hands back how to run it. The sandbox session a run uses
//! is made here too ([`session`]).
//!
//! Uses the runner and sandbox beside it; knows nothing of problems.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{bail, Context};
use sha2::{Digest, Sha256};

use crate::exec::sandbox::Session;

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
    let what = format!("sandbox: {}", s.describe());
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

impl SubmissionKind {
    /// The language of the source file `path`, by its extension: `.cpp`, `.cc` or `.cxx` C++,
    /// `.c` C, `.rs` Rust, `.py` Python 3, `.java` Java (the variant holds `path`); `None` for
    /// any other extension or none. The one table from a source's extension to its language
    /// and compile command: submissions ([`Submission::from_arg`]) and the sources an export
    /// ships ([`crate::export`]) are read with it (Polygon's package names its own compiler
    /// ids, `crate::export::polygon`).
    pub fn of_source(path: &Path) -> Option<SubmissionKind> {
        let ext = path.extension()?.to_str()?;
        LANGUAGES
            .iter()
            .find(|(exts, _)| exts.contains(&ext))
            .map(|(_, make)| make(path.to_path_buf()))
    }
}

/// Makes a [`SubmissionKind`] of one language from its source's path.
type MakeKind = fn(PathBuf) -> SubmissionKind;

/// The source languages by extension, in the order help texts list them: each language's
/// extensions and its variant. [`SubmissionKind::of_source`] reads this table, and
/// [`languages_summary`] describes it for `gridjudge --help`.
const LANGUAGES: &[(&[&str], MakeKind)] = &[
    (&["cpp", "cc", "cxx"], SubmissionKind::Cpp),
    (&["c"], SubmissionKind::C),
    (&["rs"], SubmissionKind::Rust),
    (&["py"], SubmissionKind::Python),
    (&["java"], SubmissionKind::Java),
];

/// Every source language of the table, for help texts: `a .cpp/.cc/.cxx file (g++ -O2
/// -std=c++17), ..., a .py file (python3), ...`, each with its compile command
/// ([`compile_command`], without its file arguments) or `python3` for Python.
pub fn languages_summary() -> String {
    let parts: Vec<String> = LANGUAGES
        .iter()
        .map(|(exts, make)| {
            let kind = make(PathBuf::new());
            let how = match compile_command(&kind) {
                Some((compiler, args)) => {
                    let mut words = vec![compiler];
                    let mut skip = false;
                    for (i, a) in args.iter().enumerate() {
                        // Drop the file arguments and the option that takes the output.
                        if skip || a.contains('{') {
                            skip = false;
                            continue;
                        }
                        if args.get(i + 1) == Some(&"{out}") {
                            skip = true;
                            continue;
                        }
                        words.push(a);
                    }
                    words.join(" ")
                }
                None => "python3".to_string(),
            };
            let exts: Vec<String> = exts.iter().map(|e| format!(".{e}")).collect();
            format!("a {} file ({how})", exts.join("/"))
        })
        .collect();
    parts.join(", ")
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
            return match SubmissionKind::of_source(&abs) {
                Some(kind) => Ok(named(kind)),
                None if is_executable(path) => Ok(named(SubmissionKind::Executable(abs))),
                None => bail!(
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
/// A compile (a cache miss) is shown while it runs ([`crate::core::progress::task`]): a spinner
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
    let task =
        crate::core::progress::task(&format!("compiling {} ({compiler})", sub.name), progress);
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

#[cfg(test)]
mod tests {
    use super::*;

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
