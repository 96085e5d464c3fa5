//! Zygotes: long-lived sandboxes that start runs cheaply. Building a `bwrap` box (user, PID,
//! mount, network namespaces, a dozen mounts) and executing the init costs several
//! milliseconds per run; a zygote pays it once per concurrent run slot of a
//! [`crate::exec::sandbox::Session`], then starts every run in a fresh child of its own
//! ([`crate::exec::box_init`]'s `run_main`): new PID, mount and IPC namespaces, fresh tmpfs
//! `/tmp`, `/work` and `/dev/shm`, a fresh `/proc`, a fresh cgroup joined before the program
//! starts, every capability dropped. Nothing of a run survives into the next one: its
//! processes die with its PID namespace, its files with its mount namespace, its System V
//! objects with its IPC namespace; what the runs of one zygote share is the read-only system
//! view, the (empty, down) network namespace and the user namespace.
//!
//! The judge talks to a zygote over a `SOCK_SEQPACKET` control socket: one message per run,
//! carrying the run's descriptors (`SCM_RIGHTS`: stdin, stdout, stderr, and the run's own
//! status socket) and its command line (`box_init::encode_request`). A zygote
//! runs one run at a time; it exits when its control socket closes, and dies with the judge
//! (`--die-with-parent`, and its process group is recorded for the clean-up).
//!
//! Owns: starting, leasing and stopping zygotes (`ZygotePool`, `Zygote`) and sending
//! requests. May use: std, libc, [`crate::exec::cleanup`] and [`crate::exec::box_init`]; the
//! `bwrap` command comes from [`crate::exec::sandbox`], which holds the pool.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::process::Command;
use std::sync::Mutex;

use crate::exec::box_init::{receive_message, REQUEST_FDS};
use crate::exec::cleanup::GroupGuard;

/// A running zygote: its `bwrap` process (a process group leader, our child) and our end of
/// its control socket. Dropping it closes the socket (the zygote exits), kills the group and
/// reaps `bwrap`.
pub(crate) struct Zygote {
    pid: i32,
    ctl: OwnedFd,
    _guard: GroupGuard,
}

impl std::fmt::Debug for Zygote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Zygote").field("pid", &self.pid).finish()
    }
}

/// Starts `cmd` from a thread that lives as long as the process. `bwrap --die-with-parent`
/// (`PR_SET_PDEATHSIG`) kills a box when the *thread* that started it ends, and a zygote
/// outlives the worker thread that needed it first.
fn spawn_on_keeper(cmd: Command) -> std::io::Result<std::process::Child> {
    type Job = (
        Command,
        std::sync::mpsc::Sender<std::io::Result<std::process::Child>>,
    );
    static KEEPER: std::sync::OnceLock<Mutex<std::sync::mpsc::Sender<Job>>> =
        std::sync::OnceLock::new();
    let keeper = KEEPER.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("gridjudge-zygote-keeper".into())
            .spawn(move || {
                for (mut cmd, reply) in rx {
                    let _ = reply.send(cmd.spawn());
                }
            })
            .expect("the zygote keeper thread starts");
        Mutex::new(tx)
    });
    let (reply, answer) = std::sync::mpsc::channel();
    keeper
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send((cmd, reply))
        .map_err(|_| std::io::Error::other("the zygote keeper thread is gone"))?;
    answer
        .recv()
        .map_err(|_| std::io::Error::other("the zygote keeper thread is gone"))?
}

/// A `SOCK_SEQPACKET` socket pair, both ends close-on-exec.
pub(crate) fn seqpacket_pair() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0i32; 2];
    // SAFETY: socketpair fills the array with two new descriptors.
    if unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    } != 0
    {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just made and are owned by nobody else.
    unsafe { Ok((OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1]))) }
}

impl Zygote {
    /// Starts the zygote `cmd` (a `bwrap` command whose pre-exec steps keep `theirs`, the
    /// zygote's end of the control socket, open across `exec`); `ours` is the judge's end. The
    /// caller holds `EXEC_WRITE_GUARD` of [`crate::exec::sandbox`] for reading meanwhile.
    pub(crate) fn spawn(cmd: Command, ours: OwnedFd, theirs: OwnedFd) -> std::io::Result<Zygote> {
        let child = spawn_on_keeper(cmd)?;
        drop(theirs);
        let pid = child.id() as i32;
        Ok(Zygote {
            pid,
            ctl: ours,
            _guard: GroupGuard::new(pid),
        })
    }

    /// Sends one run: `payload` and the [`REQUEST_FDS`] descriptors `fds`.
    ///
    /// Errors: the zygote is gone (`EPIPE`, `ECONNRESET`) or the message cannot be sent.
    pub(crate) fn send(&self, payload: &[u8], fds: [RawFd; REQUEST_FDS]) -> std::io::Result<()> {
        // SAFETY: msghdr and the control buffer are plain data sized for REQUEST_FDS
        // descriptors; CMSG_* fill the buffer; sendmsg reads them.
        unsafe {
            let size = REQUEST_FDS * std::mem::size_of::<i32>();
            let space = libc::CMSG_SPACE(size as u32) as usize;
            let mut control = vec![0u8; space];
            let mut iov = libc::iovec {
                iov_base: payload.as_ptr() as *mut libc::c_void,
                iov_len: payload.len(),
            };
            let mut msg: libc::msghdr = std::mem::zeroed();
            msg.msg_iov = &mut iov;
            msg.msg_iovlen = 1;
            msg.msg_control = control.as_mut_ptr().cast();
            msg.msg_controllen = space as _;
            let c = libc::CMSG_FIRSTHDR(&msg);
            (*c).cmsg_level = libc::SOL_SOCKET;
            (*c).cmsg_type = libc::SCM_RIGHTS;
            (*c).cmsg_len = libc::CMSG_LEN(size as u32) as _;
            std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(c) as *mut i32, fds.len());
            loop {
                let n = libc::sendmsg(self.ctl.as_raw_fd(), &msg, libc::MSG_NOSIGNAL);
                if n >= 0 {
                    return Ok(());
                }
                let e = std::io::Error::last_os_error();
                if e.raw_os_error() != Some(libc::EINTR) {
                    return Err(e);
                }
            }
        }
    }
}

impl Drop for Zygote {
    fn drop(&mut self) {
        // SAFETY: kill and waitpid on our own child's group and pid.
        unsafe {
            libc::kill(-self.pid, libc::SIGKILL);
            let mut st = 0;
            while libc::waitpid(self.pid, &mut st, 0) < 0
                && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
            {}
        }
    }
}

/// The idle zygotes of a session; a run takes one ([`ZygotePool::lease`]) or starts a new one,
/// and gives it back when it ends well.
#[derive(Debug, Default)]
pub(crate) struct ZygotePool {
    idle: Mutex<Vec<Zygote>>,
}

/// A zygote lent to one run; back to the pool on drop unless [`ZygoteLease::discard`]ed.
pub(crate) struct ZygoteLease<'a> {
    pool: &'a ZygotePool,
    zygote: Option<Zygote>,
}

impl ZygotePool {
    /// An idle zygote, or a new one from `start`.
    ///
    /// Errors: `start`'s.
    pub(crate) fn lease(
        &self,
        start: impl FnOnce() -> std::io::Result<Zygote>,
    ) -> std::io::Result<ZygoteLease<'_>> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let zygote = match idle {
            Some(z) => z,
            None => start()?,
        };
        Ok(ZygoteLease {
            pool: self,
            zygote: Some(zygote),
        })
    }
}

impl ZygoteLease<'_> {
    /// The zygote.
    pub(crate) fn zygote(&self) -> &Zygote {
        self.zygote
            .as_ref()
            .expect("a lease holds its zygote until dropped")
    }

    /// Stops the zygote instead of returning it (it failed, or its run could not be ended
    /// cleanly).
    pub(crate) fn discard(mut self) {
        self.zygote = None;
    }
}

impl Drop for ZygoteLease<'_> {
    fn drop(&mut self) {
        if let Some(z) = self.zygote.take() {
            self.pool
                .idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(z);
        }
    }
}

/// Receives one message of at most 4 KiB from the run's status socket `fd`, with the sender's
/// pid as seen from here (`SO_PASSCRED` must be set on `fd`). `Ok(None)` at end of file;
/// errors with `WouldBlock` when nothing waits (`MSG_DONTWAIT`).
pub(crate) fn receive_with_pid(fd: RawFd) -> std::io::Result<Option<(Vec<u8>, Option<i32>)>> {
    let mut buf = vec![0u8; 4096];
    let (n, control) = receive_message(
        fd,
        &mut buf,
        std::mem::size_of::<libc::ucred>(),
        libc::MSG_DONTWAIT | libc::MSG_CMSG_CLOEXEC,
    )?;
    if n == 0 {
        return Ok(None);
    }
    let pid = control
        .iter()
        .find(|(level, kind, data)| {
            *level == libc::SOL_SOCKET
                && *kind == libc::SCM_CREDENTIALS
                && data.len() >= std::mem::size_of::<libc::ucred>()
        })
        // SAFETY: the data holds a whole ucred (checked above), read unaligned.
        .map(|(_, _, data)| unsafe {
            std::ptr::read_unaligned(data.as_ptr().cast::<libc::ucred>()).pid
        });
    buf.truncate(n);
    Ok(Some((buf, pid)))
}

/// Waits until `fd` is readable or `timeout_ms` passed (`poll`); `true` when readable (or at
/// end of file).
pub(crate) fn wait_readable(fd: RawFd, timeout_ms: i32) -> bool {
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: poll reads and writes the one pollfd.
    let r = unsafe { libc::poll(&mut p, 1, timeout_ms) };
    r > 0
}

/// Turns on `SO_PASSCRED` on `fd`: each message received carries its sender's credentials.
pub(crate) fn pass_credentials(fd: RawFd) -> std::io::Result<()> {
    let one: libc::c_int = 1;
    // SAFETY: setsockopt reads the integer.
    if unsafe {
        libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_PASSCRED,
            (&one as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        )
    } != 0
    {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}
