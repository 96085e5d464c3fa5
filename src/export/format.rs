//! The package layouts an export writes ([`Format`]) and their names on the command line.
//!
//! Its own file so that every writer of a format (`testlib`, `kattis`, `programs`, `dest`) can
//! take the format without importing `export/mod.rs`, which imports them. Uses nothing else.

use anyhow::bail;

/// A package layout that a judge takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Numbered tests, testlib-convention checker and validator, Hydro `config.yaml`.
    Testlib,
    /// Kattis problem package format, version `legacy`: what DOMjudge 9 and problemtools'
    /// `verifyproblem` read (CLI name `kattis`).
    Kattis,
    /// Kattis problem package format, version `2025-09`: what BAPCtools writes and checks
    /// (CLI name `kattis-2025-09`).
    Kattis2025,
    /// Polygon package (`problem.xml`), also CMS, ejudge and p2d: see [`crate::export::polygon`].
    Polygon,
}

impl Format {
    /// Every format, in the order the help lists them (`--format`'s values and completions).
    pub const ALL: [Format; 4] = [
        Format::Testlib,
        Format::Kattis,
        Format::Kattis2025,
        Format::Polygon,
    ];

    /// Parses `testlib`, `kattis` (legacy) or `kattis-2025-09`; errors name the accepted values.
    pub fn parse(s: &str) -> anyhow::Result<Format> {
        match s {
            "testlib" => Ok(Format::Testlib),
            "kattis" => Ok(Format::Kattis),
            "kattis-2025-09" => Ok(Format::Kattis2025),
            "polygon" => Ok(Format::Polygon),
            other => bail!(
                "unknown export format `{other}` (formats: testlib, kattis, kattis-2025-09, polygon)"
            ),
        }
    }

    /// Whether this is a Kattis problem package (either version).
    pub fn is_kattis(self) -> bool {
        matches!(self, Format::Kattis | Format::Kattis2025)
    }

    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Testlib => "testlib",
            Format::Kattis => "kattis",
            Format::Kattis2025 => "kattis-2025-09",
            Format::Polygon => "polygon",
        }
    }
}
