//! The Polygon package: what `gridjudge export --format polygon` writes (see
//! `../shared/conventions.md`, "Packages that judges take").
//!
//! A Polygon package is the folder Codeforces Polygon builds for a problem; CMS (its loader
//! `cmscontrib/loaders/polygon.py`), ejudge and Codeforces gyms import it, and `p2d` (PyPI)
//! converts it to a DOMjudge package. The layout, as Polygon writes it and as those consumers
//! read it:
//!
//! * `problem.xml`: names, statements, one testset `tests` (time limit in ms, memory limit in
//!   bytes, `tests/%02d` and `tests/%02d.a`, one `<test>` per test with `sample`, `group` and
//!   `points`, the groups with their points), the checker, the validator with its own tests,
//!   the solutions with their tags (see [`problem_xml`]);
//! * `tests/01`, `tests/01.a`, ...: input and jury answer, numbered from 1 in build order with
//!   at least two digits (`%02d`);
//! * `check.cpp` (where CMS's loader and Polygon's own scripts look) and `files/check.cpp`
//!   (the `<source>` of the checker in `problem.xml`, where p2d and CMS look first): the same
//!   testlib-API checker, built by each consumer with its own `testlib.h` (Polygon's: exit
//!   0/1/2/3; CMS's with `-DCMS`: score on stdout; p2d's: DOMjudge's exit 42/43). The package
//!   carries no `testlib.h`;
//! * `files/validator.<ext>` and its tests `files/tests/validator-tests/%02d`, from the
//!   problem's `validator_corpus/` with the verdicts of its `expected.toml` (each valid file
//!   also once per test group, valid or invalid there);
//! * `solutions/`: the submissions of `problems/<p>/submissions/<verdict>/` with Polygon's tags
//!   ([`polygon_tag`]), and the tag `main` on the reference solution (a program problem's
//!   `[programs] solution`; for a built-in problem, whose reference is gridjudge's Rust code,
//!   its first accepted C++ submission);
//! * `statements/english/problem.tex` with `example.01`, `example.01.a`, ... (one pair per
//!   sample, numbered by test): the statement of `problems/<p>/statement/problem.en.tex` in
//!   Polygon's `\begin{problem}...\end{problem}` form ([`polygon_statement`]). A statement
//!   compiled to PDF (and HTML, with its assets beside it) belongs at [`STATEMENT_PDF`] (and
//!   [`STATEMENT_HTML`]): the caller writes it there before [`write()`] and says so in
//!   [`CompiledStatement`], and `problem.xml` lists it. CMS and `p2d --with-statement` take the
//!   PDF.
//!
//! Built-in problems ship `problems/<p>/polygon/check.cpp` (with the `[checker]` options of
//! `problem.toml` written in, as for the testlib export) and `problems/<p>/polygon/validator.cpp`.
//! A program problem ships its own validator source and, for the built-in `tokens` checker,
//! [`TESTLIB_TOKENS_CPP`]; its own checker only when it is C++ written against testlib's API.
//!
//! This file reads the problem's parts and writes the package ([`write()`]); `xml.rs` beside it
//! writes `problem.xml` ([`problem_xml`]). Uses the core layer, the problem's config, program
//! problems and [`crate::export::shared`].

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::core::checkers::BuiltinChecker;
use crate::export::shared::{with_checker_options, write_file, PackageTest};
use crate::problem::programs::Convention;
use crate::problem::{Problem, ProblemConfig};
use crate::problems::program::ProgramProblem;

mod xml;

pub use xml::{groups, problem_xml, xml_escape, Descriptor, Group, Solution, ValidatorTest};

/// gridjudge's built-in `tokens` checker written against testlib's API
/// (`checker/builtin/testlib_tokens.cpp`): what a Polygon package of a program problem with
/// `checker = { builtin = "tokens" }` ships as `check.cpp`.
pub const TESTLIB_TOKENS_CPP: &str = include_str!("../../../checker/builtin/testlib_tokens.cpp");

/// Where a compiled PDF statement goes in the package (Polygon's place, read by CMS's loader
/// and by `p2d --with-statement`).
pub const STATEMENT_PDF: &str = "statements/.pdf/english/problem.pdf";

/// Where a compiled HTML statement goes in the package (Polygon's place).
pub const STATEMENT_HTML: &str = "statements/.html/english/problem.html";

/// The statement's language, as Polygon names it in paths and in `problem.xml`.
pub const LANGUAGE: &str = "english";

/// Which compiled statements the caller of [`write()`] has already put into the package folder
/// (e.g. with `crate::export::statement::compile` into Polygon's layout): the PDF at [`STATEMENT_PDF`],
/// the HTML at [`STATEMENT_HTML`] (its stylesheet and pictures beside it). [`write()`] lists them
/// in `problem.xml`, and errors when one said to be there is not. None by default: the package
/// then has the LaTeX statement only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompiledStatement {
    /// `statements/.pdf/english/problem.pdf` is in the package.
    pub pdf: bool,
    /// `statements/.html/english/problem.html` is in the package.
    pub html: bool,
}

/// Polygon's tag of a solution in the submissions folder `folder` of a problem
/// (`accepted`, `wrong_answer`, `time_limit_exceeded`, `run_time_error`, `memory_limit_exceeded`,
/// `presentation_error`): `accepted`, `wrong-answer`, `time-limit-exceeded`, `rejected` (Polygon
/// has no tag for a run-time error; `rejected` is "any verdict but OK"),
/// `memory-limit-exceeded`, `presentation-error`. `None` for any other folder.
pub fn polygon_tag(folder: &str) -> Option<&'static str> {
    Some(match folder {
        "accepted" => "accepted",
        "wrong_answer" => "wrong-answer",
        "time_limit_exceeded" => "time-limit-exceeded",
        "run_time_error" => "rejected",
        "memory_limit_exceeded" => "memory-limit-exceeded",
        "presentation_error" => "presentation-error",
        _ => return None,
    })
}

/// The submissions folders read, in this order (each has a [`polygon_tag`]).
const SOLUTION_FOLDERS: [&str; 6] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "memory_limit_exceeded",
    "presentation_error",
];

/// Polygon's source type for a file name, by extension (`cpp.g++17`, `c.gcc`, `rust.2021`,
/// `python.3`, `java21`, `kotlin.2`); `None` for an extension Polygon has no compiler for.
pub fn source_type(file: &str) -> Option<&'static str> {
    let ext = Path::new(file).extension()?.to_str()?;
    Some(match ext {
        "cpp" | "cc" | "cxx" => "cpp.g++17",
        "c" => "c.gcc",
        "rs" => "rust.2021",
        "py" => "python.3",
        "java" => "java21",
        "kt" => "kotlin.2",
        _ => return None,
    })
}

/// A statement split into Polygon's sections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sections {
    /// The name, from `\problemname{...}`.
    pub name: String,
    /// Everything between the name and the input section.
    pub legend: String,
    /// The input section.
    pub input: String,
    /// The output section.
    pub output: String,
    /// A `Notes`/`Note` section after the output, if any.
    pub notes: Option<String>,
}

/// Splits a Kattis-style LaTeX statement (`\problemname{NAME}`, then the legend,
/// `\section*{Input}`, `\section*{Output}`, optionally `\section*{Notes}`) into its sections.
/// Comment lines (`%...`) before `\problemname` are dropped. Errors naming `path` and what is
/// missing. O(text length).
pub fn split_statement(text: &str, path: &Path) -> anyhow::Result<Sections> {
    let Some(start) = text.find("\\problemname{") else {
        bail!("{}: no \\problemname{{...}} line", path.display());
    };
    let after = &text[start + "\\problemname{".len()..];
    let Some(close) = closing_brace(after) else {
        bail!("{}: \\problemname{{ is not closed", path.display());
    };
    let name = after[..close].trim().to_string();
    let body = &after[close + 1..];
    let find = |s: &str, what: &str| -> anyhow::Result<usize> {
        s.find(what).with_context(|| {
            format!(
                "{}: no `{what}` section (a Polygon statement needs the legend, the input and \
                 the output)",
                path.display()
            )
        })
    };
    let i = find(body, "\\section*{Input}")?;
    let o = find(body, "\\section*{Output}")?;
    if o < i {
        bail!(
            "{}: the Output section comes before the Input section",
            path.display()
        );
    }
    let legend = body[..i].trim().to_string();
    let input = body[i + "\\section*{Input}".len()..o].trim().to_string();
    let rest = &body[o + "\\section*{Output}".len()..];
    let notes_at = ["\\section*{Notes}", "\\section*{Note}"]
        .iter()
        .filter_map(|h| rest.find(h).map(|p| (p, h.len())))
        .min();
    let (output, notes) = match notes_at {
        Some((p, len)) => (
            rest[..p].trim().to_string(),
            Some(rest[p + len..].trim().to_string()),
        ),
        None => (rest.trim().to_string(), None),
    };
    Ok(Sections {
        name,
        legend,
        input,
        output,
        notes,
    })
}

/// Index of the `}` closing the group that starts before `s` (nested braces and `\{`, `\}`
/// skipped).
fn closing_brace(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' if depth == 0 => return Some(i),
            b'}' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    None
}

/// `1 second`, `2 seconds`, `1.5 seconds`: a time limit in Polygon's statement words.
fn seconds(ms: u64) -> String {
    let s = if ms % 1000 == 0 {
        (ms / 1000).to_string()
    } else {
        let t = format!("{}.{:03}", ms / 1000, ms % 1000);
        t.trim_end_matches('0').to_string()
    };
    format!("{s} second{}", if ms == 1000 { "" } else { "s" })
}

/// The statement `sections` in Polygon's `problem.tex` form (olymp.sty):
/// `\begin{problem}{NAME}{standard input}{standard output}{T seconds}{M megabytes}`, the
/// legend, `\InputFile`, `\OutputFile`, `\Example` or `\Examples` with one `\exmpfile` per
/// sample test (numbers `samples`, 1-based test numbers: `example.01`, `example.01.a`),
/// `\Note` when there are notes, `\end{problem}`.
pub fn polygon_statement(
    sections: &Sections,
    time_ms: u64,
    memory_mib: u64,
    samples: &[usize],
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "% Written by `gridjudge export --format polygon` from statement/problem.en.tex."
    );
    let _ = writeln!(
        s,
        "\\begin{{problem}}{{{}}}{{standard input}}{{standard output}}{{{}}}{{{} megabytes}}",
        sections.name,
        seconds(time_ms),
        memory_mib
    );
    let _ = writeln!(s);
    let _ = writeln!(s, "{}", sections.legend);
    let _ = writeln!(s);
    let _ = writeln!(s, "\\InputFile");
    let _ = writeln!(s, "{}", sections.input);
    let _ = writeln!(s);
    let _ = writeln!(s, "\\OutputFile");
    let _ = writeln!(s, "{}", sections.output);
    let _ = writeln!(s);
    if !samples.is_empty() {
        let _ = writeln!(
            s,
            "{}",
            if samples.len() == 1 {
                "\\Example"
            } else {
                "\\Examples"
            }
        );
        let _ = writeln!(s);
        let _ = writeln!(s, "\\begin{{example}}");
        for n in samples {
            let _ = writeln!(s, "\\exmpfile{{example.{n:02}}}{{example.{n:02}.a}}%");
        }
        let _ = writeln!(s, "\\end{{example}}");
        let _ = writeln!(s);
    }
    if let Some(notes) = &sections.notes {
        let _ = writeln!(s, "\\Note");
        let _ = writeln!(s, "{notes}");
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "\\end{{problem}}");
    s
}

/// The validator tests of the corpus folder `corpus` (`valid/*.in`, `invalid/*.in` and
/// `expected.toml`), in name order: each invalid file once, invalid; each valid file once
/// valid without a group, then once per test group of `group_names` (in that order), invalid
/// in the groups that its `expected.toml` entry names (`GROUP = { line, col, contains }`),
/// valid in the others. Errors naming the file when a file has no entry in `expected.toml` or
/// an entry no file, or when an entry names an unknown group. An absent `corpus` gives none;
/// `expected.toml` may be absent when `valid/` holds no file (every invalid file is invalid).
pub fn validator_tests(
    corpus: &Path,
    group_names: &[String],
) -> anyhow::Result<Vec<ValidatorTest>> {
    if !corpus.is_dir() {
        return Ok(Vec::new());
    }
    let expected_path = corpus.join("expected.toml");
    let has_valid = std::fs::read_dir(corpus.join("valid")).is_ok_and(|mut d| d.next().is_some());
    // Without valid inputs the file adds nothing Polygon needs: each invalid input is invalid.
    let listed = has_valid || expected_path.exists();
    let text = if listed {
        std::fs::read_to_string(&expected_path).with_context(|| {
            format!(
                "cannot read {}: the corpus has valid inputs, and Polygon's validator tests \
                 need the test groups that reject each; write an entry [valid.\"NAME.in\"] \
                 for each (with `GROUP = {{}}` for a group that rejects it) and \
                 [invalid.\"NAME.in\"] for each invalid one (docs/problem-format.md, \
                 \"The validator corpus\")",
                expected_path.display()
            )
        })?
    } else {
        String::new()
    };
    let expected: toml::Table = text
        .parse()
        .with_context(|| format!("{} is not valid TOML", expected_path.display()))?;
    let mut out = Vec::new();
    for kind in ["invalid", "valid"] {
        let entries = match expected.get(kind) {
            Some(toml::Value::Table(t)) => t.clone(),
            Some(_) => bail!("{}: `{kind}` is not a table", expected_path.display()),
            None => toml::Table::new(),
        };
        let dir = corpus.join(kind);
        let mut files: Vec<String> = Vec::new();
        if dir.is_dir() {
            for e in
                std::fs::read_dir(&dir).with_context(|| format!("cannot read {}", dir.display()))?
            {
                let e = e.with_context(|| format!("cannot read {}", dir.display()))?;
                let name = e.file_name().to_string_lossy().into_owned();
                if e.path().is_file() && name.ends_with(".in") {
                    files.push(name);
                }
            }
        }
        files.sort();
        for name in entries.keys() {
            if !files.contains(name) {
                bail!(
                    "{}: [{kind}.\"{name}\"] has no file {}",
                    expected_path.display(),
                    dir.join(name).display()
                );
            }
        }
        for name in &files {
            let path = dir.join(name);
            let unlisted = toml::Value::Table(toml::Table::new());
            let Some(entry) = entries.get(name).or((!listed).then_some(&unlisted)) else {
                bail!(
                    "{} has no entry [{kind}.\"{name}\"] in {}",
                    path.display(),
                    expected_path.display()
                );
            };
            let input =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            if kind == "invalid" {
                out.push(ValidatorTest {
                    input,
                    valid: false,
                    group: None,
                });
                continue;
            }
            let rejected: Vec<&String> = entry
                .as_table()
                .map(|t| {
                    t.iter()
                        .filter(|(_, v)| v.is_table())
                        .map(|(k, _)| k)
                        .collect()
                })
                .unwrap_or_default();
            for g in &rejected {
                if !group_names.contains(g) {
                    bail!(
                        "{}: [valid.\"{name}\"] names test group `{g}`, which problem.toml does \
                         not declare",
                        expected_path.display()
                    );
                }
            }
            out.push(ValidatorTest {
                input: input.clone(),
                valid: true,
                group: None,
            });
            for g in group_names {
                out.push(ValidatorTest {
                    input: input.clone(),
                    valid: !rejected.contains(&g),
                    group: Some(g.clone()),
                });
            }
        }
    }
    Ok(out)
}

/// Adds `s` to `out`, the solutions of a package. Errors naming both files when another
/// solution already has its file name (both would be `solutions/<file>`).
pub fn push_solution(out: &mut Vec<Solution>, s: Solution) -> anyhow::Result<()> {
    if let Some(other) = out.iter().find(|o| o.file == s.file) {
        bail!(
            "{} and {} would both be solutions/{} in the Polygon package: rename one",
            other.from.display(),
            s.from.display(),
            s.file
        );
    }
    out.push(s);
    Ok(())
}

/// The solutions of the package: every file of `problem_dir/submissions/<folder>/` for the
/// folders of [`polygon_tag`] (`run_time_error` left out under a small stack), and the
/// reference `reference` (a program problem's `[programs] solution`, relative to
/// `problem_dir`) tagged `main`; without one, the first accepted C++ submission (name order;
/// else the first accepted one) is tagged `main` instead of `accepted`. Errors naming the files
/// when two would have the same name in `solutions/`, when a file's language has no Polygon
/// compiler ([`source_type`]), or when there is no accepted solution at all.
pub fn solutions(
    problem_dir: &Path,
    reference: Option<&str>,
    config: &ProblemConfig,
) -> anyhow::Result<Vec<Solution>> {
    let mut out: Vec<Solution> = Vec::new();
    let add = |from: PathBuf, tag: &'static str, out: &mut Vec<Solution>| -> anyhow::Result<()> {
        let file = from
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .with_context(|| format!("{} has no file name", from.display()))?;
        let Some(kind) = source_type(&file) else {
            bail!(
                "{}: Polygon has no compiler for this kind of file (C, C++, Rust, Python, Java, \
                 Kotlin)",
                from.display()
            );
        };
        push_solution(
            out,
            Solution {
                file,
                tag,
                kind,
                from,
            },
        )
    };
    if let Some(r) = reference {
        add(problem_dir.join(r), "main", &mut out)?;
    }
    for folder in SOLUTION_FOLDERS {
        let dir = problem_dir.join("submissions").join(folder);
        if !dir.is_dir()
            || (folder == "run_time_error" && crate::export::shared::small_stack(config).is_some())
        {
            continue;
        }
        let mut files = crate::export::shared::sorted_entries(&dir)?;
        files.retain(|p| {
            p.is_file()
                && !p
                    .file_name()
                    .is_some_and(|n| crate::judge::verify::is_disabled(&n.to_string_lossy()))
        });
        let tag = polygon_tag(folder).unwrap_or("rejected");
        for f in files {
            add(f, tag, &mut out)?;
        }
    }
    if !out.iter().any(|s| s.tag == "main") {
        let pick = out
            .iter()
            .position(|s| s.tag == "accepted" && s.kind.starts_with("cpp"))
            .or_else(|| out.iter().position(|s| s.tag == "accepted"));
        match pick {
            Some(i) => out[i].tag = "main",
            None => bail!(
                "{} has no accepted submission: a Polygon package needs a main solution",
                problem_dir.join("submissions/accepted").display()
            ),
        }
    }
    Ok(out)
}

/// The checker (`check.cpp` bytes), the validator (file name in `files/`, bytes) and the
/// interactor of an interactive problem that the package of `problem` ships: a built-in
/// problem's `problems/<p>/testlib/interactor.cpp`, a program problem's own testlib-API C++
/// interactor ([`testlib_cpp`]). Errors naming the file or the `problem.toml` entry when a source
/// is missing, when a program problem's validator or checker has the Kattis convention, when
/// its checker is a built-in other than `tokens` or its own checker is not C++ written against
/// testlib's API (`#include "testlib.h"`), or when a `[checker]` option is not implemented in
/// the built-in problem's `check.cpp` ([`with_checker_options`]).
fn sources(
    problem: &dyn Problem,
    config: &ProblemConfig,
    problem_dir: &Path,
) -> anyhow::Result<Sources> {
    let read = |p: &Path, why: &str| {
        std::fs::read(p).with_context(|| format!("cannot read {}: {why}", p.display()))
    };
    let Some(pp) = ProgramProblem::of(problem) else {
        let dir = problem_dir.join("polygon");
        let why = "a Polygon package ships the problem's checker and validator written against \
                   testlib's API (problems/<p>/polygon/)";
        let check_path = dir.join("check.cpp");
        let check = with_checker_options(config, &read(&check_path, why)?, &check_path)?;
        let validator = read(
            &crate::export::shared::validator_dir(problem, problem_dir)
                .join("polygon")
                .join("validator.cpp"),
            why,
        )?;
        let interactor = if config.interaction.interactive {
            let i = crate::export::programs::builtin_interactor(
                problem_dir,
                crate::export::format::Format::Polygon,
            )?;
            Some(i.bytes)
        } else {
            None
        };
        return Ok(Sources {
            check,
            validator_name: "validator.cpp".into(),
            validator,
            interactor,
        });
    };
    let toml = pp.dir().join("problem.toml");
    let programs = pp.programs();
    // The interactor first: a Kattis-convention one (no checker) is refused as itself.
    let interactor = match (&programs.interactor, config.interaction.interactive) {
        (Some(spec), true) => Some(testlib_cpp(pp, "interactor", spec, "interactor.cpp")?),
        (None, true) => bail!(
            "{}: [interaction] interactive = true but [programs] names no interactor",
            toml.display()
        ),
        (_, false) => None,
    };
    let v = programs.validator.table();
    let Some(rel) = v.source else {
        bail!(
            "{}: [programs] validator is a command line; a Polygon package ships the \
             validator's source, so declare it as `source = \"PATH\"`",
            toml.display()
        );
    };
    if v.convention == Some(Convention::Kattis) {
        bail!(
            "{}: [programs] validator has convention = \"kattis\" (exit 42/43), but Polygon runs \
             a testlib-convention validator (exit 0 = valid)",
            toml.display()
        );
    }
    let ext = Path::new(&rel)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    if !matches!(ext, "cpp" | "cc" | "cxx" | "c" | "py" | "java" | "kt") {
        bail!(
            "{}: [programs] validator `{rel}` is not a source Polygon compiles (C, C++, \
             Python, Java, Kotlin)",
            toml.display()
        );
    }
    let validator = crate::export::programs::one_file(
        pp.dir(),
        &rel,
        "validator",
        crate::export::format::Format::Polygon,
    )?;
    let check = match pp.builtin_checker() {
        Some(BuiltinChecker::Tokens) => TESTLIB_TOKENS_CPP.as_bytes().to_vec(),
        Some(other) => bail!(
            "{}: [programs] checker is the built-in `{other:?}`, which has no testlib-API \
             source yet (a Polygon package has one for `tokens`); give the problem a C++ \
             checker written against testlib.h",
            toml.display()
        ),
        None => match &programs.checker {
            Some(spec) => testlib_cpp(pp, "checker", spec, "check.cpp")?,
            None => bail!(
                "{}: [programs] has no checker, but a Polygon package needs one (Polygon runs the \
                 checker on the interactor's log); give the problem a C++ checker written \
                 against testlib.h",
                toml.display()
            ),
        },
    };
    Ok(Sources {
        check,
        validator_name: format!("validator.{ext}"),
        validator,
        interactor,
    })
}

/// The program `spec` (called `what` in `[programs]`) of `pp` as the one C++ file written
/// against testlib's API that a Polygon package ships (`file` there): local headers inlined.
/// Errors naming `problem.toml` when it is a command line, not C++, not in the testlib
/// convention or does not `#include "testlib.h"`: each consumer of a Polygon package
/// (Polygon, CMS with -DCMS, p2d) builds it with its own testlib.h to get its calling
/// convention.
fn testlib_cpp(
    pp: &ProgramProblem,
    what: &str,
    spec: &crate::problem::programs::ProgramSpec,
    file: &str,
) -> anyhow::Result<Vec<u8>> {
    let toml = pp.dir().join("problem.toml");
    let c = spec.table();
    let Some(crel) = c.source else {
        bail!(
            "{}: [programs] {what} is a command line; a Polygon package ships a C++ {what} \
             written against testlib.h",
            toml.display()
        );
    };
    let bytes = crate::export::programs::one_file(
        pp.dir(),
        &crel,
        what,
        crate::export::format::Format::Polygon,
    )?;
    let testlib = String::from_utf8_lossy(&bytes).contains("#include \"testlib.h\"");
    if c.convention == Some(Convention::Kattis)
        || source_type(&crel) != Some("cpp.g++17")
        || !testlib
    {
        bail!(
            "{}: [programs] {what} `{crel}` is not C++ written against testlib's API \
             (`#include \"testlib.h\"`, testlib convention), which a Polygon package needs as \
             {file}: each consumer of a Polygon package (Polygon, CMS with -DCMS, p2d) builds \
             it with its own testlib.h to get its calling convention{}",
            toml.display(),
            if what == "interactor" {
                "; export a Kattis-convention interactor with --format kattis or kattis-2025-09"
            } else {
                ""
            }
        );
    }
    Ok(bytes)
}

/// What [`sources`] reads: the checker, the validator and its file name in `files/`, and the
/// interactor of an interactive problem.
struct Sources {
    /// `check.cpp`.
    check: Vec<u8>,
    /// The validator's file name in `files/`.
    validator_name: String,
    /// The validator.
    validator: Vec<u8>,
    /// `files/interactor.cpp`, written against testlib's API.
    interactor: Option<Vec<u8>>,
}

/// Writes the Polygon package of `problem` (its `problem.toml` read into `config`, its folder
/// `problem_dir`, its built tests `tests`) into the folder `root`, listing the compiled
/// statements that `compiled` says are already in `root`; advances `bar` once per test. Returns
/// the number of solutions written. Errors (naming the file or entry) from `sources`,
/// [`solutions`], [`validator_tests`] and [`split_statement`], when a compiled statement said
/// to be in `root` is not, or when a file cannot be read or written.
/// O(size of the package).
pub fn write(
    problem: &dyn Problem,
    config: &ProblemConfig,
    tests: &[PackageTest],
    problem_dir: &Path,
    root: &Path,
    compiled: &CompiledStatement,
    bar: &indicatif::ProgressBar,
) -> anyhow::Result<usize> {
    let Sources {
        check,
        validator_name,
        validator,
        interactor,
    } = sources(problem, config, problem_dir)?;
    let reference =
        ProgramProblem::of(problem).and_then(|pp| pp.programs().solution.table().source);
    let sols = solutions(problem_dir, reference.as_deref(), config)?;
    let group_names: Vec<String> = config.groups.keys().cloned().collect();
    // The corpus goes with the validator (duel ships game's).
    let vtests = validator_tests(
        &crate::export::shared::validator_dir(problem, problem_dir).join("validator_corpus"),
        &group_names,
    )?;
    let statement_path = problem_dir.join("statement/problem.en.tex");
    let text = std::fs::read_to_string(&statement_path).with_context(|| {
        format!(
            "cannot read {}: a Polygon package carries the statement",
            statement_path.display()
        )
    })?;
    let sections = split_statement(&text, &statement_path)?;

    for (i, t) in tests.iter().enumerate() {
        write_file(&root.join(format!("tests/{:02}", i + 1)), &t.input)?;
        write_file(&root.join(format!("tests/{:02}.a", i + 1)), &t.answer)?;
        bar.inc(1);
    }
    write_file(&root.join("check.cpp"), &check)?;
    write_file(&root.join("files/check.cpp"), &check)?;
    write_file(&root.join("files").join(&validator_name), &validator)?;
    if let Some(i) = &interactor {
        write_file(&root.join("files/interactor.cpp"), i)?;
    }
    for (i, v) in vtests.iter().enumerate() {
        write_file(
            &root.join(format!("files/tests/validator-tests/{:02}", i + 1)),
            &v.input,
        )?;
    }
    for s in &sols {
        let bytes =
            std::fs::read(&s.from).with_context(|| format!("cannot read {}", s.from.display()))?;
        write_file(&root.join("solutions").join(&s.file), &bytes)?;
    }

    // The statement: problem.tex, the sample files it names, and any other file of the
    // statement folder (pictures) beside it.
    let lang_dir = root.join("statements").join(LANGUAGE);
    let samples: Vec<usize> = (1..=tests.len())
        .filter(|&n| tests[n - 1].spec.sample)
        .collect();
    for &n in &samples {
        write_file(
            &lang_dir.join(format!("example.{n:02}")),
            &tests[n - 1].input,
        )?;
        write_file(
            &lang_dir.join(format!("example.{n:02}.a")),
            &tests[n - 1].answer,
        )?;
    }
    let statement_dir = problem_dir.join("statement");
    for e in std::fs::read_dir(&statement_dir)
        .with_context(|| format!("cannot read {}", statement_dir.display()))?
    {
        let p = e
            .with_context(|| format!("cannot read {}", statement_dir.display()))?
            .path();
        let Some(name) = p.file_name() else { continue };
        if p.is_file() && name != "problem.en.tex" {
            let bytes =
                std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))?;
            write_file(&lang_dir.join(name), &bytes)?;
        }
    }
    write_file(
        &lang_dir.join("problem.tex"),
        polygon_statement(
            &sections,
            config.limits.time_ms,
            config.limits.memory_mib,
            &samples,
        )
        .as_bytes(),
    )?;
    for (there, rel) in [
        (compiled.pdf, STATEMENT_PDF),
        (compiled.html, STATEMENT_HTML),
    ] {
        if there && !root.join(rel).is_file() {
            bail!(
                "the compiled statement {rel} is missing from the Polygon package being \
                 written in {}",
                root.display()
            );
        }
    }

    let xml = problem_xml(
        tests,
        &Descriptor {
            short_name: problem.name(),
            title: &config.title,
            time_ms: config.limits.time_ms,
            memory_mib: config.limits.memory_mib,
            validator: Some(&validator_name),
            tex: true,
            groups: None,
            validator_tests: &vtests,
            interactor: interactor.is_some(),
            solutions: &sols,
            pdf: compiled.pdf,
            html: compiled.html,
        },
    );
    write_file(&root.join("problem.xml"), xml.as_bytes())?;
    Ok(sols.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A corpus of invalid inputs only needs no `expected.toml` (a setter's first corpus);
    /// one with valid inputs does, and the error says what to write.
    #[test]
    fn expected_toml_is_needed_only_for_valid_inputs() {
        let tmp = tempfile::tempdir().unwrap();
        let corpus = tmp.path();
        std::fs::create_dir_all(corpus.join("invalid")).unwrap();
        std::fs::write(corpus.join("invalid/a.in"), "x\n").unwrap();
        let groups = ["small".to_string()];
        let tests = validator_tests(corpus, &groups).unwrap();
        assert_eq!(tests.len(), 1);
        assert!(!tests[0].valid && tests[0].group.is_none());

        std::fs::create_dir_all(corpus.join("valid")).unwrap();
        std::fs::write(corpus.join("valid/b.in"), "1\n").unwrap();
        let e = format!("{:#}", validator_tests(corpus, &groups).unwrap_err());
        assert!(
            e.contains("expected.toml") && e.contains("[valid.\"NAME.in\"]"),
            "{e}"
        );
        std::fs::write(
            corpus.join("expected.toml"),
            "[invalid.\"a.in\"]\n[valid.\"b.in\"]\nsmall = {}\n",
        )
        .unwrap();
        let tests = validator_tests(corpus, &groups).unwrap();
        let b: Vec<(bool, Option<&str>)> = tests[1..]
            .iter()
            .map(|t| (t.valid, t.group.as_deref()))
            .collect();
        assert_eq!(b, [(true, None), (false, Some("small"))]);
    }

    #[test]
    fn statement_is_split_and_rewritten() {
        let tex = "% a comment\n\\problemname{A {B} C}\n\nLegend $x$.\n\\section*{Input}\nIn.\n\
                   \\section*{Output}\nOut.\n\\section*{Notes}\nN.\n";
        let s = split_statement(tex, Path::new("p.tex")).unwrap();
        assert_eq!(
            s,
            Sections {
                name: "A {B} C".into(),
                legend: "Legend $x$.".into(),
                input: "In.".into(),
                output: "Out.".into(),
                notes: Some("N.".into()),
            }
        );
        let p = polygon_statement(&s, 1500, 256, &[1, 2]);
        assert!(p.contains(
            "\\begin{problem}{A {B} C}{standard input}{standard output}{1.5 seconds}{256 megabytes}\n"
        ));
        assert!(p.contains("\\Examples\n\n\\begin{example}\n\\exmpfile{example.01}{example.01.a}%\n\\exmpfile{example.02}{example.02.a}%\n\\end{example}\n"));
        assert!(p.contains("\\Note\nN.\n"));
        assert!(p.trim_end().ends_with("\\end{problem}"));
        assert_eq!(seconds(1000), "1 second");
        assert_eq!(seconds(2000), "2 seconds");
        let e = split_statement("\\problemname{X}\n\\section*{Output}\n", Path::new("p.tex"))
            .unwrap_err();
        assert!(
            e.to_string().contains("no `\\section*{Input}` section"),
            "{e}"
        );
    }

    #[test]
    fn solutions_get_their_tags_and_a_name_used_twice_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let put = |rel: &str| {
            let p = d.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, rel).unwrap();
        };
        for f in [
            "submissions/accepted/a.rs",
            "submissions/accepted/b.cpp",
            "submissions/wrong_answer/w.cpp",
            "submissions/run_time_error/r.cpp",
            "submissions/time_limit_exceeded/t.py",
            "submissions/accepted/off.cpp.disabled",
            "solutions/ref.cpp",
        ] {
            put(f);
        }
        let game = crate::problems::by_name("game").unwrap();
        let mut cfg = ProblemConfig::load(game, None).unwrap();
        let tags = |r: Option<&str>, cfg: &ProblemConfig| -> Vec<(String, &'static str)> {
            solutions(d, r, cfg)
                .unwrap()
                .into_iter()
                .map(|s| (s.file, s.tag))
                .collect()
        };
        let s = |f: &str, t: &'static str| (f.to_string(), t);
        // No reference: the first accepted C++ submission is main.
        assert_eq!(
            tags(None, &cfg),
            vec![
                s("a.rs", "accepted"),
                s("b.cpp", "main"),
                s("w.cpp", "wrong-answer"),
                s("t.py", "time-limit-exceeded"),
                s("r.cpp", "rejected"),
            ]
        );
        // A reference is main; a stack below the memory limit leaves run_time_error out.
        cfg.limits.stack_mib = Some(8);
        assert_eq!(
            tags(Some("solutions/ref.cpp"), &cfg),
            vec![
                s("ref.cpp", "main"),
                s("a.rs", "accepted"),
                s("b.cpp", "accepted"),
                s("w.cpp", "wrong-answer"),
                s("t.py", "time-limit-exceeded"),
            ]
        );
        put("submissions/wrong_answer/b.cpp");
        let e = solutions(d, None, &cfg).unwrap_err().to_string();
        assert!(
            e.contains(&d.join("submissions/accepted/b.cpp").display().to_string())
                && e.contains(
                    &d.join("submissions/wrong_answer/b.cpp")
                        .display()
                        .to_string()
                )
                && e.contains("would both be solutions/b.cpp"),
            "{e}"
        );
        std::fs::remove_file(d.join("submissions/wrong_answer/b.cpp")).unwrap();
        put("submissions/accepted/x.go");
        let e = solutions(d, None, &cfg).unwrap_err().to_string();
        assert!(e.contains("x.go") && e.contains("no compiler"), "{e}");
    }

    #[test]
    fn tags_types_and_escapes() {
        assert_eq!(polygon_tag("wrong_answer"), Some("wrong-answer"));
        assert_eq!(polygon_tag("run_time_error"), Some("rejected"));
        assert_eq!(polygon_tag("partially_accepted"), None);
        assert_eq!(source_type("a.cc"), Some("cpp.g++17"));
        assert_eq!(source_type("a.rs"), Some("rust.2021"));
        assert_eq!(source_type("a.go"), None);
        assert_eq!(xml_escape("a<\"&'>"), "a&lt;&quot;&amp;&apos;&gt;");
    }
}
