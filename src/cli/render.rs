//! `gridjudge render`: one test as an SVG picture (`report::render::svg`).
//!
//! Uses the library and `cli/common.rs`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use super::common::find_anywhere;

/// The arguments of `gridjudge render` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct RenderArgs {
    /// Problem name.
    pub problem: String,
    /// The input file.
    pub input: PathBuf,
    /// A contestant's output (or any answer) to compare with the jury answer.
    #[arg(long)]
    pub answer: Option<PathBuf>,
    /// Output SVG file.
    #[arg(short, long)]
    pub out: PathBuf,
    /// The longer side of the board in pixels (cells are this divided by the larger of n
    /// and m); the row and column numbers and the legend come in addition.
    #[arg(long, default_value_t = 640, value_parser = clap::value_parser!(u32).range(1..))]
    pub size: u32,
}

/// Runs `gridjudge render`: writes the picture to `--out`.
pub fn run(args: RenderArgs) -> anyhow::Result<ExitCode> {
    let RenderArgs {
        problem,
        input,
        answer,
        out,
        size,
    } = args;
    let p = find_anywhere(&problem, None)?;
    let read = |f: &Path| std::fs::read(f).with_context(|| format!("cannot read {}", f.display()));
    let input = read(&input)?;
    let answer = answer.as_deref().map(read).transpose()?;
    let svg = gridjudge::report::render::svg(
        p,
        &input,
        answer.as_deref(),
        gridjudge::problem::RenderOptions { max_side_px: size },
    )?;
    gridjudge::core::files::write_atomic(&out, svg.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
