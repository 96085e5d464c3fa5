//! The `validator` binary as judges call it: `validator game [--group G] [--kattis] < input`.
//!
//! Runs it on the corpus of problems/game/validator_corpus/ and checks exit codes (testlib: 0
//! valid, 3 invalid; Kattis: 42 valid, 43 invalid) and the one-line message on stderr, which
//! must name the line and column. Where exactly each input must be rejected is checked on the
//! library by tests/game_validator.rs; here the binary must report the same error.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use gridjudge::problem::{ProblemConfig, ValidateOptions};

fn validator(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_validator"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    // A validator may stop reading early; a broken pipe is not the test's concern.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally, not by a signal")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn corpus(dir: &str) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems/game/validator_corpus");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(root.join(dir))
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// The library's verdict on an input, as the binary must print it.
fn library_message(input: &[u8], group: Option<&str>) -> String {
    let game = gridjudge::problems::by_name("game").unwrap();
    let bounds = ProblemConfig::load(game, None)
        .unwrap()
        .bounds_for(group)
        .unwrap();
    match game.validate(input, &bounds, ValidateOptions::default()) {
        Ok(s) => format!("valid: game {}\n", s.size),
        Err(e) => format!("invalid: {e}\n"),
    }
}

#[test]
fn invalid_corpus_is_rejected_with_line_and_column() {
    let files = corpus("invalid");
    assert!(files.len() >= 30);
    for (name, input) in &files {
        let o = validator(&["game"], input);
        assert_eq!(code(&o), 3, "{name}: {}", stderr(&o));
        let msg = stderr(&o);
        assert_eq!(msg, library_message(input, None), "{name}");
        assert!(msg.starts_with("invalid: line "), "{name}: {msg}");
        assert!(msg.contains(", column "), "{name}: {msg}");
        assert_eq!(msg.lines().count(), 1, "{name}: one line: {msg:?}");
        let o = validator(&["game", "--kattis"], input);
        assert_eq!(code(&o), 43, "{name} --kattis: {}", stderr(&o));
        assert_eq!(stderr(&o), msg);
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn valid_corpus_is_accepted() {
    let files = corpus("valid");
    assert!(files.len() >= 5);
    for (name, input) in &files {
        let o = validator(&["game"], input);
        assert_eq!(code(&o), 0, "{name}: {}", stderr(&o));
        assert_eq!(stderr(&o), library_message(input, None));
        let o = validator(&["game", "--kattis"], input);
        assert_eq!(code(&o), 42, "{name} --kattis: {}", stderr(&o));
    }
    let one = validator(&["game"], b"1 1\n.\n");
    assert_eq!(stderr(&one), "valid: game 1x1\n");
    let big = format!("100 100\n{}", format!("{}\n", "#".repeat(100)).repeat(100));
    let o = validator(&["game"], big.as_bytes());
    assert_eq!((code(&o), stderr(&o)), (0, "valid: game 100x100\n".into()));
}

#[test]
fn groups_come_from_problem_toml() {
    let six_by_five = format!("6 5\n{}", ".....\n".repeat(6));
    let input = six_by_five.as_bytes();
    assert_eq!(code(&validator(&["game"], input)), 0);
    let o = validator(&["game", "--group", "small"], input);
    assert_eq!(code(&o), 3);
    assert_eq!(
        stderr(&o),
        "invalid: line 1, column 1: expected integer N in 1..=5, found `6` (out of range)\n"
    );
    assert_eq!(
        code(&validator(&["game", "--group", "small", "--kattis"], input)),
        43
    );
    assert_eq!(code(&validator(&["--kattis", "game"], input)), 42);
    let five = format!("5 5\n{}", ".#...\n".repeat(5));
    assert_eq!(
        code(&validator(&["game", "--group", "small"], five.as_bytes())),
        0
    );
    // Every valid corpus file that the library accepts in `small`, the binary accepts too.
    for (name, input) in corpus("valid") {
        let o = validator(&["game", "--group", "small"], &input);
        assert_eq!(stderr(&o), library_message(&input, Some("small")), "{name}");
        let want = if stderr(&o).starts_with("valid") {
            0
        } else {
            3
        };
        assert_eq!(code(&o), want, "{name}");
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gridjudge-validator-cli-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn config_file_and_options() {
    let dir = scratch("config");
    let game = gridjudge::problems::by_name("game").unwrap();
    let text = game
        .builtin_config()
        .replace("n = [1, 100]\nm = [1, 100]", "n = [1, 100]\nm = [1, 3]");
    assert_ne!(text, game.builtin_config());
    let path = dir.join("problem.toml");
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    let input = b"1 4\n....\n";
    assert_eq!(code(&validator(&["game"], input)), 0);
    let o = validator(&["game", "--config", p], input);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("line 1, column 3: expected integer M in 1..=3"));
    // Trailing spaces only with the option; other whitespace stays strict.
    assert_eq!(code(&validator(&["game"], b"1 2 \n.. \n")), 3);
    let lenient = ["game", "--allow-trailing-spaces"];
    assert_eq!(code(&validator(&lenient, b"1 2 \n.. \n")), 0);
    assert_eq!(code(&validator(&lenient, b"1  2\n..\n")), 3);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A setup error (unknown problem or group, unreadable config) is neither "valid" nor
/// "invalid" in either convention: exit 2 with a message.
#[test]
fn setup_errors_are_neither_valid_nor_invalid() {
    let input = b"1 1\n.\n";
    let o = validator(&["game", "--group", "tiny"], input);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("no test group `tiny`") && stderr(&o).contains("small"),
        "{}",
        stderr(&o)
    );
    let o = validator(&["nosuchproblem"], input);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("unknown problem `nosuchproblem`"));
    assert!(stderr(&o).contains("game"));
    let o = validator(&["game", "--config", "/nonexistent/problem.toml"], input);
    assert_eq!(code(&o), 2);
    for conv in [
        &["game", "--kattis", "--group", "tiny"][..],
        &["game", "--bogus"],
    ] {
        let c = code(&validator(conv, input));
        assert!(![0, 3, 42, 43].contains(&c), "{conv:?} exited {c}");
    }
}

/// testlib's validator flags: `--testset`, `--group default` (no group), `--testCase`,
/// `--testCaseFileName`, and on a valid input the overview log (`--testOverviewLogFileName`, a
/// file or `stdout`) and the test markup (`--testMarkupFileName`); nothing is written for an
/// invalid input.
#[test]
fn testlib_flags_and_overview_log() {
    let dir = std::env::temp_dir().join(format!("gridjudge-validator-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("log");
    let markup = dir.join("markup");
    let input = b"5 5\n.....\n.....\n.....\n.....\n.....\n";
    let log_arg = format!("--testOverviewLogFileName={}", log.display());
    let o = validator(
        &[
            "game",
            "--testset",
            "tests",
            "--group",
            "small",
            &log_arg,
            "--testMarkupFileName",
            markup.to_str().unwrap(),
            "--testCase",
            "1",
            "--testCaseFileName",
            "stdout",
        ],
        input,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "\"M\": max-value-hit\n\"N\": max-value-hit\nconstant-bounds \"M\": 1 5\n\
         constant-bounds \"N\": 1 5\nvariable \"M\"\nvariable \"N\"\n"
    );
    assert_eq!(
        std::fs::read(&markup).unwrap(),
        [&b"MU\xF3\x01"[..], input].concat()
    );
    assert!(o.stdout.is_empty(), "one test case: nothing extracted");
    // `--group default` is the constraints: 101 columns are invalid, 100 valid.
    let wide = format!("1 100\n{}\n", ".".repeat(100));
    let o = validator(
        &[
            "game",
            "--group",
            "default",
            "--testOverviewLogFileName",
            "stdout",
        ],
        wide.as_bytes(),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "\"M\": max-value-hit\n\"N\": min-value-hit\nconstant-bounds \"M\": 1 100\n\
         constant-bounds \"N\": 1 100\nvariable \"M\"\nvariable \"N\"\n"
    );
    std::fs::remove_file(&log).unwrap();
    let o = validator(&["game", &log_arg], b"1 1\n#\n\n");
    assert_eq!(code(&o), 3);
    assert!(!log.exists(), "no log for an invalid input");
    for bad in [
        &["game", "--testset", ""][..],
        &["game", "--testCase", "0"],
        &["game", "--testOverviewLogFileName"],
    ] {
        assert_eq!(code(&validator(bad, input)), 2, "{bad:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program problem is found as `gridjudge` finds it, in the nearest problems folder from
/// the current folder up (here `geography`, copied from the repository), and its own validator
/// program decides (testlib convention, `--group` passed on); built-in problems still work
/// there, and the program problem is unknown where no problems folder holds it.
#[test]
fn a_program_problem_of_the_nearest_problems_folder() {
    let root = scratch("geography");
    let _ = std::fs::remove_dir_all(root.join("problems"));
    std::fs::create_dir_all(root.join("problems")).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems/geography");
    let o = Command::new("cp")
        .arg("-r")
        .arg(&src)
        .arg(root.join("problems"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let inside = root.join("problems/geography/samples");
    let run = |dir: &Path, args: &[&str], stdin: &[u8]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_validator"))
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The validator may decide (an unknown problem) before reading all of stdin: a broken
        // pipe then, and nothing else, is fine.
        if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        child.wait_with_output().unwrap()
    };
    let sample = std::fs::read(inside.join("1.in")).unwrap();
    for args in [&["geography"][..], &["geography", "--group", "small"]] {
        let o = run(&inside, args, &sample);
        assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("valid: geography"), "{}", stderr(&o));
    }
    let o = run(&inside, &["geography"], b"4 3 5\n1 1\n");
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(stderr(&o).starts_with("invalid: "), "{}", stderr(&o));
    // The group reaches the validator program: L + R = 18 is valid, but not in `small`.
    let o = run(&inside, &["geography"], b"9 9 0\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = run(&inside, &["geography", "--group", "small"], b"9 9 0\n");
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    let o = run(&inside, &["game"], b"1 1\n.\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // A validator program that fails itself (exit 1, not testlib's 3) is an error naming it,
    // never "invalid".
    let toml = root.join("problems/geography/problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let from = r#"validator = { source = "validator/validator.cpp", convention = "testlib" }"#;
    assert!(text.contains(from));
    let crash = r#"validator = { command = "echo Traceback >&2; exit 1", convention = "testlib" }"#;
    std::fs::write(&toml, text.replace(from, crash)).unwrap();
    let o = run(&inside, &["geography"], &sample);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with("validator: error: geography validator failed: exit code 1")
            && stderr(&o).contains("the validator itself failed"),
        "{}",
        stderr(&o)
    );
    // A folder with no problems folder above it.
    let elsewhere = scratch("elsewhere");
    let o = run(&elsewhere, &["geography"], &sample);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("unknown problem `geography` (known: game, bunny"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&root).unwrap();
    std::fs::remove_dir_all(&elsewhere).unwrap();
}
