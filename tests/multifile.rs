//! A program problem whose validator and checker are each made of several files
//! (tests/fixtures/multifile: `validator/validate.cc` with `validate.h`, `checker/check.cc`
//! with `check.h`), built by gridjudge and exported to every format; each package is then
//! built and run as its judge does: a Kattis package's program folders with their own `build`
//! scripts (as DOMjudge, problemtools and BAPCtools run them), the one file of a testlib or
//! Polygon package compiled alone, as Polygon, Hydro and Luogu compile it. Also the checks of
//! the validator corpus, of disabled submissions and of official answers, on that problem.
//!
//! The judges' own tools (problemtools, BAPCtools, p2d) check these packages in the ignored
//! tests of tests/export.rs and tests/polygon.rs, which take this problem too.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{text, utf8};

/// The fixture's folder.
fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/multifile")
}

/// A temporary problems folder holding a copy of the fixture (not built).
fn copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_problem(&fixture(), &tmp.path().join("multifile"));
    tmp
}

/// Runs `gridjudge ARGS --problems-dir ROOT`.
fn gridjudge(root: &Path, args: &[&str]) -> Output {
    let dir = ["--problems-dir", utf8(root)];
    common::gridjudge(&[args, &dir].concat())
}

#[track_caller]
fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", text(o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[track_caller]
fn fails(o: &Output) -> String {
    assert!(!o.status.success(), "{}", text(o));
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exports the built problem in `root` to `out` in `format` (the statement as source only).
fn export(root: &Path, format: &str, out: &Path) -> Output {
    let mut args = vec!["export", "multifile", "--format", format, "-o", utf8(out)];
    if format != "testlib" {
        args.push("--no-compiled-statement");
    }
    gridjudge(root, &args)
}

/// Runs `exe ARGS < stdin`; its exit code and stderr.
fn run(exe: &Path, args: &[&Path], stdin: &Path) -> (i32, String) {
    let o = Command::new(exe)
        .args(args)
        .stdin(fs::File::open(stdin).unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    (o.status.code().unwrap_or(-1), err)
}

/// Compiles the C++ source `src` alone in an empty folder, as a judge taking one file does
/// (Luogu's command: `g++ -fno-asm -std=c++14 -O2`); the executable.
fn compile_alone(src: &Path, name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(src.file_name().unwrap());
    fs::copy(src, &file).unwrap();
    let exe = dir.path().join(name);
    let o = Command::new("g++")
        .args(["-fno-asm", "-std=c++14", "-O2", "-o"])
        .arg(&exe)
        .arg(&file)
        .output()
        .expect("g++ is needed (.ci/run installs it)");
    assert!(o.status.success(), "g++ {}: {}", src.display(), text(&o));
    (dir, exe)
}

/// The `(input, answer)` files of a package folder whose inputs end in `in_ext` and answers
/// in `ans_ext` (recursively, sorted).
fn pairs(
    dir: &Path,
    is_input: &dyn Fn(&Path) -> bool,
    answer: &dyn Fn(&Path) -> PathBuf,
) -> Vec<(PathBuf, PathBuf)> {
    let mut v = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(pairs(&p, is_input, answer));
        } else if is_input(&p) {
            let a = answer(&p);
            v.push((p, a));
        }
    }
    v.sort();
    v
}

fn ext_is(p: &Path, ext: &str) -> bool {
    p.extension().is_some_and(|e| e == ext)
}

/// The one-file sources of a testlib or Polygon package: no local `#include "..."` is left,
/// the header's own text is in, `#include "testlib.h"` is kept (the judge brings its own).
#[track_caller]
fn inlined(src: &Path, header_text: &str) {
    let text = fs::read_to_string(src).unwrap();
    for h in ["validate.h", "check.h"] {
        assert!(
            !text.contains(&format!("#include \"{h}\"")),
            "{}: still includes {h}",
            src.display()
        );
    }
    assert!(
        text.contains(header_text),
        "{}: no {header_text:?}",
        src.display()
    );
}

#[test]
fn a_problem_with_multi_file_programs_builds_and_every_export_runs_as_its_judge_runs_it() {
    let tmp = copy();
    let root = tmp.path();
    // gridjudge's own compile finds the headers beside the sources (exec::compile).
    ok(&gridjudge(root, &["build", "multifile"]));
    let empty = root.join("empty.out");
    fs::write(&empty, "").unwrap();
    let wrong = root.join("wrong.out");
    fs::write(&wrong, "123456789123\n").unwrap();

    // Kattis, both versions: each program folder ships the program's folder (its header
    // beside it); its `build` script compiles there, as the judge runs it.
    for (format, ov) in [
        ("kattis", "output_validators/gridjudge"),
        ("kattis-2025-09", "output_validator"),
    ] {
        let out = root.join(format.replace('-', ""));
        ok(&export(root, format, &out));
        let iv_dir = out.join("input_validators/gridjudge");
        let ov_dir = out.join(ov);
        assert!(iv_dir.join("validate.h").is_file(), "{format}");
        assert!(ov_dir.join("check.h").is_file(), "{format}");
        let mut built = Vec::new();
        for d in [&iv_dir, &ov_dir] {
            let o = Command::new(d.join("build"))
                .current_dir(d)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "{format} {}/build: {}",
                d.display(),
                text(&o)
            );
            built.push(d.join("run"));
        }
        let (iv, ov) = (&built[0], &built[1]);
        let fb = root.join(format!("feedback-{format}"));
        fs::create_dir_all(&fb).unwrap();
        let tests = pairs(&out.join("data"), &|p| ext_is(p, "in"), &|p| {
            p.with_extension("ans")
        });
        let tests: Vec<_> = tests
            .into_iter()
            .filter(|(i, _)| !i.starts_with(out.join("data/invalid_input")))
            .collect();
        assert_eq!(tests.len(), 4, "{format}: {tests:?}");
        for (input, answer) in &tests {
            let (code, msg) = run(iv, &[], input);
            assert_eq!(code, 42, "{format} {}: {msg}", input.display());
            let (code, msg) = run(ov, &[input, answer, &fb], answer);
            assert_eq!(code, 42, "{format} {}: {msg}", answer.display());
            for bad in [&empty, &wrong] {
                let (code, msg) = run(ov, &[input, answer, &fb], bad);
                assert_eq!(code, 43, "{format} {}: {msg}", bad.display());
            }
        }
        if format == "kattis-2025-09" {
            let invalid = pairs(
                &out.join("data/invalid_input"),
                &|p| ext_is(p, "in"),
                &|p| p.to_path_buf(),
            );
            assert_eq!(invalid.len(), 5);
            for (input, _) in invalid {
                let (code, msg) = run(iv, &[], &input);
                assert_eq!(code, 43, "{format} {}: {msg}", input.display());
            }
        }
        // The disabled submission is left out.
        assert!(out.join("submissions/accepted/sum.cpp").is_file());
        assert!(!out.join("submissions/accepted/slow.py.disabled").exists());
    }

    // testlib (Hydro, Luogu): one file each, the header inlined, compiled alone; the package's
    // own scripts (compiled here by the export) run too.
    let out = root.join("testlib");
    ok(&export(root, "testlib", &out));
    inlined(&out.join("validator.cc"), "inline long long integer(");
    inlined(&out.join("checker.cc"), "inline Verdict judge(");
    let (_v, validator) = compile_alone(&out.join("validator.cc"), "validator");
    let (_c, checker) = compile_alone(&out.join("checker.cc"), "checker");
    let tests = pairs(&out, &|p| ext_is(p, "in"), &|p| p.with_extension("ans"));
    assert_eq!(tests.len(), 4);
    for (input, answer) in &tests {
        for v in [validator.clone(), out.join("validator")] {
            let (code, msg) = run(&v, &[], input);
            assert_eq!(code, 0, "{} {}: {msg}", v.display(), input.display());
        }
        for c in [checker.clone(), out.join("checker")] {
            let (code, msg) = run(&c, &[input, answer, answer], input);
            assert_eq!(code, 0, "{} {}: {msg}", c.display(), answer.display());
            let (code, msg) = run(&c, &[input, &wrong, answer], input);
            assert_eq!(code, 1, "{} {}: {msg}", c.display(), answer.display());
        }
    }

    // Polygon: check.cpp and files/validator.cc one file each, `#include "testlib.h"` kept
    // for the consumer's own testlib.h; compiled alone (no testlib.h: the checker's own reading).
    let out = root.join("polygon");
    ok(&export(root, "polygon", &out));
    for f in ["check.cpp", "files/check.cpp"] {
        inlined(&out.join(f), "inline Verdict judge(");
        assert!(fs::read_to_string(out.join(f))
            .unwrap()
            .contains("#include \"testlib.h\""));
    }
    inlined(&out.join("files/validator.cc"), "inline long long integer(");
    let (_v, validator) = compile_alone(&out.join("files/validator.cc"), "validator");
    let (_c, checker) = compile_alone(&out.join("check.cpp"), "check");
    let tests = pairs(&out.join("tests"), &|p| p.extension().is_none(), &|p| {
        p.with_extension("a")
    });
    assert_eq!(tests.len(), 4);
    for (input, answer) in &tests {
        let (code, msg) = run(&validator, &[], input);
        assert_eq!(code, 0, "polygon {}: {msg}", input.display());
        let (code, msg) = run(&checker, &[input, answer, answer], input);
        assert_eq!(code, 0, "polygon {}: {msg}", answer.display());
    }
    let solutions: Vec<String> = fs::read_dir(out.join("solutions"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !solutions.iter().any(|s| s.ends_with(".disabled")),
        "{solutions:?}"
    );
    assert!(solutions.contains(&"sum.cpp".to_string()), "{solutions:?}");
}

/// `verify` lists a disabled submission as skipped instead of refusing the catalogue.
#[test]
fn verify_skips_disabled_submissions_and_says_so() {
    let tmp = copy();
    let root = tmp.path();
    ok(&gridjudge(root, &["build", "multifile"]));
    let o = gridjudge(root, &["verify", "multifile", "--no-sandbox"]);
    let stdout = ok(&o);
    assert!(
        stdout.contains("skipped (disabled, not run): accepted/slow.py.disabled"),
        "{}",
        text(&o)
    );
    let json: serde_json::Value = serde_json::from_str(&ok(&gridjudge(
        root,
        &["verify", "multifile", "--no-sandbox", "--json"],
    )))
    .unwrap();
    assert_eq!(
        json["skipped"],
        serde_json::json!(["accepted/slow.py.disabled"])
    );
    let names: Vec<&str> = json["judge"]["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["accepted/sum.cpp", "wrong_answer/first.c"]);
}

/// A valid input in validator_corpus/invalid/ (judges would be told it is invalid) fails the
/// build and the export, naming the file.
#[test]
fn a_valid_input_in_the_invalid_corpus_fails_build_and_export() {
    let tmp = copy();
    let root = tmp.path();
    let dir = root.join("multifile");
    ok(&gridjudge(root, &["build", "multifile"]));
    fs::write(
        dir.join("validator_corpus/invalid/actually_valid.in"),
        "2\n1 2\n",
    )
    .unwrap();
    for format in ["kattis-2025-09", "kattis", "polygon", "testlib"] {
        let out = root.join(format.replace('-', ""));
        let err = fails(&export(root, format, &out));
        assert!(
            err.contains("validator_corpus/invalid/actually_valid.in: the validator accepts"),
            "{format}: {err}"
        );
        assert!(!out.exists(), "{format}");
    }
    let err = fails(&gridjudge(root, &["build", "multifile"]));
    assert!(
        err.contains("validator_corpus/invalid/actually_valid.in: the validator accepts"),
        "{err}"
    );
    assert!(err.contains("nothing written"), "{err}");
}

/// A hand-made test's official answer is the package's jury answer (as in Polygon), when the
/// checker accepts the reference's output against it; when it does not, the build fails.
#[test]
fn the_official_answer_is_the_jury_answer() {
    let tmp = copy();
    let root = tmp.path();
    let dir = root.join("multifile");
    // Another spelling of the reference's `6\n`, which the checker accepts.
    fs::write(dir.join("samples/1.ans"), "  6\n\n").unwrap();
    ok(&gridjudge(root, &["build", "multifile"]));
    assert_eq!(
        fs::read_to_string(dir.join("tests/01.ans")).unwrap(),
        "  6\n\n"
    );
    fs::write(dir.join("samples/1.ans"), "7\n").unwrap();
    let err = fails(&gridjudge(root, &["build", "multifile"]));
    assert!(err.contains("official answer"), "{err}");
}

/// The judges' own tools on this problem's packages: problemtools' `verifyproblem` on the
/// legacy Kattis package (every part but the statement, each submission its folder's verdict), BAPCtools' `bt
/// validate` and `bt run` on the 2025-09 one, and the Polygon package through `p2d` (DOMjudge's
/// converter), whose output validator `check.cpp` is built against p2d's `testlib.h` and judges
/// the jury answers AC under verifyproblem.
#[test]
#[ignore = "needs PyPI (problemtools, BAPCtools, p2d), pypy3 and about 40 s; .ci/run runs it"]
fn the_judges_tools_take_every_package() {
    use common::tools::{pypi_tool, run_tool};
    let verify = pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let bt = pypi_tool("bapctools-venv", "bapctools", "bt");
    let p2d = pypi_tool("p2d-venv", "p2d", "p2d");
    let tmp = copy();
    let root = tmp.path();
    ok(&gridjudge(root, &["build", "multifile"]));
    let work = tempfile::tempdir().unwrap();

    // Kattis legacy: verifyproblem, only the licence warning.
    let legacy = work.path().join("legacy").join("multifile");
    ok(&export(root, "kattis", &legacy));
    let scratch = tempfile::tempdir().unwrap();
    // Every part but the statement, which is no different from the other problems' (and
    // costs a LaTeX run).
    let parts = ["-p", "config", "data", "validators", "submissions"];
    let (success, out) = run_tool(
        Command::new(&verify)
            .arg(&legacy)
            .args(parts)
            .current_dir(scratch.path()),
    );
    assert!(success, "verifyproblem:\n{out}");
    assert!(out.contains("multifile tested: 0 errors"), "{out}");
    let warnings: Vec<&str> = out.lines().filter(|l| l.contains("WARNING")).collect();
    assert!(
        warnings.iter().all(|w| w.contains("License is 'unknown'")),
        "{warnings:?}"
    );
    assert_eq!(
        out.lines().filter(|l| l.contains(") OK")).count(),
        2,
        "{out}"
    );

    // Kattis 2025-09: bt validate and bt run exit 0.
    let modern = work.path().join("modern").join("multifile");
    ok(&export(root, "kattis-2025-09", &modern));
    let config_home = tempfile::tempdir().unwrap();
    for action in ["validate", "run"] {
        let (success, out) = run_tool(
            Command::new(&bt)
                .args([action, "--no-bar"])
                .env("XDG_CONFIG_HOME", config_home.path())
                .current_dir(&modern),
        );
        assert!(success, "bt {action}:\n{out}");
        if action == "run" {
            for (sub, verdict) in [
                ("accepted/sum.cpp:", " AC "),
                ("wrong_answer/first.c:", " WA "),
            ] {
                assert!(
                    out.lines()
                        .any(|l| l.starts_with(sub) && l.contains(verdict)),
                    "bt run: no `{sub} ...{verdict}`:\n{out}"
                );
            }
        }
    }

    // Polygon through p2d: the DOMjudge package's checker (check.cpp against p2d's testlib.h)
    // gives every submission its verdict under verifyproblem.
    let polygon = work.path().join("polygon").join("multifile");
    ok(&export(root, "polygon", &polygon));
    let config = work.path().join("p2d.toml");
    fs::write(
        &config,
        "[tag]\nmain = [\"accepted\"]\naccepted = [\"accepted\"]\n\
         wrong-answer = [\"wrong_answer\"]\n",
    )
    .unwrap();
    let zip = work.path().join("multifile.zip");
    let o = Command::new(&p2d)
        .arg(&polygon)
        .args(["--code", "multifile", "-y", "-c"])
        .arg(&config)
        .arg("-o")
        .arg(&zip)
        .current_dir(work.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    ok(&o);
    let dj = work.path().join("domjudge").join("multifile");
    zip::ZipArchive::new(fs::File::open(&zip).unwrap())
        .unwrap()
        .extract(&dj)
        .unwrap();
    let check = fs::read_to_string(dj.join("output_validators/checker/check.cpp")).unwrap();
    assert!(check.contains("inline Verdict judge("), "{check}");
    let (_, out) = run_tool(
        Command::new(&verify)
            .arg(&dj)
            .args(parts)
            .current_dir(scratch.path()),
    );
    // Every submission p2d wrote (the reference and the two of the catalogue) got the verdict
    // of its folder; p2d's own gaps (no input validator, no statement) are not ours.
    assert_eq!(
        out.lines().filter(|l| l.contains(") OK: ")).count(),
        3,
        "{out}"
    );
    assert!(!out.contains("Judge error"), "{out}");
}
