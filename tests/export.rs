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

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use gridjudge::package::{build_problem, BuildOptions, LockMode};
use gridjudge::problem::by_name;

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
    let opts = BuildOptions {
        problems_dir: tmp.path().to_path_buf(),
        lock: LockMode::Locked,
        jobs: None,
        progress: false,
    };
    build_problem(by_name(problem).unwrap(), &opts).unwrap();
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
    let o = export(problems.path(), "bunny", "polygon", &out, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown export format `polygon`"), "{err}");

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

#[test]
fn kattis_export_has_the_package_layout_and_working_validators() {
    let problems = built("bunny");
    let out_root = tempfile::tempdir().unwrap();
    let out = out_root.path().join("bunny");
    ok(&export(problems.path(), "bunny", "kattis", &out, &[]));
    let yaml = fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.contains("validation: custom\n"), "{yaml}");
    assert!(yaml.contains("  memory: 128\n"), "{yaml}");
    assert!(
        yaml.contains("source: \"NOI 2011 (BZOJ 2437, Luogu P1971)\"\n"),
        "{yaml}"
    );
    assert_eq!(
        fs::read(out.join("problem_statement/problem.en.tex")).unwrap(),
        fs::read(problems.path().join("bunny/statement/problem.en.tex")).unwrap()
    );
    let samples = fs::read_dir(out.join("data/sample")).unwrap().count();
    let secret = fs::read_dir(out.join("data/secret")).unwrap().count();
    assert_eq!((samples, secret), (6, 2 * 49));
    for f in ["accepted/reverse_kuhn.cpp", "wrong_answer/start_white.cpp"] {
        assert!(out.join("submissions").join(f).is_file(), "{f}");
    }

    // Input validator: 42 valid, 43 invalid.
    let iv = out.join("input_validators/gridjudge/run");
    let (code, msg) = run_with_stdin(&iv, &[], &out.join("data/sample/1.in"));
    assert_eq!(code, 42, "{msg}");
    let (code, msg) = run_with_stdin(&iv, &[], &out.join("data/sample/1.ans"));
    assert_eq!(code, 43, "{msg}");

    // Output validator: input answer feedback_dir < output.
    let ov = out.join("output_validators/gridjudge/run");
    let fb = out_root.path().join("feedback");
    fs::create_dir_all(&fb).unwrap();
    let (input, answer) = (out.join("data/sample/3.in"), out.join("data/sample/3.ans"));
    let (code, msg) = run_with_stdin(&ov, &[&input, &answer, &fb], &answer);
    assert_eq!(code, 42, "{msg}");
    let wrong = out_root.path().join("wrong.out");
    fs::write(&wrong, "1\n2\n").unwrap();
    let (code, msg) = run_with_stdin(&ov, &[&input, &answer, &fb], &wrong);
    assert_eq!(code, 43, "{msg}");
    assert!(!fs::read_to_string(fb.join("judgemessage.txt"))
        .unwrap()
        .is_empty());
}

/// `target/problemtools-venv/bin/verifyproblem`, installing problemtools from PyPI on first use.
fn verifyproblem() -> PathBuf {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/problemtools-venv");
    let exe = venv.join("bin/verifyproblem");
    if !exe.is_file() {
        let st = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("python3 is needed to install problemtools");
        assert!(st.success(), "python3 -m venv failed");
        let st = Command::new(venv.join("bin/pip"))
            .args(["install", "--quiet", "problemtools"])
            .status()
            .unwrap();
        assert!(st.success(), "pip install problemtools failed");
    }
    exe
}

#[test]
#[ignore = "needs PyPI and about two minutes; .ci/run runs it"]
fn kattis_packages_pass_verifyproblem() {
    let verify = verifyproblem();
    let out_root = tempfile::tempdir().unwrap();
    for problem in ["game", "bunny"] {
        let problems = built(problem);
        let out = out_root.path().join(problem);
        ok(&export(problems.path(), problem, "kattis", &out, &[]));
        // Every part, the statement included: its check compiles problem.en.tex with
        // LuaLaTeX and converts it to HTML (TeX Live, tidy, ghostscript and dvisvgm, which
        // .ci/run installs). verifyproblem runs in a scratch folder: it leaves files behind.
        let scratch = tempfile::tempdir().unwrap();
        let o = Command::new(&verify)
            .arg(&out)
            .current_dir(scratch.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        eprintln!("{text}");
        assert!(
            o.status.success(),
            "verifyproblem {problem} failed:\n{text}"
        );
        assert!(
            text.contains(&format!("{problem} tested: 0 errors")),
            "verifyproblem {problem}:\n{text}"
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
        for e in fs::read_dir(out.join("data/sample")).unwrap() {
            let text = fs::read_to_string(e.unwrap().path()).unwrap();
            assert!(
                blocks.iter().any(|b| b.trim_end() == text.trim_end()),
                "{problem}: sample {text:?} is not a <pre> block of the HTML statement: {blocks:?}"
            );
            samples += 1;
        }
        assert!(samples >= 2, "{problem}: no samples in data/sample");
    }
}
