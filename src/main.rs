//! `gridjudge`: the driver's entry point. The commands (argument parsing, printing, exit
//! codes) are in [`cli`]; the work is in the library.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use gridjudge::problem::stdio;

mod cli;

fn main() -> ExitCode {
    if let Err(e) = gridjudge::exec::cleanup::install_cleanup_handlers() {
        let _ = writeln!(std::io::stderr(), "gridjudge: error: {e:#}");
        return ExitCode::FAILURE;
    }
    let result = cli::run(cli::Cli::parse());
    // A signal arrived: its watcher kills every run and exits with 128 + the signal; the
    // command, whose runs that clean-up ended, must not exit first with its own status.
    while gridjudge::exec::cleanup::stopped_by_signal() {
        std::thread::park();
    }
    match result {
        // The reader of stdout has gone: the work is done, its report unread.
        Ok(_) if cli::stdout_closed() => ExitCode::from(stdio::STDOUT_CLOSED_STATUS),
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
