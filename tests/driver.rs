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

/// The help follows cargo's and git's conventions: `gridjudge --help` fits a terminal of 80
/// columns and 24 lines with one line per command, and every command's `--help` (the long
/// text; `-h` is the short one) ends with examples that start with `gridjudge <command>`.
#[test]
fn help_fits_one_screen_and_every_command_ends_with_examples() {
    let out = gridjudge(&["--help"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() <= 23,
        "{} lines (a prompt must fit too):\n{text}",
        lines.len()
    );
    for l in &lines {
        assert!(l.chars().count() <= 80, "over 80 columns: {l:?}");
    }
    let start = lines.iter().position(|l| *l == "Commands:").unwrap() + 1;
    let commands: Vec<&str> = lines[start..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 15, "{commands:?}");
    for c in commands {
        let long = gridjudge(&[c, "--help"], b"");
        let long = String::from_utf8_lossy(&long.stdout);
        let (_, examples) = long
            .rsplit_once("\nExamples:\n")
            .unwrap_or_else(|| panic!("`{c} --help` has no examples:\n{long}"));
        let ex: Vec<&str> = examples.lines().collect();
        assert!((2..=3).contains(&ex.len()), "`{c} --help`: {ex:?}");
        for e in ex {
            let e = e.trim_start().trim_start_matches("sudo ");
            assert!(
                e.starts_with(&format!("gridjudge {c}")),
                "`{c} --help`: {e:?}"
            );
        }
        let short = gridjudge(&[c, "-h"], b"");
        let short = String::from_utf8_lossy(&short.stdout);
        assert!(
            !short.contains("Examples:"),
            "`{c} -h` is the short help:\n{short}"
        );
        assert!(short.len() < long.len(), "`{c} -h`");
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
            "merge",
            "timelimit",
            "mutants",
            "stress",
            "slowest",
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

/// The JSON document a `--json` command printed on stdout (panics, naming the output, when
/// there is none).
fn json_of(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("no JSON document on stdout ({e}):\n{}", common::text(out)))
}

/// `--json` prints a document in every outcome: a lock difference, a package that is not
/// built, a submission that does not compile, an unknown problem; `list` and `export` have it.
#[test]
fn json_comes_out_when_the_command_fails() {
    let tmp = tempfile::tempdir().unwrap();
    let polygon = [
        "polygon/check.cpp",
        "polygon/validator.cpp",
        "statement/problem.en.tex",
        "submissions/accepted/kuhn_recursive.cpp",
    ];
    common::small_game(&tmp.path().join("game"), TWO_TESTS, &polygon);
    let root = tmp.path().to_str().unwrap();
    // No lock yet: --locked refuses.
    let out = gridjudge(
        &[
            "build",
            "game",
            "--problems-dir",
            root,
            "--locked",
            "--json",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let doc = json_of(&out);
    assert_eq!(doc["ok"], false, "{doc}");
    assert!(
        doc["error"].as_str().unwrap().contains("no lock file"),
        "{doc}"
    );
    assert_eq!(doc["problems"][0]["problem"], "game", "{doc}");
    // Not built: judge and export cannot run.
    let out = gridjudge(
        &["judge", "game", "true", "--problems-dir", root, "--json"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let doc = json_of(&out);
    assert_eq!(
        (doc["ok"].clone(), doc["problem"].clone()),
        (false.into(), "game".into())
    );
    let dest = tmp.path().join("out");
    let dest = dest.to_str().unwrap();
    let export = [
        "export",
        "game",
        "--problems-dir",
        root,
        "--format",
        "polygon",
        "-o",
        dest,
        "--no-compiled-statement",
        "--json",
    ];
    let out = gridjudge(&export, b"");
    assert_eq!(out.status.code(), Some(1));
    let doc = json_of(&out);
    assert_eq!(
        (doc["ok"].clone(), doc["format"].clone()),
        (false.into(), "polygon".into())
    );
    // Built: the success shapes carry `ok` too.
    let out = gridjudge(&["build", "game", "--problems-dir", root, "--json"], b"");
    let doc = json_of(&out);
    assert_eq!(doc["ok"], true, "{doc}");
    assert_eq!(doc["problems"][0]["tests"].as_array().unwrap().len(), 2);
    let doc = json_of(&gridjudge(&export, b""));
    assert_eq!(
        (doc["ok"].clone(), doc["tests"].clone()),
        (true.into(), 2.into()),
        "{doc}"
    );
    let doc = json_of(&gridjudge(&["list", "--problems-dir", root, "--json"], b""));
    assert_eq!(doc["ok"], true, "{doc}");
    assert_eq!(doc["problems"][0]["name"], "game", "{doc}");
    assert_eq!(
        doc["problems"][0]["generators"][0]["name"], "random",
        "{doc}"
    );
    // A submission that does not compile: stress stops before its first seed.
    let bad = tmp.path().join("bad.rs");
    std::fs::write(&bad, "fn main() { undeclared_name }\n").unwrap();
    let out = gridjudge(
        &[
            "stress",
            "game",
            bad.to_str().unwrap(),
            "--problems-dir",
            root,
            "--seeds",
            "1..2",
            "--json",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let doc = json_of(&out);
    assert_eq!(doc["ok"], false, "{doc}");
    assert!(
        doc["error"].as_str().unwrap().contains("undeclared_name"),
        "{doc}"
    );
    // An unknown problem.
    let doc = json_of(&gridjudge(
        &["verify", "chess", "--problems-dir", root, "--json"],
        b"",
    ));
    assert_eq!(doc["ok"], false, "{doc}");
}

/// `build` with no name builds every problem, each on its own: one that fails does not stop
/// the others, whose packages are written; each is reported and the exit status is 1.
#[test]
fn one_bad_problem_does_not_stop_the_others() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("problems");
    // `game` sorts first and fails (a generator that does not exist); `zz` is good.
    common::small_game(&root.join("game"), "[[test]]\ngen = \"nosuch\"\n", &[]);
    let zz = root.join("zz");
    write_program_problem(&zz, "{ gen = \"gen.py\" }", "[[test]]\ngen = \"gen 3\"\n");
    let dir = root.to_str().unwrap();
    let out = gridjudge(&["build", "--problems-dir", dir], b"");
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    let err = text(&out.stderr);
    assert!(err.contains("game") && err.contains("nosuch"), "{err}");
    assert!(
        err.contains("1 of 2 problem(s) failed to build: game") && err.contains("built: zz"),
        "{err}"
    );
    assert!(
        text(&out.stdout).contains("== zz (1 tests)"),
        "{}",
        common::text(&out)
    );
    assert!(zz.join("tests/01.in").is_file() && zz.join("tests.lock").is_file());
    // JSON: one entry per problem.
    let doc = json_of(&gridjudge(&["build", "--problems-dir", dir, "--json"], b""));
    assert_eq!(doc["ok"], false, "{doc}");
    assert_eq!(doc["problems"][0]["ok"], false, "{doc}");
    assert_eq!(doc["problems"][1]["problem"], "zz", "{doc}");
}

/// `list` lists the good problems and names the bad folder (a symlink to another problem's
/// folder, whose problem.toml names that problem), with exit status 1.
#[test]
fn one_bad_folder_does_not_break_list() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("problems");
    common::small_game(&root.join("game"), TWO_TESTS, &[]);
    let zz = root.join("zz");
    write_program_problem(&zz, "{ gen = \"gen.py\" }", "");
    let dir = root.to_str().unwrap();
    std::os::unix::fs::symlink(&zz, root.join("copy")).unwrap();
    let out = gridjudge(&["list", "--problems-dir", dir], b"");
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    let listed = text(&out.stdout);
    assert!(
        listed.contains("game  (gridjudge)\n") && listed.contains("zz  (gridjudge)\n  gen\n"),
        "{listed}"
    );
    assert!(!listed.contains("copy"), "{listed}");
    let err = text(&out.stderr);
    assert!(err.contains("problem folder `copy`"), "{err}");
}

/// A program problem `p` in `dir` (Python programs): generator `gen.py N` prints N sevens, the
/// validator takes anything, the reference prints how many tokens the input has.
fn write_program_problem(dir: &Path, generators: &str, manifest: &str) {
    std::fs::create_dir_all(dir).unwrap();
    let name = dir.file_name().unwrap().to_str().unwrap();
    let toml = format!(
        "name = \"{name}\"\ntitle = \"Count\"\n\n[limits]\ntime_ms = 2000\nmemory_mib = 256\n\n\
         [programs]\ngenerators = {generators}\nvalidator = {{ source = \"val.py\", convention = \
         \"testlib\" }}\nsolution = \"sol.py\"\nchecker = {{ builtin = \"tokens\" }}\n\n\
         [programs.limits]\ntime_ms = 5000\nmemory_mib = 256\noutput_mib = 4\n"
    );
    std::fs::write(dir.join("problem.toml"), toml).unwrap();
    std::fs::write(
        dir.join("gen.py"),
        "import sys\nprint(\" \".join([\"7\"] * int(sys.argv[1])))\n",
    )
    .unwrap();
    std::fs::write(dir.join("val.py"), "import sys\nsys.stdin.read()\n").unwrap();
    std::fs::write(
        dir.join("sol.py"),
        "import sys\nprint(len(sys.stdin.read().split()))\n",
    )
    .unwrap();
    std::fs::write(dir.join("manifest.toml"), manifest).unwrap();
}

/// `generators = {}`: a program problem whose tests are all hand-made builds.
#[test]
fn a_problem_of_hand_made_tests_needs_no_generator() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("hand");
    write_program_problem(&dir, "{}", "[[test]]\nfile = \"hand/1.in\"\n");
    std::fs::create_dir_all(dir.join("hand")).unwrap();
    std::fs::write(dir.join("hand/1.in"), "7 7 7\n").unwrap();
    let root = tmp.path().to_str().unwrap();
    common::ok(&gridjudge(&["build", "hand", "--problems-dir", root], b""));
    assert_eq!(std::fs::read(dir.join("tests/01.ans")).unwrap(), b"3\n");
}

/// The report of a problem without boards (a program problem) shows no board statistics and
/// suggests no `render` (it has no pictures).
#[test]
fn the_report_of_a_problem_without_boards_shows_none() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    write_program_problem(&dir, "{ gen = \"gen.py\" }", "[[test]]\ngen = \"gen 3\"\n");
    let root = tmp.path().to_str().unwrap();
    common::ok(&gridjudge(
        &["build", "p", "--problems-dir", root, "--report"],
        b"",
    ));
    let index = std::fs::read_to_string(dir.join("report/index.html")).unwrap();
    assert!(
        !index.contains("cells n·m") && !index.contains("picture"),
        "{index}"
    );
    let page = std::fs::read_to_string(dir.join("report/tests/01.html")).unwrap();
    assert!(
        !page.contains("gridjudge render") && !page.contains("no picture"),
        "{page}"
    );
}

/// A counterexample too long for the terminal is cut, with a note naming the file that holds
/// it whole.
#[test]
fn a_long_counterexample_is_cut_with_the_whole_file_named() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    write_program_problem(&dir, "{ gen = \"gen.py\" }", "");
    let root = tmp.path().to_str().unwrap();
    let out = gridjudge(
        &[
            "stress",
            "p",
            "echo 0",
            "--problems-dir",
            root,
            "--generator",
            "gen",
            "100000",
            "--seeds",
            "1..1",
            "--no-shrink",
            "--no-sandbox",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    let stdout = text(&out.stdout);
    assert!(stdout.len() < 20_000, "{} bytes printed", stdout.len());
    let note = stdout
        .lines()
        .find(|l| l.contains("the whole input is in "))
        .unwrap_or_else(|| panic!("no note:\n{stdout}"));
    let path = note.split("the whole input is in ").nth(1).unwrap();
    let path = path.trim_end_matches(')');
    let whole = std::fs::read(path).unwrap();
    assert_eq!(whole.len(), 200_000);
}

/// `stress --generator` takes the line as one string, split as a shell would (as the guide
/// shows it), and as separate words.
#[test]
fn the_stress_generator_line_is_one_string_or_words() {
    let tmp = tempfile::tempdir().unwrap();
    write_program_problem(&tmp.path().join("p"), "{ gen = \"gen.py\" }", "");
    let root = tmp.path().to_str().unwrap();
    for line in [&["gen 3"][..], &["gen", "3"], &["'gen'  3"]] {
        let mut args = vec![
            "stress",
            "p",
            "echo 3",
            "--problems-dir",
            root,
            "--generator",
        ];
        args.extend(line);
        args.extend(["--seeds", "1..2", "--no-sandbox"]);
        let out = gridjudge(&args, b"");
        let stdout = common::ok(&out);
        assert!(
            stdout.contains("2 seed(s) of `gen 3`"),
            "{line:?}: {stdout}"
        );
    }
    let out = gridjudge(
        &[
            "stress",
            "p",
            "echo 3",
            "--problems-dir",
            root,
            "--generator",
            "gen '3",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("unclosed quote"),
        "{}",
        common::text(&out)
    );
}

/// Suggested commands are quoted for the shell: a problems folder with a space.
#[test]
fn suggested_commands_are_shell_quoted() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("my problems");
    common::small_game(&root.join("game"), TWO_TESTS, &[]);
    let out = gridjudge(
        &[
            "build",
            "game",
            "--problems-dir",
            root.to_str().unwrap(),
            "--locked",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let want = format!("`gridjudge build game --problems-dir '{}'`", root.display());
    assert!(err.contains(&want), "{want} not in {err}");
}

/// `gridjudge judge --help` names every language of the table in `exec::compile`.
#[test]
fn the_help_names_every_language() {
    let help = text(&gridjudge(&["judge", "--help"], b"").stdout);
    for ext in [".cpp", ".c ", ".rs", ".py", ".java"] {
        assert!(help.contains(ext), "{ext} not in {help}");
    }
}

/// `stress --help` names the default generator line of a program problem.
#[test]
fn the_stress_help_names_the_default_of_program_problems() {
    let help = text(&gridjudge(&["stress", "--help"], b"").stdout);
    assert!(help.contains("`stress` line of [programs]"), "{help}");
}

/// Completions offer `--format`'s values and the problem names (built-in and of the problems
/// folder).
#[test]
fn completions_offer_formats_and_problem_names() {
    let tmp = tempfile::tempdir().unwrap();
    write_program_problem(&tmp.path().join("mine"), "{}", "");
    let out = gridjudge(
        &[
            "completions",
            "bash",
            "--problems-dir",
            tmp.path().to_str().unwrap(),
        ],
        b"",
    );
    let script = common::ok(&out);
    assert!(
        script.contains("testlib kattis kattis-2025-09 polygon"),
        "no --format values"
    );
    assert!(script.contains("bunny duel game mine"), "no problem names");
}
