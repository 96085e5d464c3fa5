//! What is specific to the validator of `game`: group `small` (N, M <= 5), constraints read
//! from problems/game/problem.toml, and the trailing-space option. The corpus
//! (`problems/game/validator_corpus/`) is checked by tests/contract.rs as for every problem,
//! and the binary on it by `validator/tests/cli.rs`.

mod common;

use common::game;
use common::validator::Corpus;
use gridjudge::core::reader::FormatError;
use gridjudge::problem::{Bounds, ValidateOptions};

fn corpus() -> Corpus {
    Corpus::of("game")
}

fn bounds(group: Option<&str>) -> Bounds {
    common::config(game()).bounds_for(group).unwrap()
}

fn validate(input: &[u8], group: Option<&str>) -> Result<String, FormatError> {
    game()
        .validate(input, &bounds(group), ValidateOptions::default())
        .map(|s| s.size)
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
