//! Running a reference solution on the standard streams, as `gridjudge solve` and the `solve`
//! program do: the whole of stdin read at once, the jury answer streamed to stdout, and a
//! reader of stdout that goes away told apart from every other error.
//!
//! gridjudge's programs ignore SIGPIPE, as Rust programs do (so that a submission closing its
//! stdin early cannot kill the judge); a write to a closed stdout is then an `EPIPE` error,
//! which [`AnswerOut`] marks and [`is_stdout_closed`] recognises, so that the program can exit
//! with status 141 and no message, as one killed by SIGPIPE does.

use std::io::{Read, Write};
use std::path::Path;

use anyhow::Context;

use crate::problem::{Problem, ProblemConfig};

/// The exit status of a program whose stdout reader went away: 128 + SIGPIPE (13), what a shell
/// reports for a program killed by SIGPIPE.
pub const STDOUT_CLOSED_STATUS: u8 = 141;

/// All of stdin. When stdin is a regular file the buffer is sized from its length first, so a
/// large input is read without the doubling reallocations (and their copies in memory).
///
/// # Errors
/// A read error of stdin, with context; a stdin file larger than the allocator will reserve
/// (beyond the address-space limit or the kernel's overcommit heuristic): the buffer is
/// reserved fallibly, an error rather than an abort.
pub fn read_stdin() -> anyhow::Result<Vec<u8>> {
    let stdin = std::io::stdin();
    let size_hint = {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            stdin
                .as_fd()
                .try_clone_to_owned()
                .ok()
                .map(std::fs::File::from)
                .and_then(|f| f.metadata().ok())
                .filter(|m| m.is_file())
                .map_or(0, |m| m.len() as usize)
        }
        #[cfg(not(unix))]
        {
            0
        }
    };
    let mut input = Vec::new();
    input
        .try_reserve_exact(size_hint.saturating_add(1))
        .map_err(|_| {
            anyhow::anyhow!("cannot read stdin: {size_hint} bytes do not fit in memory")
        })?;
    stdin
        .lock()
        .read_to_end(&mut input)
        .context("cannot read stdin")?;
    Ok(input)
}

/// Stdout for output that is the program's work itself (a jury answer): a write that finds the
/// reader gone fails with a [`StdoutClosed`] inside the `io::Error`, which
/// [`is_stdout_closed`] recognises.
pub struct AnswerOut(std::io::StdoutLock<'static>);

/// The error inside the `io::Error` of an [`AnswerOut`] write whose reader has gone.
#[derive(Debug)]
pub struct StdoutClosed;

impl std::fmt::Display for StdoutClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stdout closed by its reader")
    }
}

impl std::error::Error for StdoutClosed {}

impl AnswerOut {
    /// Stdout, locked for the whole run.
    pub fn stdout() -> AnswerOut {
        AnswerOut(std::io::stdout().lock())
    }

    /// The error of a failed write: [`StdoutClosed`] inside for a reader that went away, else
    /// the error with "cannot write stdout" in front (a full disk, a non-blocking descriptor).
    fn write_error(e: std::io::Error) -> std::io::Error {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::io::Error::new(std::io::ErrorKind::BrokenPipe, StdoutClosed)
        } else {
            std::io::Error::new(e.kind(), format!("cannot write stdout: {e}"))
        }
    }
}

impl Write for AnswerOut {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(Self::write_error)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(Self::write_error)
    }
}

/// Whether `e` comes from an [`AnswerOut`] write whose reader had gone (and from no other
/// `EPIPE`, such as a submission's closed stdin).
pub fn is_stdout_closed(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
            .is_some_and(|inner| inner.is::<StdoutClosed>())
    })
}

/// Runs `problem`'s reference solution on stdin and writes the jury answer to stdout: the
/// bounds are `problem.toml`'s `[constraints]`, or its `[lifted]` ones with `no_limits`, from
/// `config` when given, else from the copy compiled in ([`ProblemConfig::solve_bounds`]: for a
/// built-in problem, constants read at build time).
///
/// Memory: the input once (freed by problems that parse it whole first, as `game` does) plus
/// the solution's own data; the answer is streamed.
///
/// # Errors
/// An unreadable or invalid `config`, an unreadable stdin, an input the reference solution
/// rejects (with its line and column), or a failed write of stdout ([`is_stdout_closed`] tells
/// a reader that went away).
pub fn solve_stdio(
    problem: &dyn Problem,
    config: Option<&Path>,
    no_limits: bool,
) -> anyhow::Result<()> {
    let bounds = ProblemConfig::solve_bounds(problem, config, no_limits)?;
    let input = read_stdin()?;
    let mut out = AnswerOut::stdout();
    problem.solve_to(input, &bounds, &mut out)?;
    // A failed flush already says "cannot write stdout" (AnswerOut).
    out.flush()?;
    Ok(())
}
