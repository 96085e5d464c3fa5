//! What `build` refuses so that a setter's mistake never becomes a wrong verdict or lost
//! work, through the `gridjudge` binary on a small program problem `p` in a temporary folder
//! (Python programs):
//! * a reference solution that prints nothing (an empty submission would be accepted), unless
//!   `[build] empty_answers = true` declares empty answers legal;
//! * files in `tests/` that gridjudge did not write (deleted only with `--delete-unknown`);
//! * a reference solution whose answer differs between two runs on the same input, on a fresh
//!   build and against the lock (where it used to be offered to `--update-lock`);
//! * a setter's program that writes into the problem folder, which it sees read-only; and no
//!   Python byte-code cache is left there.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const PROBLEM_TOML: &str = r#"name = "p"
title = "Twice a number"

[limits]
time_ms = 1000
memory_mib = 256

[programs]
generators = { gen = "gen.py" }
validator = { source = "val.py", convention = "testlib" }
solution = "sol.py"
checker = { builtin = "tokens" }

[programs.limits]
time_ms = 5000
memory_mib = 256
output_mib = 1
"#;

/// One number N in [1, 100] on a line (a testlib-convention validator in Python).
const VALIDATOR: &str = include_str!("fixtures/validator_n_1_100.py");

const MANIFEST: &str = "[[test]]\ngen = \"gen 5\"\n\n[[test]]\ngen = \"gen 7\"\n";

const REFERENCE: &str = "print(2 * int(input()))\n";

/// A temporary problems folder with problem `p` (two tests, 5 and 7, answers 10 and 14).
fn problem() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("problem.toml"), PROBLEM_TOML).unwrap();
    fs::write(dir.join("gen.py"), "import sys\nprint(sys.argv[1])\n").unwrap();
    fs::write(dir.join("val.py"), VALIDATOR).unwrap();
    fs::write(dir.join("sol.py"), REFERENCE).unwrap();
    fs::write(dir.join("manifest.toml"), MANIFEST).unwrap();
    tmp
}

fn gridjudge(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .arg("--problems-dir")
        .arg(root)
        .arg("--cache-dir")
        .arg(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-build-guards-cache"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `gridjudge build p ARGS...`, which must succeed.
fn build_ok(tmp: &tempfile::TempDir, args: &[&str]) {
    let mut all = vec!["build", "p"];
    all.extend(args);
    let o = gridjudge(tmp.path(), &all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Every file and folder under `dir` (relative path → bytes), symlinks as `-> target`;
/// `.builds/` and `.builds/.lock` (the build lock's file, which every build creates and
/// opens) left out, the build folders in `.builds/` kept.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let path = e.path();
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let t = e.file_type().unwrap();
            if t.is_symlink() {
                let target = fs::read_link(&path).unwrap();
                out.insert(rel, format!("-> {}", target.display()).into_bytes());
            } else if t.is_dir() {
                if rel != ".builds" {
                    out.insert(format!("{rel}/"), Vec::new());
                }
                walk(root, &path, out);
            } else if rel != ".builds/.lock" {
                out.insert(rel, fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Runs `gridjudge build p ARGS...`, which must fail without a panic and without changing a
/// byte of the problem folder; returns its stderr.
fn build_refused(tmp: &tempfile::TempDir, args: &[&str]) -> String {
    let dir = tmp.path().join("p");
    let before = snapshot(&dir);
    let mut all = vec!["build", "p"];
    all.extend(args);
    let o = gridjudge(tmp.path(), &all);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("nothing written"), "{err}");
    let after = snapshot(&dir);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>(),
        "{err}"
    );
    assert!(before == after, "a file changed: {err}");
    err
}

#[track_caller]
fn says(err: &str, fragments: &[&str]) {
    for f in fragments {
        assert!(err.contains(f), "{f:?} not in:\n{err}");
    }
}

#[test]
fn an_empty_jury_answer_is_an_error_unless_declared_legal() {
    let tmp = problem();
    let dir = tmp.path().join("p");
    // Prints nothing on 7, only a line end on 5.
    fs::write(
        dir.join("sol.py"),
        "n = int(input())\nif n == 5:\n    print()\n",
    )
    .unwrap();
    let err = build_refused(&tmp, &[]);
    says(
        &err,
        &[
            "2 test(s) failed",
            "p test 01 (gen gen 5 seed=0): the reference solution (sol.py) printed only white \
             space",
            "p test 02 (gen gen 7 seed=0): the reference solution (sol.py) printed nothing",
            "`empty_answers = true` in problem.toml's [build]",
        ],
    );
    assert!(!dir.join("tests").exists());
    let toml = fs::read_to_string(dir.join("problem.toml")).unwrap();
    fs::write(
        dir.join("problem.toml"),
        toml + "\n[build]\nempty_answers = true\n",
    )
    .unwrap();
    build_ok(&tmp, &[]);
    assert_eq!(fs::read(dir.join("tests/02.ans")).unwrap(), b"");
}

#[test]
fn files_the_user_put_in_tests_are_kept_unless_asked() {
    let tmp = problem();
    let dir = tmp.path().join("p");
    build_ok(&tmp, &[]);
    fs::write(dir.join("tests/99.in"), "42\n").unwrap();
    fs::write(dir.join("tests/NOTES.txt"), "test 2 is the tricky one\n").unwrap();
    fs::create_dir(dir.join("tests/mine")).unwrap();
    let err = build_refused(&tmp, &[]);
    says(
        &err,
        &[
            "3 file(s) that gridjudge did not write: 99.in, NOTES.txt, mine/",
            "would delete them, nothing written",
            "--delete-unknown` to delete them",
        ],
    );
    assert_eq!(fs::read(dir.join("tests/99.in")).unwrap(), b"42\n");
    // The command the refusal ends with deletes them, also when the tests themselves are up
    // to date (no file named like a test among them), and the next build goes through.
    fs::remove_file(dir.join("tests/99.in")).unwrap();
    build_refused(&tmp, &[]);
    build_ok(&tmp, &["--delete-unknown"]);
    let mut names: Vec<String> = fs::read_dir(dir.join("tests"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".in") && !n.ends_with(".ans"))
        .collect();
    names.sort();
    assert_eq!(names, [".replaces", "tests.lock"]);
    build_ok(&tmp, &[]);
    fs::write(dir.join("tests/99.in"), "42\n").unwrap();
    fs::write(dir.join("tests/NOTES.txt"), "test 2 is the tricky one\n").unwrap();
    fs::create_dir(dir.join("tests/mine")).unwrap();
    // Also when the manifest changed: gridjudge's own files stay replaceable, the user's
    // are still refused.
    fs::write(dir.join("manifest.toml"), "[[test]]\ngen = \"gen 5\"\n").unwrap();
    build_refused(&tmp, &[]);
    build_ok(&tmp, &["--delete-unknown"]);
    let names: Vec<String> = fs::read_dir(dir.join("tests"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut names = names;
    names.sort();
    assert_eq!(names, [".replaces", "01.ans", "01.in", "tests.lock"]);
    // A package of gridjudge's own files alone rebuilds as before.
    fs::write(dir.join("manifest.toml"), MANIFEST).unwrap();
    build_ok(&tmp, &[]);
}

/// Prints twice its input, then a number that changes from run to run.
const NONDETERMINISTIC: &str = "import os\nprint(2 * int(input()), os.urandom(6).hex())\n";

#[test]
fn a_nondeterministic_reference_is_caught_on_a_fresh_build() {
    let tmp = problem();
    let dir = tmp.path().join("p");
    fs::write(dir.join("sol.py"), NONDETERMINISTIC).unwrap();
    let err = build_refused(&tmp, &[]);
    says(
        &err,
        &[
            "p: 2 test(s) failed, nothing written",
            "the reference solution (sol.py) is nondeterministic on test 01 (gen gen 5 seed=0): \
             two runs on the same input gave different answers",
            "nondeterministic on test 02 (gen gen 7 seed=0)",
        ],
    );
    assert!(!dir.join("tests").exists());
}

#[test]
fn a_nondeterministic_reference_is_caught_against_the_lock() {
    let tmp = problem();
    let dir = tmp.path().join("p");
    build_ok(&tmp, &[]);
    fs::write(dir.join("sol.py"), NONDETERMINISTIC).unwrap();
    for args in [&[][..], &["--update-lock"], &["--locked"]] {
        let err = build_refused(&tmp, args);
        says(
            &err,
            &["is nondeterministic on test 01 (gen gen 5 seed=0): two runs on the same input"],
        );
        assert!(!err.contains("accept the new bytes"), "{err}");
    }
    // A reference that really changed (the same answer on every run) is a change, which
    // `--update-lock` accepts.
    fs::write(dir.join("sol.py"), "print(3 * int(input()))\n").unwrap();
    let err = build_refused(&tmp, &[]);
    says(
        &err,
        &[
            "2 locked test(s) would change",
            "--update-lock` to accept the new bytes",
        ],
    );
    build_ok(&tmp, &["--update-lock"]);
    assert_eq!(fs::read(dir.join("tests/01.ans")).unwrap(), b"15\n");
}

#[test]
fn setter_programs_see_the_problem_folder_read_only() {
    let tmp = problem();
    let dir = tmp.path().join("p");
    // The generator imports a module beside it (Python would cache it in __pycache__/) and
    // writes a scratch file beside itself.
    fs::write(dir.join("helper.py"), "def twice(x):\n    return x\n").unwrap();
    fs::write(
        dir.join("gen.py"),
        "import os, sys, helper\n\
         if sys.argv[1] == '7':\n\
         \x20   open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'scratch.txt'), \
         'w').write('x')\n\
         print(helper.twice(sys.argv[1]))\n",
    )
    .unwrap();
    let err = build_refused(&tmp, &[]);
    says(
        &err,
        &[
            "p test 02 (gen gen 7 seed=0): p generator `gen` failed: exit code 1; its stderr:",
            "Read-only file system",
            "programs see the problem folder",
        ],
    );
    assert!(!dir.join("scratch.txt").exists());
    assert!(!dir.join("__pycache__").exists(), "{err}");
    fs::write(dir.join("manifest.toml"), "[[test]]\ngen = \"gen 5\"\n").unwrap();
    build_ok(&tmp, &[]);
    assert!(!dir.join("__pycache__").exists());
}
