//! The cgroups of the sandbox: choosing the mechanism and preparing the folders once per
//! process (`CgroupRoot`, `prepare_cgroups`), one cgroup per run (`RunCgroup`) with its limits,
//! its accounting and its removal, and handing folders to a user (`setup_sandbox`, the work of
//! `gridjudge setup-sandbox`).
//!
//! # Where the run cgroups go
//! `prepare_cgroups` takes the first of these that works, and otherwise says what is missing
//! and the command that fixes it (`NoCgroups`); nothing that root left behind can make another
//! user's runs fail one by one:
//! * **cgroup v2** (a `cgroup2` mount whose root offers `memory`, `pids` and `cpu`): nested under
//!   gridjudge's own cgroup (`/proc/self/cgroup`) when the caller may (root, or a user whose
//!   cgroup is delegated, as in `systemd-run --user --scope -p Delegate=yes`): gridjudge moves
//!   itself into the leaf `<own>/gridjudge-<pid>/self` (no process may stay in a cgroup whose
//!   controllers are enabled for its children), enables the three controllers in `<own>` and in
//!   `<own>/gridjudge-<pid>`, and makes the run cgroups beside `self`. An outer limit on the
//!   caller's cgroup (a CI job's, a systemd slice's) thus covers the judged programs. Root, when
//!   that fails (its cgroup holds other processes), uses `<mount>/gridjudge/uid-0`; a user gets
//!   `NoCgroups`.
//! * **cgroup v1** (`memory`, `pids` and `cpuacct` mounted): root nests in its own cgroups,
//!   `<mount>/<own path of that controller>/gridjudge/uid-0`; a user uses
//!   `<mount>/gridjudge/uid-<uid>` in each of the three when root handed it over
//!   (`gridjudge setup-sandbox --user NAME`), and gets `NoCgroups` naming the folder when it
//!   is missing or not the user's.
//!
//! The decision reads the file system below a root folder given to it (`Host`), so the unit
//! tests run it on fake v1 and v2 trees; the v2 paths have run on fake trees only (these
//! machines mount cgroup v1), and the test on a real v2 hierarchy runs wherever one is mounted.
//!
//! # Limits over the process tree
//! Each run gets its own cgroup, joined by the child before `bwrap` starts, so that every
//! process of the run (the two `bwrap` processes, the program and all its descendants) is in
//! it:
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
//! Run cgroups are named `<pid>-<n>` after the gridjudge process; those of processes that no
//! longer exist (killed with SIGKILL) are emptied and removed by the next gridjudge that
//! prepares its cgroups (`crate::exec::cleanup::sweep_leftovers`).
//!
//! Owns: the cgroup control files (reading, writing, joining a cgroup from the child), the
//! choice of mechanism and `setup-sandbox`'s folders and systemd drop-in. May use: std and
//! crates, and [`crate::exec::cleanup`] (each run's cgroup is recorded there and killed by it).

use std::ffi::CString;
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::exec::cleanup::{
    kill_cgroup, owner_pid, registry_make, registry_remove, sweep_leftovers, Entry, Swept,
};

/// Which cgroup hierarchy limits the runs, and where the run cgroups go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CgroupRoot {
    /// cgroup v1: the folders of the `memory`, `pids` and `cpuacct` controllers that hold the
    /// run cgroups.
    V1 {
        memory: PathBuf,
        pids: PathBuf,
        cpuacct: PathBuf,
        /// [`CgroupRoot::describe`]'s line.
        describe: String,
    },
    /// cgroup v2: the folder that holds the run cgroups, with `memory`, `pids` and `cpu`
    /// enabled for its children.
    V2 {
        base: PathBuf,
        /// [`CgroupRoot::describe`]'s line.
        describe: String,
    },
}

/// Why runs cannot have cgroups here: what is missing, and the command(s) that fix it, each
/// a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NoCgroups {
    /// What is missing, naming the folder or mount.
    pub missing: String,
    /// The command(s) that fix it.
    pub fix: String,
}

impl std::fmt::Display for NoCgroups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.missing, self.fix)
    }
}

/// The three controllers gridjudge uses, by hierarchy.
const V1_CONTROLLERS: [&str; 3] = ["memory", "pids", "cpuacct"];
const V2_CONTROLLERS: [&str; 3] = ["memory", "pids", "cpu"];
const V2_ENABLE: &str = "+memory +pids +cpu";

/// Writes `value` into the cgroup file `path`. (The unit tests' fake trees are plain folders,
/// where the file is made; on a cgroup file system the kernel makes the files.)
fn write_file(path: &Path, value: &str) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .create(cfg!(test))
        .truncate(cfg!(test))
        .open(path)?
        .write_all(value.as_bytes())
}

/// What the choice of mechanism reads: the machine as this process sees it, below `root`
/// (`/`, or a fake tree in the tests).
#[derive(Clone, Debug)]
pub(crate) struct Host {
    /// The file-system root under which the mount points of `mountinfo` are found.
    pub root: PathBuf,
    /// The text of `/proc/self/mountinfo`.
    pub mountinfo: String,
    /// The text of `/proc/self/cgroup` (the caller's own cgroups).
    pub own: String,
    /// The caller's effective uid, its groups, its pid, and its user name (for messages).
    pub uid: u32,
    pub gids: Vec<u32>,
    pub pid: u32,
    pub user: String,
}

impl Host {
    /// This process on this machine.
    pub(crate) fn this_process() -> Host {
        // SAFETY: geteuid and getegid have no preconditions.
        let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
        let mut gids = vec![gid];
        // SAFETY: a first call with size 0 returns the count; the second fills the buffer.
        unsafe {
            let n = libc::getgroups(0, std::ptr::null_mut());
            if n > 0 {
                let mut buf = vec![0 as libc::gid_t; n as usize];
                let m = libc::getgroups(n, buf.as_mut_ptr());
                if m > 0 {
                    gids.extend(&buf[..m as usize]);
                }
            }
        }
        Host {
            root: PathBuf::from("/"),
            mountinfo: std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default(),
            own: std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default(),
            uid,
            gids,
            pid: std::process::id(),
            user: user_name(uid).unwrap_or_else(|| "NAME".into()),
        }
    }

    /// The cgroup mounts: `(mount point under root, root of the mount, v2, v1 controllers)`.
    fn mounts(&self) -> Vec<Mount> {
        self.mountinfo
            .lines()
            .filter_map(|l| {
                let (left, right) = l.split_once(" - ")?;
                let left: Vec<&str> = left.split(' ').collect();
                let right: Vec<&str> = right.split(' ').collect();
                let (fs_root, point) = (*left.get(3)?, *left.get(4)?);
                let fstype = *right.first()?;
                let v2 = match fstype {
                    "cgroup2" => true,
                    "cgroup" => false,
                    _ => return None,
                };
                let controllers = right
                    .get(2)
                    .map(|o| o.split(',').map(str::to_string).collect())
                    .unwrap_or_default();
                Some(Mount {
                    point: self.root.join(point.trim_start_matches('/')),
                    fs_root: fs_root.to_string(),
                    v2,
                    controllers,
                })
            })
            .collect()
    }

    /// The caller's own cgroup path in the hierarchy of `controller` (`""`: the v2 one).
    fn own_path(&self, controller: &str) -> Option<String> {
        self.own.lines().find_map(|l| {
            let mut parts = l.splitn(3, ':');
            let (_, list, path) = (parts.next()?, parts.next()?, parts.next()?);
            let hit = if controller.is_empty() {
                list.is_empty()
            } else {
                list.split(',').any(|c| c == controller)
            };
            hit.then(|| path.to_string())
        })
    }

    fn is_root(&self) -> bool {
        self.uid == 0
    }

    /// Whether the caller may write `path`, by its owner and mode (root: always).
    fn may_write(&self, path: &Path) -> bool {
        if self.is_root() {
            return path.exists();
        }
        let Ok(m) = std::fs::metadata(path) else {
            return false;
        };
        let bits = if m.uid() == self.uid {
            0o200
        } else if self.gids.contains(&m.gid()) {
            0o020
        } else {
            0o002
        };
        m.mode() & bits != 0
    }
}

/// One cgroup mount of [`Host::mounts`].
#[derive(Clone, Debug)]
struct Mount {
    point: PathBuf,
    /// The folder of the hierarchy mounted there (`/` unless a sub-tree is bind-mounted).
    fs_root: String,
    v2: bool,
    /// The super options (for v1, among them the controllers).
    controllers: Vec<String>,
}

impl Mount {
    /// The folder of the cgroup `path` (as `/proc/self/cgroup` writes it) under this mount.
    fn dir_of(&self, path: &str) -> Option<PathBuf> {
        let root = self.fs_root.trim_end_matches('/');
        let rel = path.strip_prefix(root)?;
        if !(rel.is_empty() || rel.starts_with('/')) {
            return None;
        }
        Some(self.point.join(rel.trim_start_matches('/')))
    }
}

/// The name of user `uid`, when the user database knows it.
fn user_name(uid: u32) -> Option<String> {
    let mut buf = vec![0u8; 16384];
    // SAFETY: passwd is plain data; getpwuid_r fills it with pointers into buf, which lives
    // until the name is copied out.
    unsafe {
        let mut pw: libc::passwd = std::mem::zeroed();
        let mut out: *mut libc::passwd = std::ptr::null_mut();
        let r = libc::getpwuid_r(uid, &mut pw, buf.as_mut_ptr().cast(), buf.len(), &mut out);
        if r != 0 || out.is_null() || pw.pw_name.is_null() {
            return None;
        }
        Some(
            std::ffi::CStr::from_ptr(pw.pw_name)
                .to_string_lossy()
                .into_owned(),
        )
    }
}

/// The user called `name` (or with the number `name`): `(uid, gid, name)`.
fn user_by_name(name: &str) -> Option<(u32, u32, String)> {
    let cname = CString::new(name).ok()?;
    let mut buf = vec![0u8; 16384];
    // SAFETY: as in `user_name`.
    unsafe {
        let mut pw: libc::passwd = std::mem::zeroed();
        let mut out: *mut libc::passwd = std::ptr::null_mut();
        let r = libc::getpwnam_r(
            cname.as_ptr(),
            &mut pw,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut out,
        );
        if r == 0 && !out.is_null() {
            return Some((pw.pw_uid, pw.pw_gid, name.to_string()));
        }
        let uid: u32 = name.parse().ok()?;
        let r = libc::getpwuid_r(uid, &mut pw, buf.as_mut_ptr().cast(), buf.len(), &mut out);
        if r == 0 && !out.is_null() {
            let n = std::ffi::CStr::from_ptr(pw.pw_name).to_string_lossy();
            return Some((pw.pw_uid, pw.pw_gid, n.into_owned()));
        }
        None
    }
}

/// The controllers listed in the file `path` (`cgroup.controllers`).
fn controllers_in(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .map(|t| t.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The usable cgroup2 mount: one whose root offers memory, pids and cpu.
fn v2_mount(mounts: &[Mount]) -> Option<&Mount> {
    mounts.iter().find(|m| {
        m.v2 && {
            let have = controllers_in(&m.point.join("cgroup.controllers"));
            V2_CONTROLLERS.iter().all(|c| have.iter().any(|h| h == c))
        }
    })
}

/// The v1 mounts of memory, pids and cpuacct, in that order, when all three are mounted.
fn v1_mounts(mounts: &[Mount]) -> Option<[&Mount; 3]> {
    let find = |c: &str| {
        mounts
            .iter()
            .find(|m| !m.v2 && m.controllers.iter().any(|x| x == c))
    };
    Some([find("memory")?, find("pids")?, find("cpuacct")?])
}

/// This process's cgroups, prepared once ([`prepare_cgroups`]) for the sandbox and the
/// setter's programs alike: preparing moves this process on cgroup v2 and sweeps leftovers,
/// which must happen once per process.
pub(crate) fn prepared_cgroups() -> &'static Result<CgroupRoot, NoCgroups> {
    static PREPARED: std::sync::OnceLock<Result<CgroupRoot, NoCgroups>> =
        std::sync::OnceLock::new();
    PREPARED.get_or_init(prepare_cgroups)
}

/// Prepares this process's cgroups (the module documentation says which, in which order),
/// then removes the run cgroups and temporary folders left by killed gridjudge processes.
/// Called once per process, through [`prepared_cgroups`].
///
/// Errors: `NoCgroups`, naming what is missing and the command that fixes it.
fn prepare_cgroups() -> Result<CgroupRoot, NoCgroups> {
    let h = Host::this_process();
    let root = choose(&h)?;
    sweep_leftovers(Some(&|alive: &dyn Fn(u32) -> bool, swept: &mut Swept| {
        sweep_cgroups(&root, alive, swept)
    }));
    if let (CgroupRoot::V1 { .. }, true) = (&root, h.is_root()) {
        // Root's folders nest in its own cgroups, which may be a session's or a job's that
        // its manager removes afterwards: taken away again at exit when empty (a concurrent
        // gridjudge's next run cgroup makes them again, `RunCgroup::create`).
        let mut dirs = Vec::new();
        for b in root.bases() {
            // `gridjudge` at the top of a hierarchy (where only a root cgroup has
            // `release_agent`) is shared with users' folders and older gridjudge versions: kept.
            let parent = b
                .parent()
                .filter(|p| {
                    p.parent()
                        .is_some_and(|t| !t.join("release_agent").exists())
                })
                .map(Path::to_path_buf);
            dirs.push(b);
            dirs.extend(parent);
        }
        if EXIT_DIRS.set(dirs).is_ok() {
            // SAFETY: registers a function without arguments that touches only EXIT_DIRS.
            unsafe {
                libc::atexit(remove_at_exit);
            }
        }
    }
    Ok(root)
}

/// Root's per-user v1 folders (each before its parent), removed at exit when empty.
static EXIT_DIRS: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();

extern "C" fn remove_at_exit() {
    for d in EXIT_DIRS.get().into_iter().flatten() {
        let _ = std::fs::remove_dir(d);
    }
}

/// The mechanism for `h` (see the module documentation), with its folders made and its
/// controllers enabled.
pub(crate) fn choose(h: &Host) -> Result<CgroupRoot, NoCgroups> {
    let mounts = h.mounts();
    if let Some(m) = v2_mount(&mounts) {
        return choose_v2(h, m);
    }
    if let Some(v1) = v1_mounts(&mounts) {
        return if h.is_root() {
            v1_for_root(h, v1)
        } else {
            v1_for_user(h, v1)
        };
    }
    Err(NoCgroups {
        missing: "no cgroup hierarchy limits the runs here: neither a cgroup v2 hierarchy \
                  offering the memory, pids and cpu controllers nor the cgroup v1 memory, pids \
                  and cpuacct controllers are mounted."
            .into(),
        fix: "Mount them (cgroup v2: `sudo mount -t cgroup2 none /sys/fs/cgroup`; a container \
              needs them passed in, e.g. `docker run --cgroupns=private`)."
            .into(),
    })
}

/// The fix of a user without usable cgroups.
fn user_fix(h: &Host, v2: bool) -> String {
    if v2 {
        format!(
            "Run gridjudge in a delegated scope: `systemd-run --user --scope -p Delegate=yes \
             gridjudge …`; if the user manager does not delegate memory, pids and cpu, root \
             runs once `sudo gridjudge setup-sandbox --user {}`.",
            h.user
        )
    } else {
        format!(
            "Root hands the folders over once: `sudo gridjudge setup-sandbox --user {}`.",
            h.user
        )
    }
}

fn choose_v2(h: &Host, m: &Mount) -> Result<CgroupRoot, NoCgroups> {
    let own_path = h.own_path("").unwrap_or_else(|| "/".into());
    let own = m.dir_of(&own_path);
    let nested = match &own {
        // The root cgroup is not nested into (root uses `gridjudge/uid-0` there).
        Some(dir) if dir != &m.point => nest_v2(h, dir).map(|base| (base, dir.clone())),
        Some(_) => Err("it is the root cgroup".to_string()),
        None => Err(format!(
            "it ({own_path}) is not under the mount {}",
            m.point.display()
        )),
    };
    match nested {
        Ok((base, dir)) => {
            let rel = dir.strip_prefix(&m.point).unwrap_or(&dir);
            let describe = if h.is_root() {
                format!(
                    "cgroup v2, nested in gridjudge's own cgroup /{}",
                    rel.display()
                )
            } else {
                format!("cgroup v2, delegated subtree /{}", rel.display())
            };
            Ok(CgroupRoot::V2 { base, describe })
        }
        Err(why) if h.is_root() => {
            let top = m.point.join("gridjudge");
            let base = top.join("uid-0");
            let enable = |dir: &Path| {
                write_file(&dir.join("cgroup.subtree_control"), V2_ENABLE).map_err(|e| NoCgroups {
                    missing: format!(
                        "cannot enable the memory, pids and cpu controllers in {}: {e}.",
                        dir.display()
                    ),
                    fix: "Make the cgroup v2 hierarchy writable for root (a container \
                              needs its own cgroup namespace, e.g. `docker run \
                              --cgroupns=private`)."
                        .into(),
                })
            };
            enable(&m.point)?;
            for d in [&top, &base] {
                make_dir(d).map_err(|e| NoCgroups {
                    missing: format!("cannot create the cgroup {}: {e}.", d.display()),
                    fix: "Make the cgroup v2 hierarchy writable for root.".into(),
                })?;
                enable(d)?;
            }
            Ok(CgroupRoot::V2 {
                describe: format!(
                    "cgroup v2 under {} (not nested in gridjudge's own cgroup: {why})",
                    base.display()
                ),
                base,
            })
        }
        Err(why) => Err(NoCgroups {
            missing: format!(
                "cgroup v2 is mounted at {}, but gridjudge's own cgroup {own_path} is not \
                 delegated to you (uid {}): {why}.",
                m.point.display(),
                h.uid
            ),
            fix: user_fix(h, true),
        }),
    }
}

/// `mkdir` that accepts an existing folder.
fn make_dir(d: &Path) -> std::io::Result<()> {
    match std::fs::create_dir(d) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => Err(e),
        _ => Ok(()),
    }
}

/// Nests under the v2 cgroup `own`: moves this process into `<own>/gridjudge-<pid>/self` and
/// enables the controllers; the folder for the run cgroups, or why not.
fn nest_v2(h: &Host, own: &Path) -> Result<PathBuf, String> {
    // A gridjudge started by a gridjudge (a test of it) is in the other's `self`, which holds
    // that process: it nests beside, in the other's `gridjudge-<pid>`.
    let own = match (own.file_name(), own.parent()) {
        (Some(n), Some(p))
            if n == "self"
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("gridjudge-")) =>
        {
            p
        }
        _ => own,
    };
    let have = controllers_in(&own.join("cgroup.controllers"));
    let lacking: Vec<&str> = V2_CONTROLLERS
        .iter()
        .copied()
        .filter(|c| !have.iter().any(|h| h == c))
        .collect();
    if !lacking.is_empty() {
        return Err(format!(
            "the controllers {} are not available in it",
            lacking.join(", ")
        ));
    }
    for f in ["", "cgroup.procs", "cgroup.subtree_control"] {
        let p = own.join(f);
        if !h.may_write(&p) {
            return Err(format!("{} is not writable by you", p.display()));
        }
    }
    let base = own.join(format!("gridjudge-{}", h.pid));
    let me = base.join("self");
    let undo = || {
        let _ = std::fs::remove_dir(&me);
        let _ = std::fs::remove_dir(&base);
    };
    for d in [&base, &me] {
        if let Err(e) = make_dir(d) {
            undo();
            return Err(format!("cannot create {}: {e}", d.display()));
        }
    }
    if let Err(e) = write_file(&me.join("cgroup.procs"), &h.pid.to_string()) {
        undo();
        return Err(format!("cannot move gridjudge into {}: {e}", me.display()));
    }
    if let Err(e) = write_file(&own.join("cgroup.subtree_control"), V2_ENABLE) {
        // Most likely EBUSY: other processes are in `own`. Back where it was.
        let _ = write_file(&own.join("cgroup.procs"), &h.pid.to_string());
        undo();
        return Err(format!(
            "cannot enable the controllers in it ({e}); other processes are in it"
        ));
    }
    write_file(&base.join("cgroup.subtree_control"), V2_ENABLE)
        .map_err(|e| format!("cannot enable the controllers in {}: {e}", base.display()))?;
    Ok(base)
}

/// The paths of the three v1 folders, as one string: `<parent>/*/<rel>` when they differ only
/// by the controller's mount, else listed.
fn v1_display(mounts: [&Mount; 3], dirs: &[PathBuf; 3]) -> String {
    let rels: Vec<Option<&Path>> = mounts
        .iter()
        .zip(dirs)
        .map(|(m, d)| d.strip_prefix(&m.point).ok())
        .collect();
    let parents: Vec<Option<&Path>> = mounts.iter().map(|m| m.point.parent()).collect();
    if rels.iter().all(|r| r.is_some() && *r == rels[0]) && parents.iter().all(|p| *p == parents[0])
    {
        if let (Some(p), Some(r)) = (parents[0], rels[0]) {
            return format!("{}/*/{}", p.display(), r.display());
        }
    }
    dirs.iter()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn v1_root(dirs: [PathBuf; 3], describe: String) -> CgroupRoot {
    let [memory, pids, cpuacct] = dirs;
    CgroupRoot::V1 {
        memory,
        pids,
        cpuacct,
        describe,
    }
}

fn v1_for_root(h: &Host, mounts: [&Mount; 3]) -> Result<CgroupRoot, NoCgroups> {
    let dirs: [PathBuf; 3] = std::array::from_fn(|k| {
        let m = mounts[k];
        h.own_path(V1_CONTROLLERS[k])
            .and_then(|p| m.dir_of(&p))
            .unwrap_or_else(|| m.point.clone())
            .join("gridjudge/uid-0")
    });
    for d in &dirs {
        std::fs::create_dir_all(d).map_err(|e| NoCgroups {
            missing: format!("cannot create the cgroup {}: {e}.", d.display()),
            fix: "Make the cgroup v1 hierarchies writable for root (a container needs them \
                  mounted read-write)."
                .into(),
        })?;
    }
    let describe = format!(
        "cgroup v1 under {} (nested in gridjudge's own cgroups)",
        v1_display(mounts, &dirs)
    );
    Ok(v1_root(dirs, describe))
}

fn v1_for_user(h: &Host, mounts: [&Mount; 3]) -> Result<CgroupRoot, NoCgroups> {
    let dirs: [PathBuf; 3] =
        std::array::from_fn(|k| mounts[k].point.join(format!("gridjudge/uid-{}", h.uid)));
    for d in &dirs {
        let problem = match std::fs::metadata(d) {
            Err(_) => Some("does not exist".to_string()),
            Ok(m) if !m.is_dir() => Some("is not a folder".to_string()),
            Ok(m) if !h.may_write(d) || !h.may_write(&d.join("cgroup.procs")) => Some(format!(
                "exists but belongs to uid {} and is not writable by you (uid {})",
                m.uid(),
                h.uid
            )),
            Ok(_) => {
                // A trial: the folder must take the run cgroups.
                let probe = d.join(format!("{}-probe", h.pid));
                match std::fs::create_dir(&probe) {
                    Ok(()) => {
                        let _ = std::fs::remove_dir(&probe);
                        None
                    }
                    Err(e) => Some(format!("cannot take a cgroup ({e})")),
                }
            }
        };
        if let Some(problem) = problem {
            return Err(NoCgroups {
                missing: format!(
                    "cgroup v1 limits need a folder that root hands to you in each of the \
                     memory, pids and cpuacct hierarchies: {} {problem}.",
                    d.display()
                ),
                fix: user_fix(h, false),
            });
        }
    }
    let describe = format!(
        "cgroup v1 under {} (handed over by setup-sandbox)",
        v1_display(mounts, &dirs)
    );
    Ok(v1_root(dirs, describe))
}

/// Removes the run cgroups of gridjudge processes for which `alive` is false, after killing
/// every process still in them (and, in v2, the `gridjudge-<pid>` folders such a process
/// nested in); counts them in `swept`. Best effort.
pub(crate) fn sweep_cgroups(root: &CgroupRoot, alive: &dyn Fn(u32) -> bool, swept: &mut Swept) {
    let v2 = matches!(root, CgroupRoot::V2 { .. });
    let bases = root.bases();
    let mut names: Vec<std::ffi::OsString> = Vec::new();
    for b in &bases {
        for e in std::fs::read_dir(b).into_iter().flatten().flatten() {
            let n = e.file_name();
            if owner_pid(&n).is_some_and(|p| !alive(p))
                && e.file_type().is_ok_and(|t| t.is_dir())
                && !names.contains(&n)
            {
                names.push(n);
            }
        }
    }
    for n in names {
        let dirs: Vec<PathBuf> = bases.iter().map(|b| b.join(&n)).collect();
        if empty_and_remove(&dirs, v2) {
            swept.cgroups += 1;
            swept.pids.extend(owner_pid(&n));
        }
    }
    // v2 nested: the `gridjudge-<pid>` folders beside this process's own.
    let CgroupRoot::V2 { base, .. } = root else {
        return;
    };
    let Some(parent) = base.parent() else {
        return;
    };
    for e in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        let Some(pid) = e
            .file_name()
            .to_str()
            .and_then(|n| n.strip_prefix("gridjudge-"))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if alive(pid) || !e.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let mut runs = 0;
        for c in std::fs::read_dir(e.path()).into_iter().flatten().flatten() {
            if c.file_type().is_ok_and(|t| t.is_dir())
                && empty_and_remove(&[c.path()], true)
                && c.file_name() != "self"
            {
                runs += 1;
            }
        }
        let _ = std::fs::remove_dir(e.path());
        if runs > 0 {
            swept.cgroups += runs;
            swept.pids.insert(pid);
        }
    }
}

/// Kills every process in the cgroup `dirs` (at most 2 s) and removes the folders; whether
/// they are gone.
fn empty_and_remove(dirs: &[PathBuf], v2: bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(2);
    while kill_cgroup(dirs, v2) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
    }
    let mut gone = true;
    for d in dirs {
        let mut ok = false;
        for _ in 0..50 {
            if std::fs::remove_dir(d).is_ok() || !d.exists() {
                ok = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        gone &= ok;
    }
    gone
}

impl CgroupRoot {
    fn bases(&self) -> Vec<PathBuf> {
        match self {
            CgroupRoot::V1 {
                memory,
                pids,
                cpuacct,
                ..
            } => vec![memory.clone(), pids.clone(), cpuacct.clone()],
            CgroupRoot::V2 { base, .. } => vec![base.clone()],
        }
    }

    /// One line for the report's header: v1 or v2, where the run cgroups go, and why there
    /// (e.g. "cgroup v1 under /sys/fs/cgroup/*/gridjudge/uid-1000 (handed over by
    /// setup-sandbox)", "cgroup v2, delegated subtree /user.slice/…/run-1.scope").
    pub(crate) fn describe(&self) -> String {
        match self {
            CgroupRoot::V1 { describe, .. } | CgroupRoot::V2 { describe, .. } => describe.clone(),
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
                let mut made = std::fs::create_dir(d);
                // Root's own folder, removed when empty by a gridjudge that exited: made again.
                if made
                    .as_ref()
                    .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
                    && matches!(root, CgroupRoot::V1 { .. })
                {
                    made = std::fs::create_dir_all(d);
                }
                if let Err(e) = made {
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

/// One thing `gridjudge setup-sandbox` did or found: a folder or file and what happened to it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SetupStep {
    /// What happened: `created`, `exists`, `owner NAME` (given to the user), `written`,
    /// `unchanged`, `removed`, `absent`, `ran` (a command).
    pub done: String,
    /// The folder or file (or, for `ran`, the command).
    pub path: String,
}

/// What `gridjudge setup-sandbox` did ([`setup_sandbox`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SetupReport {
    /// The user the folders were handed to (or taken from).
    pub user: String,
    /// Its uid.
    pub uid: u32,
    /// `cgroup v1` or `cgroup v2`.
    pub hierarchy: String,
    /// Whether this undid the hand-over (`--remove`).
    pub remove: bool,
    /// What was done, one step per folder or file, in order.
    pub steps: Vec<SetupStep>,
    /// What the user (or root) does next, one paragraph.
    pub next: String,
}

/// The systemd drop-in that delegates memory, pids and cpu to every user's manager (cgroup
/// v2), under the file-system root.
const DROP_IN: &str = "etc/systemd/system/user@.service.d/gridjudge-delegate.conf";
const DROP_IN_TEXT: &str = "[Service]\nDelegate=cpu memory pids\n";

/// `gridjudge setup-sandbox --user NAME [--remove]`: hands the user the cgroups gridjudge needs
/// (cgroup v1: `<mount>/gridjudge/uid-<uid>`, owned by the user, in the memory, pids and
/// cpuacct hierarchies; cgroup v2: a systemd drop-in that delegates memory, pids and cpu to
/// users' managers, then `systemctl daemon-reload`), or takes them back. Idempotent.
///
/// Errors: not run as root; no user called `user` (a name, or a uid number); no cgroup
/// hierarchy; a folder or file that cannot be made, given or removed (named).
pub fn setup_sandbox(user: &str, remove: bool) -> anyhow::Result<SetupReport> {
    // SAFETY: geteuid has no preconditions.
    anyhow::ensure!(
        unsafe { libc::geteuid() } == 0,
        "setup-sandbox changes cgroup folders and systemd's configuration, which only root \
         may: run it as root (`sudo gridjudge setup-sandbox --user {user}`)"
    );
    let (uid, gid, name) = user_by_name(user).with_context(|| {
        format!(
            "there is no user called `{user}` on this machine (`getent passwd {user}` finds \
             none)"
        )
    })?;
    let host = Host::this_process();
    let systemd = Path::new("/run/systemd/system").is_dir();
    let reload = || -> anyhow::Result<()> {
        let st = std::process::Command::new("systemctl")
            .arg("daemon-reload")
            .status()
            .context("cannot run `systemctl daemon-reload`")?;
        anyhow::ensure!(st.success(), "`systemctl daemon-reload` failed ({st})");
        Ok(())
    };
    setup_in(
        &host,
        (uid, gid, &name),
        remove,
        systemd.then_some(&reload as &dyn Fn() -> anyhow::Result<()>),
    )
}

/// [`setup_sandbox`]'s work on `h`'s file system for the user `(uid, gid, name)`; `reload` is
/// `systemctl daemon-reload` when systemd runs.
fn setup_in(
    h: &Host,
    (uid, gid, name): (u32, u32, &str),
    remove: bool,
    reload: Option<&dyn Fn() -> anyhow::Result<()>>,
) -> anyhow::Result<SetupReport> {
    let mounts = h.mounts();
    let mut steps = Vec::new();
    let mut step = |done: &str, path: &Path| {
        steps.push(SetupStep {
            done: done.into(),
            path: path.display().to_string(),
        })
    };
    let (hierarchy, next) = if v2_mount(&mounts).is_some() {
        let file = h.root.join(DROP_IN);
        if remove {
            match std::fs::remove_file(&file) {
                Ok(()) => step("removed", &file),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => step("absent", &file),
                Err(e) => {
                    return Err(e).with_context(|| format!("cannot remove {}", file.display()))
                }
            }
        } else if std::fs::read_to_string(&file).is_ok_and(|t| t == DROP_IN_TEXT) {
            step("unchanged", &file);
        } else {
            let dir = file.parent().unwrap_or(&h.root);
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            std::fs::write(&file, DROP_IN_TEXT)
                .with_context(|| format!("cannot write {}", file.display()))?;
            step("written", &file);
        }
        let next = match reload {
            Some(reload) => {
                reload()?;
                step("ran", Path::new("systemctl daemon-reload"));
                if remove {
                    "Users' managers no longer get memory, pids and cpu delegated for \
                     gridjudge (from their next start)."
                        .to_string()
                } else {
                    format!(
                        "{name} logs in again (or root runs `systemctl restart \
                         user@{uid}.service`), then runs gridjudge as `systemd-run --user \
                         --scope -p Delegate=yes gridjudge …`. The drop-in delegates to every \
                         user's manager, not only {name}'s."
                    )
                }
            }
            None if remove => "Nothing else to undo.".to_string(),
            None => format!(
                "systemd does not run here, so nothing reads the drop-in: hand {name} a cgroup \
                 by hand instead (`echo +memory +pids +cpu > \
                 /sys/fs/cgroup/cgroup.subtree_control; mkdir /sys/fs/cgroup/gridjudge-{name}; \
                 chown -R {name} /sys/fs/cgroup/gridjudge-{name}`) and, as root, move {name}'s \
                 shell into it (`echo PID > /sys/fs/cgroup/gridjudge-{name}/cgroup.procs`) \
                 before running gridjudge from that shell."
            ),
        };
        ("cgroup v2", next)
    } else if let Some(v1) = v1_mounts(&mounts) {
        for m in v1 {
            let top = m.point.join("gridjudge");
            let dir = top.join(format!("uid-{uid}"));
            if remove {
                // Run cgroups the user's killed runs left go first.
                for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                    if e.file_type().is_ok_and(|t| t.is_dir()) {
                        empty_and_remove(&[e.path()], false);
                    }
                }
                match std::fs::remove_dir(&dir) {
                    Ok(()) => step("removed", &dir),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => step("absent", &dir),
                    Err(e) => {
                        return Err(e).with_context(|| format!("cannot remove {}", dir.display()))
                    }
                }
                // The shared parent stays: root's own runs may use it (`gridjudge/uid-0`).
                continue;
            }
            for d in [&top, &dir] {
                match std::fs::create_dir(d) {
                    Ok(()) => step("created", d),
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => step("exists", d),
                    Err(e) => {
                        return Err(e).with_context(|| format!("cannot create {}", d.display()))
                    }
                }
            }
            for f in ["", "cgroup.procs", "tasks"] {
                let p = if f.is_empty() {
                    dir.clone()
                } else {
                    dir.join(f)
                };
                if f.is_empty() || p.exists() {
                    std::os::unix::fs::chown(&p, Some(uid), Some(gid))
                        .with_context(|| format!("cannot give {} to {name}", p.display()))?;
                    step(&format!("owner {name}"), &p);
                }
            }
        }
        let next = if remove {
            format!(
                "{name}'s runs get no cgroups now (gridjudge refuses unless given --limits \
                 per-process)."
            )
        } else {
            format!("{name}'s runs get cgroup v1 limits in these folders; nothing else to do.")
        };
        ("cgroup v1", next)
    } else {
        anyhow::bail!(
            "no cgroup hierarchy to hand over: neither cgroup v2 with the memory, pids and cpu \
             controllers nor the cgroup v1 memory, pids and cpuacct controllers are mounted"
        );
    };
    Ok(SetupReport {
        user: name.into(),
        uid,
        hierarchy: hierarchy.into(),
        remove,
        steps,
        next,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pid above the kernel's largest (2^22): never a live process.
    const DEAD: u32 = 4_194_305;
    const USER: u32 = 4_000_123;

    fn host(root: &Path, mountinfo: &str, own: &str, uid: u32) -> Host {
        Host {
            root: root.to_path_buf(),
            mountinfo: mountinfo.into(),
            own: own.into(),
            uid,
            gids: vec![uid],
            pid: 4242,
            user: "setter".into(),
        }
    }

    fn put(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn read(path: &Path) -> String {
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn chown_tree(dir: &Path, uid: u32) {
        std::os::unix::fs::chown(dir, Some(uid), Some(uid)).unwrap();
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            std::os::unix::fs::chown(e.path(), Some(uid), Some(uid)).unwrap();
        }
    }

    const V2_MOUNTINFO: &str =
        "29 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec - cgroup2 cgroup2 rw,nsdelegate\n\
         22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n";

    /// A fake cgroup2 tree: the root offers the controllers; the caller's own cgroup is
    /// `/user.slice/u.scope`, offering `own_controllers`.
    fn v2_tree(own_controllers: &str) -> (tempfile::TempDir, PathBuf) {
        let t = tempfile::tempdir().unwrap();
        let cg = t.path().join("sys/fs/cgroup");
        put(
            &cg.join("cgroup.controllers"),
            "cpuset cpu io memory hugetlb pids\n",
        );
        put(&cg.join("cgroup.subtree_control"), "");
        put(&cg.join("cgroup.procs"), "");
        let own = cg.join("user.slice/u.scope");
        put(&own.join("cgroup.controllers"), own_controllers);
        put(&own.join("cgroup.subtree_control"), "");
        put(&own.join("cgroup.procs"), "4242\n");
        (t, own)
    }

    #[test]
    fn v2_nests_in_the_callers_own_cgroup_and_limits_and_reads_a_run() {
        let (t, own) = v2_tree("cpu memory pids\n");
        let h = host(t.path(), V2_MOUNTINFO, "0::/user.slice/u.scope\n", 0);
        let root = choose(&h).unwrap();
        let base = own.join("gridjudge-4242");
        assert_eq!(
            root,
            CgroupRoot::V2 {
                base: base.clone(),
                describe: "cgroup v2, nested in gridjudge's own cgroup /user.slice/u.scope".into()
            }
        );
        // This process moved into the leaf, the controllers enabled above the runs.
        assert_eq!(read(&base.join("self/cgroup.procs")), "4242");
        assert_eq!(
            read(&own.join("cgroup.subtree_control")),
            "+memory +pids +cpu"
        );
        assert_eq!(
            read(&base.join("cgroup.subtree_control")),
            "+memory +pids +cpu"
        );

        let run = RunCgroup::create(&root, 64 << 20, 10).unwrap();
        let d = run.dirs[0].clone();
        assert_eq!(d.parent(), Some(base.as_path()));
        assert_eq!(read(&d.join("memory.max")), (64u64 << 20).to_string());
        assert_eq!(read(&d.join("memory.swap.max")), "0");
        assert_eq!(read(&d.join("pids.max")), "12");
        assert_eq!(
            run.procs_files(),
            vec![CString::new(d.join("cgroup.procs").as_os_str().as_bytes()).unwrap()]
        );
        // Accounting from the v2 files.
        put(
            &d.join("cpu.stat"),
            "usage_usec 1234567\nuser_usec 1000000\nsystem_usec 234567\n",
        );
        put(&d.join("memory.peak"), "10485760\n");
        put(
            &d.join("memory.events"),
            "low 0\nhigh 0\nmax 7\noom 2\noom_kill 1\noom_group_kill 0\n",
        );
        put(&d.join("pids.events"), "max 4\n");
        assert_eq!(run.cpu_ms(), Some(1234));
        assert_eq!(run.peak_kib(), Some(10240));
        assert_eq!(run.oom_kills(), 1);
        assert_eq!(run.task_limit_hits(), 4);
    }

    #[test]
    fn v2_for_a_user_needs_a_delegated_cgroup() {
        let (t, own) = v2_tree("cpu memory pids\n");
        // Not delegated: the user's cgroup belongs to root.
        let h = host(t.path(), V2_MOUNTINFO, "0::/user.slice/u.scope\n", USER);
        let no = choose(&h).unwrap_err();
        assert!(no.missing.contains("/user.slice/u.scope"), "{no}");
        assert!(no.missing.contains("not writable"), "{no}");
        assert!(
            no.fix
                .contains("systemd-run --user --scope -p Delegate=yes gridjudge"),
            "{no}"
        );
        assert!(
            no.fix
                .contains("sudo gridjudge setup-sandbox --user setter"),
            "{no}"
        );
        assert!(!own.join("gridjudge-4242").exists());
        // Delegated (as `systemd-run --user --scope -p Delegate=yes` does): nested there.
        chown_tree(&own, USER);
        let root = choose(&h).unwrap();
        assert_eq!(
            root.describe(),
            "cgroup v2, delegated subtree /user.slice/u.scope"
        );
        assert_eq!(read(&own.join("gridjudge-4242/self/cgroup.procs")), "4242");
    }

    #[test]
    fn v2_for_a_user_without_the_controllers_is_refused_naming_them() {
        let (t, own) = v2_tree("memory\n");
        chown_tree(&own, USER);
        let h = host(t.path(), V2_MOUNTINFO, "0::/user.slice/u.scope\n", USER);
        let no = choose(&h).unwrap_err();
        assert!(no.missing.contains("pids, cpu are not available"), "{no}");
    }

    #[test]
    fn v2_root_falls_back_to_its_own_folder_at_the_top() {
        let (t, own) = v2_tree("memory\n");
        let h = host(t.path(), V2_MOUNTINFO, "0::/user.slice/u.scope\n", 0);
        let root = choose(&h).unwrap();
        let cg = t.path().join("sys/fs/cgroup");
        let base = cg.join("gridjudge/uid-0");
        assert!(matches!(&root, CgroupRoot::V2 { base: b, .. } if *b == base));
        assert!(
            root.describe().contains("not nested"),
            "{}",
            root.describe()
        );
        for d in [&cg, &cg.join("gridjudge"), &base] {
            assert_eq!(
                read(&d.join("cgroup.subtree_control")),
                "+memory +pids +cpu"
            );
        }
        assert!(!own.join("gridjudge-4242").exists());
        assert_eq!(read(&own.join("cgroup.subtree_control")), "");
    }

    #[test]
    fn a_v2_mount_without_the_controllers_is_not_used() {
        // Hybrid (as on these machines): the cgroup2 mount offers nothing, no v1 controllers.
        let t = tempfile::tempdir().unwrap();
        put(
            &t.path().join("sys/fs/cgroup/unified/cgroup.controllers"),
            "",
        );
        let mi = "29 23 0:26 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n";
        let no = choose(&host(t.path(), mi, "0::/\n", 0)).unwrap_err();
        assert!(no.missing.contains("no cgroup hierarchy"), "{no}");
    }

    const V1_MOUNTINFO: &str = "\
30 25 0:27 / /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory\n\
31 25 0:28 / /sys/fs/cgroup/pids rw,nosuid - cgroup cgroup rw,pids\n\
32 25 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid - cgroup cgroup rw,cpu,cpuacct\n\
29 23 0:26 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n";
    const V1_OWN: &str = "5:pids:/\n4:memory:/job/7\n2:cpu,cpuacct:/\n0::/\n";

    #[test]
    fn v1_root_nests_in_its_own_cgroups() {
        let t = tempfile::tempdir().unwrap();
        let cg = t.path().join("sys/fs/cgroup");
        std::fs::create_dir_all(cg.join("memory/job/7")).unwrap();
        let root = choose(&host(t.path(), V1_MOUNTINFO, V1_OWN, 0)).unwrap();
        let want = [
            cg.join("memory/job/7/gridjudge/uid-0"),
            cg.join("pids/gridjudge/uid-0"),
            cg.join("cpu,cpuacct/gridjudge/uid-0"),
        ];
        assert_eq!(root.bases(), want.to_vec());
        assert!(want.iter().all(|d| d.is_dir()));
        assert!(root
            .describe()
            .contains("nested in gridjudge's own cgroups"));
        let run = RunCgroup::create(&root, 1 << 20, 5).unwrap();
        assert_eq!(read(&run.dirs[0].join("memory.limit_in_bytes")), "1048576");
        assert_eq!(read(&run.dirs[1].join("pids.max")), "7");
    }

    #[test]
    fn v1_user_gets_the_folders_setup_sandbox_hands_over_and_a_clear_refusal_before() {
        let t = tempfile::tempdir().unwrap();
        let cg = t.path().join("sys/fs/cgroup");
        let mi = "\
30 25 0:27 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n\
31 25 0:28 / /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids\n\
32 25 0:29 / /sys/fs/cgroup/cpuacct rw - cgroup cgroup rw,cpuacct\n";
        for c in V1_CONTROLLERS {
            std::fs::create_dir_all(cg.join(c)).unwrap();
        }
        let h = host(t.path(), mi, "4:memory:/\n", USER);
        // Missing: named, with the command that makes it.
        let no = choose(&h).unwrap_err();
        let mem = cg.join(format!("memory/gridjudge/uid-{USER}"));
        assert!(no.missing.contains(&mem.display().to_string()), "{no}");
        assert!(no.missing.contains("does not exist"), "{no}");
        assert_eq!(
            no.fix,
            "Root hands the folders over once: `sudo gridjudge setup-sandbox --user setter`."
        );
        // Left by root, not the user's: a clear refusal, not a failing run.
        for c in V1_CONTROLLERS {
            let d = cg.join(c).join(format!("gridjudge/uid-{USER}"));
            std::fs::create_dir_all(&d).unwrap();
            put(&d.join("cgroup.procs"), "");
            put(&d.join("tasks"), "");
        }
        let no = choose(&h).unwrap_err();
        assert!(no.missing.contains("belongs to uid 0"), "{no}");
        // setup-sandbox hands them over (as the kernel would, the control files exist).
        let who = (USER, USER, "setter");
        let done = setup_in(&h, who, false, None).unwrap();
        assert_eq!(done.hierarchy, "cgroup v1");
        let owner = |p: &Path| std::fs::metadata(p).unwrap().uid();
        for c in V1_CONTROLLERS {
            let d = cg.join(c).join(format!("gridjudge/uid-{USER}"));
            assert_eq!(owner(&d), USER);
            assert_eq!(owner(&d.join("cgroup.procs")), USER);
            assert_eq!(owner(&d.join("tasks")), USER);
            assert_eq!(owner(&cg.join(c).join("gridjudge")), 0);
        }
        let shown: Vec<String> = done
            .steps
            .iter()
            .map(|s| format!("{} {}", s.done, s.path))
            .collect();
        assert!(
            shown.contains(&format!(
                "owner setter {}",
                mem.join("cgroup.procs").display()
            )),
            "{shown:?}"
        );
        let root = choose(&h).unwrap();
        assert_eq!(
            root.describe(),
            format!(
                "cgroup v1 under {}/*/gridjudge/uid-{USER} (handed over by setup-sandbox)",
                cg.display()
            )
        );
        // Idempotent; --remove takes them back (the shared parents stay).
        let again = setup_in(&h, who, false, None).unwrap();
        assert!(again.steps.iter().all(|s| s.done != "created"));
        // A run cgroup a killed run left goes too.
        std::fs::create_dir(mem.join(format!("{DEAD}-0"))).unwrap();
        // (A cgroup folder goes with its control files; a plain one needs them gone first.)
        for c in V1_CONTROLLERS {
            let d = cg.join(c).join(format!("gridjudge/uid-{USER}"));
            std::fs::remove_file(d.join("cgroup.procs")).unwrap();
            std::fs::remove_file(d.join("tasks")).unwrap();
        }
        let undone = setup_in(&h, who, true, None).unwrap();
        assert!(!mem.exists() && cg.join("memory/gridjudge").is_dir());
        let removed = undone.steps.iter().filter(|s| s.done == "removed").count();
        assert_eq!(removed, 3);
        let none = setup_in(&h, who, true, None).unwrap();
        assert!(none.steps.iter().all(|s| s.done == "absent"));
    }

    #[test]
    fn setup_sandbox_on_v2_writes_the_systemd_drop_in() {
        let (t, _own) = v2_tree("cpu memory pids\n");
        let h = host(t.path(), V2_MOUNTINFO, "0::/\n", 0);
        let reloads = std::cell::Cell::new(0);
        let reload = || -> anyhow::Result<()> {
            reloads.set(reloads.get() + 1);
            Ok(())
        };
        let who = (USER, USER, "setter");
        let done = setup_in(&h, who, false, Some(&reload)).unwrap();
        let file = t.path().join(DROP_IN);
        assert_eq!(read(&file), "[Service]\nDelegate=cpu memory pids\n");
        assert_eq!(done.steps[0].done, "written");
        assert_eq!(reloads.get(), 1);
        assert!(done
            .next
            .contains("systemd-run --user --scope -p Delegate=yes"));
        let again = setup_in(&h, who, false, Some(&reload)).unwrap();
        assert_eq!(again.steps[0].done, "unchanged");
        // Without systemd: what to do by hand.
        let by_hand = setup_in(&h, who, false, None).unwrap();
        assert!(by_hand.next.contains("by hand"), "{}", by_hand.next);
        let undone = setup_in(&h, who, true, Some(&reload)).unwrap();
        assert_eq!(undone.steps[0].done, "removed");
        assert!(!file.exists());
    }

    #[test]
    fn run_cgroups_of_dead_processes_are_swept_live_ones_kept() {
        let t = tempfile::tempdir().unwrap();
        let bases: Vec<PathBuf> = ["m", "p", "c"].iter().map(|b| t.path().join(b)).collect();
        let live = format!("{}-0", std::process::id());
        for b in &bases {
            for n in [format!("{DEAD}-0"), format!("{DEAD}-1"), live.clone()] {
                std::fs::create_dir_all(b.join(n)).unwrap();
            }
        }
        let root = v1_root(
            [bases[0].clone(), bases[1].clone(), bases[2].clone()],
            String::new(),
        );
        let mut swept = Swept::default();
        sweep_cgroups(&root, &crate::exec::cleanup::pid_alive, &mut swept);
        assert_eq!(swept.cgroups, 2);
        assert_eq!(swept.pids.iter().copied().collect::<Vec<_>>(), vec![DEAD]);
        for b in &bases {
            assert!(b.join(&live).is_dir());
            assert!(!b.join(format!("{DEAD}-0")).exists());
        }

        // v2 nested: a dead process's whole `gridjudge-<pid>` folder beside this one's.
        let own = t.path().join("own");
        let base = own.join(format!("gridjudge-{}", std::process::id()));
        let dead = own.join(format!("gridjudge-{DEAD}"));
        for d in [
            base.join("self"),
            dead.join("self"),
            dead.join(format!("{DEAD}-3")),
        ] {
            std::fs::create_dir_all(d).unwrap();
        }
        let root = CgroupRoot::V2 {
            base: base.clone(),
            describe: String::new(),
        };
        let mut swept = Swept::default();
        sweep_cgroups(&root, &crate::exec::cleanup::pid_alive, &mut swept);
        assert_eq!(swept.cgroups, 1);
        assert!(!dead.exists());
        assert!(base.join("self").is_dir());
    }

    /// The real cgroup v2 hierarchy, wherever one offering memory, pids and cpu is mounted.
    /// This is the one test allowed to skip: these machines mount cgroup v1 only (a cgroup2
    /// mount without controllers), so here it prints SKIPPED and checks nothing. Where it
    /// runs, it moves the test process into `<own>/gridjudge-<pid>/self`.
    #[test]
    fn the_real_v2_hierarchy_where_mounted() {
        let h = Host::this_process();
        let mounts = h.mounts();
        if v2_mount(&mounts).is_none() {
            eprintln!(
                "SKIPPED: no cgroup v2 hierarchy with the memory, pids and cpu controllers is \
                 mounted here (the v2 paths are tested on fake trees above)"
            );
            return;
        }
        let root = match choose(&h) {
            Ok(r) => r,
            Err(no) => {
                // A user without delegation: the refusal must name the fix.
                assert_ne!(h.uid, 0, "{no}");
                assert!(no.fix.contains("Delegate=yes"), "{no}");
                return;
            }
        };
        assert!(
            root.describe().starts_with("cgroup v2"),
            "{}",
            root.describe()
        );
        let run = RunCgroup::create(&root, 32 << 20, 3).unwrap();
        assert_eq!(read(&run.dirs[0].join("memory.max")).trim(), "33554432");
        assert_eq!(read(&run.dirs[0].join("pids.max")).trim(), "5");
        assert!(run.cpu_ms().is_some());
        assert_eq!(run.oom_kills(), 0);
    }
}
