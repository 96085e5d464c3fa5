//! Saving a counterexample into a problem's tests (`stress --save`): the input goes to
//! `hand/stress-<hash>.in` and a `[[test]]` entry naming it is appended to `manifest.toml`
//! ([`save_counterexample`]), unless it is already one of the tests or a hand file
//! ([`find_existing`], which makes every manifest entry's bytes with
//! [`crate::package::input_of`]). `slowest --save` also appends a generated test as its
//! generator line and seed ([`save_generated`]).
//!
//! Uses core (atomic writes, one-line messages), problem (the [`Problem`] trait) and package
//! (the manifest); no other file of `judge/`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use sha2::{Digest, Sha256};

use crate::package::input_of;
use crate::problem::Problem;

/// What [`save_counterexample`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The file written, `<problem_dir>/hand/stress-<hash>.in`.
    pub path: PathBuf,
    /// The path written into the manifest, relative to the problem folder:
    /// `hand/stress-<hash>.in`.
    pub manifest_file: String,
    /// The test's number in the manifest (1-based; the entry appended last).
    pub number: usize,
}

/// An input that is already one of the problem's tests, or a hand file, found by
/// [`find_existing`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Manifest test `number` (1-based) has these bytes or this identity; `source` is its
    /// manifest source ([`crate::package::TestSpec::source`]).
    Test {
        /// 1-based position in the manifest.
        number: usize,
        /// `gen LINE seed=S` or `file PATH`.
        source: String,
    },
    /// A file in the problem's `hand/` folder with these bytes that no manifest entry names
    /// (relative to the problem folder).
    HandFile(String),
}

impl std::fmt::Display for Existing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Existing::Test { number, source } => {
                write!(f, "test {number} of manifest.toml (`{source}`)")
            }
            Existing::HandFile(rel) => {
                write!(f, "{rel}, a hand file that manifest.toml does not name")
            }
        }
    }
}

/// The manifest path of a saved input: `hand/stress-<first 12 hex digits of its SHA-256>.in`.
pub fn saved_name(input: &[u8]) -> String {
    let hash: String = Sha256::digest(input)
        .iter()
        .take(6)
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("hand/stress-{hash}.in")
}

/// Where `input` already is among the tests of the problem in `problem_dir`: a manifest test
/// with the same bytes (generated tests are generated again, files read) or the identity
/// `identity` (a `file` entry with that path), else a file in `hand/` with the same bytes.
/// `None` when it is new.
///
/// Cost: two generations per generated test of the manifest ([`input_of`], which refuses a
/// line whose two runs differ; milliseconds for a built-in problem) and one read per file.
/// Errors: the manifest cannot be read or parsed, a generator line is invalid or not
/// deterministic, or a file it names cannot be read.
pub fn find_existing(
    problem: &dyn Problem,
    problem_dir: &Path,
    input: &[u8],
    identity: &str,
) -> anyhow::Result<Option<Existing>> {
    let manifest = crate::package::Manifest::load(&problem_dir.join("manifest.toml"))?;
    for (i, spec) in manifest.tests.iter().enumerate() {
        let what = || format!("manifest.toml test {} (`{}`)", i + 1, spec.source());
        let bytes = match (&spec.gen, &spec.file) {
            (Some(_), _) => input_of(problem, problem_dir, spec).with_context(what)?,
            (None, Some(file)) => {
                if normal(file) == normal(identity) {
                    return Ok(Some(Existing::Test {
                        number: i + 1,
                        source: spec.source(),
                    }));
                }
                input_of(problem, problem_dir, spec)?
            }
            (None, None) => continue,
        };
        if bytes == input {
            return Ok(Some(Existing::Test {
                number: i + 1,
                source: spec.source(),
            }));
        }
    }
    let hand = problem_dir.join("hand");
    if hand.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&hand)
            .with_context(|| format!("cannot read {}", hand.display()))?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .with_context(|| format!("cannot read {}", hand.display()))?;
        files.sort();
        for f in files {
            if f.is_file() && std::fs::read(&f).is_ok_and(|b| b == input) {
                let name = f.file_name().unwrap_or_default().to_string_lossy();
                return Ok(Some(Existing::HandFile(format!("hand/{name}"))));
            }
        }
    }
    Ok(None)
}

/// `path` without `./` components, for comparing manifest paths.
fn normal(path: &str) -> PathBuf {
    Path::new(path).components().collect()
}

/// Adds `input` to the problem `problem` in `problem_dir` as a hand test: writes
/// [`saved_name`] (`hand/stress-<hash>.in`, relative to the problem folder) atomically and
/// appends `[[test]] file = "hand/..."` (after a comment line `# stress: <note>`) to
/// `manifest.toml` as text, leaving the rest of the manifest untouched. The manifest only ever
/// gets this relative path, wherever the problem folder is.
///
/// Errors: the input is already a test or a hand file ([`find_existing`]; the message names
/// it, and nothing is written), the problem folder has no valid manifest, a file with that name
/// exists with other bytes (refused, not overwritten), or a write fails.
pub fn save_counterexample(
    problem: &dyn Problem,
    problem_dir: &Path,
    input: &[u8],
    note: &str,
) -> anyhow::Result<Saved> {
    let manifest = problem_dir.join("manifest.toml");
    let text = std::fs::read_to_string(&manifest)
        .with_context(|| format!("cannot read {}", manifest.display()))?;
    let rel = saved_name(input);
    if let Some(e) = find_existing(problem, problem_dir, input, &rel)? {
        bail!("not saved: the counterexample is already {e}");
    }
    let path = problem_dir.join(&rel);
    match std::fs::read(&path) {
        Ok(_) => bail!(
            "{} exists with different content: refusing to overwrite it",
            path.display()
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = problem_dir.join("hand");
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            crate::core::files::write_atomic(&path, input)?;
        }
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
    let number = crate::package::Manifest::load(&manifest)?.tests.len() + 1;
    append_entry(
        &manifest,
        &text,
        &format!(
            "\n# stress: {}\n[[test]]\nfile = \"{rel}\"\n",
            crate::core::verdict::one_line(note)
        ),
    )?;
    Ok(Saved {
        path,
        manifest_file: rel,
        number,
    })
}

/// Adds a generated test to the problem in `problem_dir`: appends `[[test]] gen = "<line>"`
/// and `seed = <seed>` (after a comment line `# slowest: <note>`) to `manifest.toml` as text,
/// as a setter writes it; `input` is that line's output, checked against the tests first.
///
/// Errors: the input is already a test or a hand file ([`find_existing`]; nothing is
/// written), the manifest cannot be read or appended to.
pub fn save_generated(
    problem: &dyn Problem,
    problem_dir: &Path,
    line: &str,
    seed: u64,
    input: &[u8],
    note: &str,
) -> anyhow::Result<Saved> {
    let manifest = problem_dir.join("manifest.toml");
    let text = std::fs::read_to_string(&manifest)
        .with_context(|| format!("cannot read {}", manifest.display()))?;
    if let Some(e) = find_existing(problem, problem_dir, input, "")? {
        bail!("not saved: the input is already {e}");
    }
    let number = crate::package::Manifest::load(&manifest)?.tests.len() + 1;
    let quoted = toml::Value::String(line.to_string()).to_string();
    append_entry(
        &manifest,
        &text,
        &format!(
            "\n# slowest: {}\n[[test]]\ngen = {quoted}\nseed = {seed}\n",
            crate::core::verdict::one_line(note)
        ),
    )?;
    Ok(Saved {
        path: manifest,
        manifest_file: format!("gen {line} seed={seed}"),
        number,
    })
}

/// Appends `entry` to `manifest` (whose current text is `text`) as text, after a line break
/// when the file does not end with one, so that the setter's comments and layout stay.
///
/// Errors: the file cannot be opened or appended to.
fn append_entry(manifest: &Path, text: &str, entry: &str) -> anyhow::Result<()> {
    let mut add = String::new();
    if !text.is_empty() && !text.ends_with('\n') {
        add.push('\n');
    }
    add.push_str(entry);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(manifest)
        .with_context(|| format!("cannot open {}", manifest.display()))?;
    std::io::Write::write_all(&mut f, add.as_bytes())
        .with_context(|| format!("cannot append to {}", manifest.display()))
}
