//! Printing the reports that a command and `gridjudge merge` of its shards both print
//! (`mutants`, `timelimit`): a file of its own so that neither command file imports the other
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
