//! A read-only view of one folder for a program run unconfined: a setter's programs
//! (generators, validator, reference solution, brute force, checker, normaliser) run outside
//! the sandbox, as the setter's own, but must not change their problem folder (a Python cache
//! written beside a generator, a file a generator leaves there): they get it read-only.
//!
//! How: in the child, between `fork` and `exec`, a private mount namespace (`unshare(2)`
//! with `CLONE_NEWNS`; when gridjudge is not root, inside a new user namespace that maps the
//! user's own uid and gid to themselves, as `unshare --map-current-user` does) in which the
//! folder is bind-mounted over itself and remounted read-only. Everything else is as it was:
//! the program keeps its uid, sees every other file, and writes to its working folder, `TMPDIR`
//! or anywhere it may write. A write into the folder fails with `EROFS` ("Read-only file
//! system") and nothing there changes; the mount namespace ends with the run. The cost is one
//! namespace per run, measured in docs/problem-format.md.
//!
//! Not every machine allows this (a container whose seccomp profile refuses `unshare`,
//! user namespaces switched off for a user that is not root): [`available`] tries it once per
//! process, and where it fails the runs go on without the view, with one warning on stderr
//! naming why ([`crate::exec::runner`]).
//!
//! May use: nothing of the crate.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::Context as _;

/// A folder to show read-only, prepared in the parent so that [`ReadOnlyView::enter`]
/// allocates nothing.
#[derive(Debug)]
pub struct ReadOnlyView {
    dir: CString,
    /// Mount flags the folder's mount already has and that a remount must keep (a user
    /// namespace may not clear `nosuid`, `nodev`, `noexec` or the atime flags).
    keep: libc::c_ulong,
    /// `Some((uid_map, gid_map))` when not root: the user namespace's one-line maps.
    maps: Option<(CString, CString)>,
}

/// The mount flags of the file system holding `dir` that a read-only remount must keep.
fn kept_flags(dir: &CString) -> std::io::Result<libc::c_ulong> {
    // SAFETY: statvfs writes into the zeroed struct we pass; `dir` is NUL-terminated.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(dir.as_ptr(), &mut st) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let f = st.f_flag;
    let mut keep = 0;
    for (st_flag, ms_flag) in [
        (libc::ST_NOSUID, libc::MS_NOSUID),
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if f & st_flag != 0 {
            keep |= ms_flag;
        }
    }
    Ok(keep)
}

impl ReadOnlyView {
    /// Prepares the view of `dir` (an existing folder; made absolute). Errors: `dir` cannot
    /// be resolved or its file system cannot be read.
    pub fn new(dir: &Path) -> anyhow::Result<ReadOnlyView> {
        let abs = std::fs::canonicalize(dir)
            .with_context(|| format!("cannot resolve {}", dir.display()))?;
        let c = CString::new(abs.as_os_str().as_bytes())
            .with_context(|| format!("{}: a NUL byte in the path", abs.display()))?;
        let keep = kept_flags(&c)
            .with_context(|| format!("cannot read the mount of {}", abs.display()))?;
        // SAFETY: getuid, geteuid and getgid have no preconditions.
        let (uid, euid, gid) = unsafe { (libc::getuid(), libc::geteuid(), libc::getgid()) };
        let maps = (euid != 0).then(|| {
            (
                CString::new(format!("{uid} {uid} 1\n")).expect("digits"),
                CString::new(format!("{gid} {gid} 1\n")).expect("digits"),
            )
        });
        Ok(ReadOnlyView { dir: c, keep, maps })
    }

    /// Enters the view: to be called in the child between `fork` and `exec` (a single thread,
    /// which `unshare(CLONE_NEWUSER)` needs). Only async-signal-safe calls (`unshare`, `open`,
    /// `write`, `close`, `mount`); allocates nothing.
    pub fn enter(&self) -> std::io::Result<()> {
        let fail = || Err(std::io::Error::last_os_error());
        // SAFETY: plain system calls on NUL-terminated strings prepared in the parent.
        unsafe {
            match &self.maps {
                None => {
                    if libc::unshare(libc::CLONE_NEWNS) != 0 {
                        return fail();
                    }
                }
                Some((uid_map, gid_map)) => {
                    if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS) != 0 {
                        return fail();
                    }
                    write_file(c"/proc/self/setgroups", c"deny")?;
                    write_file(c"/proc/self/uid_map", uid_map)?;
                    write_file(c"/proc/self/gid_map", gid_map)?;
                }
            }
            let none = std::ptr::null::<libc::c_char>();
            // Nothing of this namespace's mounts may reach the host's.
            if libc::mount(
                none,
                c"/".as_ptr(),
                none,
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ) != 0
            {
                return fail();
            }
            let dir = self.dir.as_ptr();
            if libc::mount(
                dir,
                dir,
                none,
                libc::MS_BIND | libc::MS_REC,
                std::ptr::null(),
            ) != 0
            {
                return fail();
            }
            if libc::mount(
                none,
                dir,
                none,
                libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | self.keep,
                std::ptr::null(),
            ) != 0
            {
                return fail();
            }
        }
        Ok(())
    }
}

/// Writes `text` to the file `path` (one `write`). Async-signal-safe.
fn write_file(path: &std::ffi::CStr, text: &std::ffi::CStr) -> std::io::Result<()> {
    // SAFETY: open/write/close on NUL-terminated strings and a descriptor we own.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let bytes = text.to_bytes();
        let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let err = std::io::Error::last_os_error();
        libc::close(fd);
        if n != bytes.len() as isize {
            return Err(err);
        }
    }
    Ok(())
}

/// Whether read-only views can be made on this machine: tried once per process by starting
/// `/bin/true` in a view of the system's temporary folder. `Err` says why not (the error of
/// the step that failed).
pub fn available() -> Result<(), String> {
    static PROBE: OnceLock<Result<(), String>> = OnceLock::new();
    PROBE
        .get_or_init(|| {
            let view = ReadOnlyView::new(&std::env::temp_dir()).map_err(|e| format!("{e:#}"))?;
            let mut cmd = std::process::Command::new("/bin/true");
            cmd.stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null());
            // SAFETY: `enter` makes only async-signal-safe calls and allocates nothing.
            unsafe {
                cmd.pre_exec(move || view.enter());
            }
            match cmd.status() {
                Ok(s) if s.success() => Ok(()),
                Ok(s) => Err(format!("a trial run ended with {s}")),
                Err(e) => Err(format!("a mount namespace cannot be made ({e})")),
            }
        })
        .clone()
}
