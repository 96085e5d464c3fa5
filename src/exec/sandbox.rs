//! The sandbox every judged program runs in: [bubblewrap] (`bwrap`) for the namespaces and
//! the file-system view, cgroups for limits and accounting over the whole process tree, and a
//! process-wide registry that kills every judged process and removes every temporary folder
//! when gridjudge is interrupted (SIGINT, SIGTERM, SIGHUP) or panics.
//!
//! # Why bubblewrap
//! It is the unprivileged sandbox of Flatpak, maintained by the containers project, packaged by
//! every distribution (Debian: `bubblewrap`), small (one binary, not setuid on current
//! kernels), and does what a judge needs without a daemon or a configuration file: private
//! namespaces, a root built from read-only bind mounts and tmpfs, `--die-with-parent`. A crate
//! (`hakoniwa`) would put the namespace code in our own process, between `fork` and `exec`;
//! isolate and nsjail need building or a setuid installation. Its cost is the start-up of a
//! few namespaces per run, measured in `benches/stress.rs` (see the README).
//!
//! # What a judged program sees
//! * `/usr` and the top-level `/bin`, `/sbin`, `/lib*` (bound read-only, or recreated as the
//!   symlinks into `/usr` of merged-`/usr` systems), and from `/etc` only the dynamic linker's
//!   cache and configuration and `/etc/alternatives`; nothing else of the host: not the
//!   problem folder, the tests, the answers, the compile cache, the home folders;
//! * its program at `/box/<name>` (read-only; copied once per [`Session`] into the session's
//!   folder, since the compile cache may be in a folder the unprivileged user cannot reach);
//!   for a command-line submission, the files its line names by absolute path, at those paths,
//!   and likewise the files its arguments name (the script of a Python submission);
//! * `/work`, an empty tmpfs, as working folder (also `HOME`), and a private tmpfs `/tmp`, each
//!   as large as the memory limit (their pages count against it);
//! * fresh `/proc` and `/dev`; stdin, stdout and stderr as given; every other descriptor is
//!   closed (marked close-on-exec before `bwrap` starts).
//!
//! It runs in new user, PID, network, IPC, UTS and cgroup namespaces (`--unshare-all`), in a new
//! session, with `--die-with-parent`. When gridjudge is root, the network namespace is not made
//! by `bwrap` but taken from a pool of empty ones of the [`Session`] (one per concurrent run,
//! never shared by two runs at once; the child enters it before `bwrap` starts, and `bwrap`
//! gets `--share-net`): it has no interface but a loopback device that stays down, so no
//! connection of any kind leaves it, and it saves a third of the start-up cost. When gridjudge runs as root, the child drops to uid and
//! gid 65534 (`nobody`/`nogroup`) *before* executing `bwrap`, so `bwrap` builds an unprivileged
//! user namespace that maps 65534 to itself: seen from outside (`ps`), the program runs as
//! 65534, not as root mapped to another number. It can neither see nor signal any process
//! outside its PID namespace; when its first process exits, the namespace's init exits and
//! the kernel kills every process left in it, `setsid` or not.
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
//! summed, memory the largest single process). [`Sandbox::describe`] says which applies, and
//! every report prints it.
//!
//! # Clean-up ([`install_cleanup_handlers`])
//! Running runs (their `bwrap` process group and cgroup) and temporary folders are recorded in
//! a registry. On SIGINT, SIGTERM or SIGHUP a watcher thread kills every recorded run, removes
//! every recorded folder and cgroup, and exits with 128 + the signal number; a panic hook does
//! the same before the default hook runs. A killed gridjudge (SIGKILL) cannot clean up, but
//! `--die-with-parent` still takes the sandboxes down with it.
//!
//! [bubblewrap]: https://github.com/containers/bubblewrap

use std::collections::HashMap;
use std::ffi::{CString, OsStr, OsString};
use std::io::Write as _;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context;

/// The uid and gid judged programs run as when gridjudge runs as root (`nobody`, `nogroup`).
pub const UNPRIVILEGED_ID: u32 = 65534;

/// How the sandbox is missing: what is wrong and how to fix it, one paragraph.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unavailable(pub String);

/// Which cgroup hierarchy limits the runs.
#[derive(Clone, Debug, PartialEq, Eq)]
enum CgroupRoot {
    /// cgroup v1: the `gridjudge` folders under the `memory`, `pids` and `cpuacct` mounts.
    V1 {
        memory: PathBuf,
        pids: PathBuf,
        cpuacct: PathBuf,
    },
    /// cgroup v2: `/sys/fs/cgroup/gridjudge`, with `memory`, `pids` and `cpu` enabled.
    V2 { base: PathBuf },
}

/// The sandbox of this machine, found once per process by [`sandbox`].
#[derive(Debug)]
pub struct Sandbox {
    bwrap: PathBuf,
    version: String,
    /// uid and gid to drop to before `bwrap` (when gridjudge runs as root).
    drop_to: Option<(u32, u32)>,
    cgroups: Option<CgroupRoot>,
    /// Why there are no cgroups (for the report), when there are none.
    no_cgroups: Option<String>,
    /// The `bwrap` arguments that build the read-only system view.
    system: Vec<OsString>,
}

static SANDBOX: OnceLock<Result<Sandbox, Unavailable>> = OnceLock::new();

/// The sandbox, probed once per process: `bwrap` is found and actually started (a trial run of
/// `/bin/true` with every option the runs use), and the cgroup hierarchy is prepared.
///
/// Errors with what is missing and how to get it: `bwrap` not installed, or unable to create
/// its namespaces (user namespaces disabled).
pub fn sandbox() -> Result<&'static Sandbox, Unavailable> {
    SANDBOX.get_or_init(probe).as_ref().map_err(Clone::clone)
}

fn find_bwrap() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join("bwrap"))
        .find(|p| {
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// The `bwrap` arguments of the read-only system view (see the module documentation).
fn system_view() -> Vec<OsString> {
    let mut a: Vec<OsString> = Vec::new();
    let mut push = |x: &[&OsStr]| a.extend(x.iter().map(|s| s.to_os_string()));
    push(&["--ro-bind".as_ref(), "/usr".as_ref(), "/usr".as_ref()]);
    for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
        let Ok(meta) = std::fs::symlink_metadata(top) else {
            continue;
        };
        if meta.file_type().is_symlink() {
            if let Ok(target) = std::fs::read_link(top) {
                push(&["--symlink".as_ref(), target.as_os_str(), top.as_ref()]);
            }
        } else if meta.is_dir() {
            push(&["--ro-bind".as_ref(), top.as_ref(), top.as_ref()]);
        }
    }
    for etc in [
        "/etc/ld.so.cache",
        "/etc/ld.so.conf",
        "/etc/ld.so.conf.d",
        "/etc/alternatives",
    ] {
        push(&["--ro-bind-try".as_ref(), etc.as_ref(), etc.as_ref()]);
    }
    push(&[
        "--proc".as_ref(),
        "/proc".as_ref(),
        "--dev".as_ref(),
        "/dev".as_ref(),
    ]);
    a
}

fn probe() -> Result<Sandbox, Unavailable> {
    let how = "install bubblewrap (Debian/Ubuntu: `apt-get install bubblewrap`, Fedora: \
               `dnf install bubblewrap`), or pass --no-sandbox to run programs unconfined";
    let Some(bwrap) = find_bwrap() else {
        return Err(Unavailable(format!(
            "the sandbox needs bubblewrap (`bwrap`), which is not in PATH: {how}"
        )));
    };
    let version = Command::new(&bwrap)
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "bubblewrap".into());
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let (cgroups, no_cgroups) = match prepare_cgroups() {
        Ok(c) => (Some(c), None),
        Err(e) => (None, Some(e)),
    };
    let sb = Sandbox {
        bwrap,
        version,
        drop_to: root.then_some((UNPRIVILEGED_ID, UNPRIVILEGED_ID)),
        cgroups,
        no_cgroups,
        system: system_view(),
    };
    // A trial run with every option of a real run.
    let mut cmd = sb.command(&[OsString::from("/bin/true")], None, 16 << 20, false, &[]);
    cmd.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let drop_to = sb.drop_to;
    // SAFETY: the closure calls only async-signal-safe functions (see `drop_privileges`).
    unsafe {
        cmd.pre_exec(move || drop_privileges(drop_to));
    }
    let out = cmd
        .output()
        .map_err(|e| Unavailable(format!("cannot start {}: {e}: {how}", sb.bwrap.display())))?;
    if !out.status.success() {
        let msg = String::from_utf8_lossy(&out.stderr);
        return Err(Unavailable(format!(
            "bubblewrap cannot create its sandbox ({}: {}): it needs unprivileged user \
             namespaces (sysctl user.max_user_namespaces > 0, and on Debian/Ubuntu kernels \
             kernel.unprivileged_userns_clone = 1 and no AppArmor restriction); enable them, \
             or pass --no-sandbox to run programs unconfined",
            out.status,
            msg.trim()
        )));
    }
    Ok(sb)
}

/// Writes `value` into the cgroup file `path`.
fn write_file(path: &Path, value: &str) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)?
        .write_all(value.as_bytes())
}

fn prepare_cgroups() -> Result<CgroupRoot, String> {
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

impl Sandbox {
    /// One line for reports: the tool, the uid, and how limits are enforced.
    pub fn describe(&self) -> String {
        let user = match self.drop_to {
            Some((u, _)) => format!("uid {u}"),
            None => "the judge's own unprivileged uid".into(),
        };
        let limits = match (&self.cgroups, &self.no_cgroups) {
            (Some(CgroupRoot::V1 { .. }), _) => {
                "cgroup v1 limits over the process tree".to_string()
            }
            (Some(CgroupRoot::V2 { .. }), _) => {
                "cgroup v2 limits over the process tree".to_string()
            }
            (None, why) => format!(
                "NO cgroups ({}): per-process rlimits only",
                why.as_deref().unwrap_or("unavailable")
            ),
        };
        format!("{} as {user}; {limits}", self.version)
    }

    /// Whether runs are limited and accounted by cgroups.
    pub fn has_cgroups(&self) -> bool {
        self.cgroups.is_some()
    }

    /// The uid and gid the child drops to before executing `bwrap`, if any.
    pub(crate) fn drop_to(&self) -> Option<(u32, u32)> {
        self.drop_to
    }

    /// The `bwrap` command running `argv` (its first word already a path inside the sandbox),
    /// with `program` bound read-only at `argv[0]` when given, and tmpfs folders of
    /// `tmpfs_bytes` each; with `prepared_net`, `bwrap` keeps the network namespace the child
    /// entered ([`Session::lease_netns`]) instead of making one; each `(file, path)` of `extra`
    /// is bound read-only at `path`. The caller sets stdio, the environment and the pre-exec
    /// steps.
    pub(crate) fn command(
        &self,
        argv: &[OsString],
        program: Option<&Path>,
        tmpfs_bytes: u64,
        prepared_net: bool,
        extra: &[(PathBuf, PathBuf)],
    ) -> Command {
        let mut cmd = Command::new(&self.bwrap);
        cmd.arg("--unshare-all");
        if prepared_net {
            // The child entered an empty network namespace of the session already.
            cmd.arg("--share-net");
        }
        cmd.args(["--die-with-parent", "--new-session"])
            .args(&self.system);
        let size = tmpfs_bytes.max(1 << 20).to_string();
        cmd.args(["--size", &size, "--tmpfs", "/tmp"])
            .args(["--size", &size, "--tmpfs", "/work"]);
        if let (Some(p), Some(inside)) = (program, argv.first()) {
            cmd.arg("--ro-bind").arg(p).arg(inside);
        }
        for (staged, inside) in extra {
            cmd.arg("--ro-bind").arg(staged).arg(inside);
        }
        cmd.args(["--chdir", "/work", "--"]).args(argv);
        cmd.env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("HOME", "/work")
            .env("TMPDIR", "/tmp")
            .env("LC_ALL", "C");
        cmd
    }

    /// A fresh cgroup for one run with these limits, or `None` without cgroups.
    pub(crate) fn cgroup(
        &self,
        memory_bytes: u64,
        tasks: u64,
    ) -> anyhow::Result<Option<RunCgroup>> {
        match &self.cgroups {
            None => Ok(None),
            Some(root) => RunCgroup::create(root, memory_bytes, tasks).map(Some),
        }
    }
}

/// Drops to `ids` (groups, gid, uid, in that order) and marks every descriptor above 2
/// close-on-exec. Runs in the child between `fork` and `exec`: only async-signal-safe calls.
pub(crate) fn drop_privileges(ids: Option<(u32, u32)>) -> std::io::Result<()> {
    close_other_descriptors();
    if let Some((uid, gid)) = ids {
        // SAFETY: plain system calls on integers; setgroups with 0 entries reads no memory.
        unsafe {
            if libc::setgroups(0, std::ptr::null()) != 0
                || libc::setgid(gid as libc::gid_t) != 0
                || libc::setuid(uid as libc::uid_t) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
        }
    }
    Ok(())
}

/// Marks every descriptor above 2 close-on-exec (`close_range` with `CLOSE_RANGE_CLOEXEC`,
/// Linux 5.11; else one `fcntl` per descriptor up to 4096). Async-signal-safe. Closing them
/// outright would also close the standard library's exec-error pipe.
pub(crate) fn close_other_descriptors() {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    // SAFETY: close_range and fcntl take integers only.
    unsafe {
        if libc::syscall(
            libc::SYS_close_range,
            3 as libc::c_uint,
            libc::c_uint::MAX,
            CLOSE_RANGE_CLOEXEC,
        ) == 0
        {
            return;
        }
        for fd in 3..4096 {
            libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
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
    fn create(root: &CgroupRoot, memory_bytes: u64, tasks: u64) -> anyhow::Result<RunCgroup> {
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

/// Sends SIGKILL to every process in the cgroup folders `dirs`; returns how many there were.
fn kill_cgroup(dirs: &[PathBuf], v2: bool) -> usize {
    let procs = if v2 { &dirs[0] } else { &dirs[1] };
    if v2 {
        let _ = write_file(&procs.join("cgroup.kill"), "1");
    }
    let pids: Vec<i32> = std::fs::read_to_string(procs.join("cgroup.procs"))
        .map(|t| t.lines().filter_map(|l| l.trim().parse().ok()).collect())
        .unwrap_or_default();
    for &p in &pids {
        // SAFETY: kill takes integers; a pid that is gone gives ESRCH.
        unsafe {
            libc::kill(p, libc::SIGKILL);
        }
    }
    pids.len()
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

// ---------------------------------------------------------------------------------------
// Sessions: the prepared root shared by the runs of one judge or stress call.

/// The folder shared by the runs of one `judge` or `stress` call: each program is copied into
/// it once (world-readable, so that the unprivileged sandbox user can bind it whatever the
/// permissions of the compile cache), then bound read-only into every run. Removed on drop.
#[derive(Debug)]
pub struct Session {
    sandbox: &'static Sandbox,
    dir: TrackedDir,
    staged: Mutex<HashMap<PathBuf, PathBuf>>,
    /// Empty network namespaces not in use (see [`Session::lease_netns`]).
    netns: Mutex<Vec<OwnedFd>>,
    /// Set when a network namespace could not be made (not root): `bwrap` makes its own.
    no_netns: AtomicBool,
}

impl Session {
    /// A session on this machine's [`sandbox`]. Errors: the sandbox is unavailable (the
    /// message says what is missing and how to get it), or the folder cannot be created.
    pub fn new() -> anyhow::Result<Arc<Session>> {
        let sandbox = sandbox()?;
        let dir = TrackedDir::new("gridjudge-box-")?;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .context("cannot open the sandbox folder to the sandbox user")?;
        Ok(Arc::new(Session {
            sandbox,
            dir,
            staged: Mutex::new(HashMap::new()),
            netns: Mutex::new(Vec::new()),
            no_netns: AtomicBool::new(false),
        }))
    }

    /// An empty network namespace (only a loopback device, down) for one run, taken from the
    /// session's pool or made now, given back when the lease drops; `None` when none can be
    /// made (gridjudge is not root), and then `bwrap` makes a fresh one per run.
    ///
    /// Why: creating a network namespace is the largest single cost of a sandbox start (about
    /// 9 ms of 27 on the 2-core VM of the README). A namespace is used by one run at a time,
    /// and runs in it cannot reach anything: no interface is up, and the programs of earlier
    /// runs are dead (their cgroup and PID namespace were emptied) before it is reused.
    pub(crate) fn lease_netns(&self) -> NetnsLease<'_> {
        let fd = self
            .netns
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop()
            .or_else(|| {
                if self.no_netns.load(Ordering::Relaxed) {
                    return None;
                }
                let made = new_netns();
                if made.is_none() {
                    self.no_netns.store(true, Ordering::Relaxed);
                }
                made
            });
        NetnsLease { session: self, fd }
    }

    /// The sandbox.
    pub fn sandbox(&self) -> &'static Sandbox {
        self.sandbox
    }

    /// The files a command line (`/bin/sh -c LINE`) names by absolute path, outside the system
    /// folders: each is copied into the session folder once and bound read-only at its own path,
    /// so that a command such as `/opt/sol/run --fast` works in the sandbox. Words that are not
    /// existing regular files are left alone (the command sees only the system folders).
    pub(crate) fn stage_command_files(
        &self,
        argv: &[OsString],
    ) -> anyhow::Result<Vec<(PathBuf, PathBuf)>> {
        let [sh, dash_c, line] = argv else {
            return Ok(Vec::new());
        };
        if sh != "/bin/sh" || dash_c != "-c" {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for word in line.to_string_lossy().split_whitespace() {
            let path = Path::new(word);
            if !path.is_absolute() || !path.is_file() {
                continue;
            }
            if let (_, Some(staged)) = self.stage(path)? {
                out.push((staged, path.to_path_buf()));
            }
        }
        Ok(out)
    }

    /// The arguments after the program that are absolute paths outside the system folders, as
    /// an interpreter or a virtual machine is called (`python3 /path/sol.py`, `java -cp
    /// /cache/DIR Main`): a regular file is copied into the session folder once and bound
    /// read-only at its own path; a folder (a compiled Java class folder in the compile cache)
    /// is bound read-only as it is.
    pub(crate) fn stage_argument_files(
        &self,
        argv: &[OsString],
    ) -> anyhow::Result<Vec<(PathBuf, PathBuf)>> {
        let mut out = Vec::new();
        for arg in argv.iter().skip(1) {
            let path = Path::new(arg);
            let system = [
                "/usr/", "/bin/", "/sbin/", "/lib", "/etc/", "/proc/", "/dev/",
            ]
            .iter()
            .any(|p| arg.as_bytes().starts_with(p.as_bytes()));
            if !path.is_absolute() || system {
                continue;
            }
            if path.is_dir() {
                out.push((self.stage_dir(path)?, path.to_path_buf()));
            } else if path.is_file() {
                if let (_, Some(staged)) = self.stage(path)? {
                    out.push((staged, path.to_path_buf()));
                }
            }
        }
        Ok(out)
    }

    /// A copy of the folder `dir` (its regular files, one level deep, as `javac` writes a
    /// class folder; subfolders copied the same way) in the session folder, readable by the
    /// sandbox's user; copied once per session.
    fn stage_dir(&self, dir: &Path) -> anyhow::Result<PathBuf> {
        let mut staged = self.staged.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = staged.get(dir) {
            return Ok(s.clone());
        }
        let copy = self.dir.path().join(format!("{}-dir", staged.len()));
        fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<()> {
            std::fs::create_dir_all(to)
                .with_context(|| format!("cannot create {}", to.display()))?;
            std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755))?;
            for e in std::fs::read_dir(from)
                .with_context(|| format!("cannot read {}", from.display()))?
            {
                let e = e?;
                let (src, dst) = (e.path(), to.join(e.file_name()));
                if src.is_dir() {
                    copy_tree(&src, &dst)?;
                } else if src.is_file() {
                    std::fs::copy(&src, &dst).with_context(|| {
                        format!("cannot copy {} into the sandbox", src.display())
                    })?;
                    std::fs::set_permissions(&dst, std::fs::Permissions::from_mode(0o644))?;
                }
            }
            Ok(())
        }
        {
            // No process starts while a file of it is open for writing ([`EXEC_WRITE_GUARD`]).
            let _writing = EXEC_WRITE_GUARD.write().unwrap_or_else(|e| e.into_inner());
            copy_tree(dir, &copy)?;
        }
        staged.insert(dir.to_path_buf(), copy.clone());
        Ok(copy)
    }

    /// The program `prog` as the sandbox needs it: `(path inside, file to bind)`. Programs
    /// under `/usr`, `/bin`, `/sbin` or `/lib*` are visible as they are; any other is copied
    /// into the session folder once, and bound at `/box/<its file name>`.
    pub(crate) fn stage(&self, prog: &Path) -> anyhow::Result<(OsString, Option<PathBuf>)> {
        let visible = ["/usr/", "/bin/", "/sbin/", "/lib"]
            .iter()
            .any(|p| prog.as_os_str().as_bytes().starts_with(p.as_bytes()));
        if visible || !prog.is_absolute() {
            return Ok((prog.as_os_str().to_os_string(), None));
        }
        let name = prog
            .file_name()
            .map(|n| n.to_os_string())
            .unwrap_or_else(|| "program".into());
        let inside = Path::new("/box").join(&name).into_os_string();
        let mut staged = self.staged.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = staged.get(prog) {
            return Ok((inside, Some(s.clone())));
        }
        let copy = self
            .dir
            .path()
            .join(format!("{}-{}", staged.len(), name.to_string_lossy()));
        {
            // No process starts while the copy is open for writing (see [`EXEC_WRITE_GUARD`]).
            let _writing = EXEC_WRITE_GUARD.write().unwrap_or_else(|e| e.into_inner());
            std::fs::copy(prog, &copy)
                .with_context(|| format!("cannot copy {} into the sandbox", prog.display()))?;
            std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755))
                .with_context(|| format!("cannot make {} executable", copy.display()))?;
        }
        staged.insert(prog.to_path_buf(), copy.clone());
        Ok((inside, Some(copy)))
    }
}

/// Held for writing while gridjudge writes a file that a run will execute ([`Session::stage`])
/// and for reading while the runner starts a process ([`crate::exec::runner`]): a process forked
/// while such a file is open for writing keeps the descriptor until it execs, and executing
/// the file in that window fails with `ETXTBSY` ("Text file busy"), which made a run of a
/// concurrently staged program a judge error.
pub(crate) static EXEC_WRITE_GUARD: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// A network namespace lent to one run; returned to its session's pool on drop.
pub(crate) struct NetnsLease<'a> {
    session: &'a Session,
    fd: Option<OwnedFd>,
}

impl NetnsLease<'_> {
    /// The namespace's descriptor (close-on-exec), for `setns` in the child.
    pub(crate) fn fd(&self) -> Option<i32> {
        self.fd.as_ref().map(|f| f.as_raw_fd())
    }

    /// Closes the namespace instead of returning it (a process of the run may still be in it).
    pub(crate) fn discard(mut self) {
        self.fd = None;
    }
}

impl Drop for NetnsLease<'_> {
    fn drop(&mut self) {
        if let Some(fd) = self.fd.take() {
            self.session
                .netns
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(fd);
        }
    }
}

/// A new, empty network namespace, made by a short-lived thread (`unshare(CLONE_NEWNET)`
/// changes only the calling thread), kept alive by the returned descriptor. `None` when not
/// permitted.
fn new_netns() -> Option<OwnedFd> {
    std::thread::spawn(|| {
        // SAFETY: unshare takes flags; it changes only this thread's network namespace.
        if unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
            return None;
        }
        std::fs::File::open("/proc/thread-self/ns/net")
            .ok()
            .map(OwnedFd::from)
    })
    .join()
    .ok()
    .flatten()
}

/// Enters the network namespace `fd` (child, before `exec`; async-signal-safe).
pub(crate) fn enter_netns(fd: Option<i32>) -> std::io::Result<()> {
    if let Some(fd) = fd {
        // SAFETY: setns takes a descriptor and a flag.
        if unsafe { libc::setns(fd, libc::CLONE_NEWNET) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The clean-up registry.

#[derive(Debug)]
enum Entry {
    /// A run's process group (its leader's pid), killed with SIGKILL.
    Group(i32),
    /// A run's cgroup folders, emptied and removed.
    Cgroup(Vec<PathBuf>),
    /// A temporary folder, removed.
    Dir(PathBuf),
}

static REGISTRY: OnceLock<Mutex<HashMap<u64, Entry>>> = OnceLock::new();
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static SHUTTING_DOWN: AtomicBool = AtomicBool::new(false);

fn registry() -> &'static Mutex<HashMap<u64, Entry>> {
    REGISTRY.get_or_init(Default::default)
}

fn registry_add(e: Entry) -> u64 {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let mut map = registry().lock().unwrap_or_else(|e| e.into_inner());
    // Checked under the lock that [`cleanup_everything`] sets it under: an entry is either
    // drained by the clean-up or taken down here.
    if SHUTTING_DOWN.load(Ordering::SeqCst) {
        drop(map);
        cleanup_entry(&e);
        return id;
    }
    map.insert(id, e);
    id
}

/// Makes something the clean-up must take down (a folder, a cgroup) and records it, both
/// under the registry's lock: a clean-up that a signal starts meanwhile waits, then finds it
/// recorded, or it began first and nothing is made ("gridjudge is stopping"). Made first and
/// recorded after, a folder could be left behind by the exit that follows the clean-up.
fn registry_make(make: impl FnOnce() -> anyhow::Result<Entry>) -> anyhow::Result<u64> {
    let mut map = registry().lock().unwrap_or_else(|e| e.into_inner());
    anyhow::ensure!(
        !SHUTTING_DOWN.load(Ordering::SeqCst),
        "gridjudge is stopping: nothing new is made"
    );
    let entry = make()?;
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    map.insert(id, entry);
    Ok(id)
}

fn registry_remove(id: u64) {
    registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&id);
}

fn cleanup_entry(e: &Entry) {
    match e {
        Entry::Group(pgid) => {
            // SAFETY: kill takes integers.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        Entry::Cgroup(dirs) => {
            let v2 = dirs.len() == 1;
            let deadline = Instant::now() + Duration::from_secs(2);
            while kill_cgroup(dirs, v2) > 0 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            for d in dirs {
                let _ = std::fs::remove_dir(d);
            }
        }
        Entry::Dir(d) => {
            // A worker may still be creating a file in it: try again briefly.
            for _ in 0..20 {
                if std::fs::remove_dir_all(d).is_ok() || !d.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

/// A running process group, recorded for the clean-up until dropped.
pub(crate) struct GroupGuard(u64);

impl GroupGuard {
    /// Records the process group led by `pgid`.
    pub(crate) fn new(pgid: i32) -> GroupGuard {
        GroupGuard(registry_add(Entry::Group(pgid)))
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        registry_remove(self.0);
    }
}

/// A temporary folder (a [`tempfile::TempDir`] in the system's temporary folder) recorded for
/// the clean-up: removed on drop, or by the clean-up when gridjudge is interrupted.
#[derive(Debug)]
pub struct TrackedDir {
    dir: Option<tempfile::TempDir>,
    id: u64,
}

impl TrackedDir {
    /// A fresh folder named `<prefix><random>` in `parent`, or in the system's temporary
    /// folder when `None`.
    ///
    /// Made and recorded in one step (`registry_make`): errors with "gridjudge is stopping"
    /// once a signal's clean-up has begun.
    pub fn new_in(prefix: &str, parent: Option<&Path>) -> anyhow::Result<TrackedDir> {
        let mut dir = None;
        let id = registry_make(|| {
            let mut b = tempfile::Builder::new();
            b.prefix(prefix);
            let made = match parent {
                Some(p) => b.tempdir_in(p),
                None => b.tempdir(),
            }
            .context("cannot create a temporary folder")?;
            let entry = Entry::Dir(made.path().to_path_buf());
            dir = Some(made);
            Ok(entry)
        })?;
        Ok(TrackedDir { dir, id })
    }

    /// A fresh folder named `<prefix><random>` in the system's temporary folder.
    pub fn new(prefix: &str) -> anyhow::Result<TrackedDir> {
        Self::new_in(prefix, None)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        self.dir.as_ref().map(|d| d.path()).unwrap_or(Path::new(""))
    }
}

impl Drop for TrackedDir {
    fn drop(&mut self) {
        drop(self.dir.take());
        registry_remove(self.id);
    }
}

/// Kills every recorded run and removes every recorded cgroup and folder. From then on, runs
/// that start are killed at once. Called by the signal watcher and the panic hook of
/// [`install_cleanup_handlers`]; safe to call more than once.
pub fn cleanup_everything() {
    let entries: Vec<Entry> = match registry().try_lock() {
        Ok(mut m) => {
            SHUTTING_DOWN.store(true, Ordering::SeqCst);
            m.drain().map(|(_, e)| e).collect()
        }
        Err(std::sync::TryLockError::Poisoned(p)) => {
            let mut m = p.into_inner();
            SHUTTING_DOWN.store(true, Ordering::SeqCst);
            m.drain().map(|(_, e)| e).collect()
        }
        // Held by a thread that is adding or removing one entry (the panic hook may run in a
        // thread that holds it): wait a moment for it.
        Err(std::sync::TryLockError::WouldBlock) => {
            std::thread::sleep(Duration::from_millis(20));
            let mut m = registry().try_lock().ok();
            SHUTTING_DOWN.store(true, Ordering::SeqCst);
            m.as_mut()
                .map(|m| m.drain().map(|(_, e)| e).collect())
                .unwrap_or_default()
        }
    };
    clean_entries(entries);
}

/// [`cleanup_everything`] for the signal watcher, which never holds the registry's lock itself:
/// it waits for the lock (held only while one entry is added or removed, or a folder made), so
/// nothing recorded meanwhile is missed.
fn cleanup_after_signal() {
    let entries: Vec<Entry> = {
        let mut m = registry().lock().unwrap_or_else(|e| e.into_inner());
        SHUTTING_DOWN.store(true, Ordering::SeqCst);
        m.drain().map(|(_, e)| e).collect()
    };
    clean_entries(entries);
}

/// Takes down `entries`: processes first (groups, then cgroups), folders last.
fn clean_entries(entries: Vec<Entry>) {
    let rank = |e: &Entry| match e {
        Entry::Group(_) => 0,
        Entry::Cgroup(_) => 1,
        Entry::Dir(_) => 2,
    };
    let mut entries = entries;
    entries.sort_by_key(rank);
    for e in &entries {
        cleanup_entry(e);
    }
}

/// Installs the clean-up of the module documentation: a thread that waits for SIGINT, SIGTERM
/// and SIGHUP, runs [`cleanup_everything`] and exits with 128 + the signal number, and a panic
/// hook that runs [`cleanup_everything`] before the previous hook. For the `gridjudge` binary;
/// call once, early. Errors when the signal handlers cannot be installed.
pub fn install_cleanup_handlers() -> anyhow::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .context("cannot install the signal handlers")?;
    std::thread::Builder::new()
        .name("gridjudge-cleanup".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                cleanup_after_signal();
                let _ = writeln!(
                    std::io::stderr(),
                    "gridjudge: stopped by signal {sig}; every judged process was killed and \
                     every temporary folder removed"
                );
                std::process::exit(128 + sig);
            }
        })
        .context("cannot start the signal watcher")?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        cleanup_everything();
        previous(info);
    }));
    Ok(())
}
