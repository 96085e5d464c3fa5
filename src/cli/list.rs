//! `gridjudge list`: the problems (built-in and of the problems folder) and their generators.
//!
//! Uses the library and `cli/common.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use gridjudge::problem::Problem;
use gridjudge::problems;

use super::common::{json_outcome, outln, with_ok};

/// The arguments of `gridjudge list` (the command's help is its variant's doc in `cli/mod.rs`).
#[derive(Args)]
pub struct ListArgs {
    /// Folder with one folder per problem (default: the nearest `problems/` from the
    /// current folder up; without one, the built-in problems).
    #[arg(long)]
    pub problems_dir: Option<PathBuf>,
    /// Print the list as JSON on stdout: `problems` (each `name` and `generators`, each
    /// `name` and `about`), `errors` (each folder that is not a usable problem: `folder`,
    /// `error`) and `ok` (no error).
    #[arg(long)]
    pub json: bool,
}

/// Runs `gridjudge list`: every usable problem on stdout; a folder of the problems folder that
/// holds a `problem.toml` but cannot be loaded (invalid, or naming another problem, as a
/// symlink to another problem's folder does) is an error line on stderr naming the folder, and
/// the exit status is then 1 (so that a script notices), the other problems still listed.
pub fn run(args: ListArgs) -> anyhow::Result<ExitCode> {
    let json = args.json;
    let r = list(args);
    json_outcome(
        r,
        json,
        false,
        serde_json::json!({ "problems": [], "errors": [] }),
    )
}

/// [`run`]'s work, without the `--json` document of an error.
fn list(args: ListArgs) -> anyhow::Result<ExitCode> {
    let ListArgs { problems_dir, json } = args;
    /// A problem with the label of its format.
    type Found = (&'static dyn Problem, &'static str);
    let each: Vec<(String, anyhow::Result<Found>)> =
        match problems::problems_dir(problems_dir.as_deref()) {
            Ok(dir) => problems::load_each(&dir, &problems::default_cache_dir(&dir))
                .into_iter()
                .map(|(n, l)| (n, l.map(|l| (l.problem, l.format.label()))))
                .collect(),
            Err(_) if problems_dir.is_none() => problems::all()
                .iter()
                .map(|p| {
                    (
                        p.name().to_string(),
                        Ok((*p, problems::Format::Gridjudge.label())),
                    )
                })
                .collect(),
            Err(e) => return Err(e),
        };
    let mut listed = Vec::new();
    let mut errors = Vec::new();
    for (folder, p) in each {
        match p {
            Ok((p, format)) => {
                if !json {
                    outln!("{}  ({format})", p.name());
                    for g in p.generators() {
                        outln!("  {}", g.name);
                    }
                }
                let gens: Vec<serde_json::Value> = p
                    .generators()
                    .iter()
                    .map(|g| serde_json::json!({ "name": g.name, "about": g.about }))
                    .collect();
                listed.push(
                    serde_json::json!({ "name": p.name(), "format": format, "generators": gens }),
                );
            }
            Err(e) => {
                eprintln!("gridjudge: error: problem folder `{folder}`: {e:#}");
                errors.push(serde_json::json!({ "folder": folder, "error": format!("{e:#}") }));
            }
        }
    }
    let ok = errors.is_empty();
    if json {
        let doc = serde_json::json!({ "problems": listed, "errors": errors });
        outln!("{}", with_ok(doc, ok));
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
