//! `gridjudge slowest` on a small fixed case: the slow `game` submission
//! `time_limit_exceeded/rematch_per_cell.cpp` (a maximum matching rebuilt for every cell) on
//! boards up to 20×20, a fixed seed and budget. The search, from the generators alone, must
//! find an input at least as costly (in instructions, cachegrind) as the package's costliest
//! test among those up to 20×20, measured the same way; and the same seed and budget must
//! give the same result with another number of workers. Needs valgrind (`.ci/run` installs
//! it).

mod common;

use std::path::PathBuf;

use gridjudge::exec::compile::Submission;
use gridjudge::exec::runner::RunLimits;
use gridjudge::judge::slowest::{Cost, Meter};

fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-slowest-cache")
}

fn submission() -> PathBuf {
    common::problem_dir("game").join("submissions/time_limit_exceeded/rematch_per_cell.cpp")
}

/// Runs `gridjudge slowest game <rematch_per_cell.cpp> ARGS` with this file's compile cache
/// and `problems_dir` (default: the repository's `problems/`).
fn slowest_game(args: &[&str], problems_dir: Option<&std::path::Path>) -> std::process::Output {
    let sub = submission();
    let cache = cache_dir();
    let repo = common::problem_dir("game").parent().unwrap().to_path_buf();
    let mut all: Vec<&str> = vec!["slowest", "game", sub.to_str().unwrap()];
    all.extend_from_slice(args);
    all.extend_from_slice(&[
        "--cache-dir",
        cache.to_str().unwrap(),
        "--problems-dir",
        problems_dir.unwrap_or(&repo).to_str().unwrap(),
    ]);
    common::gridjudge(&all)
}

/// The search's JSON document for `jobs` workers.
fn search(jobs: &str) -> serde_json::Value {
    let o = slowest_game(
        &[
            "--line",
            "random n=1..20 m=1..20 walls=0.0..0.6",
            "--line",
            "maze n=1..20 m=1..20 loops=0.0..1.0",
            "--line",
            "open n=1..20 m=1..20",
            "--runs",
            "16",
            "--seed",
            "1",
            "--no-package",
            "--json",
            "-j",
            jobs,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
#[ignore = "needs valgrind and takes ~25 s; .ci/run installs valgrind and runs it"]
fn finds_an_input_as_slow_as_the_package_on_small_boards() {
    let v = search("2");
    assert_eq!(v["runs"], 16, "{v}");
    let best = v["best"]["cost"].as_u64().expect("a count, not saturated");
    // The package's tests up to 20x20, measured the same way.
    let sub = Submission::from_arg(submission().to_str().unwrap()).unwrap();
    let meter = Meter::prepare(
        &sub,
        &cache_dir(),
        RunLimits::new(1000, 128),
        true,
        3,
        false,
    )
    .unwrap();
    let mut worst = (String::new(), 0u64);
    for t in common::package_tests("game") {
        let text = String::from_utf8_lossy(&t.input);
        let mut dims = text.split_whitespace().map(|w| w.parse::<u32>().unwrap());
        let (n, m) = (dims.next().unwrap(), dims.next().unwrap());
        if n > 20 || m > 20 {
            continue;
        }
        let Cost::Instructions(c) = meter.measure(&t.input).unwrap() else {
            panic!("test {} saturated the cap", t.name);
        };
        if c > worst.1 {
            worst = (t.name.clone(), c);
        }
    }
    assert!(worst.1 > 0, "no package test up to 20x20");
    eprintln!(
        "search best {best} ({}, run {}); package worst up to 20x20: {} (test {})",
        v["best"]["from"], v["best"]["run"], worst.1, worst.0
    );
    assert!(
        best >= worst.1,
        "search best {best} ({}) < package worst {} (test {})",
        v["best"]["from"],
        worst.1,
        worst.0
    );
    // The found input is what the JSON says: a 20x20 board at most.
    let input = v["best"]["input"].as_str().unwrap();
    let mut dims = input.split_whitespace().map(|w| w.parse::<u32>().unwrap());
    assert!(dims.next().unwrap() <= 20 && dims.next().unwrap() <= 20);
}

/// Two more searches (about 25 s on 2 cores): ignored in the default suite, run by CI.
#[test]
#[ignore]
fn the_result_does_not_depend_on_the_workers() {
    let (a, b) = (search("1"), search("2"));
    assert_eq!(a["best"]["cost"], b["best"]["cost"]);
    assert_eq!(a["best"]["from"], b["best"]["from"]);
    assert_eq!(a["best"]["run"], b["best"]["run"]);
    assert_eq!(a["rejected"], b["rejected"]);
}

/// `--save` appends the best input's generator line and seed to the manifest, and that entry
/// gives back exactly the input the search measured (the manifest's own determinism check
/// included). On a copy of `game`, small boards, a few runs.
#[test]
#[ignore = "needs valgrind; .ci/run installs valgrind and runs it"]
fn the_saved_generator_line_gives_back_the_costliest_input() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    common::copy_problem(&common::problem_dir("game"), &dir);
    let before = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
    let o = slowest_game(
        &[
            "--line",
            "open n=2..6 m=2..6",
            "--runs",
            "4",
            "--no-package",
            "--save",
            "--json",
        ],
        Some(tmp.path()),
    );
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let after = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
    let added = after
        .strip_prefix(before.as_str())
        .expect("appended, not rewritten");
    let line = v["best"]["line"].as_str().unwrap();
    let seed = v["best"]["seed"].as_u64().unwrap();
    assert!(
        added.contains(&format!("[[test]]\ngen = \"{line}\"\nseed = {seed}\n")),
        "{added}"
    );
    assert!(added.contains("# slowest: "), "{added}");
    let manifest = gridjudge::package::Manifest::load(&dir.join("manifest.toml")).unwrap();
    let spec = manifest.tests.last().unwrap();
    let bytes = gridjudge::package::input_of(common::game(), &dir, spec).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&bytes),
        v["best"]["input"].as_str().unwrap()
    );
}

/// A template with a misspelt key is refused before any run, naming the template and the key
/// (it would otherwise only ever be "refused by the validator").
#[test]
#[ignore = "needs valgrind; .ci/run installs valgrind and runs it"]
fn a_misspelt_template_is_named_before_any_run() {
    let o = slowest_game(
        &[
            "--line",
            "random n=1..5 m=1..5 wals=0.0..0.5",
            "--runs",
            "2",
            "--no-package",
        ],
        None,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "search template `random m=5 n=5 wals=0.5`: generator `random` has no parameter `wals`"
        ) || err.contains(
            "search template `random n=5 m=5 wals=0.5`: generator `random` has no parameter `wals`"
        ),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

/// A search of three islands, run whole and as three shards merged: the same result but for
/// the time (the best input, its run, every improvement, the package's costs test by test);
/// a fourth shard of three islands is refused with the fix. On a small copy of `game` (the
/// sample and three generated boards), small boards, nine runs.
#[test]
#[ignore = "needs valgrind; .ci/run installs valgrind and runs it"]
fn islands_searched_in_shards_merge_into_the_result_of_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    common::small_game(
        &tmp.path().join("game"),
        "[[test]]\nfile = \"samples/sample1.in\"\n\n\
         [[test]]\ngen = \"open n=5 m=6\"\nseed = 1\n\n\
         [[test]]\ngen = \"random n=7 m=7 walls=0.3\"\nseed = 2\n\n\
         [[test]]\ngen = \"maze n=8 m=8 loops=0.5\"\nseed = 3\n",
        &[],
    );
    let root = tmp.path().to_str().unwrap();
    let o = common::gridjudge(&["build", "game", "--problems-dir", root]);
    assert!(o.status.success(), "{}", common::text(&o));
    let args = |extra: &[&str]| {
        let mut a = vec![
            "--line",
            "open n=2..8 m=2..8",
            "--line",
            "random n=2..8 m=2..8 walls=0.0..0.5",
            "--runs",
            "9",
            "--seed",
            "3",
            "--islands",
            "3",
        ];
        a.extend_from_slice(extra);
        slowest_game(&a, Some(tmp.path()))
    };
    let o = args(&["--json"]);
    assert!(
        o.status.code().is_some_and(|c| c <= 1),
        "{}",
        common::text(&o)
    );
    let mut whole: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(whole["runs"], 9, "{whole}");
    assert_eq!(whole["package"].as_array().unwrap().len(), 4, "{whole}");
    let docs = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 1..=3 {
        let o = args(&["--shard", &format!("{i}/3")]);
        assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
        let f = docs.path().join(format!("{i}.json"));
        std::fs::write(&f, &o.stdout).unwrap();
        files.push(f);
    }
    let mut merge: Vec<std::ffi::OsString> = vec!["merge".into(), "--json".into()];
    merge.extend(files.iter().map(|f| f.clone().into_os_string()));
    let o = common::gridjudge(&merge);
    assert_eq!(
        o.status.code(),
        whole["ok"].as_bool().map(|ok| i32::from(!ok))
    );
    let mut merged: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for v in [&mut whole, &mut merged] {
        v.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(merged, whole);
    let o = args(&["--shard", "1/4"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.code() == Some(1) && err.contains("give --islands 4 or more"),
        "{err}"
    );
}
