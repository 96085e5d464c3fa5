//! Exporting a built test package in the layouts that judges take (see
//! `../shared/conventions.md`, "Packages that judges take").
//!
//! Three formats:
//! * [`Format::Testlib`] — Polygon, Luogu, Hydro, LibreOJ: numbered `1.in` / `1.ans` ...,
//!   the problem's self-contained C++ sources `checker.cpp` and `validator.cpp` (from
//!   `problems/<p>/testlib/`, which these judges compile themselves), `checker` and
//!   `validator` wrapper scripts with the same testlib calling convention and no problem
//!   argument (`checker <input> <output> <answer>`, `validator < input`) around the release
//!   binaries in `bin/` for running the package locally, and a Hydro `config.yaml` (time,
//!   memory, `checker: checker.cpp`, one subtask per test group). Optionally also zipped
//!   (`<DIR>.zip`, the folder's content at the archive's root, as Hydro imports it).
//! * [`Format::Kattis`] — the Kattis problem package format, `legacy` version (taken by
//!   DOMjudge and Kattis, checked by `verifyproblem` from problemtools), and
//!   [`Format::Kattis2025`], version `2025-09` (written and checked by BAPCtools): see
//!   `write_kattis` for the layout. Both ship the validator and the checker as sources in
//!   program folders with `build` and `run` scripts (the judge compiles them), the test groups
//!   with their input validator flags, and `submissions/<verdict>/` copied from
//!   `problems/<p>/submissions/`; the destination's folder name must be a Kattis short name
//!   ([`kattis_short_name`]).
//! * [`Format::Polygon`] — a Polygon package (`problem.xml`), written by [`crate::export::polygon`].
//!
//! A built-in problem's Kattis package ships `problems/<p>/testlib/{validator,checker}.cpp`,
//! compiled by its `build` script with `-DKATTIS` (their Kattis convention). A program problem
//! ([`crate::problems::program`]) ships its own programs instead of gridjudge's binaries: its validator's
//! source; its checker's source, or, for a built-in checker,
//! gridjudge's C++ source [`BUILTIN_CHECKER_CPP`] (no judge's standard checker judges
//! identically: testlib's `wcmp`/`lcmp` count only space, tab, CR and LF as white space, Kattis'
//! default output validator keeps a byte order mark in the first token and compares tokens as
//! C strings). Testlib packages compile them at export time into `bin/` for the `checker` and
//! `validator` scripts and refuse Kattis-convention programs; Kattis packages put each in a
//! program folder with `build` and `run` scripts, `run` adapting a testlib-convention program
//! to Kattis' exit codes (see `kattis_programs`).
//!
//! The export reads the *built* package (`problems/<p>/tests/`, written by
//! `gridjudge build`), checks every file against `tests.lock`, and knows the problem only
//! through [`Problem`] and its `problem.toml`. It writes into a temporary folder beside the
//! destination and renames it into place at the end, so a failed export leaves nothing behind;
//! an existing non-empty destination is an error unless `force` is set.

pub mod polygon;
pub mod shared;
pub mod statement;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::core::checkers::BuiltinChecker;
use crate::core::files::sha256_hex;
use crate::problem::programs::{Convention, ProgramSpec};
use crate::problem::{Problem, ProblemConfig};
use crate::problems::program::ProgramProblem;
use shared::{load_built, small_stack, sorted_entries, with_checker_options, PackageTest};

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

/// Options of [`export`].
#[derive(Clone, Debug)]
pub struct ExportOptions {
    /// Folder holding one folder per problem (the built package is `<dir>/<p>/tests/`).
    pub problems_dir: PathBuf,
    /// The layout to write.
    pub format: Format,
    /// Destination folder. It must not exist or be empty, unless `force`.
    pub out: PathBuf,
    /// Replace an existing non-empty destination.
    pub force: bool,
    /// Also write `<out>.zip` with the folder's content at the archive root.
    pub zip: bool,
    /// Folder holding the `checker` and `validator` executables a testlib package of a built-in
    /// problem ships for running it locally (normally the folder of the running `gridjudge`,
    /// e.g. `target/release/`); Kattis packages ship only sources and do not need it.
    pub bin_dir: PathBuf,
    /// Draw a bar on stderr over the tests written ([`crate::core::progress::bar`]; for terminals).
    pub progress: bool,
    /// Kattis and Polygon: whether the statement is also shipped compiled (PDF and HTML).
    pub statement: StatementBuild,
}

/// How a Kattis or Polygon export ships the statement. The LaTeX source is always in
/// `problem_statement/problem.en.tex` (Kattis and problemtools render it themselves); DOMjudge
/// shows only `problem_statement/problem.{pdf,html,txt}`, so by default the export also
/// compiles it ([`crate::export::statement::compile`]). A Polygon package has the source in Polygon's
/// form and, compiled, [`crate::export::polygon::STATEMENT_PDF`] (which CMS and `p2d --with-statement`
/// take) and [`crate::export::polygon::STATEMENT_HTML`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum StatementBuild {
    /// Also write `problem_statement/problem.pdf`, `problem.html` and the page's assets (Polygon:
    /// at its places), made by
    /// problemtools from `problem.en.tex` with the package's samples, problemtools found as
    /// [`crate::export::statement::Tools::find`] says. The export fails, writing nothing, when the
    /// tools are missing or the statement does not compile.
    #[default]
    Compiled,
    /// The same, with problemtools in this folder.
    CompiledWith(PathBuf),
    /// Only the LaTeX source (`--no-compiled-statement`): DOMjudge then shows no statement.
    SourceOnly,
}

/// What [`export`] wrote.
#[derive(Clone, Debug)]
pub struct ExportReport {
    /// The destination folder.
    pub out: PathBuf,
    /// Number of tests exported.
    pub tests: usize,
    /// Number of sample tests among them.
    pub samples: usize,
    /// Number of submissions copied (Kattis; Polygon: solutions).
    pub submissions: usize,
    /// The zip file, when asked for.
    pub zip: Option<PathBuf>,
}

/// Exports the built package of `problem` in `opts.format` to `opts.out` (and `<out>.zip` when
/// `opts.zip`). Errors, writing nothing, when a Kattis export is to carry the compiled
/// statement ([`StatementBuild`]) and problemtools or a program it needs is missing, or the
/// statement does not compile or carries a hand-written sample ([`crate::export::statement::compile`]),
/// when the package is not built or stale, when the
/// `checker` or `validator` binary is missing from `opts.bin_dir` (built-in problems), when a
/// program problem's validator or checker cannot be shipped as a source in that format or does
/// not compile here (the compiler's message), when `opts.out` exists and
/// is not an empty folder (without `force`), or when `opts.out` is or holds the current
/// folder, the problem's folder or the binaries' folder, or lies inside the problem's folder
/// (even with `force`). The package is complete before anything is replaced: an existing
/// destination is moved aside, the new package renamed into place, and only then the old one
/// removed.
pub fn export(problem: &dyn Problem, opts: &ExportOptions) -> anyhow::Result<ExportReport> {
    if opts.format.is_kattis() {
        kattis_short_name(&opts.out)?;
    }
    // The statement's tools first: a missing one is the first thing a setter has to fix.
    let tools = match (&opts.statement, opts.format) {
        (StatementBuild::SourceOnly, _) | (_, Format::Testlib) => None,
        (StatementBuild::Compiled, Format::Kattis | Format::Kattis2025 | Format::Polygon) => {
            Some(None)
        }
        (
            StatementBuild::CompiledWith(dir),
            Format::Kattis | Format::Kattis2025 | Format::Polygon,
        ) => Some(Some(dir.as_path())),
    };
    let tools = match tools {
        Some(dir) => Some(crate::export::statement::Tools::find(dir).map_err(|e| {
            anyhow::anyhow!(
                "{e:#}. (A Kattis or Polygon package carries its statement compiled to PDF \
                 and HTML for DOMjudge, CMS and p2d; --no-compiled-statement ships only the \
                 LaTeX source, and these then show no statement.)"
            )
        })?),
        None => None,
    };
    let dir = opts.problems_dir.join(problem.name());
    let config = ProblemConfig::load(problem, Some(&dir.join("problem.toml")))?;
    // A program problem ships its own programs (and gridjudge's built-in checker as C++
    // source); a built-in problem ships its testlib/ sources (and, in a testlib package,
    // gridjudge's binaries for running the package here).
    let shipped = match ProgramProblem::of(problem) {
        Some(pp) => Shipped::Programs(ProgramParts::of(pp, opts.format)?),
        None => {
            same_rules_as_shipped(problem, &config, &dir)?;
            if opts.format.is_kattis() {
                Shipped::Programs(ProgramParts::testlib_sources(&config, &dir)?)
            } else if opts.format == Format::Polygon {
                // A Polygon package ships sources only (crate::export::polygon): no binaries needed.
                Shipped::Binaries(Binaries {
                    checker: PathBuf::new(),
                    validator: PathBuf::new(),
                })
            } else {
                Shipped::Binaries(Binaries::find(&opts.bin_dir)?)
            }
        }
    };
    let tests = load_built(problem, &opts.problems_dir)?;
    let out = safe_destination(&opts.out, &dir, &opts.bin_dir)?;
    check_destination(&out, opts.force)?;
    let zip_path = if opts.zip {
        Some(zip_path_of(&out)?)
    } else {
        None
    };
    if let Some(z) = &zip_path {
        if z.exists() && !opts.force {
            bail!("{} already exists; pass --force to replace it", z.display());
        }
    }

    let parent = out.parent().map(Path::to_path_buf).unwrap_or_default();
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let tmp = tempfile::Builder::new()
        .prefix(".gridjudge-export-")
        .tempdir_in(&parent)
        .with_context(|| format!("cannot create a temporary folder in {}", parent.display()))?;
    let root = tmp.path();
    let bar = crate::core::progress::bar(tests.len() as u64, "tests written", opts.progress);
    let submissions = match opts.format {
        Format::Testlib => {
            write_testlib(problem, &config, &tests, &shipped, &dir, root, &bar)?;
            0
        }
        Format::Kattis | Format::Kattis2025 => {
            let Shipped::Programs(parts) = &shipped else {
                bail!("internal error: a Kattis package ships sources, not binaries");
            };
            write_kattis(
                opts.format,
                problem,
                &config,
                &tests,
                parts,
                tools.as_ref(),
                &dir,
                root,
                &bar,
            )?
        }
        Format::Polygon => {
            // The compiled statement first, into Polygon's places, which problem.xml lists.
            let compiled = match &tools {
                Some(t) => {
                    crate::export::statement::compile(
                        t,
                        problem.name(),
                        &dir.join("statement"),
                        &crate::export::statement::samples_of(&tests),
                        root,
                        crate::export::statement::Layout {
                            pdf: crate::export::polygon::STATEMENT_PDF,
                            html: Some(crate::export::polygon::STATEMENT_HTML),
                        },
                    )
                    .with_context(|| {
                        format!("cannot compile the statement of `{}`", problem.name())
                    })?;
                    crate::export::polygon::CompiledStatement {
                        pdf: true,
                        html: true,
                    }
                }
                None => Default::default(),
            };
            crate::export::polygon::write(problem, &config, &tests, &dir, root, &compiled, &bar)?
        }
    };
    bar.finish_and_clear();
    let zip = match &zip_path {
        Some(z) => {
            write_zip(root, z, opts.format)?;
            Some(z.clone())
        }
        None => None,
    };
    replace_folder(tmp, &out)?;
    Ok(ExportReport {
        out: opts.out.clone(),
        tests: tests.len(),
        samples: tests.iter().filter(|t| t.spec.sample).count(),
        submissions,
        zip,
    })
}

/// Errors when `config` (read from `problem_dir/problem.toml`) differs in its constraints, test
/// groups or checker options from the copy compiled into gridjudge: the shipped binaries
/// enforce the compiled-in rules, and the C++ sources in `problem_dir/testlib/` are tested
/// against them (`tests/<problem>_cpp.rs`), so the package would contradict its own tests.
fn same_rules_as_shipped(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problem_dir: &Path,
) -> anyhow::Result<()> {
    let builtin = ProblemConfig::load(problem, None)?;
    let differs: Vec<&str> = [
        ("[constraints]", config.constraints != builtin.constraints),
        ("[groups]", config.groups != builtin.groups),
        ("[checker]", config.checker != builtin.checker),
    ]
    .into_iter()
    .filter_map(|(name, d)| d.then_some(name))
    .collect();
    if !differs.is_empty() {
        bail!(
            "{} differs from the copy compiled into gridjudge in {}: the checker and validator \
             an export ships would enforce the old rules. Update {} to match, rebuild \
             (`cargo build --release`) and run `cargo test`, then export again",
            problem_dir.join("problem.toml").display(),
            differs.join(", "),
            problem_dir.join("testlib/*.cpp").display()
        );
    }
    Ok(())
}

/// `<out>.zip` beside `out` (an absolute, normal path from [`resolved`]).
fn zip_path_of(out: &Path) -> anyhow::Result<PathBuf> {
    let (Some(parent), Some(name)) = (out.parent(), out.file_name()) else {
        bail!("{} has no folder name to name a zip after", out.display());
    };
    let mut name = name.to_os_string();
    name.push(".zip");
    Ok(parent.join(name))
}

/// Errors unless the folder name of `out` is a valid Kattis problem short name: the spec (both
/// `legacy` and `2025-09`, "General requirements") requires the package folder's name to
/// consist solely of lowercase letters a-z and digits 0-9, and `verifyproblem` and BAPCtools
/// take the short name from it (so `game-kattis` or `Game` are refused). O(name length).
pub fn kattis_short_name(out: &Path) -> anyhow::Result<String> {
    let name = resolved(out)?
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        bail!(
            "{}: a Kattis package's folder name is the problem's short name, which must consist \
             solely of lowercase letters a-z and digits 0-9 (Kattis problem package format, \
             \"General requirements\"); `{name}` is not one. Choose a destination such as {}",
            out.display(),
            out.with_file_name(
                name.to_ascii_lowercase()
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect::<String>()
            )
            .display()
        );
    }
    Ok(name)
}

/// `path` made absolute, with symbolic links and `..` resolved as far as the path exists and
/// without `.` components or a trailing separator: the form in which two paths compare.
fn resolved(path: &Path) -> anyhow::Result<PathBuf> {
    let abs: PathBuf = std::path::absolute(path)
        .with_context(|| format!("cannot make {} absolute", path.display()))?
        .components()
        .collect();
    let mut existing = abs.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(mut p) = existing.canonicalize() {
            p.extend(rest.iter().rev());
            return Ok(p);
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return Ok(abs),
        }
    }
}

/// The destination `out` as an absolute, normal path, refused when replacing it would take
/// something with it: the current folder, the problem's folder `problem_dir` or the binaries'
/// folder `bin_dir` (when `out` is or holds one of them), or part of the problem's sources
/// (when `out` lies inside `problem_dir`).
fn safe_destination(out: &Path, problem_dir: &Path, bin_dir: &Path) -> anyhow::Result<PathBuf> {
    let target = resolved(out)?;
    if target.file_name().is_none() {
        bail!("{} cannot be a package folder", out.display());
    }
    let cwd = std::env::current_dir().context("cannot read the current folder")?;
    let problem = resolved(problem_dir)?;
    for (place, what) in [
        (resolved(&cwd)?, "the current folder"),
        (problem.clone(), "the problem's folder"),
        (
            resolved(bin_dir)?,
            "the folder of the checker and validator binaries",
        ),
    ] {
        if place.starts_with(&target) {
            bail!(
                "{} is or holds {what} ({}); the export would replace it: choose another \
                 destination",
                out.display(),
                place.display()
            );
        }
    }
    if target.starts_with(&problem) {
        bail!(
            "{} is inside the problem's folder {}; the export would mix with its sources: \
             choose a destination outside it",
            out.display(),
            problem.display()
        );
    }
    Ok(target)
}

/// Puts the finished package `tmp` at `out`. An existing `out` (empty, or replaced with
/// `--force`) is first renamed aside and removed only once the package is in place; if the
/// package cannot be renamed into place, the old folder is put back.
fn replace_folder(tmp: tempfile::TempDir, out: &Path) -> anyhow::Result<()> {
    let parent = out.parent().unwrap_or(Path::new("."));
    let old = if out.exists() {
        let aside = tempfile::Builder::new()
            .prefix(".gridjudge-replaced-")
            .tempdir_in(parent)
            .with_context(|| format!("cannot create a temporary folder in {}", parent.display()))?
            .keep();
        let old = aside.join("old");
        std::fs::rename(out, &old)
            .with_context(|| format!("cannot move {} aside", out.display()))?;
        Some((aside, old))
    } else {
        None
    };
    let kept = tmp.keep();
    if let Err(e) = std::fs::rename(&kept, out) {
        let _ = std::fs::remove_dir_all(&kept);
        if let Some((aside, old)) = &old {
            let _ = std::fs::rename(old, out);
            let _ = std::fs::remove_dir_all(aside);
        }
        return Err(e)
            .with_context(|| format!("cannot rename the new package to {}", out.display()));
    }
    if let Some((aside, _)) = old {
        std::fs::remove_dir_all(&aside).with_context(|| {
            format!(
                "the package is in {}, but the folder it replaced is left in {}",
                out.display(),
                aside.display()
            )
        })?;
    }
    Ok(())
}

/// Errors unless `out` is absent, an empty folder, or `force` is set (a file is never replaced).
fn check_destination(out: &Path, force: bool) -> anyhow::Result<()> {
    if !out.exists() {
        return Ok(());
    }
    if !out.is_dir() {
        bail!("{} exists and is not a folder", out.display());
    }
    let empty = std::fs::read_dir(out)
        .with_context(|| format!("cannot read {}", out.display()))?
        .next()
        .is_none();
    if !empty && !force {
        bail!(
            "{} exists and is not empty; pass --force to replace it",
            out.display()
        );
    }
    Ok(())
}

/// The `checker` and `validator` executables shipped with an export.
struct Binaries {
    checker: PathBuf,
    validator: PathBuf,
}

impl Binaries {
    fn find(bin_dir: &Path) -> anyhow::Result<Binaries> {
        let get = |name: &str| -> anyhow::Result<PathBuf> {
            let p = bin_dir.join(name);
            if !p.is_file() {
                bail!(
                    "the `{name}` binary is not in {} (build it with `cargo build --release`, \
                     or name its folder with --bin-dir)",
                    bin_dir.display()
                );
            }
            Ok(p)
        };
        Ok(Binaries {
            checker: get("checker")?,
            validator: get("validator")?,
        })
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))?;
    }
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(unix)]
fn set_executable(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .with_context(|| format!("cannot make {} executable", path.display()))
}

#[cfg(not(unix))]
fn set_executable(_path: &Path) -> anyhow::Result<()> {
    Ok(())
}

fn write_script(path: &Path, text: &str) -> anyhow::Result<()> {
    write_file(path, text.as_bytes())?;
    set_executable(path)
}

fn copy_executable(from: &Path, to: &Path) -> anyhow::Result<()> {
    if let Some(d) = to.parent() {
        std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))?;
    }
    std::fs::copy(from, to)
        .with_context(|| format!("cannot copy {} to {}", from.display(), to.display()))?;
    set_executable(to)
}

/// A POSIX shell wrapper that runs `bin` (relative to the script's folder) with the problem
/// name and `extra` arguments before the caller's arguments.
fn wrapper(bin: &str, problem: &str, extra: &str, what: &str) -> String {
    format!(
        "#!/bin/sh\n# {what}\n# Generated by `gridjudge export`: runs gridjudge's binary with the problem baked in.\n\
         exec \"$(dirname \"$0\")/{bin}\" {problem}{extra} \"$@\"\n"
    )
}

/// A stable UUID for the Kattis `problem.yaml` of problem `name` (the spec asks for one that
/// follows the problem): the first 16 bytes of SHA-256 of `gridjudge problem <name>`, with
/// the version-4 and RFC 4122 variant bits set, in the usual 8-4-4-4-12 hex form.
pub fn problem_uuid(name: &str) -> String {
    let h = sha256_hex(format!("gridjudge problem {name}").as_bytes());
    let mut b: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect();
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// Subtasks of the Hydro `config.yaml`: one per test group in order of first appearance,
/// tests without a group in a subtask `default`; each entry is (group, 1-based test numbers).
pub fn subtasks(tests: &[PackageTest]) -> Vec<(String, Vec<usize>)> {
    let mut order: Vec<String> = Vec::new();
    let mut by: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, t) in tests.iter().enumerate() {
        let g = t.spec.group.clone().unwrap_or_else(|| "default".into());
        if !by.contains_key(&g) {
            order.push(g.clone());
        }
        by.entry(g).or_default().push(i + 1);
    }
    order
        .into_iter()
        .map(|g| {
            let v = by.remove(&g).unwrap_or_default();
            (g, v)
        })
        .collect()
}

/// A YAML double-quoted scalar of `s`.
fn yaml_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Hydro's `config.yaml` (the schema of Hydro's `ProblemConfigFile`): time and memory
/// limits, the testlib checker `checker` and the validator `validator` (Hydro runs it on hack
/// inputs), the samples in a first subtask scored 0 (they are shown in the statement, so they
/// earn nothing), then one subtask per test group in order of first appearance with the 100
/// points split as evenly as integers allow (earlier subtasks get the remainder), each scored
/// by its minimum (`type: min`: all of its tests must pass). Hydro compiles the checker and
/// reads the verdict from the start of its stderr line (`ok`, `wrong answer`, ...). `checker`
/// and `validator` are their file names in the package (`checker.cpp`, `validator.cpp`, or a
/// program problem's own).
pub fn hydro_config(
    config: &ProblemConfig,
    tests: &[PackageTest],
    checker: &str,
    validator: &str,
) -> String {
    let samples: Vec<usize> = tests
        .iter()
        .enumerate()
        .filter(|(_, t)| t.spec.sample)
        .map(|(i, _)| i + 1)
        .collect();
    let subs: Vec<(String, Vec<usize>)> = subtasks(tests)
        .into_iter()
        .map(|(g, cases)| {
            (
                g,
                cases
                    .into_iter()
                    .filter(|c| !samples.contains(c))
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, cases)| !cases.is_empty())
        .collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Hydro test data configuration, written by `gridjudge export`."
    );
    let _ = writeln!(s, "type: default");
    let _ = writeln!(s, "time: {}ms", config.limits.time_ms);
    let _ = writeln!(s, "memory: {}m", config.limits.memory_mib);
    let _ = writeln!(s, "checker_type: testlib");
    let _ = writeln!(s, "checker: {checker}");
    let _ = writeln!(s, "validator: {validator}");
    let _ = writeln!(s, "subtasks:");
    let mut id = 0;
    let case_lines = |s: &mut String, cases: &[usize]| {
        let _ = writeln!(s, "    cases:");
        for c in cases {
            let _ = writeln!(s, "      - input: {c}.in");
            let _ = writeln!(s, "        output: {c}.ans");
        }
    };
    if !samples.is_empty() {
        id += 1;
        let _ = writeln!(s, "  # the samples: shown in the statement, worth nothing");
        let _ = writeln!(s, "  - id: {id}");
        let _ = writeln!(s, "    score: 0");
        let _ = writeln!(s, "    type: min");
        case_lines(&mut s, &samples);
    }
    let n = subs.len().max(1);
    for (k, (group, cases)) in subs.iter().enumerate() {
        id += 1;
        let score = 100 / n + usize::from(k < 100 % n);
        let _ = writeln!(s, "  # test group {}", yaml_str(group));
        let _ = writeln!(s, "  - id: {id}");
        let _ = writeln!(s, "    score: {score}");
        let _ = writeln!(s, "    type: min");
        case_lines(&mut s, cases);
    }
    s
}

fn write_testlib(
    problem: &dyn Problem,
    config: &ProblemConfig,
    tests: &[PackageTest],
    shipped: &Shipped,
    problem_dir: &Path,
    root: &Path,
    bar: &indicatif::ProgressBar,
) -> anyhow::Result<()> {
    let bins = match shipped {
        Shipped::Binaries(b) => b,
        Shipped::Programs(parts) => {
            return write_testlib_programs(config, tests, parts, root, bar);
        }
    };
    // The C++ sources first: without them the package is useless to the judges it is for.
    for name in TESTLIB_SOURCES {
        let from = problem_dir.join("testlib").join(name);
        let bytes = std::fs::read(&from).with_context(|| {
            format!(
                "cannot read {}: a testlib package needs the problem's self-contained C++ \
                 checker and validator, which judges such as Polygon and Hydro compile",
                from.display()
            )
        })?;
        let bytes = if name == "checker.cpp" {
            with_checker_options(config, &bytes, &from)?
        } else {
            bytes
        };
        write_file(&root.join(name), &bytes)?;
    }
    for (i, t) in tests.iter().enumerate() {
        write_file(&root.join(format!("{}.in", i + 1)), &t.input)?;
        write_file(&root.join(format!("{}.ans", i + 1)), &t.answer)?;
        bar.inc(1);
    }
    copy_executable(&bins.checker, &root.join("bin/checker"))?;
    copy_executable(&bins.validator, &root.join("bin/validator"))?;
    let p = problem.name();
    write_script(
        &root.join("checker"),
        &wrapper(
            "bin/checker",
            p,
            "",
            "testlib checker, the arguments of checker.cpp: checker [--testset T] [--group G] \
             <input> <output> <answer> [<report> [-appes]]; exit 0 AC, 1 WA, 2 PE, 3 FAIL; \
             CMS: checker --cms <input> <answer> <output>",
        ),
    )?;
    write_script(
        &root.join("validator"),
        &wrapper(
            "bin/validator",
            p,
            "",
            "testlib validator, the arguments of validator.cpp: validator [--group G] \
             [--testset T] [--testOverviewLogFileName F] [--testMarkupFileName F] [--testCase N] \
             [--testCaseFileName F] < input; exit 0 valid, 3 invalid",
        ),
    )?;
    write_file(
        &root.join("config.yaml"),
        hydro_config(config, tests, "checker.cpp", "validator.cpp").as_bytes(),
    )?;
    let mut readme = String::new();
    let _ = writeln!(readme, "{} — test data exported by gridjudge", config.title);
    let _ = writeln!(readme);
    let _ = writeln!(
        readme,
        "Limits: {} ms CPU time, {} MiB memory.",
        config.limits.time_ms, config.limits.memory_mib
    );
    let _ = writeln!(
        readme,
        "Tests: N.in (input) and N.ans (jury answer), N = 1..{}.",
        tests.len()
    );
    let samples: Vec<String> = tests
        .iter()
        .enumerate()
        .filter(|(_, t)| t.spec.sample)
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    if !samples.is_empty() {
        let _ = writeln!(readme, "Samples: {}.", samples.join(", "));
    }
    let _ = writeln!(readme, "Test groups (subtasks, also in config.yaml):");
    for (g, cases) in subtasks(tests) {
        let _ = writeln!(readme, "  {g}: {}", compress_ranges(&cases));
    }
    let _ = writeln!(readme);
    let _ = writeln!(
        readme,
        "checker.cpp   the checker as self-contained C++ source (C++14, no testlib.h needed),\n\
         \x20             for judges that compile it: Polygon, Hydro, Luogu, LibreOJ.\n\
         \x20             testlib convention: checker [--testset T] [--group G]\n\
         \x20             <input> <output> <answer> [<report> [-appes]]\n\
         \x20             exit 0 AC, 1 WA, 2 PE, 3 FAIL; one line on stderr starting with\n\
         \x20             ok / wrong answer / wrong output format / FAIL; the report file as\n\
         \x20             testlib writes it. CMS convention: checker --cms <input> <answer>\n\
         \x20             <output> (or compiled with -DCMS): score 1.0 / 0.0 on stdout,\n\
         \x20             translate:success / translate:wrong on stderr, exit 0.\n\
         validator.cpp the validator as C++ source: validator [--group G] [--testset T]\n\
         \x20             [--testOverviewLogFileName F] [--testMarkupFileName F]\n\
         \x20             [--testCase N] [--testCaseFileName F] < input\n\
         \x20             exit 0 valid, 3 invalid; the message names line and column.\n\
         checker       the same rules, ready to run here: a script around bin/checker\n\
         validator     the same rules, ready to run here: a script around bin/validator\n\
         bin/          gridjudge's checker and validator executables (for the machine that\n\
         \x20             exported the tests). The two scripts and bin/ are for\n\
         \x20             running the package locally: the zip for judges leaves them out.\n\
         config.yaml   Hydro: time and memory limits, checker.cpp, one subtask per test group."
    );
    write_file(&root.join("README.txt"), readme.as_bytes())
}

/// `1-3,5` from sorted numbers.
fn compress_ranges(v: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            v[i].to_string()
        } else {
            format!("{}-{}", v[i], v[j])
        });
        i = j + 1;
    }
    parts.join(",")
}

/// The C++ sources of a testlib package, read from `problems/<p>/testlib/`: a checker and a
/// validator with testlib's calling conventions that do not include testlib.h (Hydro adds its
/// own copy when it compiles a checker).
pub const TESTLIB_SOURCES: [&str; 2] = ["checker.cpp", "validator.cpp"];

/// The expected-verdict folders of a Kattis package's `submissions/`.
pub const SUBMISSION_FOLDERS: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

/// Copies every file directly in folder `from` (not its subfolders) into folder `to`, in name
/// order; the number of files copied.
fn copy_files(from: &Path, to: &Path) -> anyhow::Result<usize> {
    let mut copied = 0;
    for e in sorted_entries(from)?.into_iter().filter(|e| e.is_file()) {
        let name = e
            .file_name()
            .with_context(|| format!("{} has no file name", e.display()))?;
        let bytes = std::fs::read(&e).with_context(|| format!("cannot read {}", e.display()))?;
        write_file(&to.join(name), &bytes)?;
        copied += 1;
    }
    Ok(copied)
}

/// Copies the statement folder `from` (which must hold `problem.en.tex`) to `to`, files only.
fn copy_statement(from: &Path, to: &Path) -> anyhow::Result<()> {
    let main = from.join("problem.en.tex");
    if !main.is_file() {
        bail!(
            "{} is missing: a Kattis package needs a statement (LaTeX that starts with \\problemname{{...}})",
            main.display()
        );
    }
    copy_files(from, to)?;
    Ok(())
}

/// `ms` milliseconds as seconds in YAML or `.timelimit` (`1`, `1.5`, `0.25`).
fn seconds(ms: u64) -> String {
    format!("{}", ms as f64 / 1000.0)
}

/// The argument of `\problemname{...}` in `statement_dir/problem.en.tex`, when it is plain text
/// (no `\`, braces, `_` or `^`); `None` otherwise or when the file cannot be read.
fn statement_title(statement_dir: &Path) -> Option<String> {
    let tex = std::fs::read_to_string(statement_dir.join("problem.en.tex")).ok()?;
    let start = tex.find("\\problemname{")? + "\\problemname{".len();
    let rest = &tex[start..];
    let title = &rest[..rest.find('}')?];
    let plain = !title.is_empty() && !title.contains(['\\', '{', '_', '^', '\n']);
    plain.then(|| title.to_string())
}

/// Whether `name` may be a file or folder name in a Kattis package (the spec's
/// `^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$`).
fn kattis_file_name_ok(name: &str) -> bool {
    let b = name.as_bytes();
    let ok = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'-';
    !b.is_empty()
        && b.len() <= 255
        && (b[0].is_ascii_alphanumeric() || b[0] == b'_')
        && b.iter().all(|&c| ok(c))
}

/// The test group of each test (in `tests` order) as (folder under `data/secret/`, group):
/// `None` for every test when no secret test has a group (the tests go directly into
/// `data/secret/`) and for samples; else the group, `default` for a secret test without one (the
/// 2025-09 format allows either groups or tests in `data/secret/`, not both), in a folder
/// `NN_<group>` numbered in order of first appearance (judges take groups in lexicographic
/// order, and `verifyproblem` warns when that differs from the natural order, as `16` and
/// `3x4` do). Errors naming a group that is no valid Kattis file name. O(tests × groups).
fn kattis_groups(tests: &[PackageTest]) -> anyhow::Result<Vec<Option<(String, String)>>> {
    let secret: Vec<&PackageTest> = tests.iter().filter(|t| !t.spec.sample).collect();
    if !secret.iter().any(|t| t.spec.group.is_some()) {
        return Ok(vec![None; tests.len()]);
    }
    let group_of = |t: &PackageTest| t.spec.group.clone().unwrap_or_else(|| "default".into());
    let mut order: Vec<String> = Vec::new();
    for t in &secret {
        let g = group_of(t);
        if !kattis_file_name_ok(&g) {
            bail!(
                "test group `{g}` (test {}) cannot be named in a Kattis package: a name must \
                 match ^[a-zA-Z0-9_][a-zA-Z0-9_.-]{{0,254}}$; rename the group in problem.toml \
                 and the manifest",
                t.name
            );
        }
        if !order.contains(&g) {
            order.push(g);
        }
    }
    let width = order.len().to_string().len().max(2);
    Ok(tests
        .iter()
        .map(|t| {
            if t.spec.sample {
                return None;
            }
            let g = group_of(t);
            let i = order.iter().position(|x| *x == g).unwrap_or(0);
            Some((format!("{:0width$}_{g}", i + 1), g))
        })
        .collect())
}

/// The input validator arguments of test group `group` (`--group G`; none for `default`).
fn group_args(group: &str) -> Vec<String> {
    if group == "default" {
        Vec::new()
    } else {
        vec!["--group".into(), group.into()]
    }
}

/// A YAML flow sequence of double-quoted strings.
fn yaml_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| yaml_str(s)).collect();
    format!("[{}]", quoted.join(", "))
}

/// Writes a Kattis package of `format` (legacy or 2025-09) into `root`; the number of
/// submissions copied. Layout (legacy / 2025-09):
/// * `problem.yaml`: name, source, uuid, memory limit; 2025-09 also `limits.time_limit` (and
///   `time_resolution` when the limit is not whole seconds); legacy `validation: custom`.
/// * legacy also `.timelimit` (seconds): DOMjudge's importer reads it (DOMjudge 9 reads the
///   time limit only from there; later versions also from `limits.time_limit` and require the
///   two to agree), while the legacy `problem.yaml` has no time limit key (problemtools derives
///   one from the submissions).
/// * the statement in `problem_statement/` / `statement/`.
/// * `data/sample/N.{in,ans}` (N padded with zeros to one width);
///   `data/secret/[NN_G/]NAME.{in,ans}`, one folder per test group when there are groups ([`kattis_groups`]), with `testdata.yaml` (`input_validator_flags: "--group G"`) /
///   `test_group.yaml` (`input_validator_args: ["--group", "G"]`); 2025-09 samples with a group
///   get `N.yaml` with the same arguments.
/// * 2025-09: `data/invalid_input/NAME.in` from `problems/<p>/validator_corpus/invalid/`, and
///   `data/valid_output/test_group.yaml` declaring the checker case-sensitive.
/// * `input_validators/gridjudge/` and `output_validators/gridjudge/` / `output_validator/`:
///   sources with `build` and `run` scripts ([`kattis_programs`]).
/// * `submissions/<verdict>/`.
#[allow(clippy::too_many_arguments)]
fn write_kattis(
    format: Format,
    problem: &dyn Problem,
    config: &ProblemConfig,
    tests: &[PackageTest],
    parts: &ProgramParts,
    statement_tools: Option<&crate::export::statement::Tools>,
    problem_dir: &Path,
    root: &Path,
    bar: &indicatif::ProgressBar,
) -> anyhow::Result<usize> {
    let p = problem.name();
    let modern = format == Format::Kattis2025;
    let time_ms = config.limits.time_ms;
    let mut yaml = String::new();
    let _ = writeln!(
        yaml,
        "# Written by `gridjudge export --format {}`.",
        format.name()
    );
    let _ = writeln!(
        yaml,
        "problem_format_version: {}",
        if modern { "2025-09" } else { "legacy" }
    );
    if modern {
        let _ = writeln!(yaml, "type: pass-fail");
    }
    // The statement's title (the judges' tools warn when problem.yaml's name differs from it).
    let statement_dir = problem_dir.join("statement");
    let name = statement_title(&statement_dir).unwrap_or_else(|| config.title.clone());
    let _ = writeln!(yaml, "name: {}", yaml_str(&name));
    let _ = writeln!(yaml, "uuid: {}", problem_uuid(p));
    let source = config.source.as_deref().unwrap_or(&config.title);
    let _ = writeln!(yaml, "source: {}", yaml_str(source));
    if !modern {
        let _ = writeln!(yaml, "validation: custom");
    }
    if let Some(stack) = small_stack(config) {
        let _ = writeln!(
            yaml,
            "# The problem's submissions run with a {stack} MiB stack (problem.toml [limits] \
             stack_mib), which a\n# Kattis package cannot state: Kattis and DOMjudge give the \
             whole memory limit as stack. So its\n# run_time_error submissions (which may fail \
             only for lack of stack) are left out."
        );
    }
    let _ = writeln!(yaml, "limits:");
    if modern {
        let _ = writeln!(yaml, "  time_limit: {}", seconds(time_ms));
        // The time limit must be a multiple of time_resolution (default 1 second).
        let resolution = [(1000, "1"), (100, "0.1"), (10, "0.01")]
            .into_iter()
            .find(|(step, _)| time_ms % step == 0)
            .map_or("0.001", |(_, r)| r);
        if resolution != "1" {
            let _ = writeln!(yaml, "  time_resolution: {resolution}");
        }
    } else {
        let _ = writeln!(
            yaml,
            "  # The time limit, {} s, is in .timelimit (read by DOMjudge); a legacy \
             problem.yaml has no key for it.",
            seconds(time_ms)
        );
    }
    let _ = writeln!(yaml, "  memory: {}", config.limits.memory_mib);
    write_file(&root.join("problem.yaml"), yaml.as_bytes())?;
    if !modern {
        write_file(
            &root.join(".timelimit"),
            format!("{}\n", seconds(time_ms)).as_bytes(),
        )?;
    }

    // The statement: every file of problems/<p>/statement (problem.en.tex and anything it
    // includes); the judge's statement tools show the samples of data/sample after it.
    copy_statement(
        &statement_dir,
        &root.join(if modern {
            "statement"
        } else {
            "problem_statement"
        }),
    )?;
    // And compiled, with the samples, for DOMjudge, which shows only problem.{pdf,html,txt}
    // (the PDF first): made by problemtools as Kattis would render the .tex.
    if let Some(tools) = statement_tools {
        crate::export::statement::compile(
            tools,
            p,
            &problem_dir.join("statement"),
            &crate::export::statement::samples_of(tests),
            &root.join(if modern {
                "statement"
            } else {
                "problem_statement"
            }),
            // 2025-09: the PDF beside the .tex as BAPCtools writes it for DOMjudge.
            if modern {
                crate::export::statement::Layout {
                    pdf: "problem.en.pdf",
                    html: None,
                }
            } else {
                crate::export::statement::Layout {
                    pdf: "problem.pdf",
                    html: Some("problem.html"),
                }
            },
        )
        .with_context(|| format!("cannot compile the statement of `{p}`"))?;
    }

    // Test data: samples in data/sample (judges run them too), the rest in data/secret under
    // their build names (so `secret/07` is `tests/07` of the build), in one folder per test
    // group when there are groups.
    let groups = kattis_groups(tests)?;
    let mut samples = 0;
    // Judges order test cases by file name as text: numbers padded to one width keep the
    // package order past 9 samples (as the compiled statement's own copy does).
    let width = tests
        .iter()
        .filter(|t| t.spec.sample)
        .count()
        .to_string()
        .len();
    let mut group_dirs: BTreeSet<(String, String)> = BTreeSet::new();
    for (t, group) in tests.iter().zip(&groups) {
        if !t.spec.sample {
            let dir = match group {
                Some((folder, g)) => {
                    group_dirs.insert((folder.clone(), g.clone()));
                    root.join("data/secret").join(folder)
                }
                None => root.join("data/secret"),
            };
            write_file(&dir.join(format!("{}.in", t.name)), &t.input)?;
            write_file(&dir.join(format!("{}.ans", t.name)), &t.answer)?;
        } else {
            samples += 1;
            let dir = root.join("data/sample");
            write_file(&dir.join(format!("{samples:0width$}.in")), &t.input)?;
            write_file(&dir.join(format!("{samples:0width$}.ans")), &t.answer)?;
            if let (true, Some(g)) = (modern, &t.spec.group) {
                write_file(
                    &dir.join(format!("{samples:0width$}.yaml")),
                    format!(
                        "# Test group `{g}`: the input validator checks its bounds.\n\
                         input_validator_args: {}\n",
                        yaml_list(&group_args(g))
                    )
                    .as_bytes(),
                )?;
            }
        }
        bar.inc(1);
    }
    for (folder, g) in &group_dirs {
        let args = group_args(g);
        let what = if args.is_empty() {
            "The tests without a test group: the input validator checks the constraints only."
                .to_string()
        } else {
            format!("Test group `{g}` of problem.toml: the input validator checks its bounds.")
        };
        let (file, line) = if modern {
            (
                "test_group.yaml",
                format!("input_validator_args: {}", yaml_list(&args)),
            )
        } else {
            (
                "testdata.yaml",
                format!("input_validator_flags: {}", yaml_str(&args.join(" "))),
            )
        };
        write_file(
            &root.join("data/secret").join(folder).join(file),
            format!("# {what}\n{line}\n").as_bytes(),
        )?;
    }

    // 2025-09: the output validator compares case-sensitively (`WIN` is not `win`); BAPCtools
    // reads that from the `case_sensitive` flag of valid_output's arguments when it makes
    // generic valid outputs from the samples (the checker ignores the flag).
    if modern {
        write_file(
            &root.join("data/valid_output/test_group.yaml"),
            b"# The output validator is case-sensitive; it ignores this flag.\n\
              output_validator_args: [\"case_sensitive\"]\n",
        )?;
    }

    // 2025-09: the validator corpus' invalid inputs, which the input validator must reject.
    let invalid = problem_dir.join("validator_corpus/invalid");
    if modern && invalid.is_dir() {
        for e in std::fs::read_dir(&invalid)
            .with_context(|| format!("cannot read {}", invalid.display()))?
        {
            let path = e
                .with_context(|| format!("cannot read {}", invalid.display()))?
                .path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !path.is_file() || !name.ends_with(".in") {
                continue;
            }
            if !kattis_file_name_ok(&name) {
                bail!(
                    "{}: the file name cannot be in a Kattis package (it must match \
                     ^[a-zA-Z0-9_][a-zA-Z0-9_.-]{{0,254}}$); rename it",
                    path.display()
                );
            }
            let bytes =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            write_file(&root.join("data/invalid_input").join(&name), &bytes)?;
        }
    }

    // Validators: program folders with the sources and `build` and `run` scripts.
    kattis_programs(
        parts,
        root,
        if modern {
            "output_validator"
        } else {
            "output_validators/gridjudge"
        },
    )?;

    // Submissions by expected verdict.
    let mut copied = 0;
    for folder in SUBMISSION_FOLDERS {
        let from = problem_dir.join("submissions").join(folder);
        if !from.is_dir() || (folder == "run_time_error" && small_stack(config).is_some()) {
            continue;
        }
        copied += copy_files(&from, &root.join("submissions").join(folder))?;
    }
    if copied == 0 {
        bail!(
            "problem `{p}` has no submissions in {} (a Kattis package needs at least one \
             accepted submission)",
            problem_dir.join("submissions").display()
        );
    }
    Ok(copied)
}

/// Zips the content of `root` (files at the archive root, executables keep mode 0755) into
/// `zip` atomically, with mode 0644 less the umask ([`crate::core::files::write_atomic`]). A
/// testlib zip is what judges take: it leaves out `bin/` and the `checker` and `validator`
/// scripts around those binaries (the C++ sources are the judge's checker and validator).
fn write_zip(root: &Path, zip: &Path, format: Format) -> anyhow::Result<()> {
    let mut files = Vec::new();
    collect_files(root, root, &mut files)?;
    files.sort();
    if format == Format::Testlib {
        files.retain(|rel| {
            !rel.starts_with("bin") && rel != Path::new("checker") && rel != Path::new("validator")
        });
    }
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for rel in files {
        let path = root.join(&rel);
        let exec = is_executable(&path);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if exec { 0o755 } else { 0o644 });
        let name = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        w.start_file(name, options)
            .with_context(|| format!("cannot add {} to {}", rel.display(), zip.display()))?;
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        w.write_all(&bytes)
            .with_context(|| format!("cannot write {}", zip.display()))?;
    }
    let bytes = w
        .finish()
        .with_context(|| format!("cannot finish {}", zip.display()))?
        .into_inner();
    crate::core::files::write_atomic(zip, &bytes)
}

fn collect_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for e in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let p = e?.path();
        if p.is_dir() {
            collect_files(root, &p, out)?;
        } else {
            out.push(p.strip_prefix(root).unwrap_or(&p).to_path_buf());
        }
    }
    Ok(())
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p)
        .map(|m| m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

#[cfg(not(unix))]
fn is_executable(_p: &Path) -> bool {
    false
}

// ------------------------------------------------------------------------------------------
// Program problems: the problem's own validator and checker sources, or gridjudge's built-in
// checker as C++ source.

/// gridjudge's built-in checkers as one self-contained C++ source (`checker/builtin/builtin.cpp`):
/// the same verdict as [`BuiltinChecker::check`] on every output, in the testlib or the Kattis
/// calling convention. [`builtin_checker_source`] sets its constants.
pub const BUILTIN_CHECKER_CPP: &str = include_str!("../../checker/builtin/builtin.cpp");

/// [`BUILTIN_CHECKER_CPP`] set up for `checker`: its kind (and the `float` tolerances, written as
/// Rust's shortest round-trip decimal, which a C++ compiler reads back to the same double) and
/// its calling convention (`kattis`: a Kattis output validator, exit 42/43 and
/// `judgemessage.txt`; else testlib's, exit 0/1/2/3). Errors only if the source lost one of its
/// constant lines. O(source length).
pub fn builtin_checker_source(checker: &BuiltinChecker, kattis: bool) -> anyhow::Result<String> {
    let (kind, abs, rel) = match checker {
        BuiltinChecker::Tokens => ("tokens", 1e-6, 1e-6),
        BuiltinChecker::Lines => ("lines", 1e-6, 1e-6),
        BuiltinChecker::UnorderedLines => ("unordered_lines", 1e-6, 1e-6),
        BuiltinChecker::Float { abs, rel } => ("float", *abs, *rel),
    };
    let mut text = BUILTIN_CHECKER_CPP.to_string();
    for (decl, value) in [
        ("const char* const kind = ", format!("\"{kind}\"")),
        ("const double abs_tol = ", format!("{abs:?}")),
        ("const double rel_tol = ", format!("{rel:?}")),
        ("const bool kattis = ", kattis.to_string()),
    ] {
        text = set_constant(&text, decl, &value)?;
    }
    Ok(text)
}

/// `text` with its one line that starts (after indentation) with `decl` replaced by
/// `decl value;`. Errors unless exactly one line does.
fn set_constant(text: &str, decl: &str, value: &str) -> anyhow::Result<String> {
    let hits = text
        .lines()
        .filter(|l| l.trim_start().starts_with(decl))
        .count();
    if hits != 1 {
        bail!("checker/builtin/builtin.cpp has {hits} lines `{decl}...`, expected exactly one");
    }
    let mut out = String::with_capacity(text.len() + value.len());
    for line in text.split_inclusive('\n') {
        let body = line.trim_start();
        if body.starts_with(decl) {
            let indent = &line[..line.len() - body.len()];
            let end = if line.ends_with('\n') { "\n" } else { "" };
            let _ = write!(out, "{indent}{decl}{value};{end}");
        } else {
            out.push_str(line);
        }
    }
    Ok(out)
}

/// What an export ships as checker and validator.
enum Shipped {
    /// A built-in problem: gridjudge's binaries and `problems/<p>/testlib/` sources.
    Binaries(Binaries),
    /// A program problem: its own sources.
    Programs(ProgramParts),
}

/// The language of a shipped source, by its extension, with the compile command of
/// `crate::judge` (the same flags gridjudge compiles it with).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lang {
    Cpp,
    C,
    Rust,
    Python,
}

impl Lang {
    fn of(path: &str) -> Option<(Lang, &'static str)> {
        let ext = Path::new(path).extension()?.to_str()?;
        Some(match ext {
            "cpp" => (Lang::Cpp, "cpp"),
            "cc" => (Lang::Cpp, "cc"),
            "cxx" => (Lang::Cpp, "cxx"),
            "c" => (Lang::C, "c"),
            "rs" => (Lang::Rust, "rs"),
            "py" => (Lang::Python, "py"),
            _ => return None,
        })
    }

    /// The compiler and its arguments turning `src` into the executable `out`; `None` for
    /// Python (run with `python3`).
    /// The command is `judge`'s ([`crate::exec::compile::compile_command`]), so a package's programs
    /// are built as gridjudge builds them.
    fn compile(self, src: &str, out: &str) -> Option<(&'static str, Vec<String>)> {
        use crate::exec::compile::SubmissionKind as K;
        let kind = match self {
            Lang::Cpp => K::Cpp(PathBuf::new()),
            Lang::C => K::C(PathBuf::new()),
            Lang::Rust => K::Rust(PathBuf::new()),
            Lang::Python => return None,
        };
        let (compiler, template) = crate::exec::compile::compile_command(&kind)?;
        let args = template
            .iter()
            .map(|a| match *a {
                "{src}" => src.to_string(),
                "{out}" => out.to_string(),
                a => a.to_string(),
            })
            .collect();
        Some((compiler, args))
    }
}

/// A source file the package ships: its bytes, language, extension and convention.
struct Source {
    bytes: Vec<u8>,
    lang: Lang,
    ext: &'static str,
    convention: Convention,
    /// gridjudge's own C++14 source (the built-in checker, a problem's `testlib/` sources):
    /// compiled with Luogu's flags `-fno-asm -std=c++14 -O2`.
    builtin: bool,
    /// The source takes the Kattis convention when compiled with `-DKATTIS` (the `testlib/`
    /// sources of a built-in problem).
    kattis_define: bool,
}

/// The validator and checker a program problem's package ships.
struct ProgramParts {
    validator: Source,
    checker: Source,
}

impl ProgramParts {
    /// The sources of `pp`'s validator and checker for `format`. Errors, naming the
    /// `problem.toml` entry and what to change: a program given as a `command` or as a file
    /// that is no C, C++, Rust or Python source (a package ships sources); a Kattis-convention
    /// validator or checker in a testlib package (testlib judges read exit 0 as valid/AC).
    fn of(pp: &ProgramProblem, format: Format) -> anyhow::Result<ProgramParts> {
        let programs = pp.programs();
        let toml = pp.dir().join("problem.toml");
        let validator = program_source(pp, "validator", &programs.validator)?;
        let checker = match pp.builtin_checker() {
            Some(b) => Source {
                bytes: builtin_checker_source(b, format.is_kattis())?.into_bytes(),
                lang: Lang::Cpp,
                ext: "cpp",
                convention: if format.is_kattis() {
                    Convention::Kattis
                } else {
                    Convention::Testlib
                },
                builtin: true,
                kattis_define: false,
            },
            None => program_source(pp, "checker", &programs.checker)?,
        };
        if format == Format::Testlib {
            for (what, src) in [("validator", &validator), ("checker", &checker)] {
                if src.convention == Convention::Kattis {
                    bail!(
                        "{}: [programs] {what} has convention = \"kattis\" (exit 42/43), but a \
                         testlib package's judges (Polygon, Hydro, Luogu) call a testlib-convention \
                         {what} (exit 0 = {}); export it with --format kattis, or give the problem \
                         a testlib-convention {what}",
                        toml.display(),
                        if what == "validator" { "valid" } else { "accepted" }
                    );
                }
            }
        }
        Ok(ProgramParts { validator, checker })
    }

    /// A built-in problem's self-contained C++ sources `problem_dir/testlib/validator.cpp` and
    /// `checker.cpp` (the checker with `config`'s checker options written in, see
    /// [`with_checker_options`]) for a Kattis package: both take the Kattis convention when
    /// compiled with `-DKATTIS`. Errors when a source cannot be read or an option is not
    /// implemented.
    fn testlib_sources(config: &ProblemConfig, problem_dir: &Path) -> anyhow::Result<ProgramParts> {
        let read = |name: &str| -> anyhow::Result<Source> {
            let path = problem_dir.join("testlib").join(name);
            let bytes = std::fs::read(&path).with_context(|| {
                format!(
                    "cannot read {}: a Kattis package ships the problem's self-contained C++ \
                     {} source, which the judge compiles",
                    path.display(),
                    name.trim_end_matches(".cpp")
                )
            })?;
            let bytes = if name == "checker.cpp" {
                with_checker_options(config, &bytes, &path)?
            } else {
                bytes
            };
            Ok(Source {
                bytes,
                lang: Lang::Cpp,
                ext: "cpp",
                convention: Convention::Kattis,
                builtin: true,
                kattis_define: true,
            })
        };
        Ok(ProgramParts {
            validator: read("validator.cpp")?,
            checker: read("checker.cpp")?,
        })
    }
}

/// The source of `pp`'s program `spec` (called `what` in problem.toml's `[programs]`).
fn program_source(pp: &ProgramProblem, what: &str, spec: &ProgramSpec) -> anyhow::Result<Source> {
    let toml = pp.dir().join("problem.toml");
    let t = spec.table();
    let Some(rel) = t.source else {
        bail!(
            "{}: [programs] {what} is a command line; an export ships the {what}'s source, so \
             declare it as `source = \"PATH\"` (a C, C++, Rust or Python file)",
            toml.display()
        );
    };
    let Some((lang, ext)) = Lang::of(&rel) else {
        bail!(
            "{}: [programs] {what} `{rel}` is not a C, C++, Rust or Python source \
             (.c, .cpp/.cc/.cxx, .rs, .py); an export ships sources that judges compile",
            toml.display()
        );
    };
    let path = pp.dir().join(&rel);
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(Source {
        bytes,
        lang,
        ext,
        convention: t.convention.unwrap_or_default(),
        builtin: false,
        kattis_define: false,
    })
}

/// Compiles `src` (language `lang`, or the built-in checker's C++14 with `builtin`) into the
/// executable `out` on this machine. Errors with the compiler's message, or naming the missing
/// compiler and how to get it.
fn compile_here(lang: Lang, builtin: bool, src: &Path, out: &Path) -> anyhow::Result<()> {
    let (s, o) = (src.to_string_lossy(), out.to_string_lossy());
    let Some((compiler, mut args)) = lang.compile(&s, &o) else {
        return Ok(());
    };
    if builtin {
        args = ["-fno-asm", "-std=c++14", "-O2", "-o", &o, &s]
            .iter()
            .map(|a| a.to_string())
            .collect();
    }
    let result = std::process::Command::new(compiler)
        .args(&args)
        .stdin(std::process::Stdio::null())
        .output();
    let o = match result {
        Ok(o) => o,
        Err(e) => bail!(
            "cannot run `{compiler}` to compile {} ({e}); install it (Debian: apt-get install {})",
            src.display(),
            match compiler {
                "rustc" => "rustc, or https://rustup.rs",
                c => c,
            }
        ),
    };
    if !o.status.success() {
        bail!(
            "{compiler} {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&o.stderr).trim()
        );
    }
    Ok(())
}

/// The command a shell script in folder `$(dirname "$0")` runs for the shipped program
/// `name.<ext>` (compiled to `exe`, relative to the script's folder).
fn run_line(src: &Source, name: &str, exe: &str) -> String {
    match src.lang {
        Lang::Python => format!("python3 \"$(dirname \"$0\")/{name}.py\""),
        _ => format!("\"$(dirname \"$0\")/{exe}\""),
    }
}

/// A testlib package of a program problem: `validator.<ext>` and `checker.<ext>` (the
/// problem's sources, or the built-in checker as `checker.cpp`), compiled here into `bin/`
/// for the `checker` and `validator` scripts, the tests, Hydro's `config.yaml` and a README.
fn write_testlib_programs(
    config: &ProblemConfig,
    tests: &[PackageTest],
    parts: &ProgramParts,
    root: &Path,
    bar: &indicatif::ProgressBar,
) -> anyhow::Result<()> {
    let mut names = Vec::new();
    for (name, src) in [("validator", &parts.validator), ("checker", &parts.checker)] {
        let file = format!("{name}.{}", src.ext);
        write_file(&root.join(&file), &src.bytes)?;
        if src.lang != Lang::Python {
            std::fs::create_dir_all(root.join("bin"))
                .with_context(|| format!("cannot create {}", root.join("bin").display()))?;
            compile_here(
                src.lang,
                src.builtin,
                &root.join(&file),
                &root.join("bin").join(name),
            )?;
        }
        names.push(file);
    }
    for (i, t) in tests.iter().enumerate() {
        write_file(&root.join(format!("{}.in", i + 1)), &t.input)?;
        write_file(&root.join(format!("{}.ans", i + 1)), &t.answer)?;
        bar.inc(1);
    }
    write_script(
        &root.join("validator"),
        &format!(
            "#!/bin/sh\n# testlib validator: validator [--group G] < input; exit 0 valid.\n\
             # Generated by `gridjudge export`: runs {} (the problem's validator).\n\
             exec {} \"$@\"\n",
            names[0],
            run_line(&parts.validator, "validator", "bin/validator")
        ),
    )?;
    write_script(
        &root.join("checker"),
        &format!(
            "#!/bin/sh\n# testlib checker: checker <input> <output> <answer>; exit 0 AC, 1 WA, \
             2 PE, 3 FAIL.\n# Generated by `gridjudge export`: runs {}.\n\
             exec {} \"$@\"\n",
            names[1],
            run_line(&parts.checker, "checker", "bin/checker")
        ),
    )?;
    write_file(
        &root.join("config.yaml"),
        hydro_config(config, tests, &names[1], &names[0]).as_bytes(),
    )?;
    let mut readme = String::new();
    let _ = writeln!(readme, "{} — test data exported by gridjudge", config.title);
    let _ = writeln!(readme);
    let _ = writeln!(
        readme,
        "Limits: {} ms CPU time, {} MiB memory{}.",
        config.limits.time_ms,
        config.limits.memory_mib,
        config
            .limits
            .stack_mib
            .map(|s| format!(", {s} MiB stack"))
            .unwrap_or_default()
    );
    let _ = writeln!(
        readme,
        "Tests: N.in (input) and N.ans (jury answer), N = 1..{}.",
        tests.len()
    );
    let samples: Vec<usize> = (1..=tests.len())
        .filter(|&n| tests[n - 1].spec.sample)
        .collect();
    if !samples.is_empty() {
        let _ = writeln!(readme, "Samples: {}.", compress_ranges(&samples));
    }
    let _ = writeln!(readme, "Test groups (subtasks, also in config.yaml):");
    for (g, cases) in subtasks(tests) {
        let _ = writeln!(readme, "  {g}: {}", compress_ranges(&cases));
    }
    let _ = writeln!(readme);
    let checker_what = if parts.checker.builtin {
        "gridjudge's built-in checker as self-contained C++ source (C++14, no testlib.h)"
    } else {
        "the problem's own checker source"
    };
    let _ = writeln!(
        readme,
        "{:<13} the problem's own validator source, testlib convention:\n\
         \x20             validator [--group G] < input; exit 0 valid, otherwise invalid.\n\
         {:<13} {checker_what},\n\
         \x20             testlib convention: checker <input> <output> <answer>;\n\
         \x20             exit 0 AC, 1 WA, 2 PE, 3 FAIL; one line on stderr.\n\
         checker       the same checker, ready to run here (compiled into bin/)\n\
         validator     the same validator, ready to run here (compiled into bin/)\n\
         config.yaml   Hydro: time and memory limits, the checker, one subtask per test group.\n\
         The two scripts and bin/ are for running the package locally: the zip leaves them out.",
        names[0], names[1]
    );
    write_file(&root.join("README.txt"), readme.as_bytes())
}

/// The `build` script of a Kattis program folder holding `name.<ext>` of `src`: compiles it
/// into `name` there (nothing for Python), then makes `run` executable.
fn kattis_build_script(src: &Source, name: &str) -> String {
    let file = format!("{name}.{}", src.ext);
    let compile = if src.builtin {
        let define = if src.kattis_define { " -DKATTIS" } else { "" };
        Some(format!(
            "g++ -fno-asm -std=c++14 -O2{define} -o {name} {file}"
        ))
    } else {
        src.lang
            .compile(&file, name)
            .map(|(c, args)| format!("{c} {}", args.join(" ")))
    };
    format!(
        "#!/bin/sh\n# Generated by `gridjudge export`: compiles {file}.\nset -e\n\
         cd \"$(dirname \"$0\")\"\n{}chmod +x run\n",
        compile.map(|c| format!("{c}\n")).unwrap_or_default()
    )
}

/// The validators of a Kattis package: program folders `input_validators/gridjudge/` and
/// `output_dir` (`output_validators/gridjudge/` in legacy, `output_validator/` in 2025-09) with
/// the source, a `build` script that compiles it and a `run` script. A testlib-convention validator's `run` maps its
/// exit 0 to 42 and any other exit to 43 (a signal, exit > 128, to 1: a judge error), as
/// gridjudge reads it; a testlib-convention checker's `run` saves the output (stdin) in the
/// feedback folder, calls `checker <input> <output> <answer>` with stderr into
/// `judgemessage.txt` and maps 0 (and testlib's 7) to 42, 1 and 2 to 43, anything else to 1.
/// Kattis-convention programs (the built-in checker set up for Kattis, the `testlib/` sources
/// compiled with `-DKATTIS`) run as they are.
fn kattis_programs(parts: &ProgramParts, root: &Path, output_dir: &str) -> anyhow::Result<()> {
    for (folder, name, src) in [
        ("input_validators/gridjudge", "validator", &parts.validator),
        (output_dir, "checker", &parts.checker),
    ] {
        let dir = root.join(folder);
        write_file(&dir.join(format!("{name}.{}", src.ext)), &src.bytes)?;
        write_script(&dir.join("build"), &kattis_build_script(src, name))?;
        let call = run_line(src, name, name);
        let run = match (name, src.convention) {
            (_, Convention::Kattis) => format!(
                "#!/bin/sh\n# Kattis {}: generated by `gridjudge export`.\nexec {call} \"$@\"\n",
                if name == "validator" {
                    "input validator: run < input; exit 42 valid, 43 invalid"
                } else {
                    "output validator: run <input> <answer> <feedback_dir> < output; exit 42 AC, 43 WA"
                }
            ),
            ("validator", Convention::Testlib) => format!(
                "#!/bin/sh\n# Kattis input validator around the problem's testlib-convention \
                 validator (generated by `gridjudge export`):\n# run < input; exit 42 valid \
                 (its exit 0), 43 invalid (any other exit), 1 if it died of a signal.\n\
                 {call} \"$@\"\ncode=$?\n\
                 if [ \"$code\" -eq 0 ]; then exit 42; fi\n\
                 if [ \"$code\" -gt 128 ]; then exit 1; fi\nexit 43\n"
            ),
            (_, Convention::Testlib) => format!(
                "#!/bin/sh\n# Kattis output validator around the problem's testlib-convention \
                 checker (generated by `gridjudge export`):\n# run <input> <answer> \
                 <feedback_dir> < output; exit 42 AC (its 0 or 7), 43 WA (its 1 or 2), 1 \
                 otherwise.\nout=\"$3/gridjudge_output\"\ncat > \"$out\" || exit 1\n\
                 {call} \"$1\" \"$out\" \"$2\" 2> \"$3/judgemessage.txt\"\n\
                 case $? in\n  0|7) exit 42 ;;\n  1|2) exit 43 ;;\n  *) exit 1 ;;\nesac\n"
            ),
        };
        write_script(&dir.join("run"), &run)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::TestSpec;

    fn t(group: Option<&str>) -> PackageTest {
        PackageTest {
            name: String::new(),
            spec: TestSpec {
                gen: Some("x".into()),
                seed: Some(1),
                file: None,
                answer: None,
                group: group.map(String::from),
                sample: false,
            },
            input: Vec::new(),
            answer: Vec::new(),
        }
    }

    #[test]
    fn kattis_groups_are_numbered_folders_in_order_of_first_appearance() {
        let mut sample = t(Some("40"));
        sample.spec.sample = true;
        let tests = vec![sample, t(Some("n1")), t(None), t(Some("16")), t(Some("n1"))];
        let pair = |f: &str, g: &str| Some((f.to_string(), g.to_string()));
        assert_eq!(
            kattis_groups(&tests).unwrap(),
            vec![
                None,
                pair("01_n1", "n1"),
                pair("02_default", "default"),
                pair("03_16", "16"),
                pair("01_n1", "n1"),
            ]
        );
        // No secret test in a group: every test directly in data/secret.
        assert_eq!(
            kattis_groups(&[t(None), t(None)]).unwrap(),
            vec![None, None]
        );
        let e = kattis_groups(&[t(Some("a b"))]).unwrap_err().to_string();
        assert!(e.contains("test group `a b`"), "{e}");
        assert_eq!(group_args("default"), Vec::<String>::new());
        assert_eq!(yaml_list(&group_args("3x4")), r#"["--group", "3x4"]"#);
    }

    #[test]
    fn kattis_names_and_seconds() {
        for ok in ["a", "Z_9.in", "_x", "01_n1"] {
            assert!(kattis_file_name_ok(ok), "{ok}");
        }
        for bad in ["", ".timelimit", "-a", "a b", "é"] {
            assert!(!kattis_file_name_ok(bad), "{bad}");
        }
        assert!(!kattis_file_name_ok(&"a".repeat(256)));
        let cases = [(1000, "1"), (2000, "2"), (1500, "1.5"), (250, "0.25")];
        for (ms, s) in cases {
            assert_eq!(seconds(ms), s);
        }
        let dir = tempfile::tempdir().unwrap();
        for name in ["game", "a1"] {
            assert_eq!(kattis_short_name(&dir.path().join(name)).unwrap(), name);
        }
        for name in ["game-kattis", "Game", "game_1"] {
            let e = kattis_short_name(&dir.path().join(name))
                .unwrap_err()
                .to_string();
            assert!(e.contains("lowercase letters a-z and digits 0-9"), "{e}");
        }
    }

    #[test]
    fn statement_title_is_plain_problemname() {
        let dir = tempfile::tempdir().unwrap();
        let tex = dir.path().join("problem.en.tex");
        std::fs::write(&tex, "% x\n\\problemname{Bunny and Egg}\nText.\n").unwrap();
        assert_eq!(
            statement_title(dir.path()).as_deref(),
            Some("Bunny and Egg")
        );
        std::fs::write(&tex, "\\problemname{CO\\textsubscript{2}}\n").unwrap();
        assert_eq!(statement_title(dir.path()), None);
    }

    #[test]
    fn subtasks_follow_first_appearance_with_a_default() {
        let tests = vec![t(Some("small")), t(None), t(Some("small")), t(Some("40"))];
        assert_eq!(
            subtasks(&tests),
            vec![
                ("small".to_string(), vec![1, 3]),
                ("default".to_string(), vec![2]),
                ("40".to_string(), vec![4]),
            ]
        );
    }

    #[test]
    fn checker_options_are_written_into_the_cpp_checker_or_refused() {
        let game = crate::problems::by_name("game").unwrap();
        let cfg = ProblemConfig::load(game, None).unwrap();
        let path = Path::new("checker.cpp");
        let src = b"int a;\n  const bool row_major = false;\nint b;\n";
        let mut on = cfg.clone();
        on.checker
            .insert("row_major".into(), toml::Value::Boolean(true));
        assert_eq!(
            with_checker_options(&on, src, path).unwrap(),
            b"int a;\n  const bool row_major = true;\nint b;\n"
        );
        assert_eq!(with_checker_options(&cfg, src, path).unwrap(), src);
        // An option the source does not implement, or twice: refused, naming it.
        let e = with_checker_options(&on, b"int a;\n", path).unwrap_err();
        assert!(e.to_string().contains("`[checker] row_major`"), "{e}");
        let twice = b"const bool row_major = false;\nconst bool row_major = true;\n";
        assert!(with_checker_options(&on, twice, path).is_err());
        let mut bogus = cfg.clone();
        bogus
            .checker
            .insert("bogus".into(), toml::Value::Boolean(false));
        let e = with_checker_options(&bogus, src, path).unwrap_err();
        assert!(e.to_string().contains("`[checker] bogus`"), "{e}");
        let mut number = cfg;
        number
            .checker
            .insert("row_major".into(), toml::Value::Integer(1));
        let e = with_checker_options(&number, src, path).unwrap_err();
        assert!(e.to_string().contains("true or false"), "{e}");
    }

    #[test]
    fn builtin_checker_source_sets_its_constants() {
        let c = BuiltinChecker::from_name("float", Some(0.001), Some(1e-9)).unwrap();
        let src = builtin_checker_source(&c, true).unwrap();
        for line in [
            "const char* const kind = \"float\";\n",
            "const double abs_tol = 0.001;\n",
            "const double rel_tol = 1e-9;\n",
            "const bool kattis = true;\n",
        ] {
            assert_eq!(src.matches(line).count(), 1, "{line}");
        }
        // Only those four lines changed.
        let changed = src
            .lines()
            .zip(BUILTIN_CHECKER_CPP.lines())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            (changed, src.lines().count()),
            (4, BUILTIN_CHECKER_CPP.lines().count())
        );
        let e = set_constant("int a;\n", "const bool kattis = ", "true").unwrap_err();
        assert!(
            e.to_string().contains("0 lines `const bool kattis = ...`"),
            "{e}"
        );
    }

    #[test]
    fn ranges_and_escapes() {
        assert_eq!(compress_ranges(&[1, 2, 3, 5, 7, 8]), "1-3,5,7-8");
        assert_eq!(yaml_str("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert!(Format::parse("polygon2").is_err());
        let u = problem_uuid("game");
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert_ne!(u, problem_uuid("bunny"));
    }
}
