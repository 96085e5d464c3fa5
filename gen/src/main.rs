//! `gen`: writes one generated test to stdout. Thin wrapper over `gridjudge::problem`; the
//! problem is a built-in one or a program problem of the nearest `problems/` folder
//! (`gridjudge::problems::standalone`).

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use gridjudge::problem::{generate_test, parse_args};

/// Write one test of PROBLEM made by GENERATOR to stdout.
///
/// A test is identified by (problem, generator, arguments, seed): the same identity gives the
/// same bytes on every machine and every run. Arguments are key=value words; their order does
/// not matter.
#[derive(Parser)]
#[command(version, about, after_help = generator_help())]
struct Cli {
    /// Problem name (`game`, ...).
    problem: String,
    /// Generator name (see the list below).
    generator: String,
    /// Generator arguments, key=value.
    args: Vec<String>,
    /// Seed: a non-negative integer below 2^64.
    #[arg(long)]
    seed: u64,
}

fn generator_help() -> String {
    let mut s = String::from("Generators:\n");
    for p in gridjudge::problems::all() {
        for g in p.generators() {
            s.push_str(&format!("\n  {} {}\n      {}\n", p.name(), g.name, g.about));
            for prm in g.params {
                s.push_str(&format!("      {}=  {}\n", prm.key, prm.about));
            }
        }
    }
    s
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A built-in problem by name from any folder, else a program problem of the nearest
    // problems folder (the registry's `standalone`: unlike `gridjudge`, a built-in name wins
    // over a program folder of the same name).
    let result = gridjudge::problems::standalone(&cli.problem).and_then(|found| {
        // key=value words for a built-in problem, positional ones for a program problem, as
        // a manifest line is read.
        let args = parse_args(found.problem(), &cli.args)?;
        Ok(generate_test(
            found.problem(),
            &cli.generator,
            &args,
            cli.seed,
        )?)
    });
    match result {
        Ok(bytes) => {
            if let Err(e) = std::io::stdout().write_all(&bytes) {
                eprintln!("gen: cannot write stdout: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
