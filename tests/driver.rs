//! The `gridjudge` driver binary, run as a user runs it.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::gridjudge_with as gridjudge;

#[test]
fn solve_reproduces_the_official_sample() {
    let input = std::fs::read(common::problem_dir("game").join("samples/sample1.in")).unwrap();
    let out = gridjudge(&["solve", "game"], &input);
    common::ok(&out);
    assert_eq!(
        out.stdout,
        std::fs::read(common::problem_dir("game").join("samples/sample1.ans")).unwrap()
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
    for bad in [&b""[..], b"2 2\n..\n", b"\xff\xfe", b"1 1\r\n.\r\n.\r\n"] {
        let out = gridjudge(&["solve", "game"], bad);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("gridjudge: error: line "), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // solve reads its input by tokens, as testlib's checkers do: white space alone is fine.
    let out = gridjudge(&["solve", "game"], b"3 3 \r\n.## \r\n...\r\n#.#");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"WIN\n2 3\n3 2\n");
}

#[test]
fn unknown_problem_lists_known_ones() {
    let out = gridjudge(&["solve", "chess"], b"");
    // An error, not a usage error (2) or a panic (101).
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    assert!(out.stdout.is_empty(), "{}", common::text(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown problem `chess`") && err.contains("game"),
        "{err}"
    );
}

#[test]
fn build_from_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = common::small_game(&tmp.path().join("game"), TWO_TESTS, &[]);
    let root = tmp.path().to_str().unwrap();
    let out = gridjudge(&["build", "game", "--problems-dir", root, "-j", "1"], b"");
    common::ok(&out);
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

/// A manifest of two generated tests.
const TWO_TESTS: &str =
    "[[test]]\ngen = \"open n=3 m=3\"\nseed = 1\n\n[[test]]\ngen = \"walls n=2 m=2\"\nseed = 1\n";

/// `<tmp>/repo/problems/game` with the committed problem.toml, its sample and [`TWO_TESTS`],
/// and an empty `<tmp>/repo/src`; returns `<tmp>/repo`.
fn small_repo(tmp: &Path) -> std::path::PathBuf {
    let root = tmp.join("repo");
    common::small_game(&root.join("problems/game"), TWO_TESTS, &[]);
    std::fs::create_dir_all(root.join("src")).unwrap();
    root
}

/// Runs gridjudge in `cwd` with the compile cache under `cache` (`XDG_CACHE_HOME`).
fn gridjudge_in(cwd: &Path, cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(cwd)
        .env("XDG_CACHE_HOME", cache)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn commands_find_problems_from_any_folder_below_the_root() {
    let tmp = tempfile::tempdir().unwrap();
    let root = small_repo(tmp.path());
    let cache = tmp.path().join("cache");
    // Build from inside the problem's own folder.
    let game = root.join("problems/game");
    let out = gridjudge_in(&game, &cache, &["build", "game", "-j", "1"]);
    common::ok(&out);
    assert!(text(&out.stdout).contains("== game (2 tests)"));
    assert_eq!(
        std::fs::read(game.join("tests/01.ans")).unwrap(),
        b"WIN\n1 1\n1 3\n2 2\n3 1\n3 3\n"
    );
    // Judge from another folder below the root: a Rust source, compiled into the cache under
    // XDG_CACHE_HOME, not into a `target/` of the current folder.
    let src = root.join("src/reference.rs");
    let solve = env!("CARGO_BIN_EXE_gridjudge");
    std::fs::write(
        &src,
        format!(
            "fn main() {{ let s = std::process::Command::new({solve:?}).args([\"solve\", \"game\"])\
             .stdin(std::process::Stdio::inherit()).status().unwrap(); \
             std::process::exit(s.code().unwrap_or(1)); }}\n"
        ),
    )
    .unwrap();
    let out = gridjudge_in(
        &root.join("src"),
        &cache,
        // The submission starts gridjudge from this build folder, which the sandbox hides.
        &["judge", "game", src.to_str().unwrap(), "--no-sandbox"],
    );
    common::ok(&out);
    assert!(text(&out.stdout).contains("AC"), "{}", text(&out.stdout));
    // Not a terminal: the compile is one plain line.
    assert!(
        text(&out.stderr).contains("compiling ") && text(&out.stderr).contains("(rustc)"),
        "{}",
        text(&out.stderr)
    );
    let cached: Vec<_> = std::fs::read_dir(cache.join("gridjudge"))
        .unwrap()
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(cached.len(), 1, "one compiled program in the user cache");
    assert!(!root.join("src/target").exists() && !root.join("target").exists());
    // A second judge compiles nothing.
    let out = gridjudge_in(
        &root,
        &cache,
        &["judge", "game", src.to_str().unwrap(), "--no-sandbox"],
    );
    assert!(out.status.success());
    assert!(
        !text(&out.stderr).contains("compiling"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn outside_a_repository_commands_say_where_they_looked() {
    let tmp = tempfile::tempdir().unwrap();
    let outside = tmp.path().join("elsewhere/deeper");
    std::fs::create_dir_all(&outside).unwrap();
    let cache = tmp.path().join("cache");
    for args in [
        &["build"][..],
        &["build", "game"],
        &["verify"],
        &["judge", "game", "true"],
        &["stress", "game", "true"],
        &["export", "game", "-o", "out"],
    ] {
        let out = gridjudge_in(&outside, &cache, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        for tried in [
            outside.join("problems"),
            tmp.path().join("elsewhere/problems"),
            tmp.path().join("problems"),
        ] {
            assert!(
                err.contains(&tried.display().to_string()),
                "{args:?}: {err}"
            );
        }
        assert!(err.contains("--problems-dir"), "{args:?}: {err}");
    }
    // Naming a folder that is not there says so.
    let out = gridjudge_in(&outside, &cache, &["verify", "--problems-dir", "nowhere"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--problems-dir nowhere: not a folder"));
}

#[test]
fn verify_with_nothing_to_check_fails() {
    let tmp = tempfile::tempdir().unwrap();
    let root = small_repo(tmp.path());
    let cache = tmp.path().join("cache");
    // A problems folder whose problem has no submissions catalogue.
    let out = gridjudge_in(&root.join("src"), &cache, &["verify"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(
        err.contains("nothing verified") && err.contains("submissions"),
        "{err}"
    );
    let out = gridjudge_in(&root, &cache, &["verify", "game"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("nothing to verify"));
}

#[test]
fn completions_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = gridjudge(&["completions", shell], b"");
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        for sub in [
            "build",
            "judge",
            "verify",
            "stress",
            "solve",
            "export",
            "render",
            "list",
            "completions",
            "problems-dir",
        ] {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
    }
    let out = gridjudge(&["completions", "tcsh"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("possible values"));
}

/// A reader that has gone (`gridjudge list | head -1`): the command exits with 141, as a
/// program killed by SIGPIPE does, with nothing on stderr and no panic; a build still commits
/// its package.
#[test]
fn a_closed_stdout_ends_the_command_quietly() {
    let sample = common::problem_dir("game").join("samples/sample1.in");
    for args in [
        &["list"][..],
        &["solve", "game"],
        &["completions", "bash"],
        &["help"],
    ] {
        let out = common::with_closed_stdout(env!("CARGO_BIN_EXE_gridjudge"), args, &sample);
        let err = text(&out.stderr);
        // clap prints the help itself and ignores a failed write: exit 0, also quietly.
        let expected = if args == ["help"] { 0 } else { 141 };
        assert_eq!(out.status.code(), Some(expected), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
    let tmp = tempfile::tempdir().unwrap();
    let dir = common::small_game(&tmp.path().join("game"), TWO_TESTS, &[]);
    let root = tmp.path().to_str().unwrap();
    let out = common::with_closed_stdout(
        env!("CARGO_BIN_EXE_gridjudge"),
        &["build", "game", "--problems-dir", root],
        &sample,
    );
    assert_eq!(out.status.code(), Some(141), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(dir.join("tests/01.ans")).unwrap(),
        b"WIN\n1 1\n1 3\n2 2\n3 1\n3 3\n"
    );
}
