//! Shared pieces of the validator tests: a problem's corpus, `problems/<name>/validator_corpus/`
//! with `invalid/*.in`, `valid/*.in` and `expected.toml` (one schema for every problem), and
//! the checks every corpus gets (tests/contract.rs runs them over every problem).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gridjudge::core::reader::FormatError;
use serde::Deserialize;

/// Where and why an input must be rejected.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rejection {
    /// What is wrong with the input (required of every `invalid` entry, see
    /// [`Corpus::assert_matches_expectations`]).
    #[serde(default)]
    pub why: String,
    pub line: u64,
    pub col: u64,
    /// Text the message must contain.
    pub contains: String,
}

/// `expected.toml`: a rejection per invalid input (rejected without a group, and so in every
/// group); per valid input, the test groups that reject it and where (`[valid."x.in"]` with
/// `small = { line, col, contains }`): every other group accepts it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    pub invalid: BTreeMap<String, Rejection>,
    pub valid: BTreeMap<String, BTreeMap<String, Rejection>>,
}

/// The validator corpus of one problem.
pub struct Corpus {
    /// `problems/<name>/validator_corpus`.
    pub dir: PathBuf,
}

impl Corpus {
    pub fn of(problem: &str) -> Corpus {
        Corpus::in_problem(&super::problem_dir(problem))
    }

    /// The corpus of the problem folder `dir`: `dir/validator_corpus`.
    pub fn in_problem(dir: &Path) -> Corpus {
        Corpus {
            dir: dir.join("validator_corpus"),
        }
    }

    /// `expected.toml`, parsed.
    pub fn expected(&self) -> Expected {
        let path = self.dir.join("expected.toml");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The `.in` files of a corpus folder (`invalid` or `valid`), by name.
    pub fn files(&self, sub: &str) -> BTreeMap<String, Vec<u8>> {
        let mut out = BTreeMap::new();
        for entry in std::fs::read_dir(self.dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            assert!(name.ends_with(".in"), "stray file {}", path.display());
            out.insert(name, std::fs::read(&path).unwrap());
        }
        out
    }

    /// The files of the corpus and the entries of `expected.toml` match one to one; there are
    /// at least 30 invalid inputs, each with its reason.
    pub fn assert_matches_expectations(&self) {
        let exp = self.expected();
        let invalid: Vec<String> = self.files("invalid").into_keys().collect();
        let valid: Vec<String> = self.files("valid").into_keys().collect();
        assert_eq!(invalid, exp.invalid.keys().cloned().collect::<Vec<_>>());
        assert_eq!(valid, exp.valid.keys().cloned().collect::<Vec<_>>());
        assert!(invalid.len() >= 30, "{} invalid inputs", invalid.len());
        assert!(exp.invalid.values().all(|r| !r.why.is_empty()));
    }
}

/// `err`, the rejection of the input `name`, is at exactly the place `want` names, and its
/// message says what was expected there and contains the expected text.
#[track_caller]
pub fn assert_rejected_at(name: &str, err: &FormatError, want: &Rejection) {
    let msg = err.to_string();
    assert_eq!(
        (err.line, err.col),
        (want.line, want.col),
        "{name} ({}): rejected at the wrong place: {msg}",
        want.why
    );
    assert!(
        msg.starts_with(&format!(
            "line {}, column {}: expected ",
            want.line, want.col
        )),
        "{name}: {msg}"
    );
    assert!(
        msg.contains(&want.contains),
        "{name}: message {msg:?} lacks {:?}",
        want.contains
    );
}
