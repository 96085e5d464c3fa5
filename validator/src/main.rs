//! `validator`: strict input validator. Thin wrapper over `gridjudge::problem`.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use gridjudge::problem::{self, ProblemConfig, ValidateOptions};
use gridjudge::verdict::ValidatorConvention;

/// Validate one input of PROBLEM read from stdin.
///
/// Exit codes: testlib's by default (0 valid, 3 invalid), Kattis' with --kattis (42 valid,
/// 43 invalid). An invalid input gets one line on stderr naming the line and column, what was
/// expected and what was found. Constraints and groups come from problems/<p>/problem.toml
/// (compiled in; --config reads another copy).
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Problem name (`game`, ...).
    problem: String,
    /// Also enforce the bounds of this test group (subtask) from problem.toml.
    #[arg(long)]
    group: Option<String>,
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let conv = if cli.kattis {
        ValidatorConvention::Kattis
    } else {
        ValidatorConvention::Testlib
    };
    let setup = problem::by_name(&cli.problem).and_then(|p| {
        let cfg = ProblemConfig::load(p, cli.config.as_deref())?;
        let bounds = cfg.bounds_for(cli.group.as_deref())?;
        Ok((p, bounds))
    });
    let (p, bounds) = match setup {
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
    let code = match p.validate(&input, &bounds, opts) {
        Ok(summary) => {
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
