//! The `solve` program (`src/bin/solve.rs`): the reference solution of a built-in problem as a
//! program of its own, run as a user runs it and compared with `gridjudge solve`.

mod common;

use std::path::PathBuf;
use std::process::Output;

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");

fn solve(args: &[&str], stdin: &[u8]) -> Output {
    common::run_with(SOLVE, args, stdin)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Every sample input of every built-in problem (`problems/<p>/samples/*.in`), sorted.
fn samples(p: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(common::problem_dir(p).join("samples"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|f| f.extension().is_some_and(|x| x == "in"))
        .collect();
    v.sort();
    v
}

/// The same answers, exit statuses and error messages as `gridjudge solve` (whose messages
/// start `gridjudge: error:` where these start `solve: error:`), on every sample and on bad
/// inputs, with the constraints and lifted.
#[test]
fn solve_answers_as_gridjudge_solve_does() {
    for p in gridjudge::problems::all() {
        let mut inputs: Vec<Vec<u8>> = samples(p.name())
            .iter()
            .map(|f| std::fs::read(f).unwrap())
            .collect();
        assert!(!inputs.is_empty(), "{} has no samples", p.name());
        inputs.extend([
            b"".to_vec(),
            b"2 2\n..\n".to_vec(),
            b"\xff\xfe".to_vec(),
            format!("1 150\n{}\n", ".".repeat(150)).into_bytes(),
        ]);
        for input in &inputs {
            for lifted in [false, true] {
                let mut args = vec![p.name()];
                if lifted {
                    args.push("--no-limits");
                }
                let ours = solve(&args, input);
                let mut command = vec!["solve"];
                command.extend(&args);
                let theirs = common::gridjudge_with(&command, input);
                assert_eq!(ours.status.code(), theirs.status.code(), "{args:?}");
                assert_eq!(text(&ours.stdout), text(&theirs.stdout), "{args:?}");
                assert_eq!(
                    text(&ours.stderr).replacen("solve: error:", "", 1),
                    text(&theirs.stderr).replacen("gridjudge: error:", "", 1),
                    "{args:?}"
                );
            }
        }
    }
    // The official answers, too.
    for p in gridjudge::problems::all() {
        for f in samples(p.name()) {
            let out = solve(&[p.name()], &std::fs::read(&f).unwrap());
            assert_eq!(
                text(&out.stdout),
                text(&std::fs::read(f.with_extension("ans")).unwrap()),
                "{}",
                f.display()
            );
        }
    }
}

/// `--config` reads another problem.toml: its bounds apply, and a file for another problem is
/// refused, naming both.
#[test]
fn config_replaces_the_built_in_bounds() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("problem.toml");
    let text_of = |f: &str| std::fs::read_to_string(common::problem_dir("game").join(f)).unwrap();
    // [lifted] may not be narrower than [constraints]: both narrowed.
    let narrowed = text_of("problem.toml")
        .replace("m = [1, 100]", "m = [1, 2]")
        .replace("m = [1, 20000]", "m = [1, 2]");
    assert_ne!(
        narrowed,
        text_of("problem.toml"),
        "the lifted bound of m moved"
    );
    std::fs::write(&config, narrowed).unwrap();
    let input = b"1 3\n...\n";
    let out = solve(&["game", "--no-limits"], input);
    assert_eq!(text(&out.stdout), "WIN\n1 1\n1 3\n");
    let cfg = config.to_str().unwrap();
    let out = solve(&["game", "--no-limits", "--config", cfg], input);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("solve: error: line 1, column 3") && err.contains("M in 1..=2"),
        "{err}"
    );
    let out = solve(&[&format!("--config={cfg}"), "bunny"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("problem.toml is for `game`, not `bunny`"),
        "{}",
        text(&out.stderr)
    );
    let out = solve(&["game", "--config", "/nonexistent/problem.toml"], input);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/problem.toml"));
}

/// The arguments are read in any order, `--config` with its value apart or after `=`.
#[test]
fn arguments_are_read_in_any_order() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("problem.toml");
    let toml = std::fs::read_to_string(common::problem_dir("game").join("problem.toml")).unwrap();
    let narrowed = toml
        .replace("m = [1, 100]", "m = [1, 2]")
        .replace("m = [1, 20000]", "m = [1, 2]");
    std::fs::write(&config, narrowed).unwrap();
    let cfg = config.to_str().unwrap();
    let with_equals = format!("--config={cfg}");
    for args in [
        &["game", "--no-limits", "--config", cfg][..],
        &[&with_equals, "game", "--no-limits"],
        &["--no-limits", "--config", cfg, "game"],
    ] {
        // The lifted bounds of this config: 3 columns are one too many.
        let out = solve(args, b"1 3\n...\n");
        assert!(text(&out.stderr).contains("M in 1..=2"), "{args:?}");
        let out = solve(args, b"1 2\n..\n");
        assert_eq!(text(&out.stdout), "LOSE\n", "{args:?}");
    }
}

/// Usage errors exit 2 naming the argument, as clap's programs do; `--help` lists the built-in
/// problems; an unknown problem lists the known ones.
#[test]
fn the_command_line_is_checked() {
    for (args, message) in [
        (&[][..], "the problem name is required"),
        (&["game", "--limits"], "unexpected argument `--limits`"),
        (&["game", "bunny"], "unexpected argument `bunny`"),
        (
            &["game", "--config"],
            "a value is required for `--config <file>`",
        ),
        (
            &["game", "--config="],
            "a value is required for `--config <file>`",
        ),
        (
            &["game", "--config", "--no-limits"],
            "a value is required for `--config <file>`",
        ),
        (
            &["game", "--config=a", "--config", "b"],
            "the argument `--config <file>` cannot be used more than once",
        ),
        (
            &["--no-limits", "game", "--no-limits"],
            "the argument `--no-limits` cannot be used more than once",
        ),
        (&["game", "--", "bunny"], "unexpected argument `bunny`"),
    ] {
        let out = solve(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with(&format!("solve: error: {message}\nusage: solve <problem>")),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
    let out = solve(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("Problem name (game, bunny, duel)"));
    let out = solve(&["-V"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("solve {}\n", env!("CARGO_PKG_VERSION"))
    );
    let out = solve(&["chess"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "solve: error: unknown problem `chess` (known: game, bunny, duel)\n"
    );
}

/// `--` ends the options; a path that is not UTF-8 is passed on as it is (and named in the
/// error when it cannot be read).
#[test]
fn arguments_are_taken_as_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let sample = std::fs::read(common::problem_dir("game").join("samples/sample1.in")).unwrap();
    let out = solve(&["--", "game"], &sample);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let path = std::ffi::OsStr::from_bytes(b"--config=/nonexistent/\xff.toml");
    let out = common::run_with(SOLVE, &[std::ffi::OsStr::new("game"), path], &sample);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("solve: error: cannot read /nonexistent/\u{fffd}.toml"),
        "{}",
        text(&out.stderr)
    );
}

/// A `problem.toml` whose bounds are wider than a grid can be: every size is an error naming
/// it, never a size cut to 32 bits, a wrapped product or a crash (both programs).
#[test]
fn sizes_beyond_a_grid_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("problem.toml");
    let toml = std::fs::read_to_string(common::problem_dir("game").join("problem.toml")).unwrap();
    let mut wide = toml.clone();
    for (from, to) in [
        ("n = [1, 20000]", "n = [-5, 9223372036854775807]"),
        ("m = [1, 20000]", "m = [-5, 9223372036854775807]"),
        ("cells = [1, 100000000]", ""),
    ] {
        assert!(wide.contains(from), "{from}");
        wide = wide.replace(from, to);
    }
    std::fs::write(&config, &wide).unwrap();
    // The same with `cells` kept (and wider than a grid): read by the canonical fast path too.
    let with_cells = tmp.path().join("with_cells.toml");
    std::fs::write(
        &with_cells,
        wide.replace("[lifted]", "[lifted]\ncells = [1, 9223372036854775807]"),
    )
    .unwrap();
    for (input, message, cfg) in [
        (
            "4294967297 1\n.\n",
            "expected integer N in 1..=4294967295, found `4294967297`",
            &config,
        ),
        (
            "-1 1\n",
            "expected integer N in 1..=4294967295, found `-1`",
            &config,
        ),
        (
            "1 0\n",
            "expected integer M in 1..=4294967295, found `0`",
            &config,
        ),
        (
            "3037000500 3037000500\n",
            "expected N*M <= 4294967295, found 3037000500*3037000500 = 9223372037000250000",
            &with_cells,
        ),
        (
            "4294967296 4294967296\n",
            "expected integer N in 1..=4294967295, found `4294967296`",
            &with_cells,
        ),
        (
            "3037000500 3037000500\n",
            "expected N*M <= 4294967295, found 3037000500*3037000500 = 9223372037000250000",
            &config,
        ),
        (
            "65536 65536\n",
            "expected N*M <= 4294967295, found 65536*65536 = 4294967296",
            &config,
        ),
    ] {
        let args = ["game", "--no-limits", "--config", cfg.to_str().unwrap()];
        let out = solve(&args, input.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{input}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(message), "{}", text(&out.stderr));
        let mut command = vec!["solve"];
        command.extend(args);
        let out = common::gridjudge_with(&command, input.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{input}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(message), "{}", text(&out.stderr));
    }
}

/// A stdin file larger than the memory the program may have is an error, not an abort: the
/// buffer is reserved fallibly. (A sparse 4 GiB file, under a 1 GiB address-space limit.)
#[test]
fn an_input_larger_than_memory_is_an_error() {
    use std::os::unix::process::CommandExt;
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("huge.in");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(4 << 30)
        .unwrap();
    for (exe, args, prefix) in [
        (SOLVE, &["game"][..], "solve"),
        (
            env!("CARGO_BIN_EXE_gridjudge"),
            &["solve", "game"],
            "gridjudge",
        ),
    ] {
        let mut cmd = std::process::Command::new(exe);
        cmd.args(args)
            .stdin(std::fs::File::open(&path).unwrap())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        // SAFETY: getrlimit and setrlimit are plain system calls that allocate nothing and take
        // no lock, so they are safe between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                let mut limit = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                if libc::getrlimit(libc::RLIMIT_AS, &mut limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                limit.rlim_max = limit.rlim_max.min(1 << 30);
                limit.rlim_cur = limit.rlim_max;
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr),
            format!("{prefix}: error: cannot read stdin: 4294967296 bytes do not fit in memory\n")
        );
    }
}

/// A stdout that cannot take the answer (a full device) is an error naming stdout, and a
/// stderr that cannot take the message leaves the exit status alone (no panic), in both
/// programs.
#[test]
fn a_full_stdout_or_stderr_is_an_error_not_a_crash() {
    use std::process::{Command, Stdio};
    let sample = common::problem_dir("game").join("samples/sample1.in");
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    for (exe, args, prefix) in [
        (SOLVE, &["game"][..], "solve"),
        (
            env!("CARGO_BIN_EXE_gridjudge"),
            &["solve", "game"],
            "gridjudge",
        ),
    ] {
        let run = |stdout: Stdio, stderr: Stdio, stdin: &std::path::Path| {
            Command::new(exe)
                .args(args)
                .stdin(std::fs::File::open(stdin).unwrap())
                .stdout(stdout)
                .stderr(stderr)
                .output()
                .unwrap()
        };
        let out = run(full().into(), Stdio::piped(), &sample);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(&out.stderr),
            format!(
                "{prefix}: error: cannot write stdout: No space left on device (os error 28)\n"
            )
        );
        // An invalid input (empty), its message lost on a full stderr: still exit 1.
        let out = run(
            Stdio::null(),
            full().into(),
            std::path::Path::new("/dev/null"),
        );
        assert_eq!(out.status.code(), Some(1), "{prefix}");
    }
}

/// A reader of stdout that has gone: exit 141 and nothing on stderr, for an answer and for the
/// help alike.
#[test]
fn a_closed_stdout_ends_solve_quietly() {
    let sample = common::problem_dir("game").join("samples/sample1.in");
    for args in [&["game"][..], &["--help"]] {
        let out = common::with_closed_stdout(SOLVE, args, &sample);
        assert_eq!(out.status.code(), Some(141), "{args:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
}

/// A program problem is found as `gridjudge` finds it, in the nearest problems folder from
/// the current folder up (here `geography`, copied from the repository): `solve` answers as
/// `gridjudge solve` does there. Built-in problems still work there and anywhere; the program
/// problem is unknown where no problems folder holds it.
#[test]
fn a_program_problem_of_the_nearest_problems_folder() {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_problem(
        &common::problem_dir("geography"),
        &tmp.path().join("problems/geography"),
    );
    let inside = tmp.path().join("problems/geography/samples");
    let sample = std::fs::read(inside.join("1.in")).unwrap();
    let run_on = |exe: &str, dir: &std::path::Path, args: &[&str], stdin: &[u8]| {
        let mut child = std::process::Command::new(exe)
            .args(args)
            .current_dir(dir)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // A program that exits before reading its input (an unknown problem) breaks the pipe.
        if let Err(e) = std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        child.wait_with_output().unwrap()
    };
    let run = |exe: &str, dir: &std::path::Path, args: &[&str]| run_on(exe, dir, args, &sample);
    let o = run(SOLVE, &inside, &["geography"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let g = run(
        env!("CARGO_BIN_EXE_gridjudge"),
        &inside,
        &["solve", "geography"],
    );
    assert_eq!(g.status.code(), Some(0), "{}", text(&g.stderr));
    assert_eq!(text(&o.stdout), text(&g.stdout));
    assert_eq!(
        o.stdout,
        std::fs::read(inside.join("1.ans")).unwrap(),
        "the sample's answer"
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let o = run(SOLVE, elsewhere.path(), &["geography"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        "solve: error: unknown problem `geography` (known: game, bunny, duel)\n"
    );
    let game = common::problem_dir("game").join("samples");
    let (input, answer) = (game.join("sample1.in"), game.join("sample1.ans"));
    let input = std::fs::read(input).unwrap();
    for dir in [inside.as_path(), elsewhere.path()] {
        let o = run_on(SOLVE, dir, &["game"], &input);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert_eq!(o.stdout, std::fs::read(&answer).unwrap());
    }
}
