//! `checker`: judges one contestant output. Thin wrapper over `gridjudge::problem`; the problem
//! is a built-in one or a program problem of the nearest `problems/` folder
//! (`gridjudge::problems::standalone`).

use std::fs::File;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use gridjudge::core::files::{read_capped, CappedReadError, MAX_JURY_FILE};
use gridjudge::core::verdict::CheckOutcome;

/// Judge one contestant output of PROBLEM.
///
/// testlib convention (default):
/// `checker <problem> [--testset T] [--group G] <input> <output> <answer> [<report> [-appes]]`;
/// exit 0 AC, 1 WA, 2 PE, 3 FAIL; one line on stderr that starts with testlib's words for the
/// result (`ok`, `wrong answer`, `wrong output format`, `FAIL`), as judges that parse it expect.
/// With <report>, the message is also written to that file as testlib writes it (the message
/// alone, no line end; with -appes testlib's XML document). --testset and --group are accepted
/// and ignored, as testlib's checkers may ignore them. A missing output file is PE ("Output file
/// not found"), and a UTF-8 byte order mark at the start of the output is skipped, as in testlib.
///
/// Kattis convention: `checker <problem> --kattis <input> <answer> <feedback_dir> < output`;
/// exit 42 accepted, 43 wrong answer (also for presentation errors), 1 judge error; the message
/// goes to <feedback_dir>/judgemessage.txt.
///
/// CMS convention: `checker <problem> --cms <input> <answer> <output>`; the score on stdout
/// (`1.0` accepted, `0.0` wrong answer or presentation error), on stderr the one line
/// `translate:success` or `translate:wrong` (CMS reads one line); exit 0. A judge error prints
/// no score, the testlib line on stderr, and exits 3.
///
/// FAIL (judge error) only when the jury's files are broken: an input or a jury answer that
/// does not read, or is larger than 256 MiB (never read further). Usage errors exit 3 (a judge
/// error under every convention), never 1 or 2.
// This doc comment and its fields' are the command's --help text, for a terminal: `<file>` is
// an argument's name there, not HTML or a link.
#[allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Problem name (`game`, ...).
    problem: String,
    /// Use the Kattis output-validator convention (see above).
    #[arg(long, conflicts_with = "cms")]
    kattis: bool,
    /// Use the CMS checker convention (see above).
    #[arg(long)]
    cms: bool,
    /// Read problem.toml (checker options) from this file instead of the built-in copy.
    #[arg(long)]
    config: Option<PathBuf>,
    /// testlib's test set name (accepted and ignored).
    #[arg(long, value_name = "T")]
    testset: Option<String>,
    /// testlib's test group name (accepted and ignored).
    #[arg(long, value_name = "G")]
    group: Option<String>,
    /// testlib's `-appes` after the report file: write the report as XML.
    #[arg(long, hide = true)]
    appes: bool,
    /// testlib: <input> <output> <answer> [<report>]; Kattis: <input> <answer> <feedback_dir>;
    /// CMS: <input> <answer> <output>.
    /// (3 or 4 files; options may stand between them, as testlib's checkers allow.)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

impl Cli {
    /// The contestant output's path (None under Kattis: stdin) and the jury answer's.
    fn output_and_answer(&self) -> (Option<&PathBuf>, &PathBuf) {
        if self.kattis {
            (None, &self.files[1])
        } else if self.cms {
            (Some(&self.files[2]), &self.files[1])
        } else {
            (Some(&self.files[1]), &self.files[2])
        }
    }
}

fn judge(cli: &Cli) -> CheckOutcome {
    // A built-in problem by name from any folder, else a program problem of the nearest
    // problems folder (the registry's `standalone`: unlike `gridjudge`, a built-in name wins
    // over a program folder of the same name).
    let setup = gridjudge::problems::standalone(&cli.problem)
        .and_then(|found| Ok((found.problem(), found.config(cli.config.as_deref())?)));
    let (p, cfg) = match setup {
        Ok(x) => x,
        Err(e) => return CheckOutcome::fail(format!("{e:#}")),
    };
    // The jury's files are read whole, but never more than MAX_JURY_FILE bytes of them: a
    // larger (or endless) input or answer is the jury's error.
    let read = |path: &PathBuf, what: &str| {
        read_capped(path, MAX_JURY_FILE).map_err(|e| match e {
            CappedReadError::TooLarge { .. } => CheckOutcome::fail(format!(
                "{what} {} is {e}, the most the checker reads of a jury file: the jury's file is \
                 broken",
                path.display()
            )),
            CappedReadError::Io(e) => {
                CheckOutcome::fail(format!("cannot read {what} {}: {e}", path.display()))
            }
        })
    };
    let input = match read(&cli.files[0], "input") {
        Ok(b) => b,
        Err(o) => return o,
    };
    let (output_path, answer_path) = cli.output_and_answer();
    // testlib opens the output before the answer: a missing output is PE whatever the answer.
    let output: Box<dyn Read> = match output_path {
        None => Box::new(std::io::stdin()),
        Some(path) => match File::open(path) {
            Ok(f) => Box::new(f),
            Err(_) => {
                return CheckOutcome::pe(format!("Output file not found: \"{}\"", path.display()))
            }
        },
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

/// The command line with testlib's `-appes` (which clap would read as short flags) spelled as
/// the hidden `--appes`.
fn args() -> Vec<std::ffi::OsString> {
    std::env::args_os()
        .map(|a| {
            if a == "-appes" || a == "-APPES" {
                "--appes".into()
            } else {
                a
            }
        })
        .collect()
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("checker: error: {message}");
    ExitCode::from(3)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(args()) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 3 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    if !(3..=4).contains(&cli.files.len()) {
        return usage_error(&format!(
            "3 files expected (4 with a testlib report file), found {}",
            cli.files.len()
        ));
    }
    let report = cli.files.get(3).cloned();
    if (cli.kattis || cli.cms) && report.is_some() {
        return usage_error("a report file is for the testlib convention only (3 files expected)");
    }
    if cli.appes && report.is_none() {
        return usage_error("-appes needs a report file before it");
    }
    if cli.testset.as_deref() == Some("") {
        return usage_error("expected a non-empty test set after --testset");
    }
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
    } else if cli.cms {
        eprint!("{}", outcome.cms_stderr());
        match outcome.cms_score() {
            Some(score) => {
                println!("{score}");
                ExitCode::SUCCESS
            }
            None => ExitCode::from(3),
        }
    } else {
        eprintln!("{}", outcome.testlib_line());
        if let Some(path) = report {
            if let Err(e) = std::fs::write(&path, outcome.testlib_report(cli.appes)) {
                eprintln!("FAIL cannot write the report file {}: {e}", path.display());
                return ExitCode::from(3);
            }
        }
        ExitCode::from(outcome.testlib_exit_code() as u8)
    }
}
