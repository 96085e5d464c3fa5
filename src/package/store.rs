//! The built test package on disk: versioned build folders behind a symlink, committed by one
//! `rename(2)`, serialised by a lock file, and read only after a check against the lock.
//!
//! Layout of `problems/<p>/` (`.builds/` and `tests` are build output, ignored by git):
//! * `.builds/<id>/` — one complete build: `NN.in`, `NN.ans`, `tests.lock` (the lock of this
//!   build, byte for byte) and `.replaces` (the SHA-256, inode, modification time and size of
//!   the `tests.lock` file this build replaced, or `none`). A build folder is never changed once `tests` points to it.
//! * `tests` — a relative symlink to `.builds/<id>`, so `tests/NN.in`, `tests/NN.ans` and
//!   `tests/tests.lock` are where users and scripts expect them.
//! * `tests.lock` — the lock committed to git: a copy of `tests/tests.lock`, rewritten right
//!   after the commit point when it changed.
//! * `.builds/.lock` — the lock file: a build holds an exclusive `flock(2)` on it and refuses
//!   to start when another command holds it; [`crate::package::load_checked`] holds a shared one while the
//!   tests are in use, so a build never removes the folder a `judge` is reading.
//!
//! **The commit point** is the `rename(2)` of a prepared symlink over `tests` ([`commit`]):
//! before it every reader sees the previous package and lock unchanged, after it the new
//! package with its own lock (`tests/tests.lock`). Everything the commit needs is written,
//! fsynced and allocated before it (the build folder, the new symlink, a symlink back to the
//! previous build, the new `tests.lock` in a temporary file), so a full disk or an unwritable
//! file stops the build before it. Right after it, the temporary lock file is renamed over
//! `tests.lock`; if that fails (an immutable `tests.lock`), the symlink back is renamed over
//! `tests` and the previous package and lock stand as they were. If the process dies between
//! the two renames, `tests.lock` is still the very file (same content, inode and modification
//! time) that `tests/.replaces` names: [`committed_lock`] then takes `tests/tests.lock` as the
//! lock (the build was committed) and the next build copies it over `tests.lock`. A
//! `tests.lock` written by anything else (git checking out another version, even the previous
//! content; an editor) is a new file and is never overridden.
//!
//! Why not one more symlink for `tests.lock`: it is committed to git and must stay a readable
//! file there (a symlink into the ignored `.builds/` would be a dangling link in every clone).
//!
//! Leftovers of an interrupted build (other folders in `.builds/`, `.tests.new-*`,
//! `.tests.old-*` and `.tmpXXXXXX` files in the problem folder) are removed by the next build
//! under the exclusive lock. Files whose bytes did not change are hard-linked from the
//! previous build, not rewritten; only new files are written and fsynced.
//!
//! A folder `tests/` from an earlier version (real files, no symlink) is migrated by the first
//! build: the new symlink and the old folder are swapped by one `renameat2(RENAME_EXCHANGE)`.
//!
//! **Fault injection**: with `GRIDJUDGE_FAULT_AFTER=N` in the environment, the process aborts
//! (`std::process::abort`, no unwinding, no cleanup) right after its N-th file operation of a
//! build's write phase (each created folder, written or linked file, fsync, symlink, rename or
//! removal counts one). Always compiled in: one environment read per process. The tests use it
//! to interrupt a build at every step (`tests/package_atomic.rs`).

use std::collections::HashMap;
use std::fs::File;
use std::io::Write as _;
use std::os::unix::fs::OpenOptionsExt as _;
use std::os::unix::io::AsRawFd as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use anyhow::{bail, Context};

use crate::core::files::sha256_hex;

/// Folder of the build folders, inside the problem folder.
pub const BUILDS: &str = ".builds";
const LOCK_FILE: &str = ".lock";
const REPLACES: &str = ".replaces";
const NEW_LINK: &str = ".tests.new-";
const BACK_LINK: &str = ".tests.old-";

/// One file operation of the write phase: counts it and aborts the process when it is the
/// `GRIDJUDGE_FAULT_AFTER`-th (see the module documentation).
fn step(what: &str, path: &Path) {
    static AFTER: OnceLock<Option<usize>> = OnceLock::new();
    static DONE: AtomicUsize = AtomicUsize::new(0);
    let after = *AFTER.get_or_init(|| {
        std::env::var("GRIDJUDGE_FAULT_AFTER")
            .ok()
            .and_then(|v| v.parse().ok())
    });
    let n = DONE.fetch_add(1, Ordering::SeqCst) + 1;
    if after == Some(n) {
        eprintln!(
            "GRIDJUDGE_FAULT_AFTER={n}: aborting after {what} {}",
            path.display()
        );
        std::process::abort();
    }
}

/// A held `flock(2)` on `.builds/.lock`; released when dropped.
#[derive(Debug)]
pub struct PackageLock {
    _file: File,
}

impl Drop for PackageLock {
    /// Unlocks explicitly before the descriptor closes. A `flock` belongs to the open file
    /// description, which a process forked by another thread at that moment shares until its
    /// `exec` closes it (`O_CLOEXEC`): closing our descriptor alone would leave the lock held
    /// through that window, and the next build would be refused as if another command held it.
    fn drop(&mut self) {
        // SAFETY: flock on a descriptor we own; LOCK_UN cannot fail on a valid descriptor,
        // and there is nothing to do if it did.
        unsafe {
            libc::flock(self._file.as_raw_fd(), libc::LOCK_UN);
        }
    }
}

/// Takes the exclusive build lock of problem folder `dir`, creating `.builds/` and the lock
/// file when missing. Errors, without waiting, when another build or a reader holds it.
pub fn lock_for_build(dir: &Path) -> anyhow::Result<PackageLock> {
    let builds = dir.join(BUILDS);
    std::fs::create_dir_all(&builds)
        .with_context(|| format!("cannot create {}", builds.display()))?;
    let path = builds.join(LOCK_FILE);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open the lock file {}", path.display()))?;
    // SAFETY: flock on a descriptor we own.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        let e = std::io::Error::last_os_error();
        if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
            bail!(
                "{}: another gridjudge command is building or reading this package (it holds \
                 {}); run the build again when it has finished",
                dir.display(),
                path.display()
            );
        }
        return Err(e).with_context(|| format!("cannot lock {}", path.display()));
    }
    Ok(PackageLock { _file: file })
}

/// Takes a shared lock for reading the package of `dir`, waiting for a running build (and
/// saying so on stderr). `Ok(None)` when the package was never built (no lock file).
pub fn lock_for_reading(dir: &Path) -> anyhow::Result<Option<PackageLock>> {
    let path = dir.join(BUILDS).join(LOCK_FILE);
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot open {}", path.display())),
    };
    // SAFETY: flock on descriptors we own.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_SH | libc::LOCK_NB) } == 0 {
        return Ok(Some(PackageLock { _file: file }));
    }
    eprintln!(
        "waiting for the build of {} to finish ({} is held)",
        dir.display(),
        path.display()
    );
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_SH) } != 0 {
        return Err(std::io::Error::last_os_error())
            .with_context(|| format!("cannot lock {}", path.display()));
    }
    Ok(Some(PackageLock { _file: file }))
}

/// What `problems/<p>/tests` is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Current {
    /// Nothing: never built.
    Missing,
    /// A real folder written by an earlier version.
    Legacy,
    /// A symlink to the build folder `.builds/<id>` (`path`).
    Build {
        /// The folder name under `.builds/`.
        id: String,
        /// `problems/<p>/.builds/<id>`.
        path: PathBuf,
    },
}

/// Reads what `dir/tests` is ([`Current::Missing`] also for a symlink to a removed
/// `.builds/<id>`). Errors when it is a file, or a symlink that gridjudge did not write (not
/// to `.builds/<id>`).
pub fn current(dir: &Path) -> anyhow::Result<Current> {
    let link = dir.join("tests");
    match std::fs::read_link(&link) {
        Ok(target) => {
            let mut parts = target.components();
            let ok = parts.next().map(|c| c.as_os_str()) == Some(BUILDS.as_ref());
            let id = parts
                .next()
                .map(|c| c.as_os_str().to_string_lossy().into_owned());
            match id {
                Some(id) if ok && parts.next().is_none() && !id.starts_with('.') => {
                    let path = dir.join(BUILDS).join(&id);
                    if !path.is_dir() {
                        // Our own link to a build folder someone removed: nothing is built.
                        return Ok(Current::Missing);
                    }
                    Ok(Current::Build { id, path })
                }
                _ => bail!(
                    "{} is a symlink to {}, not a build folder of gridjudge; move it away \
                     and build again",
                    link.display(),
                    target.display()
                ),
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Current::Missing),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
            if link.is_dir() {
                Ok(Current::Legacy)
            } else {
                bail!(
                    "{} is not a folder or a symlink; move it away and build again",
                    link.display()
                )
            }
        }
        Err(e) => Err(e).with_context(|| format!("cannot read {}", link.display())),
    }
}

fn read_opt(path: &Path) -> anyhow::Result<Option<Vec<u8>>> {
    match std::fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// What identifies the file `tests.lock` as it is now: `none` when it does not exist, else its
/// SHA-256, inode number, modification time (ns) and size. Git, an editor or a build replace
/// the file (another inode and time), so equal stamps mean the very file a build replaced.
fn stamp(path: &Path, bytes: Option<&[u8]>) -> anyhow::Result<String> {
    use std::os::unix::fs::MetadataExt as _;
    let Some(bytes) = bytes else {
        return Ok("none".into());
    };
    let m = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(format!(
        "{} {} {}.{:09} {}",
        sha256_hex(bytes),
        m.ino(),
        m.mtime(),
        m.mtime_nsec(),
        m.len()
    ))
}

/// The committed lock of problem folder `dir`, as text: `tests.lock`, or `tests/tests.lock`
/// when a build was committed but died before copying it (see the module documentation; the
/// second value is then true). `None` when neither exists.
pub fn committed_lock(dir: &Path, current: &Current) -> anyhow::Result<(Option<String>, bool)> {
    let top_path = dir.join("tests.lock");
    let top = read_opt(&top_path)?;
    if let Current::Build { path, .. } = current {
        let inner = read_opt(&path.join("tests.lock"))?;
        let replaces = read_opt(&path.join(REPLACES))?;
        if let (Some(inner), Some(replaces)) = (inner, replaces) {
            if Some(&inner) != top.as_ref()
                && replaces.trim_ascii() == stamp(&top_path, top.as_deref())?.as_bytes()
            {
                let text = String::from_utf8(inner)
                    .with_context(|| format!("{}: not UTF-8", path.display()))?;
                return Ok((Some(text), true));
            }
        }
    }
    let text = top
        .map(|b| String::from_utf8(b).context("tests.lock: not UTF-8"))
        .transpose()?;
    Ok((text, false))
}

/// One file of a package to commit: its name in the build folder (`NN.in`, `NN.ans`) and bytes.
pub type PackageFile<'a> = (String, &'a [u8]);

/// What [`commit`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommitOutcome {
    /// The current build already holds these files and this lock: nothing written.
    UpToDate,
    /// Only `tests.lock` was rewritten from the committed build (finishing an interrupted
    /// build, or migrating the lock's text).
    LockCopied,
    /// A new build folder was committed.
    Committed {
        /// The new build folder.
        build: PathBuf,
        /// Files hard-linked from the previous build (bytes unchanged).
        linked: usize,
        /// Files written.
        written: usize,
        /// Cleanup that failed after the commit (the package is committed; the next build
        /// retries).
        warnings: Vec<String>,
    },
}

fn is_leftover_name(name: &str) -> bool {
    name.starts_with(NEW_LINK)
        || name.starts_with(BACK_LINK)
        || (name.len() == 10
            && name.starts_with(".tmp")
            && name[4..].bytes().all(|b| b.is_ascii_alphanumeric()))
}

fn remove_any(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => std::fs::remove_dir_all(path),
        Ok(_) => std::fs::remove_file(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Removes what interrupted builds left: every entry of `.builds/` but the lock file and the
/// current build, and `.tests.new-*`, `.tests.old-*`, `.tmpXXXXXX` in the problem folder.
fn remove_leftovers(dir: &Path, current: &Current) -> anyhow::Result<()> {
    let keep = match current {
        Current::Build { id, .. } => Some(id.as_str()),
        _ => None,
    };
    let mut doomed = Vec::new();
    for entry in std::fs::read_dir(dir.join(BUILDS))? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name != LOCK_FILE && Some(name.as_str()) != keep {
            doomed.push(dir.join(BUILDS).join(name));
        }
    }
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if is_leftover_name(&name) {
            doomed.push(dir.join(name));
        }
    }
    for path in doomed {
        remove_any(&path).with_context(|| {
            format!(
                "cannot remove {}, left by an interrupted build",
                path.display()
            )
        })?;
        step("removed leftover", &path);
    }
    Ok(())
}

fn sync_dir(path: &Path) -> anyhow::Result<()> {
    File::open(path)
        .and_then(|f| f.sync_all())
        .with_context(|| format!("cannot sync folder {}", path.display()))?;
    step("synced folder", path);
    Ok(())
}

fn write_new(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o644)
        .open(path)
        .with_context(|| format!("cannot create {}", path.display()))?;
    f.write_all(bytes)
        .and_then(|_| f.sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    step("wrote", path);
    Ok(())
}

/// `renameat2(from, to, RENAME_EXCHANGE)`: swaps two names in one step.
fn exchange(from: &Path, to: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt as _;
    let c =
        |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(std::io::Error::other);
    let (a, b) = (c(from)?, c(to)?);
    // SAFETY: two valid NUL-terminated paths; RENAME_EXCHANGE = 2.
    let r = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            2 as libc::c_uint,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Removes a staged build on an error before the commit point (best effort).
struct Staged {
    paths: Vec<PathBuf>,
    armed: bool,
}

impl Drop for Staged {
    fn drop(&mut self) {
        if self.armed {
            for p in &self.paths {
                let _ = remove_any(p);
            }
        }
    }
}

/// Whether build folder `path` holds exactly `files` (and nothing else named `NN.in`/`NN.ans`).
fn holds(path: &Path, files: &[PackageFile]) -> anyhow::Result<bool> {
    for (name, bytes) in files {
        if read_opt(&path.join(name))?.as_deref() != Some(*bytes) {
            return Ok(false);
        }
    }
    Ok(test_files(path)?.len() == files.len())
}

/// The `NN.in` / `NN.ans` regular files of a folder, sorted.
fn test_files(path: &Path) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for entry in
        std::fs::read_dir(path).with_context(|| format!("cannot read {}", path.display()))?
    {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_test = name.split_once('.').is_some_and(|(stem, ext)| {
            (ext == "in" || ext == "ans")
                && !stem.is_empty()
                && stem.bytes().all(|b| b.is_ascii_digit())
        });
        if is_test && entry.file_type()?.is_file() {
            out.push(name);
        }
    }
    out.sort();
    Ok(out)
}

/// The entries of the package folder `tests/` that gridjudge did not write, sorted (a folder
/// as `name/`): a build replaces that folder and would delete them. gridjudge's own are
/// `tests.lock`, `.replaces`, temporary files of an interrupted write (`.tmpXXXXXX`) and the
/// `NN.in` / `NN.ans` of the tests that the build folder's own `tests.lock` names (of a
/// `tests/` folder written by an earlier version, which has no such lock for sure, or of a
/// build whose lock is unreadable: every `NN.in` / `NN.ans`). A
/// hand-made `99.in` beside a package of 20 tests is therefore unknown. Empty when nothing
/// is built.
pub fn unknown_files(dir: &Path, current: &Current) -> anyhow::Result<Vec<String>> {
    let folder = match current {
        Current::Missing => return Ok(Vec::new()),
        Current::Legacy => dir.join("tests"),
        Current::Build { path, .. } => path.clone(),
    };
    let locked: Option<Vec<String>> = match current {
        Current::Build { .. } => std::fs::read_to_string(folder.join("tests.lock"))
            .ok()
            .and_then(|t| super::lock::Lock::parse(&t, &folder.join("tests.lock")).ok())
            .map(|l| l.tests.into_iter().map(|t| t.name).collect()),
        _ => None,
    };
    let mut known: std::collections::HashSet<String> = match locked {
        Some(names) => names
            .iter()
            .flat_map(|n| [format!("{n}.in"), format!("{n}.ans")])
            .collect(),
        None => test_files(&folder)?.into_iter().collect(),
    };
    known.insert("tests.lock".into());
    known.insert(REPLACES.into());
    let mut unknown = Vec::new();
    for entry in
        std::fs::read_dir(&folder).with_context(|| format!("cannot read {}", folder.display()))?
    {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        // `.tmpXXXXXX`: a temporary file of an interrupted write (earlier versions wrote
        // the files of a `tests/` folder through them).
        if (known.contains(&name) || is_leftover_name(&name)) && entry.file_type()?.is_file() {
            continue;
        }
        let slash = if entry.file_type()?.is_dir() { "/" } else { "" };
        unknown.push(format!("{name}{slash}"));
    }
    unknown.sort();
    Ok(unknown)
}

/// Commits a package: `files` into a new build folder with `lock_text` as its `tests.lock`,
/// `tests` flipped to it by one rename, `tests.lock` updated to `lock_text` right after (see
/// the module documentation for the order and what each failure leaves). The caller holds
/// [`lock_for_build`]. Nothing is written when the current build already holds exactly these
/// files and lock. Errors (nothing changed): the build folder, a file, the symlinks or the
/// temporary lock cannot be written (full disk, permissions, immutable files), or `tests.lock`
/// cannot be replaced (the commit is then undone).
pub fn commit(dir: &Path, files: &[PackageFile], lock_text: &str) -> anyhow::Result<CommitOutcome> {
    let current = current(dir)?;
    let lock_path = dir.join("tests.lock");
    let top = read_opt(&lock_path)?;
    remove_leftovers(dir, &current)?;
    let new_top = top.as_deref() != Some(lock_text.as_bytes());

    if let Current::Build { path, .. } = &current {
        // Files gridjudge did not write (the build went on with `--delete-unknown`) are only
        // gone once a new build folder replaces this one.
        if read_opt(&path.join("tests.lock"))?.as_deref() == Some(lock_text.as_bytes())
            && holds(path, files)?
            && unknown_files(dir, &current)?.is_empty()
        {
            if !new_top {
                return Ok(CommitOutcome::UpToDate);
            }
            write_lock_copy(dir, lock_text)?;
            return Ok(CommitOutcome::LockCopied);
        }
    }

    // Files of the current build by content, for hard links.
    let old_dir = match &current {
        Current::Build { path, .. } => Some(path.clone()),
        Current::Legacy => Some(dir.join("tests")),
        Current::Missing => None,
    };
    let mut by_hash: HashMap<String, PathBuf> = HashMap::new();
    if let Some(old) = &old_dir {
        for name in test_files(old)? {
            let p = old.join(&name);
            if let Some(bytes) = read_opt(&p)? {
                by_hash.insert(sha256_hex(&bytes), p);
            }
        }
    }

    let builds = dir.join(BUILDS);
    let id = format!(
        "{:x}-{}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
        std::process::id()
    );
    let build = builds.join(&id);
    let new_link = dir.join(format!("{NEW_LINK}{}", std::process::id()));
    let back_link = dir.join(format!("{BACK_LINK}{}", std::process::id()));
    let mut staged = Staged {
        paths: vec![build.clone(), new_link.clone(), back_link.clone()],
        armed: true,
    };
    std::fs::create_dir(&build).with_context(|| format!("cannot create {}", build.display()))?;
    step("created", &build);
    let (mut linked, mut written) = (0, 0);
    for (name, bytes) in files {
        let dst = build.join(name);
        let src = by_hash.get(&sha256_hex(bytes));
        if let Some(src) = src {
            // Linking fails on immutable or append-only files and across file systems: then
            // the file is written like a new one.
            if std::fs::hard_link(src, &dst).is_ok() {
                step("linked", &dst);
                linked += 1;
                continue;
            }
        }
        write_new(&dst, bytes)?;
        written += 1;
    }
    write_new(&build.join("tests.lock"), lock_text.as_bytes())?;
    write_new(
        &build.join(REPLACES),
        format!("{}\n", stamp(&lock_path, top.as_deref())?).as_bytes(),
    )?;
    sync_dir(&build)?;
    sync_dir(&builds)?;

    // Everything the commit needs, allocated before it.
    let target = Path::new(BUILDS).join(&id);
    std::os::unix::fs::symlink(&target, &new_link)
        .with_context(|| format!("cannot create the symlink {}", new_link.display()))?;
    step("created symlink", &new_link);
    if let Current::Build { id: old_id, .. } = &current {
        std::os::unix::fs::symlink(Path::new(BUILDS).join(old_id), &back_link)
            .with_context(|| format!("cannot create the symlink {}", back_link.display()))?;
        step("created symlink", &back_link);
    }
    let lock_tmp = if new_top {
        use std::os::unix::fs::PermissionsExt;
        let mut tmp = tempfile::Builder::new()
            .permissions(std::fs::Permissions::from_mode(0o644))
            .tempfile_in(dir)
            .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
        tmp.write_all(lock_text.as_bytes())
            .and_then(|_| tmp.as_file().sync_all())
            .with_context(|| format!("cannot write a new {}", lock_path.display()))?;
        step("wrote", tmp.path());
        Some(tmp)
    } else {
        None
    };

    // The commit point.
    let tests = dir.join("tests");
    let flipped = if current == Current::Legacy {
        exchange(&new_link, &tests)
    } else {
        std::fs::rename(&new_link, &tests)
    };
    flipped.with_context(|| format!("cannot switch {} to the new build", tests.display()))?;
    step("switched", &tests);
    staged.paths = vec![back_link.clone()];
    let mut warnings = Vec::new();
    if let Err(e) = sync_dir(dir) {
        warnings.push(format!("{e:#}"));
    }

    if let Some(tmp) = lock_tmp {
        if let Err(e) = tmp.persist(&lock_path) {
            let undone = match &current {
                Current::Build { .. } => std::fs::rename(&back_link, &tests),
                Current::Legacy => exchange(&new_link, &tests),
                Current::Missing => std::fs::remove_file(&tests),
            };
            staged.paths = vec![
                build.clone(),
                back_link.clone(),
                new_link.clone(),
                e.file.path().to_path_buf(),
            ];
            return match undone {
                Ok(()) => Err(anyhow::Error::new(e.error).context(format!(
                    "cannot replace {}; the build was undone, the previous package and lock \
                     are unchanged",
                    lock_path.display()
                ))),
                Err(u) => {
                    staged.armed = false;
                    Err(anyhow::Error::new(e.error).context(format!(
                        "cannot replace {}, and undoing the build failed too ({u}): {} holds \
                         the new build, whose lock is {}",
                        lock_path.display(),
                        tests.display(),
                        tests.join("tests.lock").display()
                    )))
                }
            };
        }
        step("renamed", &lock_path);
        if let Err(e) = sync_dir(dir) {
            warnings.push(format!("{e:#}"));
        }
    }
    staged.armed = false;

    // Cleanup: the committed package no longer needs these.
    let mut old = vec![back_link];
    match &current {
        Current::Build { path, .. } => old.push(path.clone()),
        Current::Legacy => old.push(new_link),
        Current::Missing => {}
    }
    for p in old {
        match remove_any(&p) {
            Ok(()) => step("removed", &p),
            Err(e) => warnings.push(format!(
                "cannot remove {} ({e}); the next build removes it",
                p.display()
            )),
        }
    }
    Ok(CommitOutcome::Committed {
        build,
        linked,
        written,
        warnings,
    })
}

/// Rewrites `tests.lock` (temporary file, fsync, rename), counting the steps.
fn write_lock_copy(dir: &Path, lock_text: &str) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let lock_path = dir.join("tests.lock");
    let mut tmp = tempfile::Builder::new()
        .permissions(std::fs::Permissions::from_mode(0o644))
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    tmp.write_all(lock_text.as_bytes())
        .and_then(|_| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write a new {}", lock_path.display()))?;
    step("wrote", tmp.path());
    tmp.persist(&lock_path)
        .with_context(|| format!("cannot replace {}", lock_path.display()))?;
    step("renamed", &lock_path);
    sync_dir(dir)
}

/// The command that builds problem `name` of `problems_dir`, in backquotes, e.g.
/// `` `gridjudge build game` `` or `` `gridjudge build game --problems-dir x --update-lock` ``
/// (`extra` appended when not empty): the next step that error messages suggest, with the
/// name and the folder quoted for a POSIX shell where they need it (a space, a quote, ...).
pub fn build_command(problems_dir: &Path, name: &str, extra: &str) -> String {
    crate::problems::command_hint(problems_dir, &["build", name], extra)
}
