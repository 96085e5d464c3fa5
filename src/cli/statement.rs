//! `gridjudge statement`: compiles a problem's statement with its samples to PDF and HTML
//! (`export::statement`).
//!
//! Uses the library and `cli/common.rs`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use gridjudge::export::{shared, statement};

use super::common::{find, outln};

/// The arguments of `gridjudge statement` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct StatementArgs {
    /// Problem name.
    pub problem: String,
    /// Destination folder; it must not exist or be empty (default:
    /// problems/<problem>/statement-build, replaced).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Folder holding problemtools' problem2pdf and problem2html (default:
    /// $GRIDJUDGE_PROBLEMTOOLS, then PATH, then target/problemtools-venv/bin).
    #[arg(long)]
    pub problemtools: Option<PathBuf>,
    /// Folder with one folder per problem (default: the nearest `problems/` holding
    /// `<problem>/problem.toml`, searched from the current folder up).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
}

/// Runs `gridjudge statement`: prints what was compiled.
pub fn run(args: StatementArgs) -> anyhow::Result<ExitCode> {
    let StatementArgs {
        problem,
        out,
        problemtools,
        problems_dir,
    } = args;
    let loaded = find(&problem, problems_dir.as_deref(), None)?;
    let (p, dir) = (loaded.problem, &loaded.dir);
    let tools = statement::Tools::find(problemtools.as_deref())?;
    let tests = shared::load_built(p, &loaded.problems_dir)?;
    let out = match out {
        Some(o) => {
            if o.exists() && std::fs::read_dir(&o).map_or(true, |mut d| d.next().is_some()) {
                bail!("{} exists and is not an empty folder", o.display());
            }
            o
        }
        None => {
            let o = dir.join("statement-build");
            if o.exists() {
                std::fs::remove_dir_all(&o)
                    .with_context(|| format!("cannot remove {}", o.display()))?;
            }
            o
        }
    };
    let started = std::time::Instant::now();
    let c = statement::compile(
        &tools,
        p.name(),
        &dir.join("statement"),
        &statement::samples_of(&tests),
        &out,
        statement::Layout {
            pdf: "problem.pdf",
            html: Some("problem.html"),
        },
    )?;
    outln!(
        "compiled the statement of {} in {:.1} s: {} and {} ({} assets)",
        p.name(),
        started.elapsed().as_secs_f64(),
        c.pdf.display(),
        c.html.as_deref().unwrap_or(Path::new("-")).display(),
        c.assets.len()
    );
    Ok(ExitCode::SUCCESS)
}
