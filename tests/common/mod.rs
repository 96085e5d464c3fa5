//! Test machinery shared by the integration tests of both problems (`game` and `bunny`).
//!
//! Each test file that needs it declares `mod common;`, so every test crate compiles this
//! module on its own and uses only part of it: hence the blanket `dead_code` allowance.
//!
//! * [`cpp`]: compiling C++ checkers and validators (a list of builds: source, flags, headers)
//!   and running them under a watchdog and an optional memory cap, with a small thread pool;
//! * [`mirror`]: a problem's C++ validator and checker against gridjudge's own, every build of
//!   them, driven by a per-problem [`mirror::Model`];
//! * [`checker`]: a streaming garbage reader, hostile tokens and outputs, an output-format
//!   model's building blocks, outcome assertions and a verdict tally;
//! * [`validator`]: loading a problem's validator corpus and its `expected.toml`, and the
//!   checks every corpus gets;
//! * [`kattis_cases`]: generated (answer, output) cases for the Kattis default output
//!   validator;
//! * [`mask`]: masking measured numbers, the sandbox's machine details and temporary folders
//!   in a command's output (golden outputs, the docs' promised outputs).

#![allow(dead_code)]

pub mod checker;
pub mod cpp;
pub mod kattis_cases;
pub mod mask;
pub mod mirror;
pub mod tools;
pub mod validator;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::sync::{Mutex, OnceLock};

use rayon::prelude::*;

use gridjudge::core::args::Args;
use gridjudge::core::files::sha256_hex;
use gridjudge::package::{build_test, test_name, BuiltTest, Lock, Manifest};
use gridjudge::problem::{self, Problem, ProblemConfig};

/// Mazes of `game` that several test files use.
pub mod game {
    /// The official sample (`problems/game/samples/sample1.in`).
    pub const SAMPLE: &str = "3 3\n.##\n...\n#.#\n";
    /// Its jury answer.
    pub const SAMPLE_ANS: &str = "WIN\n2 3\n3 2\n";
    /// A 2x2 open maze: its free cells have a perfect matching, so the answer is LOSE.
    pub const LOSE_MAZE: &str = "2 2\n..\n..\n";

    use super::checker::Segment;

    /// The open 99x99 maze (its answer: the 4901 cells with row + column even).
    pub fn open_99() -> String {
        format!("99 99\n{}", format!("{}\n", ".".repeat(99)).repeat(99))
    }

    /// The lines of an answer, split into tokens.
    pub fn answer_lines(ans: &[u8]) -> Vec<Vec<Vec<u8>>> {
        ans.split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| l.split(|&b| b == b' ').map(<[u8]>::to_vec).collect())
            .collect()
    }

    /// A 200 MB output made on the fly from a WIN answer: its cells in reverse order, about
    /// 20 KB of white space before each token.
    pub fn padded_reversed(answer: &[u8]) -> Vec<Segment> {
        let lines: Vec<&[u8]> = answer
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        let mut tokens = vec![lines[0]];
        for l in lines[1..].iter().rev() {
            tokens.extend(l.split(|&b| b == b' '));
        }
        let pad = 200_000_000 / tokens.len() as u64;
        let mut segments = Vec::new();
        for t in tokens {
            segments.push(Segment::Repeat(b"  \n\t \r\n".to_vec(), pad));
            segments.push(Segment::Bytes(t.to_vec()));
        }
        segments
    }
}

/// The registered problem called `name`.
pub fn problem(name: &str) -> &'static dyn Problem {
    gridjudge::problems::by_name(name).unwrap()
}

/// The registered problem `game` (the module [`game`] holds its mazes).
pub fn game() -> &'static dyn Problem {
    problem("game")
}

/// The registered problem `bunny`.
pub fn bunny() -> &'static dyn Problem {
    problem("bunny")
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

/// The official sample file `file` of `problem`, from the shared folder beside the repository
/// (`../shared/problems/samples/<problem>/<file>`, which CI has beside its clone). When it is
/// missing: `None`, after [`tools::skip_or_fail`] says what is not compared (a failure in CI).
/// Any other read error panics.
#[track_caller]
pub fn official_sample(problem: &str, file: &str, unchecked: &str) -> Option<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/problems/samples")
        .join(problem)
        .join(file);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            tools::skip_or_fail(&format!(
                "{} is missing (the shared folder beside the repository): {unchecked}",
                path.display()
            ));
            None
        }
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// The problems that ship C++ testlib sources (`problems/<p>/testlib/checker.cpp`), by name.
pub fn testlib_problems() -> Vec<String> {
    let root = problem_dir("");
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|p| root.join(p).join("testlib/checker.cpp").is_file())
        .collect();
    names.sort();
    assert!(names.len() >= 2, "{names:?}");
    names
}

/// Runs this build's `gridjudge` with `args` and an empty stdin.
pub fn gridjudge<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    gridjudge_with(args, b"")
}

/// Runs this build's `gridjudge` with `args`, `stdin` written to its standard input.
pub fn gridjudge_with<S: AsRef<std::ffi::OsStr>>(args: &[S], stdin: &[u8]) -> Output {
    run_with(env!("CARGO_BIN_EXE_gridjudge"), args, stdin)
}

/// Runs the program `exe` with `args`, `stdin` written to its standard input.
pub fn run_with<S: AsRef<std::ffi::OsStr>>(exe: &str, args: &[S], stdin: &[u8]) -> Output {
    let mut child = std::process::Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that exits without reading all of it breaks the pipe: not an error here.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin);
    child.wait_with_output().unwrap()
}

/// Runs the program `exe` with `args`, stdin from the file `stdin`, and a stdout whose reader
/// has gone: the read end of the pipe is closed before the program starts, so its first write
/// there fails (EPIPE).
pub fn with_closed_stdout(exe: &str, args: &[&str], stdin: &Path) -> Output {
    use std::os::fd::{FromRawFd, OwnedFd};
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors were just opened by pipe(2), and nothing else owns them.
    let (reader, writer) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(reader);
    std::process::Command::new(exe)
        .args(args)
        .stdin(std::fs::File::open(stdin).unwrap())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// The stdout and stderr of a run, for a failure message.
pub fn text(o: &Output) -> String {
    let (out, err) = (&o.stdout, &o.stderr);
    let (out, err) = (String::from_utf8_lossy(out), String::from_utf8_lossy(err));
    format!("stdout:\n{out}\nstderr:\n{err}")
}

/// A manifest of `game`: its sample 1 (official answer, `sample = true`), then a test per
/// generator line and seed.
pub fn game_manifest(gens: &[(&str, u64)]) -> String {
    let mut m = String::from("[[test]]\nfile = \"samples/sample1.in\"\n");
    m += "answer = \"samples/sample1.ans\"\nsample = true\n";
    for (line, seed) in gens {
        m += &format!("\n[[test]]\ngen = \"{line}\"\nseed = {seed}\n");
    }
    m
}

/// `p` as text, for a command line.
pub fn utf8(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// The stdout of a run that must have succeeded (else a panic showing its status, stdout and
/// stderr).
#[track_caller]
pub fn ok(o: &Output) -> String {
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{}\n{stdout}\n{stderr}", o.status);
    stdout
}

/// `dir` as a small copy of `problems/game`: its problem.toml and sample 1, the files `more`
/// (paths under `problems/game`), and `manifest` as manifest.toml. Returns `dir`.
pub fn small_game(dir: &Path, manifest: &str, more: &[&str]) -> PathBuf {
    let files = ["problem.toml", "samples/sample1.in", "samples/sample1.ans"];
    for f in files.iter().chain(more) {
        let to = dir.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(problem_dir("game").join(f), to).unwrap();
    }
    std::fs::write(dir.join("manifest.toml"), manifest).unwrap();
    dir.to_path_buf()
}

/// Asserts that the problem folder `dir` (a small copy of `game`) holds nothing but the
/// package and its sources: `tests` a link to the one build folder, no leftover of an earlier
/// or interrupted build.
pub fn assert_clean(dir: &Path) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".builds",
            "manifest.toml",
            "problem.toml",
            "samples",
            "tests",
            "tests.lock"
        ],
        "leftovers in {}",
        dir.display()
    );
    let current = std::fs::read_link(dir.join("tests")).unwrap();
    let mut builds: Vec<String> = std::fs::read_dir(dir.join(".builds"))
        .unwrap()
        .map(|e| format!(".builds/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    builds.sort();
    let mut want = vec![
        ".builds/.lock".to_string(),
        current.to_string_lossy().into_owned(),
    ];
    want.sort();
    assert_eq!(builds, want, "leftover build folders in {}", dir.display());
}

/// Copies the problem folder `src` into `dst` without build output (`tests/`, `report/`) and
/// dot files.
pub fn copy_problem(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        let name = e.file_name();
        let n = name.to_string_lossy();
        if n == "tests" || n == "report" || n.starts_with('.') {
            continue;
        }
        if e.file_type().unwrap().is_dir() {
            copy_problem(&e.path(), &dst.join(&name));
        } else {
            std::fs::copy(e.path(), dst.join(&name)).unwrap();
        }
    }
}

/// The tests of `problems/<name>/manifest.toml`, built in memory as `gridjudge build` builds
/// them (validated, solved, cross-checked) and checked against the committed `tests.lock`, in
/// manifest order. `problems/<name>/tests/` is build output, absent from a fresh clone, so
/// tests must not read it. Built once per test binary and problem.
pub fn package_tests(name: &str) -> &'static [BuiltTest] {
    type Cell = &'static OnceLock<Vec<BuiltTest>>;
    static BUILT: OnceLock<Mutex<HashMap<String, Cell>>> = OnceLock::new();
    let cell: Cell = BUILT
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(name.to_string())
        .or_insert_with(|| Box::leak(Box::default()));
    cell.get_or_init(|| {
        let p = problem(name);
        let dir = problem_dir(name);
        let cfg = ProblemConfig::load(p, Some(&dir.join("problem.toml"))).unwrap();
        let manifest = Manifest::load(&dir.join("manifest.toml")).unwrap();
        let count = manifest.tests.len();
        let tests: Vec<BuiltTest> = manifest
            .tests
            .par_iter()
            .enumerate()
            .map(|(i, spec)| build_test(p, &cfg, &dir, test_name(i, count), spec).unwrap())
            .collect();
        let lock = Lock::load(&dir.join("tests.lock")).unwrap().unwrap();
        assert_eq!(
            lock.tests.len(),
            tests.len(),
            "{name}: tests.lock and manifest"
        );
        for (t, l) in tests.iter().zip(&lock.tests) {
            assert_eq!(
                (&sha256_hex(&t.input), &sha256_hex(&t.answer)),
                (&l.input, &l.answer),
                "{name} test {}: differs from tests.lock",
                t.name
            );
        }
        tests
    })
}
