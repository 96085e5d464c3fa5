//! Printing the reports that a command and `gridjudge merge` of its shards both print
//! (`mutants`, `timelimit`, `slowest`, `verify` of a Kattis package): a file of its own so that neither command file imports the other
//! (`--slurm` ends in the merge). `stress_report.rs` does the same for `stress`.
//!
//! Uses the library and `cli/common.rs`.

use anyhow::Context;
use gridjudge::judge::{mutants, slowest, timelimit};

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

/// What `gridjudge slowest` prints: the search's result against the package's costs.
pub struct Slowest<'a> {
    /// Problem name.
    pub problem: &'a str,
    /// The submission's name.
    pub submission: &'a str,
    /// The search's seed.
    pub seed: u64,
    /// The native cap, ms.
    pub cap_ms: u64,
    /// How the submission ran.
    pub isolation: &'a str,
    /// The search's result.
    pub report: &'a slowest::SearchReport,
    /// Each test's cost, in test order (`None` with `--no-package`).
    pub package: Option<&'a [(String, slowest::Cost)]>,
    /// The manifest entry `--save` wrote.
    pub saved: Option<&'a gridjudge::judge::save::Saved>,
    /// `--save` failed.
    pub save_failed: bool,
}

/// Whether the search's best input costs at least the package's costliest test (true without
/// a package).
pub fn as_slow(r: &slowest::SearchReport, package: Option<&[(String, slowest::Cost)]>) -> bool {
    worst(package).is_none_or(|(_, c)| r.best.cost >= *c)
}

/// The package's costliest test (the first among equals).
fn worst(package: Option<&[(String, slowest::Cost)]>) -> Option<&(String, slowest::Cost)> {
    package.and_then(|t| t.iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0))))
}

/// Prints `v` as a table, or as JSON with `ok` when `json`; `Ok(true)` when the search is at
/// least as slow as the package and no save failed. Also the end of `gridjudge merge` of
/// slowest shards.
///
/// Errors: stdout cannot be written.
pub fn print_slowest(v: &Slowest, json: bool) -> anyhow::Result<bool> {
    let worst = worst(v.package);
    let as_slow = as_slow(v.report, v.package);
    if json {
        let doc = serde_json::json!({
            "problem": v.problem,
            "submission": v.submission,
            "seed": v.seed,
            "cap_ms": v.cap_ms,
            "best": {
                "cost": v.report.best.cost.json(),
                "from": v.report.best.describe(),
                "line": v.report.best.line,
                "generated": v.report.best.generated().is_some(),
                "seed": match &v.report.best.origin {
                    slowest::Origin::Line { seed, .. } | slowest::Origin::Mutation { seed, .. } => seed,
                },
                "run": v.report.best.run,
                "input": String::from_utf8_lossy(&v.report.best.input),
            },
            "runs": v.report.runs,
            "rejected": v.report.rejected,
            "seconds": v.report.elapsed.as_secs_f64(),
            "improvements": v.report.progress.iter().map(|(run, c)| serde_json::json!({"run": run, "cost": c.json()})).collect::<Vec<_>>(),
            "package": v.package.map(|t| t.iter().map(|(n, c)| serde_json::json!({"test": n, "cost": c.json()})).collect::<Vec<_>>()),
            "package_worst": worst.map(|(n, c)| serde_json::json!({"test": n, "cost": c.json()})),
            "at_least_as_slow": as_slow,
            "saved": v.saved.map(|s| s.manifest_file.clone()),
            "ok": as_slow && !v.save_failed,
        });
        outln!(
            "{}",
            serde_json::to_string_pretty(&doc).context("cannot print JSON")?
        );
    } else {
        outln!(
            "slowest {} {}: {} runs in {:.1} s ({} candidates refused), cap {} ms, seed {}",
            v.problem,
            v.submission,
            v.report.runs,
            v.report.elapsed.as_secs_f64(),
            v.report.rejected,
            v.cap_ms,
            v.seed
        );
        outln!("{}", v.isolation);
        outln!("{:<16} {:>20}  {:>5}  from", "", "instructions", "run");
        outln!(
            "{:<16} {:>20}  {:>5}  {}",
            "search best",
            v.report.best.cost.text(),
            v.report.best.run,
            v.report.best.describe()
        );
        if let Some((name, c)) = worst {
            outln!(
                "{:<16} {:>20}  {:>5}  test {name} of {} tests",
                "package worst",
                c.text(),
                "",
                v.package.map_or(0, <[_]>::len)
            );
            outln!(
                "the search is {}as slow as the package",
                if as_slow { "at least " } else { "NOT " }
            );
        }
        if let Some(s) = v.saved {
            outln!("saved: {} (manifest test {})", s.manifest_file, s.number);
        }
    }
    Ok(as_slow && !v.save_failed)
}
