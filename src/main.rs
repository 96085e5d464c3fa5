//! `gridjudge`: the driver. Thin: argument parsing and exit codes; the work is in the library.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{bail, Context};
use clap::{Args, CommandFactory, Parser, Subcommand};
use gridjudge::exec::compile::Submission;
use gridjudge::exec::runner::RunLimits;
use gridjudge::export;
use gridjudge::judge::stress;
use gridjudge::judge::verify;
use gridjudge::judge::{self, JudgeOptions};
use gridjudge::package::{build_problem, BuildOptions, LockMode};
use gridjudge::problem::stdio;
use gridjudge::problem::{self, ProblemConfig};
use gridjudge::problems;

/// Set when a write to stdout found its reader gone (`gridjudge list | head -1`). From then on
/// the command prints nothing more there but finishes its work (a build still commits, stress
/// still saves its counterexamples), and [`main`] exits with status 141, as a program killed by
/// SIGPIPE does. (gridjudge ignores SIGPIPE, as Rust programs do, so that a submission that
/// closes its stdin early cannot kill the judge.)
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes a command's result text to stdout: nothing once [`STDOUT_CLOSED`] is set (and sets
/// it on EPIPE); any other write error is the command's error.
fn print_out(text: std::fmt::Arguments) -> anyhow::Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    match std::io::stdout().lock().write_fmt(text) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        r => r.context("cannot write stdout"),
    }
}

/// `println!` through [`print_out`]: a failed write is an error of the command (`?`), not a
/// panic, and a closed stdout ends the printing, not the work.
macro_rules! outln {
    () => {
        print_out(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        print_out(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `print!` through [`print_out`].
macro_rules! out {
    ($($arg:tt)*) => {
        print_out(format_args!($($arg)*))?
    };
}

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
    /// answer with the checker, cross-check small tests against the brute-force solver, then
    /// commit problems/<p>/tests/NN.in and NN.ans with their SHA-256 in tests.lock in one step
    /// (all or nothing). The lock is keyed by test identity (generator line and seed, or file):
    /// added, removed and renumbered tests are recorded, a changed test is an error.
    Build {
        /// Problems to build (default: all).
        problems: Vec<String>,
        /// Fail, writing nothing, on any difference from tests.lock (added, removed,
        /// renumbered or changed test, or no lock).
        #[arg(long, conflicts_with = "update_lock")]
        locked: bool,
        /// Also accept changed tests (same identity, other bytes) and record them in
        /// tests.lock (without it, a changed test is an error and nothing is written).
        #[arg(long)]
        update_lock: bool,
        /// Print the results as JSON on stdout (one object per problem in `problems`): each
        /// test's name, identity, size, answer, brute-force check and SHA-256s, and the lock's
        /// status and changes.
        #[arg(long, conflicts_with_all = ["verify", "report"])]
        json: bool,
        /// Worker threads (default: one per core). The bytes written never depend on it.
        #[arg(short, long)]
        jobs: Option<usize>,
        /// Folder with one folder per problem (default: the nearest `problems/` holding
        /// `<problem>/problem.toml`, searched from the current folder up).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
        /// After building, run `verify` on each built problem that has a submissions folder
        /// (with --jobs runs at a time, default 1).
        #[arg(long)]
        verify: bool,
        /// Also write the report problems/<p>/report/index.html: statistics, the last verify's
        /// kill matrix (after --verify when given) and a page with a picture per test.
        #[arg(long)]
        report: bool,
        /// Limits of --verify.
        #[command(flatten)]
        run: RunArgs,
    },
    /// Judge submissions on a problem's built tests (problems/<p>/tests). A submission is a .cpp
    /// file (g++ -O2 -std=c++17), a .rs file (rustc -O --edition 2021), an executable, or a
    /// command line (run by /bin/sh -c in a fresh directory: use absolute paths). Prints a
    /// verdict per test and a summary line; exits with 1 unless every test of every submission
    /// is AC.
    Judge {
        /// Problem name.
        problem: String,
        /// Submissions to judge.
        #[arg(required = true)]
        submissions: Vec<String>,
        /// Only these tests: names or numbers and ranges, e.g. `1-5,12`.
        #[arg(long)]
        tests: Option<String>,
        /// Folder with one folder per problem (default: the nearest `problems/` holding
        /// `<problem>/problem.toml`, searched from the current folder up).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
        /// Runs at the same time (timings are less reliable above 1).
        #[arg(short, long, default_value_t = 1)]
        jobs: usize,
        /// Print the report as JSON on stdout.
        #[arg(long)]
        json: bool,
        /// Limits and compile cache.
        #[command(flatten)]
        run: RunArgs,
    },
    /// Run every submission of problems/<p>/submissions/{accepted,wrong_answer,
    /// time_limit_exceeded,run_time_error}/ on every test, check the verdicts their folders
    /// promise, print the kill matrix, the surviving wrong submissions and a minimum set of
    /// tests that kills them all; save the results to problems/<p>/report/verify.json for
    /// `build --report`. Exits with 1 when an expectation fails or a wrong submission
    /// survives. Problems without a submissions folder are skipped with a note when none is
    /// named, and are an error when named.
    Verify {
        /// Problems to verify (default: every problem with a submissions folder).
        problems: Vec<String>,
        /// Folder with one folder per problem (default: the nearest `problems/` holding
        /// `<problem>/problem.toml`, searched from the current folder up).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
        /// Runs at the same time (timings are less reliable above 1).
        #[arg(short, long, default_value_t = 1)]
        jobs: usize,
        /// Print the report as JSON on stdout.
        #[arg(long)]
        json: bool,
        /// Limits and compile cache.
        #[command(flatten)]
        run: RunArgs,
    },
    /// Stress a submission: generate tests from consecutive seeds (generator line: NAME
    /// key=value ..., integer ranges such as n=1..6 drawn per seed), run the submission and
    /// the reference solution, check, stop at the first failure (or after --keep N), and shrink
    /// it to a locally minimal counterexample of the same verdict class (WA/PE, TLE, RE/MLE,
    /// OLE). The result does not depend on -j. Exits with 1 when a failure is found.
    Stress {
        /// Problem name.
        problem: String,
        /// The submission (as for `judge`).
        submission: String,
        /// Generator line, e.g. `--generator random n=1..6 m=1..6 walls=0.3` (default: the
        /// problem's first generator with n=2..5 m=2..5).
        #[arg(long, num_args = 1.., value_name = "NAME [KEY=VALUE]...", allow_hyphen_values = false)]
        generator: Vec<String>,
        /// Seeds to try, inclusive, e.g. 1..1000 (default 1..1000).
        #[arg(long, conflicts_with = "time")]
        seeds: Option<String>,
        /// Try seeds from 1 until this much time has passed, e.g. 60s or 2m.
        #[arg(long)]
        time: Option<String>,
        /// Stop after this many failing seeds.
        #[arg(long, default_value_t = 1)]
        keep: usize,
        /// Report the failing tests as generated, without shrinking.
        #[arg(long)]
        no_shrink: bool,
        /// Start from this package test (its number, e.g. 23) instead of generated seeds:
        /// judge it and, when it fails, shrink it (its generator line first, then its input).
        #[arg(long, value_name = "TEST", conflicts_with_all = ["seeds", "time", "generator", "save"])]
        from_test: Option<String>,
        /// Add each minimal counterexample to the problem as a hand test
        /// (problems/<p>/hand/stress-<hash>.in and a manifest entry `file =
        /// "hand/stress-<hash>.in"`, relative to the problem folder); refused, naming the
        /// test, when the input is already a test of the manifest or a file in hand/.
        #[arg(long)]
        save: bool,
        /// Print the result as JSON on stdout: seeds tried, and per failure the seed, the
        /// found and the minimal input, the verdict and its class, shrink steps and
        /// candidates, the submission's output, the jury answer and the checker's message.
        #[arg(long)]
        json: bool,
        /// Folder with one folder per problem (default: the nearest `problems/` holding
        /// `<problem>/problem.toml`, searched from the current folder up).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
        /// Tests run at the same time; the result does not depend on it.
        #[arg(short, long, default_value_t = 1)]
        jobs: usize,
        /// Limits and compile cache.
        #[command(flatten)]
        run: RunArgs,
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
        /// Folder with one folder per problem (default: the nearest `problems/` from the
        /// current folder up; a built-in problem needs none).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
    },
    /// Export a problem's built test package (problems/<p>/tests, checked against tests.lock)
    /// in a layout that judges take: `testlib` (numbered N.in/N.ans, testlib-convention
    /// checker and validator scripts, Hydro config.yaml), `kattis` (Kattis problem package
    /// version `legacy`: DOMjudge, problemtools) or `kattis-2025-09` (version 2025-09:
    /// BAPCtools). Kattis packages ship checker and validator as C++ sources that the judge
    /// compiles; a testlib package also ships the `checker` and `validator` binaries found
    /// beside gridjudge for running it here. A Kattis destination's folder name must be a
    /// valid short name (lowercase letters and digits). `polygon` writes a Polygon package
    /// (problem.xml; also CMS and p2d) with sources only.
    Export {
        /// Problem name.
        problem: String,
        /// Package layout: testlib, kattis (legacy), kattis-2025-09 or polygon.
        #[arg(long, default_value = "testlib")]
        format: String,
        /// Destination folder (refused when it exists and is not empty, unless --force).
        #[arg(short, long)]
        out: PathBuf,
        /// Replace an existing destination (and zip).
        #[arg(long)]
        force: bool,
        /// Also write <OUT>.zip with the folder's content at the archive root.
        #[arg(long)]
        zip: bool,
        /// Folder with the `checker` and `validator` binaries (default: gridjudge's own).
        #[arg(long)]
        bin_dir: Option<PathBuf>,
        /// Folder with one folder per problem (default: the nearest `problems/` holding
        /// `<problem>/problem.toml`, searched from the current folder up).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
        /// Kattis and Polygon: ship only the statement's LaTeX source, not the PDF and HTML
        /// compiled from it (problem_statement/problem.pdf and problem.html; Polygon:
        /// statements/.pdf/english/problem.pdf and statements/.html/english/problem.html):
        /// DOMjudge, CMS and p2d then show no statement. Without this
        /// flag the export needs problemtools, LuaLaTeX, ghostscript and tidy, and fails
        /// without them.
        #[arg(long)]
        no_compiled_statement: bool,
        /// Folder holding problemtools' problem2pdf and problem2html (default:
        /// $GRIDJUDGE_PROBLEMTOOLS, then PATH, then target/problemtools-venv/bin).
        #[arg(long, conflicts_with = "no_compiled_statement")]
        problemtools: Option<PathBuf>,
    },
    /// Compile a problem's statement (statement/problem.en.tex) to PDF and HTML with the
    /// samples of its built package appended, as the judges' tools (problemtools' problem2pdf
    /// and problem2html) render it: the files `export --format kattis` ships.
    Statement {
        /// Problem name.
        problem: String,
        /// Destination folder; it must not exist or be empty (default:
        /// problems/<problem>/statement-build, replaced).
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Folder holding problemtools' problem2pdf and problem2html (default:
        /// $GRIDJUDGE_PROBLEMTOOLS, then PATH, then target/problemtools-venv/bin).
        #[arg(long)]
        problemtools: Option<PathBuf>,
        /// Folder with one folder per problem (default: the nearest `problems/` holding
        /// `<problem>/problem.toml`, searched from the current folder up).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
    },
    /// Draw one test as an SVG picture with row and column numbers and a legend: for `game`
    /// the walls, the free cells' two colour classes and A's winning cells; for `bunny` the
    /// pieces, the empty cell's path with moves numbered as in the statement, and Bunny's
    /// mistakes. The jury answer shown is the reference solution's; with --answer, where that
    /// output differs from it is marked (game: missing and extra cells; bunny: missed mistakes
    /// and moves wrongly reported as mistakes).
    Render {
        /// Problem name.
        problem: String,
        /// The input file.
        input: PathBuf,
        /// A contestant's output (or any answer) to compare with the jury answer.
        #[arg(long)]
        answer: Option<PathBuf>,
        /// Output SVG file.
        #[arg(short, long)]
        out: PathBuf,
        /// The longer side of the board in pixels (cells are this divided by the larger of n
        /// and m); the row and column numbers and the legend come in addition.
        #[arg(long, default_value_t = 640, value_parser = clap::value_parser!(u32).range(1..))]
        size: u32,
    },
    /// List the problems (built-in and program problems under `problems/`) and their
    /// generators.
    List {
        /// Folder with one folder per problem (default: the nearest `problems/` from the
        /// current folder up; without one, the built-in problems).
        #[arg(long)]
        problems_dir: Option<PathBuf>,
    },
    /// Print a completion script for SHELL on stdout, e.g. `gridjudge completions bash >
    /// ~/.local/share/bash-completion/completions/gridjudge` (see the README for zsh and fish).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// Limits and the compile cache, shared by `judge`, `verify` and `build --verify`.
#[derive(Args)]
struct RunArgs {
    /// CPU time limit per test in ms (default: problem.toml [limits] time_ms).
    #[arg(long, value_name = "MS")]
    time_limit: Option<u64>,
    /// Wall-clock limit per test in ms (default: twice the CPU limit plus 1000).
    #[arg(long, value_name = "MS")]
    wall_limit: Option<u64>,
    /// Memory limit in MiB (default: problem.toml [limits] memory_mib).
    #[arg(long, value_name = "MIB")]
    memory_limit: Option<u64>,
    /// Output cap in bytes (default: 64 MiB).
    #[arg(long, value_name = "BYTES")]
    output_limit: Option<u64>,
    /// Stack limit in MiB, 0 for unlimited (default: 64).
    #[arg(long, value_name = "MIB")]
    stack_limit: Option<u64>,
    /// Task limit: processes and threads of a run at once (default: problem.toml [limits]
    /// tasks, else 128).
    #[arg(long, value_name = "N")]
    task_limit: Option<u64>,
    /// Run the programs without the bubblewrap sandbox: unconfined, as your user, with
    /// per-process limits only. Every report then says so.
    #[arg(long)]
    no_sandbox: bool,
    /// Compile cache folder (default: $XDG_CACHE_HOME/gridjudge, else ~/.cache/gridjudge).
    #[arg(long)]
    cache_dir: Option<PathBuf>,
}

impl RunArgs {
    /// Judge options for a problem whose package is in `dir`, with `jobs` runs at a time.
    fn options(
        &self,
        p: &dyn problem::Problem,
        dir: &Path,
        jobs: usize,
    ) -> anyhow::Result<JudgeOptions> {
        let cfg = ProblemConfig::load(p, Some(&dir.join("problem.toml")))?;
        let mut limits = RunLimits::new(
            self.time_limit.unwrap_or(cfg.limits.time_ms),
            self.memory_limit.unwrap_or(cfg.limits.memory_mib),
        );
        if let Some(w) = self.wall_limit {
            limits.wall_ms = w;
        }
        if let Some(o) = self.output_limit {
            limits.output_bytes = o;
        }
        if let Some(s) = self.stack_limit {
            limits.stack_kib = (s > 0).then(|| s.saturating_mul(1024));
        } else if let Some(s) = cfg.limits.stack_mib {
            limits.stack_kib = Some(s.saturating_mul(1024));
        }
        limits.tasks = self.task_limit.unwrap_or(cfg.limits.tasks);
        if limits.time_ms == 0
            || limits.memory_kib == 0
            || limits.output_bytes == 0
            || limits.tasks == 0
        {
            bail!("time, memory, output and task limits must be positive");
        }
        Ok(JudgeOptions {
            limits,
            jobs: jobs.max(1),
            progress: std::io::stderr().is_terminal(),
            cache_dir: self.cache_dir.clone().unwrap_or_else(|| {
                gridjudge::problems::default_cache_dir(dir.parent().unwrap_or(dir))
            }),
            sandbox: !self.no_sandbox,
        })
    }
}

/// Verifies `p`; `Ok(None)` when it has no submissions folder. Prints the report (as JSON
/// when `json`); `Ok(Some(ok))` otherwise.
fn verify_one(
    p: &dyn problem::Problem,
    problems_dir: &Path,
    run: &RunArgs,
    jobs: usize,
    json: bool,
) -> anyhow::Result<Option<bool>> {
    if !problems_dir.join(p.name()).join("submissions").is_dir() {
        return Ok(None);
    }
    let opts = run.options(p, &problems_dir.join(p.name()), jobs)?;
    let Some(report) = verify::verify_problem(p, problems_dir, &opts)? else {
        return Ok(None);
    };
    if json {
        outln!("{}", report.to_json());
    } else {
        outln!("== verify {}", p.name());
        out!("{}", report.render());
    }
    Ok(Some(report.ok()))
}

/// The problems named on the command line (every problem of `problems_dir` when none is),
/// found at run time ([`problems::problems`]).
fn select(
    problems_dir: &Path,
    names: &[String],
    cache: Option<&Path>,
) -> anyhow::Result<Vec<&'static dyn problem::Problem>> {
    let cache = cache.map_or_else(
        || problems::default_cache_dir(problems_dir),
        Path::to_path_buf,
    );
    if names.is_empty() {
        let all = problems::problems(problems_dir, &cache)?;
        if all.is_empty() {
            bail!(
                "{}: no problem folders (none holds a problem.toml)",
                problems_dir.display()
            );
        }
        return Ok(all);
    }
    names
        .iter()
        .map(|n| problems::problem(problems_dir, n, &cache))
        .collect()
}

/// The problem called `name` and its folder, in the problems folder `explicit` or the one
/// found from the current folder up; a program problem compiles its programs into `cache`
/// (`--cache-dir`; default [`problems::default_cache_dir`]).
fn find(
    name: &str,
    explicit: Option<&Path>,
    cache: Option<&Path>,
) -> anyhow::Result<(&'static dyn problem::Problem, PathBuf)> {
    let problems_dir = problems::problems_dir(explicit)?;
    let cache = cache.map_or_else(
        || problems::default_cache_dir(&problems_dir),
        Path::to_path_buf,
    );
    let p = problems::problem(&problems_dir, name, &cache)?;
    Ok((p, problems_dir.join(p.name())))
}

/// [`find`], except that a built-in problem is found without a problems folder (for `solve`
/// and `render`, which need no package).
fn find_anywhere(
    name: &str,
    explicit: Option<&Path>,
) -> anyhow::Result<&'static dyn problem::Problem> {
    match find(name, explicit, None) {
        Ok((p, _)) => Ok(p),
        Err(e) => match gridjudge::problems::by_name(name) {
            Ok(p) if explicit.is_none() => Ok(p),
            _ => Err(e),
        },
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Build {
            problems,
            locked,
            update_lock,
            json,
            jobs,
            problems_dir,
            verify,
            report: with_report,
            run,
        } => {
            let problems_dir = problems::problems_dir(problems_dir.as_deref())?;
            let selected = select(&problems_dir, &problems, None)?;
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
                progress: std::io::stderr().is_terminal(),
            };
            let mut failed = Vec::new();
            let mut results = Vec::new();
            for p in selected {
                let report = build_problem(p, &opts)?;
                if json {
                    let lock = opts.problems_dir.join(p.name()).join("tests.lock");
                    results.push(report.to_json(p.name(), &lock));
                } else {
                    outln!("== {} ({} tests)", p.name(), report.tests.len());
                    out!("{}", report.table);
                    outln!("{}: {}", p.name(), report.lock_status);
                }
                if let gridjudge::package::store::CommitOutcome::Committed { warnings, .. } =
                    &report.outcome
                {
                    for w in warnings {
                        eprintln!("warning: {}: {w}", p.name());
                    }
                }
                if verify {
                    match verify_one(p, &opts.problems_dir, &run, jobs.unwrap_or(1), false)? {
                        None => outln!(
                            "{}: no submissions folder ({}), nothing to verify",
                            p.name(),
                            opts.problems_dir
                                .join(p.name())
                                .join("submissions")
                                .display()
                        ),
                        Some(true) => {}
                        Some(false) => failed.push(p.name()),
                    }
                }
                if with_report {
                    let title = ProblemConfig::load(
                        p,
                        Some(&opts.problems_dir.join(p.name()).join("problem.toml")),
                    )?
                    .title;
                    let path = gridjudge::report::write_report(
                        p,
                        &title,
                        &opts.problems_dir,
                        &report.tests,
                    )?;
                    outln!("{}: report {}", p.name(), path.display());
                }
            }
            if json {
                outln!("{}", serde_json::json!({ "problems": results }));
            }
            if !failed.is_empty() {
                bail!("verify failed for {}", failed.join(", "));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Judge {
            problem,
            submissions,
            tests,
            problems_dir,
            jobs,
            json,
            run,
        } => {
            let (p, dir) = find(&problem, problems_dir.as_deref(), run.cache_dir.as_deref())?;
            let opts = run.options(p, &dir, jobs)?;
            let cfg = ProblemConfig::load(p, Some(&dir.join("problem.toml")))?;
            let subs: Vec<Submission> = submissions
                .iter()
                .map(|s| Submission::from_arg(s))
                .collect::<anyhow::Result<_>>()?;
            // Checked against tests.lock first (a tampered or stale test is an error).
            let package =
                gridjudge::package::load_checked(dir.parent().unwrap_or(&dir), p.name())?;
            let mut cases = package.cases();
            if let Some(f) = &tests {
                cases = gridjudge::package::filter_tests(&cases, f)?;
            }
            let report = judge::judge(p, &cfg, &subs, &cases, &opts)?;
            package.recheck()?;
            if json {
                outln!("{}", report.to_json());
            } else {
                out!("{}", report.render());
            }
            Ok(if report.all_accepted() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Verify {
            problems,
            problems_dir,
            jobs,
            json,
            run,
        } => {
            let problems_dir = problems::problems_dir(problems_dir.as_deref())?;
            let named = !problems.is_empty();
            let selected = select(&problems_dir, &problems, run.cache_dir.as_deref())?;
            let mut all_ok = true;
            let mut verified = 0;
            for p in selected {
                let folder = problems_dir.join(p.name()).join("submissions");
                match verify_one(p, &problems_dir, &run, jobs, json)? {
                    None if named => bail!(
                        "problem `{}` has no submissions folder ({}): nothing to verify",
                        p.name(),
                        folder.display()
                    ),
                    None => eprintln!(
                        "{}: no submissions folder ({}), skipped",
                        p.name(),
                        folder.display()
                    ),
                    Some(ok) => {
                        verified += 1;
                        all_ok &= ok;
                    }
                }
            }
            if verified == 0 {
                bail!(
                    "nothing verified: no problem in {} has a submissions folder \
                     (<problem>/submissions/accepted/, ...)",
                    problems_dir.display()
                );
            }
            Ok(if all_ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Stress {
            problem,
            submission,
            generator,
            seeds,
            time,
            keep,
            no_shrink,
            from_test,
            save,
            json,
            problems_dir,
            jobs,
            run,
        } => {
            let (p, dir) = find(&problem, problems_dir.as_deref(), run.cache_dir.as_deref())?;
            let opts = run.options(p, &dir, jobs)?;
            let cfg = ProblemConfig::load(p, Some(&dir.join("problem.toml")))?;
            if let Some(test) = from_test {
                let sub = Submission::from_arg(&submission)?;
                let subject = stress::ProcessSubject::prepare(
                    &sub,
                    &opts.cache_dir,
                    opts.limits,
                    opts.sandbox,
                    std::io::stderr().is_terminal(),
                )?;
                let problems_dir = dir.parent().unwrap_or(&dir).to_path_buf();
                let found = stress::from_test(
                    p,
                    &cfg,
                    &subject,
                    &problems_dir,
                    &test,
                    !no_shrink,
                    opts.jobs,
                )?;
                return Ok(match found {
                    None => {
                        if json {
                            outln!("{}", serde_json::json!({ "test": test, "failure": null }));
                        } else {
                            outln!("stress {} {}: test {test} passes", p.name(), sub.name);
                        }
                        ExitCode::SUCCESS
                    }
                    Some(c) => {
                        if json {
                            outln!(
                                "{}",
                                serde_json::json!({ "test": test, "failure": c.to_json(p) })
                            );
                        } else {
                            outln!("stress {} {}: test {test} fails", p.name(), sub.name);
                            outln!("{}", subject.isolation());
                            out!("{}", c.render(p));
                        }
                        ExitCode::FAILURE
                    }
                });
            }
            let line = if generator.is_empty() {
                stress::GeneratorLine::default_for(p)?
            } else {
                stress::GeneratorLine::parse(p, &generator)?
            };
            let seeds = match (&seeds, &time) {
                (_, Some(t)) => stress::SeedPlan::parse_time(t)?,
                (Some(r), None) => stress::SeedPlan::parse_range(r)?,
                (None, None) => stress::SeedPlan::Range {
                    first: 1,
                    last: 1000,
                },
            };
            let sub = Submission::from_arg(&submission)?;
            let progress = std::io::stderr().is_terminal();
            let subject = stress::ProcessSubject::prepare(
                &sub,
                &opts.cache_dir,
                opts.limits,
                opts.sandbox,
                progress,
            )?;
            let sopts = stress::StressOptions {
                generator: line,
                seeds,
                jobs: opts.jobs,
                keep,
                shrink: !no_shrink,
                progress,
            };
            let report = stress::stress(p, &cfg, &subject, &sopts)?;
            if report.tested == report.skipped {
                bail!(
                    "nothing tested: no seed of `{}` was run (give more time or seeds)",
                    sopts.generator
                );
            }
            let mut failures_json = Vec::new();
            let mut save_failed = false;
            if !json {
                let secs = report.search_time.as_secs_f64();
                outln!(
                    "stress {} {}: {} seed(s) of `{}` in {:.2} s ({:.1} tests/s), {} failure(s)",
                    p.name(),
                    sub.name,
                    report.tested,
                    sopts.generator,
                    secs,
                    report.tested as f64 / secs.max(1e-9),
                    report.failures.len()
                );
                outln!("{}", subject.isolation());
                if let Some((seed, why)) = &report.first_skip {
                    outln!(
                        "skipped {} seed(s) whose drawn values the generator rejects, first seed {seed}: {why}",
                        report.skipped
                    );
                }
            }
            for c in &report.failures {
                let mut cj = c.to_json(p);
                if !json {
                    outln!();
                    out!("{}", c.render(p));
                }
                if save {
                    let note = format!(
                        "{} fails ({}), found by `{} --seed {}`",
                        sub.name,
                        c.judged().verdict,
                        c.concrete_line(),
                        c.seed
                    );
                    match stress::save_counterexample(p, &dir, c.input(), &note) {
                        Ok(saved) => {
                            if !json {
                                outln!(
                                    "saved: {} in {} (manifest test {})",
                                    saved.manifest_file,
                                    dir.display(),
                                    saved.number
                                );
                            }
                            cj["saved"] = saved.manifest_file.into();
                        }
                        Err(e) => {
                            // One refused or failed save does not stop the others.
                            eprintln!("gridjudge: error: seed {}: {e:#}", c.seed);
                            cj["save_error"] = format!("{e:#}").into();
                            save_failed = true;
                        }
                    }
                }
                failures_json.push(cj);
            }
            if json {
                let mut all = report.to_json(p, &sub.name, &sopts);
                all["failures"] = failures_json.into();
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&all).context("cannot print JSON")?
                );
            }
            Ok(if report.failures.is_empty() && !save_failed {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Solve {
            problem,
            no_limits,
            config,
            problems_dir,
        } => {
            let p = find_anywhere(&problem, problems_dir.as_deref())?;
            stdio::solve_stdio(p, config.as_deref(), no_limits)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Export {
            problem,
            format,
            out,
            force,
            zip,
            bin_dir,
            problems_dir,
            no_compiled_statement,
            problemtools,
        } => {
            let (p, _) = find(&problem, problems_dir.as_deref(), None)?;
            let bin_dir = match bin_dir {
                Some(d) => d,
                None => std::env::current_exe()
                    .context("cannot locate the gridjudge executable")?
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_default(),
            };
            let opts = export::ExportOptions {
                problems_dir: problems::problems_dir(problems_dir.as_deref())?,
                format: export::Format::parse(&format)?,
                out,
                force,
                zip,
                bin_dir,
                progress: std::io::stderr().is_terminal(),
                statement: match (no_compiled_statement, problemtools) {
                    (true, _) => export::StatementBuild::SourceOnly,
                    (false, Some(dir)) => export::StatementBuild::CompiledWith(dir),
                    (false, None) => export::StatementBuild::Compiled,
                },
            };
            let r = export::export(p, &opts)?;
            outln!(
                "exported {} ({format}): {} -> {}",
                p.name(),
                export_counts(&r, opts.format),
                r.out.display()
            );
            if let Some(z) = &r.zip {
                outln!("zip: {}", z.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Statement {
            problem,
            out,
            problemtools,
            problems_dir,
        } => {
            let (p, dir) = find(&problem, problems_dir.as_deref(), None)?;
            let tools = gridjudge::export::statement::Tools::find(problemtools.as_deref())?;
            let tests = gridjudge::export::shared::load_built(
                p,
                &problems::problems_dir(problems_dir.as_deref())?,
            )?;
            let out = match out {
                Some(o) => {
                    if o.exists() && std::fs::read_dir(&o).map_or(true, |mut d| d.next().is_some())
                    {
                        bail!("{} exists and is not an empty folder", o.display());
                    }
                    o
                }
                None => {
                    let o = dir.join("statement-build");
                    if o.exists() {
                        std::fs::remove_dir_all(&o)
                            .with_context(|| format!("cannot remove {}", o.display()))?;
                    }
                    o
                }
            };
            let started = std::time::Instant::now();
            let c = gridjudge::export::statement::compile(
                &tools,
                p.name(),
                &dir.join("statement"),
                &gridjudge::export::statement::samples_of(&tests),
                &out,
                gridjudge::export::statement::Layout {
                    pdf: "problem.pdf",
                    html: Some("problem.html"),
                },
            )?;
            outln!(
                "compiled the statement of {} in {:.1} s: {} and {} ({} assets)",
                p.name(),
                started.elapsed().as_secs_f64(),
                c.pdf.display(),
                c.html.as_deref().unwrap_or(Path::new("-")).display(),
                c.assets.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Render {
            problem,
            input,
            answer,
            out,
            size,
        } => {
            let p = find_anywhere(&problem, None)?;
            let read =
                |f: &Path| std::fs::read(f).with_context(|| format!("cannot read {}", f.display()));
            let input = read(&input)?;
            let answer = answer.as_deref().map(read).transpose()?;
            let svg = gridjudge::report::render::svg(
                p,
                &input,
                answer.as_deref(),
                gridjudge::problem::RenderOptions { max_side_px: size },
            )?;
            gridjudge::core::files::write_atomic(&out, svg.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Completions { shell } => {
            // Into a buffer first: clap_complete panics when its writer fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gridjudge", &mut script);
            out!("{}", String::from_utf8_lossy(&script));
            Ok(ExitCode::SUCCESS)
        }
        Command::List { problems_dir } => {
            let all = match problems::problems_dir(problems_dir.as_deref()) {
                Ok(dir) => problems::problems(&dir, &problems::default_cache_dir(&dir))?,
                Err(_) if problems_dir.is_none() => gridjudge::problems::all().to_vec(),
                Err(e) => return Err(e),
            };
            for p in all {
                outln!("{}", p.name());
                for g in p.generators() {
                    outln!("  {}", g.name);
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn main() -> ExitCode {
    if let Err(e) = gridjudge::exec::sandbox::install_cleanup_handlers() {
        let _ = writeln!(std::io::stderr(), "gridjudge: error: {e:#}");
        return ExitCode::FAILURE;
    }
    match run(Cli::parse()) {
        // The reader of stdout has gone: the work is done, its report unread.
        Ok(_) if STDOUT_CLOSED.load(Ordering::Relaxed) => {
            ExitCode::from(stdio::STDOUT_CLOSED_STATUS)
        }
        Ok(code) => code,
        // The jury answer could not be written: nothing to tell the reader that left.
        Err(e) if stdio::is_stdout_closed(&e) => ExitCode::from(stdio::STDOUT_CLOSED_STATUS),
        Err(e) => {
            // A stderr that cannot be written (closed, full) leaves only the status.
            let _ = writeln!(std::io::stderr(), "gridjudge: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `47 tests (1 sample), 13 submissions`: what an export wrote, in words (no submissions for
/// a testlib package, which has none).
fn export_counts(r: &export::ExportReport, format: export::Format) -> String {
    let n = |k: usize, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
    let mut s = format!("{} ({})", n(r.tests, "test"), n(r.samples, "sample"));
    match format {
        export::Format::Kattis | export::Format::Kattis2025 => {
            s += &format!(", {}", n(r.submissions, "submission"))
        }
        export::Format::Polygon => s += &format!(", {}", n(r.submissions, "solution")),
        export::Format::Testlib => {}
    }
    s
}
