//! How `stress` and `merge` print a stress report (`print_report`), in one place for both
//! (`cli/stress.rs` and `cli/merge.rs` use it; it uses neither).
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use gridjudge::judge::stress;

use super::common::{out, outln};

/// Prints a stress report (or its JSON with `json`), saving each counterexample when `save`;
/// `stress` and `merge` print it alike. Exits 1 when a failure is found or a save failed.
///
/// Errors: nothing was tested (every seed skipped), stdout is closed.
#[allow(clippy::too_many_arguments)]
pub fn print_report(
    p: &dyn gridjudge::problem::Problem,
    dir: &std::path::Path,
    sub_name: &str,
    isolation: &str,
    report: &stress::StressReport,
    sopts: &stress::StressOptions,
    save: bool,
    json: bool,
) -> anyhow::Result<ExitCode> {
    if report.tested == report.skipped {
        bail!(
            "nothing tested: no seed of `{}` was run (give more time or seeds)",
            sopts.generator
        );
    }
    let mut failures_json = Vec::new();
    let mut save_failed = false;
    if !json {
        let secs = report.search_time.as_secs_f64();
        outln!(
            "stress {} {}: {} seed(s) of `{}` in {:.2} s ({:.1} tests/s), {} failure(s)",
            p.name(),
            sub_name,
            report.tested,
            sopts.generator,
            secs,
            report.tested as f64 / secs.max(1e-9),
            report.failures.len()
        );
        outln!("{isolation}");
        if let Some((seed, why)) = &report.first_skip {
            outln!(
                "skipped {} seed(s) whose drawn values the generator rejects, first seed {seed}: {why}",
                report.skipped
            );
        }
    }
    for c in &report.failures {
        let mut cj = c.to_json(p);
        let mut saved_at = None;
        let mut saved_line = None;
        if save {
            let note = format!(
                "{} fails ({}), found by `{} --seed {}`",
                sub_name,
                c.judged().verdict,
                c.concrete_line(),
                c.seed
            );
            match gridjudge::judge::save::save_counterexample(p, dir, c.input(), &note) {
                Ok(saved) => {
                    saved_line = Some(format!(
                        "saved: {} in {} (manifest test {})",
                        saved.manifest_file,
                        dir.display(),
                        saved.number
                    ));
                    saved_at = Some(saved.path);
                    cj["saved"] = saved.manifest_file.into();
                }
                Err(e) => {
                    // One refused or failed save does not stop the others.
                    eprintln!("gridjudge: error: seed {}: {e:#}", c.seed);
                    cj["save_error"] = format!("{e:#}").into();
                    save_failed = true;
                }
            }
        }
        if !json {
            outln!();
            out!(
                "{}",
                c.render(p, whole_input_at(c, saved_at.as_deref()).as_deref())
            );
            if let Some(l) = saved_line {
                outln!("{l}");
            }
        }
        failures_json.push(cj);
    }
    if json {
        let mut all = report.to_json(p, sub_name, sopts);
        all["failures"] = failures_json.into();
        all["ok"] = (report.failures.is_empty() && !save_failed).into();
        outln!(
            "{}",
            serde_json::to_string_pretty(&all).context("cannot print JSON")?
        );
    }
    Ok(if report.failures.is_empty() && !save_failed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Where the whole input of `c` can be read when the text report cuts it: the saved hand
/// test, else a file written for it in the temporary folder
/// (`gridjudge-counterexample-<sha256 prefix>.in`); `None` when it is short enough to be shown
/// whole or the file cannot be written.
pub fn whole_input_at(
    c: &stress::Counterexample,
    saved: Option<&std::path::Path>,
) -> Option<PathBuf> {
    if c.input().len() <= stress::INPUT_SHOWN_BYTES {
        return None;
    }
    if let Some(p) = saved {
        return Some(p.to_path_buf());
    }
    let hash = gridjudge::core::files::sha256_hex(c.input());
    let path = std::env::temp_dir().join(format!("gridjudge-counterexample-{}.in", &hash[..16]));
    std::fs::write(&path, c.input()).ok()?;
    Some(path)
}
