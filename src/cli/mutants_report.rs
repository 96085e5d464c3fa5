//! Printing a `gridjudge mutants` report, shared by `mutants` and `merge` (a file of its own so
//! that neither command file imports the other: `mutants --slurm` ends in the merge).
//!
//! Uses the library and `cli/common.rs`.

use anyhow::Context;
use gridjudge::judge::mutants;

use super::common::{out, outln};

/// Prints a mutants report (`saves`: the lines of the saved counterexamples) as text or, with
/// `json`, as JSON with `saved` and `ok`; also the end of `gridjudge merge` of mutants shards.
/// `Ok(true)` when no real survivor was found and no save failed.
///
/// Errors: stdout cannot be written.
pub fn print_report(
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
