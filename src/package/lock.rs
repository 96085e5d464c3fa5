//! `tests.lock`: the SHA-256 of every built file keyed by the test's identity ([`Lock`]), and
//! what changed between two locks ([`lock_changes`]).

use std::path::Path;

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

/// One locked test.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LockedTest {
    /// Test name (its number in the manifest), e.g. `07`.
    pub name: String,
    /// The test's identity ([`crate::package::TestSpec::source`]): the key of the lock.
    pub source: String,
    /// SHA-256 of `NN.in`, lower-case hex.
    pub input: String,
    /// SHA-256 of `NN.ans`, lower-case hex.
    pub answer: String,
}

/// The lock format this version writes: 2, keyed by test identity. Format 1 (no `format`
/// key, written before identities) has the same entries and was compared by position; it is
/// read as format 2 and rewritten by the next `gridjudge build` (`--locked` refuses it).
pub const LOCK_FORMAT: u32 = 2;

fn lock_format_1() -> u32 {
    1
}

/// `tests.lock`: the SHA-256 of every test file, keyed by test identity.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Lock {
    /// Format version ([`LOCK_FORMAT`]); 1 when the file has no `format` key.
    #[serde(default = "lock_format_1")]
    pub format: u32,
    /// Locked tests in manifest order; no two share a `source`.
    #[serde(rename = "test", default)]
    pub tests: Vec<LockedTest>,
}

impl Default for Lock {
    fn default() -> Lock {
        Lock {
            format: LOCK_FORMAT,
            tests: Vec::new(),
        }
    }
}

const LOCK_HEADER: &str =
    "# Written by `gridjudge build`: the SHA-256 of every test file, keyed by the test's\n\
# identity (`gen LINE seed=S` or `file PATH`); `name` is its number in the manifest.\n\
# `gridjudge build --locked` fails on any difference; see docs/building.md.\n\n";

impl Lock {
    /// Reads a lock file; `Ok(None)` when it does not exist. Errors: unreadable, not TOML,
    /// an unknown format, or two entries with the same identity (naming both).
    pub fn load(path: &Path) -> anyhow::Result<Option<Lock>> {
        match std::fs::read_to_string(path) {
            Ok(text) => Lock::parse(&text, path).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// Parses a lock file's text; `path` only names it in errors (see [`Lock::load`]).
    pub fn parse(text: &str, path: &Path) -> anyhow::Result<Lock> {
        let lock: Lock = toml::from_str(text)
            .with_context(|| format!("{}: invalid lock file", path.display()))?;
        if lock.format == 0 || lock.format > LOCK_FORMAT {
            bail!(
                "{}: lock format {} is not known to this gridjudge (it writes format {LOCK_FORMAT})",
                path.display(),
                lock.format
            );
        }
        let mut seen: std::collections::HashMap<&str, &str> = Default::default();
        for t in &lock.tests {
            if let Some(first) = seen.insert(&t.source, &t.name) {
                bail!(
                    "{}: tests {first} and {} have the same identity `{}`; delete the file \
                     and build again to rewrite it",
                    path.display(),
                    t.name,
                    t.source
                );
            }
        }
        Ok(lock)
    }

    /// The lock file's text (always in [`LOCK_FORMAT`]).
    pub fn to_text(&self) -> String {
        let current = Lock {
            format: LOCK_FORMAT,
            tests: self.tests.clone(),
        };
        LOCK_HEADER.to_string() + &toml::to_string(&current).expect("lock serialises")
    }

    /// The entry of identity `source`.
    pub fn get(&self, source: &str) -> Option<&LockedTest> {
        self.tests.iter().find(|t| t.source == source)
    }
}

/// One difference between a build and the lock, by identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockChange {
    /// A test whose identity the lock does not hold.
    Added(LockedTest),
    /// A locked identity the manifest no longer has.
    Removed(LockedTest),
    /// The same identity and bytes under another number (tests inserted, removed or moved
    /// before it).
    Renumbered {
        /// The locked entry.
        old: LockedTest,
        /// The new number.
        name: String,
    },
    /// The same identity with other bytes: a generator or solver whose output changed, or an
    /// edited hand-made file.
    Changed {
        /// The locked entry.
        old: LockedTest,
        /// The built entry.
        new: LockedTest,
    },
}

impl std::fmt::Display for LockChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let short = |h: &str| h[..12.min(h.len())].to_string();
        match self {
            LockChange::Added(t) => write!(f, "added: test {} ({})", t.name, t.source),
            LockChange::Removed(t) => write!(f, "removed: test {} ({})", t.name, t.source),
            LockChange::Renumbered { old, name } => write!(
                f,
                "renumbered: test {} -> {} ({})",
                old.name, name, old.source
            ),
            LockChange::Changed { old, new } => {
                let mut what = Vec::new();
                if old.input != new.input {
                    what.push(format!(
                        "input sha256 {}.. -> {}..",
                        short(&old.input),
                        short(&new.input)
                    ));
                }
                if old.answer != new.answer {
                    what.push(format!(
                        "answer sha256 {}.. -> {}..",
                        short(&old.answer),
                        short(&new.answer)
                    ));
                }
                if old.name != new.name {
                    what.push(format!("renumbered {} -> {}", old.name, new.name));
                }
                write!(
                    f,
                    "changed: test {} ({}): {}",
                    new.name,
                    new.source,
                    what.join("; ")
                )
            }
        }
    }
}

impl LockChange {
    /// Whether this is a [`LockChange::Changed`] (other bytes for a locked identity).
    pub fn is_change(&self) -> bool {
        matches!(self, LockChange::Changed { .. })
    }
}

/// The differences between `built` and `locked`, matched by identity: additions and
/// renumberings and changes in built order, then removals in locked order. O(n) with hashing.
pub fn lock_changes(built: &Lock, locked: &Lock) -> Vec<LockChange> {
    let old: std::collections::HashMap<&str, &LockedTest> = locked
        .tests
        .iter()
        .map(|t| (t.source.as_str(), t))
        .collect();
    let new: std::collections::HashSet<&str> =
        built.tests.iter().map(|t| t.source.as_str()).collect();
    let mut out = Vec::new();
    for b in &built.tests {
        match old.get(b.source.as_str()) {
            None => out.push(LockChange::Added(b.clone())),
            Some(l) if l.input != b.input || l.answer != b.answer => {
                out.push(LockChange::Changed {
                    old: (*l).clone(),
                    new: b.clone(),
                })
            }
            Some(l) if l.name != b.name => out.push(LockChange::Renumbered {
                old: (*l).clone(),
                name: b.name.clone(),
            }),
            Some(_) => {}
        }
    }
    for l in &locked.tests {
        if !new.contains(l.source.as_str()) {
            out.push(LockChange::Removed(l.clone()));
        }
    }
    out
}
