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
//! few namespaces per run, measured in `benches/stress.rs` (docs/speed.md).
//!
//! # What a judged program sees
//! * `/usr` and the top-level `/bin`, `/sbin`, `/lib*` (bound read-only, or recreated as the
//!   symlinks into `/usr` of merged-`/usr` systems), and from `/etc` only the dynamic linker's
//!   cache and configuration, `/etc/alternatives` and the JVM's `/etc/java-*`; nothing else of the host: not the
//!   problem folder, the tests, the answers, the compile cache, the home folders; the box's
//!   root and `/dev` are read-only;
//! * its program under `/box` (read-only; copied once per [`Session`] into the session's
//!   folder, since the compile cache may be in a folder the unprivileged user cannot reach),
//!   and likewise the files its arguments name (the script of a Python submission); for a
//!   command-line submission, the files its line names by absolute path, at those paths;
//! * `/work`, an empty tmpfs, as working folder (also `HOME`), and private tmpfs `/tmp` and
//!   `/dev/shm`, each as large as the memory limit: these are the only writable places;
//! * a fresh `/proc` and `/dev`; stdin is a sealed read-only memfd copy of the input (it
//!   cannot be written, not even by reopening `/proc/self/fd/0`), stdout and stderr as given;
//!   every other descriptor is closed.
//!
//! It runs in new user, PID, network, IPC, UTS and cgroup namespaces; it cannot make user
//! namespaces of its own (`--disable-userns`, and the system-call filter of
//! [`crate::exec::seccomp`]), holds no capability, and cannot reach PID 1 of its box (the
//! init of [`crate::exec::box_init`], non-dumpable, deaf to its signals), which reports the
//! program's own wait status: verdicts never come from `bwrap`'s exit code or from what the
//! program prints. When gridjudge is root, the child drops to uid and gid 65534
//! (`nobody`/`nogroup`) *before* executing `bwrap`, so the program runs as 65534 also as seen
//! from outside (`ps`); otherwise it runs as the judge's own uid. When its first process
//! exits, the init kills and reaps every process left, and the PID namespace dies with it.
//!
//! # Zygotes
//! Most runs start in a zygote of the session ([`crate::exec::zygote`]): a long-lived box whose
//! PID 1 makes fresh PID, mount and IPC namespaces and fresh tmpfs folders for each run, so
//! the price of `bwrap` is paid once per concurrent run slot, not per run. A command line that
//! names files by absolute path gets a box of its own (`bwrap` per run; when gridjudge is root,
//! in a network namespace of the session's pool, `Session::lease_netns`).
//!
//! # Limits over the process tree
//! [`LimitsMode::Tree`] (the default): each run gets its own cgroup, joined before the program
//! starts; what it limits and accounts is in [`crate::exec::cgroup`]. Without a cgroup this
//! account may use, a session is refused with the commands that fix it.
//! [`LimitsMode::PerProcess`] (`--limits per-process`): rlimits in the box, see
//! [`crate::exec::runner`]; every report says so.
//!
//! # Clean-up ([`crate::exec::cleanup::install_cleanup_handlers`])
//! Running runs, zygotes and temporary folders are recorded in the registry of
//! [`crate::exec::cleanup`], which kills and removes them all on SIGINT, SIGTERM, SIGHUP or a
//! panic; boxes die with gridjudge (`--die-with-parent`, and their init's
//! `PR_SET_PDEATHSIG`) when it is killed outright.
//!
//! Owns: finding and probing `bwrap`, the `bwrap` command lines (a box per run, a zygote),
//! dropping privileges, the limits mode, the sessions (staged programs, network namespaces,
//! zygotes). May use: [`crate::exec::cleanup`], [`crate::exec::cgroup`],
//! [`crate::exec::box_init`] and [`crate::exec::zygote`].
//!
//! [bubblewrap]: https://github.com/containers/bubblewrap

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::Context;

use crate::exec::box_init::{executable_fd, InitConfig, Status, INIT_FLAG, ZYGOTE_FLAG};
use crate::exec::cgroup::{prepared_cgroups, CgroupRoot, NoCgroups, RunCgroup};
use crate::exec::cleanup::TrackedDir;
use crate::exec::host::userns_restriction;
use crate::exec::zygote::{seqpacket_pair, Zygote, ZygoteLease, ZygotePool};

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
    no_cgroups: Option<NoCgroups>,
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
    // The JVM's own configuration (Debian keeps `conf/security/java.security` there, as a
    // symlink from the JDK): Kotlin's runner loads classes through a class loader that reads
    // it, and fails without it.
    if let Ok(rd) = std::fs::read_dir("/etc") {
        let mut java: Vec<PathBuf> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("java-"))
            })
            .collect();
        java.sort();
        for dir in java {
            push(&["--ro-bind-try".as_ref(), dir.as_os_str(), dir.as_os_str()]);
        }
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
    let how = "pass --no-sandbox to run programs unconfined, or install bubblewrap (Fedora: \
               `dnf install bubblewrap`; Debian/Ubuntu: `apt-get install bubblewrap`)";
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
    let (cgroups, no_cgroups) = match prepared_cgroups() {
        Ok(c) => (Some(c.clone()), None),
        Err(e) => (None, Some(e.clone())),
    };
    let sb = Sandbox {
        bwrap,
        version,
        drop_to: root.then_some((UNPRIVILEGED_ID, UNPRIVILEGED_ID)),
        cgroups,
        no_cgroups,
        system: system_view(),
    };
    // A trial run with every option of a real run, through the sandbox's init.
    let trial = sb
        .trial_run()
        .map_err(|e| Unavailable(format!("cannot start {}: {e}: {how}", sb.bwrap.display())))?;
    match trial {
        (Status::Reported(r), _) if r.exec_errno == 0 && r.status == 0 => {}
        (Status::Reported(r), _) => {
            return Err(Unavailable(format!(
                "the sandbox's init could not run /bin/true (wait status {:#x}, errno {}): \
                 the system folders of this machine are not what the sandbox expects; pass \
                 --no-sandbox to run programs unconfined",
                r.status, r.exec_errno
            )))
        }
        (Status::Started, code) => {
            return Err(Unavailable(format!(
                "the sandbox's init started but gave no report (exit status {code}): it \
                 could not build the system-call filter on this machine; pass --no-sandbox \
                 to run programs unconfined"
            )))
        }
        (Status::NotStarted, stderr) => {
            let restriction = userns_restriction()
                .map(|r| format!(" {r}"))
                .unwrap_or_default();
            return Err(Unavailable(format!(
                "bubblewrap cannot create its sandbox ({}): it needs unprivileged user \
                 namespaces (sysctl user.max_user_namespaces > 0, and on Debian/Ubuntu kernels \
                 kernel.unprivileged_userns_clone = 1 and no AppArmor restriction). Enable \
                 them, or pass --no-sandbox to run programs unconfined.{restriction}",
                stderr.trim()
            )));
        }
    }
    Ok(sb)
}

/// How judged programs are limited: over their whole process tree (cgroups, the default), or
/// process by process (`--limits per-process`, the explicit weaker mode for machines where
/// the user has no cgroup; see [`crate::exec::runner`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum LimitsMode {
    /// CPU time, memory and tasks of the whole tree, by the run's cgroup; without a cgroup the
    /// sandbox refuses to start.
    #[default]
    Tree,
    /// CPU time, address space and file size of each process by rlimits, the number of tasks
    /// by `RLIMIT_NPROC` counted inside the box's user namespace, the writable folders by
    /// their tmpfs size: a tree of processes can use more than the limits together.
    PerProcess,
}

static LIMITS_MODE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Chooses how the sessions made from now on limit their runs (process-wide; the CLI sets it
/// from `--limits` before it judges anything).
pub fn set_limits_mode(mode: LimitsMode) {
    LIMITS_MODE.store(
        match mode {
            LimitsMode::Tree => 0,
            LimitsMode::PerProcess => 1,
        },
        Ordering::SeqCst,
    );
}

/// The mode [`set_limits_mode`] chose ([`LimitsMode::Tree`] unless told otherwise).
pub fn limits_mode() -> LimitsMode {
    match LIMITS_MODE.load(Ordering::SeqCst) {
        1 => LimitsMode::PerProcess,
        _ => LimitsMode::Tree,
    }
}

/// Which mechanism enforced the CPU, memory and task limits of a run; every run records it
/// ([`crate::exec::runner::RunResult::limits_by`]) and reports print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Enforcement {
    /// The run's cgroup v1 (`cpuacct`, `memory`, `pids`) over the whole process tree.
    #[serde(rename = "cgroup v1")]
    CgroupV1,
    /// The run's cgroup v2 (`cpu`, `memory`, `pids`) over the whole process tree.
    #[serde(rename = "cgroup v2")]
    CgroupV2,
    /// Per-process rlimits in the sandbox (`--limits per-process`).
    #[serde(rename = "per-process rlimits")]
    PerProcess,
    /// Per-process rlimits without the sandbox (`--no-sandbox`, or a setter's program).
    #[serde(rename = "unconfined rlimits")]
    Unconfined,
}

impl Enforcement {
    /// The name reports print (the JSON value).
    pub fn name(self) -> &'static str {
        match self {
            Enforcement::CgroupV1 => "cgroup v1",
            Enforcement::CgroupV2 => "cgroup v2",
            Enforcement::PerProcess => "per-process rlimits",
            Enforcement::Unconfined => "unconfined rlimits",
        }
    }
}

/// A pipe for the sandbox's init's report: `(read end, write end)`, both close-on-exec (the
/// runner clears the flag on the write end in the child that executes `bwrap`).
pub(crate) fn status_pipe() -> std::io::Result<(std::fs::File, OwnedFd)> {
    let mut fds = [0i32; 2];
    // SAFETY: pipe2 fills the array with two new descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just made and are owned by nobody else.
    unsafe {
        Ok((
            std::fs::File::from(OwnedFd::from_raw_fd(fds[0])),
            OwnedFd::from_raw_fd(fds[1]),
        ))
    }
}

/// Clears close-on-exec on `fds` (child, before `exec`, after [`drop_privileges`] marked every
/// descriptor close-on-exec; async-signal-safe).
pub(crate) fn keep_descriptors(fds: &[i32]) -> std::io::Result<()> {
    for &fd in fds {
        // SAFETY: fcntl on an integer descriptor.
        if unsafe { libc::fcntl(fd, libc::F_SETFD, 0) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Reads what is left in the status pipe after the run (never blocks for long: every holder
/// of the write end is dead by then; at most 4 KiB).
pub(crate) fn read_status(mut pipe: std::fs::File) -> Status {
    use std::io::Read as _;
    let mut buf = Vec::new();
    let _ = (&mut pipe).take(4096).read_to_end(&mut buf);
    Status::parse(&buf)
}

impl Sandbox {
    /// Runs `/bin/true` in a box with every option of a real run, through the init: the
    /// status pipe's contents, and `bwrap`'s exit status with its stderr (for messages).
    fn trial_run(&self) -> std::io::Result<(Status, String)> {
        let exe = executable_fd().map_err(std::io::Error::other)?;
        let (read, write) = status_pipe()?;
        let init = InitConfig {
            status_fd: write.as_raw_fd(),
            ..InitConfig::default()
        };
        let mut cmd = self.command(
            &[OsString::from("/bin/true")],
            None,
            16 << 20,
            false,
            &[],
            &init,
            exe,
        );
        cmd.stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let drop_to = self.drop_to;
        let keep = [write.as_raw_fd(), exe];
        // SAFETY: the closure calls only async-signal-safe functions (see `drop_privileges`,
        // `keep_descriptors`).
        unsafe {
            cmd.pre_exec(move || {
                drop_privileges(drop_to)?;
                keep_descriptors(&keep)
            });
        }
        let child = cmd.spawn()?;
        drop(write);
        let out = child.wait_with_output()?;
        let status = read_status(read);
        let text = format!(
            "{}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
        Ok((status, text))
    }

    /// One line for reports: the tool, the uid, and how limits are enforced under `mode`.
    pub fn describe(&self, mode: LimitsMode) -> String {
        let user = match self.drop_to {
            Some((u, _)) => format!("uid {u}"),
            None => "the judge's own unprivileged uid".into(),
        };
        let limits = match (mode, &self.cgroups) {
            (LimitsMode::PerProcess, _) => "PER-PROCESS limits (--limits per-process): CPU time, \
                 address space and tasks limited process by process, not over the tree"
                .to_string(),
            (LimitsMode::Tree, Some(root)) => {
                format!("limits over the process tree: {}", root.describe())
            }
            (LimitsMode::Tree, None) => "no tree-wide limits: runs are refused".to_string(),
        };
        format!(
            "{} as {user}; {limits}; system-call filter (seccomp)",
            self.version
        )
    }

    /// The refusal of a session in [`LimitsMode::Tree`] without cgroups: what is missing, the
    /// commands that fix it, and the weaker mode.
    fn refusal(&self) -> Unavailable {
        let (missing, fix) = match &self.no_cgroups {
            Some(n) => (n.missing.as_str(), n.fix.as_str()),
            None => ("no cgroup.", ""),
        };
        Unavailable(
            format!(
                "the sandbox cannot limit the whole process tree of a judged program: {missing} \
             To run anyway, pass `--limits per-process` (CPU time and memory limited process \
             by process only; every report says so) or --no-sandbox. {fix}"
            )
            .trim_end()
            .to_string(),
        )
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
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn command(
        &self,
        argv: &[OsString],
        program: Option<&Path>,
        tmpfs_bytes: u64,
        prepared_net: bool,
        extra: &[(PathBuf, PathBuf)],
        init: &InitConfig,
        exe_fd: i32,
    ) -> Command {
        let mut cmd = Command::new(&self.bwrap);
        // A user namespace in which no further one can be made (bwrap 0.8), and the sandbox's
        // own init as PID 1 (crate::exec::box_init) instead of bwrap's.
        cmd.args([
            "--unshare-all",
            "--unshare-user",
            "--disable-userns",
            "--as-pid-1",
        ]);
        if prepared_net {
            // The child entered an empty network namespace of the session already.
            cmd.arg("--share-net");
        }
        cmd.args(["--die-with-parent", "--new-session"])
            .args(&self.system);
        let size = tmpfs_bytes.max(1 << 20).to_string();
        cmd.args(["--size", &size, "--tmpfs", "/tmp"])
            .args(["--size", &size, "--tmpfs", "/work"])
            .args(["--size", &size, "--tmpfs", "/dev/shm"]);
        if let (Some(p), Some(inside)) = (program, argv.first()) {
            cmd.arg("--ro-bind").arg(p).arg(inside);
        }
        for (staged, inside) in extra {
            cmd.arg("--ro-bind").arg(staged).arg(inside);
        }
        // The box's root and /dev are tmpfs folders bwrap made: read-only once built, so that
        // the only writable places are the size-limited /tmp, /work and /dev/shm.
        cmd.args(["--remount-ro", "/dev", "--remount-ro", "/"]);
        cmd.args(["--chdir", "/work", "--"])
            .arg(format!("/proc/self/fd/{exe_fd}"))
            .arg(INIT_FLAG)
            .arg(init.encode())
            .arg("--")
            .args(argv);
        box_environment(&mut cmd);
        cmd
    }

    /// The `bwrap` command of a zygote ([`crate::exec::zygote`]): the system view read-only,
    /// the session's folder of staged programs read-only at `/box`, empty mount points `/tmp`
    /// and `/work` (each run mounts its own tmpfs there), the root and `/dev` read-only, and the
    /// judge's executable (`exe_fd`) as PID 1 in zygote mode, holding `CAP_SYS_ADMIN` in the
    /// box's user namespace only, talking on the control socket `ctl_fd`.
    pub(crate) fn zygote_command(&self, staged: &Path, ctl_fd: i32, exe_fd: i32) -> Command {
        let mut cmd = Command::new(&self.bwrap);
        cmd.args([
            "--unshare-all",
            "--unshare-user",
            "--disable-userns",
            "--as-pid-1",
        ])
        .args([
            "--cap-add",
            "CAP_SYS_ADMIN",
            "--die-with-parent",
            "--new-session",
        ])
        .args(&self.system)
        .args(["--dir", "/tmp", "--dir", "/work", "--ro-bind"])
        .arg(staged)
        .arg("/box")
        .args([
            "--remount-ro",
            "/dev",
            "--remount-ro",
            "/",
            "--chdir",
            "/",
            "--",
        ])
        .arg(format!("/proc/self/fd/{exe_fd}"))
        .arg(ZYGOTE_FLAG)
        .arg(format!("ctl={ctl_fd}"));
        box_environment(&mut cmd);
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

/// The environment of a box: nothing of the judge's but a fixed `PATH`, `HOME` and `TMPDIR`
/// in the box's own folders, and the C locale.
fn box_environment(cmd: &mut Command) {
    cmd.env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", "/work")
        .env("TMPDIR", "/tmp")
        .env("LC_ALL", "C");
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
    /// Idle zygotes ([`crate::exec::zygote`]); declared before `dir` so that they stop before
    /// the folder they bind is removed (fields drop in order).
    zygotes: ZygotePool,
    dir: TrackedDir,
    staged: Mutex<HashMap<PathBuf, PathBuf>>,
    /// Empty network namespaces not in use (see [`Session::lease_netns`]).
    netns: Mutex<Vec<OwnedFd>>,
    /// Set when a network namespace could not be made (not root): `bwrap` makes its own.
    no_netns: AtomicBool,
    /// What enforces the limits of the session's runs.
    enforcement: Enforcement,
    /// The session's limits mode.
    mode: LimitsMode,
}

impl Session {
    /// A session on this machine's [`sandbox`]. Errors: the sandbox is unavailable (the
    /// message says what is missing and how to get it), or the folder cannot be created.
    pub fn new() -> anyhow::Result<Arc<Session>> {
        let sandbox = sandbox()?;
        let mode = limits_mode();
        let enforcement = match (mode, &sandbox.cgroups) {
            (LimitsMode::PerProcess, _) => Enforcement::PerProcess,
            (LimitsMode::Tree, Some(CgroupRoot::V1 { .. })) => Enforcement::CgroupV1,
            (LimitsMode::Tree, Some(CgroupRoot::V2 { .. })) => Enforcement::CgroupV2,
            (LimitsMode::Tree, None) => return Err(sandbox.refusal().into()),
        };
        let dir = TrackedDir::new("gridjudge-box-")?;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .context("cannot open the sandbox folder to the sandbox user")?;
        Ok(Arc::new(Session {
            sandbox,
            dir,
            staged: Mutex::new(HashMap::new()),
            netns: Mutex::new(Vec::new()),
            no_netns: AtomicBool::new(false),
            enforcement,
            zygotes: ZygotePool::default(),
            mode,
        }))
    }

    /// An empty network namespace (only a loopback device, down) for one run, taken from the
    /// session's pool or made now, given back when the lease drops; `None` when none can be
    /// made (gridjudge is not root), and then `bwrap` makes a fresh one per run.
    ///
    /// Why: creating a network namespace is the largest single cost of a sandbox start (about
    /// 9 ms of 27 on the 2-core VM of docs/speed.md). A namespace is used by one run at a time,
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

    /// A zygote for one run: an idle one of the session, or a new one.
    ///
    /// Errors: `bwrap` cannot be started, or the judge's executable cannot be opened.
    pub(crate) fn lease_zygote(&self) -> anyhow::Result<ZygoteLease<'_>> {
        self.zygotes
            .lease(|| {
                let exe = executable_fd().map_err(std::io::Error::other)?;
                let (ours, theirs) = seqpacket_pair()?;
                let mut cmd = self
                    .sandbox
                    .zygote_command(self.dir.path(), theirs.as_raw_fd(), exe);
                cmd.stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .process_group(0);
                let drop_to = self.sandbox.drop_to;
                let keep = [theirs.as_raw_fd(), exe];
                // SAFETY: the closure calls only async-signal-safe functions (see
                // `drop_privileges`, `keep_descriptors`).
                unsafe {
                    cmd.pre_exec(move || {
                        drop_privileges(drop_to)?;
                        keep_descriptors(&keep)
                    });
                }
                let _starting = EXEC_WRITE_GUARD.read().unwrap_or_else(|e| e.into_inner());
                Zygote::spawn(cmd, ours, theirs)
            })
            .context("cannot start a sandbox zygote (bwrap)")
    }

    /// The path at which a zygote's runs see `staged`, a file or folder of the session's
    /// folder (which zygotes bind at `/box`).
    pub(crate) fn zygote_path(&self, staged: &Path) -> Option<PathBuf> {
        let rel = staged.strip_prefix(self.dir.path()).ok()?;
        Some(Path::new("/box").join(rel))
    }

    /// What enforces the limits of this session's runs.
    pub fn enforcement(&self) -> Enforcement {
        self.enforcement
    }

    /// One line for reports ([`Sandbox::describe`] in this session's mode).
    pub fn describe(&self) -> String {
        self.sandbox.describe(self.mode)
    }

    /// A fresh cgroup for one run, or `None` in per-process mode.
    pub(crate) fn cgroup(
        &self,
        memory_bytes: u64,
        tasks: u64,
    ) -> anyhow::Result<Option<RunCgroup>> {
        match self.mode {
            LimitsMode::PerProcess => Ok(None),
            LimitsMode::Tree => self.sandbox.cgroup(memory_bytes, tasks),
        }
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
