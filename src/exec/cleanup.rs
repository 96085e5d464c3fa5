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
//! Owns: the registry and its entries (`GroupGuard`, [`TrackedDir`], the cgroup entries of
//! [`crate::exec::cgroup`]), how each entry is taken down (including killing a cgroup's
//! processes, `kill_cgroup`), the signal watcher and the panic hook. The public items are
//! also reachable at their old paths in [`crate::exec::sandbox`].
//!
//! May use: std and crates only; it is the lowest module of [`crate::exec`].

use std::collections::HashMap;
use std::io::Write as _;
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
/// through `cgroup.kill`; v1: memory, pids, cpuacct); returns how many there were.
pub(crate) fn kill_cgroup(dirs: &[PathBuf], v2: bool) -> usize {
    let procs = if v2 { &dirs[0] } else { &dirs[1] };
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
