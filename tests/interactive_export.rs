//! Exports of interactive and multi-pass problems (issue 23), on the fixtures
//! tests/fixtures/guess (a testlib-convention C++ interactor and a checker reading its log),
//! guess_kattis (a Kattis-convention Python interactor, no checker) and multipass (a
//! Kattis-convention checker that writes nextpass.in).
//!
//! Each fixture is built by `gridjudge build` ([`built`]), which runs its reference against
//! the interactor (or through every pass) on every test.
//!
//! The fast tests check each package's layout and run its Kattis output validator as the
//! judge does (its `build`, then `run` joined by pipes to a submission); the ignored ones check
//! the packages with the judges' own tools (verifyproblem, BAPCtools, p2d), each catalogue
//! submission judged as its folder says.

mod common;

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{text, tools, utf8};

/// The fixture `name`'s folder.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Runs `gridjudge ARGS --problems-dir ROOT`.
fn gridjudge(root: &Path, args: &[&str]) -> Output {
    let dir = ["--problems-dir", utf8(root)];
    common::gridjudge(&[args, &dir].concat())
}

/// A temporary problems folder holding the fixture `name`, built by `gridjudge build` (which
/// also runs the reference against the interactor, or through every pass, on every test).
fn built(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_problem(&fixture(name), &tmp.path().join(name));
    let o = gridjudge(tmp.path(), &["build", name]);
    assert!(o.status.success(), "build {name}: {}", text(&o));
    tmp
}

/// Exports `name` from `root` in `format` to `out` (the statement as LaTeX only, unless
/// `extra` says otherwise).
fn export(root: &Path, name: &str, format: &str, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["export", name, "--format", format, "-o", utf8(out)];
    if format != "testlib" && !extra.contains(&"--problemtools") {
        args.push("--no-compiled-statement");
    }
    args.extend_from_slice(extra);
    gridjudge(root, &args)
}

#[track_caller]
fn ok(o: &Output) {
    assert!(o.status.success(), "{}", text(o));
}

#[track_caller]
fn refused(o: &Output, says: &[&str]) {
    assert!(!o.status.success(), "{}", text(o));
    let err = String::from_utf8_lossy(&o.stderr);
    for s in says {
        assert!(err.contains(s), "expected {s:?} in:\n{err}");
    }
}

/// Runs the `build` script of the Kattis program folder `dir`, as a judge does.
fn kattis_build(dir: &Path) {
    let o = Command::new(dir.join("build"))
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}/build: {}", dir.display(), text(&o));
}

/// Compiles the C++ submission `src` into `dir`; the executable.
fn compile(src: &Path, dir: &Path) -> PathBuf {
    let exe = dir.join(src.file_stem().unwrap());
    let o = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(src)
        .output()
        .expect("g++ is needed (.ci/run installs it)");
    assert!(o.status.success(), "g++ {}: {}", src.display(), text(&o));
    exe
}

/// Runs the Kattis output validator `run` (an interactor) on the test `input`/`answer` joined
/// by pipes to the submission `exe`, as a Kattis judge runs an interactive problem: its exit
/// code, and the submission's.
fn interact(run: &Path, input: &Path, answer: &Path, exe: &Path) -> (i32, i32) {
    let feedback = tempfile::tempdir().unwrap();
    let mut sub = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut validator = Command::new(run)
        .arg(input)
        .arg(answer)
        .arg(feedback.path())
        .stdin(Stdio::from(sub.stdout.take().unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The validator's output to the submission, line by line as it comes.
    let mut from = validator.stdout.take().unwrap();
    let mut to = sub.stdin.take().unwrap();
    let copier = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 || to.write_all(&buf[..n]).and_then(|_| to.flush()).is_err() {
                break;
            }
        }
    });
    let v = validator.wait().unwrap().code().unwrap_or(-1);
    let s = sub.wait().unwrap().code().unwrap_or(-1);
    copier.join().unwrap();
    (v, s)
}

/// The `(input, answer)` pairs of a Kattis package's `data/`.
fn kattis_tests(out: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut v = Vec::new();
    for part in ["sample", "secret"] {
        for e in fs::read_dir(out.join("data").join(part)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|e| e == "in") {
                v.push((p.clone(), p.with_extension("ans")));
            }
        }
    }
    v.sort();
    v
}

/// Kattis packages of `guess` and `guess_kattis`: interactive in both versions, the sample's
/// exchange as `.interaction`, and the output validator built and run as the interactor: the
/// binary search is accepted on every test, the off-by-one search rejected on some.
#[test]
fn kattis_exports_of_interactive_problems_run_as_interactors() {
    let scratch = tempfile::tempdir().unwrap();
    let binary = compile(
        &fixture("guess/submissions/accepted/binary.cpp"),
        scratch.path(),
    );
    let off = compile(
        &fixture("guess/submissions/wrong_answer/off_by_one.cpp"),
        scratch.path(),
    );
    for name in ["guess", "guess_kattis"] {
        let problems = built(name);
        for (format, yaml_line, validator_dir) in [
            (
                "kattis",
                "validation: custom interactive",
                "output_validators/gridjudge",
            ),
            ("kattis-2025-09", "type: interactive", "output_validator"),
        ] {
            let out = scratch.path().join(format!(
                "{}{}",
                name.replace('_', ""),
                format.replace(['-', '_'], "")
            ));
            ok(&export(problems.path(), name, format, &out, &[]));
            let yaml = fs::read_to_string(out.join("problem.yaml")).unwrap();
            assert!(yaml.contains(yaml_line), "{name} {format}:\n{yaml}");
            assert!(!yaml.contains("validation_passes"), "{yaml}");
            assert_eq!(
                fs::read(out.join("data/sample/1.interaction")).unwrap(),
                fs::read(fixture(name).join("samples/1.interaction")).unwrap()
            );
            let dir = out.join(validator_dir);
            let has_checker = dir.join("checker.cpp").is_file();
            assert_eq!(has_checker, name == "guess", "{name} {format}");
            kattis_build(&dir);
            let tests = kattis_tests(&out);
            assert!(tests.len() >= 5, "{tests:?}");
            let mut rejected = 0;
            for (input, answer) in &tests {
                let (v, s) = interact(&dir.join("run"), input, answer, &binary);
                assert_eq!((v, s), (42, 0), "{name} {format} binary on {input:?}");
                let (v, _) = interact(&dir.join("run"), input, answer, &off);
                assert!(v == 42 || v == 43, "{name} {format}: exit {v}");
                rejected += usize::from(v == 43);
            }
            assert!(
                rejected >= 2,
                "{name} {format}: off_by_one rejected {rejected}"
            );
        }
    }
}

/// The 2025-09 package of `multipass`: `type: multi-pass`, `validation_passes`, the checker
/// as the output validator writing nextpass.in on pass 1, the sample's passes in its
/// `.interaction`. Every other format refuses the problem, naming why.
#[test]
fn a_multi_pass_problem_exports_to_2025_09_only() {
    let problems = built("multipass");
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("multipass");
    ok(&export(
        problems.path(),
        "multipass",
        "kattis-2025-09",
        &out,
        &[],
    ));
    let yaml = fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: multi-pass\n"), "{yaml}");
    assert!(yaml.contains("  validation_passes: 2\n"), "{yaml}");
    assert!(out.join("data/sample/1.interaction").is_file());
    let dir = out.join("output_validator");
    kattis_build(&dir);
    // Pass 1 of the sample: the right sum is accepted and the next pass asked for.
    let feedback = tempfile::tempdir().unwrap();
    let o = Command::new(dir.join("run"))
        .arg(out.join("data/sample/1.in"))
        .arg(out.join("data/sample/1.ans"))
        .arg(feedback.path())
        .stdin(fs::File::open(out.join("data/sample/1.ans")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(42), "{}", text(&o));
    assert_eq!(
        fs::read_to_string(feedback.path().join("nextpass.in")).unwrap(),
        "2\n6 10\n"
    );
    for format in ["kattis", "polygon", "testlib"] {
        let out = scratch.path().join(format!("mp{format}"));
        refused(
            &export(problems.path(), "multipass", format, &out, &[]),
            &["multi_pass = true", "kattis-2025-09"],
        );
        assert!(!out.exists(), "{format}: a refused export wrote {out:?}");
    }
}

/// Polygon and testlib (Hydro) packages of `guess` carry the testlib-convention interactor;
/// those of `guess_kattis`, whose interactor is a Kattis-convention Python program, are
/// refused, saying why.
#[test]
fn polygon_and_testlib_exports_carry_a_testlib_interactor() {
    let scratch = tempfile::tempdir().unwrap();
    let problems = built("guess");
    let out = scratch.path().join("polygon");
    ok(&export(problems.path(), "guess", "polygon", &out, &[]));
    assert_eq!(
        fs::read(out.join("files/interactor.cpp")).unwrap(),
        fs::read(fixture("guess/interactor/interactor.cpp")).unwrap()
    );
    let xml = fs::read_to_string(out.join("problem.xml")).unwrap();
    assert!(
        xml.contains(
            "<interactor>\n            <source path=\"files/interactor.cpp\" type=\"cpp.g++17\"/>"
        ),
        "{xml}"
    );
    assert!(out.join("check.cpp").is_file());

    let out = scratch.path().join("testlib");
    ok(&export(problems.path(), "guess", "testlib", &out, &[]));
    let config = fs::read_to_string(out.join("config.yaml")).unwrap();
    for line in [
        "type: interactive\n",
        "interactor: interactor.cpp\n",
        "checker: checker.cpp\n",
    ] {
        assert!(config.contains(line), "{line:?} not in:\n{config}");
    }
    assert!(out.join("interactor.cpp").is_file() && out.join("bin/interactor").is_file());
    // The package's interactor script, run here: the binary search's exchange is accepted.
    let log = scratch.path().join("log");
    let input = out.join("1.in");
    let o = Command::new(out.join("interactor"))
        .arg(&input)
        .arg(&log)
        .arg(out.join("1.ans"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    // Its first line is N; with no submission it reads the end of the output at once.
    assert_eq!(String::from_utf8_lossy(&o.stdout), "10\n");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));

    let problems = built("guess_kattis");
    for (format, says) in [
        ("polygon", "not C++ written against testlib's API"),
        ("testlib", "convention = \"kattis\""),
    ] {
        let out = scratch.path().join(format!("gk{format}"));
        refused(
            &export(problems.path(), "guess_kattis", format, &out, &[]),
            &["interactor", says],
        );
    }
}

/// `[programs] checker` may be left out of an interactive problem only: a batch problem
/// without one is refused on load, naming the key.
#[test]
fn a_batch_problem_needs_a_checker() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("multifile");
    common::copy_problem(&fixture("multifile"), &dir);
    let toml = fs::read_to_string(dir.join("problem.toml")).unwrap();
    let without: String = toml
        .lines()
        .filter(|l| !l.starts_with("checker = "))
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(dir.join("problem.toml"), without).unwrap();
    let o = gridjudge(tmp.path(), &["build", "multifile"]);
    refused(&o, &["[programs] has no checker", "not interactive"]);
}

// ------------------------------------------------------------------------------------------
// The judges' own tools.

/// The folder a verdict folder's submissions must be judged as, in verifyproblem's words
/// (`<folder>/<file> (<language>) OK: <verdict>`).
fn submissions_of(out: &Path) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for folder in fs::read_dir(out.join("submissions")).unwrap() {
        let folder = folder.unwrap().path();
        let f = folder.file_name().unwrap().to_string_lossy().into_owned();
        for sub in fs::read_dir(&folder).unwrap() {
            v.push((
                f.clone(),
                sub.unwrap().file_name().to_string_lossy().into_owned(),
            ));
        }
    }
    v.sort();
    v
}

/// verifyproblem (problemtools) checks the legacy Kattis packages of `guess` and
/// `guess_kattis`: no error, and every submission judged as its folder says.
#[test]
#[ignore = "needs PyPI (problemtools), g++, TeX Live and a few minutes; .ci/run runs it"]
fn interactive_kattis_packages_pass_verifyproblem() {
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let scratch = tempfile::tempdir().unwrap();
    for name in ["guess", "guess_kattis"] {
        let problems = built(name);
        let out = scratch.path().join(name.replace('_', ""));
        ok(&export(problems.path(), name, "kattis", &out, &[]));
        let work = tempfile::tempdir().unwrap();
        let (success, report) =
            tools::run_tool(Command::new(&verify).arg(&out).current_dir(work.path()));
        assert!(success, "verifyproblem {name}:\n{report}");
        assert!(
            report.contains(&format!("{} tested: 0 errors", name.replace('_', ""))),
            "verifyproblem {name}:\n{report}"
        );
        // The only warning allowed: the licence, `unknown` on purpose (as tests/export.rs).
        let warnings: Vec<&str> = report.lines().filter(|l| l.contains("WARNING")).collect();
        assert!(
            warnings.iter().all(|w| w.contains("License is 'unknown'")),
            "verifyproblem {name}: {warnings:?}"
        );
        for (folder, file) in submissions_of(&out) {
            let head = format!("{folder}/{file} (");
            assert!(
                report
                    .lines()
                    .any(|l| l.contains(&head) && l.contains(") OK")),
                "verifyproblem {name}: {folder}/{file} not judged as expected:\n{report}"
            );
        }
    }
}

/// BAPCtools checks the 2025-09 packages of the three fixtures: `bt validate` and `bt run`,
/// every submission with its folder's verdict.
#[test]
#[ignore = "needs PyPI (BAPCtools), g++, pypy3 and a few minutes; .ci/run runs it"]
fn interactive_and_multi_pass_packages_pass_bapctools() {
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let scratch = tempfile::tempdir().unwrap();
    let config_home = tempfile::tempdir().unwrap();
    for name in ["guess", "guess_kattis", "multipass"] {
        let problems = built(name);
        let out = scratch.path().join(name.replace('_', ""));
        ok(&export(problems.path(), name, "kattis-2025-09", &out, &[]));
        // The 2025-09 sample files of an interactive or multi-pass sample.
        for f in ["1.interaction", "1.in.download", "1.ans.download"] {
            assert!(out.join("data/sample").join(f).is_file(), "{name}: no {f}");
        }
        for action in ["validate", "run"] {
            let mut args = vec![action, "--no-bar"];
            // BAPCtools warns on a non-empty .ans of an interactive problem (its own
            // preference: the 2025-09 format gives the .ans to the output validator, and these
            // packages keep the built answers, which guess's checker reads), and bt fails on
            // any warning: its optional test-case checks are off for `validate` of these two.
            if action == "validate" && name != "multipass" {
                args.push("--no-test-case-sanity-checks");
            }
            let (success, report) = tools::run_tool(
                Command::new(&bt)
                    .args(&args)
                    .env("XDG_CONFIG_HOME", config_home.path())
                    .current_dir(&out),
            );
            // A multi-pass problem's jury answers are no outputs (the output validator cannot
            // check them), and BAPCtools warns that no answer validator (its own extension of
            // the format, which gridjudge has no program for) checks them instead: that
            // warning, and only it, fails `bt validate` of `multipass`.
            let warnings: Vec<&str> = report
                .lines()
                .filter(|l| l.starts_with("WARNING") || l.starts_with("ERROR"))
                .collect();
            if name == "multipass" && action == "validate" {
                assert_eq!(
                    warnings,
                    ["WARNING: No answer validators found."],
                    "bt {action} {name}:\n{report}"
                );
                assert!(!report.contains("was not properly"), "{report}");
            } else {
                assert!(success, "bt {action} {name}:\n{report}");
            }
            if action != "run" {
                continue;
            }
            for (folder, file) in submissions_of(&out) {
                let verdict = match folder.as_str() {
                    "accepted" => " AC ",
                    "wrong_answer" => " WA ",
                    "time_limit_exceeded" => " TLE ",
                    _ => " RTE ",
                };
                let head = format!("{folder}/{file}:");
                assert!(
                    report
                        .lines()
                        .any(|l| l.starts_with(&head) && l.contains(verdict)),
                    "bt run {name}: no line `{head} ...{verdict}`:\n{report}"
                );
            }
        }
    }
}

/// p2d's configuration: its default tags, except `rejected` (which these packages give only
/// to submissions that must fail at run time) into `run_time_error`, as tests/polygon.rs.
const P2D_CONFIG: &str = "[tag]\n\
    main = [\"accepted\"]\n\
    accepted = [\"accepted\"]\n\
    wrong-answer = [\"wrong_answer\"]\n\
    presentation-error = [\"wrong_answer\"]\n\
    time-limit-exceeded = [\"time_limit_exceeded\"]\n\
    memory-limit-exceeded = [\"run_time_error\"]\n\
    rejected = [\"run_time_error\"]\n";

/// p2d converts the Polygon package of `guess` into a DOMjudge package with the interactor as
/// its `custom interactive` output validator, built against p2d's own testlib.h (which runs it
/// in the Kattis convention, without the checker: the interactor rejects a wrong guess
/// itself); verifyproblem then judges every submission as its folder says (beside the gaps
/// every p2d package has, tests/polygon.rs `P2D_GAPS`).
#[test]
#[ignore = "needs PyPI (p2d, problemtools) and g++; .ci/run runs it"]
fn the_polygon_package_of_guess_converts_with_p2d() {
    let p2d = tools::pypi_tool("p2d-venv", "p2d", "p2d");
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let work = tempfile::tempdir().unwrap();
    let problems = built("guess");
    let polygon = work.path().join("polygon");
    ok(&export(problems.path(), "guess", "polygon", &polygon, &[]));
    let config = work.path().join("p2d.toml");
    fs::write(&config, P2D_CONFIG).unwrap();
    let zip = work.path().join("guess.zip");
    let o = Command::new(&p2d)
        .arg(&polygon)
        .args(["--code", "guess", "-y", "-c"])
        .arg(&config)
        .arg("-o")
        .arg(&zip)
        .current_dir(work.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    ok(&o);
    let dj = work.path().join("domjudge").join("guess");
    let mut archive = zip::ZipArchive::new(fs::File::open(&zip).unwrap()).unwrap();
    archive.extract(&dj).unwrap();
    assert!(dj
        .join("output_validators/interactor/interactor.cpp")
        .is_file());
    let yaml = fs::read_to_string(dj.join("problem.yaml")).unwrap();
    assert!(yaml.contains("custom interactive"), "{yaml}");
    let scratch = tempfile::tempdir().unwrap();
    let (_, report) = tools::run_tool(Command::new(&verify).arg(&dj).current_dir(scratch.path()));
    for (folder, file) in submissions_of(&dj) {
        let head = format!("{folder}/{file} (");
        assert!(
            report
                .lines()
                .any(|l| l.contains(&head) && l.contains(") OK")),
            "verifyproblem on p2d's guess: {folder}/{file} not judged as expected:\n{report}"
        );
    }
}
