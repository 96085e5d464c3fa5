//! Running one untrusted program under limits (Linux / Unix): CPU time, wall-clock time,
//! memory, output size, stack and tasks, with every process it started killed afterwards.
//!
//! Two modes, chosen by [`RunSpec::sandbox`]:
//! * **in the sandbox** (the default of `judge`, `verify` and `stress`): the program runs in
//!   the bubblewrap sandbox of [`crate::exec::sandbox`], which documents what it can see and
//!   do. The box's init ([`crate::exec::box_init`]) sets the rlimits below on the program
//!   (without the address-space cap in tree mode, where memory is the cgroup's business),
//!   installs the system-call filter, and reports the program's own wait status and what the
//!   kernel accounted to its whole tree. In [`crate::exec::sandbox::LimitsMode::Tree`] the run's
//!   cgroup limits and accounts the whole tree (CPU time, peak memory, tasks); in
//!   `PerProcess` the rlimits are all there is, plus `RLIMIT_NPROC` counted inside the box's
//!   user namespace. The outcome is [`classify_sandboxed`]'s: kernel accounting and the
//!   program's own status only, never an exit code read as a signal or a message read as a
//!   verdict (except the per-process allocation rule). The output limit is on the bytes the
//!   program wrote to stdout (watched while it runs; a scratch file is not output), with
//!   `RLIMIT_FSIZE` above both it and the scratch folders' size as a backstop;
//! * **unconfined** (`--no-sandbox`, and the setter's programs): the process-group runner
//!   documented below, as the judge's user, with per-process accounting and [`classify`]'s
//!   rules. Nothing stops such a program from reading the answers or escaping the group. It
//!   dies with the judge (`PR_SET_PDEATHSIG`); a setter's program also runs in a cgroup of its
//!   own where the machine offers one, so whatever it starts is killed with it.
//!
//! [`run`] starts the program in a fresh temporary working directory, as the leader of a new
//! process group, with stdin from a file and stdout / stderr to files, and returns a
//! [`RunResult`]: how it ended, CPU and wall time in milliseconds, peak resident memory in KiB,
//! the output size, and the [`Outcome`] (finished, or which limit it broke).
//!
//! # How the limits are enforced
//! In the child, before `exec` (all async-signal-safe `setrlimit` calls):
//! * `RLIMIT_CPU`: the time limit rounded up to whole seconds, plus one second (a backstop; the
//!   monitor below kills sooner);
//! * `RLIMIT_AS` (address space): `2 × memory limit + 256 MiB`, a safety cap so that a runaway
//!   program cannot take the machine's memory; it is deliberately above the memory limit so
//!   that going over the limit shows up as resident memory and can be measured;
//! * `RLIMIT_FSIZE`: the output cap, for every file the program writes (stdout, stderr and any
//!   file in its working directory); a write past it raises `SIGXFSZ`;
//! * `RLIMIT_STACK`: [`RunLimits::stack_kib`] (64 MiB by default, see [`DEFAULT_STACK_KIB`]);
//! * `RLIMIT_CORE`: 0, no core dumps.
//!
//! In the parent, a monitor loop polls every 0.2–5 ms until the leader exits: it reads the
//! leader's CPU time (`/proc/PID/stat`, including reaped children) and resident set
//! (`/proc/PID/statm`), and sends `SIGKILL` to the whole group (`kill(-pgid)`) as soon as the
//! wall-clock limit, the CPU limit or the memory limit is passed.
//!
//! # Classification (first rule that applies)
//! 1. killed by the monitor for wall-clock or CPU time, killed by `SIGXCPU`, or CPU time over
//!    the limit → [`Outcome::TimeLimit`];
//! 2. killed by `SIGXFSZ`, or the stdout file reached the output cap → [`Outcome::OutputLimit`];
//! 3. **memory rule**: killed by the monitor for memory, or peak resident memory (the larger of
//!    the kernel's `ru_maxrss` and what the monitor saw) above the limit, or the program ended
//!    abnormally after reporting an allocation failure on stderr (C++ `std::bad_alloc`, Rust
//!    `memory allocation of ... failed`, a Python traceback ending in `MemoryError`, Java's
//!    `java.lang.OutOfMemoryError`) → [`Outcome::MemoryLimit`]. A program that fails an
//!    allocation in some other way (for example a single untouched reservation beyond the
//!    address-space cap, then a null-pointer write) is a runtime error;
//! 4. any other signal, or a non-zero exit code → [`Outcome::RuntimeError`];
//! 5. otherwise [`Outcome::Finished`]: the checker decides.
//!
//! # Process groups and what escapes
//! The program runs with `process_group(0)`, so it and everything it forks share one process
//! group. When the leader exits, it is first waited for *without* being reaped (`waitid` with
//! `WNOWAIT`), so that the group id cannot be reused; then `SIGKILL` goes to the whole group,
//! and only then is the leader reaped (`wait4`, which also gives CPU time and `ru_maxrss`).
//! The runner makes its own process a child subreaper (`PR_SET_CHILD_SUBREAPER`, once per
//! process, Linux) so that the killed members, orphaned, become its children and are reaped
//! here (`waitpid(-pgid)`) instead of staying zombies; no member of the group outlives
//! [`run`]. Unconfined, a process that leaves the group (`setsid` or `setpgid`) escapes this,
//! and CPU time and memory are those of the leader (and of the children it waited for), not of
//! the whole group; the sandbox closes both gaps (its PID namespace and cgroup). In both modes
//! every descriptor above 2 is closed before the program starts.

use std::ffi::OsString;
use std::fs::File;
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context};
use serde::Serialize;

use crate::exec::box_init::{encode_request, InitConfig, Report, Status};
use crate::exec::cgroup::{join_cgroup, prepared_cgroups, CgroupRoot, RunCgroup};
use crate::exec::cleanup::{GroupGuard, TrackedDir};
use crate::exec::read_only::ReadOnlyView;
use crate::exec::sandbox::{
    close_other_descriptors, drop_privileges, enter_netns, keep_descriptors, read_status,
    status_pipe, Enforcement, Session, EXEC_WRITE_GUARD,
};
use crate::exec::wait::KillReason;
use crate::exec::wait::{
    become_subreaper, enforce_limits, wait_run, CgroupMeter, Meter as _, ProcMeter, Waited,
};
use crate::exec::zygote::{pass_credentials, receive_with_pid, seqpacket_pair, wait_readable};
use crate::problem::{DEFAULT_STACK_KIB, DEFAULT_TASKS};

/// Default output cap, bytes: 64 MiB.
pub const DEFAULT_OUTPUT_BYTES: u64 = 64 << 20;

/// How many bytes of the program's stderr [`RunResult::stderr_head`] keeps.
pub const STDERR_HEAD_BYTES: usize = 2048;

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct RunLimits {
    /// CPU time limit, milliseconds (user + system).
    pub time_ms: u64,
    /// Wall-clock limit, milliseconds; see [`RunLimits::default_wall_ms`].
    pub wall_ms: u64,
    /// Memory limit (peak resident set), KiB.
    pub memory_kib: u64,
    /// Output cap per written file, bytes.
    pub output_bytes: u64,
    /// Stack limit, KiB; `None` leaves it unlimited.
    pub stack_kib: Option<u64>,
    /// Task limit: processes and threads of the run at the same time (sandbox only; see
    /// [`DEFAULT_TASKS`]).
    pub tasks: u64,
}

impl RunLimits {
    /// Limits from a CPU time limit (ms) and a memory limit (MiB), with the default wall-clock
    /// limit, output cap and stack limit.
    pub fn new(time_ms: u64, memory_mib: u64) -> RunLimits {
        RunLimits {
            time_ms,
            wall_ms: Self::default_wall_ms(time_ms),
            memory_kib: memory_mib.saturating_mul(1024),
            output_bytes: DEFAULT_OUTPUT_BYTES,
            stack_kib: Some(DEFAULT_STACK_KIB),
            tasks: DEFAULT_TASKS,
        }
    }

    /// The default wall-clock limit for a CPU limit: twice the CPU limit plus one second, room
    /// for a loaded machine and process start-up.
    pub fn default_wall_ms(time_ms: u64) -> u64 {
        time_ms.saturating_mul(2).saturating_add(1000)
    }

    /// The address-space cap set with `RLIMIT_AS`, bytes: twice the memory limit plus 256 MiB.
    pub fn address_space_bytes(&self) -> u64 {
        self.memory_kib
            .saturating_mul(2048)
            .saturating_add(256 << 20)
    }
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// It exited with this code.
    Exited(i32),
    /// It was killed by this signal.
    Signaled(i32),
}

/// The classification of a run (see the module documentation for the rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Exited with code 0 within every limit: the checker decides.
    Finished,
    /// Time limit exceeded (CPU or wall clock).
    TimeLimit,
    /// Memory limit exceeded.
    MemoryLimit,
    /// Output limit exceeded.
    OutputLimit,
    /// Runtime error: a signal or a non-zero exit code, described (e.g. `exit code 1`,
    /// `signal 11 (SIGSEGV)`).
    RuntimeError(String),
}

/// The result of one run.
#[derive(Clone, Debug, Serialize)]
pub struct RunResult {
    /// How the leader ended.
    pub termination: Termination,
    /// Why the monitor killed the group, if it did.
    pub killed: Option<KillReason>,
    /// The classification.
    pub outcome: Outcome,
    /// CPU time of the leader and its reaped children, milliseconds.
    pub cpu_ms: u64,
    /// Wall-clock time from start to exit, milliseconds.
    pub wall_ms: u64,
    /// Peak resident memory of the leader, KiB.
    pub peak_kib: u64,
    /// Size of the stdout file, bytes.
    pub output_bytes: u64,
    /// The first [`STDERR_HEAD_BYTES`] bytes of stderr, lossily decoded.
    pub stderr_head: String,
    /// Processes of the group that could not be reaped within 5 s of the kill (normally 0).
    pub stray_processes: u32,
    /// How many times a `fork` or thread creation failed on the task limit (sandbox with
    /// cgroups only; 0 otherwise).
    pub task_limit_hits: u64,
    /// What enforced the CPU, memory and task limits of this run.
    pub limits_by: Enforcement,
}

/// What to run.
#[derive(Clone, Debug)]
pub struct RunSpec {
    /// Program and arguments. A program with a `/` is made absolute against the current
    /// directory (the program runs in a fresh directory); a bare name is looked up in `PATH`.
    pub argv: Vec<OsString>,
    /// File given as stdin.
    pub stdin: PathBuf,
    /// File that receives stdout (created or truncated).
    pub stdout: PathBuf,
    /// File that receives stderr; `None` for a temporary file that is removed after the run.
    pub stderr: Option<PathBuf>,
    /// The limits.
    pub limits: RunLimits,
    /// Where the fresh working directory is created; `None` for the system's temporary folder.
    /// Unused in the sandbox, whose working folder is a tmpfs.
    pub work_parent: Option<PathBuf>,
    /// The sandbox session to run in ([`crate::exec::sandbox`]); `None` runs the program unconfined
    /// (`--no-sandbox`), as the judge's user, limited as described above.
    pub sandbox: Option<Arc<Session>>,
    /// Pipes that replace `stdin` and `stdout` (an interactive run,
    /// [`crate::exec::interact`]): the program reads the first and writes the second. Its
    /// output is then counted by whoever reads the pipe, not by the runner
    /// ([`RunResult::output_bytes`] is 0).
    pub pipes: Option<RunPipes>,
    /// A folder the program sees read-only when it runs unconfined (a setter's program and its
    /// problem folder; [`crate::exec::read_only`]). Where the machine cannot make such a view,
    /// the run goes on without it and one warning per process says so on stderr. Ignored in the
    /// sandbox, which shows no folder of the host at all.
    pub read_only: Option<PathBuf>,
}

/// The pipe ends a run gets instead of its stdin and stdout files ([`RunSpec::pipes`]). The
/// run takes them: the program gets them and the judge keeps no copy, so that the other end
/// sees the end of the stream as soon as the program's processes are gone. A spec whose pipes
/// were taken cannot run again.
///
/// A clone shares the ends and the stop flag: whoever holds one may [`RunPipes::stop`] the
/// run from another thread.
#[derive(Clone, Debug)]
pub struct RunPipes {
    ends: Arc<std::sync::Mutex<Option<(OwnedFd, OwnedFd)>>>,
    stop: Arc<AtomicBool>,
}

impl RunPipes {
    /// `stdin` (a read end) and `stdout` (a write end) for one run.
    pub fn new(stdin: OwnedFd, stdout: OwnedFd) -> RunPipes {
        RunPipes {
            ends: Arc::new(std::sync::Mutex::new(Some((stdin, stdout)))),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Asks the run to end: its wait loop kills it at its next poll (within 5 ms), recording
    /// [`KillReason::Stopped`]. Used when the other side of an interaction has already given
    /// its verdict; a run that has ended is not affected.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The flag [`RunPipes::stop`] sets, for the wait loop.
    fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// The two ends as files, taken out of the spec.
    fn files(&self) -> anyhow::Result<(File, File)> {
        let taken = self.ends.lock().unwrap_or_else(|e| e.into_inner()).take();
        match taken {
            Some((i, o)) => Ok((File::from(i), File::from(o))),
            None => bail!("the run's pipes were already used by another run"),
        }
    }
}

/// The type of `setrlimit`'s resource argument, which differs between C libraries.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
type Resource = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
type Resource = libc::c_int;

/// "No limit" for [`set_limit`]: `u64::MAX` is `RLIM_INFINITY` on Linux.
const UNLIMITED: u64 = u64::MAX;

/// Sets a resource limit (soft and hard); if raising the hard limit is not allowed, falls back
/// to the largest soft value the current hard limit permits. Async-signal-safe.
fn set_limit(resource: Resource, soft: u64, hard: u64) -> std::io::Result<()> {
    let want = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    // SAFETY: setrlimit/getrlimit only read or write the struct passed by pointer.
    unsafe {
        if libc::setrlimit(resource, &want) == 0 {
            return Ok(());
        }
        let mut cur = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(resource, &mut cur) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let clamp = |v: u64| {
            if cur.rlim_max == libc::RLIM_INFINITY {
                v as libc::rlim_t
            } else {
                (v as libc::rlim_t).min(cur.rlim_max)
            }
        };
        let fallback = libc::rlimit {
            rlim_cur: clamp(soft),
            rlim_max: cur.rlim_max,
        };
        if libc::setrlimit(resource, &fallback) == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGFPE => "SIGFPE",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGSYS => "SIGSYS",
        _ => "signal",
    }
}

/// Whether stderr reports a failed allocation (C++ `std::bad_alloc`, Rust's allocation-error
/// handler, C `malloc` users that print "out of memory").
fn reports_allocation_failure(stderr: &str) -> bool {
    stderr.contains("std::bad_alloc")
        || (stderr.contains("memory allocation of") && stderr.contains("failed"))
        || stderr.contains("out of memory")
        // Python's traceback ends with the exception's line; Java names its error.
        || stderr
            .lines()
            .any(|l| l == "MemoryError" || l.starts_with("MemoryError: "))
        || stderr.contains("java.lang.OutOfMemoryError")
}

/// Classifies a finished run by the rules of the module documentation. Pure: exposed so that
/// the rules can be tested without running anything.
pub fn classify(
    termination: Termination,
    killed: Option<KillReason>,
    cpu_ms: u64,
    peak_kib: u64,
    output_bytes: u64,
    stderr_head: &str,
    limits: &RunLimits,
) -> Outcome {
    let signal = match termination {
        Termination::Signaled(s) => Some(s),
        Termination::Exited(_) => None,
    };
    if matches!(killed, Some(KillReason::WallTime | KillReason::CpuTime))
        || signal == Some(libc::SIGXCPU)
        || cpu_ms > limits.time_ms
    {
        return Outcome::TimeLimit;
    }
    if signal == Some(libc::SIGXFSZ) || output_bytes >= limits.output_bytes {
        return Outcome::OutputLimit;
    }
    let abnormal = termination != Termination::Exited(0);
    if killed == Some(KillReason::Memory)
        || peak_kib > limits.memory_kib
        || (abnormal && reports_allocation_failure(stderr_head))
    {
        return Outcome::MemoryLimit;
    }
    match termination {
        Termination::Exited(0) => Outcome::Finished,
        Termination::Exited(c) => Outcome::RuntimeError(format!("exit code {c}")),
        Termination::Signaled(s) => {
            Outcome::RuntimeError(format!("signal {s} ({})", signal_name(s)))
        }
    }
}

/// Resolves a program name the way the run needs it: a path with `/` made absolute (the run
/// happens in another directory), a bare name left for `PATH` lookup.
fn resolve_program(p: &OsString) -> anyhow::Result<OsString> {
    let path = Path::new(p);
    if p.as_encoded_bytes().contains(&b'/') && path.is_relative() {
        let abs = std::env::current_dir()
            .context("cannot read the current directory")?
            .join(path);
        Ok(abs.into_os_string())
    } else {
        Ok(p.clone())
    }
}

/// The arguments of a `java` run (a Java submission, [`crate::exec::compile::SubmissionKind::Java`])
/// with the heap sized to the memory limit (`-Xmx`, unless given) and the serial collector and
/// small code and class-space reservations: a JVM otherwise reserves a quarter of the machine's
/// memory up front and cannot start under the address-space cap.
fn java_arguments(args: &[OsString], limits: &RunLimits) -> Vec<OsString> {
    let mut out: Vec<OsString> = Vec::with_capacity(args.len() + 4);
    if !args
        .iter()
        .any(|a| a.as_encoded_bytes().starts_with(b"-Xmx"))
    {
        out.push(format!("-Xmx{}k", limits.memory_kib.max(16 * 1024)).into());
        out.push("-XX:+UseSerialGC".into());
        out.push("-XX:ReservedCodeCacheSize=32m".into());
        out.push("-XX:CompressedClassSpaceSize=32m".into());
    }
    out.extend(args.iter().cloned());
    out
}

/// Runs `spec` under its limits and returns what happened. Blocks until the program and every
/// process of its group are gone.
///
/// Errors (not verdicts): the program cannot be started (not found, not executable), a file
/// cannot be opened, the working directory cannot be created, or `wait4` fails.
pub fn run(spec: &RunSpec) -> anyhow::Result<RunResult> {
    let Some((prog, args)) = spec.argv.split_first() else {
        bail!("empty command line");
    };
    let prog = resolve_program(prog)?;
    let java_args;
    let args = if Path::new(&prog).file_name() == Some("java".as_ref()) {
        java_args = java_arguments(args, &spec.limits);
        &java_args[..]
    } else {
        args
    };
    match &spec.sandbox {
        Some(session) => run_sandboxed(spec, session, &prog, args),
        None => run_unconfined(spec, &prog, args),
    }
}

/// The rlimits of a run (module documentation), set in the child before `exec`.
#[derive(Clone, Copy)]
struct Rlimits {
    cpu_s: u64,
    as_bytes: u64,
    fsize: u64,
    stack: Option<u64>,
}

impl Rlimits {
    fn of(limits: &RunLimits) -> Rlimits {
        Rlimits {
            cpu_s: limits.time_ms.div_ceil(1000) + 1,
            as_bytes: limits.address_space_bytes(),
            fsize: limits.output_bytes,
            stack: limits.stack_kib.map(|k| k.saturating_mul(1024)),
        }
    }

    /// Sets CPU time, address space, file size, core and stack limits. Async-signal-safe.
    fn apply(&self) -> std::io::Result<()> {
        set_limit(libc::RLIMIT_CPU, self.cpu_s, self.cpu_s + 1)?;
        set_limit(libc::RLIMIT_AS, self.as_bytes, self.as_bytes)?;
        set_limit(libc::RLIMIT_FSIZE, self.fsize, self.fsize)?;
        set_limit(libc::RLIMIT_CORE, 0, 0)?;
        let s = self.stack.unwrap_or(UNLIMITED);
        set_limit(libc::RLIMIT_STACK, s, s)
    }
}

/// Starts `cmd`, not while a program to be executed is being written (`ETXTBSY`, see
/// [`EXEC_WRITE_GUARD`]); returns the pid of the new process group's leader, which is waited
/// for by hand.
fn spawn(mut cmd: Command) -> std::io::Result<i32> {
    let child = {
        let _starting = EXEC_WRITE_GUARD.read().unwrap_or_else(|e| e.into_inner());
        cmd.spawn()
    }?;
    // `Command` keeps its own copies of the child's stdin, stdout and stderr until it is
    // dropped: a pipe's write end kept here would hide from the reader that the program
    // closed its stdout early (an interactor that closes its output and goes on reading).
    drop(cmd);
    // From here on the std handle is not used: the pid is waited for by `wait_run`.
    Ok(child.id() as i32)
}

/// The size of the stdout file and the head of the stderr file of a finished run.
fn read_outputs(spec: &RunSpec, stderr_path: &Path) -> (u64, String) {
    let output_bytes = if spec.pipes.is_some() {
        0
    } else {
        std::fs::metadata(&spec.stdout)
            .map(|m| m.len())
            .unwrap_or(0)
    };
    let mut head = Vec::new();
    if let Ok(f) = File::open(stderr_path) {
        let _ = f.take(STDERR_HEAD_BYTES as u64).read_to_end(&mut head);
    }
    (output_bytes, String::from_utf8_lossy(&head).into_owned())
}

/// The [`RunResult`] of a waited-for unconfined run: its classification ([`classify`]) and
/// measurements.
fn conclude(
    waited: &Waited,
    termination: Termination,
    output_bytes: u64,
    stderr_head: String,
    limits: &RunLimits,
    limits_by: Enforcement,
) -> RunResult {
    let outcome = classify(
        termination,
        waited.killed,
        waited.usage.cpu_ms,
        waited.usage.peak_kib,
        output_bytes,
        &stderr_head,
        limits,
    );
    RunResult {
        termination,
        killed: waited.killed,
        outcome,
        cpu_ms: waited.usage.cpu_ms,
        wall_ms: waited.wall_ms,
        peak_kib: waited.usage.peak_kib,
        output_bytes,
        stderr_head,
        stray_processes: waited.stray_processes,
        task_limit_hits: waited.usage.task_limit_hits,
        limits_by,
    }
}

/// [`run`] unconfined (`--no-sandbox`): the program itself leads a new process group in a
/// fresh working directory, with the rlimits above; the monitor polls its `/proc` readings.
fn run_unconfined(spec: &RunSpec, prog: &OsString, args: &[OsString]) -> anyhow::Result<RunResult> {
    become_subreaper();
    let work = TrackedDir::new_in("gridjudge-run-", spec.work_parent.as_deref())
        .context("cannot create a temporary working directory")?;
    let (stdin, stdout) = match &spec.pipes {
        Some(p) => p.files()?,
        None => (
            File::open(&spec.stdin)
                .with_context(|| format!("cannot open {}", spec.stdin.display()))?,
            File::create(&spec.stdout)
                .with_context(|| format!("cannot create {}", spec.stdout.display()))?,
        ),
    };
    let stderr_path = spec
        .stderr
        .clone()
        .unwrap_or_else(|| work.path().with_extension("stderr"));
    let stderr = File::create(&stderr_path)
        .with_context(|| format!("cannot create {}", stderr_path.display()))?;

    let view = match &spec.read_only {
        None => None,
        Some(dir) => match crate::exec::read_only::available() {
            Ok(()) => Some(ReadOnlyView::new(dir)?),
            Err(why) => {
                static WARNED: std::sync::Once = std::sync::Once::new();
                WARNED.call_once(|| {
                    eprintln!(
                        "warning: the setter's programs run with write access to {}: this \
                         machine cannot give them a read-only view ({why})",
                        dir.display()
                    )
                });
                None
            }
        },
    };
    let limits = spec.limits;
    let rlimits = Rlimits::of(&limits);
    // A setter's program gets a cgroup of its own where the machine offers one: whatever it
    // starts is killed with it (the cgroup is emptied when the run ends, and a run left by a
    // killed gridjudge is swept by the next one).
    let cgroup = match (&spec.read_only, setter_cgroups()) {
        (Some(_), Some(root)) => Some(RunCgroup::create(
            root,
            limits.memory_kib.saturating_mul(1024),
            limits.tasks,
        )?),
        _ => None,
    };
    let procs = cgroup.as_ref().map(|c| c.procs_files()).unwrap_or_default();
    let mut cmd = Command::new(prog);
    cmd.args(args)
        .current_dir(work.path())
        .env_clear()
        .env(
            "PATH",
            std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into()),
        )
        .env("HOME", work.path())
        .env("TMPDIR", work.path())
        .env("LC_ALL", "C")
        // Python writes no byte-code cache (`__pycache__`) beside the programs it imports.
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr))
        .process_group(0);
    // SAFETY: the closure runs between fork and exec and calls only setrlimit/getrlimit,
    // close_range/fcntl and the view's unshare/open/write/close/mount, which are
    // async-signal-safe; it allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            // Dies with the thread that started it (which waits for it), so a killed
            // gridjudge takes its programs along.
            libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
                0,
                0,
                0,
            );
            join_cgroup(&procs)?;
            if let Some(v) = &view {
                v.enter()?;
            }
            rlimits.apply()?;
            close_other_descriptors();
            Ok(())
        });
    }
    let start = Instant::now();
    let pid = spawn(cmd).with_context(|| format!("cannot start {}", Path::new(prog).display()))?;
    let _recorded = GroupGuard::new(pid);

    let mut meter = ProcMeter::new(pid, limits.memory_kib);
    let stop = spec.pipes.as_ref().map(RunPipes::stop_flag);
    let waited = wait_run(
        pid,
        start,
        limits.wall_ms,
        limits.time_ms,
        &mut meter,
        None,
        stop,
    )?;
    drop(cgroup);
    let termination = termination(waited.status);
    let (output_bytes, stderr_head) = read_outputs(spec, &stderr_path);
    if spec.stderr.is_none() {
        let _ = std::fs::remove_file(&stderr_path);
    }
    let result = conclude(
        &waited,
        termination,
        output_bytes,
        stderr_head,
        &limits,
        Enforcement::Unconfined,
    );
    drop(work);
    Ok(result)
}

/// The cgroups a setter's program runs in, found once per process; `None` where the machine
/// offers none to this account (the program then runs with its process group only).
fn setter_cgroups() -> Option<&'static CgroupRoot> {
    prepared_cgroups().as_ref().ok()
}

/// Decodes a `wait4` status: an exit code or a signal.
fn termination(status: i32) -> Termination {
    if libc::WIFEXITED(status) {
        Termination::Exited(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        Termination::Signaled(libc::WTERMSIG(status))
    } else {
        Termination::Exited(-1)
    }
}

/// A copy of the file `path` in a sealed memfd (no write, no resize), positioned at its start:
/// the stdin of a sandboxed run. The program cannot change the test through it, not even by
/// reopening `/proc/self/fd/0` for writing, which the seals refuse.
fn sealed_copy(path: &Path) -> anyhow::Result<File> {
    use std::io::Seek as _;
    // SAFETY: memfd_create takes a NUL-terminated name and flags.
    let fd = unsafe {
        libc::memfd_create(
            c"gridjudge-stdin".as_ptr(),
            libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
        )
    };
    if fd < 0 {
        return Err(std::io::Error::last_os_error()).context("cannot make a memfd for stdin");
    }
    // SAFETY: fd was just made and is owned by nobody else.
    let mut file = File::from(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) });
    let mut src = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    std::io::copy(&mut src, &mut file)
        .with_context(|| format!("cannot copy {} for stdin", path.display()))?;
    // Read-only by its mode too, so that opening it for writing fails outright (the seals
    // would refuse the writes anyway, even after a chmod by an owner).
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o444))
            .context("cannot make the stdin memfd read-only")?;
    }
    // SAFETY: fcntl on our own descriptor.
    let sealed = unsafe {
        libc::fcntl(
            file.as_raw_fd(),
            libc::F_ADD_SEALS,
            libc::F_SEAL_SEAL | libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE,
        )
    };
    if sealed != 0 {
        return Err(std::io::Error::last_os_error()).context("cannot seal the stdin memfd");
    }
    file.seek(std::io::SeekFrom::Start(0))?;
    Ok(file)
}

/// What a sandboxed run measured, for [`classify_sandboxed`].
#[derive(Clone, Copy, Debug)]
pub struct BoxMeasure {
    /// Why the monitor killed the run, if it did.
    pub killed: Option<KillReason>,
    /// CPU time of the tree (cgroup) or of every reaped process (per-process), ms.
    pub cpu_ms: u64,
    /// Peak memory of the tree (cgroup) or of the largest process (per-process), KiB.
    pub peak_kib: u64,
    /// Whether the cgroup's OOM killer killed a process of the run.
    pub oom: bool,
    /// Bytes the program wrote to stdout.
    pub output_bytes: u64,
    /// Whether `/tmp` or `/work` was full when the program ended.
    pub scratch_full: bool,
    /// Whether the limits were per process (`--limits per-process`).
    pub per_process: bool,
}

/// Classifies a sandboxed run from the kernel's accounting and the program's own wait status
/// as the sandbox's init reported it (first rule that applies):
/// 1. killed by the monitor for wall-clock or CPU time, or CPU time over the limit → TLE;
/// 2. killed for output, or more bytes on stdout than the limit → OLE;
/// 3. killed for memory, an OOM kill in the run's cgroup, or the peak over the limit → MLE;
///    in per-process mode also an abnormal end after reporting a failed allocation (the
///    address-space cap turns overuse into failed allocations there);
/// 4. killed by `SIGSYS` → RE "forbidden system call" (the system-call filter,
///    [`crate::exec::seccomp`]); any other signal, or a non-zero exit code → RE (naming a full
///    `/tmp` or `/work` when they were);
/// 5. otherwise finished: the checker decides.
///
/// Exit codes are never read as signals, and nothing the program prints changes rules 1–4
/// except the per-process allocation rule.
pub fn classify_sandboxed(
    termination: Termination,
    m: &BoxMeasure,
    stderr_head: &str,
    limits: &RunLimits,
) -> Outcome {
    if matches!(m.killed, Some(KillReason::WallTime | KillReason::CpuTime))
        || m.cpu_ms > limits.time_ms
    {
        return Outcome::TimeLimit;
    }
    if m.killed == Some(KillReason::Output) || m.output_bytes > limits.output_bytes {
        return Outcome::OutputLimit;
    }
    let abnormal = termination != Termination::Exited(0);
    if m.killed == Some(KillReason::Memory)
        || m.oom
        || m.peak_kib > limits.memory_kib
        || (m.per_process && abnormal && reports_allocation_failure(stderr_head))
    {
        return Outcome::MemoryLimit;
    }
    let scratch = if m.scratch_full {
        "; /tmp or /work was full (their size is the memory limit)"
    } else {
        ""
    };
    match termination {
        Termination::Exited(0) => Outcome::Finished,
        Termination::Exited(c) => Outcome::RuntimeError(format!("exit code {c}{scratch}")),
        Termination::Signaled(s) if s == libc::SIGSYS => Outcome::RuntimeError(
            "forbidden system call (killed by the sandbox's system-call filter: signal 31, \
             SIGSYS)"
                .into(),
        ),
        Termination::Signaled(s) => {
            Outcome::RuntimeError(format!("signal {s} ({}){scratch}", signal_name(s)))
        }
    }
}

/// [`run`] in the sandbox of `session` ([`crate::exec::sandbox`]): `bwrap` is started as the
/// leader of a new process group, in a fresh cgroup (tree mode), after dropping to the
/// unprivileged uid; inside, the sandbox's init ([`crate::exec::box_init`]) sets the rlimits
/// and the system-call filter, runs the program and reports its wait status. The monitor polls
/// the cgroup's CPU time and OOM kills, the wall clock and the size of stdout. Afterwards every
/// process left in the cgroup is killed and the cgroup removed.
fn run_sandboxed(
    spec: &RunSpec,
    session: &Session,
    prog: &OsString,
    args: &[OsString],
) -> anyhow::Result<RunResult> {
    let sb = session.sandbox();
    let (inside, bound) = session.stage(Path::new(prog))?;
    let limits = spec.limits;
    let (stdin, stdout, stdout_watch) = match &spec.pipes {
        Some(p) => {
            let (i, o) = p.files()?;
            (i, o, None)
        }
        None => {
            let stdout = File::create(&spec.stdout)
                .with_context(|| format!("cannot create {}", spec.stdout.display()))?;
            let watch = stdout.try_clone().context("cannot watch stdout")?;
            (sealed_copy(&spec.stdin)?, stdout, Some(watch))
        }
    };
    // Without a stderr file of the caller's, a temporary one in a recorded folder.
    let scratch = match spec.stderr {
        Some(_) => None,
        None => Some(TrackedDir::new_in(
            "gridjudge-run-",
            spec.work_parent.as_deref(),
        )?),
    };
    let stderr_path = match (&spec.stderr, &scratch) {
        (Some(p), _) => p.clone(),
        (None, Some(d)) => d.path().join("stderr"),
        (None, None) => unreachable!("a scratch folder exists when no stderr file is given"),
    };
    let stderr = File::create(&stderr_path)
        .with_context(|| format!("cannot create {}", stderr_path.display()))?;

    let memory_bytes = limits.memory_kib.saturating_mul(1024);
    let cgroup = session.cgroup(memory_bytes, limits.tasks)?;
    let per_process = cgroup.is_none();
    let mut argv = vec![inside];
    argv.extend(args.iter().cloned());
    let command_files = session.stage_command_files(&argv)?;
    let argument_files = session.stage_argument_files(&argv)?;
    let rl = Rlimits::of(&limits);
    let init = InitConfig {
        status_fd: 0,
        cpu_s: rl.cpu_s,
        // Tree mode: memory is the cgroup's business; an address-space cap would only turn
        // large untouched reservations into failures.
        as_bytes: if per_process { rl.as_bytes } else { 0 },
        // A backstop above both the output limit and the scratch folders' size, so that
        // neither a scratch file nor stdout below its limit ever meets it.
        fsize: limits
            .output_bytes
            .max(memory_bytes)
            .saturating_add(1 << 20),
        stack: rl.stack.unwrap_or(0),
        nproc: if per_process {
            limits.tasks.saturating_add(1)
        } else {
            0
        },
    };
    // A zygote's runs see the session's folder at /box: the program and the files its
    // arguments name are reached there. A command line that names files by absolute path
    // needs them at those paths, which only a box of its own can give.
    let zygote_argv = command_files
        .is_empty()
        .then(|| {
            let program = match &bound {
                Some(copy) => session.zygote_path(copy)?.into_os_string(),
                None => argv[0].clone(),
            };
            let mut out = vec![program];
            for a in &argv[1..] {
                let staged = argument_files
                    .iter()
                    .find(|(_, original)| original.as_os_str() == a.as_os_str());
                out.push(match staged {
                    Some((copy, _)) => session.zygote_path(copy)?.into_os_string(),
                    None => a.clone(),
                });
            }
            Some(out)
        })
        .flatten();
    if let (Some(zargv), true) = (zygote_argv, zygotes_enabled()) {
        let streams = Streams {
            stdin,
            stdout,
            stdout_watch,
            stderr,
            stderr_path,
            scratch,
        };
        return run_in_zygote(spec, session, zargv, streams, cgroup, init, memory_bytes);
    }
    let mut extra = command_files;
    extra.extend(argument_files);
    let netns = session.lease_netns();
    let net_fd = netns.fd();
    let exe = crate::exec::box_init::executable_fd().map_err(|e| anyhow::anyhow!(e))?;
    let (status_read, status_write) =
        status_pipe().context("cannot make the sandbox's status pipe")?;
    let init = InitConfig {
        status_fd: status_write.as_raw_fd(),
        ..init
    };
    let mut cmd = sb.command(
        &argv,
        bound.as_deref(),
        memory_bytes,
        net_fd.is_some(),
        &extra,
        &init,
        exe,
    );
    cmd.stdin(Stdio::from(stdin))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr))
        .process_group(0);
    let procs = cgroup.as_ref().map(|c| c.procs_files()).unwrap_or_default();
    let drop_to = sb.drop_to();
    let keep = [status_write.as_raw_fd(), exe];
    // SAFETY: the closure runs between fork and exec and calls only open/write/close, setns,
    // prctl, close_range/fcntl and setgroups/setgid/setuid, which are async-signal-safe; it
    // allocates nothing (the paths were prepared above).
    unsafe {
        cmd.pre_exec(move || {
            join_cgroup(&procs)?;
            enter_netns(net_fd)?;
            drop_privileges(drop_to)?;
            keep_descriptors(&keep)
        });
    }
    let start = Instant::now();
    let pid = spawn(cmd).context("cannot start the sandbox (bwrap)")?;
    drop(status_write);
    let _recorded = GroupGuard::new(pid);

    let mut meter = CgroupMeter::new(pid, cgroup.as_ref());
    let waited = wait_run(
        pid,
        start,
        limits.wall_ms,
        limits.time_ms,
        &mut meter,
        stdout_watch.as_ref().map(|w| (w, limits.output_bytes)),
        spec.pipes.as_ref().map(RunPipes::stop_flag),
    )?;
    if waited.stray_processes > 0 {
        netns.discard();
    } else {
        drop(netns);
    }
    drop(cgroup);
    let status = read_status(status_read);
    let (output_bytes, stderr_head) = read_outputs(spec, &stderr_path);
    drop(scratch);
    let bwrap_status = termination(waited.status);
    let report = match status {
        Status::Reported(r) => Some(r),
        Status::NotStarted if waited.killed.is_none() => bail!(
            "the sandbox could not start ({bwrap_status:?}): {}",
            stderr_head.lines().next().unwrap_or("no message")
        ),
        Status::Started if waited.killed.is_none() && !waited.usage.oom => bail!(
            "the sandbox's init ended without a report ({bwrap_status:?}); the program's \
             verdict is unknown"
        ),
        _ => None,
    };
    box_result(
        prog,
        &limits,
        report,
        &waited,
        per_process,
        (output_bytes, stderr_head),
        stdout_watch.as_ref(),
        session.enforcement(),
    )
}

/// The [`RunResult`] of a sandboxed run, from the init's `report` (`None` when the run was
/// killed before it reported) and what the wait measured.
///
/// Errors: the program could not be executed in the box.
#[allow(clippy::too_many_arguments)]
fn box_result(
    prog: &OsString,
    limits: &RunLimits,
    report: Option<Report>,
    waited: &Waited,
    per_process: bool,
    (output_bytes, stderr_head): (u64, String),
    stdout_watch: Option<&File>,
    limits_by: Enforcement,
) -> anyhow::Result<RunResult> {
    if let Some(r) = report.filter(|r| r.exec_errno != 0) {
        bail!(
            "cannot execute {} in the sandbox: {}",
            Path::new(prog).display(),
            std::io::Error::from_raw_os_error(r.exec_errno)
        );
    }
    // The program's own status; killed with the whole run, it died of SIGKILL.
    let termination = report.map_or(Termination::Signaled(libc::SIGKILL), |r| {
        termination(r.status)
    });
    // CPU time: what the init reaped is the program's whole tree (it kills and reaps every
    // process of the box before reporting), without the box's own start-up; without a report
    // (the run was killed), the cgroup's count. Memory: the cgroup's peak over the tree, or
    // per process the largest resident set.
    let cpu_ms = match report {
        Some(r) => r.cpu_us / 1000,
        None => waited.usage.cpu_ms,
    };
    let peak_kib = match (per_process, report) {
        (true, Some(r)) => r.maxrss_kib,
        _ => waited.usage.peak_kib,
    };
    let measure = BoxMeasure {
        killed: waited.killed,
        cpu_ms,
        peak_kib,
        oom: waited.usage.oom,
        output_bytes,
        scratch_full: report.is_some_and(|r| r.scratch_full),
        per_process,
    };
    let outcome = classify_sandboxed(termination, &measure, &stderr_head, limits);
    if outcome == Outcome::OutputLimit && output_bytes > limits.output_bytes {
        // What was written past the limit before the monitor saw it (at most one poll's worth,
        // and never past the file-size backstop) is not kept.
        if let Some(w) = stdout_watch {
            let _ = w.set_len(limits.output_bytes);
        }
    }
    Ok(RunResult {
        termination,
        killed: waited.killed,
        outcome,
        cpu_ms,
        wall_ms: waited.wall_ms,
        peak_kib,
        output_bytes,
        stderr_head,
        stray_processes: waited.stray_processes,
        task_limit_hits: waited.usage.task_limit_hits,
        limits_by,
    })
}

/// The standard streams of a sandboxed run, opened by [`run_sandboxed`].
struct Streams {
    stdin: File,
    stdout: File,
    stdout_watch: Option<File>,
    stderr: File,
    stderr_path: PathBuf,
    scratch: Option<TrackedDir>,
}

/// Whether runs go through zygotes ([`crate::exec::zygote`]); `GRIDJUDGE_ZYGOTES=0` turns them
/// off (a `bwrap` box per run: the fallback, and the comparison in the benchmark).
fn zygotes_enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("GRIDJUDGE_ZYGOTES").is_none_or(|v| v != "0"))
}

/// Waits for the `S` of a zygote's run on the status socket `fd`: the pid (as seen here) of
/// the run's PID 1. Errors: the zygote reported a failure, closed the socket, or said nothing
/// within 10 s.
fn await_start(fd: i32) -> anyhow::Result<i32> {
    let started = Instant::now();
    loop {
        if !wait_readable(fd, 1000) && started.elapsed().as_secs() >= 10 {
            bail!("the sandbox's zygote did not start the run within 10 s");
        }
        match receive_with_pid(fd) {
            Ok(Some((msg, Some(pid)))) if msg.starts_with(b"S") => return Ok(pid),
            Ok(Some((msg, _))) if msg.starts_with(b"E") => bail!(
                "the sandbox's zygote could not prepare the run: {}",
                String::from_utf8_lossy(&msg[1..]).trim()
            ),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            Ok(None) => bail!("the sandbox's zygote ended before starting the run"),
            Ok(Some(_)) => bail!("the sandbox's zygote said something unexpected"),
            Err(e) => return Err(e).context("cannot read the run's status socket"),
        }
    }
}

/// [`run_sandboxed`] through a zygote of the session: the run's descriptors and command line
/// go to the zygote, whose fresh child says `S` on the run's status socket; the judge moves
/// that process (its pid from the socket's credentials) into the run's cgroup, says `G`, and
/// watches the wall clock, the cgroup and stdout until the child's report and end of file.
fn run_in_zygote(
    spec: &RunSpec,
    session: &Session,
    argv: Vec<OsString>,
    streams: Streams,
    cgroup: Option<RunCgroup>,
    init: InitConfig,
    memory_bytes: u64,
) -> anyhow::Result<RunResult> {
    let limits = spec.limits;
    let per_process = cgroup.is_none();
    let payload = encode_request(memory_bytes, &init, &argv);
    let fds = [
        streams.stdin.as_raw_fd(),
        streams.stdout.as_raw_fd(),
        streams.stderr.as_raw_fd(),
    ];
    // An idle zygote may have died since its last run (killed with the machine's processes,
    // say): then a fresh one gets the run, once.
    let mut attempt = 0;
    let (lease, ours, pid) = loop {
        attempt += 1;
        let lease = session.lease_zygote()?;
        let (ours, theirs) = seqpacket_pair().context("cannot make the run's status socket")?;
        pass_credentials(ours.as_raw_fd()).context("cannot ask for the run's credentials")?;
        let sent = lease
            .zygote()
            .send(&payload, [fds[0], fds[1], fds[2], theirs.as_raw_fd()]);
        drop(theirs);
        let started = sent
            .context("the sandbox's zygote is gone")
            .and_then(|()| await_start(ours.as_raw_fd()));
        match started {
            Ok(pid) => break (lease, ours, pid),
            Err(e) => {
                lease.discard();
                if attempt >= 2 {
                    return Err(e);
                }
            }
        }
    };
    drop(streams.stdin);
    drop(streams.stdout);
    drop(streams.stderr);
    let fd = ours.as_raw_fd();
    let _recorded = GroupGuard::new(pid);
    if let Some(cg) = &cgroup {
        if let Err(e) = cg.add_process(pid) {
            // SAFETY: kill with integers, on the run's PID 1 (the zygote's child).
            unsafe { libc::kill(pid, libc::SIGKILL) };
            lease.discard();
            return Err(e);
        }
    }
    // SAFETY: sends one byte on our socket.
    if unsafe { libc::send(fd, b"G".as_ptr().cast(), 1, libc::MSG_NOSIGNAL) } != 1 {
        lease.discard();
        bail!("the sandbox's run ended before it started");
    }
    // The run's PID 1 leads its own process group (setsid); killing it ends the run's PID
    // namespace and every process in it. Measured like a box of its own, minus bwrap.
    let mut meter = CgroupMeter::new(pid, cgroup.as_ref());
    let start = Instant::now();
    let wall = std::time::Duration::from_millis(limits.wall_ms);
    let mut killed = None;
    let mut report_bytes = b"S\n".to_vec();
    let mut wall_ms = None;
    let mut nap = 1;
    loop {
        if wait_readable(fd, nap) {
            match receive_with_pid(fd) {
                Ok(Some((msg, _))) => {
                    report_bytes.extend_from_slice(&msg);
                    continue;
                }
                Ok(None) => break,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => break,
            }
        }
        nap = (nap * 2).min(5);
        if killed.is_none() {
            let output = streams
                .stdout_watch
                .as_ref()
                .map(|w| (w, limits.output_bytes));
            let stop = spec.pipes.as_ref().map(RunPipes::stop_flag);
            killed = enforce_limits(start, wall, limits.time_ms, &mut meter, output, stop);
            if killed.is_some() {
                wall_ms = Some(start.elapsed().as_millis() as u64);
            }
        }
    }
    let wall_ms = wall_ms.unwrap_or_else(|| start.elapsed().as_millis() as u64);
    let stray_processes = meter.reap();
    // SAFETY: rusage is plain data: the run's PID 1 is not our child, so there is no wait4
    // usage; the meter falls back on it only without a cgroup, where the init's report counts.
    let usage = meter.usage(&unsafe { std::mem::zeroed() });
    drop(cgroup);
    let killed = killed.or(usage.oom.then_some(KillReason::Memory));
    let waited = Waited {
        killed,
        wall_ms,
        status: 0,
        usage,
        stray_processes,
    };
    let (output_bytes, stderr_head) = read_outputs(spec, &streams.stderr_path);
    drop(streams.scratch);
    let report = match Status::parse(&report_bytes) {
        Status::Reported(r) => Some(r),
        _ if killed.is_some() => None,
        _ => {
            lease.discard();
            bail!("the sandbox's run ended without a report; the program's verdict is unknown")
        }
    };
    box_result(
        &argv[0],
        &limits,
        report,
        &waited,
        per_process,
        (output_bytes, stderr_head),
        streams.stdout_watch.as_ref(),
        session.enforcement(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> RunLimits {
        RunLimits::new(1000, 64)
    }

    #[test]
    fn classification_rules_in_order() {
        let l = limits();
        let c = |t, k, cpu, mem, out, err: &str| classify(t, k, cpu, mem, out, err, &l);
        let ok = Termination::Exited(0);
        assert_eq!(c(ok, None, 10, 1000, 10, ""), Outcome::Finished);
        assert_eq!(c(ok, None, 1001, 1000, 10, ""), Outcome::TimeLimit);
        assert_eq!(
            c(
                Termination::Signaled(libc::SIGKILL),
                Some(KillReason::WallTime),
                5,
                1000,
                0,
                ""
            ),
            Outcome::TimeLimit
        );
        assert_eq!(
            c(Termination::Signaled(libc::SIGXFSZ), None, 5, 1000, 10, ""),
            Outcome::OutputLimit
        );
        assert_eq!(c(ok, None, 5, 1000, 64 << 20, ""), Outcome::OutputLimit);
        assert_eq!(c(ok, None, 5, 64 * 1024 + 1, 0, ""), Outcome::MemoryLimit);
        assert_eq!(
            c(
                Termination::Signaled(libc::SIGABRT),
                None,
                5,
                3000,
                0,
                "terminate called after throwing an instance of 'std::bad_alloc'"
            ),
            Outcome::MemoryLimit
        );
        // Python's and Java's allocation failures.
        for stderr in [
            "Traceback (most recent call last):\n  File \"a.py\", line 1\nMemoryError\n",
            "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space",
        ] {
            assert_eq!(
                c(Termination::Exited(1), None, 5, 3000, 0, stderr),
                Outcome::MemoryLimit,
                "{stderr}"
            );
        }
        // A line that merely mentions MemoryError is not one.
        assert_eq!(
            c(
                Termination::Exited(1),
                None,
                5,
                3000,
                0,
                "no MemoryError here"
            ),
            Outcome::RuntimeError("exit code 1".into())
        );
        // A clean exit that merely mentions bad_alloc is not a memory verdict.
        assert_eq!(c(ok, None, 5, 3000, 0, "std::bad_alloc"), Outcome::Finished);
        assert_eq!(
            c(Termination::Exited(3), None, 5, 3000, 0, ""),
            Outcome::RuntimeError("exit code 3".into())
        );
        assert_eq!(
            c(Termination::Signaled(libc::SIGSEGV), None, 5, 3000, 0, ""),
            Outcome::RuntimeError("signal 11 (SIGSEGV)".into())
        );
    }

    #[test]
    fn default_limits() {
        let l = RunLimits::new(1000, 128);
        assert_eq!(l.wall_ms, 3000);
        assert_eq!(l.memory_kib, 128 * 1024);
        assert_eq!(l.address_space_bytes(), (256 + 256) << 20);
        assert_eq!(l.tasks, DEFAULT_TASKS);
    }
}
