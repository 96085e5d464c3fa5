//! The problems gridjudge knows, and the one registry that finds them: the built-in problems
//! ([`ALL`]: `game`, `bunny` and `duel`, Rust modules here, each implementing
//! [`crate::problem::Problem`]) and the program problems, folders of programs found at
//! run time under the problems folder ([`program`], [`load`]). Also the pieces the grid
//! problems share: the board ([`grid`]) and the pictures' frame ([`picture`]).
//!
//! Every binary finds problems here: `gridjudge`'s commands through [`load`] (the problem, its
//! folder and its `problem.toml`, read and parsed once, in one [`Loaded`] value they pass
//! along), the standalone `gen`, `validator`, `checker` and `solve` through [`standalone`]
//! (a built-in problem by name from any folder, else a program problem of the nearest
//! problems folder).
//!
//! Adding a built-in problem means a module here, an entry in [`ALL`], an entry in `build.rs`'s
//! `BUILTIN` and a folder under `problems/`; a program problem is only a folder.
//!
//! Finding the problems folder and the compile cache, the way cargo finds `Cargo.toml`.
//!
//! The `gridjudge` commands that read a problem's folder (`build`, `judge`, `verify`, `stress`,
//! `export`) need the folder with one folder per problem (`problems/` in this repository).
//! [`problems_dir`] takes `--problems-dir` as given when the user names one; otherwise it
//! walks up from the current folder and takes the first ancestor `A` (the current folder
//! first) whose `A/problems` is a *problems folder*: a folder holding at least one
//! `<name>/problem.toml` ([`is_problems_dir`]). So the commands work from the repository root
//! and from any folder below it (`problems/game/tests`, `src`, ...). When no ancestor has one
//! the error lists every folder tried and names `--problems-dir`.
//!
//! The compile cache ([`default_cache_dir`]) is one folder per user, never one per current
//! folder: compiled programs are keyed by the SHA-256 of compiler version, command and source
//! (see [`crate::exec::compile::prepare`]), so every repository can share it.

use std::path::{Path, PathBuf};

use crate::problem::{Problem, ProblemConfig};
use program::ProgramProblem;

pub mod bunny;
pub mod duel;
pub mod game;
pub mod grid;
pub mod kattis;
pub mod picture;
pub mod program;

/// Every built-in problem, in the order `gridjudge build` takes them.
pub static ALL: &[&dyn Problem] = &[&game::Game, &bunny::Bunny, &duel::Duel];

/// Every problem gridjudge knows.
pub fn all() -> &'static [&'static dyn Problem] {
    ALL
}

/// The problem called `name`, or an error listing the known problems.
pub fn by_name(name: &str) -> anyhow::Result<&'static dyn Problem> {
    all()
        .iter()
        .copied()
        .find(|p| p.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = all().iter().map(|p| p.name()).collect();
            anyhow::anyhow!("unknown problem `{name}` (known: {})", names.join(", "))
        })
}

/// The name of the problems folder that discovery looks for in each ancestor.
pub const PROBLEMS_FOLDER: &str = "problems";

/// Whether `dir` is a problems folder: a folder with at least one subfolder that holds a
/// `problem.toml` or a Kattis package's `problem.yaml` (so a contest folder of Kattis packages,
/// as BAPCtools lays them out, is one). Unreadable folders are not problems folders.
pub fn is_problems_dir(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|e| is_problem_folder(&e.path()))
}

/// Whether `dir` is a problem: it holds `problem.toml` (gridjudge's format) or `problem.yaml`
/// (a Kattis package).
pub fn is_problem_folder(dir: &Path) -> bool {
    dir.join("problem.toml").is_file() || kattis::is_package(dir)
}

/// The format a problem is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// gridjudge's own: `problem.toml` and `manifest.toml`.
    Gridjudge,
    /// A Kattis problem package (`problem.yaml`), in one of its versions; `draft` for a
    /// `2023-07-draft` package ([`kattis::package::PackageYaml::layout`]).
    Kattis {
        /// The version whose `problem.yaml` keys it has.
        version: kattis::Version,
        /// Whether it is a `2023-07-draft` package.
        draft: bool,
    },
}

impl Format {
    /// The name `gridjudge list` shows: `gridjudge`, `kattis-legacy`, `kattis-2025-09` or
    /// `kattis-2023-07-draft`.
    pub fn label(self) -> &'static str {
        match self {
            Format::Gridjudge => "gridjudge",
            Format::Kattis { version, draft } => version.label_of(draft),
        }
    }
}

/// A problem named by path (`./hello`, `contest/hello`, `.`, an absolute path) rather than by
/// name: the folder's parent as the problems folder and the folder's name, when `arg` names a
/// folder that [`is_problem_folder`] and contains a `/` or is `.` or `..`; else `None`.
pub fn by_path(arg: &str) -> Option<(PathBuf, String)> {
    let looks_like_path = arg.contains('/') || arg == "." || arg == "..";
    if !looks_like_path {
        return None;
    }
    let abs = std::path::absolute(arg).ok()?;
    let abs: PathBuf = abs.components().collect();
    // `a/./b` and `a/b/..` as the folders they name.
    let abs = abs.canonicalize().unwrap_or(abs);
    if !abs.is_dir() || !is_problem_folder(&abs) {
        return None;
    }
    let name = abs.file_name()?.to_string_lossy().into_owned();
    Some((abs.parent()?.to_path_buf(), name))
}

/// No problems folder was found from the current folder up.
#[derive(Debug, thiserror::Error)]
#[error(
    "no problems folder found: looked for a `{PROBLEMS_FOLDER}/` folder holding \
     `<problem>/problem.toml` in {} and every folder above it ({}); run gridjudge from the \
     repository or any folder below it, or name the folder with `--problems-dir DIR`",
    start.display(),
    tried_list(tried)
)]
pub struct NotFound {
    /// The folder the search started from (the current folder).
    pub start: PathBuf,
    /// Every candidate tried, nearest first: `<ancestor>/problems`.
    pub tried: Vec<PathBuf>,
}

fn tried_list(tried: &[PathBuf]) -> String {
    let names: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
    format!("tried {}", names.join(", "))
}

/// The problems folder seen from `start` (an absolute path, normally the current folder): the
/// first `<ancestor>/problems` that [`is_problems_dir`], `start` itself first. It is returned
/// as the relative path `problems` when found in `start` (so messages read as before), else
/// as an absolute path.
///
/// Cost: one directory listing per ancestor tried. Errors: [`NotFound`] with every candidate.
pub fn find_problems_dir(start: &Path) -> Result<PathBuf, NotFound> {
    let mut tried = Vec::new();
    for dir in start.ancestors() {
        let candidate = dir.join(PROBLEMS_FOLDER);
        if is_problems_dir(&candidate) {
            return Ok(if dir == start {
                PathBuf::from(PROBLEMS_FOLDER)
            } else {
                candidate
            });
        }
        tried.push(candidate);
        // Inside a Kattis package, its contest folder (the package's parent); in a contest
        // folder of Kattis packages, that folder.
        if kattis::is_package(dir) {
            if let Some(parent) = dir.parent() {
                return Ok(parent.to_path_buf());
            }
        }
        let holds_packages = std::fs::read_dir(dir)
            .map(|rd| rd.flatten().any(|e| kattis::is_package(&e.path())))
            .unwrap_or(false);
        if holds_packages {
            return Ok(dir.to_path_buf());
        }
    }
    Err(NotFound {
        start: start.to_path_buf(),
        tried,
    })
}

/// The command `gridjudge <words>` in backquotes, for the last clause of an error message (the
/// command that fixes it), e.g. `` `gridjudge timelimit /x/sum --write` ``: each word quoted for
/// a POSIX shell where it needs it (a space, a quote, ...; a word with a NUL byte, which no
/// shell can pass, as it is).
pub fn shell_command(words: &[&str]) -> String {
    format!("`{}`", shell_words(words))
}

/// `gridjudge` and `words`, each quoted for a POSIX shell where it needs it.
fn shell_words(words: &[&str]) -> String {
    let quoted: Vec<String> = std::iter::once("gridjudge")
        .chain(words.iter().copied())
        .map(|w| shlex::try_quote(w).map_or_else(|_| w.to_string(), |q| q.into_owned()))
        .collect();
    quoted.join(" ")
}

/// [`shell_command`] for a problem of `problems_dir`, e.g. `` `gridjudge list` `` or
/// `` `gridjudge build game --problems-dir x --update-lock` ``: `--problems-dir` added when
/// `problems_dir` is not the `problems` folder of the current one (so the command finds the
/// same folder), then `extra` as written.
pub fn command_hint(problems_dir: &Path, words: &[&str], extra: &str) -> String {
    let dir = problems_dir.to_string_lossy();
    let mut all = words.to_vec();
    if problems_dir != Path::new(PROBLEMS_FOLDER) {
        all.extend(["--problems-dir", &dir]);
    }
    let space = if extra.is_empty() { "" } else { " " };
    format!("`{}{space}{extra}`", shell_words(&all))
}

/// The problems folder a command uses: `explicit` (`--problems-dir`) when given, else the one
/// [`find_problems_dir`] finds from the current folder.
///
/// Errors: `explicit` is not a folder; the current folder cannot be read; nothing was found
/// ([`NotFound`]).
pub fn problems_dir(explicit: Option<&Path>) -> anyhow::Result<PathBuf> {
    if let Some(dir) = explicit {
        if !dir.is_dir() {
            anyhow::bail!("--problems-dir {}: not a folder", dir.display());
        }
        return Ok(dir.to_path_buf());
    }
    let cwd = std::env::current_dir()
        .map_err(|e| anyhow::anyhow!("cannot read the current folder: {e}"))?;
    Ok(find_problems_dir(&cwd)?)
}

/// The compile cache folder used when `--cache-dir` is not given: `$XDG_CACHE_HOME/gridjudge`
/// when `XDG_CACHE_HOME` is an absolute path (the XDG base directory rule), else
/// `$HOME/.cache/gridjudge`, else (no usable home) `target/gridjudge-cache` beside
/// `problems_dir`, made absolute. Never depends on the current folder otherwise.
pub fn default_cache_dir(problems_dir: &Path) -> PathBuf {
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if let Some(xdg) = var("XDG_CACHE_HOME") {
        return xdg.join("gridjudge");
    }
    if let Some(home) = var("HOME") {
        return home.join(".cache").join("gridjudge");
    }
    let abs = std::path::absolute(problems_dir).unwrap_or_else(|_| problems_dir.to_path_buf());
    abs.parent()
        .unwrap_or(Path::new("/"))
        .join("target")
        .join("gridjudge-cache")
}

/// A problem found by the registry ([`load`]) with its folder and its `problem.toml`, read and
/// parsed once: the value a `gridjudge` command finds first and passes along.
pub struct Loaded {
    /// The problem: a built-in one or a program problem.
    pub problem: &'static dyn Problem,
    /// The problems folder it was found in (as given or found, relative or absolute).
    pub problems_dir: PathBuf,
    /// Its folder: `problems_dir/<name>`.
    pub dir: PathBuf,
    /// The parsed `dir/problem.toml`, or the message of why it cannot be used (kept until
    /// [`Loaded::config`] is asked, as a built-in problem needs no folder to be found).
    config: Result<ProblemConfig, String>,
    /// The format the problem is written in.
    pub format: Format,
    /// The Kattis package, when the problem is one.
    pub kattis: Option<&'static kattis::Package>,
}

impl std::fmt::Debug for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loaded")
            .field("problem", &self.problem.name())
            .field("dir", &self.dir)
            .finish()
    }
}

impl Loaded {
    /// The problem's name (its folder's name).
    pub fn name(&self) -> &'static str {
        self.problem.name()
    }

    /// The problem's `problem.toml` (`dir/problem.toml`), parsed when the problem was found.
    ///
    /// Errors (a built-in problem only: a program problem with an unusable file is not found):
    /// the file cannot be read (`cannot read <path>: ...`), is invalid (`<path>: invalid
    /// problem.toml: ...`) or names another problem (`problem.toml is for `x`, not `y``), the
    /// messages of [`ProblemConfig::load`].
    pub fn config(&self) -> anyhow::Result<&ProblemConfig> {
        self.config.as_ref().map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// The problem in `problems_dir/<name>`, found at run time with its `problem.toml` read and
/// parsed once: a program problem ([`crate::problems::program`]) when that file has a
/// `[programs]` table (its programs compiled into `cache_dir` when first used; made once per
/// process and folder), else the built-in problem of that name (its folder's `problem.toml`
/// then only checked when [`Loaded::config`] is asked).
///
/// Errors: no folder `<name>` with a `problem.toml` and no built-in problem of that name (the
/// message lists the problems found); an invalid program problem (the loader's message).
pub fn load(problems_dir: &Path, name: &str, cache_dir: &Path) -> anyhow::Result<Loaded> {
    use anyhow::Context;
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, &'static ProgramProblem>>> = OnceLock::new();
    if let Some((parent, folder)) = by_path(name) {
        return load(&parent, &folder, cache_dir);
    }
    let dir = problems_dir.join(name);
    if kattis::is_package(&dir) && !dir.join("problem.toml").exists() {
        let package = kattis::load(&dir, cache_dir)?;
        return Ok(Loaded {
            problem: package.problem,
            problems_dir: problems_dir.to_path_buf(),
            dir,
            config: Ok(package.problem.config().clone()),
            format: Format::Kattis {
                version: package.yaml.version,
                draft: package.yaml.draft_2023_07,
            },
            kattis: Some(package),
        });
    }
    let path = dir.join("problem.toml");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()));
    let parsed = match &text {
        Ok(t) => ProblemConfig::parse(t, &path.display().to_string()),
        Err(e) => Err(anyhow::anyhow!("{e:#}")),
    };
    let declares_programs = match (&text, &parsed) {
        (_, Ok(config)) => config.programs.is_some(),
        // Invalid: a program problem's file when it still reads as TOML with [programs] (the
        // error is then the parse's); an unreadable file declares nothing.
        (Ok(t), Err(_)) => t
            .parse::<toml::Table>()
            .is_ok_and(|t| t.contains_key("programs")),
        (Err(_), _) => false,
    };
    if declares_programs {
        let config = parsed?;
        let key = std::path::absolute(&dir).unwrap_or_else(|_| dir.clone());
        let map = LOADED.get_or_init(Default::default);
        let cached = map.lock().ok().and_then(|m| m.get(&key).copied());
        let p = match cached {
            Some(p) => p,
            None => {
                let p = ProgramProblem::load(&dir, text?, config.clone(), cache_dir)?;
                if let Ok(mut m) = map.lock() {
                    m.insert(key, p);
                }
                p
            }
        };
        return Ok(Loaded {
            problem: p,
            problems_dir: problems_dir.to_path_buf(),
            dir: problems_dir.join(p.name()),
            config: Ok(config),
            format: Format::Gridjudge,
            kattis: None,
        });
    }
    if let Ok(p) = by_name(name) {
        let config = parsed.and_then(|c| c.for_problem(p));
        return Ok(Loaded {
            problem: p,
            problems_dir: problems_dir.to_path_buf(),
            dir: problems_dir.join(p.name()),
            config: config.map_err(|e| format!("{e:#}")),
            format: Format::Gridjudge,
            kattis: None,
        });
    }
    let found = problem_names(problems_dir);
    anyhow::bail!(
        "unknown problem `{name}`: {} has no `{name}/problem.toml` with a [programs] table and \
         no built-in problem has that name (problems there: {}); run {}",
        problems_dir.display(),
        if found.is_empty() {
            "none".to_string()
        } else {
            found.join(", ")
        },
        command_hint(problems_dir, &["list"], "")
    )
}

/// The problem in `problems_dir/<name>` ([`load`] without the configuration).
///
/// Errors: as [`load`].
pub fn problem(
    problems_dir: &Path,
    name: &str,
    cache_dir: &Path,
) -> anyhow::Result<&'static dyn Problem> {
    Ok(load(problems_dir, name, cache_dir)?.problem)
}

/// What a standalone program (`gen`, `validator`, `checker`, `solve`) finds for a problem
/// name ([`standalone`]).
pub enum Standalone {
    /// A built-in problem, found by name alone.
    Builtin(&'static dyn Problem),
    /// A program problem of the nearest problems folder (boxed: a `Loaded` is large).
    Program(Box<Loaded>),
}

impl Standalone {
    /// The problem.
    pub fn problem(&self) -> &'static dyn Problem {
        match self {
            Standalone::Builtin(p) => *p,
            Standalone::Program(l) => l.problem,
        }
    }

    /// The problem's configuration: the file `path` when given (`--config`), else the copy
    /// compiled into the binary for a built-in problem, or the program problem's
    /// `problem.toml` as parsed when it was found.
    ///
    /// Errors: as [`ProblemConfig::load`] for `path` or the compiled-in copy.
    pub fn config(&self, path: Option<&Path>) -> anyhow::Result<ProblemConfig> {
        match (self, path) {
            (Standalone::Program(l), None) => l.config().cloned(),
            _ => ProblemConfig::load(self.problem(), path),
        }
    }
}

/// The problem called `name` as the standalone programs find it: a built-in problem by name,
/// without looking for a problems folder or reading a file (so it works from any folder);
/// else the problem `name` of the nearest problems folder ([`problems_dir`] from the current
/// folder up, then [`load`], programs compiled into [`default_cache_dir`]). Unlike
/// `gridjudge`, which takes a program problem of the folder before a built-in one of the same
/// name, a built-in name always means the built-in problem here.
///
/// Errors: no built-in problem of that name and no folder `<name>` with a `problem.toml` in
/// the problems folder (or no problems folder): [`by_name`]'s message, naming the built-in
/// problems; an invalid program problem or a folder that declares none: [`load`]'s message.
pub fn standalone(name: &str) -> anyhow::Result<Standalone> {
    let unknown = match by_name(name) {
        Ok(p) => return Ok(Standalone::Builtin(p)),
        Err(e) => e,
    };
    let Ok(dir) = problems_dir(None) else {
        return Err(unknown);
    };
    if !dir.join(name).join("problem.toml").is_file() {
        return Err(unknown);
    }
    let loaded = load(&dir, name, &default_cache_dir(&dir))?;
    Ok(Standalone::Program(Box::new(loaded)))
}

/// The names of the folders of `problems_dir` that hold a `problem.toml`, sorted.
pub fn problem_names(problems_dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(problems_dir)
        .map(|rd| {
            rd.flatten()
                .filter(|e| is_problem_folder(&e.path()))
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Every problem of `problems_dir` ([`load`] for each folder with a `problem.toml`), the
/// built-in ones first in their usual order, then the others by name.
///
/// Errors: as [`load`], for the first folder that fails.
pub fn load_all(problems_dir: &Path, cache_dir: &Path) -> anyhow::Result<Vec<Loaded>> {
    load_each(problems_dir, cache_dir)
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

/// [`load_all`], one result per folder: each folder's name with its problem or the error of
/// [`load`], so that one bad folder does not hide the others (`gridjudge list`, `build`).
pub fn load_each(problems_dir: &Path, cache_dir: &Path) -> Vec<(String, anyhow::Result<Loaded>)> {
    let mut names = problem_names(problems_dir);
    let builtin: Vec<&str> = crate::problems::all().iter().map(|p| p.name()).collect();
    names.sort_by_key(|n| {
        (
            builtin.iter().position(|b| b == n).unwrap_or(usize::MAX),
            n.clone(),
        )
    });
    names
        .into_iter()
        .map(|n| {
            let l = load(problems_dir, &n, cache_dir);
            (n, l)
        })
        .collect()
}

/// Every problem of `problems_dir` ([`load_all`] without the configurations).
///
/// Errors: as [`load`], for the first folder that fails.
pub fn problems(
    problems_dir: &Path,
    cache_dir: &Path,
) -> anyhow::Result<Vec<&'static dyn Problem>> {
    Ok(load_all(problems_dir, cache_dir)?
        .into_iter()
        .map(|l| l.problem)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems_in(root: &Path) {
        let game = root.join("problems/game");
        std::fs::create_dir_all(&game).unwrap();
        std::fs::write(game.join("problem.toml"), "name = \"game\"\n").unwrap();
    }

    #[test]
    fn found_from_the_root_and_every_folder_below() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        problems_in(root);
        let deep = root.join("problems/game/tests/x");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::create_dir_all(root.join("src")).unwrap();
        assert_eq!(find_problems_dir(root).unwrap(), Path::new("problems"));
        for below in [root.join("src"), root.join("problems"), deep] {
            assert_eq!(find_problems_dir(&below).unwrap(), root.join("problems"));
        }
    }

    #[test]
    fn a_problems_folder_without_problem_toml_is_skipped() {
        let tmp = tempfile::tempdir().unwrap();
        let outer = tmp.path();
        problems_in(outer);
        // An inner project with an unrelated, empty `problems/` folder.
        let inner = outer.join("inner");
        std::fs::create_dir_all(inner.join("problems/notes")).unwrap();
        assert_eq!(find_problems_dir(&inner).unwrap(), outer.join("problems"));
    }

    #[test]
    fn not_found_lists_every_folder_tried_and_the_option() {
        let tmp = tempfile::tempdir().unwrap();
        let start = tmp.path().join("a/b");
        std::fs::create_dir_all(&start).unwrap();
        let e = find_problems_dir(&start).unwrap_err();
        // Assumes no ancestor of the temporary folder (e.g. `/tmp`, `/`) holds a problems
        // folder.
        assert_eq!(e.tried.len(), start.ancestors().count());
        assert_eq!(e.tried[0], start.join("problems"));
        assert_eq!(e.tried[1], tmp.path().join("a/problems"));
        assert_eq!(e.tried.last().unwrap(), Path::new("/problems"));
        let msg = e.to_string();
        assert!(
            msg.contains(&start.join("problems").display().to_string()),
            "{msg}"
        );
        assert!(msg.contains("/problems"), "{msg}");
        assert!(msg.contains("--problems-dir"), "{msg}");
    }

    #[test]
    fn an_explicit_folder_must_exist() {
        let tmp = tempfile::tempdir().unwrap();
        assert_eq!(problems_dir(Some(tmp.path())).unwrap(), tmp.path());
        let missing = tmp.path().join("nope");
        let e = problems_dir(Some(&missing)).unwrap_err().to_string();
        assert!(e.contains("--problems-dir") && e.contains("nope"), "{e}");
    }

    /// A built-in problem is found without its folder; its folder's `problem.toml` is parsed
    /// when it is found, and an unusable one is the error of [`Loaded::config`] with
    /// [`ProblemConfig::load`]'s messages.
    #[test]
    fn a_built_in_problem_is_loaded_with_its_folders_problem_toml() {
        let tmp = tempfile::tempdir().unwrap();
        let cache = tmp.path().join("cache");
        let l = load(tmp.path(), "game", &cache).unwrap();
        assert_eq!((l.name(), l.problems_dir.as_path()), ("game", tmp.path()));
        assert_eq!(l.dir, tmp.path().join("game"));
        let e = format!("{:#}", l.config().unwrap_err());
        assert!(
            e.starts_with("cannot read ") && e.contains("game/problem.toml"),
            "{e}"
        );
        std::fs::create_dir_all(tmp.path().join("game")).unwrap();
        let toml = tmp.path().join("game/problem.toml");
        std::fs::write(&toml, by_name("bunny").unwrap().builtin_config()).unwrap();
        let e = load(tmp.path(), "game", &cache)
            .unwrap()
            .config()
            .unwrap_err();
        assert_eq!(e.to_string(), "problem.toml is for `bunny`, not `game`");
        std::fs::write(&toml, "name = ").unwrap();
        let e = format!(
            "{:#}",
            load(tmp.path(), "game", &cache)
                .unwrap()
                .config()
                .unwrap_err()
        );
        assert!(e.contains("invalid problem.toml"), "{e}");
        std::fs::write(&toml, by_name("game").unwrap().builtin_config()).unwrap();
        let l = load(tmp.path(), "game", &cache).unwrap();
        assert_eq!(l.config().unwrap().name, "game");
        let e = load(tmp.path(), "chess", &cache).unwrap_err().to_string();
        assert!(
            e.starts_with("unknown problem `chess`") && e.contains("game"),
            "{e}"
        );
        // It ends with the command that lists the problems of the same folder.
        let list = format!(
            "; run `gridjudge list --problems-dir {}`",
            tmp.path().display()
        );
        assert!(e.ends_with(&list), "{e}");
    }

    /// The command of a message names the problems folder unless it is `problems` here, and
    /// quotes what a shell would split.
    #[test]
    fn a_command_hint_names_the_folder_and_quotes_its_words() {
        let here = Path::new(PROBLEMS_FOLDER);
        assert_eq!(command_hint(here, &["list"], ""), "`gridjudge list`");
        assert_eq!(
            command_hint(here, &["build", "game"], "--update-lock"),
            "`gridjudge build game --update-lock`"
        );
        assert_eq!(
            command_hint(Path::new("my problems"), &["build", "a b"], ""),
            "`gridjudge build 'a b' --problems-dir 'my problems'`"
        );
    }

    /// The bounds compiled in by `build.rs` are those the run-time parse of the same
    /// `problem.toml` gives, for every built-in problem and both tables; and the two tables
    /// differ (the lifted bounds are wider), so that the flag is not ignored.
    #[test]
    fn compiled_bounds_agree_with_the_parsed_problem_toml() {
        for p in all() {
            let cfg = ProblemConfig::load(*p, None).unwrap();
            assert_eq!(p.builtin_bounds(false), Some(cfg.constraints.clone()));
            assert_eq!(p.builtin_bounds(true), Some(cfg.lifted.clone()));
            assert_ne!(cfg.constraints, cfg.lifted, "{}", p.name());
            for lifted in [false, true] {
                let expected = if lifted {
                    &cfg.lifted
                } else {
                    &cfg.constraints
                };
                assert_eq!(
                    &ProblemConfig::solve_bounds(*p, None, lifted).unwrap(),
                    expected
                );
            }
        }
        assert_eq!(crate::problem::compiled_bounds("chess", false), None);
        let (lo, hi) = crate::problem::compiled_bounds("game", false)
            .unwrap()
            .get("n")
            .unwrap();
        assert_eq!((lo, hi), (1, 100));
    }
}
