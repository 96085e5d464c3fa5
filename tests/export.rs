//! `gridjudge export`: the testlib and Kattis layouts, run through the real binaries.
//!
//! Every test builds the problem's committed manifest in a temporary copy of its folder
//! (checked against the committed lock, as CI's `build --locked` does), so nothing depends on
//! `problems/<p>/tests/` of the work tree.
//!
//! `kattis_packages_pass_verifyproblem` needs the network (it installs `problemtools` from PyPI
//! into `target/problemtools-venv`, reused when present), TeX Live with LuaLaTeX for the
//! statement, and about two minutes, so it is ignored by `cargo test`; `.ci/run` installs what
//! it needs and runs it with `cargo test --test export -- --ignored`.
//! `kattis_2025_packages_pass_bapctools` likewise installs BAPCtools (`bapctools` from PyPI)
//! into `target/bapctools-venv` and runs `bt validate` and `bt run` in every problem's 2025-09
//! package (it needs `pypy3`, with which BAPCtools runs Python, or bt warns), then `bt zip` on
//! the contest of all of them (it needs `latexmk` and the LaTeX packages of BAPCtools' class).

#[path = "common/tools.rs"]
mod tools;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use gridjudge::package::{build_problem, BuildOptions, LockMode};

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        let name = e.file_name();
        if p.is_dir() {
            if name != "tests" && name != ".builds" {
                copy_dir(&p, &to.join(&name));
            }
        } else {
            fs::copy(&p, to.join(&name)).unwrap();
        }
    }
}

/// A temporary problems folder holding a built copy of `problem`.
fn built(problem: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(problem);
    copy_dir(&src, &tmp.path().join(problem));
    // A problem that plays on another's tests (duel on game's boards) ships that problem's
    // validator: its folder must be beside it.
    if let Some(seed) = gridjudge::problems::by_name(problem)
        .ok()
        .map(|p| p.seed_name())
        .filter(|s| *s != problem)
    {
        copy_dir(&src.with_file_name(seed), &tmp.path().join(seed));
    }
    let opts = BuildOptions {
        problems_dir: tmp.path().to_path_buf(),
        lock: LockMode::Locked,
        jobs: None,
        progress: false,
        delete_unknown: false,
    };
    let cache = gridjudge::problems::default_cache_dir(tmp.path());
    let p = gridjudge::problems::problem(tmp.path(), problem, &cache).unwrap();
    build_problem(p, &opts).unwrap();
    tmp
}

/// The folder with `checker` and `validator` (the same folder as the gridjudge binary under
/// test), made up to date once by `cargo test --workspace --no-run`: the very build that
/// `cargo test --workspace` has just done, so there it costs a second. (A `cargo build -p
/// checker -p validator` resolves features without the dev-dependencies and rebuilds the
/// library and much of its dependency tree: minutes.)
fn bin_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let st = Command::new(cargo)
            .args(["test", "--workspace", "--no-run", "--quiet"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(st.success(), "cannot build checker and validator");
        let dir = Path::new(env!("CARGO_BIN_EXE_gridjudge"))
            .parent()
            .unwrap()
            .to_path_buf();
        assert!(dir.join("checker").is_file() && dir.join("validator").is_file());
        dir
    })
}

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `gridjudge export`. A Kattis export ships only the statement's source unless `extra`
/// names `--problemtools` (compiling it takes LaTeX: the ignored tests, and tests/statement.rs).
fn export(problems: &Path, problem: &str, format: &str, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "export",
        problem,
        "--format",
        format,
        "-o",
        out.to_str().unwrap(),
        "--problems-dir",
        problems.to_str().unwrap(),
        "--bin-dir",
        bin_dir().to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    if format != "testlib" && !extra.contains(&"--problemtools") {
        args.push("--no-compiled-statement");
    }
    gridjudge(&args)
}

fn ok(o: &Output) {
    assert!(
        o.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Compiles a C++ source as a judge would (`g++ -std=c++17 -O2`) into `dir`; the executable.
fn compile_cpp(src: &Path, dir: &Path) -> PathBuf {
    let exe = dir.join(src.file_stem().unwrap());
    let o = Command::new("g++")
        .args(["-std=c++17", "-O2", "-o"])
        .arg(&exe)
        .arg(src)
        .output()
        .expect("g++ is needed (.ci/run installs it)");
    assert!(o.status.success(), "g++ {}: {o:?}", src.display());
    exe
}

fn run_with_stdin(cmd: &Path, args: &[&Path], stdin: &Path) -> (i32, String) {
    let o = Command::new(cmd)
        .args(args)
        .stdin(fs::File::open(stdin).unwrap())
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn testlib_export_numbers_tests_and_calls_checker_and_validator_without_a_problem() {
    let problems = built("game");
    let out_root = tempfile::tempdir().unwrap();
    let out = out_root.path().join("game-testlib");
    ok(&export(
        problems.path(),
        "game",
        "testlib",
        &out,
        &["--zip"],
    ));

    let built_tests = problems.path().join("game/tests");
    // NN.in and NN.ans (beside them: the build's tests.lock and .replaces).
    let count = fs::read_dir(&built_tests)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension() == Some("in".as_ref()))
        .count();
    assert_eq!(count, 47);
    for i in 1..=count {
        let nn = format!("{i:02}");
        for ext in ["in", "ans"] {
            assert_eq!(
                fs::read(out.join(format!("{i}.{ext}"))).unwrap(),
                fs::read(built_tests.join(format!("{nn}.{ext}"))).unwrap(),
                "test {i}.{ext}"
            );
        }
    }
    assert!(!out.join("0.in").exists() && !out.join(format!("{}.in", count + 1)).exists());

    // testlib conventions, no problem argument.
    let (code, msg) = run_with_stdin(&out.join("validator"), &[], &out.join("1.in"));
    assert_eq!(code, 0, "{msg}");
    let bad = out_root.path().join("bad.in");
    fs::write(&bad, "3 3\n.##\n...\n#.#\n\n").unwrap();
    let (code, msg) = run_with_stdin(&out.join("validator"), &[], &bad);
    assert_eq!(code, 3, "{msg}");
    assert!(msg.contains("line 5"), "{msg}");
    let checker = out.join("checker");
    let (input, answer) = (out.join("1.in"), out.join("1.ans"));
    let (code, msg) = run_with_stdin(&checker, &[&input, &answer, &answer], &bad);
    assert_eq!(code, 0, "{msg}");
    let wrong = out_root.path().join("wrong.out");
    fs::write(&wrong, "LOSE\n").unwrap();
    let (code, msg) = run_with_stdin(&checker, &[&input, &wrong, &answer], &bad);
    assert_eq!(code, 1, "{msg}");
    assert!(msg.starts_with("wrong answer "), "{msg}");

    // The C++ sources, compiled and called as a testlib judge does (Hydro: `checker in
    // user_out answer` and the verdict read from the start of stderr).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game/testlib");
    for name in ["checker.cpp", "validator.cpp"] {
        assert_eq!(
            fs::read(out.join(name)).unwrap(),
            fs::read(src.join(name)).unwrap(),
            "{name}"
        );
    }
    let cpp_checker = compile_cpp(&out.join("checker.cpp"), out_root.path());
    let cpp_validator = compile_cpp(&out.join("validator.cpp"), out_root.path());
    for i in 1..=count {
        let (input, answer) = (out.join(format!("{i}.in")), out.join(format!("{i}.ans")));
        let (code, msg) = run_with_stdin(&cpp_validator, &[], &input);
        assert_eq!(code, 0, "validator.cpp on {i}.in: {msg}");
        let (code, msg) = run_with_stdin(&cpp_checker, &[&input, &answer, &answer], &input);
        assert_eq!((code, &msg[..3]), (0, "ok "), "checker.cpp on {i}: {msg}");
    }
    let (code, msg) = run_with_stdin(&cpp_validator, &[], &bad);
    assert_eq!(code, 3, "{msg}");
    assert!(msg.contains("line 5"), "{msg}");
    let (input, answer) = (out.join("1.in"), out.join("1.ans"));
    let (code, msg) = run_with_stdin(&cpp_checker, &[&input, &wrong, &answer], &bad);
    assert_eq!(code, 1, "{msg}");
    assert!(msg.starts_with("wrong answer "), "{msg}");

    // The wrapper scripts take the C++ sources' arguments: testlib's flags, the report file
    // with -appes, CMS's order; the validators write the same overview log.
    let p = Path::new;
    let report = out_root.path().join("report");
    for bin in [&checker, &cpp_checker] {
        let _ = fs::remove_file(&report);
        let args = [
            p("--testset"),
            p("tests"),
            &input,
            &wrong,
            &answer,
            &report,
            p("-appes"),
        ];
        let (code, msg) = run_with_stdin(bin, &args, &bad);
        assert_eq!(code, 1, "{}: {msg}", bin.display());
        let xml = fs::read_to_string(&report).unwrap();
        assert!(
            xml.starts_with(
                "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"wrong-answer\">"
            ) && xml.ends_with("</result>\n"),
            "{}: {xml}",
            bin.display()
        );
        let (code, msg) = run_with_stdin(bin, &[p("--cms"), &input, &answer, &wrong], &bad);
        assert_eq!(code, 0, "{}: {msg}", bin.display());
        assert!(
            msg.starts_with("translate:wrong\n"),
            "{}: {msg}",
            bin.display()
        );
    }
    let mut logs = Vec::new();
    for bin in [&out.join("validator"), &cpp_validator] {
        let log = out_root.path().join(format!("log{}", logs.len()));
        let args = [
            p("--testset"),
            p("tests"),
            p("--group"),
            p("default"),
            p("--testOverviewLogFileName"),
            &log,
            p("--testCase"),
            p("1"),
        ];
        let (code, msg) = run_with_stdin(bin, &args, &input);
        assert_eq!(code, 0, "{}: {msg}", bin.display());
        logs.push(fs::read_to_string(&log).unwrap());
    }
    assert_eq!(logs[0], logs[1]);
    assert!(logs[0].contains("variable \"N\"\n"), "{}", logs[0]);

    // Hydro config: limits, the C++ checker, one subtask per group, every test exactly once,
    // scores add to 100.
    let cfg = fs::read_to_string(out.join("config.yaml")).unwrap();
    assert!(
        cfg.contains("time: 1000ms\n") && cfg.contains("memory: 128m\n"),
        "{cfg}"
    );
    assert!(
        cfg.contains("checker_type: testlib\nchecker: checker.cpp\n"),
        "{cfg}"
    );
    // The validator for hacks; the sample (test 1) alone in a first subtask worth 0 points.
    assert!(cfg.contains("\nvalidator: validator.cpp\n"), "{cfg}");
    assert!(
        cfg.contains(
            "  - id: 1\n    score: 0\n    type: min\n    cases:\n      - input: 1.in\n        \
             output: 1.ans\n  # test group"
        ),
        "{cfg}"
    );
    assert!(cfg.contains("# test group \"small\""), "{cfg}");
    assert!(cfg.contains("# test group \"default\""), "{cfg}");
    let scores: u32 = cfg
        .lines()
        .filter_map(|l| l.trim().strip_prefix("score: "))
        .map(|s| s.parse::<u32>().unwrap())
        .sum();
    assert_eq!(scores, 100);
    for i in 1..=count {
        let line = format!("- input: {i}.in\n");
        assert_eq!(cfg.matches(&line).count(), 1, "test {i} in config.yaml");
    }

    // The zip holds, at its root, what a judge takes: the tests, config.yaml, the C++ sources.
    let zip = out_root.path().join("game-testlib.zip");
    let mut archive = zip::ZipArchive::new(fs::File::open(&zip).unwrap()).unwrap();
    assert!(archive.by_name("config.yaml").is_ok());
    assert!(archive.by_name("47.ans").is_ok());
    assert!(archive.by_name("checker.cpp").is_ok());
    assert!(archive.by_name("validator.cpp").is_ok());
    assert!(archive.by_name("checker").is_err() && archive.by_name("bin/checker").is_err());
}

#[test]
fn export_refuses_bad_requests_and_writes_nothing() {
    let out_root = tempfile::tempdir().unwrap();
    let out = out_root.path().join("x");

    // No built package.
    let empty = tempfile::tempdir().unwrap();
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game"),
        &empty.path().join("game"),
    );
    let o = export(empty.path(), "game", "testlib", &out, &[]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("run `gridjudge build game --problems-dir "),
        "{err}"
    );
    assert!(!out.exists());

    // A stale test, an unknown format, a non-empty destination.
    let problems = built("bunny");
    fs::write(problems.path().join("bunny/tests/05.ans"), "0\n").unwrap();
    let o = export(problems.path(), "bunny", "kattis", &out, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("test 05") && err.contains("tests.lock"),
        "{err}"
    );
    assert!(!out.exists());
    let o = export(problems.path(), "bunny", "hydro", &out, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    // Refused by the command line (a usage error), naming every format.
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("invalid value 'hydro' for '--format <FORMAT>'")
            && err.contains("[possible values: testlib, kattis, kattis-2025-09, polygon]"),
        "{err}"
    );

    // A testlib package without the C++ checker.
    let problems = built("game");
    fs::remove_file(problems.path().join("game/testlib/checker.cpp")).unwrap();
    let o = export(problems.path(), "game", "testlib", &out, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("testlib/checker.cpp"),
        "{err}"
    );
    assert!(!out.exists());

    // A Kattis package without a statement.
    let problems = built("bunny");
    fs::remove_dir_all(problems.path().join("bunny/statement")).unwrap();
    let o = export(problems.path(), "bunny", "kattis", &out, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("statement/problem.en.tex is missing"),
        "{err}"
    );
    assert!(!out.exists());

    let problems = built("bunny");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("keep.txt"), "mine").unwrap();
    let o = export(problems.path(), "bunny", "testlib", &out, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("not empty") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(out.join("keep.txt")).unwrap(), "mine");
    ok(&export(
        problems.path(),
        "bunny",
        "testlib",
        &out,
        &["--force"],
    ));
    assert!(!out.join("keep.txt").exists() && out.join("52.ans").is_file());
    // No temporary folder left beside it.
    let left: Vec<_> = fs::read_dir(out_root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, vec!["x".to_string()]);
}

/// Runs `gridjudge export <problem> --format testlib --problems-dir <problems> --bin-dir <bins>
/// <extra...>` in folder `cwd` under umask 022.
fn export_in(cwd: &Path, problems: &Path, bins: &Path, problem: &str, extra: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["export", problem, "--format", "testlib", "--problems-dir"])
        .arg(problems)
        .arg("--bin-dir")
        .arg(bins)
        .args(extra)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn err_of(o: &Output) -> String {
    assert!(!o.status.success(), "succeeded: {o:?}");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn export_never_replaces_what_it_needs_and_replaces_only_when_done() {
    let problems = built("game");
    let p = problems.path();
    let work = tempfile::tempdir().unwrap();
    let w = work.path();
    // The binaries through symbolic links, so a broken guard could only lose the links.
    let bins = w.join("tools/bin");
    fs::create_dir_all(&bins).unwrap();
    for b in ["checker", "validator"] {
        std::os::unix::fs::symlink(bin_dir().join(b), bins.join(b)).unwrap();
    }
    fs::write(w.join("keep.txt"), "mine").unwrap();
    let s = |x: &Path| x.to_str().unwrap().to_string();

    // The current folder, written as `.` or with a trailing slash.
    for out in [".", "./", &s(w)] {
        let err = err_of(&export_in(w, p, &bins, "game", &["-o", out, "--force"]));
        assert!(err.contains("the current folder"), "{out}: {err}");
    }
    // The problems folder, the problem's folder, a folder inside it, the binaries' folders.
    let game = p.join("game");
    for (out, what) in [
        (s(p), "is or holds the problem's folder"),
        (s(&game), "is or holds the problem's folder"),
        (s(&game.join("tests")), "is inside the problem's folder"),
        (s(&game.join("new")), "is inside the problem's folder"),
        (
            s(&w.join("tools")),
            "is or holds the folder of the checker and validator binaries",
        ),
        (
            s(&bins),
            "is or holds the folder of the checker and validator binaries",
        ),
    ] {
        let err = err_of(&export_in(w, p, &bins, "game", &["-o", &out, "--force"]));
        assert!(err.contains(what), "{out}: {err}");
    }
    assert_eq!(fs::read_to_string(w.join("keep.txt")).unwrap(), "mine");
    assert!(game.join("manifest.toml").is_file() && !game.join("new").exists());
    assert!(bins.join("checker").exists() && bins.join("validator").exists());

    // A trailing slash with --zip: the zip is `pkg.zip` beside `pkg/`, readable by others,
    // and holds what a judge takes (no bin/, no scripts around it).
    let o = export_in(w, p, &bins, "game", &["-o", "pkg/", "--zip"]);
    ok(&o);
    let zip = w.join("pkg.zip");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        fs::metadata(&zip).unwrap().permissions().mode() & 0o777,
        0o644
    );
    let mut archive = zip::ZipArchive::new(fs::File::open(&zip).unwrap()).unwrap();
    let names: Vec<String> = archive.file_names().map(str::to_string).collect();
    assert!(names.contains(&"checker.cpp".to_string()), "{names:?}");
    assert!(
        !names
            .iter()
            .any(|n| n.starts_with("bin/") || n == "checker" || n == "validator"),
        "{names:?}"
    );
    assert!(archive.by_name("config.yaml").is_ok());
    assert!(w.join("pkg/bin/checker").is_file() && w.join("pkg/checker").is_file());

    // --force over a folder of other files: the new package replaces it, and nothing is left
    // beside it.
    fs::write(w.join("pkg/stale.txt"), "old").unwrap();
    ok(&export_in(w, p, &bins, "game", &["-o", "pkg", "--force"]));
    assert!(!w.join("pkg/stale.txt").exists() && w.join("pkg/47.ans").is_file());
    let mut left: Vec<String> = fs::read_dir(w)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["keep.txt", "pkg", "pkg.zip", "tools"]);
}

#[test]
fn export_refuses_a_problem_toml_the_shipped_checker_does_not_follow() {
    let problems = built("game");
    let toml = problems.path().join("game/problem.toml");
    let text = fs::read_to_string(&toml).unwrap();
    let changed = text
        .replace("n = [1, 100]", "n = [1, 50]")
        .replace("row_major = false", "row_major = true");
    assert_ne!(changed, text);
    fs::write(&toml, changed).unwrap();
    let out_root = tempfile::tempdir().unwrap();
    for format in ["testlib", "kattis"] {
        let out = out_root.path().join(format);
        let err = err_of(&export(problems.path(), "game", format, &out, &[]));
        assert!(
            err.contains(
                "differs from the copy compiled into gridjudge in [constraints], [checker]"
            ),
            "{err}"
        );
        assert!(!out.exists());
    }
}

/// Every problem of `problems/` (a folder with a `problem.toml`), sorted by name.
fn all_problems() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut v: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("problem.toml").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    v.sort();
    assert!(v.len() >= 3, "{v:?}");
    v
}

/// [`all_problems`] but the interactive ones (`duel`), whose Kattis output validator is an
/// interactor: tests/interactive_export.rs checks those packages' layout and runs, and the
/// judges' tools check duel's below with the others.
fn batch_problems() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    all_problems()
        .into_iter()
        .filter(|p| {
            let path = dir.join(p).join("problem.toml");
            let text = fs::read_to_string(&path).unwrap();
            let c = gridjudge::problem::ProblemConfig::parse(&text, &path.display().to_string())
                .unwrap();
            !c.interaction.interactive
        })
        .collect()
}

/// The two Kattis formats: (`--format` name, `problem_format_version`, output validator folder,
/// statement folder, test group file, its key).
const KATTIS_FORMATS: [(&str, &str, &str, &str, &str, &str); 2] = [
    (
        "kattis",
        "legacy",
        "output_validators/gridjudge",
        "problem_statement",
        "testdata.yaml",
        "input_validator_flags",
    ),
    (
        "kattis-2025-09",
        "2025-09",
        "output_validator",
        "statement",
        "test_group.yaml",
        "input_validator_args",
    ),
];

/// Runs the `build` script of the Kattis program folder `dir` (as a judge does); the `run`
/// script it leaves.
fn kattis_build(dir: &Path) -> PathBuf {
    let o = Command::new(dir.join("build"))
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}/build: {o:?}", dir.display());
    dir.join("run")
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(files_under(&p));
        } else {
            v.push(p);
        }
    }
    v.sort();
    v
}

#[test]
fn kattis_exports_of_every_problem_in_both_formats() {
    for problem in batch_problems() {
        let problems = built(&problem);
        let config: toml::Value = toml::from_str(
            &fs::read_to_string(problems.path().join(&problem).join("problem.toml")).unwrap(),
        )
        .unwrap();
        let limits = &config["limits"];
        let time_ms = limits["time_ms"].as_integer().unwrap();
        let memory = limits["memory_mib"].as_integer().unwrap();
        let seconds = format!("{}", time_ms as f64 / 1000.0);
        let manifest: toml::Value = toml::from_str(
            &fs::read_to_string(problems.path().join(&problem).join("manifest.toml")).unwrap(),
        )
        .unwrap();
        let tests = manifest["test"].as_array().unwrap();
        let secret: Vec<&toml::Value> = tests
            .iter()
            .filter(|t| !t.get("sample").and_then(|s| s.as_bool()).unwrap_or(false))
            .collect();
        let mut groups: Vec<String> = Vec::new();
        for t in &secret {
            let g = t.get("group").and_then(|g| g.as_str()).unwrap_or("default");
            if !groups.iter().any(|x| x == g) {
                groups.push(g.to_string());
            }
        }
        // duel plays on game's boards: game's validator, game's corpus.
        let seed =
            gridjudge::problems::by_name(&problem).map_or(problem.as_str(), |p| p.seed_name());
        let invalid_corpus = problems.path().join(seed).join("validator_corpus/invalid");
        let invalid_names: Vec<String> = fs::read_dir(&invalid_corpus)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".in"))
            .collect();
        assert!(!invalid_names.is_empty(), "{problem}");

        // The program folders of the legacy package, which the 2025-09 one must equal.
        let mut legacy_programs: Vec<Vec<(String, Vec<u8>)>> = Vec::new();
        for (format, version, ov_dir, statement, group_file, group_key) in KATTIS_FORMATS {
            let modern = version == "2025-09";
            let out_root = tempfile::tempdir().unwrap();
            let out = out_root.path().join(&problem);
            ok(&export(problems.path(), &problem, format, &out, &["--zip"]));
            let what = format!("{problem} --format {format}");
            // The zip (DOMjudge's upload) holds the package at its root, .timelimit included.
            let zip = fs::File::open(out_root.path().join(format!("{problem}.zip"))).unwrap();
            let mut zip = zip::ZipArchive::new(zip).unwrap();
            assert!(zip.by_name("problem.yaml").is_ok(), "{what}");
            assert_eq!(zip.by_name(".timelimit").is_ok(), !modern, "{what}");

            // problem.yaml: version, name from the statement, limits.
            let yaml = fs::read_to_string(out.join("problem.yaml")).unwrap();
            assert!(
                yaml.contains(&format!("problem_format_version: {version}\n")),
                "{what}: {yaml}"
            );
            assert!(yaml.contains("\nuuid: "), "{what}: {yaml}");
            assert!(
                yaml.contains(&format!("  memory: {memory}\n")),
                "{what}: {yaml}"
            );
            let tex = fs::read_to_string(out.join(statement).join("problem.en.tex")).unwrap();
            let title = tex
                .split("\\problemname{")
                .nth(1)
                .and_then(|r| r.split('}').next())
                .unwrap();
            assert!(
                yaml.contains(&format!("name: \"{title}\"\n")),
                "{what}: {yaml}"
            );
            // ... which is problem.toml's title, as in every other format.
            let toml_title = config["title"].as_str().unwrap();
            assert_eq!(title, toml_title, "{what}");
            // The time limit: 2025-09 in problem.yaml; legacy in DOMjudge's .timelimit.
            if modern {
                assert!(
                    yaml.contains(&format!("  time_limit: {seconds}\n")),
                    "{what}: {yaml}"
                );
                assert!(!out.join(".timelimit").exists(), "{what}");
                assert!(!yaml.contains("validation:"), "{what}: {yaml}");
            } else {
                assert_eq!(
                    fs::read_to_string(out.join(".timelimit")).unwrap(),
                    format!("{seconds}\n"),
                    "{what}"
                );
                assert!(!yaml.contains("time_limit:"), "{what}: {yaml}");
                assert!(yaml.contains("validation: custom\n"), "{what}: {yaml}");
            }

            // Test groups: one folder NN_<group> per group in order of first appearance,
            // holding its tests and the validator flags of the group.
            let secret_dir = out.join("data/secret");
            let mut folders: Vec<String> = fs::read_dir(&secret_dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            folders.sort();
            let expected: Vec<String> = groups
                .iter()
                .enumerate()
                .map(|(i, g)| format!("{:02}_{g}", i + 1))
                .collect();
            assert_eq!(folders, expected, "{what}");
            let mut secret_tests = 0;
            for (folder, g) in folders.iter().zip(&groups) {
                let conf = fs::read_to_string(secret_dir.join(folder).join(group_file)).unwrap();
                let flags = match (g.as_str(), modern) {
                    ("default", true) => "[]".to_string(),
                    ("default", false) => "\"\"".to_string(),
                    (g, true) => format!("[\"--group\", \"{g}\"]"),
                    (g, false) => format!("\"--group {g}\""),
                };
                assert!(
                    conf.contains(&format!("{group_key}: {flags}\n")),
                    "{what} {folder}: {conf}"
                );
                let n = secret
                    .iter()
                    .filter(|t| t.get("group").and_then(|g| g.as_str()).unwrap_or("default") == g)
                    .count();
                let ins = fs::read_dir(secret_dir.join(folder))
                    .unwrap()
                    .filter(|e| e.as_ref().unwrap().path().extension() == Some("in".as_ref()))
                    .count();
                assert_eq!(ins, n, "{what} {folder}");
                secret_tests += ins;
            }
            assert_eq!(secret_tests, secret.len(), "{what}");

            // data/invalid_input: the validator corpus' invalid inputs, in 2025-09 only.
            let invalid_dir = out.join("data/invalid_input");
            if modern {
                let mut got: Vec<String> = fs::read_dir(&invalid_dir)
                    .unwrap()
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect();
                got.sort();
                let mut want = invalid_names.clone();
                want.sort();
                assert_eq!(got, want, "{what}");
            } else {
                assert!(!invalid_dir.exists(), "{what}");
            }

            // Sources, not binaries: no executable file but the build and run scripts.
            for f in files_under(&out) {
                let bytes = fs::read(&f).unwrap();
                assert!(
                    !bytes.starts_with(b"\x7fELF"),
                    "{what}: {} is a binary",
                    f.display()
                );
            }
            let iv_dir = out.join("input_validators/gridjudge");
            let ov_dir = out.join(ov_dir);
            for d in [&iv_dir, &ov_dir] {
                let mut names: Vec<String> = fs::read_dir(d)
                    .unwrap()
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect();
                names.sort();
                assert_eq!(names.len(), 3, "{what}: {names:?}");
                let source = names.iter().find(|n| *n != "build" && *n != "run");
                assert!(
                    names.contains(&"build".to_string())
                        && names.contains(&"run".to_string())
                        && source.is_some_and(|s| s.ends_with(".cpp") || s.ends_with(".py")),
                    "{what}: {names:?}"
                );
            }

            for folder in ["accepted", "wrong_answer"] {
                assert!(
                    fs::read_dir(out.join("submissions").join(folder))
                        .unwrap()
                        .count()
                        > 0,
                    "{what}: no {folder} submissions"
                );
            }

            // Both versions ship the same program folders: built and run once, below.
            let programs: Vec<Vec<(String, Vec<u8>)>> = [&iv_dir, &ov_dir]
                .iter()
                .map(|d| {
                    files_under(d)
                        .into_iter()
                        .map(|f| {
                            let name = f.file_name().unwrap().to_string_lossy().into_owned();
                            (name, fs::read(&f).unwrap())
                        })
                        .collect()
                })
                .collect();
            if !modern {
                legacy_programs = programs;
                continue;
            }
            assert_eq!(programs, legacy_programs, "{what}: program folders differ");

            // Built as a judge builds them, the validators work in the Kattis convention: every
            // test is valid in its group, every invalid input is rejected, every jury answer is
            // accepted (also with extra validator flags), an empty output is rejected.
            let iv = kattis_build(&iv_dir);
            let ov = kattis_build(&ov_dir);
            for (folder, g) in folders.iter().zip(&groups) {
                let args: Vec<&str> = if g == "default" {
                    vec![]
                } else {
                    vec!["--group", g]
                };
                for f in files_under(&secret_dir.join(folder)) {
                    if f.extension() == Some("in".as_ref()) {
                        let o = Command::new(&iv)
                            .args(&args)
                            .stdin(fs::File::open(&f).unwrap())
                            .output()
                            .unwrap();
                        assert_eq!(o.status.code(), Some(42), "{what} {}: {o:?}", f.display());
                    }
                }
            }
            if modern {
                for f in files_under(&invalid_dir) {
                    let (code, msg) = run_with_stdin(&iv, &[], &f);
                    assert_eq!(code, 43, "{what}: {} is accepted: {msg}", f.display());
                }
            }
            let fb = out_root.path().join("feedback");
            fs::create_dir_all(&fb).unwrap();
            let empty = out_root.path().join("empty.out");
            fs::write(&empty, "").unwrap();
            for f in files_under(&out.join("data/sample")) {
                if f.extension() != Some("in".as_ref()) {
                    continue;
                }
                let ans = f.with_extension("ans");
                let (code, msg) = run_with_stdin(&iv, &[], &f);
                assert_eq!(code, 42, "{what} {}: {msg}", f.display());
                let (code, msg) = run_with_stdin(&ov, &[&f, &ans, &fb], &ans);
                assert_eq!(code, 42, "{what} {}: {msg}", f.display());
                let o = Command::new(&ov)
                    .arg(&f)
                    .arg(&ans)
                    .arg(&fb)
                    .args(["float_tolerance", "1e-6", "case_sensitive"])
                    .stdin(fs::File::open(&ans).unwrap())
                    .output()
                    .unwrap();
                assert_eq!(o.status.code(), Some(42), "{what} extra flags: {o:?}");
                let (code, msg) = run_with_stdin(&ov, &[&f, &ans, &fb], &empty);
                assert_eq!(code, 43, "{what} {}: {msg}", f.display());
                assert!(!fs::read_to_string(fb.join("judgemessage.txt"))
                    .unwrap()
                    .is_empty());
            }
        }
    }
}

/// DOMjudge's judgehost builds a Kattis output validator so (judge/judgedaemon.main.php,
/// fetching an executable; judge/build_executable.sh): the files of the package's zip are
/// written by the judgedaemon's user, mode 0755 for `build`, `run` and every file the zip marks
/// executable (0644 for the rest); the folder is made writable for all; `build` runs there as
/// the run user; the files are given back to the judgedaemon's user without write bits for
/// others; `run` then runs as the run user. Here root is the judgedaemon's user and 65534 the
/// run user (`setpriv`, util-linux). For every problem and both Kattis versions, the build
/// succeeds and `run` accepts every sample's jury answer (exit 42). Needs root.
#[test]
fn kattis_output_validators_build_as_the_domjudge_judgehost_builds_them() {
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    if uid != 0 {
        tools::skip_or_fail(&format!(
            "DOMjudge runs `build` as another user than the one owning the files; switching \
             users (setpriv --reuid) needs root, and this test runs as uid {uid}"
        ));
        return;
    }
    if Command::new("setpriv").arg("--version").output().is_err() {
        tools::skip_or_fail("setpriv (util-linux) is not installed");
        return;
    }
    let chmod =
        |p: &Path, mode: u32| fs::set_permissions(p, fs::Permissions::from_mode(mode)).unwrap();
    // `cmd` run as uid and gid 65534 in `dir`; its exit code and output.
    let as_run_user = |dir: &Path, cmd: &str, args: &[&Path], stdin: Option<&Path>| -> Output {
        Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(cmd)
            .args(args)
            .current_dir(dir)
            .stdin(stdin.map_or(Stdio::null(), |f| fs::File::open(f).unwrap().into()))
            .output()
            .unwrap()
    };
    for problem in batch_problems() {
        let problems = built(&problem);
        for (format, _, ov_dir, ..) in KATTIS_FORMATS {
            let what = format!("{problem} --format {format}");
            let out_root = tempfile::tempdir().unwrap();
            let out = out_root.path().join(&problem);
            ok(&export(problems.path(), &problem, format, &out, &["--zip"]));
            let host = tempfile::tempdir().unwrap();
            chmod(host.path(), 0o755);
            let build = host.path().join("build");
            fs::create_dir(&build).unwrap();
            let zip = fs::File::open(out_root.path().join(format!("{problem}.zip"))).unwrap();
            let mut zip = zip::ZipArchive::new(zip).unwrap();
            let prefix = format!("{ov_dir}/");
            for i in 0..zip.len() {
                let mut f = zip.by_index(i).unwrap();
                let Some(name) = f.name().strip_prefix(&prefix).map(str::to_string) else {
                    continue;
                };
                if f.is_dir() {
                    continue;
                }
                let exec = name == "build"
                    || name == "run"
                    || f.unix_mode().is_none_or(|m| m & 0o100 != 0);
                let path = build.join(&name);
                let mut bytes = Vec::new();
                std::io::Read::read_to_end(&mut f, &mut bytes).unwrap();
                fs::write(&path, bytes).unwrap();
                chmod(&path, if exec { 0o755 } else { 0o644 });
            }
            assert!(build.join("build").is_file(), "{what}: no {ov_dir}/build");
            chmod(&build, 0o777);
            let o = as_run_user(&build, "./build", &[], None);
            assert!(o.status.success(), "{what}: DOMjudge's build fails: {o:?}");
            // The judgehost takes the folder back (chown -R, chmod -R go-w).
            for e in fs::read_dir(&build).unwrap() {
                let p = e.unwrap().path();
                std::os::unix::fs::chown(&p, Some(0), Some(0)).unwrap();
                let mode = fs::metadata(&p).unwrap().permissions().mode();
                chmod(&p, mode & !0o022);
            }
            chmod(&build, 0o755);
            let run = build.join("run");
            let mode = fs::metadata(&run).unwrap().permissions().mode();
            assert!(mode & 0o111 != 0, "{what}: run is not executable");
            let feedback = host.path().join("feedback");
            fs::create_dir(&feedback).unwrap();
            chmod(&feedback, 0o777);
            let mut samples = 0;
            for f in files_under(&out.join("data/sample")) {
                if f.extension() != Some("in".as_ref()) {
                    continue;
                }
                let input = host.path().join("testcase.in");
                let answer = host.path().join("testcase.ans");
                fs::copy(&f, &input).unwrap();
                fs::copy(f.with_extension("ans"), &answer).unwrap();
                chmod(&input, 0o644);
                chmod(&answer, 0o644);
                let o = as_run_user(
                    &build,
                    "./run",
                    &[&input, &answer, &feedback],
                    Some(&answer),
                );
                assert_eq!(o.status.code(), Some(42), "{what} {}: {o:?}", f.display());
                samples += 1;
            }
            assert!(samples > 0, "{what}: no samples");
        }
    }
}

/// Judges order test cases by file name as text: with 11 samples, a Kattis package names them
/// `01` to `11`, in the manifest's order (`10` would sort before `2`).
#[test]
fn kattis_sample_names_keep_the_package_order_past_nine() {
    let tmp = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game");
    copy_dir(&src, &tmp.path().join("game"));
    let mut manifest = String::from(
        "[[test]]\nfile = \"samples/sample1.in\"\nanswer = \"samples/sample1.ans\"\nsample = true\n",
    );
    for m in 1..=10 {
        manifest += &format!("\n[[test]]\ngen = \"open n=1 m={m}\"\nseed = 1\nsample = true\n");
    }
    manifest += "\n[[test]]\ngen = \"open n=3 m=3\"\nseed = 1\n";
    fs::write(tmp.path().join("game/manifest.toml"), manifest).unwrap();
    let opts = BuildOptions {
        problems_dir: tmp.path().to_path_buf(),
        lock: LockMode::Update,
        jobs: None,
        progress: false,
        delete_unknown: false,
    };
    let cache = gridjudge::problems::default_cache_dir(tmp.path());
    let p = gridjudge::problems::problem(tmp.path(), "game", &cache).unwrap();
    build_problem(p, &opts).unwrap();
    let out = tmp.path().join("kattis/game");
    ok(&export(tmp.path(), "game", "kattis", &out, &[]));
    let mut names: Vec<String> = fs::read_dir(out.join("data/sample"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".in"))
        .collect();
    names.sort();
    let expected: Vec<String> = (1..=11).map(|k| format!("{k:02}.in")).collect();
    assert_eq!(names, expected);
    assert_eq!(
        fs::read(out.join("data/sample/01.in")).unwrap(),
        fs::read(src.join("samples/sample1.in")).unwrap()
    );
    // The sample before last is the 1x9 line, the last the 1x10 one.
    assert_eq!(
        fs::read(out.join("data/sample/10.in")).unwrap(),
        b"1 9\n.........\n"
    );
    assert_eq!(
        fs::read(out.join("data/sample/11.in")).unwrap(),
        b"1 10\n..........\n"
    );
}

#[test]
fn kattis_export_refuses_a_folder_name_that_is_no_short_name() {
    let problems = built("game");
    let out_root = tempfile::tempdir().unwrap();
    for (format, ..) in KATTIS_FORMATS {
        for name in ["game-kattis", "Game", "game_1"] {
            let out = out_root.path().join(name);
            let o = export(problems.path(), "game", format, &out, &[]);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(!o.status.success(), "{format} {name}");
            assert!(
                err.contains("lowercase letters a-z and digits 0-9")
                    && err.contains(&format!("`{name}` is not one")),
                "{format} {name}: {err}"
            );
            assert!(!out.exists(), "{format} {name}");
        }
    }
    // No temporary folder left.
    assert_eq!(fs::read_dir(out_root.path()).unwrap().count(), 0);
}

/// problem.toml's `title` names the problem in every package, and the statement's
/// `\problemname` must say the same: `build` and `export` refuse a statement titled otherwise,
/// naming both titles and the statement's line; every shipped problem's titles agree.
#[test]
fn a_statement_titled_otherwise_than_problem_toml_is_refused() {
    for problem in all_problems() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(&problem);
        gridjudge::problem::title::check_statement_title(
            &dir,
            toml::from_str::<toml::Value>(&fs::read_to_string(dir.join("problem.toml")).unwrap())
                .unwrap()["title"]
                .as_str()
                .unwrap(),
        )
        .unwrap();
    }
    let problems = built("game");
    let tex = problems.path().join("game/statement/problem.en.tex");
    let text = fs::read_to_string(&tex).unwrap();
    fs::write(
        &tex,
        text.replace("\\problemname{Game}", "\\problemname{Game of Dominoes}"),
    )
    .unwrap();
    let want = "the statement's title `Game of Dominoes` is not problem.toml's title `Game`";
    let out_root = tempfile::tempdir().unwrap();
    for format in ["kattis", "kattis-2025-09", "polygon", "testlib"] {
        let o = export(
            problems.path(),
            "game",
            format,
            &out_root.path().join("game"),
            &[],
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{format}: {err}");
        assert!(err.contains("problem.en.tex, line 3"), "{format}: {err}");
    }
    let opts = BuildOptions {
        problems_dir: problems.path().to_path_buf(),
        lock: LockMode::Locked,
        jobs: None,
        progress: false,
        delete_unknown: false,
    };
    let cache = gridjudge::problems::default_cache_dir(problems.path());
    let p = gridjudge::problems::problem(problems.path(), "game", &cache).unwrap();
    let e = format!("{:#}", build_problem(p, &opts).unwrap_err());
    assert!(e.contains(want), "{e}");
}

#[test]
#[ignore = "needs PyPI and about two minutes; .ci/run runs it"]
fn kattis_packages_pass_verifyproblem() {
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let out_root = tempfile::tempdir().unwrap();
    let names = all_problems();
    for problem in names.iter().map(String::as_str) {
        let problems = built(problem);
        let out = out_root.path().join(problem);
        let tools = verify.parent().unwrap().to_str().unwrap();
        ok(&export(
            problems.path(),
            problem,
            "kattis",
            &out,
            &["--problemtools", tools],
        ));
        // The statement compiled for DOMjudge (tests/statement.rs checks its samples).
        for f in ["problem.pdf", "problem.html", "problem.css"] {
            assert!(
                out.join("problem_statement").join(f).is_file(),
                "{problem}: no {f}"
            );
        }
        // Every part, the statement included: its check compiles problem.en.tex with
        // LuaLaTeX and converts it to HTML (TeX Live, tidy, ghostscript and dvisvgm, which
        // .ci/run installs). verifyproblem runs in a scratch folder: it leaves files behind.
        let scratch = tempfile::tempdir().unwrap();
        let (success, text) =
            tools::run_tool(Command::new(&verify).arg(&out).current_dir(scratch.path()));
        assert!(success, "verifyproblem {problem} failed:\n{text}");
        assert!(
            text.contains(&format!("{problem} tested: 0 errors")),
            "verifyproblem {problem}:\n{text}"
        );
        // The only warning allowed: the licence, which is `unknown` on purpose (docs/export.md,
        // "Licence").
        let warnings: Vec<&str> = text.lines().filter(|l| l.contains("WARNING")).collect();
        assert!(
            warnings.iter().all(|w| w.contains("License is 'unknown'")),
            "verifyproblem {problem}: {warnings:?}"
        );
        // Each submission got the verdict of its folder (`<folder>/<file> (<language>) OK: ...`).
        let subs: usize = fs::read_dir(out.join("submissions"))
            .unwrap()
            .map(|d| fs::read_dir(d.unwrap().path()).unwrap().count())
            .sum();
        let oks = text.lines().filter(|l| l.contains(") OK")).count();
        assert_eq!(oks, subs, "verifyproblem {problem}:\n{text}");

        // The HTML statement shows our text and every sample of data/sample, as the judge
        // shows it to contestants.
        let html_dir = scratch.path().join("html");
        let o = Command::new(verify.with_file_name("problem2html"))
            .arg(&out)
            .arg("-d")
            .arg(&html_dir)
            .current_dir(scratch.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(o.status.success(), "problem2html {problem}: {o:?}");
        let html = fs::read_to_string(html_dir.join("index.html")).unwrap();
        let first_line = fs::read_to_string(
            problems
                .path()
                .join(problem)
                .join("statement/problem.en.tex"),
        )
        .unwrap()
        .lines()
        .find(|l| l.starts_with("\\problemname"))
        .map(|l| {
            l.trim_start_matches("\\problemname{")
                .trim_end_matches('}')
                .to_string()
        })
        .unwrap();
        assert!(
            html.contains(&format!("<h1>{first_line}</h1>")),
            "{problem}: the statement's title {first_line:?} is not the HTML's heading"
        );
        // Each sample file is the whole content of one <pre> block (no sample has `<`, `>`
        // or `&`, so the HTML holds it unescaped).
        let blocks: Vec<&str> = html
            .split("<pre>")
            .skip(1)
            .filter_map(|b| b.split("</pre>").next())
            .collect();
        let mut samples = 0;
        let files: Vec<PathBuf> = fs::read_dir(out.join("data/sample"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        if files
            .iter()
            .any(|f| f.extension() == Some("interaction".as_ref()))
        {
            // An interactive problem's samples are shown as their exchange (problemtools'
            // Read and Write blocks), which the statement module reads back.
            let shown = gridjudge::export::statement::html_samples(&html).unwrap();
            for f in files
                .iter()
                .filter(|f| f.extension() == Some("interaction".as_ref()))
            {
                let want: String = fs::read_to_string(f)
                    .unwrap()
                    .lines()
                    .filter(|l| l.starts_with('<') || l.starts_with('>'))
                    .map(|l| format!("{l}\n"))
                    .collect();
                assert!(
                    shown.contains(&gridjudge::export::statement::Shown::Interaction(
                        want.clone()
                    )),
                    "{problem}: the exchange {want:?} is not shown: {shown:?}"
                );
                samples += 2;
            }
            assert!(samples >= 2, "{problem}: no samples in data/sample");
            continue;
        }
        for f in files {
            let text = fs::read_to_string(f).unwrap();
            assert!(
                blocks.iter().any(|b| b.trim_end() == text.trim_end()),
                "{problem}: sample {text:?} is not a <pre> block of the HTML statement: {blocks:?}"
            );
            samples += 1;
        }
        assert!(samples >= 2, "{problem}: no samples in data/sample");
    }
}

/// BAPCtools checks the 2025-09 package of every problem as it checks its own: `bt validate`
/// (input validator on every test in its group with the group's flags, on every invalid input
/// of data/invalid_input, the output validator on the jury answers and on BAPCtools' generic
/// valid and invalid outputs) and `bt run` (every submission gets its folder's verdict within
/// the time limit of problem.yaml); then `bt zip` makes the contest zip of all of them (it
/// compiles each statement with its own LaTeX class into `statement/problem.en.pdf`). bt exits 1
/// on any error or warning (a missing `pypy3`, which BAPCtools runs Python with, is one; a
/// compiled statement already at `statement/problem.en.pdf` another: .ci/run installs pypy3 and
/// latexmk). The packages carry the statement compiled by problemtools where DOMjudge's import
/// takes it.
#[test]
#[ignore = "needs PyPI, g++, pypy3, TeX Live and a few minutes; .ci/run runs it"]
fn kattis_2025_packages_pass_bapctools() {
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let problemtools = verify.parent().unwrap().to_str().unwrap();
    // The contest folder: one package per problem.
    let out_root = tempfile::tempdir().unwrap();
    // BAPCtools remembers every problem's uuid and path in its config folder and warns when
    // another existing package has the same uuid (another checkout's run of this test): a
    // config folder of this run's own keeps the runs apart and the user's ~/.config clean.
    let config_home = tempfile::tempdir().unwrap();
    for problem in all_problems() {
        let problems = built(&problem);
        let out = out_root.path().join(&problem);
        ok(&export(
            problems.path(),
            &problem,
            "kattis-2025-09",
            &out,
            &["--problemtools", problemtools],
        ));
        // DOMjudge's import (ImportProblemService) takes the first of problem.pdf, .html, .txt
        // in problem_statement/, then at the root; nothing else. Our PDF is at the root.
        let pdf = fs::read(out.join("problem.pdf")).unwrap();
        assert!(
            pdf.starts_with(b"%PDF-"),
            "{problem}: problem.pdf is no PDF"
        );
        assert!(!out.join("problem_statement").exists(), "{problem}");
        // BAPCtools wants an interactive problem's .ans files empty (its own preference, not
        // the 2025-09 spec's; duel's hold game's answer, which the interactor checks LOSE
        // against): its optional sanity checks are off there.
        let interactive = !batch_problems().contains(&problem);
        for action in ["validate", "run"] {
            let mut args = vec![action, "--no-bar"];
            if interactive && action == "validate" {
                args.push("--no-test-case-sanity-checks");
            }
            let (success, text) = tools::run_tool(
                Command::new(&bt)
                    .args(&args)
                    .env("XDG_CONFIG_HOME", config_home.path())
                    .current_dir(&out),
            );
            assert!(success, "bt {action} {problem}:\n{text}");
            if action == "run" {
                // One result line per submission, each with its folder's verdict.
                for folder in fs::read_dir(out.join("submissions")).unwrap() {
                    let folder = folder.unwrap().path();
                    let verdict = match folder.file_name().unwrap().to_str().unwrap() {
                        "accepted" => " AC ",
                        "wrong_answer" => " WA ",
                        "time_limit_exceeded" => " TLE ",
                        _ => " RTE ",
                    };
                    for sub in fs::read_dir(&folder).unwrap() {
                        let name = format!(
                            "{}/{}:",
                            folder.file_name().unwrap().to_string_lossy(),
                            sub.unwrap().file_name().to_string_lossy()
                        );
                        assert!(
                            text.lines()
                                .any(|l| l.starts_with(&name) && l.contains(verdict)),
                            "bt run {problem}: no line `{name} ...{verdict}`:\n{text}"
                        );
                    }
                }
            }
        }
    }
    // The contest zip of every problem's package, as a contest is shipped to DOMjudge. The
    // contest's problems.yaml (BAPCtools needs one, and asks on the terminal to update an entry
    // that differs from a package: the name is problem.toml's title, the time limit its own).
    // `--force` skips validating again what `bt validate` checked above (and BAPCtools' extra
    // constraint statistics, which want validators written against its own library);
    // `--no-solutions`: the packages have no solution slides.
    let mut problems_yaml = String::new();
    for (i, problem) in all_problems().iter().enumerate() {
        let config: toml::Value = toml::from_str(
            &fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("problems")
                    .join(problem)
                    .join("problem.toml"),
            )
            .unwrap(),
        )
        .unwrap();
        let time_ms = config["limits"]["time_ms"].as_integer().unwrap();
        problems_yaml += &format!(
            "- id: {problem}\n  label: {}\n  name: {{en: \"{}\"}}\n  rgb: \"#000000\"\n  \
             time_limit: {}\n",
            (b'A' + i as u8) as char,
            config["title"].as_str().unwrap(),
            time_ms as f64 / 1000.0
        );
    }
    fs::write(out_root.path().join("problems.yaml"), problems_yaml).unwrap();
    let (success, text) = tools::run_tool(
        Command::new(&bt)
            .args(["zip", "--no-bar", "--force", "--no-solutions"])
            .env("XDG_CONFIG_HOME", config_home.path())
            .current_dir(out_root.path()),
    );
    // BAPCtools wants an interactive problem to ship attachments/ (a testing tool for the
    // contestants), which the spec leaves optional and duel has none: that complaint, about
    // the interactive problems only, is the one failure allowed.
    let complaints: Vec<&str> = text.lines().filter(|l| l.contains("attachments")).collect();
    let interactive: Vec<String> = all_problems()
        .into_iter()
        .filter(|p| !batch_problems().contains(p))
        .collect();
    assert!(
        complaints
            .iter()
            .all(|l| interactive.iter().any(|p| l.contains(&format!(" {p} ")))),
        "bt zip:\n{text}"
    );
    assert!(success || !complaints.is_empty(), "bt zip:\n{text}");
    let last = text.lines().rev().find(|l| !l.trim().is_empty());
    assert!(
        text.contains("samples.zip done") && last.is_some_and(|l| l.ends_with(".zip done")),
        "bt zip:\n{text}"
    );
    assert!(!text.contains("already exists"), "bt zip:\n{text}");
}

// ------------------------------------------------------------------------------------------
// Program problems (`geography`): the package ships the problem's own validator source and
// gridjudge's built-in checker as C++ source (checker/builtin/builtin.cpp), and both judge
// exactly as gridjudge does.

use gridjudge::core::checkers::BuiltinChecker;
use gridjudge::core::rng::TestRng;
use gridjudge::core::verdict::Verdict;
use gridjudge::export::builtin_checker_source;

/// Compiles `source` as Luogu compiles checkers (`g++ -fno-asm -std=c++14 -O2`) into
/// `dir/name`.
fn compile_checker(source: &str, dir: &Path, name: &str) -> PathBuf {
    let src = dir.join(format!("{name}.cpp"));
    fs::write(&src, source).unwrap();
    let exe = dir.join(name);
    let o = Command::new("g++")
        .args(["-fno-asm", "-std=c++14", "-O2", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .expect("g++ is needed (.ci/run installs it)");
    assert!(o.status.success(), "g++ {name}: {o:?}");
    exe
}

/// Judges `output` against `answer` with the C++ checker `exe` in the testlib (`kattis` false)
/// or Kattis convention, in `dir`; the verdict read from the exit code.
fn cpp_verdict(exe: &Path, kattis: bool, dir: &Path, output: &[u8], answer: &[u8]) -> Verdict {
    let (inp, out, ans, fb) = (
        dir.join("in"),
        dir.join("out"),
        dir.join("ans"),
        dir.join("feedback"),
    );
    fs::write(&inp, b"").unwrap();
    fs::write(&ans, answer).unwrap();
    let code = if kattis {
        fs::create_dir_all(&fb).unwrap();
        tools::exit_code(exe, &[&inp, &ans, &fb], output)
    } else {
        fs::write(&out, output).unwrap();
        tools::exit_code(exe, &[&inp, &out, &ans], b"")
    };
    match (kattis, code) {
        (false, 0) | (true, 42) => Verdict::Ac,
        (false, 1) | (true, 43) => Verdict::Wa,
        (false, 2) => Verdict::Pe,
        _ => Verdict::Fail,
    }
}

/// Hand-picked (output, answer) pairs on the edges of the documented rules: white space
/// (all six ASCII white space bytes), CR LF, blank lines inside and at the end, a byte order
/// mark (skipped only at the start of the output), NUL and invalid UTF-8 bytes, case, and
/// numbers in and out of the float checker's grammar.
fn edge_pairs() -> Vec<(Vec<u8>, Vec<u8>)> {
    let v = |o: &[u8], a: &[u8]| (o.to_vec(), a.to_vec());
    vec![
        v(b"", b""),
        v(b"\n\n", b""),
        v(b"", b"x"),
        v(b"x", b""),
        v(b"1 2\n", b"1\n2\n"),
        v(b"1\x0b2\x0c", b"1 2"),
        v(b"1\r\n2\r\n", b"1\n2\n"),
        v(b"1 2 \r\n3\n\n\n", b"1 2\n3\n"),
        v(b"1 2\n\n3\n", b"1 2\n3\n"),
        v(b"\n1 2\n3\n", b"1 2\n3\n"),
        v(b"3\n1 2\n", b"1 2\n3\n"),
        v(b"3\n1 2\n\n", b"1 2\n3\n"),
        v(b"\xef\xbb\xbfFirst\n", b"First\n"),
        v(b" \xef\xbb\xbfFirst\n", b"First\n"),
        v(b"First\n", b"\xef\xbb\xbfFirst\n"),
        v(b"first\n", b"First\n"),
        v(b"1\x002\n", b"1\n"),
        v(b"1\x002\n", b"1\x002\n"),
        v(b"\xff\n", b"\xfe\n"),
        v(b"1 \xff\n", b"1 \xff\n"),
        v(b"01", b"1"),
        v(b"1.0", b"1"),
        v(b"1.0005", b"1"),
        v(b"1.002", b"1"),
        v(b"1000000.9", b"1000000"),
        v(b"1000001.5", b"1000000"),
        v(b"nan", b"nan"),
        v(b"nan", b"1"),
        v(b"inf", b"1e400"),
        v(b"1e400", b"1e400"),
        v(b"1.", b".99999"),
        v(b"+.5", b"0.5"),
        v(b".", b"."),
        v(b"1e", b"1"),
        v(b"1e+", b"1e+"),
        v(b"-0", b"0"),
        v(b"0x10", b"16"),
        v(b"1E+00", b"1"),
        v(b"1e-400", b"0"),
        v(b"a 1.0000001 b", b"a 1 b"),
    ]
}

/// Random (output, answer) pairs: an answer of a few lines of tokens (numbers, words, odd
/// bytes), and an output that is the answer re-spaced, with its lines shuffled, a token
/// changed, dropped or added, blank lines added, or a byte order mark in front.
fn random_pairs(n: u64) -> Vec<(Vec<u8>, Vec<u8>)> {
    let tokens: [&[u8]; 18] = [
        b"1", b"01", b"1.0", b"1e0", b"-0", b"0", b"a", b"A", b"\xff", b"x\x00y", b"0.0005",
        b"1.0009", b"2", b"nan", b"1e400", b".5", b"First", b"Second",
    ];
    let spaces: [&[u8]; 5] = [b" ", b"\t", b"\x0b", b"\x0c", b"  "];
    let ends: [&[u8]; 3] = [b"\n", b"\r\n", b" \n"];
    let mut pairs = Vec::new();
    for seed in 0..n {
        let mut rng = TestRng::for_test("export", "checker_pairs", "", seed);
        let lines: Vec<Vec<&[u8]>> = (0..rng.range(0, 4))
            .map(|_| {
                (0..rng.range(0, 3))
                    .map(|_| tokens[rng.below(tokens.len() as u32) as usize])
                    .collect()
            })
            .collect();
        let join = |lines: &[Vec<&[u8]>], rng: &mut TestRng, odd: bool| {
            let mut b = Vec::new();
            for l in lines {
                for (i, t) in l.iter().enumerate() {
                    if i > 0 {
                        b.extend_from_slice(if odd {
                            spaces[rng.below(spaces.len() as u32) as usize]
                        } else {
                            b" "
                        });
                    }
                    b.extend_from_slice(t);
                }
                b.extend_from_slice(if odd {
                    ends[rng.below(ends.len() as u32) as usize]
                } else {
                    b"\n"
                });
            }
            b
        };
        let answer = join(&lines, &mut rng, false);
        let mut out_lines = lines.clone();
        match rng.below(7) {
            0 => {}
            1 => rng.shuffle(&mut out_lines),
            2 => {
                if let Some(l) = out_lines.iter_mut().find(|l| !l.is_empty()) {
                    l[0] = tokens[rng.below(tokens.len() as u32) as usize];
                }
            }
            3 => {
                if let Some(l) = out_lines.iter_mut().rev().find(|l| !l.is_empty()) {
                    l.pop();
                }
            }
            4 => out_lines.push(vec![tokens[rng.below(tokens.len() as u32) as usize]]),
            5 => out_lines.push(Vec::new()),
            _ => out_lines.insert(0, Vec::new()),
        }
        let odd = rng.chance(0.5);
        let mut output = join(&out_lines, &mut rng, odd);
        if rng.chance(0.2) {
            output.splice(0..0, b"\xef\xbb\xbf".iter().copied());
        }
        if rng.chance(0.2) {
            // All on one line: the same tokens, another layout.
            output = output
                .iter()
                .map(|&b| if b == b'\n' { b' ' } else { b })
                .collect();
        }
        pairs.push((output, answer));
    }
    pairs
}

#[test]
fn builtin_checkers_in_cpp_judge_as_the_rust_ones() {
    let dir = tempfile::tempdir().unwrap();
    let checkers = [
        BuiltinChecker::Tokens,
        BuiltinChecker::Lines,
        BuiltinChecker::UnorderedLines,
        BuiltinChecker::from_name("float", Some(1e-3), Some(1e-6)).unwrap(),
        BuiltinChecker::from_name("float", Some(0.0), Some(0.25)).unwrap(),
    ];
    let mut pairs = edge_pairs();
    pairs.extend(random_pairs(300));
    for (k, c) in checkers.iter().enumerate() {
        for kattis in [false, true] {
            let name = format!("checker{k}{}", if kattis { "k" } else { "t" });
            let exe = compile_checker(
                &builtin_checker_source(c, kattis).unwrap(),
                dir.path(),
                &name,
            );
            let mut seen = std::collections::BTreeSet::new();
            for (output, answer) in &pairs {
                let want = c.check(&mut output.as_slice(), answer).verdict;
                let got = cpp_verdict(&exe, kattis, dir.path(), output, answer);
                assert_eq!(
                    got,
                    want,
                    "{c:?} (kattis: {kattis}) on output {:?} against answer {:?}",
                    String::from_utf8_lossy(output),
                    String::from_utf8_lossy(answer)
                );
                seen.insert(format!("{want:?}"));
            }
            // The pairs exercise both verdicts of every checker.
            assert_eq!(seen.len(), 2, "{c:?}: {seen:?}");
        }
    }
    // A missing output file is PE (as testlib), an unreadable jury answer FAIL.
    let exe = compile_checker(
        &builtin_checker_source(&BuiltinChecker::Tokens, false).unwrap(),
        dir.path(),
        "tokens",
    );
    let missing = dir.path().join("missing");
    let ans = dir.path().join("ans");
    assert_eq!(tools::exit_code(&exe, &[&ans, &missing, &ans], b""), 2);
    assert_eq!(tools::exit_code(&exe, &[&ans, &ans, &missing], b""), 3);
}

/// Every test of a built package: (input, answer, group).
fn package_tests(problems: &Path, problem: &str) -> Vec<(Vec<u8>, Vec<u8>, Option<String>)> {
    let cache = gridjudge::problems::default_cache_dir(problems);
    let p = gridjudge::problems::problem(problems, problem, &cache).unwrap();
    gridjudge::export::shared::load_built(p, problems)
        .unwrap()
        .into_iter()
        .map(|t| (t.input, t.answer, t.spec.group))
        .collect()
}

/// Outputs to judge for a jury answer of geography (`First`/`Second` lines): the answer, the
/// answer re-spaced, with a BOM, lower case, one word flipped, one line missing, one extra.
fn geography_outputs(answer: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(answer).into_owned();
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut flipped = words.clone();
    if let Some(w) = flipped.last_mut() {
        *w = if *w == "First" { "Second" } else { "First" };
    }
    vec![
        answer.to_vec(),
        words.join(" ").into_bytes(),
        [b"\xef\xbb\xbf".as_slice(), answer].concat(),
        text.to_lowercase().into_bytes(),
        flipped.join("\n").into_bytes(),
        words[..words.len().saturating_sub(1)]
            .join("\n")
            .into_bytes(),
        format!("{text}First\n").into_bytes(),
    ]
}

#[test]
fn geography_exports_judge_exactly_as_gridjudge() {
    let problems = built("geography");
    let src = problems.path().join("geography");
    let tests = package_tests(problems.path(), "geography");
    let invalid: Vec<PathBuf> = fs::read_dir(src.join("validator_corpus/invalid"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(invalid.len() >= 10);
    let tokens = BuiltinChecker::Tokens;
    let cache = gridjudge::problems::default_cache_dir(problems.path());
    let geography = gridjudge::problems::problem(problems.path(), "geography", &cache).unwrap();
    let pp = gridjudge::problems::program::ProgramProblem::of(geography).unwrap();
    assert_eq!(pp.builtin_checker(), Some(&tokens));
    let mut big = 0;
    let out_root = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();

    // testlib: the problem's validator source, the built-in checker's, compiled into bin/.
    let t = out_root.path().join("testlib");
    ok(&export(
        problems.path(),
        "geography",
        "testlib",
        &t,
        &["--zip"],
    ));
    assert_eq!(
        fs::read(t.join("validator.cpp")).unwrap(),
        fs::read(src.join("validator/validator.cpp")).unwrap()
    );
    assert_eq!(
        fs::read_to_string(t.join("checker.cpp")).unwrap(),
        builtin_checker_source(&tokens, false).unwrap()
    );
    let config = fs::read_to_string(t.join("config.yaml")).unwrap();
    assert!(
        config.contains("checker_type: testlib\nchecker: checker.cpp\n"),
        "{config}"
    );
    assert!(config.contains("time: 2000ms\nmemory: 256m\n"), "{config}");
    let (validator, checker) = (t.join("validator"), t.join("checker"));
    for (i, (input, answer, group)) in tests.iter().enumerate() {
        let n = i + 1;
        let inp = t.join(format!("{n}.in"));
        let ans = t.join(format!("{n}.ans"));
        assert_eq!(&fs::read(&inp).unwrap(), input);
        assert_eq!(
            tools::exit_code::<&str>(&validator, &[], input),
            0,
            "test {n}"
        );
        let small = tools::exit_code(
            &validator,
            &[Path::new("--group"), Path::new("small")],
            input,
        );
        // In group small as gridjudge's run of the validator says (every test of the group,
        // and larger tests not).
        let want = pp.run_validator(input, Some("small")).unwrap().is_ok();
        assert_eq!(small == 0, want, "test {n}");
        if group.as_deref() == Some("small") {
            assert_eq!(small, 0, "test {n}");
        } else {
            big += usize::from(small == 3);
        }
        for output in geography_outputs(answer) {
            let out = scratch.path().join("out");
            fs::write(&out, &output).unwrap();
            let want = tokens.check(&mut output.as_slice(), answer).verdict;
            let code = tools::exit_code(&checker, &[&inp, &out, &ans], b"");
            assert_eq!(
                code,
                if want == Verdict::Ac { 0 } else { 1 },
                "test {n}: {output:?}"
            );
        }
    }
    assert!(big >= 10, "only {big} tests are rejected in group small");
    for bad in &invalid {
        let code = tools::exit_code::<&str>(&validator, &[], &fs::read(bad).unwrap());
        assert_eq!(code, 3, "{} must be rejected", bad.display());
    }
    let zip = zip::ZipArchive::new(fs::File::open(out_root.path().join("testlib.zip")).unwrap());
    let mut zip = zip.unwrap();
    assert!(zip.by_name("checker.cpp").is_ok() && zip.by_name("validator.cpp").is_ok());
    assert!(zip.by_name("bin/checker").is_err() && zip.by_name("validator").is_err());

    // Kattis: program folders with the sources, a `build` and a `run` script each.
    let k = out_root.path().join("kattis");
    ok(&export(problems.path(), "geography", "kattis", &k, &[]));
    let iv = k.join("input_validators/gridjudge");
    let ov = k.join("output_validators/gridjudge");
    assert_eq!(
        fs::read(iv.join("validator.cpp")).unwrap(),
        fs::read(src.join("validator/validator.cpp")).unwrap()
    );
    assert_eq!(
        fs::read_to_string(ov.join("checker.cpp")).unwrap(),
        builtin_checker_source(&tokens, true).unwrap()
    );
    assert_eq!(
        fs::read(k.join("problem_statement/problem.en.tex")).unwrap(),
        fs::read(src.join("statement/problem.en.tex")).unwrap()
    );
    for dir in [&iv, &ov] {
        let st = Command::new(dir.join("build")).status().unwrap();
        assert!(st.success(), "{}/build", dir.display());
    }
    let fb = scratch.path().join("feedback");
    fs::create_dir_all(&fb).unwrap();
    let mut n = 0;
    for part in ["sample", "secret"] {
        // data/secret holds one folder per test group.
        for inp in files_under(&k.join("data").join(part)) {
            if inp.extension().is_none_or(|x| x != "in") {
                continue;
            }
            n += 1;
            let ans = inp.with_extension("ans");
            let answer = fs::read(&ans).unwrap();
            assert_eq!(
                tools::exit_code::<&str>(&iv.join("run"), &[], &fs::read(&inp).unwrap()),
                42
            );
            for output in geography_outputs(&answer) {
                let want = tokens.check(&mut output.as_slice(), &answer).verdict;
                let code = tools::exit_code(&ov.join("run"), &[&inp, &ans, &fb], &output);
                assert_eq!(
                    code,
                    if want == Verdict::Ac { 42 } else { 43 },
                    "{output:?}"
                );
            }
        }
    }
    assert_eq!(n, tests.len());
    for bad in &invalid {
        let code = tools::exit_code::<&str>(&iv.join("run"), &[], &fs::read(bad).unwrap());
        assert_eq!(code, 43, "{} must be rejected", bad.display());
    }
}

#[test]
fn program_exports_refuse_what_a_judge_could_not_run() {
    // A copy of geography's folder with another validator declaration (nothing is built: the
    // declaration is checked first).
    let case = |validator: &str, format: &str| -> String {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("geography");
        copy_dir(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/geography"),
            &dir,
        );
        let toml = fs::read_to_string(dir.join("problem.toml")).unwrap();
        let line = "validator = { source = \"validator/validator.cpp\", convention = \"testlib\" }";
        assert!(toml.contains(line));
        fs::write(dir.join("problem.toml"), toml.replace(line, validator)).unwrap();
        let out = tmp.path().join("out");
        let o = export(tmp.path(), "geography", format, &out, &[]);
        assert!(!o.status.success());
        assert!(!out.exists());
        err_of(&o)
    };
    let kattis = "validator = { source = \"validator/validator.cpp\", convention = \"kattis\" }";
    let e = case(kattis, "testlib");
    assert!(
        e.contains("[programs] validator has convention = \"kattis\"")
            && e.contains("--format kattis"),
        "{e}"
    );
    let command = "validator = { command = \"./validator/validator\", convention = \"testlib\" }";
    let e = case(command, "kattis");
    assert!(e.contains("[programs] validator is a command line"), "{e}");
}
