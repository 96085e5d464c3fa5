//! Progress bars of `build`, `stress` and `export`, through the real binary: drawn on a
//! terminal, absent (no `\r`, no escape sequences) when stderr is a pipe, and never a change to
//! what is written.
//!
//! The terminal is a pseudo-terminal made by util-linux `script` (`script -qec CMD /dev/null`,
//! from bsdutils, which every Debian system has). `TERM=xterm` is set in both cases: indicatif
//! draws nothing for `TERM=dumb`, and the piped runs must stay plain even with a capable `TERM`.
//! A pseudo-terminal turns `\n` into `\r\n`, so there the bar is recognised by its label and its
//! colour escapes, not by `\r`.
//!
//! Each test works on a small copy of `game` (a short manifest of its own, no lock) in a
//! temporary folder and takes well under a second.

mod common;

use common::utf8;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const GRIDJUDGE: &str = env!("CARGO_BIN_EXE_gridjudge");

/// Eight small tests, one of them the official sample.
fn manifest() -> String {
    common::game_manifest(&[
        ("open n=1 m=1", 1),
        ("walls n=5 m=5", 1),
        ("random n=5 m=5 walls=0.3", 1),
        ("random n=5 m=5 walls=0.3", 2),
        ("maze n=5 m=5", 1),
        ("lose n=5 m=5 walls=0.2", 1),
        ("random n=30 m=30 walls=0.3", 3),
    ])
}

const TESTS: usize = 8;

/// `<root>/game` with the committed problem.toml, sample and C++ testlib sources and
/// [`manifest`]; returns `root`.
fn small_game(root: &Path) -> PathBuf {
    // The C++ checker and validator a testlib export ships.
    let testlib = ["testlib/checker.cpp", "testlib/validator.cpp"];
    common::small_game(&root.join("game"), &manifest(), &testlib);
    root.to_path_buf()
}

/// Runs gridjudge with stdout and stderr piped (not a terminal).
fn piped<S: AsRef<str>>(args: &[S]) -> Output {
    Command::new(GRIDJUDGE)
        .args(args.iter().map(AsRef::as_ref))
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Quotes `word` for `sh`.
fn sh_quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// Runs gridjudge on a pseudo-terminal made by `script`; returns the exit code (`script -e`
/// passes on the command's) and everything the command wrote to the terminal.
fn on_terminal<S: AsRef<str>>(args: &[S]) -> (Option<i32>, String) {
    let have_script = Command::new("script")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        have_script,
        "util-linux `script` is needed to run gridjudge on a pseudo-terminal (Debian: bsdutils)"
    );
    let cmd = std::iter::once(GRIDJUDGE)
        .chain(args.iter().map(AsRef::as_ref))
        .map(sh_quote)
        .collect::<Vec<_>>()
        .join(" ");
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The output of a piped run: no carriage return, no escape sequence, in stdout or stderr.
fn assert_plain(o: &Output) {
    for (what, bytes) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            !bytes.contains(&b'\r') && !bytes.contains(&0x1b),
            "{what} of a piped run has \\r or an escape:\n{text:?}"
        );
    }
}

/// Terminal output that shows a drawn bar: its label and the bar's colour escape.
fn assert_drawn(terminal: &str, label: &str) {
    assert!(
        terminal.contains(label) && terminal.contains("\x1b["),
        "no bar `{label}` on the terminal:\n{terminal:?}"
    );
}

/// Every file under `dir` (relative path, bytes), sorted.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push((
                    p.strip_prefix(root).unwrap().to_path_buf(),
                    fs::read(&p).unwrap(),
                ));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn build_draws_a_bar_only_on_a_terminal_and_writes_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = small_game(&tmp.path().join("plain"));
    let tty = small_game(&tmp.path().join("tty"));

    let o = piped(&["build", "game", "--problems-dir", utf8(&plain), "-j", "2"]);
    let stdout = common::ok(&o);
    assert_plain(&o);
    assert!(
        stdout.contains(&format!("== game ({TESTS} tests)")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("game: lock created ({TESTS} tests)")),
        "{stdout}"
    );

    let (code, terminal) = on_terminal(&["build", "game", "--problems-dir", utf8(&tty), "-j", "2"]);
    assert_eq!(code, Some(0), "{terminal}");
    assert_drawn(&terminal, &format!("/{TESTS} tests built"));
    assert!(
        terminal.contains(&format!("== game ({TESTS} tests)")),
        "{terminal}"
    );

    // The same tests, answers and lock, byte for byte.
    let built = |root: &Path| {
        let mut f = files(&root.join("game/tests"));
        f.push((
            "tests.lock".into(),
            fs::read(root.join("game/tests.lock")).unwrap(),
        ));
        f
    };
    let (a, b) = (built(&plain), built(&tty));
    // NN.in and NN.ans, the build's own tests.lock and .replaces, and the committed tests.lock.
    assert_eq!(a.len(), 2 * TESTS + 3);
    assert!(a == b, "a build on a terminal wrote other bytes");

    // A --locked rebuild on the terminal agrees with the lock written without a bar.
    let (code, terminal) =
        on_terminal(&["build", "game", "--problems-dir", utf8(&plain), "--locked"]);
    assert_eq!(code, Some(0), "{terminal}");
    assert!(terminal.contains("game: matches the lock"), "{terminal}");
}

#[test]
fn stress_counts_seeds_on_a_terminal_and_stays_plain_on_a_pipe() {
    let tmp = tempfile::tempdir().unwrap();
    let root = small_game(tmp.path());
    let cache = tmp.path().join("cache");
    // The reference solution as a command-line submission: nothing to compile.
    assert!(!GRIDJUDGE.contains(char::is_whitespace));
    let reference = format!("{GRIDJUDGE} solve game");
    let stress = |submission: &str, extra: &[&str]| -> Vec<String> {
        let mut a = vec!["stress", "game", submission, "-j", "2"];
        a.extend(["--problems-dir", utf8(&root), "--cache-dir", utf8(&cache)]);
        a.extend(extra);
        a.into_iter().map(String::from).collect()
    };

    // A seed range: a bar over the seeds.
    let range = stress(&reference, &["--seeds", "1..12"]);
    let o = piped(&range);
    let stdout = common::ok(&o);
    assert_plain(&o);
    assert!(
        stdout.contains(": 12 seed(s) of `random m=2..5 n=2..5`")
            && stdout.contains(", 0 failure(s)"),
        "{stdout}"
    );
    let (code, terminal) = on_terminal(&range);
    assert_eq!(code, Some(0), "{terminal}");
    assert_drawn(&terminal, "/12 seeds");
    assert!(terminal.contains(": 12 seed(s) of"), "{terminal}");

    // A time budget: a spinner counting the seeds (the report says `seed(s)`, the spinner
    // `seeds`).
    let timed = stress(&reference, &["--time", "300ms"]);
    let o = piped(&timed);
    common::ok(&o);
    assert_plain(&o);
    let (code, terminal) = on_terminal(&timed);
    assert_eq!(code, Some(0), "{terminal}");
    assert_drawn(&terminal, " seeds ");
    assert!(terminal.contains(", 0 failure(s)"), "{terminal}");

    // A failure, shrunk: the counterexample is printed the same way, the exit code is 1.
    let failing = stress("echo LOSE", &["--seeds", "1..6"]);
    let o = piped(&failing);
    assert_eq!(o.status.code(), Some(1));
    assert_plain(&o);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("counterexample: seed 1 of"), "{stdout}");
    let (code, terminal) = on_terminal(&failing);
    assert_eq!(code, Some(1), "{terminal}");
    assert_drawn(&terminal, "/6 seeds");
    assert!(terminal.contains("counterexample: seed 1 of"), "{terminal}");
}

#[test]
fn export_draws_a_bar_only_on_a_terminal_and_writes_the_same_package() {
    let tmp = tempfile::tempdir().unwrap();
    let root = small_game(&tmp.path().join("problems"));
    common::ok(&piped(&[
        "build",
        "game",
        "--problems-dir",
        utf8(&root),
        "-j",
        "2",
    ]));
    // The export only copies the checker and validator binaries: stand-ins will do.
    let bins = tmp.path().join("bin");
    fs::create_dir_all(&bins).unwrap();
    for b in ["checker", "validator"] {
        fs::write(bins.join(b), "#!/bin/sh\nexit 0\n").unwrap();
    }
    let export = |out: &Path| -> Vec<String> {
        let mut a = vec!["export", "game", "--format", "testlib", "-o", utf8(out)];
        a.extend(["--problems-dir", utf8(&root), "--bin-dir", utf8(&bins)]);
        a.into_iter().map(String::from).collect()
    };
    let plain_out = tmp.path().join("plain");
    let tty_out = tmp.path().join("tty");

    let o = piped(&export(&plain_out));
    let stdout = common::ok(&o);
    assert_plain(&o);
    assert!(
        stdout.contains(&format!(
            "exported game (testlib): {TESTS} tests (1 sample) ->"
        )),
        "{stdout}"
    );

    let (code, terminal) = on_terminal(&export(&tty_out));
    assert_eq!(code, Some(0), "{terminal}");
    assert_drawn(&terminal, &format!("/{TESTS} tests written"));
    assert!(terminal.contains("exported game (testlib)"), "{terminal}");

    let (a, b) = (files(&plain_out), files(&tty_out));
    assert!(a.len() > 2 * TESTS);
    assert!(a == b, "an export on a terminal wrote another package");
}

#[test]
fn a_compile_shows_a_spinner_on_a_terminal_and_one_plain_line_on_a_pipe() {
    let tmp = tempfile::tempdir().unwrap();
    let root = small_game(&tmp.path().join("problems"));
    common::ok(&piped(&["build", "game", "--problems-dir", utf8(&root)]));
    // A Rust submission that prints LOSE: wrong on some tests, but what matters is the compile.
    let src = tmp.path().join("lose.rs");
    fs::write(&src, "fn main() { println!(\"LOSE\"); }\n").unwrap();
    let judge = |cache: &Path| -> Vec<String> {
        let a = ["judge", "game", utf8(&src), "--tests", "1"];
        let mut a: Vec<&str> = a.to_vec();
        a.extend(["--problems-dir", utf8(&root), "--cache-dir", utf8(cache)]);
        a.into_iter().map(String::from).collect()
    };
    let o = piped(&judge(&tmp.path().join("cache-plain")));
    assert_plain(&o);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let line = format!("compiling {} (rustc)", utf8(&src));
    assert_eq!(stderr.matches(&line).count(), 1, "{stderr}");
    let (_, terminal) = on_terminal(&judge(&tmp.path().join("cache-tty")));
    assert_drawn(&terminal, &line);
    // Cached: nothing is compiled, nothing is shown.
    let o = piped(&judge(&tmp.path().join("cache-plain")));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("compiling"));
}
