//! Slurm as the engine of sharded commands: one array job whose task `i` runs a command line
//! with `{shard}` replaced by `i/N`, waited for with a progress line from the scheduler,
//! cancelled on Ctrl-C, with the tasks that the scheduler killed or cancelled run again once.
//!
//! # The job folder
//! Everything goes under one folder `dir`, which must be on a file system every node sees
//! (the tasks write there): `job.sh` (the batch script), `out/<i>.json` (task `i`'s standard
//! output, renamed into place only when the task exits 0), `status/<i>` (its exit status,
//! written when the command ends), `logs/<i>.err` (its standard error) and `logs/slurm-<job>-<i>.out`
//! (what Slurm itself writes), and `task-<i>/` with the task's own `HOME`, `TMPDIR` and
//! `XDG_CACHE_HOME`, made empty when the task starts. rustup finds its toolchains through
//! `HOME`, so `RUSTUP_HOME` and `CARGO_HOME` are set to the user's own (`~/.rustup`,
//! `~/.cargo`) before `HOME` changes, unless they are set already: without them a task could
//! not run `rustc`, and a Rust submission would not compile there.
//!
//! # What the scheduler says
//! A one-node cluster has no accounting database (`sacct`), so the progress comes from
//! `squeue` (the tasks still pending or running) and a task's outcome from its own files: a
//! task gone from the queue with status 0 and its output in place has *succeeded*; with
//! another status it has *failed* (the command's own error, in its log); with no status it
//! was *killed* (cancelled, out of time, its node lost). Killed tasks are submitted again,
//! once, as a new array of those indices; failed ones are not (the command would fail again).
//!
//! Uses std, `shlex`, [`crate::exec::compile::in_path`] and [`crate::exec::cleanup`] (the job is cancelled with `scancel` when
//! gridjudge is interrupted).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};

/// What the array job asks of the scheduler, passed to `sbatch` as given.
#[derive(Clone, Debug, Default)]
pub struct SlurmOptions {
    /// `--partition`.
    pub partition: Option<String>,
    /// `--account`.
    pub account: Option<String>,
    /// `--time` of each task (Slurm's forms: `MM`, `HH:MM:SS`, `D-HH`, ...).
    pub time: Option<String>,
    /// `--cpus-per-task` (default 1: each shard runs with `-j 1` unless told otherwise).
    pub cpus_per_task: Option<u32>,
    /// Further `sbatch` options, each one word (`--mem=4G`, `--qos=short`).
    pub extra: Vec<String>,
}

/// The placeholder that each task's command line has in place of its shard `i/N`.
pub const SHARD_PLACEHOLDER: &str = "{shard}";

/// How a task ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaskOutcome {
    /// It exited 0; its standard output is at `path`.
    Succeeded {
        /// `out/<i>.json` of the job folder.
        path: PathBuf,
    },
    /// The command failed: its exit status and the last lines of its standard error.
    Failed {
        /// The exit status.
        status: i32,
        /// `logs/<i>.err` of the job folder.
        log: PathBuf,
        /// Its last lines (at most 20).
        tail: String,
    },
    /// The scheduler killed or cancelled it twice (no exit status was written).
    Killed {
        /// Slurm's own output of the last attempt.
        log: PathBuf,
    },
}

/// What [`run_array`] did.
#[derive(Clone, Debug)]
pub struct ArrayRun {
    /// The job ids: the first array job, then the one that ran the killed tasks again.
    pub jobs: Vec<String>,
    /// Each task's outcome, by index `1..=N`.
    pub tasks: BTreeMap<u32, TaskOutcome>,
    /// Tasks run a second time because the scheduler killed them the first time.
    pub rerun: Vec<u32>,
    /// Wall-clock time from the first submission to the last task's end.
    pub elapsed: Duration,
}

/// Whether Slurm's client commands are here. Errors name the one missing.
pub fn available() -> anyhow::Result<()> {
    for c in ["sbatch", "squeue", "scancel"] {
        let found = crate::exec::compile::in_path(c);
        if !found {
            bail!(
                "`{c}` is not in PATH: --slurm needs a cluster to submit to and Slurm's client \
                 commands (Debian: `apt-get install slurm-client`)"
            );
        }
    }
    Ok(())
}

/// Quotes one word for the batch script (bash).
fn quote(w: &str) -> anyhow::Result<String> {
    Ok(shlex::try_quote(w)
        .map_err(|e| anyhow::anyhow!("cannot put {w:?} in a batch script: {e}"))?
        .into_owned())
}

/// The batch script: task `$SLURM_ARRAY_TASK_ID` runs `argv` (with [`SHARD_PLACEHOLDER`] as
/// `i/count`) in its own HOME, TMPDIR and cache folders under `dir`, and records its status.
fn script(dir: &Path, argv: &[OsString], count: u32) -> anyhow::Result<String> {
    let d = quote(&dir.display().to_string())?;
    let mut words = Vec::with_capacity(argv.len());
    for a in argv {
        let a = a
            .to_str()
            .with_context(|| format!("{a:?}: a command-line word that is not UTF-8"))?;
        if a == SHARD_PLACEHOLDER {
            words.push(format!("\"$i/{count}\""));
        } else {
            words.push(quote(a)?);
        }
    }
    Ok(format!(
        "#!/bin/bash\n\
         # Written by gridjudge: one shard per array task (see exec/slurm.rs).\n\
         i=\"$SLURM_ARRAY_TASK_ID\"\n\
         d={d}\n\
         t=\"$d/task-$i\"\n\
         rm -rf \"$t\" \"$d/status/$i\" \"$d/out/$i.json\" \"$d/out/$i.json.part\"\n\
         mkdir -p \"$t/home\" \"$t/tmp\" \"$t/cache\" || exit 1\n\
         export RUSTUP_HOME=\"${{RUSTUP_HOME:-$HOME/.rustup}}\" CARGO_HOME=\"${{CARGO_HOME:-$HOME/.cargo}}\"\n\
         export HOME=\"$t/home\" TMPDIR=\"$t/tmp\" XDG_CACHE_HOME=\"$t/cache\"\n\
         cd \"$t\" || exit 1\n\
         {cmd} > \"$d/out/$i.json.part\" 2> \"$d/logs/$i.err\"\n\
         rc=$?\n\
         if [ \"$rc\" -eq 0 ]; then mv \"$d/out/$i.json.part\" \"$d/out/$i.json\"; fi\n\
         echo \"$rc\" > \"$d/status/$i.part\" && mv \"$d/status/$i.part\" \"$d/status/$i\"\n\
         rm -rf \"$t/tmp\"\n\
         exit \"$rc\"\n",
        cmd = words.join(" ")
    ))
}

/// Submits tasks `indices` of the script in `dir` as one array job; its id.
fn submit(dir: &Path, indices: &[u32], opts: &SlurmOptions, name: &str) -> anyhow::Result<String> {
    let list: Vec<String> = indices.iter().map(u32::to_string).collect();
    let mut cmd = Command::new("sbatch");
    cmd.arg("--parsable")
        .arg(format!("--job-name={name}"))
        .arg(format!("--array={}", list.join(",")))
        .arg(format!(
            "--output={}",
            dir.join("logs/slurm-%A-%a.out").display()
        ))
        .arg(format!("--chdir={}", dir.display()))
        .arg(format!(
            "--cpus-per-task={}",
            opts.cpus_per_task.unwrap_or(1)
        ));
    if let Some(p) = &opts.partition {
        cmd.arg(format!("--partition={p}"));
    }
    if let Some(a) = &opts.account {
        cmd.arg(format!("--account={a}"));
    }
    if let Some(t) = &opts.time {
        cmd.arg(format!("--time={t}"));
    }
    cmd.args(&opts.extra).arg(dir.join("job.sh"));
    let out = cmd.output().context("cannot run sbatch")?;
    if !out.status.success() {
        bail!(
            "sbatch refused the job ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let text = String::from_utf8_lossy(&out.stdout);
    // --parsable prints `<id>` or `<id>;<cluster>`.
    let id = text.trim().split(';').next().unwrap_or("").to_string();
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        bail!("sbatch printed no job id: {text:?}");
    }
    Ok(id)
}

/// The tasks of job `id` still in the queue, by state (`PENDING`, `RUNNING`, ...).
///
/// Errors: `squeue` cannot run or fails for another reason than a job it no longer knows.
fn queued(id: &str) -> anyhow::Result<BTreeMap<String, usize>> {
    let out = Command::new("squeue")
        .args(["-h", "-r", "-j", id, "-o", "%T"])
        .output()
        .context("cannot run squeue")?;
    let err = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        if err.contains("Invalid job id") {
            return Ok(BTreeMap::new());
        }
        bail!("squeue failed ({}): {}", out.status, err.trim());
    }
    let mut states = BTreeMap::new();
    for l in String::from_utf8_lossy(&out.stdout).lines() {
        let s = l.trim();
        if !s.is_empty() {
            *states.entry(s.to_string()).or_insert(0) += 1;
        }
    }
    Ok(states)
}

/// Waits until no task of job `id` is queued, printing a progress line on stderr each time
/// the counts change (`progress`).
fn wait(id: &str, tasks: usize, progress: bool) -> anyhow::Result<()> {
    let mut last = String::new();
    let mut pause = Duration::from_millis(200);
    loop {
        let states = queued(id)?;
        let left: usize = states.values().sum();
        if progress {
            let mut line = format!(
                "slurm job {id}: {} of {tasks} task(s) finished",
                tasks.saturating_sub(left)
            );
            for (s, n) in &states {
                line.push_str(&format!(", {n} {}", s.to_lowercase()));
            }
            if line != last {
                eprintln!("{line}");
                last = line;
            }
        }
        if left == 0 {
            return Ok(());
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_secs(2));
    }
}

/// The outcome of task `i` from its files in `dir` (after job `job` left the queue).
fn outcome(dir: &Path, job: &str, i: u32) -> TaskOutcome {
    let status = std::fs::read_to_string(dir.join(format!("status/{i}")))
        .ok()
        .and_then(|s| s.trim().parse::<i32>().ok());
    let path = dir.join(format!("out/{i}.json"));
    let log = dir.join(format!("logs/{i}.err"));
    match status {
        Some(0) if path.is_file() => TaskOutcome::Succeeded { path },
        Some(status) => {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            let tail = lines[lines.len().saturating_sub(20)..].join("\n");
            TaskOutcome::Failed { status, log, tail }
        }
        None => TaskOutcome::Killed {
            log: dir.join(format!("logs/slurm-{job}-{i}.out")),
        },
    }
}

/// Runs `argv` (which holds [`SHARD_PLACEHOLDER`] once) as the array job of `count` tasks in
/// the job folder `dir` (made if missing; see the module documentation), waits for it, and
/// submits the killed tasks again once. The job is cancelled when gridjudge is interrupted
/// (SIGINT, SIGTERM, SIGHUP: [`crate::exec::cleanup`]). `name` is the job's name in the queue.
///
/// Errors: the Slurm commands are missing or refuse the job, `dir` cannot be written, `argv`
/// has no placeholder or a word that is not UTF-8. Tasks that fail are outcomes, not errors.
pub fn run_array(
    dir: &Path,
    argv: &[OsString],
    count: u32,
    opts: &SlurmOptions,
    name: &str,
) -> anyhow::Result<ArrayRun> {
    available()?;
    if count == 0 {
        bail!("an array job needs at least one task");
    }
    if !argv.iter().any(|a| a == SHARD_PLACEHOLDER) {
        bail!("the tasks' command line has no {SHARD_PLACEHOLDER}");
    }
    for sub in ["out", "status", "logs"] {
        std::fs::create_dir_all(dir.join(sub))
            .with_context(|| format!("cannot make {}", dir.join(sub).display()))?;
    }
    let job_sh = dir.join("job.sh");
    crate::core::files::write_atomic(&job_sh, script(dir, argv, count)?.as_bytes())?;
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&job_sh, std::fs::Permissions::from_mode(0o755))
            .with_context(|| format!("cannot make {} executable", job_sh.display()))?;
    }
    let progress =
        std::io::stderr().is_terminal() || std::env::var_os("GRIDJUDGE_PROGRESS").is_some();
    let start = Instant::now();
    let mut jobs = Vec::new();
    let mut tasks = BTreeMap::new();
    let mut rerun = Vec::new();
    let mut pending: Vec<u32> = (1..=count).collect();
    for attempt in 0..2 {
        let id = submit(dir, &pending, opts, name)?;
        let guard = crate::exec::cleanup::track_slurm_job(&id);
        eprintln!(
            "slurm: submitted array job {id} ({} task(s)), folder {}",
            pending.len(),
            dir.display()
        );
        let waited = wait(&id, pending.len(), progress);
        crate::exec::cleanup::forget(guard);
        waited?;
        let mut killed = Vec::new();
        for &i in &pending {
            let o = outcome(dir, &id, i);
            if matches!(o, TaskOutcome::Killed { .. }) {
                killed.push(i);
            }
            tasks.insert(i, o);
        }
        jobs.push(id);
        if killed.is_empty() || attempt == 1 {
            break;
        }
        eprintln!(
            "slurm: task(s) {} were killed or cancelled by the scheduler: submitting them again",
            killed
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
        rerun = killed.clone();
        pending = killed;
    }
    Ok(ArrayRun {
        jobs,
        tasks,
        rerun,
        elapsed: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_runs_the_shard_of_its_task_in_its_own_folders() {
        let argv: Vec<OsString> = [
            "/opt/gj bin/gridjudge",
            "verify",
            "game",
            "--shard",
            SHARD_PLACEHOLDER,
        ]
        .iter()
        .map(OsString::from)
        .collect();
        let s = script(Path::new("/shared/job 1"), &argv, 4).unwrap();
        assert!(s.starts_with("#!/bin/bash\n"));
        assert!(s.contains("d='/shared/job 1'\n"), "{s}");
        assert!(
            s.contains(
                "'/opt/gj bin/gridjudge' verify game --shard \"$i/4\" > \"$d/out/$i.json.part\""
            ),
            "{s}"
        );
        assert!(s.contains("export HOME=\"$t/home\" TMPDIR=\"$t/tmp\" XDG_CACHE_HOME=\"$t/cache\""));
        // rustup's toolchains stay the user's when HOME changes.
        let rustup = s
            .find("export RUSTUP_HOME=\"${RUSTUP_HOME:-$HOME/.rustup}\"")
            .unwrap();
        assert!(rustup < s.find("export HOME=").unwrap(), "{s}");
        // The output is in place only after a clean exit; the status is written last.
        let mv = s.find("mv \"$d/out/$i.json.part\"").unwrap();
        let status = s.find("echo \"$rc\" > \"$d/status/$i.part\"").unwrap();
        assert!(mv < status);
    }

    #[test]
    fn a_task_is_judged_by_its_files() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        for sub in ["out", "status", "logs"] {
            std::fs::create_dir_all(d.join(sub)).unwrap();
        }
        std::fs::write(d.join("status/1"), "0\n").unwrap();
        std::fs::write(d.join("out/1.json"), "{}").unwrap();
        std::fs::write(d.join("status/2"), "2\n").unwrap();
        std::fs::write(d.join("logs/2.err"), "gridjudge: error: no such problem\n").unwrap();
        assert_eq!(
            outcome(d, "7", 1),
            TaskOutcome::Succeeded {
                path: d.join("out/1.json")
            }
        );
        match outcome(d, "7", 2) {
            TaskOutcome::Failed { status, tail, .. } => {
                assert_eq!(status, 2);
                assert_eq!(tail, "gridjudge: error: no such problem");
            }
            o => panic!("{o:?}"),
        }
        assert_eq!(
            outcome(d, "7", 3),
            TaskOutcome::Killed {
                log: d.join("logs/slurm-7-3.out")
            }
        );
    }
}
