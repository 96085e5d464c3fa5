//! Bad programs of a program problem get clear errors through the `gridjudge` binary, never a
//! panic or a half-written package: a generator that crashes, loops, floods its output or
//! memory, prints nothing, is not deterministic or writes an input the validator rejects; a
//! missing compiler; a reference solution that crashes or times out; a source that does not
//! compile; a checker that exits with a code its convention does not define. Each error names
//! the program and the test, and `build` writes nothing (no `tests/`, no `tests.lock`).
//!
//! Each case is a small problem `p` in a temporary folder, its programs in Python (and C++ where
//! a compiler is the point), with tight `[programs.limits]`.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const PROBLEM_TOML: &str = r#"name = "p"
title = "Twice a number"

[limits]
time_ms = 1000
memory_mib = 256

[programs]
generators = { gen = "gen.py", bad = "BAD" }
validator = { source = "val.py", convention = "testlib" }
solution = "sol.py"
checker = CHECKER

[programs.limits]
time_ms = 1000
memory_mib = 128
output_mib = 1
"#;

/// One number N in [1, 100] on a line (a testlib-convention validator in Python).
const VALIDATOR: &str = include_str!("fixtures/validator_n_1_100.py");

const MANIFEST: &str = "[[test]]\ngen = \"gen 5\"\n\n[[test]]\ngen = \"bad 7\"\n";

/// A temporary problems folder with problem `p`: the generator `bad` is the file `bad` (its
/// name, e.g. `bad.py`) with text `bad_text`; `checker` is the `checker =` value.
fn problem(bad: &str, bad_text: &str, checker: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    fs::create_dir_all(&dir).unwrap();
    let toml = PROBLEM_TOML.replace("BAD", bad).replace("CHECKER", checker);
    fs::write(dir.join("problem.toml"), toml).unwrap();
    fs::write(dir.join("gen.py"), "import sys\nprint(sys.argv[1])\n").unwrap();
    fs::write(dir.join(bad), bad_text).unwrap();
    fs::write(dir.join("val.py"), VALIDATOR).unwrap();
    fs::write(dir.join("sol.py"), "print(2 * int(input()))\n").unwrap();
    fs::write(dir.join("manifest.toml"), MANIFEST).unwrap();
    tmp
}

const TOKENS: &str = r#"{ builtin = "tokens" }"#;

fn gridjudge(root: &Path, args: &[&str], path: Option<&Path>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gridjudge"));
    c.args(args)
        .arg("--problems-dir")
        .arg(root)
        .arg("--cache-dir")
        .arg(cache_dir())
        .stdin(Stdio::null());
    if let Some(p) = path {
        c.env("PATH", p);
    }
    c.output().unwrap()
}

/// Compiled programs, shared by the tests of this file.
fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-program-errors-cache")
}

/// Runs `gridjudge build p` (with `PATH` = `path` when given) and returns its stderr, after
/// checking that it failed without a panic and wrote nothing.
fn build_fails(tmp: &tempfile::TempDir, path: Option<&Path>) -> String {
    let o = gridjudge(tmp.path(), &["build", "p"], path);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let dir = tmp.path().join("p");
    assert!(!dir.join("tests").exists(), "tests/ written: {err}");
    assert!(
        !dir.join("tests.lock").exists(),
        "tests.lock written: {err}"
    );
    // `.builds/` may hold the build lock's file, and nothing else.
    if let Ok(rd) = fs::read_dir(dir.join(".builds")) {
        let names: Vec<String> = rd
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            names.iter().all(|n| n == ".lock"),
            "{names:?} written: {err}"
        );
    }
    assert!(err.contains("nothing written"), "{err}");
    err
}

/// `err` names the test of the bad generator and says each of `fragments`.
#[track_caller]
fn says(err: &str, fragments: &[&str]) {
    for f in fragments {
        assert!(err.contains(f), "{f:?} not in:\n{err}");
    }
}

const BAD_TEST: &str = "p test 02 (gen bad 7 seed=0)";

#[test]
fn a_generator_that_crashes_is_named_with_its_exit_code_and_stderr() {
    let tmp = problem(
        "bad.py",
        "import sys\nsys.stderr.write('cannot go on\\n')\nsys.exit(7)\n",
        TOKENS,
    );
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "generator `bad` failed: exit code 7",
            "cannot go on",
        ],
    );
    // The good test is not blamed.
    assert!(!err.contains("p test 01"), "{err}");
}

#[test]
fn a_generator_that_loops_runs_over_the_time_limit() {
    let tmp = problem("bad.py", "while True:\n    pass\n", TOKENS);
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "generator `bad` ran over the time limit of 1000 ms ([programs.limits] time_ms)",
        ],
    );
}

#[test]
fn a_generator_that_floods_its_output_runs_over_the_output_limit() {
    let tmp = problem(
        "bad.py",
        "import sys\nwhile True:\n    sys.stdout.write('7' * 65536)\n",
        TOKENS,
    );
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "generator `bad` wrote more than 1 MiB ([programs.limits] output_mib)",
        ],
    );
}

#[test]
fn a_generator_that_floods_memory_runs_over_the_memory_limit() {
    // Python: a MemoryError under the address-space cap.
    let tmp = problem("bad.py", "a = bytearray(1 << 30)\nprint(len(a))\n", TOKENS);
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "generator `bad` ran over the memory limit of 128 MiB ([programs.limits] memory_mib)",
        ],
    );
    // C++: memory touched page by page.
    let tmp = problem(
        "bad.cpp",
        "#include <cstdio>\n#include <vector>\nint main() {\n  std::vector<char> v(size_t(1) << \
         30, 1);\n  std::printf(\"%d\\n\", int(v[12345]));\n}\n",
        TOKENS,
    );
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "generator `bad` ran over the memory limit of 128 MiB",
        ],
    );
}

#[test]
fn a_generator_that_prints_nothing_is_named() {
    let tmp = problem("bad.py", "import sys\n", TOKENS);
    let err = build_fails(&tmp, None);
    says(&err, &[BAD_TEST, "generator `bad` printed nothing"]);
}

#[test]
fn a_generator_that_is_not_deterministic_is_named_with_its_line() {
    let tmp = problem(
        "bad.py",
        // Two runs are a process start apart, so the full nanosecond clock always differs
        // (a value reduced modulo a small number collides now and then).
        "import time\nprint(time.time_ns())\n",
        TOKENS,
    );
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "generator line `bad 7` is not deterministic: two runs gave different bytes",
        ],
    );
}

#[test]
fn an_input_the_validator_rejects_is_named_with_the_position() {
    let tmp = problem("bad.py", "print(0)\n", TOKENS);
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "input does not validate: line 1, column 1: expected integer N in [1, 100], found '0'",
        ],
    );
}

#[test]
fn a_source_that_does_not_compile_shows_the_compiler_message() {
    let tmp = problem(
        "bad.cpp",
        "int main() { return undeclared_name; }\n",
        TOKENS,
    );
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            BAD_TEST,
            "generator `bad` (bad.cpp): cannot compile: g++ failed",
            "bad.cpp:1:21: error:",
            "undeclared_name",
        ],
    );
}

/// The real path of `python3` (not a version manager's shim, which needs more of `PATH`).
fn real_python3() -> PathBuf {
    let o = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 is needed");
    PathBuf::from(String::from_utf8(o.stdout).unwrap().trim())
}

#[test]
fn a_missing_compiler_is_named_with_how_to_get_it() {
    let tmp = problem(
        "bad.cpp",
        "#include <cstdio>\nint main() { std::puts(\"7\"); }\n",
        TOKENS,
    );
    // A PATH with Python 3 and nothing else: no g++.
    let bin = tmp.path().join("bin");
    fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(real_python3(), bin.join("python3")).unwrap();
    let err = build_fails(&tmp, Some(&bin));
    says(
        &err,
        &[
            BAD_TEST,
            "generator `bad` (bad.cpp): C++: cannot run `g++ --version`: is g++ installed? \
             (Debian: `apt-get install g++`)",
        ],
    );
    assert!(!err.contains("cannot compile"), "{err}");
}

#[test]
fn a_reference_that_crashes_or_times_out_is_named() {
    let tmp = problem("bad.py", "print(3)\n", TOKENS);
    let sol = tmp.path().join("p/sol.py");
    fs::write(&sol, "raise SystemExit('the reference gave up')\n").unwrap();
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            "2 test(s) failed",
            // The same failure on both tests is given once.
            "p test 01 (gen gen 5 seed=0) and 1 other test(s) (02): p reference solution \
             failed: exit code 1; its stderr: the reference gave up",
        ],
    );
    fs::write(&sol, "while True:\n    pass\n").unwrap();
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            "p reference solution ran over the time limit of 1000 ms ([programs.limits] time_ms)",
            "and 1 other test(s) (02)",
        ],
    );
}

/// A testlib-convention checker that exits with 5: FAIL naming the checker, in `build` (the
/// self-check of the jury answer) and in `judge`, test by test.
#[test]
fn a_checker_with_an_unknown_exit_code_is_fail_naming_it() {
    let checker = r#"{ source = "chk.py", convention = "testlib" }"#;
    let tmp = problem("bad.py", "print(3)\n", checker);
    let chk = tmp.path().join("p/chk.py");
    fs::write(
        &chk,
        "import sys\nout = open(sys.argv[2]).read().split()\nans = open(sys.argv[3]).read().split()\n\
         sys.exit(0 if out == ans else 1)\n",
    )
    .unwrap();
    let o = gridjudge(tmp.path(), &["build", "p"], None);
    common::ok(&o);
    let bad = "import sys\nsys.stderr.write('checker confused\\n')\nsys.exit(5)\n";
    fs::write(&chk, bad).unwrap();
    let sub = tmp.path().join("p/sol.py");
    let o = gridjudge(
        tmp.path(),
        &[
            "judge",
            "p",
            sub.to_str().unwrap(),
            "--no-sandbox",
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let tests = report["submissions"][0]["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2);
    for (i, t) in tests.iter().enumerate() {
        assert_eq!(t["verdict"], "FAIL", "{t}");
        assert_eq!(t["test"], format!("0{}", i + 1), "{t}");
        let msg = t["message"].as_str().unwrap();
        says(
            msg,
            &[
                "p checker exited with code 5, which its convention does not define (judge \
                 error)",
                "checker confused",
            ],
        );
    }
    // A fresh build self-checks each jury answer: FAIL, naming the checker and the test.
    fs::remove_file(tmp.path().join("p/tests.lock")).unwrap();
    fs::remove_file(tmp.path().join("p/tests")).unwrap();
    fs::remove_dir_all(tmp.path().join("p/.builds")).unwrap();
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            // The same failure on both tests is given once.
            "p test 01 (gen gen 5 seed=0) and 1 other test(s) (02): self-check of the jury \
             answer: checker says FAIL (p checker exited with code 5",
        ],
    );
}

/// A brute force runs on one declared test group: declaring it without the group (or the group
/// without it, or a group that does not exist) is refused before anything runs.
#[test]
fn a_brute_force_needs_its_test_group() {
    let tmp = problem("bad.py", "print(3)\n", TOKENS);
    let toml = tmp.path().join("p/problem.toml");
    let base = fs::read_to_string(&toml).unwrap();
    let with_brute = base.replace(
        "solution = \"sol.py\"\n",
        "solution = \"sol.py\"\nbrute_force = \"sol.py\"\n",
    );
    for (text, want) in [
        (
            with_brute.clone(),
            "[programs] brute_force needs [build] brute_force_group",
        ),
        (
            format!("{base}\n[build]\nbrute_force_group = \"small\"\n"),
            "[build] brute_force_group = \"small\" but [programs] declares no brute_force",
        ),
        (
            format!("{with_brute}\n[build]\nbrute_force_group = \"small\"\n"),
            "[build] brute_force_group = \"small\" is not a test group (declare [groups.small])",
        ),
    ] {
        fs::write(&toml, text).unwrap();
        let o = gridjudge(tmp.path(), &["build", "p"], None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        says(&err, &["problem.toml", want]);
        assert!(!tmp.path().join("p/tests").exists());
    }
    // With the group declared, the brute force cross-checks its tests.
    fs::write(
        &toml,
        with_brute.replace("[programs]", "[groups.small]\n\n[programs]")
            + "\n[build]\nbrute_force_group = \"small\"\n",
    )
    .unwrap();
    fs::write(
        tmp.path().join("p/manifest.toml"),
        "[[test]]\ngen = \"gen 5\"\ngroup = \"small\"\n\n[[test]]\ngen = \"gen 6\"\n",
    )
    .unwrap();
    let o = gridjudge(tmp.path(), &["build", "p", "--json"], None);
    common::ok(&o);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let checked: Vec<bool> = v["problems"][0]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["brute_force_checked"].as_bool().unwrap())
        .collect();
    assert_eq!(checked, [true, false]);
}

/// A reference solution that does not compile fails every test alike: the compiler's message
/// is given once, naming the tests it stopped.
#[test]
fn a_reference_that_does_not_compile_is_reported_once() {
    let tmp = problem("bad.py", "print(1)\n", TOKENS);
    let dir = tmp.path().join("p");
    let toml = fs::read_to_string(dir.join("problem.toml"))
        .unwrap()
        .replace("solution = \"sol.py\"", "solution = \"sol.cpp\"");
    fs::write(dir.join("problem.toml"), toml).unwrap();
    fs::write(
        dir.join("sol.cpp"),
        "int main() { return undeclared_name; }\n",
    )
    .unwrap();
    let manifest =
        "[[test]]\ngen = \"gen 5\"\n\n[[test]]\ngen = \"gen 6\"\n\n[[test]]\ngen = \"gen 7\"\n";
    fs::write(dir.join("manifest.toml"), manifest).unwrap();
    let err = build_fails(&tmp, None);
    says(
        &err,
        &[
            "3 test(s) failed",
            "p test 01 (gen gen 5 seed=0) and 2 other test(s) (02, 03): ",
        ],
    );
    assert_eq!(err.matches("was not declared").count(), 1, "{err}");
}

/// A testlib-convention validator that crashes (a Python exception: exit 1) or dies of a
/// signal has failed itself: the error names the validator and its failure, never "input does
/// not validate" with its traceback as the reason (only exit 3 means invalid under testlib).
#[test]
fn a_validator_that_crashes_is_its_own_failure_not_an_invalid_input() {
    for (text, fragment) in [
        (
            "import sys\nsys.stdin.read()\nraise ValueError('oops')\n",
            "exit code 1",
        ),
        (
            "import os, signal, sys\nsys.stdin.read()\nos.kill(os.getpid(), signal.SIGSEGV)\n",
            "signal 11",
        ),
    ] {
        let tmp = problem("bad.py", "import sys\nprint(sys.argv[1])\n", TOKENS);
        fs::write(tmp.path().join("p/val.py"), text).unwrap();
        let err = build_fails(&tmp, None);
        says(
            &err,
            &[
                "p validator failed: ",
                fragment,
                "the validator itself failed: its testlib convention is exit 0 valid, 3 invalid",
            ],
        );
        assert!(!err.contains("does not validate"), "{err}");
    }
}

/// `convention = "foo"` and `flags = [...]` are named as such, with the accepted values, not
/// as "data did not match any variant of untagged enum ProgramSpec".
#[test]
fn a_bad_program_table_is_named() {
    for (to, fragment) in [
        (
            r#"validator = { source = "val.py", convention = "foo" }"#,
            "unknown variant `foo`, expected `testlib` or `kattis`",
        ),
        (
            r#"validator = { source = "val.py", convention = "kattis", flags = ["--x"] }"#,
            "`flags` must be a table of test group = \"words\"",
        ),
    ] {
        let tmp = problem("bad.py", "import sys\nprint(sys.argv[1])\n", TOKENS);
        let path = tmp.path().join("p/problem.toml");
        let text = fs::read_to_string(&path).unwrap();
        let from = r#"validator = { source = "val.py", convention = "testlib" }"#;
        assert!(text.contains(from));
        fs::write(&path, text.replace(from, to)).unwrap();
        let o = gridjudge(tmp.path(), &["build", "p"], None);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(1), "{err}");
        says(&err, &["problem.toml", "line 10", fragment]);
        assert!(!err.contains("untagged"), "{err}");
    }
}
