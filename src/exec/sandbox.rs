//! The sandbox every judged program runs in: [bubblewrap] (`bwrap`) for the namespaces and
//! the file-system view, cgroups for limits and accounting over the whole process tree
//! ([`crate::exec::cgroup`]), and a process-wide registry that kills every judged process and
//! removes every temporary folder when gridjudge is interrupted (SIGINT, SIGTERM, SIGHUP) or
//! panics ([`crate::exec::cleanup`], whose public items are re-exported here).
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
//! Each run gets its own cgroup, joined by the child before `bwrap` starts; what it limits and
//! accounts, and the fallback without cgroups, are in [`crate::exec::cgroup`].
//!
//! # Clean-up ([`crate::exec::cleanup::install_cleanup_handlers`])
//! Running runs and temporary folders are recorded in the registry of [`crate::exec::cleanup`],
//! which kills and removes them all on SIGINT, SIGTERM, SIGHUP or a panic.
//!
//! Owns: finding and probing `bwrap`, the `bwrap` command line, dropping privileges, the
//! sessions (staged programs, network namespaces). May use: [`crate::exec::cleanup`] and
//! [`crate::exec::cgroup`].
//!
//! [bubblewrap]: https://github.com/containers/bubblewrap

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::Context;

use crate::exec::cgroup::{prepare_cgroups, CgroupRoot, RunCgroup};
use crate::exec::cleanup::TrackedDir;

/// The uid and gid judged programs run as when gridjudge runs as root (`nobody`, `nogroup`).
pub const UNPRIVILEGED_ID: u32 = 65534;

/// How the sandbox is missing: what is wrong and how to fix it, one paragraph.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unavailable(pub String);

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
        Err(e) => (None, Some(e.to_string())),
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
