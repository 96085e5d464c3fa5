//! The validator of `game` on its corpus: `problems/game/validator_corpus/`.
//!
//! `invalid/*.in` are malformed inputs, each of which must be rejected at exactly the line and
//! column that `expected.toml` names, with a message containing the expected text; `valid/*.in`
//! must be accepted, and in the `small` group (N, M <= 5) only where `expected.toml` says so.
//! Constraints and groups come from problems/game/problem.toml, as the validator binary reads
//! them. The binary itself is run on the same corpus by `validator/tests/cli.rs`.

mod common;

use common::validator::{assert_rejected_at, Corpus, Expected, Rejection};
use gridjudge::problem::{Bounds, Problem, ValidateOptions};
use gridjudge::reader::FormatError;
use serde::Deserialize;

/// What `expected.toml` says of a valid maze: where group `small` rejects it, if it does.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Valid {
    small: Option<Rejection>,
}

fn game() -> &'static dyn Problem {
    common::problem("game")
}

fn corpus() -> Corpus {
    Corpus::of("game")
}

fn expected() -> Expected<Valid> {
    corpus().expected()
}

fn files(dir: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    corpus().files(dir)
}

fn bounds(group: Option<&str>) -> Bounds {
    common::config(game()).bounds_for(group).unwrap()
}

fn validate(input: &[u8], group: Option<&str>) -> Result<String, FormatError> {
    game()
        .validate(input, &bounds(group), ValidateOptions::default())
        .map(|s| s.size)
}

#[test]
fn corpus_and_expectations_match_one_to_one() {
    corpus().assert_matches_expectations::<Valid>();
}

#[test]
fn every_invalid_input_is_rejected_exactly_where_expected() {
    let exp = expected();
    for (name, input) in files("invalid") {
        let want = &exp.invalid[&name];
        match validate(&input, None) {
            Ok(size) => panic!("{name} ({}) was accepted as {size}", want.why),
            Err(e) => assert_rejected_at(&name, &e, want),
        }
        // A group only adds bounds: still invalid.
        assert!(validate(&input, Some("small")).is_err(), "{name}");
    }
}

#[test]
fn every_valid_input_is_accepted_and_groups_apply() {
    let exp = expected();
    let mut small_valid = 0;
    for (name, input) in files("valid") {
        let size = validate(&input, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The file names start with the size.
        assert!(
            name.starts_with(&format!("{size}_")) || name == "sample1.in",
            "{name}: {size}"
        );
        match (&exp.valid[&name].small, validate(&input, Some("small"))) {
            (None, Ok(_)) => small_valid += 1,
            (None, Err(e)) => panic!("{name} should be valid in group small: {e}"),
            (Some(want), Err(e)) => assert_rejected_at(&name, &e, want),
            (Some(_), Ok(_)) => panic!("{name} should be invalid in group small"),
        }
    }
    assert!(small_valid >= 4);
}

/// The group test of the issue, spelled out: a 6×5 maze is valid, but not in group `small`.
#[test]
fn six_by_five_is_valid_but_not_small() {
    let input = std::fs::read(corpus().dir.join("valid/6x5_open.in")).unwrap();
    assert_eq!(validate(&input, None).unwrap(), "6x5");
    let e = validate(&input, Some("small")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 1: expected integer N in 1..=5, found `6` (out of range)"
    );
    let five = b"5 5\n.....\n.....\n..#..\n.....\n.....\n";
    assert_eq!(validate(five, Some("small")).unwrap(), "5x5");
    let unknown = common::config(game())
        .bounds_for(Some("tiny"))
        .unwrap_err()
        .to_string();
    assert!(
        unknown.contains("no test group `tiny`") && unknown.contains("small"),
        "{unknown}"
    );
}

/// The limits come from problem.toml: a config with other bounds changes what is valid.
#[test]
fn constraints_are_read_from_problem_toml() {
    let game = game();
    let cfg = common::config_with(
        game,
        "n = [1, 100]\nm = [1, 100]",
        "n = [1, 3]\nm = [2, 100]",
        "test",
    );
    let b = cfg.bounds_for(None).unwrap();
    let opts = ValidateOptions::default();
    assert!(game.validate(b"3 2\n..\n..\n..\n", &b, opts).is_ok());
    let e = game
        .validate(b"4 2\n..\n..\n..\n..\n", &b, opts)
        .unwrap_err();
    assert_eq!((e.line, e.col), (1, 1));
    let e = game.validate(b"1 1\n.\n", &b, opts).unwrap_err();
    assert_eq!((e.line, e.col), (1, 3));
    assert!(e.to_string().contains("integer M in 2..=100"), "{e}");
}

/// Trailing spaces are accepted only with the explicit option, and nothing else is relaxed.
#[test]
fn allow_trailing_spaces_relaxes_only_trailing_spaces() {
    let game = game();
    let lenient = ValidateOptions {
        allow_trailing_spaces: true,
    };
    let b = bounds(None);
    let dir = corpus().dir.join("invalid");
    for name in [
        "trailing_space_after_m.in",
        "trailing_space_after_row.in",
        "trailing_space_after_last_row.in",
        "trailing_space_at_eof.in",
    ] {
        let input = std::fs::read(dir.join(name)).unwrap();
        assert!(game.validate(&input, &b, lenient).is_ok(), "{name}");
    }
    for name in [
        "two_spaces_between_n_and_m.in",
        "leading_space.in",
        "crlf_line_ends.in",
        "space_inside_row.in",
        "missing_final_newline.in",
    ] {
        let input = std::fs::read(dir.join(name)).unwrap();
        assert!(game.validate(&input, &b, lenient).is_err(), "{name}");
    }
}
