//! The sandbox's init: the first process inside every `bwrap` box (`--as-pid-1`, so it is
//! PID 1 of the box's PID namespace and `bwrap` installs no init of its own). It starts the
//! judged program, waits for it, and reports to the judge, through a pipe only it holds, the
//! program's own wait status and what the kernel accounted to it. The judge's verdicts come
//! from that report and the run's cgroup, never from `bwrap`'s exit code (which folds "exit
//! code 152" and "killed by SIGXCPU" together) or from anything the program prints.
//!
//! # How it runs
//! The judge opens its own executable (`/proc/self/exe`) once per process and hands the
//! descriptor to `bwrap`, which executes it as `/proc/self/fd/N` inside the box with the
//! argument [`INIT_FLAG`]. A constructor in `.init_array` (`HOOK`) sees that argument before
//! `main` (of gridjudge, of a test binary, of a benchmark: any binary linking this library),
//! runs `init_main` and exits: the executable needs no other entry point and no second
//! binary has to be found at run time.
//!
//! # What it does
//! 1. Makes itself non-dumpable (`PR_SET_DUMPABLE` 0): the program, although it runs with the
//!    same uid, can then neither `ptrace` it nor open `/proc/1/fd/*` or `/proc/1/mem`; signals
//!    from inside the namespace do not reach PID 1 (it installs no handler); it dies with
//!    `bwrap` (`PR_SET_PDEATHSIG`). Its descriptors other than 0–2 are close-on-exec.
//! 2. Writes `S` on the status pipe (the box started: what `bwrap` prints on stderr afterwards
//!    is the program's, never a sandbox error).
//! 3. Forks the program: the child sets the rlimits it was given (CPU time, address space,
//!    file size, stack, no core files, and in per-process mode `RLIMIT_NPROC`, counted inside
//!    the box's user namespace), installs the system-call filter ([`crate::exec::seccomp`]),
//!    and executes the program; an `execve` error goes back to init through a close-on-exec
//!    pipe.
//! 4. Reaps every process that ends (orphans come to PID 1) until the program's own process
//!    has ended; then kills everything left in the namespace (`kill(-1, SIGKILL)`), reaps it,
//!    reads what the kernel accounted to all of its children (`getrusage(RUSAGE_CHILDREN)`:
//!    CPU time summed, the largest resident set) and whether `/tmp` or `/work` is full.
//! 5. Writes one line `R <status> <cpu_us> <maxrss_kib> <scratch_full> <exec_errno>` and
//!    exits 0; the namespace dies with it.
//!
//! Owns: the init's protocol (`Report`, `InitConfig`). May use: std, libc and
//! [`crate::exec::seccomp`].

use std::ffi::{CStr, CString, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::sync::OnceLock;

/// The argument that turns an execution of the judge's binary into the sandbox's init.
pub const INIT_FLAG: &str = "--gridjudge-box-init";

/// The argument that turns an execution of the judge's binary into a box's zygote
/// ([`crate::exec::zygote`]): a long-lived PID 1 that starts each run in fresh namespaces.
pub const ZYGOTE_FLAG: &str = "--gridjudge-box-zygote";

/// What the init is told on its command line (after [`INIT_FLAG`], one `key=value` word),
/// then `--` and the program's command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct InitConfig {
    /// The status pipe's descriptor number.
    pub status_fd: i32,
    /// `RLIMIT_CPU`, seconds (0: unlimited).
    pub cpu_s: u64,
    /// `RLIMIT_AS`, bytes (0: unlimited).
    pub as_bytes: u64,
    /// `RLIMIT_FSIZE`, bytes (0: unlimited).
    pub fsize: u64,
    /// `RLIMIT_STACK`, bytes (0: unlimited).
    pub stack: u64,
    /// `RLIMIT_NPROC` (0: left as it is).
    pub nproc: u64,
}

impl InitConfig {
    /// The one-word form given on the command line.
    pub(crate) fn encode(&self) -> String {
        format!(
            "status={},cpu={},as={},fsize={},stack={},nproc={}",
            self.status_fd, self.cpu_s, self.as_bytes, self.fsize, self.stack, self.nproc
        )
    }

    /// Parses [`InitConfig::encode`]'s form; `None` on anything else.
    pub(crate) fn decode(s: &str) -> Option<InitConfig> {
        let mut c = InitConfig::default();
        for kv in s.split(',') {
            let (k, v) = kv.split_once('=')?;
            let n: u64 = v.parse().ok()?;
            match k {
                "status" => c.status_fd = i32::try_from(n).ok()?,
                "cpu" => c.cpu_s = n,
                "as" => c.as_bytes = n,
                "fsize" => c.fsize = n,
                "stack" => c.stack = n,
                "nproc" => c.nproc = n,
                _ => return None,
            }
        }
        Some(c)
    }
}

/// What the init reported about one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Report {
    /// The program's own `wait` status.
    pub status: i32,
    /// CPU time of every process of the run that init reaped (user + system), microseconds.
    pub cpu_us: u64,
    /// The largest resident set of any of them, KiB.
    pub maxrss_kib: u64,
    /// Whether `/tmp` or `/work` had no space left when the program ended.
    pub scratch_full: bool,
    /// The `errno` of a failed `execve` of the program (0: it started).
    pub exec_errno: i32,
}

/// What the status pipe held after a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Nothing: the init never started (`bwrap` failed to build the box).
    NotStarted,
    /// The init started but wrote no report (it was killed: by the judge on a limit, by the
    /// OOM killer, or with the whole run).
    Started,
    /// The init's report.
    Reported(Report),
}

impl Status {
    /// Parses what the init wrote on the status pipe.
    pub(crate) fn parse(bytes: &[u8]) -> Status {
        let text = String::from_utf8_lossy(bytes);
        if !text.starts_with('S') {
            return Status::NotStarted;
        }
        let Some(line) = text.lines().find_map(|l| l.strip_prefix("R ")) else {
            return Status::Started;
        };
        let f: Vec<&str> = line.split_whitespace().collect();
        let parsed = (|| {
            Some(Report {
                status: f.first()?.parse().ok()?,
                cpu_us: f.get(1)?.parse().ok()?,
                maxrss_kib: f.get(2)?.parse().ok()?,
                scratch_full: f.get(3)? == &"1",
                exec_errno: f.get(4)?.parse().ok()?,
            })
        })();
        parsed.map_or(Status::Started, Status::Reported)
    }
}

/// The judge's own executable, opened once per process (`O_PATH`, close-on-exec; the runner
/// clears close-on-exec in the child that executes `bwrap`). When gridjudge is root and the
/// file is not executable by others (the sandbox's uid), a copy in a sealed memfd (mode 0755)
/// stands in for it.
///
/// Errors: `/proc/self/exe` cannot be opened or copied.
pub(crate) fn executable_fd() -> Result<i32, String> {
    static FD: OnceLock<Result<OwnedFd, String>> = OnceLock::new();
    FD.get_or_init(open_executable)
        .as_ref()
        .map(|f| f.as_raw_fd())
        .map_err(Clone::clone)
}

fn open_executable() -> Result<OwnedFd, String> {
    use std::os::unix::fs::PermissionsExt;
    let exe = std::fs::read_link("/proc/self/exe")
        .map_err(|e| format!("cannot find the judge's own executable: {e}"))?;
    let meta =
        std::fs::metadata(&exe).map_err(|e| format!("cannot read {}: {e}", exe.display()))?;
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    if !root || meta.permissions().mode() & 0o001 != 0 {
        let path = CString::new(exe.as_os_str().as_bytes())
            .map_err(|_| "the executable's path has a NUL byte".to_string())?;
        // SAFETY: path is NUL-terminated; open returns a new descriptor or -1.
        let fd = unsafe { libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
        if fd < 0 {
            return Err(format!(
                "cannot open {}: {}",
                exe.display(),
                std::io::Error::last_os_error()
            ));
        }
        // SAFETY: fd was just opened and is owned by nobody else.
        return Ok(unsafe { OwnedFd::from_raw_fd(fd) });
    }
    // SAFETY: memfd_create takes a NUL-terminated name and flags.
    let fd = unsafe {
        libc::memfd_create(
            c"gridjudge-init".as_ptr(),
            libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
        )
    };
    if fd < 0 {
        return Err(format!(
            "cannot make a copy of the judge for the sandbox: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: fd was just made and is owned by nobody else.
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    let mut file = std::fs::File::from(owned);
    let mut src =
        std::fs::File::open(&exe).map_err(|e| format!("cannot read {}: {e}", exe.display()))?;
    std::io::copy(&mut src, &mut file)
        .map_err(|e| format!("cannot copy {} for the sandbox: {e}", exe.display()))?;
    file.set_permissions(std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("cannot make the sandbox's init executable: {e}"))?;
    // SAFETY: fcntl on our own descriptor.
    unsafe {
        libc::fcntl(
            file.as_raw_fd(),
            libc::F_ADD_SEALS,
            libc::F_SEAL_SEAL | libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE,
        );
    }
    Ok(OwnedFd::from(file))
}

/// The constructor that runs [`init_main`] when the binary is executed as the sandbox's init
/// (its first argument is [`INIT_FLAG`]), before `main`. glibc calls `.init_array` entries
/// with `argc`, `argv` and `envp`; other C libraries may pass nothing, and then the hook does
/// nothing (the runner refuses to start the sandbox without a working init: see
/// [`crate::exec::sandbox`]'s trial run).
#[used]
#[link_section = ".init_array"]
pub(crate) static HOOK: unsafe extern "C" fn(
    libc::c_int,
    *const *const libc::c_char,
    *const *const libc::c_char,
) = hook;

unsafe extern "C" fn hook(
    argc: libc::c_int,
    argv: *const *const libc::c_char,
    _envp: *const *const libc::c_char,
) {
    if argc < 2 || argv.is_null() {
        return;
    }
    // SAFETY: glibc passes argc valid NUL-terminated strings in argv.
    let args: Vec<OsString> = (0..argc as usize)
        .map(|i| unsafe {
            let p = *argv.add(i);
            if p.is_null() {
                OsString::new()
            } else {
                std::ffi::OsStr::from_bytes(CStr::from_ptr(p).to_bytes()).to_os_string()
            }
        })
        .collect();
    let code = if args[1] == INIT_FLAG {
        init_main(&args[2..])
    } else if args[1] == ZYGOTE_FLAG {
        zygote_main(&args[2..])
    } else {
        return;
    };
    // SAFETY: _exit ends the process without running anything else.
    unsafe { libc::_exit(code) }
}

/// Writes all of `bytes` on descriptor `fd`, retrying on `EINTR`.
fn write_all(fd: i32, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: bytes is a valid buffer of its length.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// Whether the file system at `path` has no free block left.
fn is_full(path: &CStr) -> bool {
    // SAFETY: statfs fills the struct; zeroed is a valid value.
    unsafe {
        let mut s: libc::statfs = std::mem::zeroed();
        libc::statfs(path.as_ptr(), &mut s) == 0 && s.f_bavail == 0
    }
}

fn set_rlimit(resource: libc::__rlimit_resource_t, value: u64) -> bool {
    let lim = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: setrlimit reads the struct.
    unsafe { libc::setrlimit(resource, &lim) == 0 }
}

/// The init's work (module documentation); `args` are the words after [`INIT_FLAG`]. Returns
/// its exit code: 0 after a report, 120 when it is not PID 1 (run by hand), 121 to 125 when
/// it could not start the program (a bug or a broken box; the judge then reports a judge
/// error).
fn init_main(args: &[OsString]) -> i32 {
    // Only ever PID 1 of a fresh PID namespace: outside one, `kill(-1, SIGKILL)` below would
    // reach every process the caller may signal.
    // SAFETY: getpid has no preconditions.
    if unsafe { libc::getpid() } != 1 {
        eprintln!(
            "{INIT_FLAG}: not PID 1 of a PID namespace; this is the sandbox's init, not a command"
        );
        return 120;
    }
    let Some(config) = args
        .first()
        .and_then(|a| a.to_str())
        .and_then(InitConfig::decode)
    else {
        return 121;
    };
    let argv: Vec<CString> = match args.get(1) {
        Some(dash) if dash == "--" => args[2..]
            .iter()
            .filter_map(|a| CString::new(a.as_bytes()).ok())
            .collect(),
        _ => return 122,
    };
    if argv.is_empty() || argv.len() != args.len() - 2 {
        return 122;
    }
    let status_fd = config.status_fd;
    protect_self();
    write_all(status_fd, b"S\n");
    run_program(&config, &argv)
}

/// Makes this process non-dumpable, dying with its parent, with every descriptor above 2
/// close-on-exec (module documentation, step 1).
fn protect_self() {
    // SAFETY: prctl and fcntl with integer arguments; the loop marks every inherited
    // descriptor above 2 close-on-exec (the status pipe and the executable among them).
    unsafe {
        libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
        libc::prctl(
            libc::PR_SET_PDEATHSIG,
            libc::SIGKILL as libc::c_ulong,
            0,
            0,
            0,
        );
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 4u32) != 0 {
            for fd in 3..1024 {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
    }
}

/// Steps 3 to 5 of the module documentation, in PID 1 of a fresh PID namespace: starts the
/// program `argv` under `config`'s rlimits and the system-call filter, waits, reports on
/// `config.status_fd`. Returns the exit code of the init.
fn run_program(config: &InitConfig, argv: &[CString]) -> i32 {
    let status_fd = config.status_fd;
    let filters = match crate::exec::seccomp::filters() {
        Ok(f) => f,
        Err(_) => return 123,
    };
    let mut ptrs: Vec<*const libc::c_char> = argv.iter().map(|a| a.as_ptr()).collect();
    ptrs.push(std::ptr::null());
    let mut err_pipe = [0i32; 2];
    // SAFETY: pipe2 fills the array.
    if unsafe { libc::pipe2(err_pipe.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return 124;
    }
    // SAFETY: init is single-threaded; the child calls setrlimit, prctl, seccomp, execvp,
    // write and _exit only.
    let child = unsafe { libc::fork() };
    if child < 0 {
        return 125;
    }
    if child == 0 {
        // SAFETY: as above; the buffers were prepared before the fork.
        unsafe {
            libc::close(err_pipe[0]);
            let ok = (config.cpu_s == 0 || set_rlimit(libc::RLIMIT_CPU, config.cpu_s))
                && (config.as_bytes == 0 || set_rlimit(libc::RLIMIT_AS, config.as_bytes))
                && (config.fsize == 0 || set_rlimit(libc::RLIMIT_FSIZE, config.fsize))
                && (config.stack == 0 || set_rlimit(libc::RLIMIT_STACK, config.stack))
                && set_rlimit(libc::RLIMIT_CORE, 0)
                && (config.nproc == 0 || set_rlimit(libc::RLIMIT_NPROC, config.nproc))
                && crate::exec::seccomp::install(&filters).is_ok();
            if ok {
                libc::execvp(ptrs[0], ptrs.as_ptr());
            }
            let e = *libc::__errno_location();
            let e = if e == 0 { libc::EINVAL } else { e };
            libc::write(err_pipe[1], (&e as *const i32).cast(), 4);
            libc::_exit(127);
        }
    }
    // SAFETY: closing our copy of the write end.
    unsafe { libc::close(err_pipe[1]) };
    let mut status = 0;
    loop {
        let mut st = 0;
        // SAFETY: waitpid writes the status integer.
        let r = unsafe { libc::waitpid(-1, &mut st, 0) };
        if r == child {
            status = st;
            break;
        }
        if r < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break;
        }
    }
    // Everything else in the namespace goes now; then all of it is reaped, so that its usage
    // is in RUSAGE_CHILDREN.
    // SAFETY: kill and waitpid with integer arguments.
    unsafe {
        libc::kill(-1, libc::SIGKILL);
        loop {
            let mut st = 0;
            let r = libc::waitpid(-1, &mut st, 0);
            if r < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                break;
            }
        }
    }
    let mut exec_errno = 0i32;
    // SAFETY: reads at most 4 bytes into the integer.
    unsafe {
        let n = libc::read(err_pipe[0], (&mut exec_errno as *mut i32).cast(), 4);
        if n != 4 {
            exec_errno = 0;
        }
    }
    // SAFETY: getrusage fills the struct; zeroed is valid.
    let usage = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut u);
        u
    };
    let us = |tv: libc::timeval| tv.tv_sec as u64 * 1_000_000 + tv.tv_usec as u64;
    let cpu_us = us(usage.ru_utime) + us(usage.ru_stime);
    let scratch_full = is_full(c"/tmp") || is_full(c"/work");
    let line = format!(
        "R {status} {cpu_us} {} {} {exec_errno}\n",
        usage.ru_maxrss.max(0),
        u8::from(scratch_full)
    );
    write_all(status_fd, line.as_bytes());
    0
}

/// How many descriptors a zygote request carries: the run's stdin, stdout, stderr and status
/// socket, in that order.
pub(crate) const REQUEST_FDS: usize = 4;

/// The payload of a zygote request: the scratch folders' size in bytes, the [`InitConfig`]
/// (its `status_fd` is replaced by the descriptor received), then the program's words, all
/// separated by NUL bytes.
pub(crate) fn encode_request(tmpfs_bytes: u64, config: &InitConfig, argv: &[OsString]) -> Vec<u8> {
    let mut out = format!("{tmpfs_bytes}\0{}", config.encode()).into_bytes();
    for a in argv {
        out.push(0);
        out.extend_from_slice(a.as_bytes());
    }
    out
}

/// Parses [`encode_request`]'s payload.
fn decode_request(bytes: &[u8]) -> Option<(u64, InitConfig, Vec<CString>)> {
    let mut words = bytes.split(|&b| b == 0);
    let tmpfs: u64 = std::str::from_utf8(words.next()?).ok()?.parse().ok()?;
    let config = InitConfig::decode(std::str::from_utf8(words.next()?).ok()?)?;
    let argv: Vec<CString> = words.map(|w| CString::new(w).ok()).collect::<Option<_>>()?;
    (!argv.is_empty()).then_some((tmpfs, config, argv))
}

/// Receives one request on the control socket `ctl`: its payload and exactly
/// [`REQUEST_FDS`] descriptors. `None` when the judge closed the socket or sent something else
/// (descriptors received with it are closed).
fn receive_request(ctl: i32) -> Option<(Vec<u8>, [i32; REQUEST_FDS])> {
    let mut buf = vec![0u8; 1 << 17];
    let fd_bytes = REQUEST_FDS * std::mem::size_of::<i32>();
    let (n, control) = receive_message(ctl, &mut buf, fd_bytes, libc::MSG_CMSG_CLOEXEC).ok()?;
    if n == 0 {
        return None;
    }
    let fds: Vec<i32> = control
        .iter()
        .filter(|(level, kind, _)| *level == libc::SOL_SOCKET && *kind == libc::SCM_RIGHTS)
        .flat_map(|(_, _, data)| {
            data.chunks_exact(4)
                .map(|c| i32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        })
        .collect();
    let Ok(fds) = <[i32; REQUEST_FDS]>::try_from(fds.as_slice()) else {
        for fd in fds {
            // SAFETY: closing descriptors we were sent and will not use.
            unsafe { libc::close(fd) };
        }
        return Some((Vec::new(), [-1; REQUEST_FDS]));
    };
    buf.truncate(n);
    Some((buf, fds))
}

/// One control message: its level, type and data.
pub(crate) type Control = (i32, i32, Vec<u8>);

/// Receives one message on the socket `fd` into `buf` (`recvmsg` with `flags`, retried on
/// `EINTR`), with room for `control_bytes` of ancillary data: the message's length (0 at end
/// of file) and its control messages. Used by both ends of the zygote protocol.
///
/// Errors: `recvmsg`'s (`WouldBlock` with `MSG_DONTWAIT` and nothing waiting).
pub(crate) fn receive_message(
    fd: i32,
    buf: &mut [u8],
    control_bytes: usize,
    flags: libc::c_int,
) -> std::io::Result<(usize, Vec<Control>)> {
    // SAFETY: msghdr and the control buffer are plain data, the latter sized by CMSG_SPACE;
    // recvmsg fills them; CMSG_* walk only what it filled.
    unsafe {
        let space = libc::CMSG_SPACE(control_bytes as u32) as usize;
        let mut control = vec![0u8; space];
        let mut iov = libc::iovec {
            iov_base: buf.as_mut_ptr().cast(),
            iov_len: buf.len(),
        };
        let mut msg: libc::msghdr = std::mem::zeroed();
        msg.msg_iov = &mut iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control.as_mut_ptr().cast();
        msg.msg_controllen = space as _;
        let n = loop {
            let n = libc::recvmsg(fd, &mut msg, flags);
            if n >= 0 {
                break n as usize;
            }
            let e = std::io::Error::last_os_error();
            if e.raw_os_error() != Some(libc::EINTR) {
                return Err(e);
            }
        };
        let mut out = Vec::new();
        let mut c = libc::CMSG_FIRSTHDR(&msg);
        while !c.is_null() {
            let len = (*c).cmsg_len as usize - libc::CMSG_LEN(0) as usize;
            let data = std::slice::from_raw_parts(libc::CMSG_DATA(c), len).to_vec();
            out.push(((*c).cmsg_level, (*c).cmsg_type, data));
            c = libc::CMSG_NXTHDR(&msg, c);
        }
        Ok((n, out))
    }
}

/// A box's zygote: PID 1 of a long-lived `bwrap` box that holds `CAP_SYS_ADMIN` in the box's
/// user namespace (`--cap-add`), and starts each run the judge asks for on its control socket
/// in a fresh child: new PID, mount and IPC namespaces, fresh tmpfs `/tmp`, `/work` and
/// `/dev/shm`, a fresh `/proc` ([`run_main`]). One run at a time; it exits when the judge
/// closes the socket. `args`: `ctl=<descriptor>`.
fn zygote_main(args: &[OsString]) -> i32 {
    // SAFETY: getpid has no preconditions.
    if unsafe { libc::getpid() } != 1 {
        eprintln!("{ZYGOTE_FLAG}: not PID 1 of a PID namespace; this is the sandbox's zygote");
        return 120;
    }
    let Some(ctl) = args
        .first()
        .and_then(|a| a.to_str())
        .and_then(|a| a.strip_prefix("ctl="))
        .and_then(|n| n.parse::<i32>().ok())
    else {
        return 121;
    };
    protect_self();
    loop {
        let Some((payload, fds)) = receive_request(ctl) else {
            return 0;
        };
        let request = decode_request(&payload);
        // SAFETY: the zygote is single-threaded; clone without a new stack is a fork into new
        // PID, mount and IPC namespaces; the child never returns from run_main.
        let pid = match request {
            None => -1,
            Some(_) => unsafe {
                libc::syscall(
                    libc::SYS_clone,
                    (libc::CLONE_NEWPID | libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::SIGCHLD)
                        as libc::c_ulong,
                    0usize,
                    0usize,
                    0usize,
                    0usize,
                ) as i32
            },
        };
        if pid == 0 {
            if let Some((tmpfs, config, argv)) = request {
                let code = run_main(tmpfs, config, &argv, fds);
                // SAFETY: ends the run's PID 1.
                unsafe { libc::_exit(code) }
            }
        }
        if pid < 0 {
            let why = match request {
                None => "a request it cannot read".to_string(),
                Some(_) => format!(
                    "cannot make the run's namespaces: {}",
                    std::io::Error::last_os_error()
                ),
            };
            write_all(fds[3], format!("E {why}\n").as_bytes());
        }
        for fd in fds {
            if fd >= 0 {
                // SAFETY: closing descriptors received for this run.
                unsafe { libc::close(fd) };
            }
        }
        if pid > 0 {
            let mut st = 0;
            // SAFETY: waitpid writes the status integer.
            while unsafe { libc::waitpid(pid, &mut st, 0) } < 0
                && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
            {}
        }
    }
}

/// Mounts a file system; `false` on failure.
fn mount(source: &CStr, target: &CStr, fstype: &CStr, flags: libc::c_ulong, data: &str) -> bool {
    let Ok(data) = CString::new(data) else {
        return false;
    };
    // SAFETY: every pointer is a valid NUL-terminated string.
    unsafe {
        libc::mount(
            source.as_ptr(),
            target.as_ptr(),
            fstype.as_ptr(),
            flags,
            data.as_ptr().cast(),
        ) == 0
    }
}

/// One run in a zygote's child, PID 1 of fresh PID, mount and IPC namespaces: takes the
/// run's descriptors as 0, 1, 2 and the status socket, mounts fresh tmpfs `/tmp`, `/work`
/// and `/dev/shm` of `tmpfs_bytes` each and a fresh `/proc`, says `S` on the status socket
/// (the judge then puts this process in the run's cgroup, knowing its pid from the socket's
/// credentials) and waits for `G`, drops every capability, and continues as the init
/// ([`run_program`]). Returns the exit code.
fn run_main(tmpfs_bytes: u64, mut config: InitConfig, argv: &[CString], fds: [i32; 4]) -> i32 {
    let status = fds[3];
    config.status_fd = status;
    // SAFETY: plain system calls on integers and prepared strings.
    unsafe {
        libc::setsid();
        for (i, &fd) in fds[..3].iter().enumerate() {
            if libc::dup2(fd, i as i32) < 0 {
                return 126;
            }
        }
    }
    let size = tmpfs_bytes.max(1 << 20);
    let tmpfs = |target: &CStr, mode: &str| {
        mount(
            c"tmpfs",
            target,
            c"tmpfs",
            libc::MS_NOSUID | libc::MS_NODEV,
            &format!("size={size},mode={mode}"),
        )
    };
    let steps: [(&str, &dyn Fn() -> bool); 6] = [
        ("make / private", &|| {
            mount(c"none", c"/", c"", libc::MS_REC | libc::MS_PRIVATE, "")
        }),
        ("mount /tmp", &|| tmpfs(c"/tmp", "1777")),
        ("mount /work", &|| tmpfs(c"/work", "755")),
        ("mount /dev/shm", &|| tmpfs(c"/dev/shm", "1777")),
        ("mount /proc", &|| {
            mount(
                c"proc",
                c"/proc",
                c"proc",
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                "",
            )
        }),
        // SAFETY: chdir with a NUL-terminated path.
        (
            "enter /work",
            &|| unsafe { libc::chdir(c"/work".as_ptr()) } == 0,
        ),
    ];
    for (what, step) in steps {
        if !step() {
            let e = std::io::Error::last_os_error();
            write_all(status, format!("E cannot {what}: {e}\n").as_bytes());
            return 127;
        }
    }
    write_all(status, b"S\n");
    let mut go = [0u8; 1];
    // SAFETY: reads one byte into the buffer.
    if unsafe { libc::read(status, go.as_mut_ptr().cast(), 1) } != 1 || go[0] != b'G' {
        return 128;
    }
    if !drop_capabilities() {
        return 129;
    }
    run_program(&config, argv)
}

/// Drops every capability of this process: the ambient set, then the permitted, effective
/// and inheritable sets (`capset`, version 3). The bounding set is left (dropping from it needs
/// `CAP_SETPCAP`): with `no_new_privs`, set before the program's `execve`, nothing can come
/// back from it.
fn drop_capabilities() -> bool {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let mut header = Header {
        version: 0x2008_0522,
        pid: 0,
    };
    let data = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: prctl with integers; capset reads the header and two data structs.
    unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL as libc::c_ulong,
            0,
            0,
            0,
        );
        libc::syscall(libc::SYS_capset, &mut header as *mut Header, data.as_ptr()) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_round_trips() {
        let c = InitConfig {
            status_fd: 5,
            cpu_s: 3,
            as_bytes: 1 << 30,
            fsize: 64 << 20,
            stack: 8 << 20,
            nproc: 130,
        };
        assert_eq!(InitConfig::decode(&c.encode()), Some(c));
        assert_eq!(InitConfig::decode("status=5,bogus=1"), None);
        assert_eq!(InitConfig::decode("status=x"), None);
    }

    #[test]
    fn status_pipe_contents() {
        assert_eq!(Status::parse(b""), Status::NotStarted);
        assert_eq!(Status::parse(b"bwrap: x"), Status::NotStarted);
        assert_eq!(Status::parse(b"S\n"), Status::Started);
        assert_eq!(Status::parse(b"S\nR 1 2"), Status::Started);
        assert_eq!(
            Status::parse(b"S\nR 256 1500 2048 1 0\n"),
            Status::Reported(Report {
                status: 256,
                cpu_us: 1500,
                maxrss_kib: 2048,
                scratch_full: true,
                exec_errno: 0
            })
        );
    }
}
