//! The submissions of the Kattis test packages `tests/kattis/submissions_legacy/` and
//! `tests/kattis/submissions_2025/` (a sum of two integers): what gridjudge reads of them
//! (`problems::kattis::submissions::load`: names, languages, skips, expectations), checked
//! against the verdicts problemtools' `verifyproblem` and BAPCtools' `bt run` give them.
//! The tools themselves run in the ignored `tools_agree_with_our_expectations` (needs PyPI):
//! verifyproblem on the legacy package only (problemtools 1.20260907 reads legacy and
//! 2023-07-draft, and refuses `2025-09`: "'2025-09' is not a valid FormatVersion"), `bt run`
//! on the 2025-09 package only (BAPCtools 2026.10.0 refuses legacy packages: "legacy is no
//! longer supported"). Both copy the package to a short name first (`[a-z0-9]+`, which the
//! tools want of a problem's folder). What they said here (no kotlinc, no Python 2, javac 17):
//! verifyproblem: Sum.java a compile error (`-source 21`), sum.kt and sum2.py2 compile errors
//! (no kotlinc, no pypy), every other submission `OK` with its folder's verdict; bt: sum.kt
//! "No language detected", sum2.py failed to build (no python2), every other one green with
//! the verdicts the tables below hold.

#[path = "common/tools.rs"]
mod tools;

use std::path::{Path, PathBuf};
use std::process::Command;

use gridjudge::core::verdict::Verdict::{self, *};
use gridjudge::exec::compile::{Language, SubmissionKind};
use gridjudge::problems::kattis::submissions::{load, KattisSubmission};
use gridjudge::problems::kattis::Version;

fn package(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/kattis")
        .join(name)
}

fn by<'a>(subs: &'a [KattisSubmission], name: &str) -> &'a KattisSubmission {
    subs.iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no submission {name}"))
}

fn tests(names: &[&str], verdicts: &[Verdict]) -> Vec<(String, Verdict)> {
    assert_eq!(names.len(), verdicts.len());
    names
        .iter()
        .map(|n| n.to_string())
        .zip(verdicts.iter().copied())
        .collect()
}

/// The final verdict: the first test's that is not AC (the legacy `on_reject: break`).
fn final_of(verdicts: &[Verdict]) -> Verdict {
    verdicts.iter().copied().find(|v| *v != Ac).unwrap_or(Ac)
}

/// Each submission's per-test verdicts as verifyproblem and bt reported them on these
/// packages (problemtools 1.20260907, BAPCtools 2026.10.0; see the module documentation).
const LEGACY_TESTS: &[&str] = &[
    "sample/1",
    "secret/01-zero",
    "secret/02-small",
    "secret/03-big",
];
const TESTS_2025: &[&str] = &[
    "sample/1",
    "secret/easy/01-zero",
    "secret/easy/02-small",
    "secret/hard/01-big",
    "secret/hard/02-big",
];

#[test]
fn legacy_package() {
    let subs = load(&package("submissions_legacy"), Version::Legacy).unwrap();
    let names: Vec<&str> = subs.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "accepted/Sum.java",
            "accepted/multi/",
            "accepted/sum.c",
            "accepted/sum.cpp",
            "accepted/sum.js",
            "accepted/sum.kt",
            "accepted/sum.py",
            "accepted/sum.rb",
            "accepted/sum.rs",
            "accepted/sum2.py2",
            "run_time_error/crash.py",
            "time_limit_exceeded/counting.py",
            "wrong_answer/off_by_one.cpp",
        ]
    );
    // Kotlin and Python 2 run where their tools are; elsewhere the skip says what is missing.
    for (name, lang, tool) in [
        ("accepted/sum.kt", Language::Kotlin, "kotlinc"),
        ("accepted/sum2.py2", Language::Python2, "python2"),
        ("accepted/sum.js", Language::JavaScript, "node"),
        ("accepted/sum.rb", Language::Ruby, "ruby"),
    ] {
        let s = by(&subs, name);
        match (&s.submission, lang.missing()) {
            (Some(sub), None) => assert_eq!(sub.kind.language(), Some(lang)),
            (None, Some(why)) => {
                let skipped = s.skipped.as_deref().unwrap();
                assert!(
                    skipped.contains(tool) && skipped == why,
                    "{name}: {skipped}"
                );
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let multi = by(&subs, "accepted/multi/").submission.as_ref().unwrap();
    let SubmissionKind::Folder(f) = &multi.kind else {
        panic!("{multi:?}")
    };
    assert_eq!(f.language, Language::Python3);
    assert!(f.entry.ends_with("accepted/multi/main.py"));
    // The DOMjudge comment in wrong_answer/ is ignored, with a note.
    let wa = &by(&subs, "wrong_answer/off_by_one.cpp").expectation;
    assert!(wa.notes[0].contains("ignored"), "{:?}", wa.notes);

    for (name, verdicts) in [
        ("accepted/sum.cpp", [Ac, Ac, Ac, Ac]),
        ("run_time_error/crash.py", [Ac, Ac, Re, Re]),
        ("time_limit_exceeded/counting.py", [Ac, Ac, Ac, Tle]),
        ("wrong_answer/off_by_one.cpp", [Ac, Ac, Wa, Wa]),
    ] {
        let e = &by(&subs, name).expectation;
        let t = tests(LEGACY_TESTS, &verdicts);
        e.check(&t, final_of(&verdicts), None)
            .unwrap_or_else(|err| panic!("{name}: {err}"));
    }
    // A crash before the wrong answer makes the final verdict RTE: not what wrong_answer/ wants.
    let err = wa
        .check(&tests(LEGACY_TESTS, &[Ac, Re, Wa, Wa]), Re, None)
        .unwrap_err();
    assert!(err.contains("legacy folder wrong_answer/"), "{err}");
}

#[test]
fn package_2025() {
    let subs = load(&package("submissions_2025"), Version::V2025_09).unwrap();
    let names: Vec<&str> = subs.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "accepted/Sum.java",
            "accepted/multi/",
            "accepted/multi.sh/",
            "accepted/sum.c",
            "accepted/sum.cpp",
            "accepted/sum.kt",
            "accepted/sum.py",
            "accepted/sum.rs",
            "accepted/sum.sh",
            "accepted/sum2.py",
            "rejected/overflow.c",
            "run_time_error/crash.py",
            "time_limit_exceeded/counting.py",
            "wrong_answer/off_by_one.cpp",
        ]
    );
    // The shebang makes sum2.py Python 2 (problemtools' rule).
    let py2 = by(&subs, "accepted/sum2.py");
    match &py2.submission {
        Some(sub) => assert_eq!(sub.kind.language(), Some(Language::Python2)),
        None => assert!(
            py2.skipped.as_deref().unwrap().starts_with("Python 2: no"),
            "{py2:?}"
        ),
    }
    // A shell folder: Bash, started at main.sh (the problemtools rule: a file named main.*).
    let multi_sh = by(&subs, "accepted/multi.sh/").submission.as_ref().unwrap();
    let SubmissionKind::Folder(f) = &multi_sh.kind else {
        panic!("{multi_sh:?}")
    };
    assert_eq!(f.language, Language::Bash);
    assert!(f.entry.ends_with("accepted/multi.sh/main.sh"));
    let sum_sh = by(&subs, "accepted/sum.sh").submission.as_ref().unwrap();
    assert_eq!(sum_sh.kind.language(), Some(Language::Bash));
    for (name, verdicts) in [
        ("accepted/sum.c", [Ac, Ac, Ac, Ac, Ac]),
        ("accepted/multi/", [Ac, Ac, Ac, Ac, Ac]),
        ("rejected/overflow.c", [Ac, Ac, Ac, Wa, Wa]),
        ("run_time_error/crash.py", [Ac, Ac, Re, Re, Re]),
        ("time_limit_exceeded/counting.py", [Ac, Ac, Ac, Tle, Tle]),
        ("wrong_answer/off_by_one.cpp", [Ac, Ac, Wa, Wa, Wa]),
    ] {
        let e = &by(&subs, name).expectation;
        e.check(&tests(TESTS_2025, &verdicts), final_of(&verdicts), None)
            .unwrap_or_else(|err| panic!("{name}: {err}"));
    }
    // submissions.yaml: counting.py must pass the easy group.
    let counting = &by(&subs, "time_limit_exceeded/counting.py").expectation;
    let err = counting
        .check(&tests(TESTS_2025, &[Ac, Ac, Tle, Tle, Tle]), Tle, None)
        .unwrap_err();
    assert!(
        err.contains("(tests secret/easy): permitted [AC], but test secret/easy/02-small got TLE"),
        "{err}"
    );
    assert!(counting.upper_bounds_time_limit());
    // rejected/overflow.c: submissions.yaml wants a WA, and so does its @EXPECTED_RESULTS@.
    let overflow = &by(&subs, "rejected/overflow.c").expectation;
    assert_eq!(overflow.finals.len(), 1);
    let err = overflow
        .check(&tests(TESTS_2025, &[Ac, Ac, Ac, Tle, Wa]), Tle, None)
        .unwrap_err();
    assert!(err.contains("permitted [AC, WA]"), "{err}");
    // An accepted submission bounds the time limit from below.
    assert!(by(&subs, "accepted/sum.c")
        .expectation
        .lower_bounds_time_limit());
}

/// The verdict problemtools' verifyproblem printed for `name` (`   accepted/sum.c (C) OK: AC
/// [...]`, or `ERROR ... got WA`); `Err` with the line when it could not build it.
fn verifyproblem_verdict(text: &str, name: &str) -> Option<Result<Verdict, String>> {
    let name = name.trim_end_matches('/');
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with(&format!("ERROR Compile error for {name} ")) {
            return Some(Err(l.to_string()));
        }
        let Some(rest) = l.strip_prefix(&format!("{name} (")) else {
            continue;
        };
        let after = rest.split_once(") ").map(|(_, a)| a).unwrap_or("");
        let v = after
            .strip_prefix("OK: ")
            .or_else(|| after.strip_prefix("OK with extra time: "))?;
        return Some(Ok(verdict_of(v.split_whitespace().next()?)));
    }
    None
}

fn verdict_of(short: &str) -> Verdict {
    match short {
        "AC" | "A" => Ac,
        "WA" | "W" => Wa,
        "TLE" | "T" => Tle,
        "RTE" | "R" => Re,
        other => panic!("unknown verdict {other}"),
    }
}

/// Copies the package `name` into `dest/short` (the tools want a short name of `[a-z0-9]`).
fn scratch_copy(name: &str, dest: &Path, short: &str) -> PathBuf {
    let to = dest.join(short);
    let st = Command::new("cp")
        .arg("-r")
        .arg(package(name))
        .arg(&to)
        .status()
        .unwrap();
    assert!(st.success());
    to
}

#[test]
#[ignore = "needs PyPI (problemtools, bapctools) and about a minute"]
fn tools_agree_with_our_expectations() {
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let scratch = tempfile::tempdir().unwrap();

    // Legacy: verifyproblem (the statement left out: it needs LaTeX).
    let dir = scratch_copy("submissions_legacy", scratch.path(), "sumlegacy");
    let (_, text) = tools::run_tool(
        Command::new(&verify)
            .arg(&dir)
            .args(["-p", "config", "data", "validators", "submissions"])
            .current_dir(scratch.path()),
    );
    let subs = load(&dir, Version::Legacy).unwrap();
    for s in &subs {
        let got = verifyproblem_verdict(&text, &s.name);
        match (&s.submission, got) {
            (Some(_), Some(Ok(v))) => s
                .expectation
                .check(&[], v, None)
                .unwrap_or_else(|e| panic!("{}: verifyproblem {v}, {e}", s.name)),
            // problemtools 1.20260907 compiles Java with `-source 21`; Debian 12's JDK (the
            // one CI installs) is 17: a known limit of the tool here, not of the package.
            (Some(_), Some(Err(line))) if s.name.ends_with(".java") => {
                eprintln!("known: verifyproblem cannot build {}: {line}", s.name)
            }
            (Some(_), Some(Err(line))) => {
                tools::skip_or_fail(&format!("verifyproblem cannot build {}: {line}", s.name))
            }
            // We skip it: the tool cannot build it either.
            (None, got) => assert!(
                matches!(got, Some(Err(_))),
                "{}: skipped by us ({:?}) but verifyproblem gave {got:?}",
                s.name,
                s.skipped
            ),
            (Some(_), None) => panic!("verifyproblem said nothing of {}:\n{text}", s.name),
        }
    }

    // 2025-09: bt run on every test, with the table of the tests that break a submission.
    let dir = scratch_copy("submissions_2025", scratch.path(), "sum2025");
    let (_, text) = tools::run_tool(
        Command::new(&bt)
            .args(["run", "-aa", "--table", "--no-bar"])
            // bt remembers every problem's uuid in its config folder and warns (exit 1) when
            // another existing copy has the same one: each run gets a folder of its own.
            .env("XDG_CONFIG_HOME", scratch.path().join("bt-config"))
            .current_dir(&dir),
    );
    // `name: VERDICT time @ test` lines give the order of the table's columns.
    let ran: Vec<(String, Verdict)> = text
        .lines()
        .filter_map(|l| {
            let (name, rest) = l.split_once(": ")?;
            let name = name.trim();
            if !name.contains('/') || name.contains(' ') {
                return None;
            }
            let v = rest.split_whitespace().next()?;
            ["AC", "WA", "TLE", "RTE"]
                .contains(&v)
                .then(|| (name.to_string(), verdict_of(v)))
        })
        .collect();
    let table: Vec<(String, Vec<Verdict>)> = text
        .lines()
        .filter_map(|l| {
            let (test, rest) = l.split_once(": ")?;
            if !test.starts_with("secret/") && !test.starts_with("sample/") {
                return None;
            }
            let letters = rest.split_whitespace().next()?;
            (letters.len() == ran.len()).then(|| {
                (
                    test.to_string(),
                    letters
                        .chars()
                        .map(|c| verdict_of(&c.to_string()))
                        .collect(),
                )
            })
        })
        .collect();
    let subs = load(&dir, Version::V2025_09).unwrap();
    for s in &subs {
        let name = s.name.trim_end_matches('/');
        let Some(i) = ran.iter().position(|(n, _)| n == name) else {
            assert!(
                s.submission.is_none(),
                "bt did not run {name}, which we would:\n{text}"
            );
            continue;
        };
        let Some(_) = &s.submission else {
            panic!("bt ran {name}, which we skip: {:?}", s.skipped);
        };
        let per_test: Vec<(String, Verdict)> = TESTS_2025
            .iter()
            .map(|t| {
                let v = table
                    .iter()
                    .find(|(n, _)| n == t)
                    .map_or(Ac, |(_, vs)| vs[i]);
                (t.to_string(), v)
            })
            .collect();
        s.expectation
            .check(&per_test, ran[i].1, None)
            .unwrap_or_else(|e| panic!("{name}: bt gave {per_test:?}; {e}"));
    }
}

/// Every accepted submission of both packages that this machine can build (the folder ones,
/// Python and shell, included; JavaScript, Bash, Ruby where their interpreters are) prints the
/// sample's answer, in the sandbox where it is available and unconfined otherwise.
#[test]
fn accepted_submissions_run() {
    use gridjudge::exec::compile::{prepare, session, Prepared};
    use gridjudge::exec::runner::{run, Outcome, RunLimits, RunSpec};
    let sandbox = match session(true) {
        Ok((s, _)) => s,
        Err(e) => {
            tools::skip_or_fail(&format!("no sandbox here, running unconfined: {e:#}"));
            None
        }
    };
    let cache = tempfile::tempdir().unwrap();
    let mut ran = Vec::new();
    for (dir, version) in [
        (package("submissions_2025"), Version::V2025_09),
        (package("submissions_legacy"), Version::Legacy),
    ] {
        let subs = load(&dir, version).unwrap();
        for s in subs.iter().filter(|s| s.name.starts_with("accepted/")) {
            let Some(sub) = &s.submission else {
                eprintln!("SKIPPED {}: {}", s.name, s.skipped.as_deref().unwrap_or(""));
                continue;
            };
            let argv = match prepare(sub, cache.path(), false).unwrap() {
                Prepared::Ready(argv) => argv,
                Prepared::CompileError(e) => panic!("{}: {e}", s.name),
            };
            let out = tempfile::tempdir().unwrap();
            let spec = RunSpec {
                argv,
                stdin: dir.join("data/sample/1.in"),
                stdout: out.path().join("stdout"),
                stderr: None,
                limits: RunLimits::new(10_000, 1024),
                work_parent: Some(out.path().to_path_buf()),
                sandbox: sandbox.clone(),
                pipes: None,
                read_only: None,
            };
            let r = run(&spec).unwrap();
            assert_eq!(r.outcome, Outcome::Finished, "{}: {r:?}", s.name);
            assert_eq!(
                std::fs::read_to_string(out.path().join("stdout")).unwrap(),
                "3\n",
                "{}",
                s.name
            );
            ran.push(s.name.clone());
        }
    }
    // C, C++, Java, Python 3, Rust, the folders, Bash and JavaScript at least (the last two are
    // on every machine CI uses: bash, and Node.js beside the Rust toolchain).
    for must in [
        "accepted/multi.sh/",
        "accepted/sum.sh",
        "accepted/sum.js",
        "accepted/multi/",
    ] {
        assert!(ran.iter().any(|r| r == must), "{must} did not run: {ran:?}");
    }
    assert!(ran.len() >= 14, "ran {ran:?}");
}
