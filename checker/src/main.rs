//! `checker`: judges one contestant output. Thin wrapper over `gridjudge::problem`.

use std::fs::File;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use gridjudge::problem::{self, ProblemConfig};
use gridjudge::verdict::CheckOutcome;

/// Judge one contestant output of PROBLEM.
///
/// testlib convention (default): `checker <problem> <input> <output> <answer>`; exit 0 AC,
/// 1 WA, 2 PE, 3 FAIL; one line on stderr that starts with testlib's words for the result
/// (`ok`, `wrong answer`, `wrong output format`, `FAIL`), as judges that parse it expect.
///
/// Kattis convention: `checker <problem> --kattis <input> <answer> <feedback_dir> < output`;
/// exit 42 accepted, 43 wrong answer (also for presentation errors), 1 judge error; the message
/// goes to <feedback_dir>/judgemessage.txt.
///
/// FAIL (judge error) only when the jury's files are broken. Usage errors exit 3 (a judge error
/// under both conventions), never 1 or 2.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Problem name (`game`, ...).
    problem: String,
    /// Use the Kattis output-validator convention (see above).
    #[arg(long)]
    kattis: bool,
    /// Read problem.toml (checker options) from this file instead of the built-in copy.
    #[arg(long)]
    config: Option<PathBuf>,
    /// testlib: <input> <output> <answer>; Kattis: <input> <answer> <feedback_dir>.
    #[arg(num_args = 3, value_names = ["INPUT", "OUTPUT|ANSWER", "ANSWER|FEEDBACK_DIR"])]
    files: Vec<PathBuf>,
}

fn judge(cli: &Cli) -> CheckOutcome {
    let setup = problem::by_name(&cli.problem)
        .and_then(|p| Ok((p, ProblemConfig::load(p, cli.config.as_deref())?)));
    let (p, cfg) = match setup {
        Ok(x) => x,
        Err(e) => return CheckOutcome::fail(format!("{e:#}")),
    };
    let read = |path: &PathBuf, what: &str| {
        std::fs::read(path)
            .map_err(|e| CheckOutcome::fail(format!("cannot read {what} {}: {e}", path.display())))
    };
    let input = match read(&cli.files[0], "input") {
        Ok(b) => b,
        Err(o) => return o,
    };
    let (answer_path, output): (&PathBuf, Box<dyn Read>) = if cli.kattis {
        (&cli.files[1], Box::new(std::io::stdin()))
    } else {
        match File::open(&cli.files[1]) {
            Ok(f) => (&cli.files[2], Box::new(f)),
            Err(e) => {
                return CheckOutcome::fail(format!(
                    "cannot open output {}: {e}",
                    cli.files[1].display()
                ))
            }
        }
    };
    let answer = match read(answer_path, "answer") {
        Ok(b) => b,
        Err(o) => return o,
    };
    let mut output = output;
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        p.check(&input, &mut output, &answer, &cfg)
    })) {
        Ok(o) => o,
        Err(_) => CheckOutcome::fail("internal checker error (panic); please report it"),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 3 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let outcome = judge(&cli);
    if cli.kattis {
        let dir = &cli.files[2];
        if let Err(e) = std::fs::write(dir.join("judgemessage.txt"), outcome.judgemessage()) {
            eprintln!(
                "checker: cannot write {}/judgemessage.txt: {e}",
                dir.display()
            );
            return ExitCode::from(1);
        }
        ExitCode::from(outcome.kattis_exit_code() as u8)
    } else {
        eprintln!("{}", outcome.testlib_line());
        ExitCode::from(outcome.testlib_exit_code() as u8)
    }
}
