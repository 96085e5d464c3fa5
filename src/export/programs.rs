//! Shipping a problem's validator and checker as sources: a program problem's own programs
//! (`[programs]` in `problem.toml`), gridjudge's built-in checker as C++ source with its
//! constants set ([`builtin_checker_source`]), or a built-in problem's `testlib/` sources for
//! a Kattis package ([`ProgramParts`]); compiling them here ([`compile_here`]) with the
//! compile commands of [`crate::exec::compile`], the one language table.
//!
//! Uses the core layer (built-in checkers), the problem's config and `[programs]`, program
//! problems, the exec layer's languages, [`super::format`] and [`super::shared`].

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::format::Format;
use super::shared::with_checker_options;
use crate::core::checkers::BuiltinChecker;
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
}

impl Source {
    /// Whether it is run by `python3` rather than compiled.
    pub(super) fn is_python(&self) -> bool {
        matches!(self.kind, SubmissionKind::Python(_))
    }
}

/// The validator and checker a program problem's package ships.
pub(super) struct ProgramParts {
    /// The validator.
    pub(super) validator: Source,
    /// The checker.
    pub(super) checker: Source,
}

impl ProgramParts {
    /// The sources of `pp`'s validator and checker for `format`. Errors, naming the
    /// `problem.toml` entry and what to change: a program given as a `command` or as a file
    /// that is no C, C++, Rust or Python source (a package ships sources); a Kattis-convention
    /// validator or checker in a testlib package (testlib judges read exit 0 as valid/AC).
    pub(super) fn of(pp: &ProgramProblem, format: Format) -> anyhow::Result<ProgramParts> {
        let programs = pp.programs();
        let toml = pp.dir().join("problem.toml");
        let validator = program_source(pp, "validator", &programs.validator)?;
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
    pub(super) fn testlib_sources(
        config: &ProblemConfig,
        problem_dir: &Path,
    ) -> anyhow::Result<ProgramParts> {
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
                kind: SubmissionKind::Cpp(path),
                ext: "cpp".into(),
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
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(Source {
        bytes,
        kind,
        ext,
        convention: t.convention.unwrap_or_default(),
        builtin: false,
        kattis_define: false,
    })
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
}
