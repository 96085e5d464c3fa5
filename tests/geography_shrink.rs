//! Shrinking without a problem-specific reducer, on `geography` (a program problem): each wrong
//! submission of its catalogue fails a package test with at least 1,000 vertices, and `stress
//! --from-test` shrinks that test to a graph of at most 8 vertices (L + R <= 8) — through the
//! generator line first. Then the same from a hand-made file of 2,000 vertices added to a
//! temporary copy of the problem (`file =` in the manifest), which has no line to shrink: the
//! input itself is reduced (line blocks, tokens, numbers, counts kept consistent).
//!
//! Slow (builds the package with its 2*10^5-vertex tests, judges every wrong submission on it):
//! `#[ignore]`, run with `cargo test --test geography_shrink -- --ignored --nocapture`, which
//! prints the candidates judged and the sizes.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::text;

fn gridjudge(root: &Path, args: &[&str]) -> Output {
    common::gridjudge(&[args, &["--problems-dir", root.to_str().unwrap()]].concat())
}

/// L + R of a `geography` input (its first line is `L R E`).
fn vertices(input: &str) -> u64 {
    let head: Vec<u64> = input
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    head[0] + head[1]
}

/// `stress --from-test TEST` of `sub` on the problem in `root`: the failure's JSON.
fn shrink_from(root: &Path, sub: &Path, test: &str) -> serde_json::Value {
    let o = gridjudge(
        root,
        &[
            "stress",
            "geography",
            sub.to_str().unwrap(),
            "--from-test",
            test,
            "--json",
            "-j",
            "2",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["test"], test, "{v}");
    v["failure"].clone()
}

#[test]
#[ignore = "slow: builds geography's package and judges its wrong submissions; run by .ci/run"]
fn every_wrong_geography_submission_shrinks_from_1000_vertices_to_at_most_8() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/geography");
    common::copy_problem(&repo, &root.join("geography"));
    let dir = root.join("geography");
    let o = gridjudge(root, &["build", "geography", "--locked", "-j", "2"]);
    assert!(o.status.success(), "{}", text(&o));

    let mut subs: Vec<PathBuf> = fs::read_dir(dir.join("submissions/wrong_answer"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x != "md" && x != "txt"))
        .collect();
    subs.sort();
    assert!(subs.len() >= 4, "{subs:?}");
    // The first package test of at least 1,000 vertices each submission fails.
    let mut big_failing: Option<String> = None;
    for sub in &subs {
        let name = sub.file_name().unwrap().to_string_lossy().into_owned();
        let o = gridjudge(
            root,
            &["judge", "geography", sub.to_str().unwrap(), "--json"],
        );
        let report: serde_json::Value =
            serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("{}", text(&o)));
        let tests = report["submissions"][0]["tests"]
            .as_array()
            .unwrap()
            .clone();
        let test = tests
            .iter()
            .find(|t| {
                let input = fs::read_to_string(
                    dir.join(format!("tests/{}.in", t["test"].as_str().unwrap())),
                )
                .unwrap();
                t["verdict"] == "WA" && vertices(&input) >= 1000
            })
            .unwrap_or_else(|| panic!("{name} fails no test of 1,000 vertices or more"));
        let test = test["test"].as_str().unwrap().to_string();
        let f = shrink_from(root, sub, &test);
        let original = vertices(f["found"]["input"].as_str().unwrap());
        let minimal = f["input"].as_str().unwrap();
        let line = &f["shrink"]["line"];
        println!(
            "{name}: test {test} ({original} vertices) -> {} vertices {minimal:?}; line \
             candidates {}, input candidates {} (line {})",
            vertices(minimal),
            line["candidates"],
            f["shrink"]["candidates"],
            line["line"],
        );
        assert!(original >= 1000);
        assert!(vertices(minimal) <= 8, "{name}: {minimal:?}");
        assert_eq!(f["verdict"], "WA", "{name}");
        if big_failing.is_none() && minimal.lines().count() > 1 {
            // A test whose counterexample needs edges: the hand-made file below.
            big_failing = Some(fs::read_to_string(dir.join(format!("tests/{test}.in"))).unwrap());
        }
    }

    // Input-level shrinking: the same kind of input as a hand-made file, no generator line.
    let big = big_failing.expect("a counterexample with edges");
    fs::create_dir_all(dir.join("hand")).unwrap();
    fs::write(dir.join("hand/big.in"), &big).unwrap();
    let mut manifest = fs::read_to_string(dir.join("manifest.toml")).unwrap();
    manifest.push_str("\n[[test]]\nfile = \"hand/big.in\"\n");
    let count = manifest.lines().filter(|l| *l == "[[test]]").count();
    fs::write(dir.join("manifest.toml"), manifest).unwrap();
    let o = gridjudge(root, &["build", "geography", "-j", "2"]);
    assert!(o.status.success(), "{}", text(&o));
    let mut shrunk = 0;
    for sub in &subs {
        let name = sub.file_name().unwrap().to_string_lossy().into_owned();
        let o = gridjudge(
            root,
            &[
                "judge",
                "geography",
                sub.to_str().unwrap(),
                "--tests",
                &count.to_string(),
                "--json",
            ],
        );
        let report: serde_json::Value =
            serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("{}", text(&o)));
        if report["submissions"][0]["tests"][0]["verdict"] != "WA" {
            continue;
        }
        let f = shrink_from(root, sub, &count.to_string());
        let minimal = f["input"].as_str().unwrap();
        println!(
            "{name}: hand/big.in ({} vertices, {} bytes) -> {} vertices {minimal:?}; {} input \
             candidates, {} steps",
            vertices(&big),
            big.len(),
            vertices(minimal),
            f["shrink"]["candidates"],
            f["shrink"]["steps"],
        );
        assert!(f["shrink"]["line"].is_null(), "{name}: a file has no line");
        assert!(f["shrink"]["steps"].as_u64().unwrap() > 0, "{name}");
        assert!(vertices(minimal) <= 8, "{name}: {minimal:?}");
        shrunk += 1;
    }
    assert!(shrunk >= 2, "{shrunk} submissions fail the hand-made test");
}
