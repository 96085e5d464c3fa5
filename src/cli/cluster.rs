//! `--slurm`: a sharded command (`verify`, `stress --seeds`) run as one Slurm array job
//! (`gridjudge::exec::slurm`), with what every task needs staged once, then merged here as
//! `gridjudge merge` merges (`cli/merge.rs`).
//!
//! # The stage
//! One folder every node sees (`--stage-dir`, default `gridjudge-slurm/<time>-<pid>` in the
//! current folder), holding:
//! - `problems/<p>/`: a copy of each problem folder as it was checked against its lock (the
//!   current build only, no report), made read-only: the tasks judge that snapshot, so a
//!   rebuild meanwhile changes nothing they see;
//! - `cache/`: the compile cache, where every submission (and a program problem's own
//!   programs) is compiled once, before the job; the tasks only read it;
//! - `submission/`: the submission of a `stress` run;
//! - `job/`: the array job's folder (`exec::slurm`): script, outputs, statuses, logs, each
//!   task's own HOME, TMPDIR and cache folders.
//!
//! The tasks run this same `gridjudge` binary (its path must be the same on every node) with
//! the same limits and sandbox options, `-j` as `--cpus-per-task`, and `--shard i/N`. The
//! stage is removed after a merge that worked, and kept (and named) otherwise.
//!
//! Uses the library, `cli/common.rs` and `cli/merge.rs`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use gridjudge::exec::compile::{prepare, Submission};
use gridjudge::exec::slurm::{self, SlurmOptions, TaskOutcome, SHARD_PLACEHOLDER};
use gridjudge::problems::Loaded;

/// The options of `--slurm`, shared by the commands that take it.
#[derive(Args, Clone, Debug)]
pub struct SlurmArgs {
    /// Run the shards as one Slurm array job (needs sbatch, squeue, scancel), wait for it with
    /// a progress line, and merge: the same report as without it. See docs/slurm.md.
    #[arg(long)]
    pub slurm: bool,
    /// With --slurm: how many shards (array tasks).
    #[arg(long, value_name = "N", default_value_t = 4, requires = "slurm")]
    pub shards: u32,
    /// With --slurm: the partition (sbatch --partition).
    #[arg(long, requires = "slurm")]
    pub partition: Option<String>,
    /// With --slurm: the account to charge (sbatch --account).
    #[arg(long, requires = "slurm")]
    pub account: Option<String>,
    /// With --slurm: each task's time limit, in Slurm's forms (sbatch --time, e.g. 30:00).
    #[arg(long, value_name = "TIME", requires = "slurm")]
    pub slurm_time: Option<String>,
    /// With --slurm: CPUs per task (sbatch --cpus-per-task); each task runs that many at once
    /// (-j). Default 1.
    #[arg(long, value_name = "N", requires = "slurm")]
    pub cpus_per_task: Option<u32>,
    /// With --slurm: a further sbatch option, one word (repeatable), e.g. --sbatch-arg=--mem=4G.
    #[arg(
        long = "sbatch-arg",
        value_name = "OPTION",
        allow_hyphen_values = true,
        requires = "slurm"
    )]
    pub sbatch_args: Vec<String>,
    /// With --slurm: the stage folder, which every node must see (default:
    /// gridjudge-slurm/<time>-<pid> in the current folder).
    #[arg(long, value_name = "DIR", requires = "slurm")]
    pub stage_dir: Option<PathBuf>,
    /// With --slurm: keep the stage folder (the tasks' logs and documents, the compile cache)
    /// after a merge that worked; it is always kept otherwise.
    #[arg(long, requires = "slurm")]
    pub keep_stage: bool,
}

impl SlurmArgs {
    /// The scheduler's options.
    fn options(&self) -> SlurmOptions {
        SlurmOptions {
            partition: self.partition.clone(),
            account: self.account.clone(),
            time: self.slurm_time.clone(),
            cpus_per_task: self.cpus_per_task,
            extra: self.sbatch_args.clone(),
        }
    }

    /// Runs per task (`-j`).
    pub fn jobs(&self) -> usize {
        self.cpus_per_task.unwrap_or(1).max(1) as usize
    }
}

/// A stage folder being filled (see the module documentation).
pub struct Stage {
    /// Its absolute path.
    pub dir: PathBuf,
    /// Each staged Kattis package's folder in the stage with its original folder, where the
    /// merge reads and saves it (its shards record the staged one).
    origins: std::cell::RefCell<Vec<(PathBuf, PathBuf)>>,
}

impl Stage {
    /// Makes the stage folder: `given`, else `gridjudge-slurm/<time>-<pid>` here; refused
    /// when it exists and is not empty.
    pub fn new(given: Option<&Path>) -> anyhow::Result<Stage> {
        let dir = match given {
            Some(d) => d.to_path_buf(),
            None => {
                let secs = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                PathBuf::from("gridjudge-slurm").join(format!("{secs}-{}", std::process::id()))
            }
        };
        if dir.exists() && std::fs::read_dir(&dir).is_ok_and(|mut r| r.next().is_some()) {
            bail!(
                "the stage folder {} is not empty: give another --stage-dir or remove it",
                dir.display()
            );
        }
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot make the stage folder {}", dir.display()))?;
        let dir = std::fs::canonicalize(&dir)
            .with_context(|| format!("cannot resolve {}", dir.display()))?;
        Ok(Stage {
            dir,
            origins: Default::default(),
        })
    }

    /// The staged problems folder.
    pub fn problems(&self) -> PathBuf {
        self.dir.join("problems")
    }

    /// The staged compile cache.
    pub fn cache(&self) -> PathBuf {
        self.dir.join("cache")
    }

    /// Copies the problem of `loaded` into `problems/<name>`: everything but `report/` and the
    /// builds other than the current one; with `checked`, its package is checked against its
    /// lock first, and again after the copy.
    ///
    /// Errors: the package is missing, stale or tampered with (`checked`), a file cannot be
    /// copied.
    pub fn add_problem(&self, loaded: &Loaded, checked: bool) -> anyhow::Result<()> {
        let checked = match checked {
            true => Some(gridjudge::package::load_checked(
                &loaded.problems_dir,
                loaded.name(),
            )?),
            false => None,
        };
        let src = &loaded.dir;
        let current = std::fs::read_link(src.join("tests")).ok();
        let dst = self.problems().join(loaded.name());
        copy_tree(src, &dst, &|rel: &Path| {
            let mut parts = rel.components();
            match parts.next().and_then(|c| c.as_os_str().to_str()) {
                Some("report") => false,
                Some(".builds") => match (parts.next(), &current) {
                    // The builds folder itself, its lock file and the current build only.
                    (None, _) => true,
                    (Some(b), Some(cur)) => {
                        cur.file_name() == Some(b.as_os_str())
                            || b.as_os_str().to_string_lossy().starts_with('.')
                    }
                    (Some(_), None) => false,
                },
                _ => true,
            }
        })?;
        if let Some(c) = checked {
            c.recheck()?;
        }
        Ok(())
    }

    /// Copies the submission file or folder `path` into `submission/` and gives its new path.
    ///
    /// Errors: it cannot be copied.
    pub fn add_submission(&self, path: &Path) -> anyhow::Result<PathBuf> {
        let name = path
            .file_name()
            .with_context(|| format!("{}: not a file name", path.display()))?;
        let dir = self.dir.join("submission");
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot make {}", dir.display()))?;
        let dst = dir.join(name);
        if path.is_dir() {
            copy_tree(path, &dst, &|_: &Path| true)?;
        } else {
            std::fs::copy(path, &dst)
                .with_context(|| format!("cannot copy {} to {}", path.display(), dst.display()))?;
        }
        Ok(dst)
    }

    /// The submission argument `given` as the tasks name it, compiled into the stage's cache:
    /// a file or folder that exists is copied in ([`Stage::add_submission`]); anything else (a
    /// command line) is kept as it is.
    ///
    /// Errors: it cannot be copied or prepared.
    pub fn add_compiled_submission(&self, given: &str) -> anyhow::Result<String> {
        let path = Path::new(given);
        let staged = match path.exists() {
            true => self.add_submission(path)?.display().to_string(),
            false => given.to_string(),
        };
        self.compile(&[Submission::from_arg(&staged)?])?;
        Ok(staged)
    }

    /// Stages the Kattis package of `loaded` (a copy, as [`Stage::add_problem`] makes, without
    /// the lock check of gridjudge's own format) with its submissions compiled, and remembers
    /// its original folder for the merge.
    ///
    /// Errors: a derived time limit (each task would derive its own), copying, compiling.
    pub fn add_kattis_package(&self, loaded: &Loaded) -> anyhow::Result<()> {
        refuse_derived_limit(loaded)?;
        self.add_problem(loaded, false)?;
        let staged = self.prepare_problem(loaded.name())?;
        let Some(copy) = staged.kattis else {
            bail!(
                "{}: the staged copy is not a Kattis package",
                staged.dir.display()
            );
        };
        let subs = gridjudge::problems::kattis::submissions::load_with_included(
            &copy.dir,
            copy.yaml.layout(),
            &self.cache(),
        )?;
        let runnable: Vec<Submission> = subs.into_iter().filter_map(|s| s.submission).collect();
        self.compile(&runnable)?;
        let original = std::fs::canonicalize(&loaded.dir).unwrap_or_else(|_| loaded.dir.clone());
        self.origins
            .borrow_mut()
            .push((self.problems().join(loaded.name()), original));
        Ok(())
    }

    /// Loads the staged copy of problem `name` with the stage's cache and compiles a program
    /// problem's own programs there, so that the tasks only find them.
    ///
    /// Errors: the problem cannot be loaded, a program cannot be compiled.
    pub fn prepare_problem(&self, name: &str) -> anyhow::Result<Loaded> {
        let staged = gridjudge::problems::load(&self.problems(), name, &self.cache())?;
        if let Some(p) = gridjudge::problems::program::ProgramProblem::of(staged.problem) {
            p.prepare_all()?;
        }
        Ok(staged)
    }

    /// Compiles `subs` into the stage's cache (once each: the tasks find them there).
    ///
    /// Errors: a source cannot be read, the cache cannot be written. A compile error is the
    /// submission's verdict, found again by the tasks.
    pub fn compile(&self, subs: &[Submission]) -> anyhow::Result<()> {
        for s in subs {
            prepare(s, &self.cache(), false)
                .with_context(|| format!("cannot prepare {}", s.name))?;
        }
        Ok(())
    }

    /// Stages each problem of `problems` checked against its lock ([`Stage::add_problem`],
    /// [`Stage::prepare_problem`]) with every submission of its catalogue compiled
    /// ([`Stage::compile`]).
    ///
    /// Errors: as those.
    pub fn add_with_catalogue(&self, problems: &[&Loaded]) -> anyhow::Result<()> {
        for loaded in problems {
            self.add_problem(loaded, true)?;
            let staged = self.prepare_problem(loaded.name())?;
            if let Some(entries) = gridjudge::judge::verify::load_catalogue(&staged.dir)? {
                let subs: Vec<_> = entries.into_iter().map(|e| e.submission).collect();
                self.compile(&subs)?;
            }
        }
        Ok(())
    }

    /// Makes the staged problems read-only (files and folders lose their write bits).
    pub fn freeze(&self) -> anyhow::Result<()> {
        set_writable(&self.problems(), false)
    }

    /// Removes the stage (its frozen folders made writable first).
    pub fn remove(&self) {
        let _ = set_writable(&self.problems(), true);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Refuses anything but a Kattis package whose `problem.yaml` fixes the time limit
/// ([`gridjudge::judge::kattis::refuse_derived_limit`]).
///
/// Errors: not a Kattis package; a derived limit, with the command that fixes it.
pub fn refuse_derived_limit(loaded: &Loaded) -> anyhow::Result<()> {
    let Some(package) = loaded.kattis else {
        bail!("{}: not a Kattis package", loaded.name());
    };
    gridjudge::judge::kattis::refuse_derived_limit(package)
}

/// Copies the tree `src` to `dst` (files, folders, symbolic links as links), keeping what
/// `keep` accepts (paths relative to `src`; a folder refused is skipped whole).
fn copy_tree(src: &Path, dst: &Path, keep: &dyn Fn(&Path) -> bool) -> anyhow::Result<()> {
    std::fs::create_dir_all(dst).with_context(|| format!("cannot make {}", dst.display()))?;
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let from = src.join(&rel);
        let entries =
            std::fs::read_dir(&from).with_context(|| format!("cannot read {}", from.display()))?;
        for e in entries {
            let e = e.with_context(|| format!("cannot read {}", from.display()))?;
            let r = rel.join(e.file_name());
            if !keep(&r) {
                continue;
            }
            let (s, d) = (src.join(&r), dst.join(&r));
            let t = e
                .file_type()
                .with_context(|| format!("cannot read {}", s.display()))?;
            if t.is_symlink() {
                let target = std::fs::read_link(&s)
                    .with_context(|| format!("cannot read the link {}", s.display()))?;
                std::os::unix::fs::symlink(&target, &d)
                    .with_context(|| format!("cannot make the link {}", d.display()))?;
            } else if t.is_dir() {
                std::fs::create_dir(&d).with_context(|| format!("cannot make {}", d.display()))?;
                stack.push(r);
            } else {
                std::fs::copy(&s, &d)
                    .with_context(|| format!("cannot copy {} to {}", s.display(), d.display()))?;
            }
        }
    }
    Ok(())
}

/// Adds or removes the write bits of every file and folder under `dir` (links untouched).
fn set_writable(dir: &Path, writable: bool) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    let mut all = vec![dir.to_path_buf()];
    let mut k = 0;
    while k < all.len() {
        let p = all[k].clone();
        k += 1;
        let meta = std::fs::symlink_metadata(&p)?;
        if meta.is_dir() {
            for e in std::fs::read_dir(&p)? {
                all.push(e?.path());
            }
        }
    }
    // Folders last when freezing (their entries must be reached first), first when thawing.
    let order: Box<dyn Iterator<Item = &PathBuf>> = if writable {
        Box::new(all.iter())
    } else {
        Box::new(all.iter().rev())
    };
    for p in order {
        let meta = std::fs::symlink_metadata(p)?;
        if meta.file_type().is_symlink() {
            continue;
        }
        let mode = meta.permissions().mode();
        let mode = if writable {
            mode | 0o200
        } else {
            mode & !0o222
        };
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode))
            .with_context(|| format!("cannot change the mode of {}", p.display()))?;
    }
    Ok(())
}

/// Runs `args` (the task's command line after the binary, with [`SHARD_PLACEHOLDER`]) as the
/// array job of `slurm` in the stage, then merges the tasks' documents with `gridjudge
/// merge`'s code, against `merge_problems_dir` (where the merged report is saved) and the
/// stage's cache. Prints on stdout what the command prints; exits as it exits. The stage is
/// removed when the merge worked.
///
/// Errors: the job cannot be submitted; a task failed or was killed twice (each named by its
/// index, with its log's last lines); the merge fails.
pub fn run_and_merge(
    stage: &Stage,
    args: Vec<OsString>,
    slurm: &SlurmArgs,
    name: &str,
    merge_problems_dir: &Path,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let exe = std::env::current_exe().context("cannot find the gridjudge binary")?;
    let mut argv = vec![exe.into_os_string()];
    argv.extend(args);
    let job_dir = stage.dir.join("job");
    let run = slurm::run_array(&job_dir, &argv, slurm.shards, &slurm.options(), name)?;
    let mut problems = Vec::new();
    let mut files = Vec::new();
    for (i, o) in &run.tasks {
        match o {
            TaskOutcome::Succeeded { path } => files.push(path.clone()),
            TaskOutcome::Failed { status, log, tail } => problems.push(format!(
                "task {i} (shard {i}/{}) failed with status {status}; its log {}:\n{tail}",
                slurm.shards,
                log.display()
            )),
            TaskOutcome::Killed { log } => problems.push(format!(
                "task {i} (shard {i}/{}) was killed or cancelled by the scheduler twice; Slurm's log: {}",
                slurm.shards,
                log.display()
            )),
        }
    }
    if !problems.is_empty() {
        bail!(
            "slurm job {}: {} of {} task(s) did not finish (the stage is kept: {}):\n{}",
            run.jobs.join(", "),
            problems.len(),
            slurm.shards,
            stage.dir.display(),
            problems.join("\n")
        );
    }
    if !run.rerun.is_empty() {
        eprintln!(
            "slurm: task(s) {} ran a second time after the scheduler killed them",
            run.rerun
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    eprintln!(
        "slurm: job(s) {} ran {} task(s) in {:.1} s",
        run.jobs.join(", "),
        slurm.shards,
        run.elapsed.as_secs_f64()
    );
    let origins = stage.origins.borrow().clone();
    let code = super::merge::merge_files(
        &files,
        Some(merge_problems_dir),
        Some(&stage.cache()),
        json,
        slurm.jobs(),
        &origins,
    )
    .with_context(|| {
        format!(
            "the merge failed (the stage is kept: {})",
            stage.dir.display()
        )
    })?;
    if slurm.keep_stage {
        eprintln!("slurm: the stage is kept: {}", stage.dir.display());
    } else {
        stage.remove();
    }
    Ok(code)
}

/// Ends a task's command line: the limits and sandbox options of `run`, then `--shard` and
/// the placeholder the batch script replaces with `i/N`.
pub fn push_run_and_shard(words: &mut Vec<OsString>, run: &super::common::RunArgs) {
    words.extend(run.to_words().into_iter().map(Into::into));
    words.push("--shard".into());
    words.push(OsString::from(SHARD_PLACEHOLDER));
}
