//! Shipping a problem's validator and checker as sources: a program problem's own programs
//! (`[programs]` in `problem.toml`), gridjudge's built-in checker as C++ source with its
//! constants set ([`builtin_checker_source`]), or a built-in problem's `testlib/` sources for
//! a Kattis package ([`ProgramParts`]); compiling them here ([`compile_here`]) with the
//! compile commands of [`crate::exec::compile`], the one language table. A program of several
//! files ships whole: in a Kattis package with its folder ([`Source::beside`]), in the formats
//! that take one file with its local headers inlined ([`one_file`]).
//!
//! Uses the core layer (built-in checkers), the problem's config and `[programs]`, program
//! problems, the exec layer's languages, [`super::format`] and [`super::shared`].

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::format::Format;
use super::shared::with_checker_options;
use crate::core::checkers::BuiltinChecker;
use crate::core::output_validator::DefaultOutputValidator;
use crate::exec::compile::{compile_command, SubmissionKind};
use crate::problem::programs::{Convention, ProgramSpec};
use crate::problem::ProblemConfig;
use crate::problems::program::ProgramProblem;

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
        text = set_constant("checker/builtin/builtin.cpp", &text, decl, &value)?;
    }
    Ok(text)
}

/// The Kattis problem package format's default output validator (spec section "Default output
/// validator specification") as one C++ source written against testlib's API
/// (`checker/builtin/testlib_kattis_default.cpp`): the verdict of
/// [`DefaultOutputValidator::check`] on every output (but for what testlib itself decides, as
/// its header comment lists: a UTF-8 byte order mark at the start of the output is skipped,
/// outputs over 128 MiB are refused), with the options as compile-time constants that
/// [`kattis_default_checker_source`] sets. For a Kattis package exported to Polygon or another
/// testlib judge, which builds it with its own testlib.h.
pub const TESTLIB_KATTIS_DEFAULT_CPP: &str =
    include_str!("../../checker/builtin/testlib_kattis_default.cpp");

/// [`TESTLIB_KATTIS_DEFAULT_CPP`] with its six constant lines set from `v`:
/// `const bool case_sensitive`, `const bool space_change_sensitive`, `const bool has_abs_tol`
/// with `const double abs_tol` and `const bool has_rel_tol` with `const double rel_tol` (a
/// tolerance that is not set is `false` and `0.0`; one that is set is written as Rust's
/// shortest round-trip decimal, `{:?}`, which a C++ compiler reads back to the same double).
/// The rest of the text is unchanged.
///
/// Errors if a tolerance is not a finite number ≥ 0 (what
/// [`DefaultOutputValidator::from_args`] guarantees, but the fields are public), or if the
/// source lost one of its constant lines. O(source length).
pub fn kattis_default_checker_source(v: &DefaultOutputValidator) -> anyhow::Result<String> {
    let tolerance = |name: &str, t: Option<f64>| -> anyhow::Result<(bool, String)> {
        match t {
            None => Ok((false, format!("{:?}", 0.0))),
            Some(e) if e.is_finite() && e >= 0.0 => Ok((true, format!("{e:?}"))),
            Some(e) => bail!(
                "default output validator: {name} {e} is not a finite number >= 0, which the \
                 checker source cannot take"
            ),
        }
    };
    let (has_abs, abs) = tolerance("float_absolute_tolerance", v.float_absolute_tolerance)?;
    let (has_rel, rel) = tolerance("float_relative_tolerance", v.float_relative_tolerance)?;
    let mut text = TESTLIB_KATTIS_DEFAULT_CPP.to_string();
    for (decl, value) in [
        ("const bool case_sensitive = ", v.case_sensitive.to_string()),
        (
            "const bool space_change_sensitive = ",
            v.space_change_sensitive.to_string(),
        ),
        ("const bool has_abs_tol = ", has_abs.to_string()),
        ("const double abs_tol = ", abs),
        ("const bool has_rel_tol = ", has_rel.to_string()),
        ("const double rel_tol = ", rel),
    ] {
        text = set_constant(
            "checker/builtin/testlib_kattis_default.cpp",
            &text,
            decl,
            &value,
        )?;
    }
    Ok(text)
}

/// `text` (the source `file`) with its one line that starts (after indentation) with `decl`
/// replaced by `decl value;`. Errors, naming `file`, unless exactly one line does.
fn set_constant(file: &str, text: &str, decl: &str, value: &str) -> anyhow::Result<String> {
    let hits = text
        .lines()
        .filter(|l| l.trim_start().starts_with(decl))
        .count();
    if hits != 1 {
        bail!("{file} has {hits} lines `{decl}...`, expected exactly one");
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

/// The compiler and its arguments turning `src` into the executable `out`: the command of
/// `kind` in [`compile_command`] (the one `judge` uses), so a package's programs are built as
/// gridjudge builds them. `None` for what is not compiled (Python, run with `python3`).
pub(super) fn compile_args(
    kind: &SubmissionKind,
    src: &str,
    out: &str,
) -> Option<(&'static str, Vec<String>)> {
    let (compiler, template) = compile_command(kind)?;
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

/// A source file the package ships: its bytes, language, extension and convention.
pub(super) struct Source {
    /// The source's bytes, as shipped.
    pub(super) bytes: Vec<u8>,
    /// Its language ([`SubmissionKind::of_source`]): C, C++, Rust or Python.
    pub(super) kind: SubmissionKind,
    /// Its extension, which its file in the package keeps (`cpp`, `cc`, `py`, ...).
    pub(super) ext: String,
    /// Its calling convention.
    pub(super) convention: Convention,
    /// gridjudge's own C++14 source (the built-in checker, a problem's `testlib/` sources):
    /// compiled with Luogu's flags `-fno-asm -std=c++14 -O2`.
    pub(super) builtin: bool,
    /// The source takes the Kattis convention when compiled with `-DKATTIS` (the `testlib/`
    /// sources of a built-in problem).
    pub(super) kattis_define: bool,
    /// The files a Kattis program folder ships beside it (path relative to the folder,
    /// bytes): the rest of the program's own folder ([`program_folder`]); empty for the other
    /// formats, whose one file has its local headers inlined ([`inline_local_includes`]).
    pub(super) beside: Vec<(PathBuf, Vec<u8>)>,
}

impl Source {
    /// Whether it is run by `python3` rather than compiled.
    pub(super) fn is_python(&self) -> bool {
        matches!(self.kind, SubmissionKind::Python(_))
    }
}

/// The validator, checker and interactor a problem's package ships.
pub(super) struct ProgramParts {
    /// The validator.
    pub(super) validator: Source,
    /// The checker; `None` for an interactive problem whose interactor judges alone.
    pub(super) checker: Option<Source>,
    /// The interactor of an interactive problem (`[interaction] interactive = true`).
    pub(super) interactor: Option<Source>,
}

/// Errors unless `format` can carry a problem with `config`'s `[interaction]`: a multi-pass
/// problem exists only in the Kattis format 2025-09 (Polygon's two-run problems, ejudge and
/// Hydro have no `nextpass.in`, and the legacy Kattis format has no multi-pass validation), so
/// every other format refuses it, naming why. `what` names the problem's `problem.toml`.
pub(super) fn check_interaction(
    config: &ProblemConfig,
    format: Format,
    what: &Path,
) -> anyhow::Result<()> {
    if config.interaction.multi_pass && format != Format::Kattis2025 {
        bail!(
            "{}: [interaction] multi_pass = true, but a {} package cannot carry a multi-pass \
             problem: only the Kattis problem package format 2025-09 runs a submission again on \
             the validator's nextpass.in (`limits.validation_passes`); export it with --format \
             kattis-2025-09",
            what.display(),
            format.name()
        );
    }
    Ok(())
}

impl ProgramParts {
    /// The sources of `pp`'s validator and checker for `format`. Errors, naming the
    /// `problem.toml` entry and what to change: a program given as a `command` or as a file
    /// that is no C, C++, Rust or Python source (a package ships sources); a Kattis-convention
    /// validator or checker in a testlib package (testlib judges read exit 0 as valid/AC).
    pub(super) fn of(pp: &ProgramProblem, format: Format) -> anyhow::Result<ProgramParts> {
        let programs = pp.programs();
        let toml = pp.dir().join("problem.toml");
        let validator = program_source(pp, "validator", &programs.validator, format)?;
        let checker = match pp.builtin_checker() {
            Some(b) => Source {
                bytes: builtin_checker_source(b, format.is_kattis())?.into_bytes(),
                kind: SubmissionKind::Cpp(PathBuf::from("checker.cpp")),
                ext: "cpp".into(),
                convention: if format.is_kattis() {
                    Convention::Kattis
                } else {
                    Convention::Testlib
                },
                builtin: true,
                kattis_define: false,
                beside: Vec::new(),
            },
            None => match &programs.checker {
                Some(spec) => program_source(pp, "checker", spec, format)?,
                None => {
                    let interactor = programs.interactor.as_ref().map(|i| i.table());
                    let interactor = interactor.as_ref();
                    if interactor.and_then(|i| i.convention) != Some(Convention::Kattis) {
                        bail!(
                            "{}: [programs] has no checker, and only a Kattis-convention \
                             interactor (convention = \"kattis\") judges alone: a \
                             testlib-convention interactor leaves the verdict of its log to \
                             the checker. Declare [programs] checker",
                            toml.display()
                        );
                    }
                    return Self::with_interactor(pp, format, validator, None);
                }
            },
        };
        Self::with_interactor(pp, format, validator, Some(checker))
    }

    /// The rest of [`ProgramParts::of`]: the interactor of an interactive problem, and the
    /// testlib package's refusal of Kattis-convention programs. Errors naming `problem.toml`:
    /// an interactive problem without `[programs] interactor`, a Kattis-convention checker
    /// beside an interactor (only a testlib-convention interactor hands a log to a checker).
    fn with_interactor(
        pp: &ProgramProblem,
        format: Format,
        validator: Source,
        checker: Option<Source>,
    ) -> anyhow::Result<ProgramParts> {
        let programs = pp.programs();
        let config = pp.config();
        let toml = pp.dir().join("problem.toml");
        let interactor = match (&programs.interactor, config.interaction.interactive) {
            (Some(spec), true) => Some(program_source(pp, "interactor", spec, format)?),
            (None, true) => bail!(
                "{}: [interaction] interactive = true but [programs] names no interactor",
                toml.display()
            ),
            (_, false) => None,
        };
        if let (Some(i), Some(c)) = (&interactor, &checker) {
            if i.convention == Convention::Kattis {
                bail!(
                    "{}: [programs] interactor has convention = \"kattis\" and decides the \
                     verdict itself, yet a checker is declared too; remove the checker, or give a \
                     testlib-convention interactor (whose log the checker reads)",
                    toml.display()
                );
            }
            if c.convention == Convention::Kattis {
                bail!(
                    "{}: [programs] checker of an interactive problem reads the \
                     testlib-convention interactor's log as `checker <input> <log> <answer>`, \
                     so it must have convention = \"testlib\"",
                    toml.display()
                );
            }
        }
        if config.interaction.multi_pass && format.is_kattis() {
            let judge = interactor.as_ref().or(checker.as_ref());
            if judge.is_some_and(|j| j.convention != Convention::Kattis) {
                bail!(
                    "{}: a multi-pass problem's {} must have convention = \"kattis\": only a \
                     Kattis output validator gets the feedback folder where it writes \
                     nextpass.in",
                    toml.display(),
                    if interactor.is_some() {
                        "interactor"
                    } else {
                        "checker"
                    }
                );
            }
        }
        if format == Format::Testlib {
            // The interactor first: the one part a setter cannot swap for another convention
            // with a line of problem.toml.
            let named = [
                ("interactor", interactor.as_ref()),
                ("validator", Some(&validator)),
                ("checker", checker.as_ref()),
            ];
            for (what, src) in named {
                let Some(src) = src else { continue };
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
        Ok(ProgramParts {
            validator,
            checker,
            interactor,
        })
    }

    /// A built-in problem's self-contained C++ sources `validator_dir/testlib/validator.cpp`
    /// and `problem_dir/testlib/checker.cpp` (the checker with `config`'s checker options
    /// written in, see [`with_checker_options`]; none for an interactive problem, whose
    /// interactor judges) for a Kattis package: both take the Kattis convention when compiled
    /// with `-DKATTIS`. `validator_dir` is [`super::shared::validator_dir`]. Errors when a source
    /// cannot be read or an option is not implemented.
    pub(super) fn testlib_sources(
        config: &ProblemConfig,
        problem_dir: &Path,
        validator_dir: &Path,
    ) -> anyhow::Result<ProgramParts> {
        let read = |name: &str| -> anyhow::Result<Source> {
            let dir = if name == "validator.cpp" {
                validator_dir
            } else {
                problem_dir
            };
            let path = dir.join("testlib").join(name);
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
                kind: SubmissionKind::Cpp(path),
                ext: "cpp".into(),
                convention: Convention::Kattis,
                builtin: true,
                kattis_define: true,
                beside: Vec::new(),
            })
        };
        let interactor = if config.interaction.interactive {
            Some(builtin_interactor(problem_dir, Format::Kattis)?)
        } else {
            None
        };
        Ok(ProgramParts {
            validator: read("validator.cpp")?,
            checker: if interactor.is_some() {
                None
            } else {
                Some(read("checker.cpp")?)
            },
            interactor,
        })
    }
}

/// The interactor of an interactive built-in problem as `format` ships it:
/// `problem_dir/kattis/interactor.cpp` (self-contained, Kattis convention) for a Kattis
/// package, `problem_dir/testlib/interactor.cpp` (written against testlib's API, which each
/// judge compiles with its own `testlib.h`) for the others. Errors naming the missing file.
pub(super) fn builtin_interactor(problem_dir: &Path, format: Format) -> anyhow::Result<Source> {
    let (folder, convention, why) = if format.is_kattis() {
        (
            "kattis",
            Convention::Kattis,
            "a Kattis package ships the problem's self-contained C++ interactor in the Kattis \
             convention (exit 42/43)",
        )
    } else {
        (
            "testlib",
            Convention::Testlib,
            "Polygon and testlib packages ship the problem's interactor written against \
             testlib's API",
        )
    };
    let path = problem_dir.join(folder).join("interactor.cpp");
    let bytes =
        std::fs::read(&path).with_context(|| format!("cannot read {}: {why}", path.display()))?;
    Ok(Source {
        bytes,
        kind: SubmissionKind::Cpp(path),
        ext: "cpp".into(),
        convention,
        builtin: false,
        kattis_define: false,
        beside: Vec::new(),
    })
}

/// The source of `pp`'s program `spec` (called `what` in problem.toml's `[programs]`) as
/// `format` ships it: in a Kattis package with the rest of its folder beside it
/// ([`program_folder`]), else as one file ([`one_file`]).
fn program_source(
    pp: &ProgramProblem,
    what: &str,
    spec: &ProgramSpec,
    format: Format,
) -> anyhow::Result<Source> {
    let toml = pp.dir().join("problem.toml");
    let t = spec.table();
    let Some(rel) = t.source else {
        bail!(
            "{}: [programs] {what} is a command line; an export ships the {what}'s source, so \
             declare it as `source = \"PATH\"` (a C, C++, Rust or Python file)",
            toml.display()
        );
    };
    let kind = SubmissionKind::of_source(Path::new(&rel)).filter(|k| {
        matches!(
            k,
            SubmissionKind::Cpp(_)
                | SubmissionKind::C(_)
                | SubmissionKind::Rust(_)
                | SubmissionKind::Python(_)
        )
    });
    let ext = Path::new(&rel).extension().and_then(|e| e.to_str());
    let (Some(kind), Some(ext)) = (kind, ext) else {
        bail!(
            "{}: [programs] {what} `{rel}` is not a C, C++, Rust or Python source \
             (.c, .cpp/.cc/.cxx, .rs, .py); an export ships sources that judges compile",
            toml.display()
        );
    };
    let ext = ext.to_string();
    let path = pp.dir().join(&rel);
    let (bytes, beside) = if format.is_kattis() {
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let beside = program_folder(pp.dir(), &path, &bytes, what, &ext)?;
        (bytes, beside)
    } else {
        (one_file(pp.dir(), &rel, what, format)?, Vec::new())
    };
    Ok(Source {
        bytes,
        kind,
        ext,
        convention: t.convention.unwrap_or_default(),
        builtin: false,
        kattis_define: false,
        beside,
    })
}

/// Whether the file named `name` is a C or C++ source or header, whose quoted includes a
/// one-file package can inline.
fn is_c_family(name: &str) -> bool {
    let ext = Path::new(name).extension().and_then(|e| e.to_str());
    matches!(
        ext,
        Some("c" | "cc" | "cpp" | "cxx" | "h" | "hh" | "hpp" | "hxx")
    )
}

/// The header every judge that takes one file compiles a checker or validator against with
/// its own copy (Polygon, CMS, p2d, Hydro): an export keeps `#include "testlib.h"` as it is.
const JUDGES_HEADER: &str = "testlib.h";

/// The names in the `#include "NAME"` lines of `text`, each with its line's index.
fn quoted_includes(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let rest = rest.strip_prefix('"')?;
            Some((i, rest[..rest.find('"')?].to_string()))
        })
        .collect()
}

/// The program `rel` of the problem folder `problem_dir` (called `what` in `[programs]`) as
/// the one file a Polygon or testlib package (Hydro, Luogu) takes: a C or C++ source with its
/// local headers inlined ([`inline_local_includes`]); any other source as it is, unless its
/// folder (when it has one of its own, not the problem folder) holds other files, which a
/// one-file package cannot carry. Errors name the file that cannot be shipped.
pub(super) fn one_file(
    problem_dir: &Path,
    rel: &str,
    what: &str,
    format: Format,
) -> anyhow::Result<Vec<u8>> {
    let path = problem_dir.join(rel);
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    if is_c_family(rel) {
        return inline_local_includes(&path, &bytes);
    }
    let others = folder_files(problem_dir, &path)?;
    if let Some((first, _)) = others.first() {
        let folder = path.parent().unwrap_or(problem_dir);
        bail!(
            "{}: the {what}'s folder also holds {}{}, but a {} package takes the {what} as one \
             file (only C and C++ sources get their `#include \"...\"` headers inlined); \
             make the {what} one file, or export with --format kattis",
            path.display(),
            folder.join(first).display(),
            match others.len() {
                1 => String::new(),
                n => format!(" and {} other file(s)", n - 1),
            },
            format.name()
        );
    }
    Ok(bytes)
}

/// The C or C++ `source` (the text of the file `path`) with every `#include "NAME"` of a file
/// beside the including file replaced by that file's text, between two comment lines, as a
/// preprocessor would, recursively and each file once (a later `#include` of a file already
/// inlined is dropped, as its include guard would make it; `#pragma once` lines of inlined
/// files are dropped). `#include "testlib.h"` is kept as it is ([`JUDGES_HEADER`]), as are
/// `#include <...>` lines. Errors naming the including file and the header when a quoted
/// header is not beside it or cannot be read, or past 256 inlined files.
pub(super) fn inline_local_includes(path: &Path, source: &[u8]) -> anyhow::Result<Vec<u8>> {
    Ok(inlined(path, source)?.0)
}

/// [`inline_local_includes`], and the real paths of the headers it inlined, in order.
fn inlined(path: &Path, source: &[u8]) -> anyhow::Result<(Vec<u8>, Vec<PathBuf>)> {
    fn inline(
        path: &Path,
        text: &str,
        top: bool,
        seen: &mut Vec<PathBuf>,
        out: &mut String,
    ) -> anyhow::Result<()> {
        let includes = quoted_includes(text);
        let dir = path.parent().unwrap_or(Path::new("."));
        for (i, line) in text.lines().enumerate() {
            let Some((_, name)) = includes.iter().find(|(j, _)| *j == i) else {
                let directive = line.trim_start().strip_prefix('#').map(str::trim_start);
                let once = directive
                    .and_then(|p| p.strip_prefix("pragma"))
                    .is_some_and(|p| p.trim() == "once");
                if top || !once {
                    out.push_str(line);
                    out.push('\n');
                }
                continue;
            };
            let header = dir.join(name);
            if Path::new(name).file_name() == Some(JUDGES_HEADER.as_ref()) {
                // Each judge compiles against its own testlib.h.
                out.push_str(line);
                out.push('\n');
                continue;
            }
            if !header.is_file() {
                bail!(
                    "{} includes \"{name}\", but {} does not exist: a package ships this \
                     program with the headers found beside it, as the compiler finds them",
                    path.display(),
                    header.display()
                );
            }
            let key = header
                .canonicalize()
                .with_context(|| format!("cannot read {}", header.display()))?;
            if seen.contains(&key) {
                let _ = writeln!(out, "// (\"{name}\" is inlined above)");
                continue;
            }
            if seen.len() > 256 {
                bail!("{}: more than 256 headers to inline", path.display());
            }
            seen.push(key);
            let bytes = std::fs::read(&header)
                .with_context(|| format!("cannot read {}", header.display()))?;
            let inner = String::from_utf8(bytes).map_err(|_| {
                anyhow::anyhow!(
                    "{} (included by {}) is not UTF-8 text",
                    header.display(),
                    path.display()
                )
            })?;
            let _ = writeln!(out, "// ---- \"{name}\", inlined by gridjudge export ----");
            inline(&header, &inner, false, seen, out)?;
            let _ = writeln!(out, "// ---- end of \"{name}\" ----");
        }
        Ok(())
    }
    let text = String::from_utf8(source.to_vec())
        .map_err(|_| anyhow::anyhow!("{} is not UTF-8 text", path.display()))?;
    let mut seen = vec![path
        .canonicalize()
        .with_context(|| format!("cannot read {}", path.display()))?];
    let mut out = String::with_capacity(text.len());
    inline(path, &text, true, &mut seen, &mut out)?;
    if seen.len() == 1 {
        // Nothing to inline: the source as it is, byte for byte.
        return Ok((source.to_vec(), Vec::new()));
    }
    seen.remove(0);
    Ok((out.into_bytes(), seen))
}

/// The files of the folder of the program `path` other than `path` itself, recursively, with
/// their paths relative to that folder, in name order; none when the folder is the problem
/// folder `problem_dir` itself (not the program's own). Hidden files and folders,
/// `__pycache__` and compiled executables (ELF files) are left out. Errors when a file cannot
/// be read.
fn folder_files(problem_dir: &Path, path: &Path) -> anyhow::Result<Vec<(PathBuf, Vec<u8>)>> {
    fn walk(
        root: &Path,
        dir: &Path,
        skip: &Path,
        out: &mut Vec<(PathBuf, Vec<u8>)>,
    ) -> anyhow::Result<()> {
        for p in super::shared::sorted_entries(dir)? {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name.starts_with('.') || name == "__pycache__" {
                continue;
            }
            if p.is_dir() {
                walk(root, &p, skip, out)?;
            } else if p.is_file() && p.canonicalize().ok().as_deref() != Some(skip) {
                let bytes =
                    std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))?;
                if !bytes.starts_with(b"\x7fELF") {
                    let rel = p.strip_prefix(root).unwrap_or(&p).to_path_buf();
                    out.push((rel, bytes));
                }
            }
        }
        Ok(())
    }
    let real = |p: &Path| {
        p.canonicalize()
            .with_context(|| format!("cannot read {}", p.display()))
    };
    let file = real(path)?;
    let folder = path.parent().unwrap_or(problem_dir);
    if real(folder)? == real(problem_dir)? {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    walk(folder, folder, &file, &mut out)?;
    Ok(out)
}

/// What a Kattis program folder ships beside the program `path` (whose text is `bytes`,
/// called `what` in `[programs]` and shipped as `what.ext`): the rest of its folder
/// ([`folder_files`]), or, for a program directly in the problem folder, the headers it
/// includes (C and C++). Errors naming the file when a C or C++ source includes a quoted header
/// that is not beside its includer or lies outside the program's folder, or when a file of the
/// folder would take the name of the program folder's `build`, `run` or `what.ext`.
fn program_folder(
    problem_dir: &Path,
    path: &Path,
    bytes: &[u8],
    what: &str,
    ext: &str,
) -> anyhow::Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut beside = folder_files(problem_dir, path)?;
    let own_folder = !beside.is_empty();
    if is_c_family(&path.to_string_lossy()) {
        let folder = path.parent().unwrap_or(problem_dir);
        let real_folder = folder
            .canonicalize()
            .with_context(|| format!("cannot read {}", folder.display()))?;
        for header in inlined(path, bytes)?.1 {
            let Ok(rel) = header.strip_prefix(&real_folder) else {
                bail!(
                    "{} includes {}, which is outside the {what}'s folder {}: a Kattis package \
                     ships that folder; move the header into it",
                    path.display(),
                    header.display(),
                    folder.display()
                );
            };
            if !own_folder && !beside.iter().any(|(p, _)| p == rel) {
                let b = std::fs::read(&header)
                    .with_context(|| format!("cannot read {}", header.display()))?;
                beside.push((rel.to_path_buf(), b));
            }
        }
    }
    let main = format!("{what}.{ext}");
    for (rel, _) in &beside {
        if [main.as_str(), "build", "run"].contains(&rel.to_string_lossy().as_ref()) {
            bail!(
                "{}: a Kattis package ships the {what} as {main} with `build` and `run` \
                 scripts in its folder, and this file of its folder would take one of these \
                 names; rename it",
                path.parent().unwrap_or(problem_dir).join(rel).display()
            );
        }
    }
    Ok(beside)
}

/// Compiles `src` (language `kind`, or the built-in checker's C++14 with `builtin`) into the
/// executable `out` on this machine; nothing for Python. Errors with the compiler's message, or
/// naming the missing compiler and how to get it.
pub(super) fn compile_here(
    kind: &SubmissionKind,
    builtin: bool,
    src: &Path,
    out: &Path,
) -> anyhow::Result<()> {
    let (s, o) = (src.to_string_lossy(), out.to_string_lossy());
    let Some((compiler, mut args)) = compile_args(kind, &s, &o) else {
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
            "cannot run `{compiler}` to compile {} ({e}); install it ({}`apt-get install {}`)",
            src.display(),
            match compiler {
                "rustc" => "https://rustup.rs, or Debian: ",
                _ => "Debian: ",
            },
            compiler
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
pub(super) fn run_line(src: &Source, name: &str, exe: &str) -> String {
    if src.is_python() {
        format!("python3 \"$(dirname \"$0\")/{name}.py\"")
    } else {
        format!("\"$(dirname \"$0\")/{exe}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(root: &Path, files: &[(&str, &str)]) {
        for (rel, text) in files {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
    }

    #[test]
    fn local_headers_are_inlined_recursively_once_each() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        put(
            d,
            &[
                (
                    "v/main.cc",
                    "#include <cstdio>\n#include \"a.h\"\n #  include \"lib/b.h\"\n\
                     #include \"testlib.h\"\nint main() {}\n",
                ),
                ("v/a.h", "#pragma once\n#include \"lib/b.h\"\nint a;\n"),
                ("v/lib/b.h", "#include \"c.h\"\nint b;\n"),
                ("v/lib/c.h", "int c;\n"),
            ],
        );
        let main = d.join("v/main.cc");
        let out = inline_local_includes(&main, &std::fs::read(&main).unwrap()).unwrap();
        let out = String::from_utf8(out).unwrap();
        let code: Vec<&str> = out.lines().filter(|l| !l.starts_with("//")).collect();
        // c.h is found beside b.h, its includer; b.h once; testlib.h kept for the judge.
        assert_eq!(
            code,
            [
                "#include <cstdio>",
                "int c;",
                "int b;",
                "int a;",
                "#include \"testlib.h\"",
                "int main() {}"
            ],
            "{out}"
        );
        // Nothing to inline: the very bytes.
        put(d, &[("w/plain.cc", "#include <cstdio>\r\nint main() {}")]);
        let plain = d.join("w/plain.cc");
        let bytes = std::fs::read(&plain).unwrap();
        assert_eq!(inline_local_includes(&plain, &bytes).unwrap(), bytes);
    }

    #[test]
    fn what_cannot_be_one_file_is_refused_naming_the_file() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        put(
            d,
            &[
                ("v/main.cc", "#include \"gone.h\"\nint main() {}\n"),
                ("p/check.py", "import helper\n"),
                ("p/helper.py", "x = 1\n"),
                ("alone.py", "print(1)\n"),
                ("k/validator.cc", "int x;\n"),
                ("k/main.cc", "#include \"../shared.h\"\nint main() {}\n"),
                ("shared.h", "int s;\n"),
            ],
        );
        let e = one_file(d, "v/main.cc", "validator", Format::Testlib).unwrap_err();
        let e = format!("{e:#}");
        assert!(
            e.contains("main.cc includes \"gone.h\"") && e.contains("v/gone.h does not exist"),
            "{e}"
        );
        let e = format!(
            "{:#}",
            one_file(d, "p/check.py", "checker", Format::Polygon).unwrap_err()
        );
        assert!(
            e.contains("p/helper.py") && e.contains("polygon package"),
            "{e}"
        );
        // A program directly in the problem folder has no folder of its own.
        assert_eq!(
            one_file(d, "alone.py", "checker", Format::Testlib).unwrap(),
            b"print(1)\n"
        );
        // Kattis: the folder is shipped, so a header outside it or a file taking the name of
        // the shipped source is refused.
        let main = d.join("k/main.cc");
        let bytes = std::fs::read(&main).unwrap();
        let e = program_folder(d, &main, &bytes, "validator", "cc").unwrap_err();
        assert!(
            format!("{e:#}").contains("outside the validator's folder"),
            "{e:#}"
        );
        std::fs::write(&main, "int main() {}\n").unwrap();
        let e = program_folder(d, &main, b"int main() {}\n", "validator", "cc").unwrap_err();
        assert!(
            format!("{e:#}").contains("k/validator.cc: a Kattis package"),
            "{e:#}"
        );
        std::fs::remove_file(d.join("k/validator.cc")).unwrap();
        std::fs::write(d.join("k/util.h"), "int u;\n").unwrap();
        let beside = program_folder(d, &main, b"int main() {}\n", "validator", "cc").unwrap();
        assert_eq!(beside, [(PathBuf::from("util.h"), b"int u;\n".to_vec())]);
    }

    /// A built-in interactive problem ships `kattis/interactor.cpp` in a Kattis package and
    /// `testlib/interactor.cpp` (testlib's API) in the others; a missing one is named.
    #[test]
    fn builtin_interactors_come_from_their_folders() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        put(
            d,
            &[
                ("kattis/interactor.cpp", "// kattis\n"),
                ("testlib/interactor.cpp", "#include \"testlib.h\"\n"),
            ],
        );
        for (format, bytes, convention) in [
            (Format::Kattis, "// kattis\n", Convention::Kattis),
            (Format::Kattis2025, "// kattis\n", Convention::Kattis),
            (
                Format::Polygon,
                "#include \"testlib.h\"\n",
                Convention::Testlib,
            ),
            (
                Format::Testlib,
                "#include \"testlib.h\"\n",
                Convention::Testlib,
            ),
        ] {
            let s = builtin_interactor(d, format).unwrap();
            assert_eq!(
                (s.bytes.as_slice(), s.convention),
                (bytes.as_bytes(), convention)
            );
        }
        std::fs::remove_file(d.join("kattis/interactor.cpp")).unwrap();
        let Err(e) = builtin_interactor(d, Format::Kattis) else {
            panic!("a missing kattis/interactor.cpp was not refused");
        };
        let e = format!("{e:#}");
        assert!(
            e.contains("kattis/interactor.cpp") && e.contains("Kattis convention"),
            "{e}"
        );
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
        let e = set_constant("x.cpp", "int a;\n", "const bool kattis = ", "true").unwrap_err();
        assert!(
            e.to_string().contains("0 lines `const bool kattis = ...`"),
            "{e}"
        );
    }

    #[test]
    fn kattis_default_checker_source_sets_its_constants() {
        let words = "case_sensitive float_absolute_tolerance 0.01 float_relative_tolerance 1e-9";
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        let v = DefaultOutputValidator::from_args(&words).unwrap();
        let src = kattis_default_checker_source(&v).unwrap();
        let lines = [
            "const bool case_sensitive = true;\n",
            "const bool space_change_sensitive = false;\n",
            "const bool has_abs_tol = true;\n",
            "const double abs_tol = 0.01;\n",
            "const bool has_rel_tol = true;\n",
            "const double rel_tol = 1e-9;\n",
        ];
        for line in lines {
            assert_eq!(src.matches(line).count(), 1, "{line}");
        }
        let changed = src
            .lines()
            .zip(TESTLIB_KATTIS_DEFAULT_CPP.lines())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            (changed, src.lines().count()),
            (5, TESTLIB_KATTIS_DEFAULT_CPP.lines().count())
        );
        // No option: the source as it is committed (false and 0.0).
        let src = kattis_default_checker_source(&DefaultOutputValidator::default()).unwrap();
        assert_eq!(src, TESTLIB_KATTIS_DEFAULT_CPP);
        let bad = DefaultOutputValidator {
            float_relative_tolerance: Some(f64::NAN),
            ..DefaultOutputValidator::default()
        };
        let e = kattis_default_checker_source(&bad).unwrap_err().to_string();
        assert!(e.contains("float_relative_tolerance NaN"), "{e}");
    }
}
