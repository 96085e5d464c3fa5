//! The cgroups of the sandbox: finding and preparing the hierarchy once per process
//! (`CgroupRoot`, `prepare_cgroups`), and one cgroup per run (`RunCgroup`) with its limits,
//! its accounting and its removal.
//!
//! # Limits over the process tree
//! Each run gets its own cgroup, joined by the child before `bwrap` starts, so that every
//! process of the run (the two `bwrap` processes, the program and all its descendants) is in
//! it. cgroup v1 (the `memory`, `pids` and `cpuacct` controllers, as on these machines) and
//! cgroup v2 (`memory`, `pids`, `cpu` enabled under `/sys/fs/cgroup/gridjudge`) are supported:
//! * memory: a hard limit equal to the memory limit (v1 `memory.limit_in_bytes`, v2
//!   `memory.max`; swap off where the kernel allows); when the tree needs more, the kernel's
//!   OOM killer kills a process of the run, which is a memory-limit verdict; the reported
//!   memory is the cgroup's peak (v1 `memory.max_usage_in_bytes`, v2 `memory.peak`), which
//!   also counts the page cache the run touched and its tmpfs files;
//! * tasks: `pids.max` = the problem's task limit plus the 2 `bwrap` processes; a `fork` or
//!   thread creation beyond it fails with `EAGAIN` (the run's `pids.events` tells the report);
//! * CPU time: the cgroup's (v1 `cpuacct.usage`, v2 `cpu.stat` `usage_usec`), polled by the
//!   runner, which kills the run when it passes the limit.
//!
//! **Fallback without cgroups** (not root, controllers not mounted or not delegated): the
//! sandbox still runs, the per-process rlimits of [`crate::exec::runner`] apply (CPU time and
//! address space per process, `RLIMIT_NPROC` as the task limit, counted per user, so
//! concurrent runs share it), the wall-clock limit is enforced by the runner, and the CPU time
//! and peak memory reported are those the kernel accounts to the reaped tree (`wait4`: CPU
//! summed, memory the largest single process). [`crate::exec::sandbox::Sandbox::describe`] says which applies, and
//! every report prints it.
//!
//! Owns: the cgroup control files (reading, writing, joining a cgroup from the child). May
//! use: std and crates, and [`crate::exec::cleanup`] (each run's cgroup is recorded there and
//! killed by it).

use std::ffi::CString;
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::exec::cleanup::{kill_cgroup, registry_make, registry_remove, Entry};

/// Which cgroup hierarchy limits the runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CgroupRoot {
    /// cgroup v1: the `gridjudge` folders under the `memory`, `pids` and `cpuacct` mounts.
    V1 {
        memory: PathBuf,
        pids: PathBuf,
        cpuacct: PathBuf,
    },
    /// cgroup v2: `/sys/fs/cgroup/gridjudge`, with `memory`, `pids` and `cpu` enabled.
    V2 { base: PathBuf },
}

/// Writes `value` into the cgroup file `path`.
fn write_file(path: &Path, value: &str) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)?
        .write_all(value.as_bytes())
}

/// Finds the cgroup hierarchy (v1 controllers, else v2), makes the `gridjudge` folders and
/// removes the stale run cgroups; errors with why there are no cgroups.
pub(crate) fn prepare_cgroups() -> Result<CgroupRoot, String> {
    let fs = Path::new("/sys/fs/cgroup");
    let v1 = |c: &str| fs.join(c).join("cgroup.procs").is_file();
    let root = if v1("memory") && v1("pids") && v1("cpuacct") {
        CgroupRoot::V1 {
            memory: fs.join("memory/gridjudge"),
            pids: fs.join("pids/gridjudge"),
            cpuacct: fs.join("cpuacct/gridjudge"),
        }
    } else if fs.join("cgroup.controllers").is_file() {
        let base = fs.join("gridjudge");
        let _ = std::fs::create_dir(&base);
        for dir in [fs, base.as_path()] {
            write_file(&dir.join("cgroup.subtree_control"), "+memory +pids +cpu").map_err(|e| {
                format!(
                    "cannot enable the memory, pids and cpu controllers in {}: {e}",
                    dir.display()
                )
            })?;
        }
        CgroupRoot::V2 { base }
    } else {
        return Err(
            "no cgroup v1 memory, pids and cpuacct controllers and no cgroup v2 \
                    hierarchy under /sys/fs/cgroup"
                .into(),
        );
    };
    if let CgroupRoot::V1 {
        memory,
        pids,
        cpuacct,
    } = &root
    {
        for d in [memory, pids, cpuacct] {
            if let Err(e) = std::fs::create_dir(d) {
                if e.kind() != std::io::ErrorKind::AlreadyExists {
                    return Err(format!("cannot create {}: {e}", d.display()));
                }
            }
        }
    }
    sweep_stale(&root);
    Ok(root)
}

/// Removes the run cgroups left by gridjudge processes that no longer exist (killed with
/// SIGKILL, which leaves no chance to clean up). Best effort.
fn sweep_stale(root: &CgroupRoot) {
    for base in root.bases() {
        let Ok(dir) = std::fs::read_dir(&base) else {
            continue;
        };
        for e in dir.flatten() {
            let name = e.file_name();
            let Some(owner) = name
                .to_str()
                .and_then(|n| n.split('-').next())
                .and_then(|p| p.parse::<u32>().ok())
            else {
                continue;
            };
            if !Path::new(&format!("/proc/{owner}")).exists() {
                let _ = std::fs::remove_dir(e.path());
            }
        }
    }
}

impl CgroupRoot {
    fn bases(&self) -> Vec<PathBuf> {
        match self {
            CgroupRoot::V1 {
                memory,
                pids,
                cpuacct,
            } => vec![memory.clone(), pids.clone(), cpuacct.clone()],
            CgroupRoot::V2 { base } => vec![base.clone()],
        }
    }
}

/// The cgroup of one run (see the module documentation). Removed on drop, after killing
/// whatever is still in it.
#[derive(Debug)]
pub(crate) struct RunCgroup {
    v2: bool,
    /// v1: memory, pids, cpuacct; v2: the one folder.
    dirs: Vec<PathBuf>,
    /// The `cgroup.procs` files the child writes itself into, prepared for `pre_exec`.
    procs: Vec<CString>,
    registry_id: u64,
}

static RUN_COUNTER: AtomicU64 = AtomicU64::new(0);

fn read_u64(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// The number after `key` in a `key value` per line file (`memory.events`, `pids.events`).
fn read_key(path: &Path, key: &str) -> Option<u64> {
    std::fs::read_to_string(path)
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix(key)?.trim().parse().ok())
}

impl RunCgroup {
    /// A fresh cgroup for one run with these limits, recorded for the clean-up.
    pub(crate) fn create(
        root: &CgroupRoot,
        memory_bytes: u64,
        tasks: u64,
    ) -> anyhow::Result<RunCgroup> {
        let name = format!(
            "{}-{}",
            std::process::id(),
            RUN_COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let dirs: Vec<PathBuf> = root.bases().iter().map(|b| b.join(&name)).collect();
        let procs = dirs
            .iter()
            .map(|d| CString::new(d.join("cgroup.procs").as_os_str().as_bytes()))
            .collect::<Result<Vec<_>, _>>()
            .context("cgroup path with a NUL byte")?;
        // Made and recorded in one step (see `registry_make`); a failure half-way removes what
        // was made.
        let registry_id = registry_make(|| {
            for (k, d) in dirs.iter().enumerate() {
                if let Err(e) = std::fs::create_dir(d) {
                    for made in &dirs[..k] {
                        let _ = std::fs::remove_dir(made);
                    }
                    return Err(e)
                        .with_context(|| format!("cannot create the cgroup {}", d.display()));
                }
            }
            Ok(Entry::Cgroup(dirs.clone()))
        })?;
        let cg = RunCgroup {
            v2: matches!(root, CgroupRoot::V2 { .. }),
            registry_id,
            dirs,
            procs,
        };
        let set = |dir: &Path, file: &str, value: String| {
            write_file(&dir.join(file), &value)
                .with_context(|| format!("cannot write {}", dir.join(file).display()))
        };
        // pids.max counts the two bwrap processes as well.
        let pids = (tasks.saturating_add(2)).to_string();
        if cg.v2 {
            let d = &cg.dirs[0];
            set(d, "memory.max", memory_bytes.to_string())?;
            let _ = set(d, "memory.swap.max", "0".into());
            set(d, "pids.max", pids)?;
        } else {
            set(
                &cg.dirs[0],
                "memory.limit_in_bytes",
                memory_bytes.to_string(),
            )?;
            let _ = set(
                &cg.dirs[0],
                "memory.memsw.limit_in_bytes",
                memory_bytes.to_string(),
            );
            let _ = set(&cg.dirs[0], "memory.swappiness", "0".into());
            set(&cg.dirs[1], "pids.max", pids)?;
        }
        Ok(cg)
    }

    /// Moves the process `pid` (and its threads) into the run's cgroup, in every controller:
    /// the judge does it for a zygote's run, whose pid it learns from the run's status socket.
    ///
    /// Errors: a `cgroup.procs` file cannot be written (the process is gone, or not ours).
    pub(crate) fn add_process(&self, pid: i32) -> anyhow::Result<()> {
        for d in &self.dirs {
            write_file(&d.join("cgroup.procs"), &pid.to_string())
                .with_context(|| format!("cannot move process {pid} into {}", d.display()))?;
        }
        Ok(())
    }

    /// The `cgroup.procs` files, for [`join_cgroup`] in the child.
    pub(crate) fn procs_files(&self) -> Vec<CString> {
        self.procs.clone()
    }

    fn memory_dir(&self) -> &Path {
        &self.dirs[0]
    }

    fn pids_dir(&self) -> &Path {
        &self.dirs[if self.v2 { 0 } else { 1 }]
    }

    /// CPU time of every process that ever was in the run, milliseconds.
    pub(crate) fn cpu_ms(&self) -> Option<u64> {
        if self.v2 {
            read_key(&self.dirs[0].join("cpu.stat"), "usage_usec ").map(|us| us / 1000)
        } else {
            read_u64(&self.dirs[2].join("cpuacct.usage")).map(|ns| ns / 1_000_000)
        }
    }

    /// Peak memory of the run, KiB.
    pub(crate) fn peak_kib(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        read_u64(&self.memory_dir().join(file)).map(|b| b / 1024)
    }

    /// How many processes of the run the OOM killer killed.
    pub(crate) fn oom_kills(&self) -> u64 {
        let file = if self.v2 {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        read_key(&self.memory_dir().join(file), "oom_kill ").unwrap_or(0)
    }

    /// How many `fork`/`clone` calls failed on the task limit.
    pub(crate) fn task_limit_hits(&self) -> u64 {
        read_key(&self.pids_dir().join("pids.events"), "max ").unwrap_or(0)
    }

    /// The processes in the run now.
    fn pids(&self) -> Vec<i32> {
        std::fs::read_to_string(self.pids_dir().join("cgroup.procs"))
            .map(|t| t.lines().filter_map(|l| l.trim().parse().ok()).collect())
            .unwrap_or_default()
    }

    /// Kills every process of the run and waits until the cgroup is empty (at most 5 s).
    /// Returns how many processes remained (normally 0).
    pub(crate) fn kill_all(&self) -> u32 {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let pids = kill_cgroup(&self.dirs, self.v2);
            if pids == 0 {
                return 0;
            }
            if Instant::now() >= deadline {
                return pids as u32;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        if !self.pids().is_empty() {
            self.kill_all();
        }
        for d in &self.dirs {
            // An emptied cgroup can take a moment before it may be removed.
            for _ in 0..50 {
                if std::fs::remove_dir(d).is_ok() || !d.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        registry_remove(self.registry_id);
    }
}

/// Writes the child's own pid into each of `procs` (`cgroup.procs` files). Runs between `fork`
/// and `exec`: `open`, `write` and `close` only.
pub(crate) fn join_cgroup(procs: &[CString]) -> std::io::Result<()> {
    for p in procs {
        // SAFETY: p is a valid NUL-terminated path; "0" means the writing process.
        unsafe {
            let fd = libc::open(p.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if fd < 0 {
                return Err(std::io::Error::last_os_error());
            }
            let r = libc::write(fd, b"0".as_ptr().cast(), 1);
            let err = std::io::Error::last_os_error();
            libc::close(fd);
            if r != 1 {
                return Err(err);
            }
        }
    }
    Ok(())
}
