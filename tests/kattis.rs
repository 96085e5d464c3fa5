//! Kattis packages worked on in place: found as problems (by name in a contest folder, by
//! path, from inside the package), listed with their format beside gridjudge's own problems,
//! built (validated and locked in `gridjudge.lock`) and verified (each submission against its
//! expectation, the time limit derived from the accepted submissions), and refused with the
//! file and key named when the package is wrong.
//!
//! The packages are `tests/kattis/*`, copied into a temporary contest folder so that nothing
//! here writes into the repository. The comparisons with problemtools and BAPCtools are the
//! ignored tests of `tests/kattis_fidelity.rs`.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{ok, text};

/// `tests/kattis/<name>`.
fn package(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/kattis")
        .join(name)
}

/// Copies the folder `from` to `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// A contest folder holding copies of the packages `names` (and nothing else).
fn contest(names: &[&str]) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for n in names {
        copy_dir(&package(n), &d.path().join(n));
    }
    d
}

/// Runs `gridjudge args` in `cwd`.
fn gridjudge_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
}

/// Each submission of a `verify --json` report: (name, verdict, score).
fn verdicts_and_scores(v: &serde_json::Value) -> Vec<(String, String, Option<f64>)> {
    v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap().to_string(),
                s["score"].as_f64(),
            )
        })
        .collect()
}

/// `want` with owned strings, to compare with [`verdicts_and_scores`].
fn owned(want: &[(&str, &str, Option<f64>)]) -> Vec<(String, String, Option<f64>)> {
    want.iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), *c))
        .collect()
}

#[test]
fn a_mixed_problems_folder_lists_each_format() {
    let d = contest(&["sum", "scoring2025"]);
    // A gridjudge program problem beside them.
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/geography"),
        &d.path().join("geography"),
    );
    let out = ok(&gridjudge_in(d.path(), &["list", "--problems-dir", "."]));
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        lines,
        [
            "geography  (gridjudge)",
            "scoring2025  (kattis-2025-09)",
            "sum  (kattis-legacy)"
        ],
        "{out}"
    );
    // Without --problems-dir: the contest folder itself is found (it holds packages).
    let out = ok(&gridjudge_in(d.path(), &["list", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let formats: Vec<(String, String)> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["format"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        formats.contains(&("sum".into(), "kattis-legacy".into())),
        "{formats:?}"
    );
    // From inside a package: its contest folder.
    let out = ok(&gridjudge_in(&d.path().join("sum/data"), &["list"]));
    assert!(out.contains("scoring2025  (kattis-2025-09)"), "{out}");
}

#[test]
fn verify_by_path_meets_every_expectation_with_a_derived_time_limit() {
    let d = contest(&["sum"]);
    let o = gridjudge_in(
        d.path(),
        &["verify", "--no-sandbox", "-j", "2", "--json", "./sum"],
    );
    let out = ok(&o);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true, "{out}");
    assert_eq!(v["format"], "kattis-legacy");
    assert_eq!(v["time_limit_derived"], true);
    // Legacy: the slowest accepted time (a few ms) x 5, in whole seconds: 1 s.
    assert_eq!(v["time_limit_ms"], 1000);
    let got: Vec<(String, String)> = v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        ("accepted/sum.cpp", "AC"),
        ("accepted/sum.py", "AC"),
        ("time_limit_exceeded/quadratic.cpp", "TLE"),
        ("wrong_answer/ints.py", "WA"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(got, want);
    // ints.py truncates: only the small group's fractions kill it; the quadratic one only
    // the big test.
    assert_eq!(
        v["killing_set"],
        serde_json::json!(["secret/big/01", "secret/small/01"])
    );
    // Verify writes into the package only its results for the report, in the hidden
    // gridjudge/ (no lock: only build locks).
    assert!(!d.path().join("sum/gridjudge.lock").exists());
    let saved = d.path().join("sum/gridjudge/report/verify.json");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert_eq!(
        saved["killing_set"],
        serde_json::json!(["secret/big/01", "secret/small/01"])
    );
    assert_eq!(saved["ok"], true);
}

#[test]
fn the_report_shows_illustrations_visualizer_pictures_and_the_kill_matrix() {
    let d = contest(&["visual2025"]);
    let out = ok(&gridjudge_in(
        d.path(),
        &[
            "build",
            "--verify",
            "--report",
            "--no-sandbox",
            "visual2025",
        ],
    ));
    let report = d.path().join("visual2025/gridjudge/report");
    assert!(
        out.contains(&format!("report {}", report.join("index.html").display())),
        "{out}"
    );
    let read = |p: &str| std::fs::read_to_string(report.join(p)).unwrap();
    // The sample's own illustration, as it is; the secret tests drawn by input_visualizer/
    // with the colour of their group's input_visualizer_args.
    assert_eq!(
        read("pictures/sample__1.svg"),
        std::fs::read_to_string(package("visual2025/data/sample/1.svg")).unwrap()
    );
    let drawn = read("pictures/secret__01.svg");
    assert!(
        drawn.contains("fill=\"teal\"") && drawn.contains("7 + 1 = 8"),
        "{drawn}"
    );
    let page = read("tests/secret__01.html");
    assert!(
        page.contains("<img src=\"../pictures/secret__01.svg\""),
        "{page}"
    );
    assert!(
        page.contains("href=\"../../../data/secret/01.in\""),
        "{page}"
    );
    assert!(page.contains("wrong_answer/multiply.py"), "{page}");
    assert!(read("tests/sample__1.html").contains("The test's illustration, data/sample/1.svg"));
    // output_visualizer/ draws the jury answer (8) as an output, with its group's
    // output_visualizer_args (--scale 5), into the feedback folder's judgeimage.svg.
    let drawn = read("pictures/secret__01.output.judgeimage.svg");
    assert!(
        drawn.contains("<rect x=\"10\" y=\"10\" width=\"40\" height=\"20\" fill=\"green\"/>"),
        "{drawn}"
    );
    assert!(
        page.contains("<img src=\"../pictures/secret__01.output.judgeimage.svg\""),
        "{page}"
    );
    // The kill matrix of the verify that ran just before: multiply.py dies on the sample.
    let index = read("index.html");
    assert!(
        index.contains("Minimal killing set (exact minimum): sample/1"),
        "{index}"
    );
    assert!(
        index.contains("<a href=\"tests/secret__02.html\">secret/02</a>"),
        "{index}"
    );

    // A visualizer that fails is named on the page; the build and the report go on.
    std::fs::write(
        d.path().join("visual2025/input_visualizer/visualize.py"),
        "import sys\nsys.exit(3)\n",
    )
    .unwrap();
    ok(&gridjudge_in(
        d.path(),
        &["build", "--report", "visual2025"],
    ));
    let page = read("tests/secret__02.html");
    assert!(
        page.contains("no picture: ") && page.contains("input visualizer"),
        "{page}"
    );
    // The illustration does not need the visualizer.
    assert!(read("tests/sample__1.html").contains("<img src=\"../pictures/sample__1.svg\""));
}

#[test]
fn scoring_packages_get_their_scores() {
    let d = contest(&["scoring2025"]);
    let out = ok(&gridjudge_in(
        d.path(),
        &["verify", "--no-sandbox", "--json", "scoring2025"],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true, "{out}");
    let scores: Vec<(String, f64)> = v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["score"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        scores,
        [
            ("accepted/kadane.py".to_string(), 100.0),
            ("wrong_answer/largest.py".to_string(), 0.0),
            ("wrong_answer/sum_all.py".to_string(), 40.0),
        ]
    );
}

/// A `2023-07-draft` package, read as problemtools reads one: `problem.yaml` with the draft's
/// keys (`type`, `name` as a map, `limits.time_multipliers`), the legacy data tree and grading
/// keys, the legacy folders with `partially_accepted/`, and the output validator as a program
/// folder inside `output_validator/` (which accepts `+7`, where the default one would not).
#[test]
fn a_2023_07_draft_package_is_read_as_problemtools_reads_it() {
    let d = contest(&["draft2023", "sum"]);
    let out = ok(&gridjudge_in(d.path(), &["list", "--problems-dir", "."]));
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        lines,
        ["draft2023  (kattis-2023-07-draft)", "sum  (kattis-legacy)"],
        "{out}"
    );
    let out = ok(&gridjudge_in(
        d.path(),
        &["verify", "--no-sandbox", "-j", "2", "--json", "draft2023"],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true, "{out}");
    assert_eq!(v["format"], "kattis-2023-07-draft");
    let got = verdicts_and_scores(&v);
    // Legacy grading, as verifyproblem prints it: `OK: AC (40)` for the partial one, a
    // rejected submission without a score.
    let want = [
        ("accepted/kadane.py", "AC", Some(100.0)),
        ("accepted/plus_sign.py", "AC", Some(100.0)),
        ("partially_accepted/sum_all.py", "AC", Some(40.0)),
        ("wrong_answer/largest.py", "WA", None),
    ];
    assert_eq!(got, owned(&want), "{out}");
}

/// A legacy scoring package whose `data/secret` has `grading: custom`: its grader
/// (`graders/best.py`, the best subgroup's score rather than the default grader's sum) gives
/// the full solution 70 points, not 100, and the one right only on the small group 30.
#[test]
fn a_legacy_custom_grader_scores_its_groups() {
    let d = contest(&["graderlegacy"]);
    let out = ok(&gridjudge_in(
        d.path(),
        &[
            "verify",
            "--no-sandbox",
            "-j",
            "2",
            "--json",
            "graderlegacy",
        ],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true, "{out}");
    let got = verdicts_and_scores(&v);
    let want = [
        ("accepted/double.py", "AC", Some(70.0)),
        ("partially_accepted/small_only.py", "AC", Some(30.0)),
        ("wrong_answer/square.py", "WA", None),
    ];
    assert_eq!(got, owned(&want), "{out}");
    // A grader that breaks its contract is a judge error naming it, never a score.
    std::fs::write(
        d.path().join("graderlegacy/graders/best.py"),
        "print('maybe 3')\n",
    )
    .unwrap();
    let o = gridjudge_in(
        d.path(),
        &["verify", "--no-sandbox", "--json", "graderlegacy"],
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("custom grader") && out.contains("`maybe`"),
        "{out}"
    );
}

/// A 2025-09 package whose tests give the submissions arguments (`args` of a group's
/// `test_group.yaml`, overridden by a `<test>.yaml`): the accepted submissions add the first
/// argument, so they pass only when each test's own arguments reach them.
#[test]
fn per_test_arguments_reach_the_submissions() {
    let d = contest(&["args2025"]);
    let out = ok(&gridjudge_in(
        d.path(),
        &["verify", "--no-sandbox", "-j", "2", "--json", "args2025"],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true, "{out}");
    let tests_of = |name: &str| -> Vec<(String, String)> {
        let s = v["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {out}"));
        serde_json::from_value(s["tests"].clone()).unwrap()
    };
    let all = |verdicts: [&str; 4]| -> Vec<(String, String)> {
        [
            "sample/1",
            "secret/plain/1",
            "secret/shifted/1",
            "secret/shifted/2",
        ]
        .iter()
        .zip(verdicts)
        .map(|(t, v)| (t.to_string(), v.to_string()))
        .collect()
    };
    assert_eq!(tests_of("accepted/shift.py"), all(["AC", "AC", "AC", "AC"]));
    assert_eq!(
        tests_of("accepted/shift.cpp"),
        all(["AC", "AC", "AC", "AC"])
    );
    assert_eq!(
        tests_of("wrong_answer/no_args.py"),
        all(["AC", "AC", "WA", "WA"])
    );
    // In three shards, merged: the same report but for the times (12 runs, 4 per shard).
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let out = ok(&gridjudge_in(
            d.path(),
            &["verify", "--no-sandbox", "args2025", "--shard", &shard],
        ));
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["command"], "verify-kattis", "{doc}");
        assert_eq!(doc["judge"]["runs"].as_array().unwrap().len(), 4, "{doc}");
        let f = d.path().join(format!("shard-{i}.json"));
        std::fs::write(&f, out).unwrap();
        files.push(f.display().to_string());
    }
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged: serde_json::Value =
        serde_json::from_str(&ok(&gridjudge_in(d.path(), &args))).unwrap();
    let strip = |v: &serde_json::Value| {
        let mut v = v.clone();
        for s in v["submissions"].as_array_mut().unwrap() {
            s.as_object_mut().unwrap().remove("max_time_ms");
        }
        v
    };
    assert_eq!(strip(&merged), strip(&v));
    // A package whose limit is derived is refused: each machine would derive its own.
    let d = contest(&["sum"]);
    let o = gridjudge_in(d.path(), &["verify", "./sum", "--shard", "1/2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.code() == Some(1)
            && err.contains("problem.yaml fixes no time limit")
            && err.contains("`limits: time_limit: <seconds>` in problem.yaml")
            && err.trim_end().ends_with(&format!(
                "write there the limit that `gridjudge timelimit {}` prints",
                d.path().join("sum").display()
            )),
        "{err}"
    );
    // A 2025-09 package: the message ends with the command that fixes the limit, and that
    // command does.
    let d = contest(&["scoring2025"]);
    let o = gridjudge_in(d.path(), &["verify", "scoring2025", "--shard", "1/2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    let dir = d.path().join("scoring2025");
    assert!(
        o.status.code() == Some(1)
            && err.trim_end().ends_with(&format!(
                "; run `gridjudge timelimit {} --write` first",
                dir.display()
            )),
        "{err}"
    );
    ok(&gridjudge_in(
        d.path(),
        &["timelimit", dir.to_str().unwrap(), "--write"],
    ));
    ok(&gridjudge_in(
        d.path(),
        &["verify", "scoring2025", "--shard", "1/2"],
    ));
}

#[test]
fn build_validates_and_locks_the_data_in_place() {
    let d = contest(&["sum"]);
    let out = ok(&gridjudge_in(d.path(), &["build", "sum"]));
    assert!(out.contains("sum (kattis-legacy, 4 tests"), "{out}");
    let lock = std::fs::read_to_string(d.path().join("sum/gridjudge.lock")).unwrap();
    assert!(lock.contains("source = \"data/secret/small/02\""), "{lock}");
    ok(&gridjudge_in(d.path(), &["build", "--locked", "sum"]));
    // An edited answer: refused until the lock is updated on purpose.
    let ans = d.path().join("sum/data/secret/small/02.ans");
    std::fs::write(&ans, "-7.0\n").unwrap();
    let o = gridjudge_in(d.path(), &["build", "sum"]);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("changed: test secret/small/02") && err.contains("--update-lock"),
        "{err}"
    );
    // The message ends with the command that accepts the change, naming the package.
    let sum = d.path().join("sum");
    let update = format!(
        "run `gridjudge build --update-lock {}` to accept the change",
        sum.display()
    );
    assert!(err.trim_end().ends_with(&update), "{err}");
    // --locked lists the difference, then the same command.
    let o = gridjudge_in(d.path(), &["build", "--locked", "sum"]);
    let err = String::from_utf8_lossy(&o.stderr);
    let accepts = format!(
        "`gridjudge build --update-lock {}` accepts changed tests",
        sum.display()
    );
    assert!(
        !o.status.success() && err.trim_end().ends_with(&accepts),
        "{err}"
    );
    ok(&gridjudge_in(d.path(), &["build", "--update-lock", "sum"]));
    ok(&gridjudge_in(d.path(), &["build", "--locked", "sum"]));
    // Without a lock, --locked names the build that makes one.
    std::fs::remove_file(sum.join("gridjudge.lock")).unwrap();
    let o = gridjudge_in(d.path(), &["build", "--locked", "sum"]);
    let err = String::from_utf8_lossy(&o.stderr);
    let plain = format!(
        "run `gridjudge build {}` without --locked first)",
        sum.display()
    );
    assert!(
        !o.status.success() && err.trim_end().ends_with(&plain),
        "{err}"
    );
}

#[test]
fn an_input_the_validator_rejects_stops_the_build_naming_the_test() {
    let d = contest(&["sum"]);
    // The small group's validator flags say at most 5 numbers.
    std::fs::write(
        d.path().join("sum/data/secret/small/02.in"),
        "6\n1 2 3 4 5 6\n",
    )
    .unwrap();
    let o = gridjudge_in(d.path(), &["build", "sum"]);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("test secret/small/02 is invalid") && err.contains("invalid input"),
        "{err}"
    );
    assert!(!d.path().join("sum/gridjudge.lock").exists());
}

#[test]
fn a_wrong_package_is_refused_naming_the_file_and_key() {
    let d = contest(&["sum"]);
    let yaml = d.path().join("sum/problem.yaml");
    let text0 = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, format!("{text0}timelimit: 2\n")).unwrap();
    let o = gridjudge_in(d.path(), &["verify", "--no-sandbox", "sum"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("problem.yaml: unknown key `timelimit`"),
        "{err}"
    );
    std::fs::write(&yaml, &text0).unwrap();
    std::fs::write(
        d.path().join("sum/data/secret/small/testdata.yaml"),
        "input_validator_flag: --max 5\n",
    )
    .unwrap();
    let o = gridjudge_in(d.path(), &["verify", "--no-sandbox", "sum"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("small/testdata.yaml: unknown key `input_validator_flag`"),
        "{err}"
    );
}

/// Each submission's (name, verdict) in `gridjudge verify --json` of the package at `dir`.
fn verdicts_of(cwd: &Path, dir: &str) -> Vec<(String, String)> {
    let out = ok(&gridjudge_in(
        cwd,
        &["verify", "--no-sandbox", "-j", "2", "--json", dir],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true, "{out}");
    verdicts_and_scores(&v)
        .into_iter()
        .map(|(n, verdict, _)| (n, verdict))
        .collect()
}

#[test]
fn a_kattis_package_exports_to_the_other_version_with_the_same_verdicts() {
    let d = contest(&["sum", "visual2025"]);
    let out = tempfile::tempdir().unwrap();
    // Legacy to 2025-09: validator_flags and the groups' flags become output_validator_args,
    // the folders get their 2025-09 names, the time multipliers are written out.
    let o = gridjudge_in(
        d.path(),
        &[
            "export",
            "sum",
            "--format",
            "kattis-2025-09",
            "--out",
            out.path().join("sumnew").to_str().unwrap(),
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&o)).unwrap();
    assert_eq!(
        (v["tests"].as_u64(), v["samples"].as_u64()),
        (Some(4), Some(1))
    );
    assert_eq!(v["submissions"], 4);
    let new = out.path().join("sumnew");
    let yaml = std::fs::read_to_string(new.join("problem.yaml")).unwrap();
    for line in [
        "problem_format_version: 2025-09",
        "type: pass-fail",
        "uuid: 4f7b8f0c-3c1e-4d0a-9a57-5d2f7d0f2a11",
        "  time_multipliers:\n    ac_to_time_limit: 5.0\n    time_limit_to_tle: 2.0",
        "  memory: 256",
    ] {
        assert!(yaml.contains(line), "{line:?} not in\n{yaml}");
    }
    for gone in ["validator_flags", "problem_statement"] {
        assert!(!yaml.contains(gone), "{gone} in\n{yaml}");
    }
    assert!(new.join("statement/problem.en.tex").is_file());
    assert!(new.join("input_validators").is_dir());
    let group = std::fs::read_to_string(new.join("data/secret/small/test_group.yaml")).unwrap();
    assert!(
        group.contains("output_validator_args:\n- float_tolerance\n- '1e-6'"),
        "{group}"
    );
    // The same verdicts, in the new version, as in the old.
    let before = verdicts_of(d.path(), "./sum");
    assert_eq!(verdicts_of(out.path(), "./sumnew"), before);

    // 2025-09 to legacy: the input visualizer has no legacy place and is named as left out;
    // the time limit goes to .timelimit (a legacy problem.yaml has no key for it).
    let o = gridjudge_in(
        d.path(),
        &[
            "export",
            "visual2025",
            "--format",
            "kattis",
            "--out",
            out.path().join("barsold").to_str().unwrap(),
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    ok(&o);
    assert!(
        err.contains(
            "note: input_visualizer/: left out: the legacy version has no input visualizer"
        ),
        "{err}"
    );
    let old = out.path().join("barsold");
    let yaml = std::fs::read_to_string(old.join("problem.yaml")).unwrap();
    for line in [
        "problem_format_version: legacy",
        "author: gridjudge tests",
        "  time_multiplier: 2.0\n  time_safety_margin: 1.5\n",
    ] {
        assert!(yaml.contains(line), "{line:?} not in\n{yaml}");
    }
    assert!(!yaml.contains("time_limit"), "{yaml}");
    assert_eq!(
        std::fs::read_to_string(old.join(".timelimit")).unwrap(),
        "2\n"
    );
    assert!(old.join("problem_statement/problem.en.tex").is_file());
    assert!(old.join("input_validators/validate.py").is_file());
    assert!(!old.join("input_visualizer").exists());
    let before = verdicts_of(d.path(), "./visual2025");
    assert_eq!(verdicts_of(out.path(), "./barsold"), before);
    // Back again: the round trip judges alike too.
    let o = gridjudge_in(
        out.path(),
        &[
            "export",
            "./barsold",
            "--format",
            "kattis-2025-09",
            "--out",
            "barsnew",
        ],
    );
    ok(&o);
    assert_eq!(verdicts_of(out.path(), "./barsnew"), before);
}

/// One submission's result: (name, verdict, score, whether it met its expectation).
type SubmissionResult = (String, String, Option<f64>, bool);

/// Each submission's result in `gridjudge verify --json` of the package at `dir`, and whether
/// the whole report is ok.
fn results_of(cwd: &Path, dir: &str) -> (Vec<SubmissionResult>, bool) {
    let out = ok(&gridjudge_in(
        cwd,
        &["verify", "--no-sandbox", "-j", "2", "--json", dir],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let subs = v["submissions"]
        .as_array()
        .unwrap_or_else(|| panic!("{out}"))
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap().to_string(),
                s["score"].as_f64(),
                s["expectation"].get("Ok").is_some(),
            )
        })
        .collect();
    (subs, v["ok"] == true)
}

/// `want` with owned strings, to compare with [`results_of`].
fn owned_results(want: &[(&str, &str, Option<f64>, bool)]) -> Vec<SubmissionResult> {
    want.iter()
        .map(|(a, b, c, d)| (a.to_string(), b.to_string(), *c, *d))
        .collect()
}

/// The twins scoringlegacy and scoring2025 (two groups of 40 and 60 points, the least score
/// within a group, the sum over them) exported to the other version: every submission gets
/// the score it gets in the original (a rejected legacy submission has none, and 0 in
/// 2025-09), and meets its expectation there exactly as in the original: legacy
/// `partially_accepted/` is 2025-09 `rejected/` with the partial scores 40 to 60, and back.
#[test]
fn a_scoring_package_exports_to_the_other_version_with_the_same_scores() {
    let d = contest(&["scoringlegacy", "scoring2025"]);
    let out = tempfile::tempdir().unwrap();
    let export = |from: &Path, problem: &str, format: &str, to: &str| {
        ok(&gridjudge_in(
            from,
            &[
                "export",
                problem,
                "--format",
                format,
                "--out",
                out.path().join(to).to_str().unwrap(),
            ],
        ))
    };
    let read = |f: &str| std::fs::read_to_string(out.path().join(f)).unwrap();

    // Legacy to 2025-09.
    export(d.path(), "scoringlegacy", "kattis-2025-09", "scoringnew");
    assert!(read("scoringnew/problem.yaml").contains("\ntype: scoring\n"));
    assert_eq!(
        read("scoringnew/data/secret/test_group.yaml"),
        "score_aggregation: sum\nmax_score: 100\n"
    );
    assert_eq!(
        read("scoringnew/data/secret/group1/test_group.yaml"),
        "score_aggregation: min\nmax_score: 40\ninput_validator_args:\n- --positive\n"
    );
    assert_eq!(
        read("scoringnew/data/secret/group2/test_group.yaml"),
        "score_aggregation: min\nmax_score: 60\n"
    );
    let subs = read("scoringnew/submissions/submissions.yaml");
    assert!(
        subs.contains("rejected/*:\n  score:\n  - 40\n  - 60\nwrong_answer/*:\n  score: 0\n"),
        "{subs}"
    );
    let legacy = owned_results(&[
        ("accepted/kadane.py", "AC", Some(100.0), true),
        ("partially_accepted/sum_all.py", "AC", Some(40.0), true),
        ("wrong_answer/largest.py", "WA", None, true),
    ]);
    assert_eq!(
        results_of(d.path(), "./scoringlegacy"),
        (legacy.clone(), true)
    );
    assert_eq!(
        results_of(out.path(), "./scoringnew"),
        (
            owned_results(&[
                ("accepted/kadane.py", "AC", Some(100.0), true),
                ("rejected/sum_all.py", "WA", Some(40.0), true),
                ("wrong_answer/largest.py", "WA", Some(0.0), true),
            ]),
            true
        )
    );

    // 2025-09 to legacy: scoring2025 becomes scoringlegacy's settings, every key written out.
    export(d.path(), "scoring2025", "kattis", "scoringold");
    let yaml = read("scoringold/problem.yaml");
    assert!(
        yaml.contains("type: scoring\ngrading:\n  show_test_data_groups: true\n"),
        "{yaml}"
    );
    assert_eq!(
        read("scoringold/data/testdata.yaml"),
        "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n"
    );
    assert_eq!(
        read("scoringold/data/secret/testdata.yaml"),
        "on_reject: continue\ngrader_flags: first_error accept_if_any_accepted\nrange: 0 100\n"
    );
    let group1 = read("scoringold/data/secret/group1/testdata.yaml");
    assert!(
        group1.starts_with(
            "on_reject: break\ngrader_flags: min\naccept_score: 40\nreject_score: 0\nrange: 0 40\n"
        ),
        "{group1}"
    );
    assert!(read("scoringold/data/sample/testdata.yaml").contains("range: 0 0\n"));
    assert_eq!(
        results_of(d.path(), "./scoring2025"),
        (
            owned_results(&[
                ("accepted/kadane.py", "AC", Some(100.0), true),
                ("wrong_answer/largest.py", "WA", Some(0.0), true),
                ("wrong_answer/sum_all.py", "WA", Some(40.0), true),
            ]),
            true
        )
    );
    // sum_all.py scores 40, strictly between 0 and 100: legacy partially_accepted.
    assert_eq!(
        results_of(out.path(), "./scoringold"),
        (legacy.clone(), true)
    );

    // And back: the legacy package written from the 2025-09 one is scoringlegacy again.
    export(out.path(), "./scoringnew", "kattis", "roundtrip");
    assert_eq!(results_of(out.path(), "./roundtrip"), (legacy, true));
}

#[test]
fn what_the_other_version_cannot_say_is_refused_naming_the_file_and_key() {
    let d = contest(&[
        "sum",
        "scoring2025",
        "scoringlegacy",
        "graderlegacy",
        "args2025",
    ]);
    let export = |problem: &str, format: &str| {
        let o = gridjudge_in(
            d.path(),
            &["export", problem, "--format", format, "--out", "out"],
        );
        assert!(!o.status.success(), "{}", text(&o));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    // testlib and Polygon state a time limit, which this legacy package leaves to the
    // submissions (tests/polygon.rs exports it with one).
    let err = export("sum", "testlib");
    assert!(err.contains("the package fixes no time limit"), "{err}");
    // The same version is no export.
    let err = export("sum", "kattis");
    assert!(err.contains("is already a kattis-legacy package"), "{err}");
    // A custom grader's result is a program's: no 2025-09 setting states it.
    let err = export("graderlegacy", "kattis-2025-09");
    assert!(
        err.contains("graderlegacy/data/secret/testdata.yaml: grading custom: a custom grader"),
        "{err}"
    );
    // A summing group that stops at its first rejected test case loses the later ones'
    // points, which 2025-09's sum counts.
    let group1 = d
        .path()
        .join("scoringlegacy/data/secret/group1/testdata.yaml");
    std::fs::write(
        &group1,
        "on_reject: break\naccept_score: 10\nrange: 0 30\ngrader_flags: sum\n",
    )
    .unwrap();
    let err = export("scoringlegacy", "kattis-2025-09");
    assert!(
        err.contains("group1/testdata.yaml: on_reject break: with grader_flags sum"),
        "{err}"
    );
    // Without accept_if_any_accepted in secret, a submission failing one group is rejected
    // and legacy drops its score.
    std::fs::write(
        &group1,
        "on_reject: break\naccept_score: 40\nrange: 0 40\ngrader_flags: min\n",
    )
    .unwrap();
    std::fs::write(
        d.path().join("scoringlegacy/data/secret/testdata.yaml"),
        "on_reject: continue\nrange: 0 100\ngrader_flags: first_error\n",
    )
    .unwrap();
    let err = export("scoringlegacy", "kattis-2025-09");
    assert!(
        err.contains(
            "scoringlegacy/data/secret/testdata.yaml: grader_flags: a submission rejected in one \
             group"
        ),
        "{err}"
    );
    // A 2025-09 scoring submission says its legacy folder by its score: none, no folder.
    let subs = d.path().join("scoring2025/submissions/submissions.yaml");
    let text0 = std::fs::read_to_string(&subs).unwrap();
    std::fs::write(
        &subs,
        text0.replace("wrong_answer/largest.py:\n  score: 0\n", ""),
    )
    .unwrap();
    let err = export("scoring2025", "kattis");
    assert!(
        err.contains("submissions/submissions.yaml: wrong_answer/largest.py: no score"),
        "{err}"
    );
    // A group dependency has no legacy form.
    std::fs::write(
        d.path()
            .join("scoring2025/data/secret/group2/test_group.yaml"),
        "max_score: 60\nscore_aggregation: min\nrequire_pass: secret/group1\n",
    )
    .unwrap();
    let err = export("scoring2025", "kattis");
    assert!(
        err.contains("scoring2025/data/secret/group2/test_group.yaml: require_pass"),
        "{err}"
    );
    // Legacy runs submissions without arguments: the file setting them is named.
    let err = export("args2025", "kattis");
    assert!(
        err.contains(
            "test_group.yaml: args: the legacy version runs submissions without arguments"
        ) || err.contains(".yaml: args: the legacy version runs submissions without arguments"),
        "{err}"
    );
    // A legacy grader setting in a pass-fail package.
    std::fs::write(
        d.path().join("sum/data/secret/small/testdata.yaml"),
        "on_reject: continue\n",
    )
    .unwrap();
    let err = export("sum", "kattis-2025-09");
    assert!(
        err.contains("small/testdata.yaml: on_reject: the 2025-09 version has no grader"),
        "{err}"
    );
    assert!(!d.path().join("out").exists());
}
