//! What is specific to the validator of `bunny`: a broken rule of the game names the move and
//! the reason, the official samples (trailing spaces), the lenient option, and the bounds of
//! problems/bunny/problem.toml. The corpus (`problems/bunny/validator_corpus/`, positions and
//! groups) is checked by tests/contract.rs as for every problem.

mod common;

use common::bunny;
use common::validator::Corpus;
use gridjudge::core::reader::FormatError;
use gridjudge::problem::{Bounds, ValidateOptions};
use gridjudge::problems::bunny;

const STRICT: ValidateOptions = ValidateOptions {
    allow_trailing_spaces: false,
};
const LENIENT: ValidateOptions = ValidateOptions {
    allow_trailing_spaces: true,
};

fn corpus() -> Corpus {
    Corpus::of("bunny")
}

fn bounds(group: Option<&str>) -> Bounds {
    common::config(bunny()).bounds_for(group).unwrap()
}

fn validate(input: &[u8], group: Option<&str>) -> Result<String, FormatError> {
    bunny()
        .validate(input, &bounds(group), STRICT)
        .map(|s| s.size)
}

/// Every broken rule of the game names the move (number and player) and the reason.
#[test]
fn rule_violations_name_the_move_and_the_reason() {
    let exp = corpus().expected();
    let mut rules = 0;
    for (name, input) in corpus().files("invalid") {
        let msg = validate(&input, None).unwrap_err().to_string();
        if !msg.contains("expected a legal move") && !msg.contains("Bunny unable to move") {
            continue;
        }
        rules += 1;
        assert!(
            msg.contains("move ") && (msg.contains("Bunny's") || msg.contains("Egg's")),
            "{name}: {msg}"
        );
        let reasons = [
            "not adjacent",
            "wrong colour",
            "the empty cell itself",
            "could still move",
            "had no legal move",
            "has no legal move",
        ];
        assert!(reasons.iter().any(|r| msg.contains(r)), "{name}: {msg}");
        assert_eq!(exp.invalid[&name].col, 1, "{name}");
    }
    assert!(rules >= 10, "{rules} rule violations in the corpus");
}

/// The official samples put a space at the end of every input line: strict validation rejects
/// them saying so, the lenient option accepts them, and the canonical copies in the package
/// are exactly the originals without those spaces. The committed originals are compared with
/// the official ones in `../shared/problems/samples/bunny/` (a skip when that folder is absent,
/// a failure in CI).
#[test]
fn official_samples_need_the_trailing_space_option() {
    let samples = common::problem_dir("bunny").join("samples");
    for i in 1..=3 {
        let original = std::fs::read(samples.join(format!("original/sample{i}.in"))).unwrap();
        let canonical = std::fs::read(samples.join(format!("sample{i}.in"))).unwrap();
        let unchecked = format!("the committed original of sample {i} is not compared");
        if let Some(verbatim) =
            common::official_sample("bunny", &format!("sample{i}.in"), &unchecked)
        {
            assert_eq!(original, verbatim, "sample {i}: original copy differs");
        }
        let b = bounds(None);
        let err = bunny().validate(&original, &b, STRICT).unwrap_err();
        assert_eq!((err.line, err.col), (1, 4), "sample {i}: {err}");
        assert!(err.to_string().contains("trailing space"), "{err}");
        bunny()
            .validate(&original, &b, LENIENT)
            .unwrap_or_else(|e| panic!("sample {i}: {e}"));
        bunny().validate(&canonical, &b, STRICT).unwrap();
        let stripped: Vec<u8> = String::from_utf8(original.clone())
            .unwrap()
            .lines()
            .map(|l| l.trim_end_matches(' ').to_string() + "\n")
            .collect::<String>()
            .into_bytes();
        assert_eq!(stripped, canonical, "sample {i}");
        assert_eq!(
            bunny::parse(&original, &b, LENIENT).unwrap(),
            bunny::parse(&canonical, &b, STRICT).unwrap()
        );
        let ans = std::fs::read(samples.join(format!("sample{i}.ans"))).unwrap();
        let ans_original = std::fs::read(samples.join(format!("original/sample{i}.ans"))).unwrap();
        assert_eq!(ans, ans_original);
    }
}

/// The lenient option relaxes trailing spaces and nothing else.
#[test]
fn lenient_mode_relaxes_only_trailing_spaces() {
    let b = bounds(None);
    let mut relaxed = 0;
    for (name, input) in corpus().files("invalid") {
        let lenient = bunny().validate(&input, &b, LENIENT);
        if name.contains("trailing_space") {
            assert!(lenient.is_ok(), "{name}: {lenient:?}");
            relaxed += 1;
        } else {
            assert!(lenient.is_err(), "{name} accepted in lenient mode");
        }
    }
    assert_eq!(relaxed, 3);
}

/// The bounds come from problem.toml: the contest constraints, the lifted bounds and groups.
#[test]
fn bounds_come_from_problem_toml() {
    let cfg = common::config(bunny());
    // A 60x60 record: beyond the constraints, within the lifted bounds.
    let big = common::generated(bunny(), "long n=60 m=60 k=1500", 1).into_bytes();
    let e = bunny()
        .validate(&big, &cfg.constraints, STRICT)
        .unwrap_err();
    assert!(e.to_string().contains("integer n in 1..=40"), "{e}");
    assert_eq!(
        bunny().validate(&big, &cfg.lifted, STRICT).unwrap().size,
        "60x60"
    );
    // k = 1500 is also beyond the constraints: with n, m lifted only, k is what fails.
    let wider = common::config_with(
        bunny(),
        "n = [1, 40]\nm = [1, 40]",
        "n = [1, 60]\nm = [1, 60]",
        "test",
    );
    let e = bunny()
        .validate(&big, &wider.constraints, STRICT)
        .unwrap_err();
    assert!(
        e.line == 62
            && e.to_string()
                .contains("integer k in 1..=1000, found `1500`"),
        "{e}"
    );
    let unknown = cfg.bounds_for(Some("5x5")).unwrap_err().to_string();
    assert!(unknown.contains("no test group `5x5`") && unknown.contains("3x4"));
}
