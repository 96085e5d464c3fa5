//! The `gridjudge` driver binary, run as a user runs it.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn gridjudge(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn solve_reproduces_the_official_sample() {
    let input = std::fs::read(repo().join("problems/game/samples/sample1.in")).unwrap();
    let out = gridjudge(&["solve", "game"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        out.stdout,
        std::fs::read(repo().join("problems/game/samples/sample1.ans")).unwrap()
    );
}

#[test]
fn solve_enforces_constraints_unless_lifted() {
    // 1 x 150: beyond M <= 100.
    let input = format!("1 150\n{}\n", ".".repeat(150));
    let out = gridjudge(&["solve", "game"], input.as_bytes());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1, column 3") && err.contains("M in 1..=100"),
        "{err}"
    );
    let out = gridjudge(&["solve", "game", "--no-limits"], input.as_bytes());
    assert!(out.status.success());
    // A 1x150 open line has an even number of cells: perfect matching, LOSE.
    assert_eq!(out.stdout, b"LOSE\n");
}

#[test]
fn solve_reports_bad_input_without_panicking() {
    for bad in [&b""[..], b"2 2\n..\n", b"\xff\xfe", b"1 1\r\n.\r\n"] {
        let out = gridjudge(&["solve", "game"], bad);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("gridjudge: error: line "), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn unknown_problem_lists_known_ones() {
    let out = gridjudge(&["solve", "chess"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown problem `chess`") && err.contains("game"),
        "{err}"
    );
}

#[test]
fn build_from_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        repo().join("problems/game/problem.toml"),
        dir.join("problem.toml"),
    )
    .unwrap();
    std::fs::write(
        dir.join("manifest.toml"),
        "[[test]]\ngen = \"open n=3 m=3\"\nseed = 1\n\n[[test]]\ngen = \"walls n=2 m=2\"\nseed = 1\n",
    )
    .unwrap();
    let root = tmp.path().to_str().unwrap();
    let out = gridjudge(&["build", "game", "--problems-dir", root, "-j", "1"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("== game (2 tests)"), "{stdout}");
    assert!(
        stdout.contains("WIN 5") && stdout.contains("LOSE"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read(dir.join("tests/01.ans")).unwrap(),
        b"WIN\n1 1\n1 3\n2 2\n3 1\n3 3\n"
    );
    let out = gridjudge(&["build", "game", "--problems-dir", root, "--locked"], b"");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("matches the lock"));
}

#[test]
fn help_explains_every_subcommand() {
    let out = gridjudge(&["--help"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    for word in ["build", "solve", "list"] {
        assert!(text.contains(word), "{text}");
    }
    let out = gridjudge(&["build", "--help"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    for word in ["--locked", "--update-lock", "--jobs", "--problems-dir"] {
        assert!(text.contains(word), "{text}");
    }
}
