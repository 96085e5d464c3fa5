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

/// Copies the catalogue's `(folder, file)` submissions into `game/submissions/`; that folder.
fn add_submissions(game: &Path, which: &[(&str, &str)]) -> PathBuf {
    let subs = game.join("submissions");
    for (folder, file) in which {
        std::fs::create_dir_all(subs.join(folder)).unwrap();
        std::fs::copy(
            catalogue(&format!("{folder}/{file}")),
            subs.join(folder).join(file),
        )
        .unwrap();
    }
    subs
}

#[test]
fn verify_checks_expectations_finds_survivors_and_a_killing_set() {
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    let subs = add_submissions(
        &game,
        &[
            ("accepted", "hopcroft_karp.cpp"),
            ("wrong_answer", "never_lose.cpp"),
            ("run_time_error", "sentinel_border.rs"),
        ],
    );
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
            "merge",
            "timelimit",
            "mutants",
            "stress",
            "slowest",
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

#[test]
fn timelimit_derives_the_limit_names_a_slow_submission_inside_the_margin_and_writes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    let subs = game.join("submissions");
    for (folder, file) in [
        ("accepted", "hopcroft_karp.cpp"),
        ("accepted", "kuhn_iterative.rs"),
    ] {
        std::fs::create_dir_all(subs.join(folder)).unwrap();
        std::fs::copy(
            catalogue(&format!("{folder}/{file}")),
            subs.join(folder).join(file),
        )
        .unwrap();
    }
    // A slow submission that never ends: capped on the first test it runs.
    std::fs::create_dir_all(subs.join("time_limit_exceeded")).unwrap();
    std::fs::write(
        subs.join("time_limit_exceeded/spin.cpp"),
        "int main() { volatile unsigned long x = 0; for (;;) x = x + 1; }\n",
    )
    .unwrap();
    // The formula with 100 ms steps: the accepted submissions take a few ms on these boards,
    // so the limit is 100 ms and the slow one must take 150 ms or more.
    let toml = game.join("problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        format!("{text}\n[time_limit]\nresolution_ms = 100\n"),
    )
    .unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["timelimit", "game", "--problems-dir"];
        args.push(tmp.path().to_str().unwrap());
        args.extend(["--repeat", "2", "--cache-dir"]);
        let cache = cache_dir();
        args.push(cache.to_str().unwrap());
        args.extend(extra);
        Command::new(env!("CARGO_BIN_EXE_gridjudge"))
            .args(&args)
            .output()
            .unwrap()
    };
    let o = run(&["--json", "--write"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(v["ok"], true);
    assert_eq!(v["limits"][0]["limit"]["Ok"], 100, "{v}");
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["measured"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "accepted/hopcroft_karp.cpp",
            "accepted/kuhn_iterative.rs",
            "time_limit_exceeded/spin.cpp"
        ]
    );
    for r in &rows[..2] {
        assert_eq!(r["measured"]["runs"].as_array().unwrap().len(), 2);
    }
    // The slow one stops at its first test, at the cap of 100 ms x 1.5 x 2.
    let spin = &rows[2]["measured"]["runs"];
    for r in spin.as_array().unwrap() {
        assert_eq!(r["capped"], true);
        assert!(r["slowest_ms"].as_u64().unwrap() >= 300, "{r}");
    }
    // --write: time_ms = 100, the rest of problem.toml as it was.
    let written = std::fs::read_to_string(&toml).unwrap();
    assert_eq!(
        written,
        format!("{text}\n[time_limit]\nresolution_ms = 100\n")
            .replace("time_ms = 1000", "time_ms = 100")
    );

    // In two shards (one accepted submission each), merged: the same analysis but for the
    // times, the slow submission measured by the merge against the limit the shards give.
    let shape = |v: &serde_json::Value| {
        let rows: Vec<_> = (v["rows"].as_array().unwrap().iter())
            .map(|r| {
                let m = &r["measured"];
                let capped: Vec<_> = (m["runs"].as_array().unwrap().iter())
                    .map(|x| x["capped"].clone())
                    .collect();
                (
                    m["name"].clone(),
                    m["bound"].clone(),
                    capped,
                    r["problem"].clone(),
                )
            })
            .collect();
        (
            v["limits"][0]["limit"].clone(),
            v["current_ms"].clone(),
            rows,
            v["ok"].clone(),
        )
    };
    let whole = run(&["--json"]);
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    let docs = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 1..=2 {
        let o = run(&["--shard", &format!("{i}/2")]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let mine: Vec<_> = (doc["measured"].as_array().unwrap().iter())
            .map(|m| {
                (
                    m[0].as_u64().unwrap(),
                    m[1]["name"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let name = ["accepted/hopcroft_karp.cpp", "accepted/kuhn_iterative.rs"][i - 1];
        assert_eq!(mine, [(i as u64 - 1, name.to_string())], "{doc}");
        let f = docs.path().join(format!("{i}.json"));
        std::fs::write(&f, &o.stdout).unwrap();
        files.push(f);
    }
    let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["merge", "--json", "--problems-dir"])
        .arg(tmp.path())
        .arg("--cache-dir")
        .arg(cache_dir())
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let merged: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(shape(&merged), shape(&whole));
    assert_eq!(shape(&merged).0["Ok"], 100, "{merged}");

    // A time_limit_exceeded submission as fast as the accepted ones sits inside the margin:
    // named, exit 1, nothing written.
    std::fs::copy(
        catalogue("accepted/hopcroft_karp.cpp"),
        subs.join("time_limit_exceeded/not_slow.cpp"),
    )
    .unwrap();
    let o = run(&["--write"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("FAIL no limit fits")
            && out.contains(
                "FAIL time_limit_exceeded/not_slow.cpp: inside the margin: its slowest test takes"
            ),
        "{out}"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing written"));
    assert_eq!(std::fs::read_to_string(&toml).unwrap(), written);
}

#[test]
fn timelimit_of_a_kattis_package_follows_its_expectations_and_writes_problem_yaml() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("sums");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kattis/submissions_2025");
    common::copy_problem(&from, &pkg);
    let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .arg("timelimit")
        .arg(&pkg)
        .args(["--repeat", "1", "--json", "--write", "--cache-dir"])
        .arg(cache_dir())
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // The package's time_resolution (1 s by default) and multipliers (2 and 1.5).
    assert_eq!(v["multipliers"]["resolution_ms"], 1000);
    let limit = v["limits"][0]["limit"]["Ok"].as_u64().unwrap();
    let t_ac = v["limits"][0]["t_ac"][0].as_u64().unwrap();
    let m = gridjudge::judge::timelimit::Multipliers::default();
    assert_eq!(
        Ok(limit),
        gridjudge::judge::timelimit::kattis_limit_ms(t_ac, None, &m)
    );
    let rows = v["rows"].as_array().unwrap();
    let row = |name: &str, bound: &str| {
        rows.iter()
            .find(|r| r["measured"]["name"] == name && r["measured"]["bound"] == bound)
            .unwrap_or_else(|| panic!("no {bound} row for {name}: {v}"))
    };
    // submissions.yaml: counting.py must be AC on sample and secret/easy (a lower bound there
    // only) and TLE on secret/hard (an upper bound); overflow.c is permitted WA, not TLE.
    let lower = row("time_limit_exceeded/counting.py", "lower");
    let test = lower["measured"]["runs"][0]["slowest_test"]
        .as_str()
        .unwrap();
    assert!(
        test.starts_with("sample/") || test.starts_with("secret/easy/"),
        "{test}"
    );
    let upper = row("time_limit_exceeded/counting.py", "upper");
    assert_eq!(upper["measured"]["runs"][0]["capped"], true);
    assert!(upper["measured"]["runs"][0]["slowest_test"]
        .as_str()
        .unwrap()
        .starts_with("secret/hard/"));
    assert!(row("rejected/overflow.c", "lower")["problem"].is_null());
    // --write: limits.time_limit in seconds, the rest of problem.yaml kept.
    let yaml = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let before = std::fs::read_to_string(from.join("problem.yaml")).unwrap();
    assert_eq!(
        yaml,
        before.replace(
            "  time_limit: 2\n",
            &format!("  time_limit: {}\n", limit as f64 / 1000.0)
        )
    );
}

/// A `game` package of five tests whose `[mutants]` names only `hopcroft_karp.cpp`; runs
/// `gridjudge mutants game` with `extra` arguments and returns the exit code and the JSON.
fn mutants_of_small_game(extra: &[&str]) -> (Option<i32>, serde_json::Value) {
    mutants_of_small_game_from("accepted/hopcroft_karp.cpp", extra)
}

/// [`mutants_of_small_game`] with the catalogue's `source` (copied under `submissions/`) as
/// the only `[mutants]` source.
fn mutants_of_small_game_from(source: &str, extra: &[&str]) -> (Option<i32>, serde_json::Value) {
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    let to = game.join("submissions").join(source);
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(catalogue(source), &to).unwrap();
    let toml = game.join("problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text.split("[mutants]").next().unwrap().to_string();
    std::fs::write(
        &toml,
        format!("{text}[mutants]\nsources = [\"submissions/{source}\"]\n"),
    )
    .unwrap();
    let cache = cache_dir();
    let mut args = vec![
        "mutants",
        "game",
        "--json",
        "--problems-dir",
        tmp.path().to_str().unwrap(),
        "--cache-dir",
        cache.to_str().unwrap(),
    ];
    args.extend(extra);
    let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(&args)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&o.stderr));
    });
    (o.status.code(), v)
}

#[test]
fn mutants_of_a_game_submission_are_killed_by_named_tests_and_survivors_are_stressed() {
    let (code, v) = mutants_of_small_game(&[
        "--sample",
        "8",
        "--seed",
        "3",
        "--stress-seeds",
        "300",
        "-j",
        "2",
    ]);
    // A real survivor exits 1.
    assert_eq!(code, Some(1), "{v}");
    let ms = v["mutants"].as_array().unwrap();
    let ids: Vec<u64> = ms.iter().map(|m| m["id"].as_u64().unwrap()).collect();
    // The seeded sample: the same eight of the source's 174 mutants on every run.
    assert_eq!(ids, [5, 8, 9, 95, 123, 146, 153, 163]);
    assert_eq!(v["sources"][0]["mutants"], 174);
    let by_id = |id: u64| ms.iter().find(|m| m["id"] == id).unwrap();
    // `mate[root] != -1` flipped to `==` loops: stopped by the time limit on test 01.
    let m95 = by_id(95);
    assert_eq!(
        (
            m95["operator"].as_str(),
            m95["line"].as_u64(),
            m95["after"].as_str()
        ),
        (
            Some("relational"),
            Some(58),
            Some("            if (mate[root] == -1) continue;")
        )
    );
    assert_eq!(
        (m95["test"].as_str(), m95["verdict"].as_str()),
        (Some("01"), Some("TLE"))
    );
    // A constant of line 90 changed: only the 100-row corridor (test 05) kills it.
    let m153 = by_id(153);
    assert_eq!(
        (m153["test"].as_str(), m153["verdict"].as_str()),
        (Some("05"), Some("WA"))
    );
    // `c < m` made `c <= m` in `is_free`: reads the string's terminating zero, never '.'.
    let m9 = by_id(9);
    assert_eq!(m9["outcome"], "likely-equivalent");
    assert!(
        m9["diff"].as_str().unwrap().contains("c <= m && g[r][c]"),
        "{m9}"
    );
    // `sv[i - 1]` made `sv[i - 0]`: the five tests pass it, stress finds a board it gets wrong,
    // shrunk to 10 cells.
    let m123 = by_id(123);
    assert_eq!(m123["outcome"], "survivor");
    let c = &m123["counterexample"];
    assert_eq!(
        (c["seed"].as_u64(), c["verdict"].as_str()),
        (Some(12), Some("WA"))
    );
    assert_eq!(c["input"], "5 2\n..\n.#\n.#\n..\n.#\n");
    // The counts agree with the outcomes.
    let count = |w: &str| ms.iter().filter(|m| m["outcome"] == w).count() as u64;
    assert_eq!(count("killed"), 6);
    assert_eq!(v["killed"].as_u64(), Some(count("killed")));
    assert_eq!(v["compiled"].as_u64(), Some(8 - count("stillborn")));
    assert_eq!(
        v["non_equivalent"].as_u64(),
        Some(count("killed") + count("survivor"))
    );
    assert_eq!(
        (v["survivors"].as_u64(), v["likely_equivalent"].as_u64()),
        (Some(1), Some(1))
    );
    // The same result with one job.
    let (_, one) =
        mutants_of_small_game(&["--sample", "8", "--seed", "3", "--stress-seeds", "300"]);
    let strip = |v: &serde_json::Value| {
        let mut v = v.clone();
        for m in v["mutants"].as_array_mut().unwrap() {
            m.as_object_mut().unwrap().remove("message");
        }
        v
    };
    assert_eq!(strip(&one), strip(&v));
    // In three shards (mutant k in shard k mod 3 + 1), merged: the same report.
    let shards = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let (code, doc) = mutants_of_small_game(&[
            "--sample",
            "8",
            "--seed",
            "3",
            "--stress-seeds",
            "300",
            "--shard",
            &shard,
        ]);
        assert_eq!(code, Some(0), "{doc}");
        let positions: Vec<u64> = doc["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        let want: Vec<u64> = (0..8).filter(|p| p % 3 == i - 1).collect();
        assert_eq!(positions, want, "{doc}");
        let f = shards.path().join(format!("{i}.json"));
        std::fs::write(&f, doc.to_string()).unwrap();
        files.push(f);
    }
    files.reverse();
    let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .arg("merge")
        .arg("--json")
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let merged: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(strip(&merged), strip(&v));
    // A missing shard is named.
    let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .arg("merge")
        .args(&files[..2])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.code() == Some(1) && err.contains("shard(s) 1/3 of mutants of `game` missing"),
        "{err}"
    );
}

/// A source that fails the package unmutated is refused before any mutant (every mutant
/// would count as killed), naming it, the test and the verdict; a source outside the problem
/// folder is refused naming the table.
#[test]
fn mutants_refuse_a_source_that_fails_the_package_or_leaves_the_folder() {
    let (code, v) = mutants_of_small_game_from("wrong_answer/never_lose.cpp", &["--sample", "2"]);
    assert_eq!(code, Some(1), "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.contains("submissions/wrong_answer/never_lose.cpp: the unmutated source gets WA on test"),
        "{e}"
    );
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    let toml = game.join("problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text.split("[mutants]").next().unwrap().to_string();
    std::fs::write(
        &toml,
        format!("{text}[mutants]\nsources = [\"../x.cpp\"]\n"),
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["mutants", "game", "--problems-dir"])
        .arg(tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "problem.toml [mutants] sources: `../x.cpp` must be a path inside the problem folder"
        ),
        "{err}"
    );
}

/// Runs `gridjudge` with `args`, then `--problems-dir dir --cache-dir <this file's cache>`.
fn gridjudge_at(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    all.extend([
        "--problems-dir".to_string(),
        utf8(dir).to_string(),
        "--cache-dir".to_string(),
        utf8(&cache_dir()).to_string(),
    ]);
    common::gridjudge(&all)
}

/// `verify --shard I/N` cuts the (submission x test) runs round robin and `merge` puts every
/// shard's document together into the report of one `verify` run, byte for byte (the text
/// report has no times); each run records the node it ran on; a missing or repeated shard, or
/// a package rebuilt since, is refused by name.
#[test]
fn verify_shards_merge_into_the_report_of_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let game = small_package(tmp.path());
    add_submissions(
        &game,
        &[
            ("accepted", "hopcroft_karp.cpp"),
            ("wrong_answer", "never_lose.cpp"),
            ("run_time_error", "sentinel_border.rs"),
            ("wrong_answer", "one_colour.cpp"),
        ],
    );
    let local = gridjudge_at(tmp.path(), &["verify", "game", "-j", "2"]);
    common::ok(&local);
    let verdicts = || {
        let saved = gridjudge::judge::verify::SavedVerify::load(&game)
            .unwrap()
            .unwrap();
        let runs: Vec<Vec<String>> = saved
            .submissions
            .iter()
            .map(|s| s.runs.iter().map(|r| r.verdict.clone()).collect())
            .collect();
        (saved.killing_set, runs)
    };
    let local_saved = verdicts();
    std::fs::remove_file(game.join("report/verify.json")).unwrap();
    let mut files = Vec::new();
    let mut runs_per_shard = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let o = gridjudge_at(
            tmp.path(),
            &["verify", "game", "-j", "2", "--shard", &shard],
        );
        common::ok(&o);
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(doc["command"], "verify");
        assert_eq!(
            doc["judge"]["shard"],
            serde_json::json!({"index": i, "count": 3})
        );
        let runs = doc["judge"]["runs"].as_array().unwrap();
        let tests = doc["judge"]["tests"].as_array().unwrap().len() as u64;
        assert_eq!(tests, 5);
        // Run k = submission * 5 + test belongs to shard k mod 3 + 1.
        for r in runs {
            let k = r[0].as_u64().unwrap() * tests + r[1].as_u64().unwrap();
            assert_eq!(k % 3 + 1, i as u64, "{r}");
            assert!(!r[2]["host"]["node"].as_str().unwrap().is_empty());
        }
        runs_per_shard.push(runs.len());
        let f = tmp.path().join(format!("verify-{i}.json"));
        std::fs::write(&f, &o.stdout).unwrap();
        files.push(utf8(&f).to_string());
    }
    // 4 submissions x 5 tests, cut 7 / 7 / 6.
    assert_eq!(runs_per_shard, vec![7, 7, 6]);
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = gridjudge_at(tmp.path(), &args);
    common::ok(&merged);
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        String::from_utf8_lossy(&local.stdout)
    );
    // The merge saves the results for the build report as verify does.
    assert_eq!(verdicts(), local_saved);

    // A shard missing, or given twice.
    let o = gridjudge_at(tmp.path(), &["merge", &files[0], &files[2]]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("shard(s) 2/3 of problem `game` missing"),
        "{err}"
    );
    let o = gridjudge_at(
        tmp.path(),
        &["merge", &files[0], &files[1], &files[2], &files[1]],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("shard 2/3 is also in"), "{err}");
    // Not a shard document.
    let junk = tmp.path().join("junk.json");
    std::fs::write(&junk, "{\"ok\": true}").unwrap();
    let o = gridjudge_at(tmp.path(), &["merge", utf8(&junk)]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not a shard document"), "{err}");
    // A shard of another package: its lock's hash differs.
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).unwrap();
    doc["lock_sha256"] = "0".repeat(64).into();
    std::fs::write(&files[1], doc.to_string()).unwrap();
    let o = gridjudge_at(tmp.path(), &args);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the shard judged another package of `game`"),
        "{err}"
    );
    // An index out of range is refused when the command line is read.
    let o = gridjudge_at(tmp.path(), &["verify", "game", "--shard", "4/3"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("shard 4/3: the index runs from 1 to 3"),
        "{err}"
    );
}

/// `stress --seeds A..B --shard I/N` runs the I-th contiguous part of the range unshrunk;
/// `merge` judges the smallest failing seed of all the shards again and shrinks it once: the
/// same counterexample as one stress run (the report below its first line, which counts the
/// seeds tried and the time, is the same byte for byte).
#[test]
fn stress_shards_merge_into_the_counterexample_of_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    small_package(tmp.path());
    let wrong = catalogue("wrong_answer/never_lose.cpp");
    let sub = utf8(&wrong);
    let local = gridjudge_at(
        tmp.path(),
        &["stress", "game", sub, "--seeds", "1..90", "-j", "2"],
    );
    assert_eq!(
        local.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&local.stderr)
    );
    let mut files = Vec::new();
    let mut firsts = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let o = gridjudge_at(
            tmp.path(),
            &["stress", "game", sub, "--seeds", "1..90", "--shard", &shard],
        );
        common::ok(&o);
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(doc["command"], "stress");
        firsts.push(doc["failing_seeds"][0].as_u64());
        let f = tmp.path().join(format!("stress-{i}.json"));
        std::fs::write(&f, &o.stdout).unwrap();
        files.push(utf8(&f).to_string());
    }
    // Shard i holds seeds 30(i-1)+1 ..= 30i.
    for (i, f) in firsts.iter().enumerate() {
        if let Some(s) = f {
            assert!(
                (30 * i as u64 + 1..=30 * (i as u64 + 1)).contains(s),
                "{firsts:?}"
            );
        }
    }
    let smallest = firsts
        .iter()
        .flatten()
        .min()
        .copied()
        .expect("a failing seed");
    let mut args = vec!["merge"];
    args.extend(files.iter().rev().map(String::as_str));
    let merged = gridjudge_at(tmp.path(), &args);
    assert_eq!(
        merged.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let (l, m) = (
        String::from_utf8_lossy(&local.stdout).to_string(),
        String::from_utf8_lossy(&merged.stdout).to_string(),
    );
    let below_first = |s: &str| s.split_once('\n').unwrap().1.to_string();
    assert_eq!(below_first(&m), below_first(&l));
    assert!(
        m.contains(&format!("counterexample: seed {smallest} of")),
        "{m}"
    );
    // A stress shard needs a fixed set of seeds.
    let o = gridjudge_at(tmp.path(), &["stress", "game", sub, "--shard", "1/2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--seeds"));
}
