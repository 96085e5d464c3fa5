//! Kattis problem packages worked on in place: a folder holding `problem.yaml` is a problem,
//! read as the Kattis problem package format defines it, in either of its two versions
//! ([`Version`]): *legacy* and *2025-09*. Nothing is converted or copied into gridjudge's own
//! format.
//!
//! The parts, each in its own module:
//! * [`scoring`]: the aggregation of a scoring problem's verdicts and scores over its test
//!   groups, and the expected scores of submissions;
//! * [`submissions`]: the submissions of a package with their expectations (the folders of
//!   either version, `submissions.yaml`, `@EXPECTED_RESULTS@` comments), directory submissions;
//! * [`generators`]: `generators/generators.yaml` (BAPCtools' schema) run into `data/`.

pub mod generators;
pub mod scoring;
pub mod submissions;

/// The version of the Kattis problem package format a package is in.
///
/// Told apart as the specification says: `problem.yaml`'s `problem_format_version` key;
/// absent or `legacy` is the legacy version; `2025-09` (and its drafts `2023-07-draft`) the
/// 2025-09 version. Any other value is an error naming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Version {
    /// The legacy format (no `problem_format_version`, or `legacy`).
    Legacy,
    /// The 2025-09 format (`problem_format_version: 2025-09`).
    V2025_09,
}

impl Version {
    /// The version a `problem_format_version` value names (`None`: the key is absent).
    ///
    /// Errors: a value the specification does not define, named in the message.
    pub fn from_key(value: Option<&str>) -> anyhow::Result<Version> {
        match value.map(str::trim) {
            None | Some("legacy") => Ok(Version::Legacy),
            Some("2025-09") | Some("2023-07-draft") | Some("draft") => Ok(Version::V2025_09),
            Some(other) => anyhow::bail!(
                "problem_format_version `{other}` is not one gridjudge reads (legacy, 2025-09, \
                 2023-07-draft)"
            ),
        }
    }

    /// The name `gridjudge list` shows: `kattis-legacy` or `kattis-2025-09`.
    pub fn label(self) -> &'static str {
        match self {
            Version::Legacy => "kattis-legacy",
            Version::V2025_09 => "kattis-2025-09",
        }
    }
}
