//! Interactive and multi-pass judging through the `gridjudge` binary: the verdict rules when
//! one side stops first (the Kattis specification's), the two interactor conventions, the
//! passes of a multi-pass problem and its judge errors, the transcript, the isolation of the
//! submission from the interactor, and the build's check of the reference player.
//!
//! Each case is a small program problem `sum` in a temporary folder, with programs in Python:
//! the interactor sends the two numbers of the input and reads their sum back.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// testlib convention: `interactor input log answer`; exit 0 AC, 1 WA, 2 PE.
const TESTLIB_INTERACTOR: &str = r#"import sys
a, b = map(int, open(sys.argv[1]).read().split())
sys.stdout.write(f"{a} {b}\n")
sys.stdout.flush()
line = sys.stdin.readline()
log = open(sys.argv[2], "w")
try:
    got = int(line)
except ValueError:
    sys.stderr.write(f"expected an integer, found {line[:20]!r}\n")
    sys.exit(2)
if got != a + b:
    sys.stderr.write(f"expected {a + b}, found {got}\n")
    sys.exit(1)
log.write("ok\n")
sys.stderr.write(f"sum {got} is right\n")
"#;

/// Reads the log: accepts `ok`.
const LOG_CHECKER: &str = r#"import sys
sys.exit(0 if open(sys.argv[2]).read() == "ok\n" else 1)
"#;

/// Kattis convention: `interactor input answer feedback_dir`; exit 42 AC, 43 WA. With
/// `MULTI`, pass 1 asks for pass 2 (the sum and the second number), counted in the feedback
/// folder; `BAD` replaces the behaviour for the judge-error cases.
const KATTIS_INTERACTOR: &str = r#"import os, sys
MODE = "MODE_WORD"
fb = sys.argv[3]
a, b = map(int, open(sys.argv[1]).read().split())
count = os.path.join(fb, "passes")
n = int(open(count).read()) if os.path.exists(count) else 0
open(count, "w").write(str(n + 1))
sys.stdout.write(f"{a} {b}\n")
sys.stdout.flush()
line = sys.stdin.readline()
def say(msg):
    open(fb + "judgemessage.txt", "w").write(msg + "\n")
try:
    got = int(line)
except ValueError:
    say(f"pass {n + 1}: not an integer")
    sys.exit(43)
if got != a + b:
    say(f"pass {n + 1}: expected {a + b}, found {got}")
    if MODE == "next_after_wa":
        open(fb + "nextpass.in", "w").write("1 1\n")
    sys.exit(43)
if MODE == "always_next" or (MODE == "multi" and n == 0):
    open(fb + "nextpass.in", "w").write(f"{got} {b}\n")
say(f"pass {n + 1}: right")
sys.exit(42)
"#;

fn toml(interactor: &str, convention: &str, extra: &str) -> String {
    format!(
        r#"name = "sum"
title = "Sum"

[limits]
time_ms = 1000
memory_mib = 256

[interaction]
interactive = true
{extra}

[programs]
generators = {{ gen = "gen.py" }}
stress = "gen {{seed}}"
validator = {{ source = "val.py", convention = "testlib" }}
solution = "player.py"
checker = {{ source = "check.py", convention = "testlib" }}
interactor = {{ source = "{interactor}", convention = "{convention}" }}

[programs.limits]
time_ms = 5000
memory_mib = 256
"#
    )
}

const VALIDATOR: &str = r#"import sys
data = sys.stdin.read()
parts = data.split()
ok = data.endswith("\n") and len(parts) == 2 and all(p.isdigit() for p in parts)
sys.exit(0 if ok else 3)
"#;

/// The correct player.
const PLAYER: &str = r#"a, b = map(int, input().split())
print(a + b, flush=True)
"#;

/// The correct player, once per pass of a multi-pass problem (each pass is a new process).
const PLAYERS: &[(&str, &str)] = &[
    ("ok.py", PLAYER),
    (
        "wrong.py",
        "a, b = map(int, input().split())\nprint(a + b + 1, flush=True)\n",
    ),
    // Wrong when the sum is over 150.
    (
        "wrong_big.py",
        "a, b = map(int, input().split())\nprint(a + b + (a + b > 150), flush=True)\n",
    ),
    // Right while the first number is small: right on pass 1 (3 4), wrong on pass 2 (7 4).
    (
        "wrong_on_pass_2.py",
        "a, b = map(int, input().split())\nprint(a + b + (a > 5), flush=True)\n",
    ),
    (
        "crash_after.py",
        "import sys\na, b = map(int, input().split())\nprint(a + b, flush=True)\nsys.exit(3)\n",
    ),
    // Answers without flushing, then waits for more input: a deadlock.
    (
        "no_flush.py",
        "import sys\na, b = map(int, input().split())\nsys.stdout.write(str(a + b) + '\\n')\nsys.stdin.read()\n",
    ),
    ("exits_early.py", "pass\n"),
    (
        "flood.py",
        "import sys\nwhile True:\n    sys.stdout.write('7' * 65536)\n",
    ),
    (
        "garbage.py",
        "import sys\nsys.stdout.buffer.write(bytes(range(256)) * 4)\nsys.stdout.flush()\n",
    ),
    // Looks for the interactor: its command line, the test's files, the judge's processes.
    // Found anything: exit 5 (RE). Else it answers (AC).
    (
        "snoop.py",
        r#"import os, sys
a, b = map(int, input().split())
seen = []
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read()
        except OSError:
            continue
        if b"interactor" in cmd or b"gridjudge-out" in cmd or b"answer" in cmd:
            seen.append(cmd)
if seen:
    sys.stderr.write(repr(seen[:3]) + "\n")
    sys.exit(5)
print(a + b, flush=True)
"#,
    ),
];

/// A problems folder with problem `sum`: the interactor `interactor` (file name, text) in the
/// convention, `extra` lines in `[interaction]`, tests `3 4` (and `10 20`).
fn problem(
    interactor: (&str, &str),
    convention: &str,
    extra: &str,
    player: &str,
) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("sum");
    fs::create_dir_all(dir.join("tests")).unwrap();
    fs::write(
        dir.join("problem.toml"),
        toml(interactor.0, convention, extra),
    )
    .unwrap();
    fs::write(dir.join(interactor.0), interactor.1).unwrap();
    fs::write(dir.join("check.py"), LOG_CHECKER).unwrap();
    fs::write(dir.join("val.py"), VALIDATOR).unwrap();
    fs::write(dir.join("player.py"), player).unwrap();
    // Two numbers in [0, 99] from the seed.
    fs::write(
        dir.join("gen.py"),
        "import sys\ns = int(sys.argv[1])\nprint(s % 100, s // 100 % 100)\n",
    )
    .unwrap();
    fs::create_dir_all(dir.join("data")).unwrap();
    fs::write(dir.join("data/1.in"), "3 4\n").unwrap();
    fs::write(dir.join("data/2.in"), "10 20\n").unwrap();
    fs::write(
        dir.join("manifest.toml"),
        "[[test]]\nfile = \"data/1.in\"\n\n[[test]]\nfile = \"data/2.in\"\n",
    )
    .unwrap();
    for (name, text) in PLAYERS {
        fs::write(tmp.path().join(name), text).unwrap();
    }
    tmp
}

fn gridjudge(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .arg("--problems-dir")
        .arg(root)
        .arg("--cache-dir")
        .arg(cache_dir())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-interactive-cache")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn build(tmp: &tempfile::TempDir) {
    let o = gridjudge(tmp.path(), &["build", "sum"]);
    assert!(o.status.success(), "{}", text(&o));
}

/// Per test of `player` (a file of [`PLAYERS`]): (verdict, message, transcript), by `judge
/// --json`, with `more` options.
fn judge(tmp: &tempfile::TempDir, player: &str, more: &[&str]) -> Vec<(String, String, String)> {
    let sub = tmp.path().join(player);
    let mut args = vec!["judge", "sum", sub.to_str().unwrap(), "--json"];
    args.extend(more);
    let o = gridjudge(tmp.path(), &args);
    let v: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    v["submissions"][0]["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", text(&o)))
        .iter()
        .map(|t| {
            (
                t["verdict"].as_str().unwrap().to_string(),
                t["message"].as_str().unwrap().to_string(),
                t["transcript"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn verdicts(r: &[(String, String, String)]) -> Vec<&str> {
    r.iter().map(|t| t.0.as_str()).collect()
}

/// Whether the sandbox runs here (else the cases run with `--no-sandbox` only, and under CI
/// that is a failure: [`common::tools::skip_or_fail`]).
fn sandboxed() -> bool {
    match gridjudge::exec::sandbox::sandbox() {
        Ok(_) => true,
        Err(e) => {
            common::tools::skip_or_fail(&format!("the sandbox is unavailable: {}", e.0));
            false
        }
    }
}

/// The option sets each case is judged with: in the sandbox and without it (without only,
/// where the sandbox is unavailable: [`sandboxed`]).
fn modes() -> &'static [&'static [&'static str]] {
    if sandboxed() {
        &[&[], &["--no-sandbox"]]
    } else {
        &[&["--no-sandbox"]]
    }
}

#[test]
fn testlib_interactor_verdicts_follow_who_stopped_first() {
    let tmp = problem(("interactor.py", TESTLIB_INTERACTOR), "testlib", "", PLAYER);
    build(&tmp);
    let modes = modes();
    for more in modes {
        let ok = judge(&tmp, "ok.py", more);
        assert_eq!(verdicts(&ok), ["AC", "AC"], "{ok:?}");
        assert_eq!(ok[0].2, "<3 4\n>7\n", "the transcript, both directions");
        assert_eq!(ok[1].2, "<10 20\n>30\n");

        let wrong = judge(&tmp, "wrong.py", more);
        assert_eq!(verdicts(&wrong), ["WA", "WA"], "{wrong:?}");
        assert_eq!(wrong[0].1, "expected 7, found 8", "the interactor's stderr");

        // Crashed after the interactor accepted: RE, the submission's own failure.
        let crash = judge(&tmp, "crash_after.py", more);
        assert_eq!(verdicts(&crash), ["RE", "RE"], "{crash:?}");
        assert!(crash[0].1.contains("exit code 3"), "{crash:?}");

        // Both wait for each other: the submission's wall clock ends it, TLE (not the WA the
        // interactor then gives on the end of its input).
        let deadlock = judge(&tmp, "no_flush.py", more);
        assert_eq!(verdicts(&deadlock), ["TLE", "TLE"], "{deadlock:?}");
        assert!(deadlock[0].1.contains("wall-clock"), "{deadlock:?}");

        // Exits at once without a word: the interactor rejects the empty answer.
        let early = judge(&tmp, "exits_early.py", more);
        assert_eq!(verdicts(&early), ["PE", "PE"], "{early:?}");

        // Output past the limit: the relay stops reading, OLE.
        let flood = judge(
            &tmp,
            "flood.py",
            &[more, &["--output-limit", "100000"][..]].concat(),
        );
        assert_eq!(
            verdicts(&flood),
            ["OLE", "OLE"],
            "{:?}",
            flood.iter().map(|t| &t.1).collect::<Vec<_>>()
        );

        // Bytes that are not text: the interactor's PE, never a judge error; the transcript
        // shows them lossily.
        let garbage = judge(&tmp, "garbage.py", more);
        assert_eq!(verdicts(&garbage), ["PE", "PE"], "{garbage:?}");
        // (It writes without reading: its bytes and the interactor's may come in either
        // order.)
        let t = &garbage[0].2;
        assert!(
            t.contains("<3 4\n") && t.contains(">\0\u{1}\u{2}"),
            "{garbage:?}"
        );
    }
}

/// In the sandbox the submission sees neither the interactor nor the test's files.
#[test]
fn the_submission_cannot_see_the_interactor() {
    if !sandboxed() {
        return;
    }
    let tmp = problem(("interactor.py", TESTLIB_INTERACTOR), "testlib", "", PLAYER);
    build(&tmp);
    let snoop = judge(&tmp, "snoop.py", &[]);
    assert_eq!(verdicts(&snoop), ["AC", "AC"], "{snoop:?}");
    // The same program unconfined does see the interactor: the test can fail.
    let unconfined = judge(&tmp, "snoop.py", &["--no-sandbox"]);
    assert_eq!(verdicts(&unconfined), ["RE", "RE"], "{unconfined:?}");
}

#[test]
fn kattis_multi_pass_runs_until_the_validator_decides() {
    let multi = KATTIS_INTERACTOR.replace("MODE_WORD", "multi");
    let tmp = problem(
        ("interactor.py", &multi),
        "kattis",
        "multi_pass = true\nvalidation_passes = 3",
        PLAYER,
    );
    // The report shows the reference player's exchange on each test.
    let o = gridjudge(tmp.path(), &["build", "sum", "--report"]);
    assert!(o.status.success(), "{}", text(&o));
    let page = fs::read_to_string(tmp.path().join("sum/report/tests/01.html")).unwrap();
    assert!(
        page.contains("Exchange of the reference player")
            && page.contains("[pass 1]\n&lt;3 4\n&gt;7\n[pass 2]\n&lt;7 4\n&gt;11\n"),
        "{page}"
    );
    let ok = judge(&tmp, "ok.py", &[]);
    assert_eq!(verdicts(&ok), ["AC", "AC"], "{ok:?}");
    assert_eq!(ok[0].1, "pass 2: pass 2: right");
    assert_eq!(ok[0].2, "[pass 1]\n<3 4\n>7\n[pass 2]\n<7 4\n>11\n");
    // Right on pass 1, wrong on pass 2 only.
    let late = judge(&tmp, "wrong_on_pass_2.py", &[]);
    assert_eq!(verdicts(&late), ["WA", "WA"], "{late:?}");
    assert_eq!(late[0].1, "pass 2: pass 2: expected 11, found 12");
    let wrong = judge(&tmp, "wrong.py", &[]);
    assert_eq!(wrong[0].1, "pass 1: pass 1: expected 7, found 8");
}

/// The problems folder named by a relative path (as `gridjudge` finds `problems/` from the
/// folder above it): the interactor and a multi-pass validator run in folders of their own, so
/// they must get the test's input by an absolute path. Before that fix every test was a judge
/// error (FAIL) from the folder above `problems/`.
#[test]
fn a_relative_problems_folder_judges_interactive_and_multi_pass_problems() {
    let multi = KATTIS_INTERACTOR.replace("MODE_WORD", "multi");
    for (interactor, convention, extra) in [
        (TESTLIB_INTERACTOR, "testlib", ""),
        (
            multi.as_str(),
            "kattis",
            "multi_pass = true\nvalidation_passes = 3",
        ),
    ] {
        let tmp = problem(("interactor.py", interactor), convention, extra, PLAYER);
        build(&tmp);
        let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
            .args(["judge", "sum", "ok.py", "--json", "--problems-dir", "."])
            .arg("--cache-dir")
            .arg(cache_dir())
            .current_dir(tmp.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let v: serde_json::Value =
            serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
        let verdicts: Vec<&str> = v["submissions"][0]["tests"]
            .as_array()
            .unwrap_or_else(|| panic!("{}", text(&o)))
            .iter()
            .map(|t| t["verdict"].as_str().unwrap())
            .collect();
        assert_eq!(verdicts, ["AC", "AC"], "{convention}: {}", text(&o));
    }
}

#[test]
fn next_pass_requests_that_cannot_be_honoured_are_judge_errors() {
    // Not declared multi-pass, yet the validator asks for another pass.
    let multi = KATTIS_INTERACTOR.replace("MODE_WORD", "multi");
    let tmp = problem(("interactor.py", &multi), "kattis", "", PLAYER);
    // The build's check of the reference player stops the build, nothing written.
    let o = gridjudge(tmp.path(), &["build", "sum"]);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("not accepted on 2 of 2") && err.contains("not multi-pass"),
        "{err}"
    );
    assert!(!tmp.path().join("sum/tests.lock").exists());

    // Asks for a pass after every pass: no verdict within validation_passes.
    let always = KATTIS_INTERACTOR.replace("MODE_WORD", "always_next");
    let tmp = problem(
        ("interactor.py", &always),
        "kattis",
        "multi_pass = true\nvalidation_passes = 2",
        PLAYER,
    );
    let o = gridjudge(tmp.path(), &["build", "sum"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no verdict within validation_passes = 2"),
        "{}",
        text(&o)
    );

    // A rejection that also asks for another pass.
    let after_wa = KATTIS_INTERACTOR.replace("MODE_WORD", "next_after_wa");
    let tmp = problem(
        ("interactor.py", &after_wa),
        "kattis",
        "multi_pass = true",
        PLAYER,
    );
    build(&tmp);
    let wrong = judge(&tmp, "wrong.py", &[]);
    assert_eq!(verdicts(&wrong), ["FAIL", "FAIL"], "{wrong:?}");
    assert!(wrong[0].1.contains("rejected the pass"), "{wrong:?}");
}

#[test]
fn the_build_refuses_an_interactor_that_rejects_the_reference() {
    let tmp = problem(
        ("interactor.py", TESTLIB_INTERACTOR),
        "testlib",
        "",
        "a, b = map(int, input().split())\nprint(a - b, flush=True)\n",
    );
    let o = gridjudge(tmp.path(), &["build", "sum"]);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the reference player") && err.contains("test 01: WA (expected 7, found -1)"),
        "{err}"
    );
    assert!(
        err.contains("transcript of test 01:\n  <3 4\n  >-1"),
        "{err}"
    );
    assert!(
        !tmp.path().join("sum/tests").exists()
            || fs::read_dir(tmp.path().join("sum/tests"))
                .unwrap()
                .next()
                .is_none()
    );
}

/// A problem that declares an interactor but is not interactive, and the other way round, is
/// refused at load with what to write.
#[test]
fn interaction_and_programs_must_agree() {
    let tmp = problem(("interactor.py", TESTLIB_INTERACTOR), "testlib", "", PLAYER);
    let path = tmp.path().join("sum/problem.toml");
    let t = fs::read_to_string(&path).unwrap();
    fs::write(
        &path,
        t.replace("interactive = true", "interactive = false"),
    )
    .unwrap();
    let o = gridjudge(tmp.path(), &["build", "sum"]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("add [interaction] interactive = true"),
        "{}",
        text(&o)
    );
    fs::write(
        &path,
        t.replace("multi_pass", "x")
            .replace("\ninteractor = ", "\n# "),
    )
    .unwrap();
    let o = gridjudge(tmp.path(), &["build", "sum"]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("declares no interactor"),
        "{}",
        text(&o)
    );
    // Multi-pass needs the kattis convention.
    fs::write(
        &path,
        t.replace(
            "interactive = true",
            "interactive = true\nmulti_pass = true",
        ),
    )
    .unwrap();
    let o = gridjudge(tmp.path(), &["build", "sum"]);
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("multi_pass = true needs an interactor program in the kattis"),
        "{}",
        text(&o)
    );
}

/// `stress` finds an input on which a player is wrong, shrinks it (the interactor's input) and
/// shows the exchange.
#[test]
fn stress_shrinks_an_interactive_counterexample_and_shows_the_transcript() {
    let tmp = problem(("interactor.py", TESTLIB_INTERACTOR), "testlib", "", PLAYER);
    build(&tmp);
    let sub = tmp.path().join("wrong_big.py");
    let o = gridjudge(
        tmp.path(),
        &["stress", "sum", sub.to_str().unwrap(), "--seeds", "0..400"],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    // Seed 4 gives `69 91`, the first sum over 150 of the seeds; shrinking makes the numbers
    // smaller while the sum stays over 150.
    assert!(out.contains("found WA with `69 91`"), "{out}");
    assert!(
        out.contains("to `60 91` (6 bytes) with WA") && out.contains("expected 151, found 152"),
        "{out}"
    );
    assert!(
        out.contains("--- exchange (< read by the submission, > written by it)\n<60 91\n>152\n"),
        "{out}"
    );
}

/// The three interactive and multi-pass test problems (tests/fixtures: `guess` with a
/// testlib-convention interactor and a checker of its log, `guess_kattis` with a Kattis one,
/// `multipass`) build, and `verify` finds every catalogue submission's expected verdict; the
/// wrong submissions of `multipass` are right on pass 1 and wrong on pass 2 only.
#[test]
#[ignore = "slow: compiles and runs three catalogues (a minute)"]
fn the_fixture_problems_verify_as_their_catalogues_say() {
    let tmp = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for p in ["guess", "guess_kattis", "multipass"] {
        common::copy_problem(&fixtures.join(p), &tmp.path().join(p));
        let o = gridjudge(tmp.path(), &["build", p]);
        assert!(o.status.success(), "{p}: {}", text(&o));
        let o = gridjudge(tmp.path(), &["verify", p, "-j", "2"]);
        assert!(o.status.success(), "{p}: {}", text(&o));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            out.contains(&format!("verify {p}: OK")) && out.contains("0 surviving"),
            "{out}"
        );
    }
    for wrong in ["negative_mod.cpp", "reverse_as_number.py"] {
        let sub = fixtures
            .join("multipass/submissions/wrong_answer")
            .join(wrong);
        let o = gridjudge(
            tmp.path(),
            &["judge", "multipass", sub.to_str().unwrap(), "--json"],
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let tests = v["submissions"][0]["tests"].as_array().unwrap();
        let wa: Vec<&serde_json::Value> = tests.iter().filter(|t| t["verdict"] == "WA").collect();
        assert!(!wa.is_empty(), "{wrong}: {}", text(&o));
        for t in wa {
            let m = t["message"].as_str().unwrap();
            assert!(m.starts_with("pass 2: "), "{wrong}: {m}");
        }
    }
}

/// A multi-pass validator that accepts a pass and asks for another while the submission
/// crashes gets the submission's verdict (RE), not a judge error.
#[test]
fn a_submission_that_fails_after_an_accepted_pass_gets_its_own_verdict() {
    let multi = KATTIS_INTERACTOR.replace("MODE_WORD", "multi");
    let tmp = problem(
        ("interactor.py", &multi),
        "kattis",
        "multi_pass = true",
        PLAYER,
    );
    build(&tmp);
    let crash = judge(&tmp, "crash_after.py", &[]);
    assert_eq!(verdicts(&crash), ["RE", "RE"], "{crash:?}");
    assert!(
        crash[0].1.starts_with("pass 1: exit code 3")
            && crash[0].1.ends_with("(after the interactor accepted)"),
        "{crash:?}"
    );
}

/// An unconfined submission (`--no-sandbox`) that leaves a process of a new session holding
/// its stdout open (where no cgroup takes it down) does not hang the judge: once both runs are
/// over, the judge's side of the pipes stops waiting. The judge runs under `timeout`, so a
/// hang fails the test instead of stalling it.
#[test]
fn a_stray_process_holding_the_pipe_does_not_hang_the_judge() {
    let tmp = problem(("interactor.py", TESTLIB_INTERACTOR), "testlib", "", PLAYER);
    build(&tmp);
    let marker = format!("{}.{}", 4000 + std::process::id() % 1000, 7);
    let stray = tmp.path().join("stray.py");
    fs::write(
        &stray,
        format!(
            "import subprocess\nsubprocess.Popen(['setsid', 'sleep', '{marker}'])\n\
             a, b = map(int, input().split())\nprint(a + b, flush=True)\n"
        ),
    )
    .unwrap();
    let o = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_gridjudge"))
        .args([
            "judge",
            "sum",
            stray.to_str().unwrap(),
            "--no-sandbox",
            "--json",
        ])
        .arg("--problems-dir")
        .arg(tmp.path())
        .arg("--cache-dir")
        .arg(cache_dir())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let _ = Command::new("pkill")
        .args(["-f", &format!("sleep {marker}")])
        .status();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let tests = v["submissions"][0]["tests"].as_array().unwrap();
    assert!(tests.iter().all(|t| t["verdict"] == "AC"), "{}", text(&o));
}

/// The library's build without the reference player's check refuses an interactive program
/// problem (its answers come from that run), writing nothing.
#[test]
fn an_interactive_program_problem_is_not_built_without_its_player() {
    let tmp = problem(("interactor.py", TESTLIB_INTERACTOR), "testlib", "", PLAYER);
    let cache = cache_dir();
    let p = gridjudge::problems::problem(tmp.path(), "sum", &cache).unwrap();
    let e = gridjudge::package::build_problem(
        p,
        &gridjudge::package::BuildOptions {
            problems_dir: tmp.path().to_path_buf(),
            lock: gridjudge::package::LockMode::Extend,
            jobs: Some(1),
            progress: false,
            delete_unknown: false,
        },
    )
    .unwrap_err();
    assert!(
        format!("{e:#}").contains("built with its reference player's check"),
        "{e:#}"
    );
    assert!(!tmp.path().join("sum/tests.lock").exists());
}

/// Kattis convention: sends the two numbers, then closes its stdout from a thread (as
/// BAPCtools' `pseudointeraction` test problem does) while it goes on reading the answer.
const CLOSING_INTERACTOR: &str = r#"import os, sys, threading
fb = sys.argv[3]
a, b = map(int, open(sys.argv[1]).read().split())
def send():
    sys.stdout.write(f"{a} {b}\n")
    sys.stdout.flush()
    os.close(sys.stdout.fileno())
t = threading.Thread(target=send, daemon=True)
t.start()
line = sys.stdin.readline()
if line.strip() != str(a + b):
    open(fb + "judgemessage.txt", "w").write(f"expected {a + b}, found {line!r}\n")
    sys.exit(43)
sys.exit(42)
"#;

/// An interactor that closes its output early ends the submission's input there: a submission
/// that reads until the end of its input and only then answers is accepted (it used to wait
/// for a stream end that never came, and got TLE, because the judge kept a copy of the
/// interactor's stdout). In the sandbox and without it.
#[test]
fn an_interactor_that_closes_its_output_early_ends_the_submissions_input() {
    let tmp = problem(("interactor.py", CLOSING_INTERACTOR), "kattis", "", PLAYER);
    build(&tmp);
    let to_eof = tmp.path().join("to_eof.py");
    fs::write(
        &to_eof,
        "import sys\na, b = map(int, sys.stdin.read().split())\nprint(a + b, flush=True)\n",
    )
    .unwrap();
    let modes = modes();
    for more in modes {
        let r = judge(&tmp, "to_eof.py", more);
        assert_eq!(verdicts(&r), ["AC", "AC"], "{more:?}: {r:?}");
        assert_eq!(r[0].2, "<3 4\n>7\n", "{more:?}: the transcript");
    }
}

/// A Kattis interactor that rejects at the first wrong line, without reading on.
const STRICT_INTERACTOR: &str = r#"import sys
fb = sys.argv[3]
a, b = map(int, open(sys.argv[1]).read().split())
sys.stdout.write(f"{a} {b}\n")
sys.stdout.flush()
line = sys.stdin.readline()
if line.strip() == str(a + b):
    sys.exit(42)
open(fb + "judgemessage.txt", "w").write("rejected at the first line\n")
sys.exit(43)
"#;

/// Once the interactor has rejected, a submission that still writes is stopped there, as
/// problemtools and BAPCtools do (BAPCtools' `guess` package, `wrong_answer/guess_0.cc`): its
/// verdict is the interactor's WA. Left to run, this one writes past its output limit within
/// two seconds (OLE), well inside its wall-clock limit of three.
#[test]
fn a_submission_still_writing_after_the_interactor_rejected_is_stopped() {
    let tmp = problem(("interactor.py", STRICT_INTERACTOR), "kattis", "", PLAYER);
    build(&tmp);
    fs::write(
        tmp.path().join("chatty.py"),
        "import sys, time\nwhile True:\n    sys.stdout.write('9' * 999 + '\\n')\n    \
         sys.stdout.flush()\n    time.sleep(0.02)\n",
    )
    .unwrap();
    let modes = modes();
    for more in modes {
        let r = judge(
            &tmp,
            "chatty.py",
            &[*more, &["--output-limit", "100000"][..]].concat(),
        );
        assert_eq!(verdicts(&r), ["WA", "WA"], "{more:?}: {r:?}");
        assert_eq!(r[0].1, "rejected at the first line", "{more:?}: {r:?}");
    }
}
