//! Judging real submissions of `game` from its catalogue on a few tests built here, and `verify`
//! on a small package: expectations, survivors and the killing set. Needs `g++` and `rustc`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::utf8;
use gridjudge::core::verdict::Verdict;
use gridjudge::exec::compile::Submission;
use gridjudge::exec::runner::RunLimits;
use gridjudge::judge::verify::{verify_problem, Expected};
use gridjudge::judge::{judge, JudgeOptions};
use gridjudge::package::load_tests;
use gridjudge::package::{build_problem, BuildOptions, LockMode};
use gridjudge::problem::ProblemConfig;

fn catalogue(rel: &str) -> PathBuf {
    common::problem_dir("game").join("submissions").join(rel)
}

/// Compiled binaries are shared between the tests of this file (keyed by source hash).
fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-judge-cache")
}

fn options() -> JudgeOptions {
    JudgeOptions {
        limits: RunLimits::new(1000, 128),
        jobs: 2,
        progress: false,
        cache_dir: cache_dir(),
        // The default: every program in the bubblewrap sandbox (CI installs bubblewrap).
        sandbox: true,
    }
}

/// Builds a small `game` package into `dir/game` with `gridjudge build`'s library call (so
/// `judge` and `verify` find it checked against its lock): the sample, a LOSE board (even open
/// board), a non-square maze, isolated cells, and a 100-row corridor.
fn small_package(dir: &Path) -> PathBuf {
    let p = gridjudge::problems::by_name("game").unwrap();
    let mut manifest = String::from("[[test]]\nfile = \"samples/sample1.in\"\n");
    for (line, seed) in [
        ("open n=4 m=5", 1),
        ("random n=3 m=10 walls=0.3", 2),
        ("isolated n=5 m=5 free=0.8", 6),
        ("serpentine n=100 m=99 dir=cols", 7),
    ] {
        manifest += &format!("\n[[test]]\ngen = \"{line}\"\nseed = {seed}\n");
    }
    let game = common::small_game(&dir.join("game"), &manifest, &[]);
    let opts = BuildOptions {
        problems_dir: dir.to_path_buf(),
        lock: LockMode::Extend,
        jobs: Some(2),
        progress: false,
        delete_unknown: false,
    };
    build_problem(p, &opts).unwrap();
    game
}

#[test]
fn accepted_submissions_get_ac_and_a_wrong_one_gets_wa() {
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    let p = gridjudge::problems::by_name("game").unwrap();
    let cfg = ProblemConfig::load(p, Some(&game.join("problem.toml"))).unwrap();
    let tests = load_tests(&game.join("tests")).unwrap();
    assert_eq!(tests.len(), 5);
    let subs: Vec<Submission> = [
        "accepted/hopcroft_karp.cpp",
        "accepted/kuhn_iterative.rs",
        "wrong_answer/never_lose.cpp",
    ]
    .iter()
    .map(|s| Submission::from_arg(&catalogue(s).to_string_lossy()).unwrap())
    .collect();
    let report = judge(p, &cfg, &subs, &tests, &options()).unwrap();
    for sub in &report.submissions[..2] {
        assert!(sub.all_accepted(), "{}", report.render());
    }
    let wrong = &report.submissions[2];
    assert_eq!(wrong.overall(), Some(Verdict::Wa), "{}", report.render());
    // It is wrong exactly on the LOSE board (test 02), with the checker's message.
    assert_eq!(wrong.tests[1].verdict, Verdict::Wa);
    assert!(!wrong.tests[1].message.is_empty());
    assert!(!report.all_accepted());
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(json["submissions"][2]["tests"][1]["verdict"], "WA");
}

#[test]
fn a_compile_error_is_reported_not_panicked() {
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    let bad = tmp.path().join("bad.cpp");
    std::fs::write(&bad, "int main() { return undeclared_name; }\n").unwrap();
    let p = gridjudge::problems::by_name("game").unwrap();
    let cfg = ProblemConfig::load(p, None).unwrap();
    let tests = load_tests(&game.join("tests")).unwrap();
    let subs = vec![Submission::from_arg(&bad.to_string_lossy()).unwrap()];
    let report = judge(p, &cfg, &subs, &tests, &options()).unwrap();
    let err = report.submissions[0].compile_error.as_deref().unwrap();
    assert!(err.contains("undeclared_name"), "{err}");
    assert!(report.submissions[0].tests.is_empty());
    assert!(!report.all_accepted());
}

#[test]
fn verify_checks_expectations_finds_survivors_and_a_killing_set() {
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    let subs = game.join("submissions");
    for (folder, file) in [
        ("accepted", "hopcroft_karp.cpp"),
        ("wrong_answer", "never_lose.cpp"),
        ("run_time_error", "sentinel_border.rs"),
    ] {
        std::fs::create_dir_all(subs.join(folder)).unwrap();
        std::fs::copy(
            catalogue(&format!("{folder}/{file}")),
            subs.join(folder).join(file),
        )
        .unwrap();
    }
    let p = gridjudge::problems::by_name("game").unwrap();
    let report = verify_problem(p, &config_in(tmp.path()), tmp.path(), &options())
        .unwrap()
        .unwrap();
    assert!(report.ok(), "{}", report.render());
    // never_lose dies only on the LOSE board (02), sentinel_border only on the 100-row
    // corridor (05): the minimum killing set is exactly those two.
    assert_eq!(report.killing_set.tests, vec![1, 4], "{}", report.render());
    assert!(report.killing_set.exact);
    let matrix = report.matrix();
    assert!(matrix.contains("wrong_answer/never_lose.cpp"), "{matrix}");
    // The results are saved for the build report: the same verdicts and killing set.
    let saved = gridjudge::judge::verify::SavedVerify::load(&game)
        .unwrap()
        .unwrap();
    assert!(saved.ok);
    assert_eq!(saved.killing_set, vec!["02", "05"]);
    assert_eq!(saved.tests.len(), report.judge.tests.len());
    for (s, r) in saved.submissions.iter().zip(&report.judge.submissions) {
        assert_eq!(s.name, r.name);
        let verdicts: Vec<String> = r.tests.iter().map(|t| t.verdict.to_string()).collect();
        let saved_verdicts: Vec<&str> = s.runs.iter().map(|t| t.verdict.as_str()).collect();
        assert_eq!(saved_verdicts, verdicts, "{}", s.name);
    }

    // A correct program filed under wrong_answer survives, and verify says so.
    std::fs::copy(
        catalogue("accepted/kuhn_iterative.rs"),
        subs.join("wrong_answer/actually_right.rs"),
    )
    .unwrap();
    let report = verify_problem(p, &config_in(tmp.path()), tmp.path(), &options())
        .unwrap()
        .unwrap();
    assert!(!report.ok());
    assert_eq!(report.survivors, vec!["wrong_answer/actually_right.rs"]);
    let row = report
        .entries
        .iter()
        .find(|e| e.name == "wrong_answer/actually_right.rs")
        .unwrap();
    assert_eq!(row.expected, Expected::WrongAnswer);
    assert!(row.problem.as_deref().unwrap().contains("no WA"));
    assert!(report.render().contains("SURVIVING"));
}

#[test]
fn verify_says_when_there_is_no_catalogue() {
    let tmp = tempfile::tempdir().unwrap();
    small_package(tmp.path());
    let p = gridjudge::problems::by_name("game").unwrap();
    assert!(
        verify_problem(p, &config_in(tmp.path()), tmp.path(), &options())
            .unwrap()
            .is_none()
    );
}

#[test]
fn the_judge_command_exits_non_zero_unless_all_ac() {
    let tmp = tempfile::tempdir().unwrap();
    small_package(tmp.path());
    let cli = |sub: &str| {
        Command::new(env!("CARGO_BIN_EXE_gridjudge"))
            .args(["judge", "game", sub, "--json", "--tests", "1-2"])
            .arg("--problems-dir")
            .arg(tmp.path())
            .arg("--cache-dir")
            .arg(cache_dir())
            .output()
            .unwrap()
    };
    let ok = cli(&catalogue("accepted/hopcroft_karp.cpp").to_string_lossy());
    common::ok(&ok);
    let json: serde_json::Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert_eq!(json["tests"], serde_json::json!(["01", "02"]));
    let bad = cli(&catalogue("wrong_answer/never_lose.cpp").to_string_lossy());
    assert_eq!(bad.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&bad.stdout).unwrap();
    assert_eq!(json["submissions"][0]["tests"][1]["verdict"], "WA");

    let out = common::gridjudge(&["verify", "game", "--problems-dir", utf8(tmp.path())]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has no submissions folder"), "{err}");
}

#[test]
fn build_verify_runs_the_catalogue_after_building() {
    let tmp = tempfile::tempdir().unwrap();
    let manifest = "[[test]]\ngen = \"random n=4 m=6 walls=0.2\"\nseed = 1\n\n\
                    [[test]]\ngen = \"open n=4 m=5\"\nseed = 1\n";
    let subs = [
        "submissions/accepted/hopcroft_karp.cpp",
        "submissions/wrong_answer/never_lose.cpp",
    ];
    common::small_game(&tmp.path().join("game"), manifest, &subs);
    let (root, cache) = (utf8(tmp.path()), cache_dir());
    let args = ["build", "game", "--verify", "--problems-dir", root];
    let stdout = common::ok(&common::gridjudge(
        &[&args[..], &["--cache-dir", utf8(&cache)]].concat(),
    ));
    assert!(stdout.contains("verify game: OK"), "{stdout}");
    assert!(
        stdout.contains("minimal killing set (exact minimum, 1 test(s)): 02"),
        "{stdout}"
    );
}

/// The subcommands `gridjudge --help` lists under `Commands:` (without clap's `help`).
fn listed_subcommands() -> Vec<String> {
    let help = common::ok(&common::gridjudge(&["--help"]));
    let commands = help
        .split_once("Commands:\n")
        .unwrap_or_else(|| panic!("no `Commands:` in --help:\n{help}"))
        .1;
    commands
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_subcommand_has_consistent_options() {
    // Every subcommand the binary lists, and the list is known: a new subcommand is added here
    // on purpose, a vanished one fails.
    let subs = listed_subcommands();
    assert_eq!(
        subs,
        [
            "build",
            "judge",
            "verify",
            "stress",
            "solve",
            "export",
            "statement",
            "render",
            "list",
            "setup-sandbox",
            "completions"
        ],
        "gridjudge --help"
    );
    // clap checks its definitions (e.g. clashing short flags) when a subcommand is built.
    for sub in &subs {
        let help = common::ok(&common::gridjudge(&[sub, "--help"]));
        assert!(
            help.contains(&format!("gridjudge {sub}")),
            "{sub} --help:\n{help}"
        );
    }
}

/// `game`'s `problem.toml` in the problems folder `problems_dir`, as the registry parses it.
fn config_in(problems_dir: &std::path::Path) -> ProblemConfig {
    let cache = problems_dir.join("cache");
    let loaded = gridjudge::problems::load(problems_dir, "game", &cache).unwrap();
    loaded.config().unwrap().clone()
}
