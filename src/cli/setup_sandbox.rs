//! `gridjudge setup-sandbox`: root hands a user the cgroups the sandbox needs (or takes them
//! back), and says what it did.
//!
//! Uses the library (`gridjudge::exec::cgroup::setup_sandbox`, which does the work) and
//! `cli/common.rs`.

use std::process::ExitCode;

use clap::Args;
use gridjudge::exec::cgroup::setup_sandbox;

use super::common::{json_outcome, outln, pretty_with_ok};

/// The arguments of `gridjudge setup-sandbox` (the command's help is its variant's doc in
/// `cli/mod.rs`).
#[derive(Args)]
pub struct SetupSandboxArgs {
    /// The user (a name, or a uid) who gets the cgroups.
    #[arg(long, value_name = "NAME")]
    pub user: String,
    /// Undo: remove the user's folders (cgroup v1) or the systemd drop-in (cgroup v2).
    #[arg(long)]
    pub remove: bool,
    /// Print what was done as JSON on stdout: `user`, `uid`, `hierarchy` (`cgroup v1` or
    /// `cgroup v2`), `remove`, `steps` (each `done` and `path`), `next` (what to do next) and
    /// `ok`.
    #[arg(long)]
    pub json: bool,
}

/// Runs `gridjudge setup-sandbox`: one line per folder or file (`created`, `exists`,
/// `owner NAME`, `written`, `unchanged`, `removed`, `absent`, `ran`), then what to do next.
pub fn run(args: SetupSandboxArgs) -> anyhow::Result<ExitCode> {
    let json = args.json;
    let r = (|| {
        let report = setup_sandbox(&args.user, args.remove)?;
        if json {
            outln!("{}", pretty_with_ok(&report, true)?);
        } else {
            for s in &report.steps {
                outln!("{}: {}", s.done, s.path);
            }
            outln!("{}", report.next);
        }
        Ok(ExitCode::SUCCESS)
    })();
    json_outcome(r, json, true, serde_json::json!({ "steps": [] }))
}
