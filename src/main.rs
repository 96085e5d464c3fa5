//! `gridjudge`: the driver. Thin: argument parsing and exit codes; the work is in the library.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use gridjudge::package::{build_problem, BuildOptions, LockMode};
use gridjudge::problem::{self, ProblemConfig};

/// Prepare, validate and judge test data of grid-game problems.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the test package of each PROBLEM (all problems when none is named): generate every
    /// manifest test, validate it, solve it with the reference solution, self-check the jury
    /// answer with the checker, cross-check small tests against the brute-force solver, write
    /// problems/<p>/tests/NN.in and NN.ans atomically and lock their SHA-256 in tests.lock.
    Build {
        /// Problems to build (default: all).
        problems: Vec<String>,
        /// Fail, writing nothing, if any test differs from tests.lock (or it is missing).
        #[arg(long, conflicts_with = "update_lock")]
        locked: bool,
        /// Accept changed tests and rewrite tests.lock (without it, a changed locked test is an
        /// error and nothing is written).
        #[arg(long)]
        update_lock: bool,
        /// Worker threads (default: one per core). The bytes written never depend on it.
        #[arg(short, long)]
        jobs: Option<usize>,
        /// Folder with one folder per problem.
        #[arg(long, default_value = "problems")]
        problems_dir: PathBuf,
    },
    /// Run the reference solution: input on stdin, jury answer on stdout.
    Solve {
        /// Problem name.
        problem: String,
        /// Lift the statement's constraints (use problem.toml's [lifted] bounds instead).
        #[arg(long)]
        no_limits: bool,
        /// Read problem.toml from this file instead of the built-in copy.
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// List the problems and their generators.
    List,
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Build {
            problems,
            locked,
            update_lock,
            jobs,
            problems_dir,
        } => {
            let selected: Vec<&dyn problem::Problem> = if problems.is_empty() {
                problem::all().to_vec()
            } else {
                problems
                    .iter()
                    .map(|p| problem::by_name(p))
                    .collect::<anyhow::Result<_>>()?
            };
            let opts = BuildOptions {
                problems_dir,
                lock: if locked {
                    LockMode::Locked
                } else if update_lock {
                    LockMode::Update
                } else {
                    LockMode::Extend
                },
                jobs,
            };
            for p in selected {
                let report = build_problem(p, &opts)?;
                println!("== {} ({} tests)", p.name(), report.tests.len());
                print!("{}", report.table);
                println!("{}: {}", p.name(), report.lock_status);
            }
            Ok(())
        }
        Command::Solve {
            problem,
            no_limits,
            config,
        } => {
            let p = problem::by_name(&problem)?;
            let cfg = ProblemConfig::load(p, config.as_deref())?;
            let mut input = Vec::new();
            std::io::stdin()
                .read_to_end(&mut input)
                .context("cannot read stdin")?;
            let bounds = if no_limits {
                &cfg.lifted
            } else {
                &cfg.constraints
            };
            let answer = p.solve(&input, bounds)?;
            std::io::stdout()
                .write_all(&answer)
                .context("cannot write stdout")?;
            Ok(())
        }
        Command::List => {
            for p in problem::all() {
                println!("{}", p.name());
                for g in p.generators() {
                    println!("  {}", g.name);
                }
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gridjudge: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
