//! The `checker` binary under both calling conventions of the field:
//!
//! * testlib: `checker game <input> <output> <answer>`, exit 0 AC, 1 WA, 2 PE, 3 FAIL, one
//!   line on stderr;
//! * Kattis: `checker game --kattis <input> <answer> <feedback_dir> < output`, exit 42 AC,
//!   43 WA or PE, 1 judge error, message in `<feedback_dir>/judgemessage.txt`.
//!
//! Bad usage must never exit 1 or 2 (WA or PE under testlib) nor 42 or 43.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SAMPLE: &str = "3 3\n.##\n...\n#.#\n";
const SAMPLE_ANS: &str = "WIN\n2 3\n3 2\n";

/// A scratch folder of its own for each test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "gridjudge-checker-cli-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    }

    fn dir(&self, name: &str) -> String {
        let p = self.0.join(name);
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn checker(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_checker"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    // Feed stdin from a thread: the checker may stop reading early (a verdict is known).
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally, not by a signal")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// testlib convention: exit code and the single stderr line.
fn testlib(s: &Scratch, input: &str, output: &[u8], answer: &str) -> (i32, String) {
    let i = s.file("in", input.as_bytes());
    let o = s.file("out", output);
    let a = s.file("ans", answer.as_bytes());
    let r = checker(&["game", &i, &o, &a], b"");
    let msg = stderr(&r);
    assert_eq!(msg.matches('\n').count(), 1, "one line on stderr: {msg:?}");
    assert!(r.stdout.is_empty());
    (code(&r), msg)
}

/// Kattis convention: exit code and judgemessage.txt.
fn kattis(s: &Scratch, input: &str, output: &[u8], answer: &str) -> (i32, String) {
    let i = s.file("in", input.as_bytes());
    let a = s.file("ans", answer.as_bytes());
    let fb = s.dir("feedback");
    let r = checker(&["game", "--kattis", &i, &a, &fb], output);
    let msg = std::fs::read_to_string(Path::new(&fb).join("judgemessage.txt")).unwrap();
    (code(&r), msg)
}

#[test]
fn testlib_exit_codes() {
    let s = Scratch::new("testlib");
    let cases: &[(&[u8], i32, &str)] = &[
        (b"WIN\n2 3\n3 2\n", 0, "ok WIN, 2 cells\n"),
        (b"WIN 3 2 2 3", 0, "ok WIN, 2 cells\n"),
        (
            b"WIN\n2 3\n",
            1,
            "wrong answer wrong set of winning cells: 1 missing, 0 extra",
        ),
        (
            b"WIN\n2 3\n2 3\n",
            1,
            "wrong answer line 3, column 1: cell (2, 3) is listed twice",
        ),
        (
            b"WIN\n1 2\n",
            1,
            "wrong answer line 2, column 1: cell (1, 2) is a wall",
        ),
        (b"WIN\n0 1\n", 1, "is outside the 3x3 maze"),
        (b"LOSE\n", 1, "wrong answer answered LOSE"),
        (b"", 2, "wrong output format empty output"),
        (
            b"WIN\n2 3\n3\n",
            2,
            "wrong output format line 3, column 1: row 3 has no column",
        ),
        (
            b"WIN\n2 x\n",
            2,
            "wrong output format line 2, column 3: expected a column number",
        ),
        (
            b"LOSE\nLOSE\n",
            2,
            "wrong output format line 2, column 1: expected end of output after LOSE",
        ),
        (
            b"\xff\x00WIN\n",
            2,
            "wrong output format line 1, column 1: expected WIN or LOSE",
        ),
    ];
    for &(out, want, fragment) in cases {
        let (c, msg) = testlib(&s, SAMPLE, out, SAMPLE_ANS);
        assert_eq!(c, want, "{}: {msg}", out.escape_ascii());
        assert!(
            msg.starts_with(fragment) || msg.contains(fragment),
            "{msg:?} lacks {fragment:?}"
        );
    }
    let (c, msg) = testlib(&s, "2 2\n..\n..\n", b"LOSE", "LOSE\n");
    assert_eq!((c, msg.as_str()), (0, "ok LOSE\n"));
    let (c, msg) = testlib(&s, "2 2\n..\n..\n", b"WIN 1 1", "LOSE\n");
    assert_eq!(c, 1, "{msg}");
}

#[test]
fn testlib_fail_only_for_broken_jury_files() {
    let s = Scratch::new("testlib-fail");
    for (input, answer, fragment) in [
        (SAMPLE, "WINNER\n", "FAIL jury answer is broken"),
        (
            SAMPLE,
            "WIN\n1 2\n",
            "FAIL jury answer is broken: line 2, column 1: cell (1, 2) is a wall",
        ),
        (SAMPLE, "", "FAIL jury answer is broken: empty output"),
        ("3 3\n...\n", SAMPLE_ANS, "FAIL input does not validate"),
    ] {
        for out in [SAMPLE_ANS.as_bytes(), b"garbage"] {
            let (c, msg) = testlib(&s, input, out, answer);
            assert_eq!(c, 3, "{msg}");
            assert!(msg.starts_with(fragment), "{msg:?} lacks {fragment:?}");
        }
    }
}

#[test]
fn kattis_exit_codes_and_judgemessage() {
    let s = Scratch::new("kattis");
    let (c, msg) = kattis(&s, SAMPLE, b"WIN\n3 2\n2 3\n", SAMPLE_ANS);
    assert_eq!((c, msg.as_str()), (42, "AC: WIN, 2 cells\n"));
    let (c, msg) = kattis(&s, SAMPLE, b"WIN\n2 3\n1 1\n", SAMPLE_ANS);
    assert_eq!(c, 43);
    assert_eq!(
        msg,
        "WA: wrong set of winning cells: 1 missing, 1 extra (expected 2 cells, got 2); \
         diff (- missing, + extra): +1 1, -3 2\n\
         --- jury answer (sorted)\n+++ your output (sorted)\n+1 1\n-3 2\n"
    );
    // Presentation errors are wrong answers to Kattis.
    let (c, msg) = kattis(&s, SAMPLE, b"WIN\n2 3\n3\n", SAMPLE_ANS);
    assert_eq!(c, 43);
    assert!(
        msg.starts_with("PE: line 3, column 1: row 3 has no column"),
        "{msg}"
    );
    // A broken jury answer is a judge error.
    let (c, msg) = kattis(&s, SAMPLE, SAMPLE_ANS.as_bytes(), "WIN\n9 9\n");
    assert_eq!(c, 1);
    assert!(msg.starts_with("FAIL: jury answer is broken"), "{msg}");
}

/// The contestant output is streamed from stdin: 64 MB of white space around the answer.
#[test]
fn kattis_streams_a_large_output() {
    let s = Scratch::new("kattis-large");
    let mut out = Vec::with_capacity(64 << 20);
    out.extend(b" \n\t\r".iter().cycle().take(32 << 20));
    out.extend_from_slice(b"WIN 3 2 2 3");
    out.extend(b"\n ".iter().cycle().take(32 << 20));
    let (c, msg) = kattis(&s, SAMPLE, &out, SAMPLE_ANS);
    assert_eq!((c, msg.as_str()), (42, "AC: WIN, 2 cells\n"));
    // Garbage: one line, WA or PE, never a crash.
    let garbage: Vec<u8> = (0..1u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let (c, _) = testlib(&s, SAMPLE, &garbage, SAMPLE_ANS);
    assert!(c == 1 || c == 2, "exit {c}");
}

/// Usage errors are judge errors: exit 3 (testlib FAIL), never 1 or 2, never 42 or 43.
#[test]
fn bad_usage_is_never_a_contestant_verdict() {
    let s = Scratch::new("usage");
    let i = s.file("in", SAMPLE.as_bytes());
    let a = s.file("ans", SAMPLE_ANS.as_bytes());
    let missing = s.0.join("missing").to_str().unwrap().to_string();
    let fb = s.dir("feedback");
    let usages: Vec<Vec<&str>> = vec![
        vec![],
        vec!["game"],
        vec!["game", &i],
        vec!["game", &i, &a],
        vec!["game", &i, &a, &a, &a, &a],
        vec!["game", &i, &a, &a, "-appes"],
        vec!["game", &i, &a, &a, &missing, "-x"],
        vec!["game", "--testset", "", &i, &a, &a],
        vec!["game", "--cms", &i, &a, &a, &missing],
        vec!["game", "--bogus", &i, &a, &a],
        vec!["nosuchproblem", &i, &a, &a],
        vec!["game", &missing, &a, &a],
        vec!["game", &i, &a, &missing],
        vec!["game", "--config", &missing, &i, &a, &a],
        vec!["game", "--kattis", &i, &a],
    ];
    for args in usages {
        let r = checker(&args, SAMPLE_ANS.as_bytes());
        let c = code(&r);
        assert!(
            ![0, 1, 2, 42, 43].contains(&c),
            "{args:?} exited {c}: {}",
            stderr(&r)
        );
        assert!(!stderr(&r).is_empty(), "{args:?} says why");
    }
    // Kattis calls whose files are missing: a judge error in that convention (not 42 or 43),
    // explained in judgemessage.txt.
    for args in [
        vec!["game", "--kattis", &missing, &a, &fb],
        vec!["game", "--kattis", &i, &missing, &fb],
    ] {
        let r = checker(&args, SAMPLE_ANS.as_bytes());
        let c = code(&r);
        assert!(![0, 42, 43].contains(&c), "{args:?} exited {c}");
        let msg = std::fs::read_to_string(Path::new(&fb).join("judgemessage.txt")).unwrap();
        assert!(msg.starts_with("FAIL: cannot read"), "{msg}");
    }
    // Kattis with a feedback folder that does not exist: the message cannot be written, a
    // judge error.
    let r = checker(
        &["game", "--kattis", &i, &a, &missing],
        SAMPLE_ANS.as_bytes(),
    );
    assert_eq!(code(&r), 1, "{}", stderr(&r));
    assert!(stderr(&r).contains("judgemessage.txt"));
    // --help is not a judging call: it prints usage and succeeds.
    let r = checker(&["--help"], b"");
    assert_eq!(code(&r), 0);
    let help = String::from_utf8_lossy(&r.stdout);
    assert!(
        help.contains("--kattis") && help.contains("Usage"),
        "{help}"
    );
}

/// testlib conformance of the binary: a missing output is PE with testlib's message, a UTF-8
/// BOM before the output is skipped, `--testset` / `--group` are accepted anywhere, and the
/// report file holds what testlib writes (the message alone; with -appes or -APPES the XML).
#[test]
fn testlib_conformance() {
    let s = Scratch::new("conformance");
    let i = s.file("in", SAMPLE.as_bytes());
    let a = s.file("ans", SAMPLE_ANS.as_bytes());
    let missing = s.0.join("missing").to_str().unwrap().to_string();
    let r = checker(&["game", &i, &missing, &a], b"");
    assert_eq!(code(&r), 2);
    assert_eq!(
        stderr(&r),
        format!("wrong output format Output file not found: \"{missing}\"\n")
    );
    let bom = s.file("bom", format!("\u{feff}{SAMPLE_ANS}").as_bytes());
    let r = checker(&["game", &i, &bom, &a], b"");
    assert_eq!((code(&r), stderr(&r)), (0, "ok WIN, 2 cells\n".to_string()));
    let half = s.file("half", b"\xEF\xBBWIN 2 3 3 2");
    assert_eq!(code(&checker(&["game", &i, &half, &a], b"")), 2);
    let r = checker(
        &["game", "--testset", "tests", &i, &bom, "--group", "g", &a],
        b"",
    );
    assert_eq!(code(&r), 0, "{}", stderr(&r));

    let report = s.0.join("report").to_str().unwrap().to_string();
    let wrong = s.file("wrong", b"WIN\n2 3\n");
    let msg = "wrong set of winning cells: 1 missing, 0 extra (expected 2 cells, got 1); \
               diff (- missing, + extra): -3 2";
    let r = checker(&["game", &i, &wrong, &a, &report], b"");
    assert_eq!(code(&r), 1);
    assert_eq!(std::fs::read_to_string(&report).unwrap(), msg);
    for flag in ["-appes", "-APPES"] {
        let r = checker(&["game", &i, &wrong, &a, &report, flag], b"");
        assert_eq!(code(&r), 1, "{}", stderr(&r));
        assert_eq!(
            std::fs::read_to_string(&report).unwrap(),
            format!(
                "<?xml version=\"1.0\" encoding=\"windows-1251\"?>\
                 <result outcome = \"wrong-answer\">{msg}</result>\n"
            )
        );
    }
    let r = checker(&["game", &i, &missing, &a, &report], b"");
    assert_eq!(code(&r), 2);
    assert_eq!(
        std::fs::read_to_string(&report).unwrap(),
        format!("Output file not found: \"{missing}\"")
    );
}

/// CMS's convention: `checker game --cms <input> <answer> <output>`: the score on stdout,
/// exactly one line `translate:*` on stderr (CMS logs any further line as an unknown command),
/// exit 0; a judge error exits 3 with no score.
#[test]
fn cms_convention() {
    let s = Scratch::new("cms");
    let i = s.file("in", SAMPLE.as_bytes());
    let a = s.file("ans", SAMPLE_ANS.as_bytes());
    let out = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let r = checker(&["game", "--cms", &i, &a, &a], b"");
    assert_eq!((code(&r), out(&r)), (0, "1.0\n".to_string()));
    assert_eq!(stderr(&r), "translate:success\n");
    let lose = s.file("lose", b"LOSE");
    let r = checker(&["game", "--cms", &i, &a, &lose], b"");
    assert_eq!((code(&r), out(&r)), (0, "0.0\n".to_string()));
    assert_eq!(stderr(&r), "translate:wrong\n");
    let missing = s.0.join("missing").to_str().unwrap().to_string();
    let r = checker(&["game", "--cms", &i, &a, &missing], b"");
    assert_eq!((code(&r), out(&r)), (0, "0.0\n".to_string()));
    // The answer is the second file: a broken one is a judge error.
    let r = checker(&["game", "--cms", &i, &lose, &a], b"");
    assert_eq!(
        (code(&r), out(&r)),
        (0, "0.0\n".to_string()),
        "LOSE is a fine answer"
    );
    let broken = s.file("broken", b"MAYBE");
    let r = checker(&["game", "--cms", &i, &broken, &a], b"");
    assert_eq!((code(&r), out(&r)), (3, String::new()));
    assert!(stderr(&r).starts_with("FAIL "), "{}", stderr(&r));
}

/// A program problem is found as `gridjudge` finds it, in the nearest problems folder from
/// the current folder up (here `geography`, copied from the repository), and judged by its
/// checker (the built-in `tokens` one); built-in problems still work there, and the program
/// problem is unknown (FAIL) where no problems folder holds it.
#[test]
fn a_program_problem_of_the_nearest_problems_folder() {
    let s = Scratch::new("geography");
    std::fs::create_dir_all(s.0.join("problems")).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems/geography");
    let o = Command::new("cp")
        .arg("-r")
        .arg(&src)
        .arg(s.0.join("problems"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let inside = s.0.join("problems/geography/samples");
    let run = |dir: &Path, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_checker"))
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap()
    };
    let wrong = s.file("wrong.out", b"First\nSecond\nFirst\nFirst\n");
    let game_in = s.file("game.in", SAMPLE.as_bytes());
    let game_ans = s.file("game.ans", SAMPLE_ANS.as_bytes());
    let o = run(&inside, &["geography", "1.in", "1.ans", "1.ans"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).starts_with("ok"), "{}", stderr(&o));
    let o = run(&inside, &["geography", "1.in", &wrong, "1.ans"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stderr(&o).starts_with("wrong answer"), "{}", stderr(&o));
    let o = run(&inside, &["game", &game_in, &game_ans, &game_ans]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // A folder with no problems folder above it.
    let elsewhere = Scratch::new("elsewhere");
    let o = run(
        &elsewhere.0,
        &[
            "geography",
            &inside.join("1.in").display().to_string(),
            &wrong,
            &wrong,
        ],
    );
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("unknown problem `geography` (known: game, bunny"),
        "{}",
        stderr(&o)
    );
}

/// Integers are read as testlib's readInt reads them: `-0`, a leading zero and a value outside
/// the 64-bit integers are presentation errors, not numbers (an in-range integer outside the
/// maze stays a wrong answer).
#[test]
fn integers_as_testlib_reads_them() {
    let s = Scratch::new("integers");
    for (out, want, fragment) in [
        (
            &b"WIN\n2 -0\n"[..],
            2,
            "found `-0` (-0 is not an integer here)",
        ),
        (b"WIN\n02 3\n3 2\n", 2, "found `02` (leading zero)"),
        (b"WIN\n-01 3\n", 2, "found `-01` (leading zero)"),
        (
            b"WIN\n2 123456789012345678901234567890\n",
            2,
            "(outside the 64-bit integers)",
        ),
        (
            b"WIN\n9223372036854775808 1\n",
            2,
            "(outside the 64-bit integers)",
        ),
        (
            b"WIN\n-9223372036854775809 1\n",
            2,
            "(outside the 64-bit integers)",
        ),
        (
            b"WIN\n9223372036854775807 1\n",
            1,
            "cell (9223372036854775807, 1) is outside the 3x3 maze",
        ),
        (b"WIN\n2 0\n", 1, "cell (2, 0) is outside the 3x3 maze"),
    ] {
        let (c, msg) = testlib(&s, SAMPLE, out, SAMPLE_ANS);
        assert_eq!(c, want, "{}: {msg}", out.escape_ascii());
        assert!(msg.contains(fragment), "{msg:?} lacks {fragment:?}");
    }
}

/// The jury's files are read under a cap: an endless answer or input is FAIL at once (a
/// jury error), never read whole, under both conventions.
#[test]
fn endless_jury_files_are_fail_not_read_whole() {
    let s = Scratch::new("endless");
    let i = s.file("in", SAMPLE.as_bytes());
    let o = s.file("out", SAMPLE_ANS.as_bytes());
    let a = s.file("ans", SAMPLE_ANS.as_bytes());
    let fb = s.dir("feedback");
    for (args, what) in [
        (vec!["game", &i, &o, "/dev/zero"], "answer /dev/zero"),
        (vec!["game", "/dev/zero", &o, &a], "input /dev/zero"),
        (
            vec!["game", "--kattis", &i, "/dev/zero", &fb],
            "answer /dev/zero",
        ),
    ] {
        let r = checker(&args, SAMPLE_ANS.as_bytes());
        let kattis = args.contains(&"--kattis");
        let msg = if kattis {
            std::fs::read_to_string(Path::new(&fb).join("judgemessage.txt")).unwrap()
        } else {
            stderr(&r)
        };
        assert_eq!(code(&r), if kattis { 1 } else { 3 }, "{msg}");
        assert!(
            msg.contains(&format!("{what} is larger than 256 MiB")),
            "{msg}"
        );
    }
}

/// An unknown `[checker]` key is FAIL naming it and its line, never ignored (`row_majr` would
/// leave the order unchecked and accept a reordered answer).
#[test]
fn an_unknown_checker_option_is_fail() {
    let s = Scratch::new("unknown-option");
    let toml = include_str!("../../problems/game/problem.toml");
    assert!(toml.contains("row_major = false"));
    let bad = toml.replace("row_major = false", "row_majr = true");
    let line = 1 + bad.lines().position(|l| l == "row_majr = true").unwrap();
    let cfg = s.file("problem.toml", bad.as_bytes());
    let i = s.file("in", SAMPLE.as_bytes());
    let o = s.file("out", b"WIN\n3 2\n2 3\n");
    let a = s.file("ans", SAMPLE_ANS.as_bytes());
    let r = checker(&["game", "--config", &cfg, &i, &o, &a], b"");
    let msg = stderr(&r);
    assert_eq!(code(&r), 3, "{msg}");
    assert!(
        msg.contains(&format!(
            "problem.toml: invalid problem.toml: line {line}: [checker] `row_majr`: problem \
             `game` has no checker option `row_majr` (its options: row_major)"
        )),
        "{msg}"
    );
}
