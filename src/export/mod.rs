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
//!   `kattis::write_kattis` for the layout. Both ship the validator and the checker as sources in
//!   program folders with `build` and `run` scripts (the judge compiles them), the test groups
//!   with their input validator flags, and `submissions/<verdict>/` copied from
//!   `problems/<p>/submissions/`; the destination's folder name must be a Kattis short name
//!   ([`kattis_short_name`]).
//! * [`Format::Polygon`] — a Polygon package (`problem.xml`), written by [`crate::export::polygon`].
//!
//! A built-in problem's Kattis package ships `problems/<p>/testlib/{validator,checker}.cpp`,
//! compiled by its `build` script with `-DKATTIS` (their Kattis convention). A program problem
//! ([`crate::problems::program`]) ships its own programs instead of gridjudge's binaries: its validator's
//! source; its checker's source (each with the rest of its folder in a Kattis package, with
//! its local `#include "..."` headers inlined in the others), or, for a built-in checker,
//! gridjudge's C++ source [`BUILTIN_CHECKER_CPP`] (no judge's standard checker judges
//! identically: testlib's `wcmp`/`lcmp` count only space, tab, CR and LF as white space, Kattis'
//! default output validator keeps a byte order mark in the first token and compares tokens as
//! C strings). Testlib packages compile them at export time into `bin/` for the `checker` and
//! `validator` scripts and refuse Kattis-convention programs; Kattis packages put each in a
//! program folder with `build` and `run` scripts, `run` adapting a testlib-convention program
//! to Kattis' exit codes (see `kattis::kattis_programs`).
//!
//! Interactive and multi-pass problems (`[interaction]`): Kattis packages declare them
//! (`validation: custom interactive`; 2025-09 `type:` and `limits.validation_passes`) and run
//! the interactor as the output validator (`kattis::write_kattis`); Polygon and testlib
//! packages carry a testlib-convention interactor written against testlib's API (a built-in
//! problem's from `problems/<p>/kattis/` or `testlib/`, `programs::builtin_interactor`); a
//! multi-pass problem is refused by every format but 2025-09 (`programs::check_interaction`).
//!
//! The export reads the *built* package (`problems/<p>/tests/`, written by
//! `gridjudge build`), checks every file against `tests.lock` and the validator corpus'
//! invalid inputs against the validator ([`crate::package::check_invalid_corpus`]), leaves out
//! disabled submissions ([`crate::judge::verify::DISABLED_SUFFIX`]), and knows the problem only
//! through [`Problem`] and its `problem.toml`. It writes into a temporary folder beside the
//! destination and renames it into place at the end, so a failed export leaves nothing behind;
//! an existing non-empty destination is an error unless `force` is set.
//!
//! The files of this folder, each one job: this one holds the options and [`export`], which
//! dispatches to a format's writer; `format` the [`Format`]s; `dest` the destination's safety
//! checks, its replacement and the zip; `testlib` the testlib package and Hydro's
//! `config.yaml`; `kattis` both Kattis versions and their YAML; [`kattis_version`] a Kattis
//! package worked on in place in the other version, with [`kattis_scoring`] for a scoring
//! problem's scores and expectations, and [`from_kattis`] one as a testlib or Polygon package
//! (both through [`export_package`]); `programs` the validator and checker sources a package
//! ships (a program problem's programs, the built-in checker's C++ source, compiled with
//! [`crate::exec::compile`]'s commands); [`polygon`] the Polygon package;
//! [`statement`] compiling statements with problemtools; [`shared`] what they all use. The
//! files import each other directly, never through this one (which imports them).
//!
//! Uses every layer below (problems, the package store, the exec layer's languages); not
//! `report`.

mod dest;
mod format;
pub mod from_kattis;
mod kattis;
pub mod kattis_scoring;
pub mod kattis_version;
pub mod polygon;
mod programs;
pub mod shared;
pub mod statement;
mod testlib;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::problem::{Problem, ProblemConfig};
use crate::problems::program::ProgramProblem;
use dest::{replace_folder, stage, write_zip, Staged};
use kattis::write_kattis;
use programs::ProgramParts;
use shared::load_built;
use testlib::{write_testlib, Binaries, Shipped};

pub use format::Format;
pub use kattis::{kattis_short_name, problem_uuid, SUBMISSION_FOLDERS};
pub use programs::{
    builtin_checker_source, kattis_default_checker_source, BUILTIN_CHECKER_CPP,
    TESTLIB_KATTIS_DEFAULT_CPP,
};
pub use testlib::{hydro_config, subtasks, TESTLIB_SOURCES};

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
    /// What the export left out because the target format has no place for it and it
    /// changes no verdict, one sentence each (a Kattis package exported in the other
    /// version: [`kattis_version::Written::notes`]); empty for gridjudge's own problems.
    pub notes: Vec<String>,
}

/// Exports the built package of `problem` in `opts.format` to `opts.out` (and `<out>.zip` when
/// `opts.zip`). Errors, writing nothing, when a Kattis export is to carry the compiled
/// statement ([`StatementBuild`]) and problemtools or a program it needs is missing, or the
/// statement does not compile or carries a hand-written sample ([`crate::export::statement::compile`]),
/// when the package is not built or stale, when the
/// `checker` or `validator` binary is missing from `opts.bin_dir` (built-in problems), when a
/// program problem's validator or checker cannot be shipped as a source in that format (a
/// header it includes missing, or one a one-file format cannot inline) or does not compile
/// here (the compiler's message), when the validator accepts an input of
/// `validator_corpus/invalid/`, when `opts.out` exists and
/// is not an empty folder (without `force`), or when `opts.out` is or holds the current
/// folder, the problem's folder or the binaries' folder, or lies inside the problem's folder
/// (even with `force`). The package is complete before anything is replaced: an existing
/// destination is moved aside, the new package renamed into place, and only then the old one
/// removed.
pub fn export(problem: &dyn Problem, opts: &ExportOptions) -> anyhow::Result<ExportReport> {
    export_with(problem, None, opts)
}

/// [`export`] with `problem.toml` already parsed as `config` when given (the registry's loaded
/// problem, `crate::problems::Loaded`), so that a command parses it once; `None` reads it at
/// the same point [`export`] does, so the errors come in the same order.
pub fn export_with(
    problem: &dyn Problem,
    config: Option<&ProblemConfig>,
    opts: &ExportOptions,
) -> anyhow::Result<ExportReport> {
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
    let config = match config {
        Some(c) => c.clone(),
        None => ProblemConfig::load(problem, Some(&dir.join("problem.toml")))?,
    };
    // Every format names the problem by problem.toml's title: the statement must say the same.
    crate::problem::title::check_statement_title(&dir, &config.title)?;
    // A multi-pass problem exists only in the Kattis format 2025-09.
    programs::check_interaction(&config, opts.format, &dir.join("problem.toml"))?;
    // A program problem ships its own programs (and gridjudge's built-in checker as C++
    // source); a built-in problem ships its testlib/ sources (and, in a testlib package,
    // gridjudge's binaries for running the package here).
    let shipped = match ProgramProblem::of(problem) {
        Some(pp) => Shipped::Programs(Box::new(ProgramParts::of(pp, opts.format)?)),
        None => {
            same_rules_as_shipped(problem, &config, &dir)?;
            if opts.format.is_kattis() {
                Shipped::Programs(Box::new(ProgramParts::testlib_sources(
                    &config,
                    &dir,
                    &shared::validator_dir(problem, &dir),
                )?))
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
    // Judges are told the validator corpus' invalid inputs are invalid (Kattis 2025-09's
    // data/invalid_input, Polygon's validator tests): the validator must reject each.
    crate::package::check_invalid_corpus(problem, &config, &dir)?;
    let Staged {
        out,
        zip: zip_path,
        tmp,
    } = stage(&opts.out, &dir, &opts.bin_dir, opts.force, opts.zip)?;
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
        notes: Vec::new(),
    })
}

/// Exports the Kattis package `package` (worked on in place): in the other version of the
/// format (`opts.format` [`Format::Kattis`] for a 2025-09 package, [`Format::Kattis2025`] for
/// a legacy one; [`kattis_version::write()`] says what is rewritten, refused and left out), or
/// as a testlib or Polygon package ([`from_kattis::write()`]: a package judged by the default
/// output validator, which it ships as a testlib-API checker). The data is checked against
/// the package's lock first ([`crate::package::kattis::checked_cases`]); the destination is
/// handled as [`export`] handles it (written beside it, renamed into place; `force`; `zip`).
/// `opts.problems_dir`, `opts.bin_dir` and `opts.statement` are not used: the package ships
/// its statement as it has it (Polygon: its LaTeX source in Polygon's form).
///
/// Errors: the destination's folder name is no Kattis short name (Kattis formats); the data
/// differs from the lock; what [`kattis_version::write()`] or [`from_kattis::write()`]
/// refuses; the destination errors of [`export`].
pub fn export_package(
    package: &crate::problems::kattis::Package,
    opts: &ExportOptions,
) -> anyhow::Result<ExportReport> {
    use crate::problems::kattis::Version;
    let to = match opts.format {
        Format::Kattis => Some(Version::Legacy),
        Format::Kattis2025 => Some(Version::V2025_09),
        Format::Testlib | Format::Polygon => None,
    };
    let short = match to {
        Some(_) => kattis_short_name(&opts.out)?,
        // Polygon's short name is the problem's: the package folder's name (`.` resolved).
        None => (std::fs::canonicalize(&package.dir).ok())
            .as_deref()
            .unwrap_or(&package.dir)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "problem".into()),
    };
    crate::package::kattis::checked_cases(package)?;
    let Staged {
        out,
        zip: zip_path,
        tmp,
    } = stage(&opts.out, &package.dir, &opts.bin_dir, opts.force, opts.zip)?;
    let written = match to {
        Some(to) => kattis_version::write(package, to, &short, tmp.path())?,
        None => from_kattis::write(package, opts.format, &short, tmp.path())?,
    };
    let zip = match &zip_path {
        Some(z) => {
            write_zip(tmp.path(), z, opts.format)?;
            Some(z.clone())
        }
        None => None,
    };
    replace_folder(tmp, &out)?;
    Ok(ExportReport {
        out: opts.out.clone(),
        tests: written.tests,
        samples: written.samples,
        submissions: written.submissions,
        zip,
        notes: written.notes,
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

#[cfg(test)]
mod tests {
    use super::*;
    use shared::yaml_str;
    use testlib::compress_ranges;

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
