//! Fidelity of `gridjudge verify` on Kattis problem packages, checked against the consumers'
//! own tools (issue 24, "Fidelity"): every submission's final verdict (and score, where the
//! tool prints one) from `gridjudge verify --json` is compared with problemtools'
//! `verifyproblem` (legacy and `2023-07-draft` packages; it refuses `2025-09`) and with
//! BAPCtools' `bt run` (`2025-09` packages; it refuses legacy), both at the versions
//! `tests/pypi-pins.txt` pins.
//!
//! Four ignored tests (PyPI, minutes; `.ci/run` runs them all):
//! - [`our_packages_agree_with_the_tools`]: every package under `tests/kattis/`;
//! - [`the_tools_take_a_package_gridjudge_worked_on`]: what `build` and `verify` write into a
//!   package (`gridjudge.lock`, `gridjudge/`) changes nothing the tools say of it;
//! - [`every_real_package_from_pypi_verifies_in_place`]: the example packages shipped in the pinned
//!   sdists (problemtools' `examples/`, BAPCtools' `test/problems/`), downloaded with
//!   `pip download --no-deps --no-binary :all:` into `target/kattis-sdists/` (cached by
//!   version, never committed) and extracted afresh into a temporary folder on every run;
//! - [`packages_exported_to_the_other_version_agree_with_its_tool`]: packages written in the
//!   other version by `gridjudge export` are judged alike by that version's tool.
//!
//! The rules of the comparison (one row per package, submission and tool, all printed):
//! - verdicts are compared in the spec's vocabulary: ours mapped as
//!   `KattisVerdict::of` maps them (RE, MLE, OLE → RTE; PE → WA);
//! - a disagreement where one side says TLE is not a failure when the submission's time (ours
//!   or the tool's) lies within 0.5–2× the limit (the issue's rule: that is noise on a shared
//!   machine); it is printed as `skipped` with both times;
//! - a submission we skip (a missing compiler: Kotlin, Python 2, which the issue lets us
//!   refuse) agrees with a tool that cannot build it either;
//! - where the tools disagree with the spec, the spec decides: such a row is listed in
//!   [`DEVIATIONS`] with the reason, printed as `known`, and an entry that no longer
//!   disagrees fails the test (so the table stays true);
//! - every submission must also meet its own expectation in our report (`expectation.Ok`).
//!
//! A package whose own program races (its verdicts vary from run to run, whoever judges it)
//! is in [`FLAKY`]: a judge error there is printed as `known`.
//!
//! Packages of the sdists that gridjudge does not judge are in [`EXCLUDED`] (with the reason)
//! or in [`PENDING`] (work under way: the test asserts gridjudge still refuses them with the
//! error it names, so a package that starts to work fails the test until it moves out).

#[path = "common/tools.rs"]
mod tools;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

/// The gridjudge binary these tests run.
const GRIDJUDGE: &str = env!("CARGO_BIN_EXE_gridjudge");

/// Known disagreements, decided by the spec: (package, submission, tool, why). A row in this
/// table is printed as `known` instead of failing; one that agrees again fails as stale.
/// The tool `expectation` is our own check of the submission's expectation; an entry there is a
/// gridjudge bug with its owner, kept visible until it is fixed.
const DEVIATIONS: &[(&str, &str, &str, &str)] = &[
    (
        "bapctools/boolfind",
        "time_limit_exceeded/boolfind-test-loop.cc",
        "bt",
        "bt's interactor waits 61 s for the looping submission and bt reports its own judge \
         error (JE); gridjudge gives TLE, as the folder expects",
    ),
    (
        "bapctools/hello",
        "time_limit_exceeded/test-fill-stdout.cc",
        "expectation",
        "the submission writes without end: past the spec's default output limit (8 MiB) \
         gridjudge stops it (OLE, the spec's RTE); BAPCtools enforces no output limit and \
         gives TLE, which the package expects; the spec decides",
    ),
];

/// Packages of the sdists whose verdicts are not always the same because the package's own
/// program races: (package, why). A row of theirs where gridjudge gives a judge error (FAIL)
/// is printed as `known`; any other disagreement still fails, and agreement is fine (the race
/// is rare).
const FLAKY: &[(&str, &str)] = &[(
    "bapctools/pseudointeraction",
    "its interactor writes the input from a daemon thread and exits from its main thread; on \
     a busy machine CPython sometimes aborts at exit (SIGABRT, \"could not acquire lock for \
     <_io.BufferedWriter name='<stdout>'> at interpreter shutdown, possibly due to daemon \
     threads\"), which is a judge error: 4 of 450 runs (its 3 submissions, 150 times, beside \
     3 busy loops) and one fidelity run (2026-12-03)",
)];

/// Packages a tool refuses to read although it should judge their version: (package, tool,
/// a fragment of the tool's refusal, why). The test asserts the refusal is still there (a tool
/// that starts to read the package fails the test until its entry goes) and prints each
/// submission as `known`; our own expectations are still checked.
const TOOL_REFUSES: &[(&str, &str, &str, &str)] = &[
    (
        "scoring2025",
        "bt",
        "unrecognized value for `type`: scoring",
        "BAPCtools 2026.10.0 reads no 2025-09 scoring problem, and problemtools reads no \
         2025-09 package: no tool judges it; its legacy twin scoringlegacy (same data, same \
         submissions, partially_accepted/sum_all.py there) and its legacy export are compared \
         with verifyproblem instead",
    ),
    (
        "exported scoringlegacy",
        "bt",
        "unrecognized value for `type`: scoring",
        "BAPCtools 2026.10.0 reads no 2025-09 scoring problem, and problemtools reads no \
         2025-09 package: no tool judges this export; it is exported back to legacy and \
         compared with verifyproblem there (exported scoringlegacy and back)",
    ),
];

/// Packages of the sdists that are not compared, with the reason: deliberate failure cases of
/// the tools' own tests, or what the issue lets gridjudge refuse.
const EXCLUDED: &[(&str, &str)] = &[
    (
        "bapctools/testproblemconfig",
        "no data/ and no submissions: BAPCtools' own unit test of problem.yaml parsing",
    ),
    (
        "bapctools/identity",
        "its input validator is VIVA (`validate.viva`), whose interpreter this machine lacks \
         (gridjudge refuses it naming the file)",
    ),
    (
        "bapctools/alternativeencryption",
        "its C++ validators include BAPCtools' own `validation.h`, which bt supplies from its \
         installation (no part of the spec)",
    ),
    (
        "bapctools/constants",
        "its C++ validators include BAPCtools' own `validation.h`, which bt supplies from its \
         installation (no part of the spec)",
    ),
];

/// Packages gridjudge refuses today while another helper's work is under way: (package, a
/// fragment of the error gridjudge must still give, who is on it). When the error changes (the
/// work landed) the test fails: move the package out of this table.
const PENDING: &[(&str, &str, &str)] = &[];

/// A Kattis verdict (the spec's four; `JE` is not a verdict on the submission).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kv {
    Ac,
    Wa,
    Tle,
    Rte,
}

impl Kv {
    /// Ours (`gridjudge verify --json`) as `KattisVerdict::of` maps it; `None` for `FAIL`.
    fn of_ours(s: &str) -> Option<Kv> {
        match s {
            "AC" => Some(Kv::Ac),
            "WA" | "PE" => Some(Kv::Wa),
            "TLE" => Some(Kv::Tle),
            "RE" | "MLE" | "OLE" => Some(Kv::Rte),
            _ => None,
        }
    }

    /// A tool's verdict word (`AC`, `WA`, `TLE`, `RTE`).
    fn of_tool(s: &str) -> Option<Kv> {
        match s {
            "AC" => Some(Kv::Ac),
            "WA" => Some(Kv::Wa),
            "TLE" => Some(Kv::Tle),
            "RTE" => Some(Kv::Rte),
            _ => None,
        }
    }
}

/// One submission of our JSON report.
#[derive(Debug)]
struct Ours {
    name: String,
    skipped: Option<String>,
    compile_error: Option<String>,
    /// Our verdict as printed (`RE`, `PE`, ...).
    verdict: Option<String>,
    score: Option<f64>,
    max_time_ms: f64,
    /// `Some(why)` when the submission does not meet its expectation.
    unmet: Option<String>,
}

/// Our report on a package.
#[derive(Debug)]
struct Report {
    time_limit_ms: f64,
    subs: Vec<Ours>,
    ok: bool,
}

/// Runs `gridjudge verify --json -j 2` on `dir` (in the sandbox, as the other end-to-end
/// tests of verify do); `Err(stderr)` when it gives no report.
fn gridjudge_verify(dir: &Path) -> Result<Report, String> {
    let o = Command::new(GRIDJUDGE)
        .args(["verify", "--json", "-j", "2"])
        .arg(dir)
        .env("PATH", search_path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let json: Value = serde_json::from_slice(&o.stdout).map_err(|_| err.clone())?;
    // With --json an error is the report `{"error": "...", "ok": false}`.
    if let Some(e) = json.get("error") {
        return Err(e.as_str().unwrap_or_default().to_string());
    }
    let subs = json["submissions"]
        .as_array()
        .unwrap_or_else(|| panic!("no submissions in {json}"))
        .iter()
        .map(|s| Ours {
            name: s["name"].as_str().unwrap().to_string(),
            skipped: s["skipped"].as_str().map(String::from),
            compile_error: s["compile_error"].as_str().map(String::from),
            verdict: s["verdict"].as_str().map(String::from),
            score: s["score"].as_f64(),
            max_time_ms: s["max_time_ms"].as_f64().unwrap_or(0.0),
            unmet: s["expectation"]
                .get("Err")
                .map(|e| e.as_str().unwrap_or("").to_string()),
        })
        .collect();
    Ok(Report {
        time_limit_ms: json["time_limit_ms"].as_f64().unwrap(),
        subs,
        ok: json["ok"].as_bool().unwrap(),
    })
}

/// The `PATH` gridjudge runs with: this process's, and where neither DOMjudge's
/// `checktestdata` (Debian trixie on) nor `pyctd` is in it, a folder holding only a link to
/// the `pyctd` of problemtools' pinned venv (the PyPI `checktestdata` it depends on), for the
/// packages' `.ctd` validators. Made once.
fn search_path() -> std::ffi::OsString {
    static PATH: std::sync::OnceLock<std::ffi::OsString> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let here = std::env::var_os("PATH").unwrap_or_default();
        let in_path = |t| gridjudge::exec::compile::in_path(t);
        if in_path("checktestdata") || in_path("pyctd") {
            return here;
        }
        let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
        let pyctd = verify.with_file_name("pyctd");
        assert!(pyctd.is_file(), "problemtools' venv has no pyctd");
        let bin = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fidelity-pyctd-bin");
        std::fs::create_dir_all(&bin).unwrap();
        let link = bin.join("pyctd");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&pyctd, &link).unwrap();
        let mut dirs = vec![bin];
        dirs.extend(std::env::split_paths(&here));
        std::env::join_paths(dirs).unwrap()
    })
    .clone()
}

/// Runs `gridjudge build` on `dir` (its generators.yaml); `Err(stderr)` when it fails.
fn gridjudge_build(dir: &Path) -> Result<(), String> {
    let o = Command::new(GRIDJUDGE)
        .args(["build", "-j", "2"])
        .arg(dir)
        .env("PATH", search_path())
        .output()
        .unwrap();
    if o.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&o.stderr).to_string())
    }
}

/// What a tool said of one submission.
#[derive(Debug, Clone)]
enum Said {
    /// Its final verdict, the score when printed, and a time in seconds when printed.
    Verdict(Kv, Option<f64>, Option<f64>),
    /// It could not build or run it (the line that says so).
    NotRun(String),
    /// Nothing about it.
    Absent,
}

/// verifyproblem's word on `name` (problemtools `checks/submissions.py`): `   accepted/a.py
/// (Python 3) OK: AC (40) [CPU: 0.06s @ ...]`, `OK with extra time: ...`, `... got WA [...]`,
/// `... was fully accepted: AC (100)`, or `Compile error for accepted/a.py (...)`.
fn verifyproblem_said(text: &str, name: &str) -> Said {
    let name = name.trim_end_matches('/');
    for line in text.lines() {
        let l = line.trim();
        let l = l
            .strip_prefix("ERROR ")
            .or_else(|| l.strip_prefix("WARNING "))
            .unwrap_or(l);
        if l.contains(&format!("Compile error for {name} (")) {
            return Said::NotRun(l.to_string());
        }
        let Some(at) = l.find(&format!("{name} (")) else {
            continue;
        };
        if at > 0 && !l[..at].ends_with(' ') && !l[..at].ends_with(':') {
            continue;
        }
        let rest = &l[at + name.len()..];
        let after = [
            " OK: ",
            " OK with extra time: ",
            " got ",
            " was fully accepted: ",
        ]
        .iter()
        .find_map(|k| rest.find(k).map(|i| &rest[i + k.len()..]));
        let Some(after) = after else { continue };
        let mut words = after.split_whitespace();
        let Some(v) = words.next().and_then(Kv::of_tool) else {
            continue;
        };
        let score = words
            .next()
            .and_then(|w| w.strip_prefix('(')?.strip_suffix(')')?.parse().ok());
        let secs = after
            .split_once("CPU: ")
            .and_then(|(_, t)| t.split_once('s')?.0.parse().ok());
        return Said::Verdict(v, score, secs);
    }
    Said::Absent
}

/// `bt run`'s word on `name`: `accepted/a.c:  AC 0.003s @ sample/1  slowest:  AC 0.004s @ ...`
/// (the time taken is the slowest's), or a line naming it with `failed`/`Failed` (a build
/// failure), or `No language detected for ...`.
fn bt_said(text: &str, name: &str) -> Said {
    let name = name.trim_end_matches('/');
    for line in text.lines() {
        let l = line.trim();
        if let Some(rest) = l.strip_prefix(&format!("{name}:")) {
            let mut words = rest.split_whitespace();
            if let Some(v) = words.next().and_then(Kv::of_tool) {
                let secs = rest
                    .split_once("slowest:")
                    .map_or(rest, |(_, s)| s)
                    .split_whitespace()
                    .nth(1)
                    .and_then(|t| t.strip_suffix('s')?.parse().ok());
                return Said::Verdict(v, None, secs);
            }
        }
    }
    for line in text.lines() {
        let l = line.trim();
        if l.contains(name)
            && (l.contains("ailed") || l.contains("No language") || l.contains("rror"))
        {
            return Said::NotRun(l.to_string());
        }
    }
    Said::Absent
}

/// Runs verifyproblem on `dir` (its statement left out; the other parts all checked) and
/// returns its output.
fn run_verifyproblem(exe: &Path, dir: &Path) -> String {
    let (_, text) = tools::run_tool(
        Command::new(exe)
            .arg(dir)
            .args(["-p", "config", "data", "validators", "submissions"])
            .current_dir(dir.parent().unwrap()),
    );
    text
}

/// Runs `bt run --no-bar` in `dir` (every submission; it generates the data of a
/// generators.yaml first) and returns its output: with `all`, `-aa` (every test, also after a
/// time-out), else as bt judges by default, each submission up to its first rejected test,
/// which gives the same final verdict (the first rejected test's, as the spec's default
/// aggregation of a pass-fail problem says) at a fraction of the time.
fn run_bt(exe: &Path, dir: &Path, all: bool) -> String {
    let (_, text) = tools::run_tool(
        Command::new(exe)
            .args(["run", "--no-bar"])
            .args(all.then_some("-aa"))
            // bt remembers every problem's uuid in its config folder and warns (exit 1) when
            // another existing copy has the same one: each run gets a folder of its own.
            .env("XDG_CONFIG_HOME", dir.with_extension("bt-config"))
            .current_dir(dir),
    );
    text
}

/// The outcome of one comparison.
#[derive(Debug)]
enum Outcome {
    Agree,
    Skipped(String),
    Known(&'static str),
    Wrong(String),
}

/// One row of the printed table.
#[derive(Debug)]
struct Row {
    package: String,
    submission: String,
    ours: String,
    tool: &'static str,
    said: String,
    outcome: Outcome,
}

fn show_ours(o: &Ours) -> String {
    if let Some(s) = &o.skipped {
        return format!("skipped ({})", s.split(':').next().unwrap_or(s));
    }
    if o.compile_error.is_some() {
        return "compile error".into();
    }
    let mut s = o.verdict.clone().unwrap_or_else(|| "-".into());
    if let Some(sc) = o.score {
        s += &format!(" ({sc})");
    }
    s + &format!(" {:.0}ms", o.max_time_ms)
}

fn show_said(s: &Said) -> String {
    match s {
        Said::Verdict(v, sc, t) => format!(
            "{v:?}{}{}",
            sc.map_or(String::new(), |x| format!(" ({x})")),
            t.map_or(String::new(), |x| format!(" {x}s"))
        )
        .to_uppercase(),
        Said::NotRun(l) => format!("not run: {}", l.chars().take(60).collect::<String>()),
        Said::Absent => "nothing".into(),
    }
}

/// Whether `ms` lies within 0.5–2× the limit `tl_ms`.
fn in_band(ms: f64, tl_ms: f64) -> bool {
    (0.5 * tl_ms..=2.0 * tl_ms).contains(&ms)
}

/// Compares our word on one submission with a tool's (the rules of the module documentation).
fn compare(ours: &Ours, said: &Said, tl_ms: f64) -> Outcome {
    if ours.skipped.is_some() || ours.compile_error.is_some() {
        return match said {
            Said::Verdict(..) => Outcome::Wrong("we did not run it; the tool did".into()),
            _ => Outcome::Agree,
        };
    }
    let Some(v) = ours.verdict.as_deref().and_then(Kv::of_ours) else {
        return Outcome::Wrong(format!("our verdict {:?}", ours.verdict));
    };
    let (t, score, secs) = match said {
        Said::Verdict(t, score, secs) => (*t, *score, *secs),
        // This machine lacks what the tool needs (e.g. its `javac -source 21` on a JDK 17):
        // a skip, which CI (that installs every tool) turns into a failure.
        Said::NotRun(l) => return Outcome::Skipped(format!("the tool could not build it: {l}")),
        Said::Absent => return Outcome::Wrong("the tool said nothing of it".into()),
    };
    if v != t {
        let theirs_ms = secs.map(|s| s * 1000.0);
        if (v == Kv::Tle || t == Kv::Tle)
            && (in_band(ours.max_time_ms, tl_ms) || theirs_ms.is_some_and(|m| in_band(m, tl_ms)))
        {
            return Outcome::Skipped(format!(
                "TLE within 0.5-2x the limit {tl_ms}ms: ours {}ms, tool {theirs_ms:?}ms",
                ours.max_time_ms
            ));
        }
        return Outcome::Wrong(format!("verdict: ours {v:?}, tool {t:?}"));
    }
    // verifyproblem prints an AC's score rounded to an integer (`{score:.0f}`).
    if let Some(theirs) = score {
        match ours.score {
            Some(o) if (o.round() - theirs).abs() < 1e-9 => {}
            o => return Outcome::Wrong(format!("score: ours {o:?}, tool {theirs}")),
        }
    }
    Outcome::Agree
}

/// `outcome` with [`DEVIATIONS`] applied: a listed wrong row becomes `known`, a listed row
/// that agrees is a stale entry (wrong).
fn known(package: &str, submission: &str, tool: &str, outcome: Outcome) -> Outcome {
    let flaky = FLAKY.iter().find(|(p, _)| *p == package);
    if let (Some((_, why)), Outcome::Wrong(w)) = (flaky, &outcome) {
        if w.contains("FAIL") {
            return Outcome::Known(why);
        }
    }
    let Some((.., why)) = DEVIATIONS
        .iter()
        .find(|(p, s, t, _)| *p == package && *s == submission && *t == tool)
    else {
        return outcome;
    };
    match outcome {
        Outcome::Wrong(_) => Outcome::Known(why),
        Outcome::Agree => Outcome::Wrong(format!("stale DEVIATIONS entry: {why}")),
        other => other,
    }
}

/// Adds the rows of one package: our expectation per submission, then the tool's word on
/// each, with [`DEVIATIONS`] applied.
fn rows_of(package: &str, report: &Report, tool: &'static str, text: &str, rows: &mut Vec<Row>) {
    let refused = TOOL_REFUSES
        .iter()
        .find(|(p, t, ..)| *p == package && *t == tool);
    if let Some((_, _, fragment, _)) = refused {
        assert!(
            text.contains(fragment),
            "{package}: TOOL_REFUSES expects {tool} to say {fragment:?}, but it said:\n{text}"
        );
    }
    for o in &report.subs {
        rows.push(Row {
            package: package.into(),
            submission: o.name.clone(),
            ours: show_ours(o),
            tool: "expectation",
            said: String::new(),
            outcome: known(
                package,
                &o.name,
                "expectation",
                match &o.unmet {
                    None => Outcome::Agree,
                    Some(why) => Outcome::Wrong(format!("our expectation: {why}")),
                },
            ),
        });
        let said = if tool == "verifyproblem" {
            verifyproblem_said(text, &o.name)
        } else {
            bt_said(text, &o.name)
        };
        let outcome = match refused {
            Some((.., why)) => Outcome::Known(why),
            None => known(
                package,
                &o.name,
                tool,
                compare(o, &said, report.time_limit_ms),
            ),
        };
        rows.push(Row {
            package: package.into(),
            submission: o.name.clone(),
            ours: show_ours(o),
            tool,
            said: show_said(&said),
            outcome,
        });
    }
}

/// Prints the rows and fails on any wrong one.
fn print_and_check(rows: &[Row], notes: &[String]) {
    eprintln!(
        "\n{:<32} {:<44} {:<26} {:<14} {:<30} outcome",
        "package", "submission", "ours", "tool", "tool said"
    );
    for r in rows {
        eprintln!(
            "{:<32} {:<44} {:<26} {:<14} {:<30} {}",
            r.package,
            r.submission,
            r.ours,
            r.tool,
            r.said,
            match &r.outcome {
                Outcome::Agree => "agree".to_string(),
                Outcome::Skipped(w) => format!("skipped: {w}"),
                Outcome::Known(w) => format!("known: {w}"),
                Outcome::Wrong(w) => format!("WRONG: {w}"),
            }
        );
    }
    for n in notes {
        eprintln!("{n}");
    }
    for r in rows {
        if let Outcome::Skipped(w) = &r.outcome {
            // problemtools 1.20260907 compiles Java with `-source 21`; Debian 12's JDK (the
            // one CI installs) is 17, so verifyproblem cannot build any Java submission there.
            let known = r.tool == "verifyproblem" && r.submission.ends_with(".java");
            if w.starts_with("the tool could not build it") && !known {
                tools::skip_or_fail(&format!("{} {} ({}): {w}", r.package, r.submission, r.tool));
            }
        }
    }
    let mut wrong: Vec<String> = rows
        .iter()
        .filter_map(|r| match &r.outcome {
            Outcome::Wrong(w) => Some(format!("{} {} ({}): {w}", r.package, r.submission, r.tool)),
            _ => None,
        })
        .collect();
    wrong.extend(notes.iter().filter(|n| n.starts_with("WRONG")).cloned());
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The package's `problem_format_version` (`legacy` when it has none).
fn format_version(dir: &Path) -> String {
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    yaml.lines()
        .find_map(|l| l.strip_prefix("problem_format_version:"))
        .map_or("legacy".into(), |v| {
            v.trim().trim_matches(['"', '\'']).to_string()
        })
}

fn copy_dir(from: &Path, to: &Path) {
    let st = Command::new("cp")
        .arg("-r")
        .arg(from)
        .arg(to)
        .status()
        .unwrap();
    assert!(st.success(), "cp -r {} {}", from.display(), to.display());
}

/// Runs `tool` (`bt` or `verifyproblem`, at `bt` or `verify`) on the package `dir` and returns
/// its output and the seconds it took; `all` as in [`run_bt`].
fn run_tool_on(tool: &str, verify: &Path, bt: &Path, dir: &Path, all: bool) -> (String, f64) {
    let started = Instant::now();
    let text = if tool == "bt" {
        run_bt(bt, dir, all)
    } else {
        run_verifyproblem(verify, dir)
    };
    (text, started.elapsed().as_secs_f64())
}

/// The tool that judges a package of `version`: verifyproblem for legacy and 2023-07-draft,
/// `bt` for 2025-09.
fn tool_for(version: &str) -> &'static str {
    if version == "2025-09" {
        "bt"
    } else {
        "verifyproblem"
    }
}

#[test]
#[ignore = "needs PyPI (problemtools, bapctools) and a few minutes; .ci/run runs it"]
fn our_packages_agree_with_the_tools() {
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kattis");
    let mut packages: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("problem.yaml").is_file())
        .collect();
    packages.sort();
    assert!(packages.len() >= 6, "{packages:?}");
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for p in &packages {
        let started = Instant::now();
        let folder = p.file_name().unwrap().to_str().unwrap();
        // problemtools wants a problem folder named `[a-z0-9]+`.
        let short: String = folder
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        let scratch = tempfile::tempdir().unwrap();
        let ours_dir = scratch.path().join("ours").join(&short);
        let tool_dir = scratch.path().join("tool").join(&short);
        for d in [&ours_dir, &tool_dir] {
            std::fs::create_dir_all(d.parent().unwrap()).unwrap();
            copy_dir(p, d);
        }
        let version = format_version(p);
        let tool = tool_for(&version);
        // The tool judges its copy while gridjudge judges ours (two cores; a time that the
        // sharing pushes near the limit falls in the 0.5-2x band that is not compared).
        let (report, (text, _)) = std::thread::scope(|sc| {
            let theirs = sc.spawn(|| run_tool_on(tool, &verify, &bt, &tool_dir, true));
            if ours_dir.join("generators/generators.yaml").is_file() {
                gridjudge_build(&ours_dir)
                    .unwrap_or_else(|e| panic!("gridjudge build {folder}: {e}"));
            }
            let report = gridjudge_verify(&ours_dir)
                .unwrap_or_else(|e| panic!("gridjudge verify {folder}: {e}"));
            (report, theirs.join().unwrap())
        });
        rows_of(folder, &report, tool, &text, &mut rows);
        assert!(
            report.ok || rows.iter().any(|r| matches!(r.outcome, Outcome::Wrong(_))),
            "{folder}: our report is not ok, yet every submission met its expectation"
        );
        notes.push(format!(
            "{folder} ({version}, {tool}): {:.0}s",
            started.elapsed().as_secs_f64()
        ));
    }
    print_and_check(&rows, &notes);
}

/// The sdist of `name` at its pinned version, extracted into `into`: downloaded once into
/// `target/kattis-sdists/` with `pip download --no-deps --no-binary :all:`.
fn sdist(pip: &Path, name: &str, into: &Path) -> PathBuf {
    let cache = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/kattis-sdists");
    let version = tools::pinned_version(name);
    let tarball = cache.join(format!("{name}-{version}.tar.gz"));
    if !tarball.is_file() {
        std::fs::create_dir_all(&cache).unwrap();
        let st = Command::new(pip)
            .args([
                "download",
                "--quiet",
                "--no-deps",
                "--no-binary",
                ":all:",
                "-d",
            ])
            .arg(&cache)
            .arg(tools::pinned(name))
            .status()
            .unwrap();
        assert!(
            st.success() && tarball.is_file(),
            "pip download {name} failed"
        );
    }
    let st = Command::new("tar")
        .arg("xzf")
        .arg(&tarball)
        .arg("-C")
        .arg(into)
        .status()
        .unwrap();
    assert!(st.success(), "tar xzf {}", tarball.display());
    into.join(format!("{name}-{version}"))
}

// Its name sorts first: libtest starts tests in name order, two at a time here, so the
// longest of the four (about 400 s) runs beside the other three one after another (about
// 460 s together) instead of after two of them (531 s for the four in a clean-clone run of
// .ci/run on 2026-12-03).
#[test]
#[ignore = "needs PyPI (problemtools, bapctools sdists and tools) and several minutes; .ci/run runs it"]
fn every_real_package_from_pypi_verifies_in_place() {
    // About 6 minutes on two cores (2026-12-03): the tools judge each submission only up to
    // its first rejected test (the final verdict is that test's), in two threads beside
    // gridjudge's verify; the two longest are gridjudge's testexpectations and guess (TLE
    // submissions on every test, which the kill matrix needs).
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let pip = verify.with_file_name("pip");
    let scratch = tempfile::tempdir().unwrap();
    let pristine = scratch.path().join("pristine");
    std::fs::create_dir_all(&pristine).unwrap();
    let mut packages = Vec::new();
    for (name, under, label) in [
        ("problemtools", "examples", "problemtools"),
        ("bapctools", "test/problems", "bapctools"),
    ] {
        let dir = sdist(&pip, name, &pristine).join(under);
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.join("problem.yaml").is_file())
            .collect();
        found.sort();
        packages.extend(found.into_iter().map(|p| (label, p)));
    }
    assert!(packages.len() >= 20, "{packages:?}");
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let mut seen_pending = Vec::new();
    // Every package that is compared, copied twice: (key, version, tool, ours, the tool's).
    let mut compared = Vec::new();
    for (label, p) in &packages {
        let folder = p.file_name().unwrap().to_str().unwrap();
        let key = format!("{label}/{folder}");
        if let Some((_, why)) = EXCLUDED.iter().find(|(k, _)| *k == key) {
            notes.push(format!("{key}: excluded: {why}"));
            continue;
        }
        let ours_dir = scratch.path().join("ours").join(label).join(folder);
        let tool_dir = scratch.path().join("tool").join(label).join(folder);
        for d in [&ours_dir, &tool_dir] {
            std::fs::create_dir_all(d.parent().unwrap()).unwrap();
            copy_dir(p, d);
        }
        let version = format_version(p);
        let tool = tool_for(&version);
        compared.push((key, version, tool, ours_dir, tool_dir));
    }
    // The tools judge the packages in two threads of their own, each taking the next package
    // not yet taken, while gridjudge judges them one after the other in this one: nobody
    // waits for another at each package. The tools' own time is mostly compiling and waiting
    // on time-outs, so the run takes about as long as gridjudge alone (minutes, not the sum of
    // each package's slower side). TLE verdicts near the limit, which the sharing of the cores
    // could move, fall in the 0.5-2x band that is not compared.
    let started = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::Mutex::new(vec![None; compared.len()]);
    let (ours_all, theirs_all) = std::thread::scope(|sc| {
        let (next, done, compared, verify, bt) = (&next, &done, &compared, &verify, &bt);
        let theirs: Vec<_> = (0..2)
            .map(|_| {
                sc.spawn(move || loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some((_, _, tool, _, tool_dir)) = compared.get(i) else {
                        break;
                    };
                    let said = run_tool_on(tool, verify, bt, tool_dir, false);
                    done.lock().unwrap()[i] = Some(said);
                })
            })
            .collect();
        let ours: Vec<_> = compared
            .iter()
            .map(|(_, _, _, ours_dir, _)| {
                let ours_started = Instant::now();
                let mut ours = Ok(());
                if ours_dir.join("generators/generators.yaml").is_file() {
                    ours = gridjudge_build(ours_dir).map_err(|e| format!("build: {e}"));
                }
                let report = ours
                    .and_then(|()| gridjudge_verify(ours_dir).map_err(|e| format!("verify: {e}")));
                (report, ours_started.elapsed().as_secs_f64())
            })
            .collect();
        for t in theirs {
            t.join().unwrap();
        }
        let theirs: Vec<(String, f64)> = std::mem::take(&mut *done.lock().unwrap())
            .into_iter()
            .map(|d| d.expect("every package was judged by its tool"))
            .collect();
        (ours, theirs)
    });
    notes.push(format!(
        "all packages: {:.0}s (gridjudge and the tools side by side)",
        started.elapsed().as_secs_f64()
    ));
    for ((key, version, tool, _, _), ((report, ours_secs), (text, tool_secs))) in
        compared.iter().zip(ours_all.into_iter().zip(theirs_all))
    {
        let (key, tool) = (key.clone(), *tool);
        let pending = PENDING.iter().find(|(k, ..)| *k == key);
        let report = match (report, pending) {
            (Err(e), Some((_, fragment, who))) => {
                seen_pending.push(key.clone());
                let mark = if e.contains(fragment) { "" } else { "WRONG: " };
                notes.push(format!(
                    "{mark}{key}: pending ({who}), expecting an error with {fragment:?}: {}",
                    e.trim()
                ));
                continue;
            }
            (Err(e), None) => {
                notes.push(format!("WRONG: {key}: gridjudge refuses it: {}", e.trim()));
                continue;
            }
            (Ok(_), Some((_, fragment, _))) => {
                seen_pending.push(key.clone());
                notes.push(format!(
                    "WRONG: {key}: gridjudge now reads it (PENDING expected {fragment:?}): \
                     move it out of PENDING"
                ));
                continue;
            }
            (Ok(r), None) => r,
        };
        rows_of(&key, &report, tool, &text, &mut rows);
        notes.push(format!(
            "{key} ({version}, {tool}): gridjudge {ours_secs:.0}s, {tool} {tool_secs:.0}s"
        ));
    }
    for (k, ..) in PENDING {
        if !seen_pending.iter().any(|s| s == k) {
            notes.push(format!(
                "WRONG: PENDING names {k}, which is not in the sdists"
            ));
        }
    }
    print_and_check(&rows, &notes);
}

/// The lines of a tool's output that warn or report an error (lower-cased, with `dir`
/// written `DIR`), sorted: what a package's state adds or removes there.
fn complaints(text: &str, dir: &Path) -> Vec<String> {
    let shown = dir.display().to_string();
    let mut out: Vec<String> = text
        .lines()
        .map(|l| l.replace(&shown, "DIR").to_lowercase())
        .filter(|l| l.contains("warn") || l.contains("error"))
        // Times and the order of parallel compiles vary from run to run.
        .map(|l| l.split(" [cpu").next().unwrap_or(&l).trim().to_string())
        .collect();
    out.sort();
    out
}

/// What gridjudge writes into a package (`gridjudge.lock` from `build`, `gridjudge/` from
/// `verify` and `build --report`) leaves it one that problemtools and BAPCtools take as
/// before: the tool says the same about the package with and without them (no new warning or
/// error, none naming the files), for a legacy package and a 2025-09 one with an input
/// visualizer.
#[test]
#[ignore = "needs PyPI (problemtools, bapctools); .ci/run runs it"]
fn the_tools_take_a_package_gridjudge_worked_on() {
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kattis");
    for (name, tool) in [("sum", "verifyproblem"), ("visual2025", "bt")] {
        let scratch = tempfile::tempdir().unwrap();
        let short: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        let pristine = scratch.path().join("pristine").join(&short);
        let worked = scratch.path().join("worked").join(&short);
        for d in [&pristine, &worked] {
            std::fs::create_dir_all(d.parent().unwrap()).unwrap();
            copy_dir(&root.join(name), d);
        }
        let o = Command::new(GRIDJUDGE)
            .args(["build", "--verify", "--report", "-j", "2"])
            .arg(&worked)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(worked.join("gridjudge.lock").is_file());
        assert!(worked.join("gridjudge/report/index.html").is_file());
        assert!(worked.join("gridjudge/report/verify.json").is_file());
        let said: Vec<Vec<String>> = [&pristine, &worked]
            .iter()
            .map(|d| complaints(&run_tool_on(tool, &verify, &bt, d, true).0, d))
            .collect();
        for line in &said[1] {
            assert!(
                !line.contains("gridjudge"),
                "{name}: {tool} minds what gridjudge wrote: {line}"
            );
        }
        assert_eq!(
            said[0], said[1],
            "{name}: {tool} says other things of the package once gridjudge worked on it"
        );
    }
}

/// Exports `dir` (a package) with `gridjudge export --format format` into `out` (whose folder
/// name is the short name); the export's `note:` lines.
fn export_package(dir: &Path, format: &str, out: &Path) -> Vec<String> {
    let o = Command::new(GRIDJUDGE)
        .args(["export", "--format", format, "--out"])
        .arg(out)
        .arg(dir)
        .env("PATH", search_path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        o.status.success(),
        "export {} --format {format}: {err}",
        dir.display()
    );
    err.lines()
        .filter(|l| l.starts_with("note: "))
        .map(String::from)
        .collect()
}

/// A package exported in the other version of the format (`gridjudge export`) is judged by
/// that version's tool as its expectations say and as gridjudge judges it: our legacy
/// packages `sum` and `outvallegacy` to 2025-09 with `bt run`, our 2025-09 `visual2025` to
/// legacy with verifyproblem, and the interactive pass-fail 2025-09 packages of the pinned
/// BAPCtools sdist to legacy with verifyproblem (interactive problems change their
/// declaration, `type: interactive` against `validation: custom interactive`, and their
/// validator's folder). The scoring twins: `scoring2025` to legacy with verifyproblem (its
/// verdicts and scores, and no error or warning on the package); `scoringlegacy` to 2025-09,
/// which bt refuses ([`TOOL_REFUSES`]: our expectations are still checked), and that export
/// back to legacy with verifyproblem.
#[test]
#[ignore = "needs PyPI (problemtools, bapctools); .ci/run runs it"]
fn packages_exported_to_the_other_version_agree_with_its_tool() {
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let scratch = tempfile::tempdir().unwrap();
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kattis");
    // (name, package, format, the format to export the export to in turn).
    let mut sources: Vec<(String, PathBuf, &str, Option<&str>)> = [
        ("sum", "kattis-2025-09", None),
        ("outvallegacy", "kattis-2025-09", None),
        ("visual2025", "kattis", None),
        ("scoring2025", "kattis", None),
        ("scoringlegacy", "kattis-2025-09", Some("kattis")),
    ]
    .iter()
    .map(|(n, f, back)| (n.to_string(), ours.join(n), *f, *back))
    .collect();
    let pip = verify.with_file_name("pip");
    let sdists = scratch.path().join("sdist");
    std::fs::create_dir_all(&sdists).unwrap();
    let problems = sdist(&pip, "bapctools", &sdists).join("test/problems");
    let mut interactive: Vec<PathBuf> = std::fs::read_dir(&problems)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let yaml = std::fs::read_to_string(p.join("problem.yaml")).unwrap_or_default();
            let key = format!("bapctools/{}", p.file_name().unwrap().to_string_lossy());
            p.join("problem.yaml").is_file()
                && format_version(p) == "2025-09"
                && yaml.lines().any(|l| l.trim() == "type: interactive")
                && !EXCLUDED.iter().any(|(k, _)| *k == key)
                && !FLAKY.iter().any(|(k, _)| *k == key)
        })
        .collect();
    interactive.sort();
    assert!(
        !interactive.is_empty(),
        "no interactive package in {problems:?}"
    );
    for p in interactive {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        sources.push((format!("bapctools/{name}"), p, "kattis", None));
    }
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let mut next = 0;
    while let Some((name, dir, format, back)) = sources.get(next).cloned() {
        next += 1;
        let (name, dir) = (&name, &dir);
        let started = Instant::now();
        let short: String = name
            .rsplit('/')
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        let out = scratch.path().join("exported").join(name).join(&short);
        std::fs::create_dir_all(out.parent().unwrap()).unwrap();
        // The source is copied: the export reads the package, never writes it, but gridjudge
        // verify below saves its results in the exported one only.
        let src = scratch.path().join("src").join(name).join(&short);
        std::fs::create_dir_all(src.parent().unwrap()).unwrap();
        copy_dir(dir, &src);
        let left_out = export_package(&src, format, &out);
        let tool_dir = scratch.path().join("tool").join(name).join(&short);
        std::fs::create_dir_all(tool_dir.parent().unwrap()).unwrap();
        copy_dir(&out, &tool_dir);
        let version = format_version(&out);
        let tool = tool_for(&version);
        let (report, (text, _)) = std::thread::scope(|sc| {
            let theirs = sc.spawn(|| run_tool_on(tool, &verify, &bt, &tool_dir, true));
            let report = gridjudge_verify(&out)
                .unwrap_or_else(|e| panic!("gridjudge verify of exported {name}: {e}"));
            (report, theirs.join().unwrap())
        });
        let label = format!("exported {name}");
        rows_of(&label, &report, tool, &text, &mut rows);
        // The scoring exports' legacy packages: verifyproblem says nothing against them.
        if name.starts_with("scoring") && tool == "verifyproblem" {
            let clean = text
                .lines()
                .any(|l| l.contains(" tested: 0 errors, 0 warnings"));
            if !clean {
                notes.push(format!(
                    "WRONG: {label}: verifyproblem finds errors or warnings:\n{text}"
                ));
            }
        }
        if let Some(back) = back {
            sources.push((format!("{name} and back"), out.clone(), back, None));
        }
        notes.push(format!(
            "{label} ({version}, {tool}): {:.0}s; {}",
            started.elapsed().as_secs_f64(),
            if left_out.is_empty() {
                "nothing left out".to_string()
            } else {
                left_out.join(" / ")
            }
        ));
    }
    print_and_check(&rows, &notes);
}
