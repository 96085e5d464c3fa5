//! The clean-up registry: every running run (its `bwrap` or program process group, its cgroup)
//! and every temporary folder of gridjudge is recorded here, so that all of them can be taken
//! down at once when gridjudge is interrupted or panics.
//!
//! # Clean-up ([`install_cleanup_handlers`])
//! Running runs (their `bwrap` process group and cgroup) and temporary folders are recorded in
//! a registry. On SIGINT, SIGTERM or SIGHUP a watcher thread kills every recorded run, removes
//! every recorded folder and cgroup, and exits with 128 + the signal number; a panic hook does
//! the same before the default hook runs. A killed gridjudge (SIGKILL) cannot clean up, but
//! `--die-with-parent` still takes the sandboxes down with it.
//!
//! # Leftovers of killed runs
//! The temporary folders gridjudge makes in the system's temporary folder go under a folder of
//! the user's own, `<tmp>/gridjudge-<uid>/` ([`user_temp_dir`]: mode 0700, or 0711 for root,
//! whose sandbox user must reach the box folder in it; refused when another user owns it),
//! each named `<pid>-<prefix><random>` after the process that made it. The first time a
//! process makes one (or prepares its cgroups), the folders of gridjudge processes that no
//! longer exist are removed, together with their run cgroups (found by
//! [`crate::exec::cgroup`], their processes killed first), and one line on stderr says so
//! (`sweep_leftovers`).
//!
//! Owns: the registry and its entries (`GroupGuard`, [`TrackedDir`], the cgroup entries of
//! [`crate::exec::cgroup`]), how each entry is taken down (including killing a cgroup's
//! processes, `kill_cgroup`), the signal watcher and the panic hook; the per-user temporary
//! folder and the sweep of leftovers. The public items are
//! also reachable at their old paths in [`crate::exec::sandbox`].
//!
//! May use: std and crates only; it is the lowest module of [`crate::exec`].

use std::collections::{BTreeSet, HashMap};
use std::io::Write as _;
use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context;
/// Something the clean-up takes down.
#[derive(Debug)]
pub(crate) enum Entry {
    /// A run's process group (its leader's pid), killed with SIGKILL.
    Group(i32),
    /// A run's cgroup folders, emptied and removed.
    Cgroup(Vec<PathBuf>),
    /// A temporary folder, removed.
    Dir(PathBuf),
    /// A Slurm job (its id), cancelled with `scancel`.
    SlurmJob(String),
}

static REGISTRY: OnceLock<Mutex<HashMap<u64, Entry>>> = OnceLock::new();
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static SHUTTING_DOWN: AtomicBool = AtomicBool::new(false);

/// Set by the signal watcher of [`install_cleanup_handlers`] as soon as a signal arrives,
/// before it kills anything ([`stopped_by_signal`]).
static STOPPED_BY_SIGNAL: AtomicBool = AtomicBool::new(false);

/// Whether a signal is taking gridjudge down: the signal watcher kills every run, then exits
/// with 128 + the signal number. A command whose runs end meanwhile (killed by that very
/// clean-up) must not finish first with its own exit status: `main` waits for the watcher.
pub fn stopped_by_signal() -> bool {
    STOPPED_BY_SIGNAL.load(Ordering::SeqCst)
}

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
pub(crate) fn registry_make(make: impl FnOnce() -> anyhow::Result<Entry>) -> anyhow::Result<u64> {
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

/// Records Slurm job `id` for the clean-up, which cancels it (`scancel`) when gridjudge is
/// interrupted; [`forget`] the returned entry once the job has ended.
pub fn track_slurm_job(id: &str) -> u64 {
    registry_add(Entry::SlurmJob(id.to_string()))
}

/// Forgets entry `id` of [`track_slurm_job`] (the job has ended).
pub fn forget(id: u64) {
    registry_remove(id);
}

/// Forgets entry `id` (taken down by its owner).
pub(crate) fn registry_remove(id: u64) {
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
        Entry::SlurmJob(id) => {
            let cancelled = std::process::Command::new("scancel")
                .arg(id)
                .status()
                .is_ok_and(|s| s.success());
            let _ = writeln!(
                std::io::stderr(),
                "{} slurm job {id}",
                if cancelled {
                    "cancelled"
                } else {
                    "could not cancel"
                }
            );
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

/// Sends SIGKILL to every process in the cgroup folders `dirs` (v2: one folder, also killed
/// through `cgroup.kill`; v1: memory, pids, cpuacct, or any one of them); returns how many
/// there were.
pub(crate) fn kill_cgroup(dirs: &[PathBuf], v2: bool) -> usize {
    // v1: the pids hierarchy's folder (any one of them lists the same processes).
    let Some(procs) = dirs.get(usize::from(!v2)).or(dirs.first()) else {
        return 0;
    };
    if v2 {
        let _ = std::fs::OpenOptions::new()
            .write(true)
            .open(procs.join("cgroup.kill"))
            .and_then(|mut f| f.write_all(b"1"));
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

/// A temporary folder (a [`tempfile::TempDir`]) recorded for the clean-up: removed on drop,
/// or by the clean-up when gridjudge is interrupted.
#[derive(Debug)]
pub struct TrackedDir {
    dir: Option<tempfile::TempDir>,
    id: u64,
}

impl TrackedDir {
    /// A fresh folder named `<prefix><random>` in `parent`, or, when `None`, named
    /// `<pid>-<prefix><random>` in the user's own folder of the system's temporary folder
    /// ([`user_temp_dir`]; the first such folder of a process sweeps the leftovers of killed
    /// runs first, `sweep_leftovers`).
    ///
    /// Made and recorded in one step (`registry_make`): errors with "gridjudge is stopping"
    /// once a signal's clean-up has begun. Errors also when the user's folder is not usable
    /// (owned by another user, not a folder).
    pub fn new_in(prefix: &str, parent: Option<&Path>) -> anyhow::Result<TrackedDir> {
        let mut dir = None;
        let (parent, prefix, user) = match parent {
            Some(p) => (p.to_path_buf(), prefix.to_string(), false),
            None => {
                sweep_leftovers(None);
                let name = format!("{}-{prefix}", std::process::id());
                (user_temp_path(), name, true)
            }
        };
        let id = registry_make(|| {
            // Made under the registry's lock, so never after a signal's clean-up removed it.
            if user {
                ensure_user_dir(&parent, current_uid())?;
            }
            let mut b = tempfile::Builder::new();
            b.prefix(&prefix);
            let made = match b.tempdir_in(&parent) {
                // The user's folder was removed meanwhile by another process's clean-up (it
                // removes it when empty): made again once.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    ensure_user_dir(&parent, current_uid())?;
                    b.tempdir_in(&parent)
                }
                r => r,
            }
            .with_context(|| format!("cannot create a temporary folder in {}", parent.display()))?;
            let entry = Entry::Dir(made.path().to_path_buf());
            dir = Some(made);
            Ok(entry)
        })?;
        Ok(TrackedDir { dir, id })
    }

    /// A fresh folder in the user's own folder of the system's temporary folder (see
    /// [`TrackedDir::new_in`]).
    pub fn new(prefix: &str) -> anyhow::Result<TrackedDir> {
        Self::new_in(prefix, None)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        self.dir.as_ref().map(|d| d.path()).unwrap_or(Path::new(""))
    }
}

fn current_uid() -> u32 {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() }
}

/// The user's own folder for gridjudge's temporary folders, `<tmp>/gridjudge-<uid>` (`<tmp>`
/// is `TMPDIR` or `/tmp`), made when missing (mode 0700; 0711 for root, whose sandbox user
/// must reach the folders inside) and checked on every call.
///
/// Errors: it cannot be made, it is not a folder (a symbolic link is refused), or it belongs
/// to another user (the message names the owner and the fix).
pub fn user_temp_dir() -> anyhow::Result<PathBuf> {
    let dir = user_temp_path();
    ensure_user_dir(&dir, current_uid())?;
    Ok(dir)
}

/// The path of [`user_temp_dir`], made or not.
fn user_temp_path() -> PathBuf {
    std::env::temp_dir().join(format!("gridjudge-{}", current_uid()))
}

/// Makes or checks `dir` as the folder of user `uid` (see [`user_temp_dir`]).
fn ensure_user_dir(dir: &Path, uid: u32) -> anyhow::Result<()> {
    let mode = if uid == 0 { 0o711 } else { 0o700 };
    match std::fs::create_dir(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => {
            return Err(e).with_context(|| format!("cannot create the folder {}", dir.display()))
        }
    }
    let meta = std::fs::symlink_metadata(dir)
        .with_context(|| format!("cannot read the folder {}", dir.display()))?;
    anyhow::ensure!(
        meta.is_dir(),
        "{} is not a folder (gridjudge keeps its temporary folders there): remove it, or set \
         TMPDIR to another folder",
        dir.display()
    );
    anyhow::ensure!(
        meta.uid() == uid,
        "the folder {} belongs to uid {}, not to you (uid {uid}): gridjudge keeps your \
         temporary folders there and will not use another user's; remove it (as its owner or \
         root), or set TMPDIR to another folder",
        dir.display(),
        meta.uid()
    );
    if meta.mode() & 0o7777 != mode {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode))
            .with_context(|| format!("cannot set the mode of {}", dir.display()))?;
    }
    Ok(())
}

/// The pid in the name `<pid>-...` of a folder or cgroup gridjudge made, if it has one.
pub(crate) fn owner_pid(name: &std::ffi::OsStr) -> Option<u32> {
    name.to_str()?.split('-').next()?.parse().ok()
}

/// Whether process `pid` exists (in this process's pid namespace) and is not a zombie (a
/// killed gridjudge whose parent has not reaped it yet holds nothing any more).
pub(crate) fn pid_alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name, which ends with the last `)`.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_none_or(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// What a sweep of leftovers removed: temporary folders, run cgroups, and the pids of the
/// gridjudge processes that had left them.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Swept {
    pub folders: usize,
    pub cgroups: usize,
    pub pids: BTreeSet<u32>,
}

impl Swept {
    /// The one line that tells what was removed; `None` when nothing was.
    pub(crate) fn line(&self) -> Option<String> {
        if self.folders == 0 && self.cgroups == 0 {
            return None;
        }
        let pids: Vec<String> = self.pids.iter().map(u32::to_string).collect();
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        Some(format!(
            "gridjudge: removed {} and {} left by killed runs (pids {})",
            plural(self.folders, "folder", "folders"),
            plural(self.cgroups, "cgroup", "cgroups"),
            pids.join(", ")
        ))
    }
}

/// Removes the folders in `dir` named after a process (`<pid>-...`) for which `alive` is false;
/// counts them in `swept`. Best effort: a folder that cannot be removed is left.
fn sweep_folders(dir: &Path, alive: &dyn Fn(u32) -> bool, swept: &mut Swept) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let Some(pid) = owner_pid(&e.file_name()) else {
            continue;
        };
        if alive(pid) || !e.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        if std::fs::remove_dir_all(e.path()).is_ok() {
            swept.folders += 1;
            swept.pids.insert(pid);
        }
    }
}

/// A sweep of run cgroups: given the liveness test of a pid, removes what dead processes left
/// and counts it.
pub(crate) type CgroupSweep<'a> = dyn Fn(&dyn Fn(u32) -> bool, &mut Swept) + 'a;

static FOLDERS_SWEPT: AtomicBool = AtomicBool::new(false);

/// Removes what killed gridjudge runs left: the temporary folders of dead processes in
/// [`user_temp_dir`] (once per process) and, when given, the run cgroups that `cgroups` finds
/// and removes (called with the liveness test, adding to the count); prints one line on stderr
/// when anything was removed. Best effort.
pub(crate) fn sweep_leftovers(cgroups: Option<&CgroupSweep>) {
    let mut swept = Swept::default();
    if !FOLDERS_SWEPT.swap(true, Ordering::SeqCst) {
        // Only a folder that is the user's own: another user's is refused where it is used.
        let dir = user_temp_path();
        if std::fs::symlink_metadata(&dir).is_ok_and(|m| m.is_dir() && m.uid() == current_uid()) {
            sweep_folders(&dir, &pid_alive, &mut swept);
        }
    }
    if let Some(sweep) = cgroups {
        sweep(&pid_alive, &mut swept);
    }
    if let Some(line) = swept.line() {
        let _ = writeln!(std::io::stderr(), "{line}");
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
        Entry::SlurmJob(_) | Entry::Group(_) => 0,
        Entry::Cgroup(_) => 1,
        Entry::Dir(_) => 2,
    };
    let mut entries = entries;
    entries.sort_by_key(rank);
    for e in &entries {
        cleanup_entry(e);
    }
    // The user's folder goes too when nothing else is in it (another gridjudge of the user
    // that makes a folder meanwhile makes it again).
    if entries.iter().any(|e| matches!(e, Entry::Dir(_))) {
        let _ = std::fs::remove_dir(user_temp_path());
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
                STOPPED_BY_SIGNAL.store(true, Ordering::SeqCst);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_user_folder_is_made_private_and_a_foreign_one_refused() {
        let t = tempfile::tempdir().unwrap();
        let uid = current_uid();
        let mine = t.path().join("gridjudge-u");
        ensure_user_dir(&mine, uid).unwrap();
        let mode = std::fs::metadata(&mine).unwrap().mode() & 0o7777;
        assert_eq!(mode, if uid == 0 { 0o711 } else { 0o700 });
        // Opened up by someone: closed again.
        std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o777)).unwrap();
        ensure_user_dir(&mine, uid).unwrap();
        assert_eq!(std::fs::metadata(&mine).unwrap().mode() & 0o7777, mode);
        // Another user's folder (as seen by a uid that does not own it): a clear error.
        let err = ensure_user_dir(&mine, uid + 1).unwrap_err().to_string();
        assert!(err.contains("belongs to uid"), "{err}");
        assert!(err.contains("TMPDIR"), "{err}");
        // A file or a symbolic link in its place is refused.
        let link = t.path().join("gridjudge-l");
        std::os::unix::fs::symlink(&mine, &link).unwrap();
        let err = ensure_user_dir(&link, uid).unwrap_err().to_string();
        assert!(err.contains("is not a folder"), "{err}");
    }

    #[test]
    fn a_zombie_counts_as_dead_this_process_as_alive() {
        assert!(pid_alive(std::process::id()));
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        // Not waited for: once it has exited it is a zombie.
        let deadline = Instant::now() + Duration::from_secs(10);
        while pid_alive(pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(!pid_alive(pid));
        child.wait().unwrap();
        assert!(!pid_alive(pid));
    }

    #[test]
    fn folders_of_dead_processes_are_removed_and_reported_live_ones_kept() {
        let t = tempfile::tempdir().unwrap();
        // Pids above the kernel's largest (2^22): never a live process.
        let dead = t.path().join("4194305-gridjudge-box-abc");
        let dead2 = t.path().join("4194306-gridjudge-run-xyz");
        let live = t
            .path()
            .join(format!("{}-gridjudge-box-def", std::process::id()));
        let other = t.path().join("notes");
        for d in [&dead, &dead2, &live, &other] {
            std::fs::create_dir(d).unwrap();
        }
        std::fs::write(dead.join("file"), "x").unwrap();
        let mut swept = Swept::default();
        sweep_folders(t.path(), &pid_alive, &mut swept);
        assert!(!dead.exists() && !dead2.exists());
        assert!(live.exists() && other.exists());
        assert_eq!(swept.folders, 2);
        swept.cgroups = 1;
        assert_eq!(
            swept.line().unwrap(),
            "gridjudge: removed 2 folders and 1 cgroup left by killed runs \
             (pids 4194305, 4194306)"
        );
        assert_eq!(Swept::default().line(), None);
    }
}
