//! The one wait loop of the runner ([`crate::exec::runner`]), for runs in the sandbox and
//! unconfined alike: from the moment the program's process group leader is started until it
//! is reaped and no member of its group (or cgroup) is left.
//!
//! `wait_run` polls every 0.2–5 ms until the leader exits (waited for without being reaped,
//! so that its pid, the group id, cannot be reused), kills the run as soon as the wall-clock
//! limit, the CPU limit or the memory limit is passed ([`KillReason`], checked in that order;
//! an interactive run is also killed when the judge asks, once the interactor has rejected),
//! then kills the group, reaps the leader (`wait4`: exit status, CPU time, `ru_maxrss`), kills
//! and reaps what is left, and measures the run. What differs between the two modes is a
//! `Meter`: `ProcMeter` (unconfined) reads the leader's CPU time and resident set from
//! `/proc` and kills the process group; `CgroupMeter` (sandbox) reads the run's cgroup (CPU
//! time, OOM kills, peak memory, task-limit hits) and kills the group and the cgroup.
//!
//! Owns: the process-group plumbing (subreaper, `/proc` readings, killing and reaping a group).
//! May use: std and crates, and [`crate::exec::cgroup`] (the sandbox's accounting).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::Serialize;

use crate::exec::cgroup::RunCgroup;

/// Why the monitor killed the process group, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KillReason {
    /// The wall-clock limit passed.
    WallTime,
    /// The CPU time limit passed.
    CpuTime,
    /// The resident set went over the memory limit.
    Memory,
    /// The program's stdout went over the output limit (the bytes actually written).
    Output,
    /// The judge stopped it: the interactor of an interactive run had already rejected while
    /// it still ran, and its verdict is the interactor's ([`crate::exec::interact`]). Not a
    /// limit: the run is classified by its own end (killed by `SIGKILL`).
    Stopped,
}

static SUBREAPER: Once = Once::new();

/// Makes this process a child subreaper (Linux), once, so that orphaned members of a judged
/// process group are re-parented here and can be reaped. Best effort elsewhere.
pub(crate) fn become_subreaper() {
    SUBREAPER.call_once(|| {
        #[cfg(target_os = "linux")]
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes a plain integer argument.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong, 0, 0, 0);
        }
    });
}

fn page_size() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let v = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if v > 0 {
        v as u64
    } else {
        4096
    }
}

fn clock_ticks() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let v = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if v > 0 {
        v as u64
    } else {
        100
    }
}

/// CPU time (ms) of `pid` including its reaped children, from `/proc/PID/stat`.
fn proc_cpu_ms(pid: i32, ticks: u64) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may contain spaces: split after the last ')'.
    let rest = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // rest starts at field 3 (state); utime, stime, cutime, cstime are fields 14..=17.
    let sum: u64 = f
        .get(11..15)?
        .iter()
        .map(|x| x.parse::<u64>().unwrap_or(0))
        .sum();
    Some(sum * 1000 / ticks)
}

/// Resident set (KiB) of `pid`, from `/proc/PID/statm`.
fn proc_rss_kib(pid: i32, page: u64) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page / 1024)
}

/// Whether the leader has exited, without reaping it. Errors are reported as "exited" so that
/// the caller goes on to `wait4`, which reports the real error.
fn exited_unreaped(pid: i32) -> bool {
    // SAFETY: siginfo_t is plain data; zeroed is a valid value and waitid fills it.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        if r != 0 {
            return std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR);
        }
        info.si_pid() != 0
    }
}

fn kill_group(pgid: i32) {
    // SAFETY: kill has no memory-safety preconditions; errors (ESRCH) are irrelevant here.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// Kills and reaps every remaining member of group `pgid` (our children thanks to the
/// subreaper). Returns how many remained after 5 s (normally 0).
fn reap_group(pgid: i32) -> u32 {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        kill_group(pgid);
        let mut status = 0;
        // SAFETY: waitpid writes only the status integer.
        let r = unsafe { libc::waitpid(-pgid, &mut status, libc::WNOHANG) };
        if r > 0 {
            continue;
        }
        if r < 0 {
            let e = std::io::Error::last_os_error().raw_os_error();
            if e == Some(libc::EINTR) {
                continue;
            }
            // ECHILD: no member of the group is our child any more. Members that are not our
            // children (no subreaper support) were sent SIGKILL above.
            return 0;
        }
        if Instant::now() >= deadline {
            return count_group(pgid);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Number of live processes in group `pgid` (scans `/proc`; 0 when unavailable).
fn count_group(pgid: i32) -> u32 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut n = 0;
    for e in dir.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        if let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            if let Some(i) = text.rfind(')') {
                let f: Vec<&str> = text[i + 1..].split_whitespace().collect();
                // fields 3 (state) and 5 (pgrp)
                if f.get(2).and_then(|x| x.parse::<i32>().ok()) == Some(pgid) && f[0] != "Z" {
                    n += 1;
                }
            }
        }
    }
    n
}

/// What a run used, as [`wait_run`] measured it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Usage {
    /// CPU time, milliseconds.
    pub cpu_ms: u64,
    /// Peak memory, KiB.
    pub peak_kib: u64,
    /// Whether the OOM killer killed a process of the run.
    pub oom: bool,
    /// How many `fork` or thread creations failed on the task limit.
    pub task_limit_hits: u64,
}

/// What differs between the wait of a sandboxed run and of an unconfined one: how usage is
/// read while the run goes on and afterwards, and how the run is killed.
pub(crate) trait Meter {
    /// Called on every poll while the run is not killed, before the limits are checked.
    fn sample(&mut self) {}
    /// CPU time used so far, milliseconds, when it can be read.
    fn cpu_ms(&self) -> Option<u64>;
    /// Whether the run is over its memory limit now.
    fn over_memory(&self) -> bool;
    /// Kills the run (the monitor's kill, on a limit).
    fn kill(&self);
    /// After the leader is reaped: kills and reaps what is left of the run; returns how many
    /// processes remained (normally 0).
    fn reap(&self) -> u32;
    /// What the run used, from the leader's `wait4` usage and what was sampled.
    fn usage(&self, rusage: &libc::rusage) -> Usage;
}

/// CPU time in a `wait4` usage (user + system), milliseconds.
fn rusage_cpu_ms(usage: &libc::rusage) -> u64 {
    let tv_ms = |tv: libc::timeval| tv.tv_sec as u64 * 1000 + tv.tv_usec as u64 / 1000;
    tv_ms(usage.ru_utime) + tv_ms(usage.ru_stime)
}

/// The [`Meter`] of an unconfined run: the leader's `/proc` readings (its CPU time including
/// reaped children, its resident set, kept at its largest), its process group killed.
pub(crate) struct ProcMeter {
    pid: i32,
    memory_kib: u64,
    page: u64,
    ticks: u64,
    seen_rss: u64,
}

impl ProcMeter {
    /// The meter of the group led by `pid`, with the memory limit `memory_kib` (KiB).
    pub(crate) fn new(pid: i32, memory_kib: u64) -> ProcMeter {
        ProcMeter {
            pid,
            memory_kib,
            page: page_size(),
            ticks: clock_ticks(),
            seen_rss: 0,
        }
    }
}

impl Meter for ProcMeter {
    fn sample(&mut self) {
        if let Some(r) = proc_rss_kib(self.pid, self.page) {
            self.seen_rss = self.seen_rss.max(r);
        }
    }

    fn cpu_ms(&self) -> Option<u64> {
        proc_cpu_ms(self.pid, self.ticks)
    }

    fn over_memory(&self) -> bool {
        self.seen_rss > self.memory_kib
    }

    fn kill(&self) {
        kill_group(self.pid);
    }

    fn reap(&self) -> u32 {
        reap_group(self.pid)
    }

    fn usage(&self, rusage: &libc::rusage) -> Usage {
        Usage {
            cpu_ms: rusage_cpu_ms(rusage),
            peak_kib: (rusage.ru_maxrss.max(0) as u64).max(self.seen_rss),
            oom: false,
            task_limit_hits: 0,
        }
    }
}

/// The [`Meter`] of a sandboxed run: its cgroup's CPU time, OOM kills, peak memory and task
/// limit hits, the `bwrap` process group and the cgroup killed; without a cgroup, the
/// process group only, and the kernel's accounting of the reaped tree (`wait4`).
pub(crate) struct CgroupMeter<'a> {
    pid: i32,
    cgroup: Option<&'a RunCgroup>,
}

impl<'a> CgroupMeter<'a> {
    /// The meter of the group led by `pid` (`bwrap`), in `cgroup` when there is one.
    pub(crate) fn new(pid: i32, cgroup: Option<&'a RunCgroup>) -> CgroupMeter<'a> {
        CgroupMeter { pid, cgroup }
    }
}

impl Meter for CgroupMeter<'_> {
    fn cpu_ms(&self) -> Option<u64> {
        self.cgroup.and_then(|c| c.cpu_ms())
    }

    fn over_memory(&self) -> bool {
        self.cgroup.is_some_and(|c| c.oom_kills() > 0)
    }

    fn kill(&self) {
        kill_group(self.pid);
        if let Some(c) = self.cgroup {
            c.kill_all();
        }
    }

    fn reap(&self) -> u32 {
        match self.cgroup {
            Some(c) => c.kill_all(),
            None => reap_group(self.pid),
        }
    }

    fn usage(&self, rusage: &libc::rusage) -> Usage {
        let rusage_cpu = rusage_cpu_ms(rusage);
        match self.cgroup {
            Some(c) => Usage {
                cpu_ms: c.cpu_ms().unwrap_or(rusage_cpu),
                peak_kib: c.peak_kib().unwrap_or(0),
                oom: c.oom_kills() > 0,
                task_limit_hits: c.task_limit_hits(),
            },
            None => Usage {
                cpu_ms: rusage_cpu,
                peak_kib: rusage.ru_maxrss.max(0) as u64,
                oom: false,
                task_limit_hits: 0,
            },
        }
    }
}

/// How a waited-for run ended, before its classification.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Waited {
    /// Why the run was killed, if it was: by the monitor, or for memory when the OOM killer
    /// killed a process of it.
    pub killed: Option<KillReason>,
    /// Wall-clock time from `start` to the leader's exit, milliseconds.
    pub wall_ms: u64,
    /// The leader's `wait4` status.
    pub status: i32,
    /// What the run used ([`Meter::usage`]).
    pub usage: Usage,
    /// Processes left after the kill that could not be reaped (normally 0).
    pub stray_processes: u32,
}

/// One poll of a running run: samples `meter`, finds the first reason to end it (the judge's
/// `stop` request, then the wall clock since `start` against `wall_limit`, the CPU time against
/// `cpu_limit_ms` ms, the memory limit, then the bytes in `output`'s file against its limit)
/// and, if there is one, kills the run through `meter` and returns which.
pub(crate) fn enforce_limits(
    start: Instant,
    wall_limit: Duration,
    cpu_limit_ms: u64,
    meter: &mut impl Meter,
    output: Option<(&std::fs::File, u64)>,
    stop: Option<&AtomicBool>,
) -> Option<KillReason> {
    meter.sample();
    let reason = if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
        KillReason::Stopped
    } else if start.elapsed() > wall_limit {
        KillReason::WallTime
    } else if meter.cpu_ms().is_some_and(|c| c > cpu_limit_ms) {
        KillReason::CpuTime
    } else if meter.over_memory() {
        KillReason::Memory
    } else if output.is_some_and(|(f, cap)| f.metadata().is_ok_and(|m| m.len() > cap)) {
        KillReason::Output
    } else {
        return None;
    };
    meter.kill();
    Some(reason)
}

/// Waits for the run whose process group leader is `pid`, started at `start`: polls until the
/// leader exits, killing the run through `meter` as soon as the wall-clock limit `wall_ms`,
/// then the CPU limit `cpu_limit_ms` (both milliseconds), then the memory limit
/// ([`Meter::over_memory`]) is passed; then kills the group, reaps the leader, kills and reaps
/// what is left ([`Meter::reap`]) and measures the run ([`Meter::usage`]).
///
/// With `output` = `(stdout file, limit in bytes)`, the run is also killed as soon as the file
/// holds more than the limit ([`KillReason::Output`], checked last); with `stop`, as soon as
/// the flag is set ([`KillReason::Stopped`]).
///
/// Errors: `wait4` fails (other than by `EINTR`, which is retried).
pub(crate) fn wait_run(
    pid: i32,
    start: Instant,
    wall_ms: u64,
    cpu_limit_ms: u64,
    meter: &mut impl Meter,
    output: Option<(&std::fs::File, u64)>,
    stop: Option<&AtomicBool>,
) -> anyhow::Result<Waited> {
    let mut killed = None;
    let mut nap = Duration::from_micros(200);
    let wall_limit = Duration::from_millis(wall_ms);
    while !exited_unreaped(pid) {
        if killed.is_none() {
            killed = enforce_limits(start, wall_limit, cpu_limit_ms, meter, output, stop);
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    }
    let wall_ms = start.elapsed().as_millis() as u64;
    // The leader is a zombie: its pid, which is the group id, cannot be reused yet.
    kill_group(pid);
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it and the status integer.
    let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: as above.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut rusage) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EINTR) {
            return Err(e).context("wait4 failed");
        }
    }
    let stray_processes = meter.reap();
    let usage = meter.usage(&rusage);
    if usage.oom && killed.is_none() {
        killed = Some(KillReason::Memory);
    }
    Ok(Waited {
        killed,
        wall_ms,
        status,
        usage,
        stray_processes,
    })
}
