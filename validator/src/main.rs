//! `validator`: strict input validator. Thin wrapper over `gridjudge::problem`; the problem is
//! a built-in one or a program problem of the nearest `problems/` folder
//! (`gridjudge::problems::standalone`).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use gridjudge::core::bounds_log::overview_log;
use gridjudge::core::verdict::ValidatorConvention;
use gridjudge::problem::ValidateOptions;

/// Validate one input of PROBLEM read from stdin.
///
/// Exit codes: testlib's by default (0 valid, 3 invalid), Kattis' with --kattis (42 valid,
/// 43 invalid); usage errors exit 2, and so does a program problem's validator program that
/// fails itself (a crash, an exit status its convention does not define). An invalid input
/// gets one line on stderr naming the line and column, what was expected and what was found. Constraints and groups come from
/// problems/<p>/problem.toml (compiled in; --config reads another copy).
///
/// testlib's validator flags are accepted: --testset (ignored), --group (`default` is no
/// group unless problem.toml defines one of that name), --testOverviewLogFileName F (on a valid
/// input, testlib's overview log: for every bounded integer whether its minimum and maximum
/// were hit, its bounds when constant, and its name; `stdout` and `stderr` name the streams),
/// --testMarkupFileName F (on a valid input, testlib's markup: a 4-byte header and the input
/// with `\` and `!` escaped), --testCase N and --testCaseFileName F (inputs here hold one test
/// case, for which testlib writes nothing: accepted and ignored).
// This doc comment and its fields' are the command's --help text, for a terminal: `<file>` is
// an argument's name there, not HTML or a link.
#[allow(rustdoc::invalid_html_tags)]
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Problem name (`game`, ...).
    problem: String,
    /// Also enforce the bounds of this test group (subtask) from problem.toml.
    #[arg(long)]
    group: Option<String>,
    /// testlib's test set name (accepted and ignored).
    #[arg(long)]
    testset: Option<String>,
    /// Write testlib's overview log (bounds hit) here on a valid input.
    #[arg(long = "testOverviewLogFileName", value_name = "FILE")]
    test_overview_log_file_name: Option<String>,
    /// Write testlib's test markup here on a valid input.
    #[arg(long = "testMarkupFileName", value_name = "FILE")]
    test_markup_file_name: Option<String>,
    /// testlib's test case to extract (one-case inputs: nothing to write).
    #[arg(long = "testCase", value_name = "N", value_parser = clap::value_parser!(i64).range(1..))]
    test_case: Option<i64>,
    /// Where testlib would write the extracted test case.
    #[arg(long = "testCaseFileName", value_name = "FILE")]
    test_case_file_name: Option<String>,
    /// Use the Kattis input-validator exit codes (42 valid, 43 invalid).
    #[arg(long)]
    kattis: bool,
    /// Accept spaces at the end of lines (historical inputs); everything else stays strict.
    #[arg(long)]
    allow_trailing_spaces: bool,
    /// Read problem.toml from this file instead of the built-in copy.
    #[arg(long)]
    config: Option<PathBuf>,
}

/// Writes `bytes` to `name` as testlib does: `stdout` and `stderr` are the streams.
fn write_named(name: &str, bytes: &[u8]) -> std::io::Result<()> {
    match name {
        "stdout" => std::io::stdout().write_all(bytes),
        "stderr" => std::io::stderr().write_all(bytes),
        path => std::fs::write(path, bytes),
    }
}

/// testlib's test markup of a single-case input: the header `MU\xF3\x01`, then every byte read,
/// `\` and `!` preceded by `\`.
fn test_markup(input: &[u8]) -> Vec<u8> {
    let mut out = b"MU\xF3\x01".to_vec();
    for &b in input {
        if b == b'\\' || b == b'!' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // One test case per input: testlib writes nothing for --testCase, so nothing is done.
    let _ = (&cli.test_case, &cli.test_case_file_name);
    if cli.testset.as_deref() == Some("") {
        eprintln!("validator: error: expected a non-empty test set after --testset");
        return ExitCode::from(2);
    }
    let conv = if cli.kattis {
        ValidatorConvention::Kattis
    } else {
        ValidatorConvention::Testlib
    };
    // A built-in problem by name from any folder, else a program problem of the nearest
    // problems folder (the registry's `standalone`: unlike `gridjudge`, a built-in name wins
    // over a program folder of the same name).
    let setup = gridjudge::problems::standalone(&cli.problem).and_then(|found| {
        let p = found.problem();
        let cfg = found.config(cli.config.as_deref())?;
        // `--group default` (rbx's config.yaml, testlib's default group) is no group, unless
        // problem.toml names a group `default`.
        let group = match cli.group.as_deref() {
            Some("default") if !cfg.groups.contains_key("default") => None,
            g => g,
        };
        let bounds = cfg.bounds_for(group)?;
        let group = group.map(str::to_string);
        Ok((p, bounds, cfg, group))
    });
    let (p, bounds, cfg, group) = match setup {
        Ok(x) => x,
        Err(e) => {
            eprintln!("validator: error: {e:#}");
            return ExitCode::from(2);
        }
    };
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("validator: cannot read stdin: {e}");
        return ExitCode::from(2);
    }
    let opts = ValidateOptions {
        allow_trailing_spaces: cli.allow_trailing_spaces,
    };
    // A program problem's validator program gets the group itself; when it fails (crashes,
    // exits with a status its convention does not define) that is its own error, not an
    // invalid input.
    let verdict = if gridjudge::problems::program::ProgramProblem::of(p).is_some() {
        match p.validate_in_group(&input, &cfg, group.as_deref()) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("validator: error: {e:#}");
                return ExitCode::from(2);
            }
        }
    } else {
        p.validate(&input, &bounds, opts)
    };
    let code = match verdict {
        Ok(summary) => {
            if let Some(name) = &cli.test_overview_log_file_name {
                let log = overview_log(&summary.bounds_log);
                if let Err(e) = write_named(name, log.as_bytes()) {
                    eprintln!("validator: cannot write the test overview log {name}: {e}");
                    return ExitCode::from(2);
                }
            }
            if let Some(name) = &cli.test_markup_file_name {
                if let Err(e) = write_named(name, &test_markup(&input)) {
                    eprintln!("validator: cannot write the test markup {name}: {e}");
                    return ExitCode::from(2);
                }
            }
            eprintln!("valid: {} {}", p.name(), summary.size);
            conv.exit_code(true)
        }
        Err(e) => {
            eprintln!("invalid: {e}");
            conv.exit_code(false)
        }
    };
    ExitCode::from(code as u8)
}
