//! `solve`: the reference solution of a built-in problem as a program of its own, beside the
//! standalone `gen`, `validator` and `checker` (problem settings compiled in).
//!
//! `solve <problem> [--no-limits] [--config problem.toml] < input > answer` does what
//! `gridjudge solve` does for a built-in problem, through the same library call
//! ([`gridjudge::stdio::solve_stdio`]), and nothing else. It is the reference solution measured
//! against the C++ peers (`cargo bench --bench peers`, README "Speed"), and is kept as lean in
//! memory as a C++ contest solution, which takes three choices (each measured there in resident
//! memory on a 1000×1000 board):
//! * no command-line library: clap's parser and help tree are about 0.5 MiB of resident code,
//!   so the three arguments are read by hand;
//! * no TOML parser: the built-in bounds are compiled in ([`gridjudge::problem::compiled_bounds`];
//!   `--config` still parses a file), about 0.25 MiB;
//! * no Rust runtime start-up (`#![no_main]`, a C `main`): the standard library's start-up
//!   finds the main thread's stack guard with glibc's `pthread_getattr_np`, which reads
//!   `/proc/self/maps` through stdio and `sscanf`, about 0.25 MiB of libc's code. What the
//!   start-up would also do is done here: SIGPIPE ignored and stdout flushed. Without it a
//!   stack overflow is a plain SIGSEGV (the solutions are iterative) and a panic aborts; both
//!   are a crash either way.
//!
//! Exit status: 0 with the jury answer on stdout; 1 with `solve: error: ...` on stderr when the
//! input is invalid or a file cannot be read; 2 on a usage error (as clap's programs); 141
//! without a message when the reader of stdout went away.

// A test build keeps the harness's `main`.
#![cfg_attr(not(test), no_main)]
#![cfg_attr(test, allow(dead_code))]

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use gridjudge::{problem, stdio};

const USAGE: &str = "usage: solve <problem> [--no-limits] [--config <file>] < input > answer";

/// The parsed command line.
struct Args {
    problem: String,
    no_limits: bool,
    config: Option<PathBuf>,
}

/// What the command line asks for.
enum Parsed {
    Run(Args),
    Help,
    Version,
}

fn help() -> String {
    let names: Vec<&str> = problem::all().iter().map(|p| p.name()).collect();
    format!(
        "Run the reference solution of a built-in problem: input on stdin, jury answer on \
         stdout.\n\n{USAGE}\n\nArguments:\n  <problem>          Problem name ({})\n\n\
         Options:\n  --no-limits        Lift the statement's constraints (use problem.toml's \
         [lifted] bounds instead)\n  --config <file>    Read problem.toml from this file instead \
         of the built-in copy\n  -h, --help         Print help\n  -V, --version      Print \
         version\n",
        names.join(", ")
    )
}

/// Reads the arguments after the program name. Errors name the argument at fault.
fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Parsed, String> {
    let mut problem = None;
    let mut no_limits = false;
    let mut config = None;
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        match a.to_str() {
            Some("-h" | "--help") => return Ok(Parsed::Help),
            Some("-V" | "--version") => return Ok(Parsed::Version),
            Some("--no-limits") => no_limits = true,
            Some("--config") => match args.next() {
                Some(f) => config = Some(PathBuf::from(f)),
                None => return Err("a value is required for `--config <file>`".into()),
            },
            Some(s) if s.starts_with("--config=") => {
                config = Some(PathBuf::from(&s["--config=".len()..]))
            }
            Some(s) if s.starts_with('-') && s.len() > 1 => {
                return Err(format!("unexpected argument `{s}`"))
            }
            Some(s) if problem.is_none() => problem = Some(s.to_string()),
            _ => return Err(format!("unexpected argument `{}`", a.to_string_lossy())),
        }
    }
    match problem {
        Some(problem) => Ok(Parsed::Run(Args {
            problem,
            no_limits,
            config,
        })),
        None => Err("the problem name is required".into()),
    }
}

/// Exit statuses.
const SUCCESS: i32 = 0;
const FAILURE: i32 = 1;
const USAGE_ERROR: i32 = 2;
const STDOUT_CLOSED: i32 = 141;

fn run() -> i32 {
    let args = match parse(std::env::args_os().skip(1)) {
        Ok(Parsed::Run(a)) => a,
        Ok(Parsed::Help) => return print_out(&help()),
        Ok(Parsed::Version) => return print_out(&format!("solve {}\n", env!("CARGO_PKG_VERSION"))),
        Err(e) => {
            eprintln!("solve: error: {e}\n{USAGE}");
            return USAGE_ERROR;
        }
    };
    let run = problem::by_name(&args.problem)
        .and_then(|p| stdio::solve_stdio(p, args.config.as_deref(), args.no_limits));
    match run {
        Ok(()) => SUCCESS,
        Err(e) if stdio::is_stdout_closed(&e) => STDOUT_CLOSED,
        Err(e) => {
            eprintln!("solve: error: {e:#}");
            FAILURE
        }
    }
}

/// Writes `text` to stdout and flushes it (no runtime flushes it at exit here).
fn print_out(text: &str) -> i32 {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => STDOUT_CLOSED,
        Err(e) => {
            eprintln!("solve: error: cannot write stdout: {e}");
            FAILURE
        }
    }
}

/// The C entry point (see the module documentation for why not Rust's `main`). The arguments
/// are read through `std::env::args_os`, which glibc's start-up has already captured.
#[cfg(not(test))]
#[no_mangle]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    // SAFETY: setting a signal's disposition to SIG_IGN runs no code of ours; this is
    // what Rust's start-up does, so that a closed stdout is an EPIPE error (exit 141 above)
    // rather than a death by SIGPIPE.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    run()
}
