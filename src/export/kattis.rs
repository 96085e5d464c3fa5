//! The Kattis problem package format, versions `legacy` and `2025-09` ([`write_kattis`]):
//! `problem.yaml` and the groups' YAML files, the statement, `data/`, the validators as program
//! folders with `build` and `run` scripts ([`kattis_programs`]), `submissions/`, and the rules on
//! names (the package's short name, [`kattis_short_name`]; file names).
//!
//! Uses the core layer, the problem's config, the built tests and checker options
//! ([`super::shared`]), the shipped sources ([`super::programs`]), the statement compiler
//! ([`super::statement`]), [`super::format`] and [`super::dest`] (path resolution).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{bail, Context};

use super::dest::resolved;
use super::format::Format;
use super::programs::{compile_args, run_line, ProgramParts, Source};
use super::shared::{
    copy_files, copy_submissions, small_stack, write_file, write_script, yaml_str, PackageTest,
};
use crate::core::files::sha256_hex;
use crate::problem::programs::Convention;
use crate::problem::{Problem, ProblemConfig};

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

/// The expected-verdict folders of a Kattis package's `submissions/`.
pub const SUBMISSION_FOLDERS: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

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
/// * the statement's source in `problem_statement/` / `statement/`; compiled (with
///   `statement_tools`), `problem_statement/problem.pdf` and `problem.html` / `problem.pdf` at
///   the root, where DOMjudge's import reads them.
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
pub(super) fn write_kattis(
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
    let interaction = &config.interaction;
    if modern {
        // The 2025-09 `type`: pass-fail, or the interactive and multi-pass modifiers.
        let kind = match (interaction.interactive, interaction.multi_pass) {
            (false, false) => "pass-fail",
            (true, false) => "interactive",
            (true, true) => "[interactive, multi-pass]",
            (false, true) => "multi-pass",
        };
        let _ = writeln!(yaml, "type: {kind}");
    }
    // problem.toml's title, which the statement's \problemname repeats (checked by
    // `export::export`; the judges' tools warn when problem.yaml's name differs from it).
    let statement_dir = problem_dir.join("statement");
    let _ = writeln!(yaml, "name: {}", yaml_str(&config.title));
    let _ = writeln!(yaml, "uuid: {}", problem_uuid(p));
    let source = config.source.as_deref().unwrap_or(&config.title);
    let _ = writeln!(yaml, "source: {}", yaml_str(source));
    if !modern {
        // The legacy format runs an interactive problem's output validator as the interactor.
        let custom = if interaction.interactive {
            "custom interactive"
        } else {
            "custom"
        };
        let _ = writeln!(yaml, "validation: {custom}");
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
    if interaction.multi_pass {
        // Only 2025-09 gets here (export::programs::check_interaction refuses the others).
        let _ = writeln!(
            yaml,
            "  validation_passes: {}",
            interaction.validation_passes
        );
    }
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
    // (the PDF first) of problem_statement/ or of the package's root: made by problemtools as
    // Kattis would render the .tex. 2025-09: the PDF at the root, `problem.pdf`, since
    // DOMjudge's import reads no statement/ folder, and BAPCtools' `bt zip` puts its own PDF at
    // statement/problem.en.pdf (it refuses a package that already has one there).
    if let Some(tools) = statement_tools {
        crate::export::statement::compile(
            tools,
            p,
            &problem_dir.join("statement"),
            &crate::export::statement::samples_of(tests),
            &if modern {
                root.to_path_buf()
            } else {
                root.join("problem_statement")
            },
            if modern {
                crate::export::statement::Layout {
                    pdf: "problem.pdf",
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
            // An interactive or multi-pass sample's exchange, `<` the judge's lines and `>`
            // the submission's (passes separated by `---`): the `.interaction` file beside the
            // sample's own file, when there is one. The statement shows it instead of the
            // `.in` and `.ans`;
            // 2025-09 then asks for the files a contestant downloads: `.in.download` and
            // `.ans.download`, here the test's own input and answer.
            let exchanged = config.interaction.interactive || config.interaction.multi_pass;
            if let Some(exchange) = t.interaction.as_ref().filter(|_| exchanged) {
                write_file(
                    &dir.join(format!("{samples:0width$}.interaction")),
                    exchange,
                )?;
                if modern {
                    write_file(
                        &dir.join(format!("{samples:0width$}.in.download")),
                        &t.input,
                    )?;
                    write_file(
                        &dir.join(format!("{samples:0width$}.ans.download")),
                        &t.answer,
                    )?;
                }
            }
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

    // 2025-09: the validator corpus' invalid inputs, which the input validator must reject (a
    // problem that plays on another's tests has that problem's validator and corpus).
    let invalid =
        super::shared::validator_dir(problem, problem_dir).join("validator_corpus/invalid");
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
        copied += copy_submissions(&from, &root.join("submissions").join(folder))?;
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

/// The `build` script of a Kattis program folder holding `name.<ext>` of each `(src, name)`:
/// compiles each into `name` there (nothing for Python); makes `run` executable only when it
/// is not already.
///
/// The package ships `run` executable. DOMjudge's judgehost writes the folder's files as its
/// own user (mode 0755 for the executable ones), makes the folder writable for all and runs
/// `build` as its run user (`judge/build_executable.sh` through runguard), then sets `run`'s
/// mode itself: a `chmod` of the judgehost's file fails there ("Operation not permitted") and,
/// under `set -e`, the whole build with it, so `build` changes `run` only where it lost its
/// executable bit (a copy or an archive that drops modes), where the user owns it.
fn kattis_build_script(programs: &[(&Source, &str)]) -> String {
    let mut lines = String::new();
    let mut files = Vec::new();
    for (src, name) in programs {
        let file = format!("{name}.{}", src.ext);
        let compile = if src.builtin {
            let define = if src.kattis_define { " -DKATTIS" } else { "" };
            Some(format!(
                "g++ -fno-asm -std=c++14 -O2{define} -o {name} {file}"
            ))
        } else {
            compile_args(&src.kind, &file, name).map(|(c, args)| format!("{c} {}", args.join(" ")))
        };
        if let Some(c) = compile {
            lines.push_str(&c);
            lines.push('\n');
        }
        files.push(file);
    }
    format!(
        "#!/bin/sh\n# Generated by `gridjudge export`: compiles {}.\nset -e\n\
         cd \"$(dirname \"$0\")\"\n{lines}[ -x run ] || chmod +x run\n",
        files.join(" and ")
    )
}

/// The validators of a Kattis package: program folders `input_validators/gridjudge/` and
/// `output_dir` (`output_validators/gridjudge/` in legacy, `output_validator/` in 2025-09) with
/// the source (and the rest of its folder, [`Source::beside`]), a `build` script that compiles it and a `run` script. A testlib-convention validator's `run` maps its
/// exit 0 to 42 and any other exit to 43 (a signal, exit > 128, to 1: a judge error), as
/// gridjudge reads it; a testlib-convention checker's `run` saves the output (stdin) in the
/// feedback folder, calls `checker <input> <output> <answer>` with stderr into
/// `judgemessage.txt` and maps 0 (and testlib's 7) to 42, 1 and 2 to 43, anything else to 1.
/// Kattis-convention programs (the built-in checker set up for Kattis, the `testlib/` sources
/// compiled with `-DKATTIS`) run as they are. An interactive problem's output validator folder
/// holds the interactor (and the checker that reads its log, if any) and runs as the
/// interactor ([`interactor_run_script`]).
fn kattis_programs(parts: &ProgramParts, root: &Path, output_dir: &str) -> anyhow::Result<()> {
    let dir = root.join("input_validators/gridjudge");
    write_source(&dir, "validator", &parts.validator)?;
    write_script(
        &dir.join("build"),
        &kattis_build_script(&[(&parts.validator, "validator")]),
    )?;
    write_script(&dir.join("run"), &run_script("validator", &parts.validator))?;
    let dir = root.join(output_dir);
    match (&parts.interactor, &parts.checker) {
        (None, Some(checker)) => {
            write_source(&dir, "checker", checker)?;
            write_script(
                &dir.join("build"),
                &kattis_build_script(&[(checker, "checker")]),
            )?;
            write_script(&dir.join("run"), &run_script("checker", checker))?;
        }
        (Some(interactor), checker) => {
            write_source(&dir, "interactor", interactor)?;
            let mut built = vec![(interactor, "interactor")];
            if let Some(c) = checker {
                write_source(&dir, "checker", c)?;
                built.push((c, "checker"));
            }
            write_script(&dir.join("build"), &kattis_build_script(&built))?;
            write_script(
                &dir.join("run"),
                &interactor_run_script(interactor, checker.as_ref()),
            )?;
        }
        (None, None) => bail!("internal error: a package with neither checker nor interactor"),
    }
    Ok(())
}

/// Writes `src` as `dir/name.<ext>` with the rest of its folder ([`Source::beside`]) beside it.
/// Errors when a file of its folder would overwrite one already written there.
fn write_source(dir: &Path, name: &str, src: &Source) -> anyhow::Result<()> {
    let main = dir.join(format!("{name}.{}", src.ext));
    if main.exists() {
        bail!(
            "{}: two programs of the package take this name",
            main.display()
        );
    }
    write_file(&main, &src.bytes)?;
    // The rest of the program's folder (its headers, helper modules), as its compiler finds
    // them beside it.
    for (rel, bytes) in &src.beside {
        write_file(&dir.join(rel), bytes)?;
    }
    Ok(())
}

/// The `run` script of the validator or the (non-interactive) checker `name`.
fn run_script(name: &str, src: &Source) -> String {
    let call = run_line(src, name, name);
    match (name, src.convention) {
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
    }
}

/// The `run` script of an interactive problem's output validator: the judge runs it as the
/// interactor (`run <input> <answer> <feedback_dir>`, the submission's output on stdin, its
/// input on stdout). A Kattis-convention interactor runs as it is. A testlib-convention one
/// runs as `interactor <input> <log> <answer>` on the same pipes, its log in the feedback
/// folder and its stderr in `judgemessage.txt`; its exit 1 or 2 is 43 (WA), any other but 0
/// a judge error; on 0, the checker (if any) judges the log as `checker <input> <log>
/// <answer>` (0 or testlib's 7 → 42, 1 or 2 → 43, else 1), and without a checker 0 is 42.
fn interactor_run_script(interactor: &Source, checker: Option<&Source>) -> String {
    let call = run_line(interactor, "interactor", "interactor");
    if interactor.convention == Convention::Kattis {
        return format!(
            "#!/bin/sh\n# Kattis interactive output validator: generated by `gridjudge \
             export`.\n# run <input> <answer> <feedback_dir>, the submission's output on \
             stdin, its input on stdout; exit 42 AC, 43 WA.\nexec {call} \"$@\"\n"
        );
    }
    let judge_log = match checker {
        Some(c) => format!(
            "{} \"$1\" \"$log\" \"$2\" < /dev/null > /dev/null 2>> \"$3/judgemessage.txt\"\n\
             case $? in\n  0|7) exit 42 ;;\n  1|2) exit 43 ;;\n  *) exit 1 ;;\nesac\n",
            run_line(c, "checker", "checker")
        ),
        None => "exit 42\n".to_string(),
    };
    format!(
        "#!/bin/sh\n# Kattis interactive output validator around the problem's \
         testlib-convention interactor\n# (generated by `gridjudge export`): run <input> \
         <answer> <feedback_dir>, the submission's output\n# on stdin, its input on stdout. The \
         interactor runs as `interactor <input> <log> <answer>`;\n# its exit 1 or 2 is 43 \
         (WA), any other but 0 a judge error; then {}.\n\
         log=\"$3/gridjudge_log\"\n\
         {call} \"$1\" \"$log\" \"$2\" 2> \"$3/judgemessage.txt\"\n\
         case $? in\n  0) ;;\n  1|2) exit 43 ;;\n  *) exit 1 ;;\nesac\n{judge_log}",
        if checker.is_some() {
            "the checker judges the log (`checker <input> <log> <answer>`, 0 or 7 AC, 1 or 2 WA)"
        } else {
            "exit 0 is 42 (AC)"
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::export::shared::test_in_group as t;

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
}
