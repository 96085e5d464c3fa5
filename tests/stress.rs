//! `gridjudge stress`: every wrong submission of the `game` and `bunny` catalogues that fails
//! on small inputs is found within a bounded seed range and shrunk to a locally minimal test
//! of at most 12 cells (the whole board, N·M); the same seed range gives the same bytes with
//! -j 1 and -j 2; `--save` adds the counterexample to a temporary copy of the problem, which
//! then builds. Submissions that fail only at full size (game's `sentinel_border.rs` and
//! `rematch_per_cell.cpp`, bunny's `positions_sized_1000.cpp`) are out of reach of small
//! generators and not stressed here. An in-process wrong `bunny` solver checks the
//! [`FnSubject`] path. Needs `g++` and `rustc`. `cargo test` stresses one submission of each
//! catalogue; the whole catalogues are `#[ignore]` tests that `.ci/run` runs with
//! `-- --ignored`.

mod common;

use std::path::{Path, PathBuf};

use gridjudge::core::args::Args;
use gridjudge::core::verdict::Verdict;
use gridjudge::exec::compile::Submission;
use gridjudge::exec::runner::RunLimits;
use gridjudge::judge::save::save_counterexample;
use gridjudge::judge::stress::{
    stress, stress_with_memo, Counterexample, GeneratorLine, SeedMemo, SeedPlan, StressOptions,
    StressReport,
};
use gridjudge::judge::subject::{judge_input, FailureClass, FnSubject, ProcessSubject, Subject};
use gridjudge::package::{build_problem, BuildOptions, LockMode, Manifest};
use gridjudge::problem::{generate_test, Problem, ProblemConfig, ValidateOptions};
use FailureClass::{Crash, Wrong};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Compiled binaries, shared by the tests of this file (keyed by source hash).
fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-stress-cache")
}

fn subject(path: &Path) -> ProcessSubject {
    let sub = Submission::from_arg(path.to_str().unwrap()).unwrap();
    // The default: in the bubblewrap sandbox (CI installs bubblewrap).
    ProcessSubject::prepare(&sub, &cache_dir(), RunLimits::new(1000, 128), true, false).unwrap()
}

fn run(
    p: &dyn Problem,
    subject: &dyn Subject,
    line: &GeneratorLine,
    seeds: (u64, u64),
    jobs: usize,
) -> StressReport {
    let cfg = ProblemConfig::load(p, None).unwrap();
    let opts = StressOptions {
        generator: line.clone(),
        seeds: SeedPlan::Range {
            first: seeds.0,
            last: seeds.1,
        },
        jobs,
        keep: 1,
        shrink: true,
        progress: false,
    };
    stress(p, &cfg, subject, &opts).unwrap()
}

/// Asserts that no single shrinking step of `input` still fails in `class`.
fn assert_locally_minimal(
    p: &dyn Problem,
    subject: &dyn Subject,
    input: &[u8],
    class: FailureClass,
) {
    let cfg = ProblemConfig::load(p, None).unwrap();
    for c in p.shrink_candidates(input) {
        if p.validate(&c, &cfg.constraints, ValidateOptions::default())
            .is_ok()
        {
            let j = judge_input(p, &cfg, subject, &c).unwrap();
            assert_ne!(
                j.class(),
                Some(class),
                "not minimal: {:?} still fails",
                String::from_utf8_lossy(&c)
            );
        }
    }
}

/// Each catalogue submission, the class it must fail in (its folder: `wrong_answer` or
/// `run_time_error`), the seed that first finds it in 1..=40 with the default generator
/// (`random m=2..5 n=2..5`), and the minimal maze.
const GAME_CASES: &[(&str, FailureClass, u64, &str)] = &[
    ("isolated_cells_missed.cpp", Wrong, 4, "1 1\n.\n"),
    ("never_lose.cpp", Wrong, 6, "1 1\n#\n"),
    ("odd_paths.cpp", Wrong, 1, "3 1\n.\n.\n.\n"),
    ("off_by_one_border.cpp", Wrong, 1, "2 1\n.\n.\n"),
    ("one_colour.cpp", Wrong, 1, "4 1\n#\n.\n.\n.\n"),
    ("only_unmatched.cpp", Wrong, 1, "3 1\n.\n.\n.\n"),
    ("rows_columns.cpp", Wrong, 4, "1 2\n#.\n"),
    ("unmarked_recursion.cpp", Crash, 1, "3 1\n.\n.\n.\n"),
];

/// The submission folder of a failure class.
fn folder(class: FailureClass) -> &'static str {
    match class {
        Wrong => "wrong_answer",
        _ => "run_time_error",
    }
}

/// `s` is found within `seeds` with -j 2, failing in `class`, and shrunk to a locally minimal
/// input of at most 12 cells (the whole board); -j 1 finds it at the same
/// seed and shrinks it to the same bytes in as many steps and runs. Returns the failure.
fn found_and_shrunk(
    p: &dyn Problem,
    s: &dyn Subject,
    line: &GeneratorLine,
    seeds: (u64, u64),
    (name, class): (&str, FailureClass),
) -> Counterexample {
    let two = run(p, s, line, seeds, 2);
    assert_eq!(
        two.failures.len(),
        1,
        "{name}: not found in seeds {seeds:?}"
    );
    let c = two.failures.into_iter().next().unwrap();
    let sh = c.shrunk.as_ref().unwrap();
    assert_eq!(sh.judged.class(), Some(class), "{name}");
    let cfg = ProblemConfig::load(p, None).unwrap();
    let summary = (p.validate(&sh.input, &cfg.constraints, ValidateOptions::default())).unwrap();
    let text = String::from_utf8_lossy(&sh.input);
    assert!(summary.cells <= 12, "{name}: {text}");
    let one = run(p, s, line, seeds, 1);
    assert_eq!(one.failures[0].seed, c.seed, "{name}");
    assert_eq!(one.failures[0].input(), sh.input.as_slice(), "{name}");
    let one_sh = one.failures[0].shrunk.as_ref().unwrap();
    assert_eq!((one_sh.steps, one_sh.runs), (sh.steps, sh.runs), "{name}");
    assert!(sh.runs >= sh.steps, "{name}");
    assert_locally_minimal(p, s, &sh.input, class);
    c
}

#[test]
fn the_default_generator_is_small_and_random() {
    let game = gridjudge::problems::by_name("game").unwrap();
    let line = GeneratorLine::default_for(game).unwrap();
    assert_eq!(line.to_string(), "random m=2..5 n=2..5");
    let bunny = gridjudge::problems::by_name("bunny").unwrap();
    assert_eq!(
        GeneratorLine::default_for(bunny).unwrap().to_string(),
        "play m=2..5 n=2..5"
    );
    assert!(GeneratorLine::parse(game, &["nope"]).is_err());
    let e = GeneratorLine::parse(game, &["random", "q=1"]).unwrap_err();
    assert!(e.0.contains("no parameter `q`"), "{e}");
}

/// The first entry of [`GAME_CASES`] (`cargo test`); the ignored test below runs them all.
#[test]
fn a_wrong_game_submission_is_found_and_shrunk_to_at_most_12_cells() {
    game_cases(&GAME_CASES[..1]);
}

#[test]
#[ignore = "compiles and stresses the whole catalogue (minutes); .ci/run runs it with --ignored"]
fn every_wrong_game_submission_is_found_and_shrunk_to_at_most_12_cells() {
    game_cases(GAME_CASES);
}

/// Every catalogue submission expected to fail on small mazes is in [`GAME_CASES`]; each of
/// `cases` is found at its seed with -j 2 and -j 1 and shrunk to its minimal input.
fn game_cases(cases: &[(&str, FailureClass, u64, &str)]) {
    let game = gridjudge::problems::by_name("game").unwrap();
    let line = GeneratorLine::default_for(game).unwrap();
    // Every catalogue submission expected to fail on small mazes is in the table.
    let listed: Vec<String> =
        std::fs::read_dir(repo().join("problems/game/submissions/wrong_answer"))
            .unwrap()
            .map(|e| format!("wrong_answer/{}", e.unwrap().file_name().to_string_lossy()))
            .collect();
    for name in &listed {
        let listed = GAME_CASES
            .iter()
            .any(|c| format!("{}/{}", folder(c.1), c.0) == *name);
        assert!(listed, "{name} is not in GAME_CASES");
    }
    for &(file, class, seed, minimal) in cases {
        let name = format!("{}/{file}", folder(class));
        let s = subject(&repo().join("problems/game/submissions").join(&name));
        let c = found_and_shrunk(game, &s, &line, (1, 40), (&name, class));
        assert_eq!(c.seed, seed, "{name}");
        assert_eq!(c.original_judged.class(), Some(class), "{name}");
        let sh = c.shrunk.as_ref().unwrap();
        assert_eq!(String::from_utf8_lossy(&sh.input), minimal, "{name}");
        assert!(sh.steps >= 1, "{name}");
        // The report names the seed, the generator line and the checker's message.
        let text = c.render(game, None);
        let line = format!("seed {seed} of `random m=2..5 n=2..5`");
        assert!(text.contains(&line), "{text}");
        assert!(text.contains(minimal), "{text}");
        assert!(text.contains(&sh.judged.message), "{text}");
    }
}

#[test]
fn an_accepted_submission_survives_and_stress_reports_no_failure() {
    let game = gridjudge::problems::by_name("game").unwrap();
    let s = subject(&repo().join("problems/game/submissions/accepted/hopcroft_karp.cpp"));
    let line = GeneratorLine::parse(game, &["random", "n=1..4", "m=1..4", "walls=0.3"]).unwrap();
    let r = run(game, &s, &line, (1, 30), 2);
    assert!(r.failures.is_empty());
    assert_eq!(r.tested, 30);
}

#[test]
fn keep_collects_the_smallest_failing_seeds_in_order() {
    let game = gridjudge::problems::by_name("game").unwrap();
    let cfg = ProblemConfig::load(game, None).unwrap();
    let s = subject(&repo().join("problems/game/submissions/wrong_answer/never_lose.cpp"));
    let line = GeneratorLine::default_for(game).unwrap();
    let mut seeds = Vec::new();
    for jobs in [1, 2] {
        let opts = StressOptions {
            generator: line.clone(),
            seeds: SeedPlan::Range { first: 1, last: 60 },
            jobs,
            keep: 3,
            shrink: false,
            progress: false,
        };
        let r = stress(game, &cfg, &s, &opts).unwrap();
        assert_eq!(r.failures.len(), 3);
        assert!(r.failures.iter().all(|c| c.shrunk.is_none()));
        seeds.push(r.failures.iter().map(|c| c.seed).collect::<Vec<_>>());
    }
    assert_eq!(seeds[0], seeds[1]);
    assert!(seeds[0].windows(2).all(|w| w[0] < w[1]));
    // never_lose fails exactly on LOSE mazes: each seed found is one, and none below it.
    for seed in 1..=seeds[0][2] {
        let (_, input) = line.test(game, seed).unwrap();
        let lose = game.solve(&input, &cfg.constraints).unwrap() == b"LOSE\n";
        assert_eq!(lose, seeds[0].contains(&seed), "seed {seed}");
    }
}

/// A copy of `problems/game` (problem.toml, manifest, samples) in a temporary folder.
fn game_copy(root: &Path) -> PathBuf {
    let manifest = std::fs::read_to_string(repo().join("problems/game/manifest.toml")).unwrap();
    common::small_game(&root.join("game"), &manifest, &[])
}

#[test]
fn save_adds_a_hand_test_that_the_next_build_carries() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = game_copy(tmp.path());
    let game = gridjudge::problems::by_name("game").unwrap();
    let before = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
    let count = Manifest::load(&dir.join("manifest.toml"))
        .unwrap()
        .tests
        .len();
    let input = b"4 1\n#\n.\n.\n.\n";
    let saved = save_counterexample(game, &dir, input, "one_colour.cpp fails (WA)").unwrap();
    // Why saving `input` again, with the note `why`, is refused.
    let refused = |input: &[u8], why: &str| {
        format!(
            "{:#}",
            save_counterexample(game, &dir, input, why).unwrap_err()
        )
    };
    assert_eq!(saved.number, count + 1);
    assert!(saved.manifest_file.starts_with("hand/stress-"));
    assert_eq!(saved.path, dir.join(&saved.manifest_file));
    assert_eq!(std::fs::read(&saved.path).unwrap(), input);
    let after = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
    assert!(after.starts_with(&before), "the manifest was rewritten");
    // The entry is relative to the problem folder, although `dir` is absolute.
    assert!(dir.is_absolute());
    assert_eq!(
        &after[before.len()..],
        format!(
            "\n# stress: one_colour.cpp fails (WA)\n[[test]]\nfile = \"{}\"\n",
            saved.manifest_file
        )
    );
    // Saving again is refused, naming the test, and changes nothing.
    let e = refused(input, "again");
    assert!(
        e.contains(&format!(
            "already test {} of manifest.toml (`file {}`)",
            count + 1,
            saved.manifest_file
        )),
        "{e}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("manifest.toml")).unwrap(),
        after
    );
    // The same bytes as a generated test of the manifest (test 2, `open n=1 m=1`) or as a
    // sample: refused, naming it.
    let manifest = Manifest::load(&dir.join("manifest.toml")).unwrap();
    let spec = &manifest.tests[1];
    let line = spec.gen.as_deref().unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    let generated = generate_test(
        game,
        words[0],
        &Args::parse(&words[1..]).unwrap(),
        spec.seed.unwrap(),
    )
    .unwrap();
    let e = refused(&generated, "x");
    assert!(
        e.contains(&format!(
            "already test 2 of manifest.toml (`gen {line} seed="
        )),
        "{e}"
    );
    let sample = std::fs::read(dir.join("samples/sample1.in")).unwrap();
    let e = refused(&sample, "x");
    assert!(
        e.contains("already test 1 of manifest.toml (`file samples/sample1.in`)"),
        "{e}"
    );
    // A hand file that the manifest does not name (an entry removed by hand) is found too.
    let other = b"1 2\n.#\n";
    std::fs::write(dir.join("hand/mine.in"), other).unwrap();
    let e = refused(other, "x");
    assert!(
        e.contains("already hand/mine.in, a hand file that manifest.toml does not name"),
        "{e}"
    );
    std::fs::remove_file(dir.join("hand/mine.in")).unwrap();
    // A different file under the name a new input gets is not overwritten.
    let taken = dir.join(gridjudge::judge::save::saved_name(other));
    std::fs::write(&taken, b"1 1\n.\n").unwrap();
    let e = refused(other, "x");
    assert!(e.contains("refusing to overwrite"), "{e}");
    std::fs::remove_file(&taken).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("manifest.toml")).unwrap(),
        after
    );
    // The next build carries the test: one more test than the manifest had, with this input.
    let opts = BuildOptions {
        problems_dir: tmp.path().to_path_buf(),
        lock: LockMode::Extend,
        jobs: Some(2),
        progress: false,
        delete_unknown: false,
    };
    let report = build_problem(game, &opts).unwrap();
    let n = report.tests.len();
    let last = std::fs::read(dir.join("tests").join(format!("{n:02}.in"))).unwrap();
    assert_eq!(last, input);
    let ans = std::fs::read(dir.join("tests").join(format!("{n:02}.ans"))).unwrap();
    assert_eq!(ans, b"WIN\n2 1\n4 1\n");
}

#[test]
fn the_stress_command_reports_and_saves_into_the_given_problems_dir() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = game_copy(tmp.path());
    let cache = cache_dir();
    let (root, cache) = (tmp.path().to_str().unwrap(), cache.to_str().unwrap());
    // `gridjudge stress game <submission> <args> --problems-dir <tmp> --cache-dir <cache>`.
    let stress = |sub: &str, args: &str| {
        let sub = repo().join("problems/game/submissions").join(sub);
        let mut argv = vec!["stress", "game", sub.to_str().unwrap()];
        argv.extend(args.split_whitespace());
        argv.extend(["--problems-dir", root, "--cache-dir", cache]);
        common::gridjudge(&argv)
    };
    let wrong = "wrong_answer/rows_columns.cpp";
    let out = stress(wrong, "--seeds 1..20 -j 2 --save");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("counterexample: seed 4 of `random m=2..5 n=2..5`"),
        "{stdout}"
    );
    assert!(stdout.contains("--- input\n1 2\n#.\n"), "{stdout}");
    let hand: Vec<_> = std::fs::read_dir(dir.join("hand")).unwrap().collect();
    assert_eq!(hand.len(), 1);
    let count = Manifest::load(&dir.join("manifest.toml"))
        .unwrap()
        .tests
        .len();
    let saved = format!(
        "saved: {} in {} (manifest test {count})",
        gridjudge::judge::save::saved_name(b"1 2\n#.\n"),
        dir.display()
    );
    assert!(stdout.contains(&saved), "{stdout}");
    // The same run again, as JSON: the counterexample is now a test of the manifest, and
    // saving it is refused naming that test.
    let out = stress(wrong, "--seeds 1..20 --json --save");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "not saved: the counterexample is already test {count} of manifest.toml (`file hand/stress-"
        )),
        "{err}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["problem"], "game");
    assert_eq!(json["generator"], "random m=2..5 n=2..5");
    assert_eq!(json["seeds"]["first"], 1);
    assert_eq!(json["seeds"]["last"], 20);
    // Seeds run in batches of 4 with -j 1: the batch of seed 4 is 1..4.
    assert_eq!(json["tested"], 4);
    let f = &json["failures"][0];
    assert_eq!(f["seed"], 4);
    assert_eq!(f["input"], "1 2\n#.\n");
    assert_eq!(f["class"], "wrong");
    assert!(f["verdict"] == "WA" || f["verdict"] == "PE", "{f}");
    assert_eq!(f["answer"], "WIN\n1 2\n");
    assert!(f["shrink"]["steps"].as_u64().unwrap() >= 1, "{f}");
    assert!(f["shrink"]["candidates"].as_u64().unwrap() >= f["shrink"]["steps"].as_u64().unwrap());
    assert!(f["checker"].as_str().is_some_and(|m| !m.is_empty()), "{f}");
    assert!(
        f["output"].is_string() && f["found"]["input"].is_string(),
        "{f}"
    );
    assert!(
        f["save_error"].as_str().unwrap().contains("already test"),
        "{f}"
    );
    assert_eq!(std::fs::read_dir(dir.join("hand")).unwrap().count(), 1);
    // A generator line with ranges and a time budget; an accepted submission passes.
    let gen = "--generator random n=1..3 m=1..3 walls=0.5";
    let ok = stress(
        "accepted/hopcroft_karp.cpp",
        &format!("{gen} --time 300ms -j 2"),
    );
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("of `random m=1..3 n=1..3 walls=0.5`"),
        "{stdout}"
    );
    assert!(stdout.contains(", 0 failure(s)"), "{stdout}");
    // Bad arguments are clear errors.
    let command = |line: &str| common::gridjudge(&line.split(' ').collect::<Vec<_>>());
    let bad = command("stress game true --seeds 9..3");
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("seed range `9..3` is empty"));
    let bad = command("stress bunny true --generator play n=1 m=1..2");
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("every seed was rejected"), "{err}");
    let bad = command("stress game true --generator random n=5..2");
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("`n=5..2`: a range is lo..hi"), "{err}");
    assert!(!err.contains("every seed"), "{err}");
}

#[test]
fn judge_input_checks_an_in_process_output_against_the_reference() {
    let game = gridjudge::problems::by_name("game").unwrap();
    let cfg = ProblemConfig::load(game, None).unwrap();
    let s = FnSubject(|_: &[u8]| b"WIN\n1 1\n".to_vec());
    let j = judge_input(game, &cfg, &s, b"1 2\n..\n").unwrap();
    assert_eq!(j.verdict, Verdict::Wa);
    let j = judge_input(game, &cfg, &s, b"1 1\n.\n").unwrap();
    assert_eq!(j.verdict, Verdict::Ac);
}

/// A seed memo shared by several stress runs (as `gridjudge mutants` shares one between its
/// survivors) keeps every seed's test once and changes no report: a run that passes fills it,
/// a wrong submission stressed after it with the memo gets the same counterexample, shrunk the
/// same way, as without it, and a memo of one line refuses another.
#[test]
fn a_seed_memo_shared_between_stress_runs_changes_no_report() {
    let game = gridjudge::problems::by_name("game").unwrap();
    let cfg = ProblemConfig::load(game, None).unwrap();
    let line = GeneratorLine::parse(game, &["random", "n=1..3", "m=1..3"]).unwrap();
    let opts = StressOptions {
        generator: line.clone(),
        seeds: SeedPlan::Range { first: 1, last: 40 },
        jobs: 2,
        keep: 1,
        shrink: true,
        progress: false,
    };
    let memo = SeedMemo::new();
    let bounds = cfg.constraints.clone();
    let right = FnSubject(|i: &[u8]| game.solve(i, &bounds).unwrap());
    let passed = stress_with_memo(game, &cfg, &right, &opts, Some(&memo)).unwrap();
    assert!(passed.failures.is_empty());
    assert_eq!(passed.tested, 40);
    assert_eq!(memo.len(), 40, "every seed's test is kept");
    let wrong = FnSubject(|_: &[u8]| b"LOSE\n".to_vec());
    let fresh = stress(game, &cfg, &wrong, &opts).unwrap();
    let memoised = stress_with_memo(game, &cfg, &wrong, &opts, Some(&memo)).unwrap();
    let json = |r: &StressReport| {
        r.failures
            .iter()
            .map(|c| c.to_json(game).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(fresh.failures.len(), 1);
    assert_eq!(json(&fresh), json(&memoised));
    assert_eq!(fresh.tested, memoised.tested);
    let other = StressOptions {
        generator: GeneratorLine::parse(game, &["random", "n=2", "m=2"]).unwrap(),
        ..opts.clone()
    };
    let err = stress_with_memo(game, &cfg, &wrong, &other, Some(&memo)).unwrap_err();
    assert!(
        err.to_string()
            .contains("a seed memo of generator `random m=1..3 n=1..3` cannot serve"),
        "{err:#}"
    );
}

/// Generator lines for the `bunny` submissions that the default (`play m=2..5 n=2..5`) does
/// not catch: a wrong order of the mistakes needs records with two mistakes or more.
const BUNNY_GENERATORS: &[(&str, &[&str])] = &[(
    "wrong_answer/descending_order.cpp",
    &["play", "n=2..5", "m=2..5", "err=1", "eggerr=1"],
)];

/// Known minimal counterexamples (seed, input) of committed `bunny` submissions.
const BUNNY_MINIMAL: &[(&str, u64, &str)] = &[
    (
        "wrong_answer/next_bunny_turn.cpp",
        2,
        "3 2\nOO\nX.\nXO\n1\n3 2\n3 1\n",
    ),
    (
        "wrong_answer/start_white.cpp",
        2,
        "3 2\nOO\nX.\nXO\n1\n3 2\n3 1\n",
    ),
    (
        "wrong_answer/no_reaugment.cpp",
        22,
        "3 2\nXX\n.O\nOX\n1\n2 2\n1 2\n",
    ),
    (
        "wrong_answer/positions_not_deleted.cpp",
        9,
        "3 3\nOXO\n.OX\nOXX\n3\n3 1\n3 2\n2 2\n1 2\n1 3\n2 3\n",
    ),
];

/// `bunny` submissions that fail only on long games (k > 500), out of reach of small boards.
const BUNNY_ONLY_LARGE: &[&str] = &["run_time_error/positions_sized_1000.cpp"];

/// The first wrong `bunny` submission by name (`cargo test`); the ignored test below runs
/// them all.
#[test]
fn a_wrong_bunny_submission_is_found_and_shrunk_to_a_board_of_at_most_12_cells() {
    bunny_cases(1);
}

#[test]
#[ignore = "compiles and stresses the whole catalogue (minutes); .ci/run runs it with --ignored"]
fn every_wrong_bunny_submission_is_found_and_shrunk_to_a_board_of_at_most_12_cells() {
    bunny_cases(usize::MAX);
}

/// The first `count` wrong `bunny` submissions by name (those that fail on small boards) are
/// found within 100 seeds with -j 2 and -j 1 alike and shrunk to at most 12 cells.
fn bunny_cases(count: usize) {
    let bunny = gridjudge::problems::by_name("bunny").unwrap();
    let root = repo().join("problems/bunny/submissions");
    let mut names = Vec::new();
    for (folder, class) in [("wrong_answer", Wrong), ("run_time_error", Crash)] {
        let Ok(dir) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        for e in dir {
            let name = format!("{folder}/{}", e.unwrap().file_name().to_string_lossy());
            if !BUNNY_ONLY_LARGE.contains(&name.as_str()) {
                names.push((name, class));
            }
        }
    }
    names.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(names.len() >= 4, "{names:?}");
    for (name, class) in names.iter().take(count) {
        let words: Vec<&str> = BUNNY_GENERATORS
            .iter()
            .find(|g| g.0 == name)
            .map_or(vec![], |g| g.1.to_vec());
        let line = if words.is_empty() {
            GeneratorLine::default_for(bunny).unwrap()
        } else {
            GeneratorLine::parse(bunny, &words).unwrap()
        };
        let s = subject(&root.join(name));
        let c = found_and_shrunk(bunny, &s, &line, (1, 100), (name, *class));
        let text = String::from_utf8_lossy(&c.shrunk.as_ref().unwrap().input).into_owned();
        if let Some(m) = BUNNY_MINIMAL.iter().find(|m| m.0 == name) {
            assert_eq!((c.seed, text.as_str()), (m.1, m.2), "{name}");
        }
    }
}

/// An in-process wrong `bunny` solver: it reads the mover's result at the wrong position
/// (Bunny's next turn, 2i, instead of Egg's turn, 2i - 1) as "Egg wins after the move".
fn next_turn_solver(input: &[u8]) -> Vec<u8> {
    use gridjudge::problems::bunny;
    let rec = bunny::parse(input, &bunny::unbounded(), ValidateOptions::default()).unwrap();
    let win = bunny::mover_wins(&rec).unwrap();
    let wrong: Vec<u32> = (1..=rec.k())
        .filter(|&i| win[2 * i - 2] && win[2 * i])
        .map(|i| i as u32)
        .collect();
    bunny::format_answer(&wrong)
}

#[test]
fn an_in_process_wrong_bunny_solver_is_shrunk_the_same_for_any_jobs() {
    let bunny = gridjudge::problems::by_name("bunny").unwrap();
    let s = FnSubject(next_turn_solver);
    let line = GeneratorLine::default_for(bunny).unwrap();
    let c = found_and_shrunk(bunny, &s, &line, (1, 100), ("next_turn_solver", Wrong));
    let text = String::from_utf8_lossy(&c.shrunk.as_ref().unwrap().input).into_owned();
    // Bunny wins at the start (the usable path (1,2)-(2,2)-(3,2)-(3,1) has a unique perfect
    // matching), walks to (3,2) and Egg wins there: a mistake, which the solver misses because
    // Bunny loses at its next turn anyway.
    assert_eq!(
        (c.seed, text.as_str()),
        (2, "3 2\nOO\nX.\nXO\n1\n3 2\n3 1\n")
    );
}
