//! The `gridjudge` commands: the command line (`Cli`, `Command`, clap's help text) and the
//! dispatch to one file per command (`cli/build.rs`, `cli/judge.rs`, ...), each thin: find the
//! problem through the library's registry, call the library, print, choose the exit code.
//! What the commands share (printing, `RunArgs`, finding problems) is in `cli/common.rs`.
//!
//! Uses the library (`gridjudge::`) and its own command files; the command files use
//! `cli/common.rs` and one another (`build --verify` runs `verify`'s), never this file.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod build;
mod cluster;
mod common;
mod completions;
mod export;
mod judge;
mod list;
mod merge;
mod mutants;
mod render;
mod reports;
mod setup_sandbox;
mod slowest;
mod solve;
mod statement;
mod stress;
mod stress_report;
mod timelimit;
mod verify;

pub use common::stdout_closed;

/// Build, check and judge the test data of online-judge problems.
///
/// The help lists one line per command (`gridjudge <command> --help` gives its whole text and
/// examples): a screen of 80×24 holds it with a prompt, so the options are one line of the
/// template. The description is the package's (`Cargo.toml`).
#[derive(Parser)]
#[command(
    version,
    about,
    long_about = None,
    help_template = "{about}\n\n{usage-heading} {usage}\n\nCommands:\n{subcommands}\n\n\
                     Options: -h, --help (a command's: gridjudge <command> --help); -V, --version\n"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands.
#[derive(Subcommand)]
pub enum Command {
    /// Build every problem's test package, or the named ones
    ///
    /// Build the test package of each PROBLEM (all problems when none is named): generate every
    /// manifest test, validate it, solve it with the reference solution, self-check the jury
    /// answer with the checker, cross-check small tests against the brute-force solver, then
    /// commit problems/<p>/tests/NN.in and NN.ans with their SHA-256 in tests.lock in one step
    /// (all or nothing). The lock is keyed by test identity (generator line and seed, or file):
    /// added, removed and renumbered tests are recorded, a changed test is an error. A Kattis
    /// package (a folder holding problem.yaml) is built in place: data/ made by its
    /// generators/generators.yaml when it has one, checked by its own validators, and locked
    /// in gridjudge.lock.
    #[command(after_long_help = "Examples:\n  \
        gridjudge build                 every problem under problems/\n  \
        gridjudge build game --locked   one problem, checked byte for byte against tests.lock\n  \
        gridjudge build --verify --report   then verify the submissions and write the report")]
    Build(build::BuildArgs),
    /// Judge submissions on a problem's built tests (problems/<p>/tests): the long help text is
    /// [`judge_about`], which lists the languages from their one table.
    #[command(
        about = "Judge submissions on a problem's built tests",
        long_about = judge_about(),
        after_long_help = "Examples:\n  \
            gridjudge judge game problems/game/submissions/accepted/hopcroft_karp.cpp\n  \
            gridjudge judge geography mine.py --tests 01,02 --json\n  \
            gridjudge judge bunny a.cpp b.rs -j 2"
    )]
    Judge(judge::JudgeArgs),
    /// Check every submission's expected verdict; the kill matrix
    ///
    /// Run every submission of problems/<p>/submissions/{accepted,wrong_answer,
    /// time_limit_exceeded,run_time_error}/ on every test, check the verdicts their folders
    /// promise, print the kill matrix, the surviving wrong submissions and a minimum set of
    /// tests that kills them all; save the results to problems/<p>/report/verify.json for
    /// `build --report`. Exits with 1 when an expectation fails or a wrong submission
    /// survives. Problems without a submissions folder are skipped with a note when none is
    /// named, and are an error when named. A Kattis package's submissions are checked against
    /// their folder, submissions.yaml or @EXPECTED_RESULTS@ expectations (and scores), under
    /// the time limit derived from the accepted ones when problem.yaml fixes none.
    #[command(after_long_help = "Examples:\n  \
        gridjudge verify                every problem with a submissions folder\n  \
        gridjudge verify game -j 2 --json\n  \
        gridjudge verify --slurm --shards 8 --partition short")]
    Verify(verify::VerifyArgs),
    /// Put the documents of a sharded run back into one report
    ///
    /// Make a sharded command's report from its shards' documents (files of JSON documents),
    /// checking that every shard 1..N of a run is there once. `verify --shard I/N` prints one
    /// per problem: the merge checks they judged the same package (tests.lock), catalogue,
    /// tests and limits, and prints the report, kill matrix and minimal killing set one
    /// `verify` prints (saving it for `build --report`). `stress --seeds A..B --shard I/N`
    /// prints one: the merge judges the smallest failing seeds of all the shards again and
    /// shrinks them once, as one stress run does. `mutants --shard I/N` prints one: the merge
    /// puts the mutants back in order. `timelimit --shard I/N` prints one per problem: the merge
    /// measures the time-limit-exceeded submissions against the limit the shards give.
    /// `slowest --islands K --shard I/N` prints one: the merge takes the slowest input over all
    /// the islands, as one search over K islands does. Exits as the command exits.
    #[command(after_long_help = "Examples:\n  \
        gridjudge merge 1.json 2.json   (of verify game --shard 1/2 > 1.json, and 2/2)\n  \
        gridjudge merge --json gridjudge-slurm/*/job/out/*.json")]
    Merge(merge::MergeArgs),
    /// Derive the time limit from the submissions
    ///
    /// Derive the time limit from the submissions: run the accepted ones several times (the
    /// slowest test of the slowest run counts), compute the limit with the Kattis formula
    /// ([time_limit] in problem.toml: ac_to_time_limit 2.0, time_limit_to_tle 1.5,
    /// resolution_ms 1000 by default; per_language for one limit per language), check that
    /// every time_limit_exceeded submission takes at least limit x time_limit_to_tle, and
    /// say how stable the measurement was. Exits with 1 when no limit fits or a submission
    /// sits inside the margin; --write puts the limit into [limits] time_ms.
    #[command(after_long_help = "Examples:\n  \
        gridjudge timelimit game\n  \
        gridjudge timelimit geography --repeat 5 --write\n  \
        gridjudge timelimit --slurm --shards 4")]
    Timelimit(timelimit::TimeLimitArgs),
    /// Mutation score: how many mutants of a solution the tests kill
    ///
    /// Mutation score: mutants of a program that solves the problem (the sources of
    /// [mutants] sources in problem.toml, else a program problem's reference; C++, Rust,
    /// Python; each must pass the package unmutated),
    /// made by gridjudge's own rewriting (relational and arithmetic operators, integer
    /// constants +-1, negated if/while conditions, deleted statements, swapped arguments),
    /// each compiled once and judged on the built package until a test kills it (compile
    /// errors are stillborn, left out of the scores). Each survivor is stressed against the
    /// reference (and the brute force where it solves the input) on the default stress line:
    /// a difference makes a real survivor with its shrunk counterexample (--save adds it as a
    /// test), none a likely equivalent mutant, shown with its diff. Prints killed / compiled and
    /// killed / non-equivalent; --sample N --seed S judges a seeded sample. Exits with 1 when a
    /// real survivor is found.
    #[command(after_long_help = "Examples:\n  \
        gridjudge mutants geography -j 2\n  \
        gridjudge mutants game --sample 30 --seed 1 --json\n  \
        gridjudge mutants bunny --save")]
    Mutants(mutants::MutantsArgs),
    /// Stress a submission against the reference; shrink a failure
    ///
    /// Stress a submission: generate tests from consecutive seeds (generator line: NAME and its
    /// arguments, key=value for a built-in problem, a program's words with {seed} for a
    /// program problem; integer ranges such as n=1..6 or 1..6 drawn per seed), run the
    /// submission and the reference solution, check, stop at the first failure (or after
    /// --keep N), and shrink it to a locally minimal counterexample of the same verdict class
    /// (WA/PE, TLE, RE/MLE, OLE). The result does not depend on -j. Exits with 1 when a failure is found.
    #[command(after_long_help = "Examples:\n  \
        gridjudge stress game mine.rs --generator random n=1..6 m=1..6 --time 30s --save\n  \
        gridjudge stress geography mine.cpp --generator 'random 1..8 1..8 1..20 {seed}' \
        --seeds 1..1000\n  \
        gridjudge stress geography mine.cpp --from-test 18")]
    Stress(stress::StressArgs),
    /// Search the generators for a submission's slowest input
    ///
    /// Search for the input that makes a submission slowest, from the generators alone: the
    /// domains of [search] lines in problem.toml (or --line; without either, each built-in
    /// generator with n/m over the constraints), maximal values and random draws first, then
    /// evolution (a parameter drawn again or stepped, another seed, or a mutation of the
    /// input's text, kept only when the validator accepts it). The cost is the instruction
    /// count under valgrind's cachegrind (needs valgrind), after a native run capped at
    /// --cap x TL ("≥ cap" when it does not finish). Deterministic for --seed and --runs; the
    /// result does not depend on -j. Prints the best cost found with its generator line and
    /// the package's worst test measured the same way; exits with 1 when the package has a
    /// costlier test. --save adds the input to the manifest.
    #[command(after_long_help = "Examples:\n  \
        gridjudge slowest game problems/game/submissions/time_limit_exceeded/rematch_per_cell.cpp\n  \
        gridjudge slowest bunny slow.cpp --runs 400 --seed 2 -j 2\n  \
        gridjudge slowest geography slow.cpp --time 600 --save")]
    Slowest(slowest::SlowestArgs),
    /// Run the reference solution on stdin
    ///
    /// Run the reference solution: input on stdin, jury answer on stdout.
    #[command(after_long_help = "Examples:\n  \
        gridjudge solve game < problems/game/tests/01.in\n  \
        gridjudge solve bunny --no-limits < big.in > big.ans")]
    Solve(solve::SolveArgs),
    /// Export a package for testlib/Hydro, Polygon or Kattis judges
    ///
    /// Export a problem's built test package (problems/<p>/tests, checked against tests.lock)
    /// in a layout that judges take: `testlib` (numbered N.in/N.ans, testlib-convention
    /// checker and validator scripts, Hydro config.yaml), `kattis` (Kattis problem package
    /// version `legacy`: DOMjudge, problemtools) or `kattis-2025-09` (version 2025-09:
    /// BAPCtools). Kattis packages ship checker and validator as C++ sources that the judge
    /// compiles; a testlib package also ships the `checker` and `validator` binaries found
    /// beside gridjudge for running it here. A Kattis destination's folder name must be a
    /// valid short name (lowercase letters and digits). `polygon` writes a Polygon package
    /// (problem.xml; also CMS and p2d) with sources only. A Kattis package (a folder with
    /// problem.yaml) goes to the other Kattis version, or, when the default output validator
    /// judges it, to `testlib` or `polygon` with that validator as a testlib-API checker.
    #[command(after_long_help = "Examples:\n  \
        gridjudge export game --format kattis --out out/game\n  \
        gridjudge export geography --format polygon --out out/geography --zip\n  \
        gridjudge export bunny --format testlib --out out/bunny --force")]
    Export(export::ExportArgs),
    /// Compile a problem's statement to PDF and HTML
    ///
    /// Compile a problem's statement (statement/problem.en.tex) to PDF and HTML with the
    /// samples of its built package appended, as the judges' tools (problemtools' problem2pdf
    /// and problem2html) render it: the files `export --format kattis` ships.
    #[command(after_long_help = "Examples:\n  \
        gridjudge statement game --out out/statement\n  \
        gridjudge statement bunny --out /tmp/bunny --problemtools ~/problemtools")]
    Statement(statement::StatementArgs),
    /// Draw a test as an SVG picture
    ///
    /// Draw one test as an SVG picture with row and column numbers and a legend: for `game`
    /// the walls, the free cells' two colour classes and A's winning cells; for `bunny` the
    /// pieces, the empty cell's path with moves numbered as in the statement, and Bunny's
    /// mistakes. The jury answer shown is the reference solution's; with --answer, where that
    /// output differs from it is marked (game: missing and extra cells; bunny: missed mistakes
    /// and moves wrongly reported as mistakes).
    #[command(after_long_help = "Examples:\n  \
        gridjudge render game problems/game/tests/01.in --out 01.svg\n  \
        gridjudge render bunny problems/bunny/tests/05.in --answer mine.out --out 05.svg")]
    Render(render::RenderArgs),
    /// List the problems with their format and generators
    ///
    /// List the problems (built-in and program problems under `problems/`, Kattis packages of
    /// either version) with their format and generators.
    #[command(after_long_help = "Examples:\n  \
        gridjudge list\n  \
        gridjudge list --problems-dir ~/contest --json")]
    List(list::ListArgs),
    /// Give a user the cgroups the sandbox needs (as root)
    ///
    /// Hand the user NAME the cgroups that limit judged programs (run once, as root): with
    /// cgroup v1, a folder owned by NAME in the memory, pids and cpuacct hierarchies
    /// (<mount>/gridjudge/uid-<UID>); with cgroup v2, a systemd drop-in that delegates memory,
    /// pids and cpu to users' managers (then NAME runs gridjudge under `systemd-run --user
    /// --scope -p Delegate=yes`). Prints one line per folder or file; running it again changes
    /// nothing; --remove undoes it.
    #[command(after_long_help = "Examples:\n  \
        sudo gridjudge setup-sandbox --user alice\n  \
        sudo gridjudge setup-sandbox --user alice --remove")]
    SetupSandbox(setup_sandbox::SetupSandboxArgs),
    /// Print a shell completion script
    ///
    /// Print a completion script for SHELL on stdout, e.g. `gridjudge completions bash >
    /// ~/.local/share/bash-completion/completions/gridjudge` (docs/install.md has zsh and fish).
    #[command(after_long_help = "Examples:\n  \
        gridjudge completions bash > ~/.local/share/bash-completion/completions/gridjudge\n  \
        gridjudge completions zsh > ~/.zfunc/_gridjudge")]
    Completions(completions::CompletionsArgs),
}

/// `judge`'s help text, naming every language of the table in `exec::compile`
/// ([`gridjudge::exec::compile::languages_summary`]).
fn judge_about() -> String {
    format!(
        "Judge submissions on a problem's built tests (problems/<p>/tests). A submission is {}, \
         an executable, or a command line (run by /bin/sh -c in a fresh directory: use absolute \
         paths). Prints a verdict per test and a summary line; exits with 1 unless every test of \
         every submission is AC.",
        gridjudge::exec::compile::languages_summary()
    )
}

/// Runs the command `cli` names; its exit code, or its error for `main` to print.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Build(a) => build::run(a),
        Command::Judge(a) => judge::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Timelimit(a) => timelimit::run(a),
        Command::Mutants(a) => mutants::run(a),
        Command::Stress(a) => stress::run(a),
        Command::Slowest(a) => slowest::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Export(a) => export::run(a),
        Command::Statement(a) => statement::run(a),
        Command::Render(a) => render::run(a),
        Command::List(a) => list::run(a),
        Command::SetupSandbox(a) => setup_sandbox::run(a),
        Command::Completions(a) => completions::run(a, &mut Cli::command()),
    }
}
