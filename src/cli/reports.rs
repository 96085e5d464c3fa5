//! Printing the reports that a command and `gridjudge merge` of its shards both print
//! (`mutants`, `timelimit`, `verify` of a Kattis package): a file of its own so that neither command file imports the other
//! (`--slurm` ends in the merge). `stress_report.rs` does the same for `stress`.
//!
//! Uses the library and `cli/common.rs`.

use anyhow::Context;
use gridjudge::judge::{mutants, timelimit};

use super::common::{out, outln, pretty_with_ok};

/// Prints a mutants report (`saves`: the lines of the saved counterexamples) as text or, with
/// `json`, as JSON with `saved` and `ok`; also the end of `gridjudge merge` of mutants shards.
/// `Ok(true)` when no real survivor was found and no save failed.
///
/// Errors: stdout cannot be written.
pub fn print_mutants(
    report: &mutants::MutantsReport,
    saves: &[String],
    save_failed: bool,
    json: bool,
) -> anyhow::Result<bool> {
    let ok = report.count("survivor") == 0 && !save_failed;
    if json {
        let mut v = report.to_json();
        v["saved"] = saves.to_vec().into();
        v["ok"] = ok.into();
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).context("cannot print JSON")?
        );
    } else {
        outln!("== mutants {}", report.problem);
        out!("{}", report.render());
        for s in saves {
            outln!("{s}");
        }
    }
    Ok(ok)
}

/// Prints the `timelimit` analysis of the problem `name` (as JSON with `ok` when `json`).
///
/// Errors: stdout cannot be written.
pub fn print_time_limit(
    name: &str,
    a: &timelimit::Analysis,
    ok: bool,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        outln!("{}", pretty_with_ok(a, ok)?);
    } else {
        outln!("== timelimit {name}");
        out!("{}", a.render());
    }
    Ok(())
}

/// Saves the `verify` report of the Kattis package `package` (the problem `name`) for the
/// build report, in its `gridjudge/` folder (a warning when the package cannot be written to,
/// as a read-only checkout), and prints it (as JSON with `ok` when `json`).
///
/// Errors: stdout cannot be written.
pub fn save_and_print_kattis(
    name: &str,
    package: &gridjudge::problems::kattis::Package,
    report: &gridjudge::judge::kattis::KattisVerify,
    json: bool,
) -> anyhow::Result<()> {
    let root = package.dir.join(gridjudge::problems::kattis::WORK_DIR);
    if let Err(e) = report.saved.save(&root) {
        eprintln!("warning: {name}: the results are not saved for the report: {e:#}");
    }
    if json {
        outln!("{}", pretty_with_ok(report, report.ok())?);
    } else {
        outln!("== verify {name}");
        out!("{}", report.render());
    }
    Ok(())
}
