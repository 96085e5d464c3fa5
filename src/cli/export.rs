//! `gridjudge export`: a problem's built package in another judge's layout (`export::export`).
//!
//! Uses the library and `cli/common.rs`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use gridjudge::export;

use super::common::{find, json_outcome, outln};

/// The arguments of `gridjudge export` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct ExportArgs {
    /// Problem name.
    pub problem: String,
    /// Package layout: testlib, kattis (legacy), kattis-2025-09 or polygon.
    #[arg(long, default_value = "testlib", value_parser = format_parser())]
    pub format: export::Format,
    /// Destination folder (refused when it exists and is not empty, unless --force).
    #[arg(short, long)]
    pub out: PathBuf,
    /// Replace an existing destination (and zip).
    #[arg(long)]
    pub force: bool,
    /// Also write <OUT>.zip with the folder's content at the archive root.
    #[arg(long)]
    pub zip: bool,
    /// Folder with the `checker` and `validator` binaries (default: gridjudge's own).
    #[arg(long)]
    pub bin_dir: Option<PathBuf>,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Kattis and Polygon: ship only the statement's LaTeX source, not the PDF and HTML
    /// compiled from it (problem_statement/problem.pdf and problem.html; Polygon:
    /// statements/.pdf/english/problem.pdf and statements/.html/english/problem.html):
    /// DOMjudge, CMS and p2d then show no statement. Without this
    /// flag the export needs problemtools, LuaLaTeX, ghostscript and tidy, and fails
    /// without them.
    #[arg(long)]
    pub no_compiled_statement: bool,
    /// Folder holding problemtools' problem2pdf and problem2html (default:
    /// $GRIDJUDGE_PROBLEMTOOLS, then PATH, then target/problemtools-venv/bin).
    #[arg(long, conflicts_with = "no_compiled_statement")]
    pub problemtools: Option<PathBuf>,
    /// Print the result as JSON on stdout: `ok`, `problem`, `format`, `out`, `zip` (or null),
    /// `tests`, `samples`, `submissions`; when the export fails, `{"problem", "format", "ok":
    /// false, "error"}`.
    #[arg(long)]
    pub json: bool,
}

/// `--format`'s parser: the names of [`export::Format::ALL`] as clap's possible values (in
/// the help, the error of an unknown one, and shell completions).
fn format_parser() -> impl clap::builder::TypedValueParser<Value = export::Format> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(export::Format::ALL.map(export::Format::name))
        .try_map(|s| export::Format::parse(&s))
}

/// Runs `gridjudge export`: prints what was written (as JSON with `--json`, in every
/// outcome).
pub fn run(args: ExportArgs) -> anyhow::Result<ExitCode> {
    let partial = serde_json::json!({ "problem": args.problem, "format": args.format.name() });
    let json = args.json;
    let r = export_cmd(args);
    json_outcome(r, json, false, partial)
}

/// [`run`]'s work, without the `--json` document of an error.
fn export_cmd(args: ExportArgs) -> anyhow::Result<ExitCode> {
    let ExportArgs {
        problem,
        format,
        out,
        force,
        zip,
        bin_dir,
        problems_dir,
        no_compiled_statement,
        problemtools,
        json,
    } = args;
    let loaded = find(&problem, problems_dir.as_deref(), None)?;
    let bin_dir = match bin_dir {
        Some(d) => d,
        None => std::env::current_exe()
            .context("cannot locate the gridjudge executable")?
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default(),
    };
    let opts = export::ExportOptions {
        problems_dir: loaded.problems_dir.clone(),
        format,
        out,
        force,
        zip,
        bin_dir,
        progress: std::io::stderr().is_terminal(),
        statement: match (no_compiled_statement, problemtools) {
            (true, _) => export::StatementBuild::SourceOnly,
            (false, Some(dir)) => export::StatementBuild::CompiledWith(dir),
            (false, None) => export::StatementBuild::Compiled,
        },
    };
    let p = loaded.problem;
    // A problem.toml that does not parse is reported by the export, where it always was.
    let r = match loaded.kattis {
        Some(package) => export::export_package(package, &opts)?,
        None => export::export_with(p, loaded.config().ok(), &opts)?,
    };
    for note in &r.notes {
        eprintln!("note: {note}");
    }
    if json {
        let doc = serde_json::json!({
            "ok": true,
            "problem": p.name(),
            "format": format.name(),
            "out": r.out.display().to_string(),
            "zip": r.zip.as_ref().map(|z| z.display().to_string()),
            "tests": r.tests,
            "samples": r.samples,
            "submissions": r.submissions,
            "notes": r.notes,
        });
        outln!("{doc}");
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "exported {} ({}): {} -> {}",
        p.name(),
        format.name(),
        export_counts(&r, opts.format),
        r.out.display()
    );
    if let Some(z) = &r.zip {
        outln!("zip: {}", z.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// `47 tests (1 sample), 13 submissions`: what an export wrote, in words (no submissions for
/// a testlib package, which has none).
fn export_counts(r: &export::ExportReport, format: export::Format) -> String {
    let n = |k: usize, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
    let mut s = format!("{} ({})", n(r.tests, "test"), n(r.samples, "sample"));
    match format {
        export::Format::Kattis | export::Format::Kattis2025 => {
            s += &format!(", {}", n(r.submissions, "submission"))
        }
        export::Format::Polygon => s += &format!(", {}", n(r.submissions, "solution")),
        export::Format::Testlib => {}
    }
    s
}
