//! `solve`: the reference solution of a problem as a program of its own, beside the standalone
//! `gen`, `validator` and `checker` (problem settings compiled in). A built-in problem is found
//! by name, from any folder; another name is a program problem of the nearest `problems/`
//! folder (`gridjudge::problems::standalone`; unlike `gridjudge`, a built-in name wins over a
//! program folder of the same name, so that a built-in problem needs no folder search).
//!
//! `solve <problem> [--no-limits] [--config problem.toml] < input > answer` does what
//! `gridjudge solve` does for a built-in problem, through the same library call
//! ([`gridjudge::problem::stdio::solve_stdio`]), and nothing else. It is the reference solution measured
//! against the C++ peers (`cargo bench --bench peers`, README "Speed"), and is kept as lean in
//! resident memory as a C++ contest solution by three choices (README "Speed" gives each one's
//! measured cost):
//! * no command-line library: clap's parser is about 0.46 MiB of resident code
//!   (`validator --version` against a Rust program that only reads stdin), so the three
//!   arguments are read by hand, as clap reads `gridjudge solve`'s;
//! * no TOML parser: the built-in bounds are compiled in ([`gridjudge::problem::compiled_bounds`];
//!   `--config` still parses a file), about 0.25 MiB; a built-in name is looked up before any
//!   problems folder is searched, so none is (a program problem's `problem.toml` is parsed);
//! * no Rust runtime start-up (`#![no_main]`, a C `main` taking `argc` and `argv`): the standard
//!   library's start-up finds the main thread's stack guard with glibc's `pthread_getattr_np`,
//!   which reads `/proc/self/maps` through stdio and `sscanf`, about 0.26 MiB of libc's code.
//!   Of what that start-up does, this program does itself: SIGPIPE ignored, stdout flushed at
//!   exit. What it does not do: reopen a closed standard descriptor 0, 1 or 2 on `/dev/null`
//!   (which changes nothing seen from outside: Rust's standard streams treat a closed
//!   descriptor as empty stdin and as a stdout or stderr that discards what it is given, as
//!   `/dev/null` would; `--config`'s file is read and closed before stdin and stdout are
//!   used, so it cannot take a closed descriptor's number), report a stack overflow (a plain SIGSEGV; the solutions are
//!   iterative), and exit 101 on a panic (a panic aborts, status 134, after printing its
//!   message). Messages to stderr never panic.
//!
//! Exit status: 0 with the jury answer on stdout (or the help or version); 1 with
//! `solve: error: ...` on stderr for an invalid input (naming line and column), an unknown
//! problem or an unreadable `--config`; 2 on a usage error (as clap's programs); 141 without a
//! message when the reader of stdout went away (the help's too).

// A test build keeps the harness's `main`.
#![cfg_attr(not(test), no_main)]
#![cfg_attr(test, allow(dead_code))]

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use gridjudge::problem::stdio;

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
    let names: Vec<&str> = gridjudge::problems::all()
        .iter()
        .map(|p| p.name())
        .collect();
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

/// Reads the arguments after the program name, as clap would read them for `gridjudge
/// solve`: options in any order, `--config <file>` or `--config=<file>`, `--` ending the
/// options. Errors name the argument at fault: an unknown option, a second problem name, an
/// option given twice, or `--config` without a value.
fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Parsed, String> {
    use std::os::unix::ffi::OsStrExt;
    let mut name: Option<String> = None;
    let mut no_limits = false;
    let mut config: Option<PathBuf> = None;
    let mut options_ended = false;
    let mut args = args.into_iter();
    let missing_value = || "a value is required for `--config <file>`".to_string();
    let twice = |o: &str| format!("the argument `{o}` cannot be used more than once");
    while let Some(a) = args.next() {
        let bytes = a.as_bytes();
        if !options_ended && bytes.starts_with(b"-") && bytes.len() > 1 {
            let value = match bytes {
                b"-h" | b"--help" => return Ok(Parsed::Help),
                b"-V" | b"--version" => return Ok(Parsed::Version),
                b"--" => {
                    options_ended = true;
                    continue;
                }
                b"--no-limits" if no_limits => return Err(twice("--no-limits")),
                b"--no-limits" => {
                    no_limits = true;
                    continue;
                }
                b"--config" => match args.next() {
                    Some(v) if !(v.as_bytes().starts_with(b"-") && v.len() > 1) => v,
                    _ => return Err(missing_value()),
                },
                _ => match bytes.strip_prefix(b"--config=") {
                    Some(v) => std::ffi::OsStr::from_bytes(v).to_os_string(),
                    None => return Err(format!("unexpected argument `{}`", a.to_string_lossy())),
                },
            };
            if value.is_empty() {
                return Err(missing_value());
            }
            if config.is_some() {
                return Err(twice("--config <file>"));
            }
            config = Some(PathBuf::from(value));
        } else if name.is_none() {
            match a.into_string() {
                Ok(s) => name = Some(s),
                Err(a) => return Err(format!("invalid problem name `{}`", a.to_string_lossy())),
            }
        } else {
            return Err(format!("unexpected argument `{}`", a.to_string_lossy()));
        }
    }
    match name {
        Some(problem) => Ok(Parsed::Run(Args {
            problem,
            no_limits,
            config,
        })),
        None => Err("the problem name is required".into()),
    }
}

/// Exit status: the answer written, or the help or version printed.
const SUCCESS: i32 = 0;
/// Exit status: an invalid input, an unknown problem, or a file that cannot be read.
const FAILURE: i32 = 1;
/// Exit status: a usage error, as clap's programs give.
const USAGE_ERROR: i32 = 2;

/// Writes one line to stderr; a stderr that cannot be written is not an error of its own.
fn report(text: std::fmt::Arguments) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// The program, from its arguments (without the program name) to its exit status.
fn run(args: Vec<OsString>) -> i32 {
    let done = match parse(args) {
        // A built-in name is found without a folder search or a TOML parse (see above).
        Ok(Parsed::Run(a)) => gridjudge::problems::standalone(&a.problem)
            .and_then(|f| stdio::solve_stdio(f.problem(), a.config.as_deref(), a.no_limits)),
        Ok(Parsed::Help) => print_out(&help()),
        Ok(Parsed::Version) => print_out(&format!("solve {}\n", env!("CARGO_PKG_VERSION"))),
        Err(e) => {
            report(format_args!("solve: error: {e}\n{USAGE}"));
            return USAGE_ERROR;
        }
    };
    match done {
        Ok(()) => SUCCESS,
        Err(e) if stdio::is_stdout_closed(&e) => i32::from(stdio::STDOUT_CLOSED_STATUS),
        Err(e) => {
            report(format_args!("solve: error: {e:#}"));
            FAILURE
        }
    }
}

/// Writes `text` to stdout through [`stdio::AnswerOut`] (which tells a reader that went away
/// and names stdout in other write errors) and flushes it.
fn print_out(text: &str) -> anyhow::Result<()> {
    let mut out = stdio::AnswerOut::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The C entry point (see the module documentation for why not Rust's `main`): `argc`
/// arguments in `argv`, as the C runtime passes them; returns the exit status.
#[cfg(not(test))]
#[no_mangle]
extern "C" fn main(argc: std::ffi::c_int, argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
    use std::os::unix::ffi::OsStrExt;
    // SAFETY: setting a signal's disposition to SIG_IGN runs no code of ours; this is
    // what Rust's start-up does, so that a closed stdout is an EPIPE error (exit 141 above)
    // rather than a death by SIGPIPE.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    let args = (1..usize::try_from(argc).unwrap_or(0))
        .map(|i| {
            // SAFETY: the C runtime passes `argc` valid pointers to NUL-terminated strings in
            // `argv`, which live as long as the process.
            let arg = unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) };
            std::ffi::OsStr::from_bytes(arg.to_bytes()).to_os_string()
        })
        .collect();
    let status = run(args);
    // What Rust's start-up would do at exit: anything left in stdout's buffer is written.
    let _ = std::io::stdout().flush();
    status
}
