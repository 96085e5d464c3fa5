//! An interactive run: a submission and the jury's side (an interactor program, or a function
//! of the judge itself) exchange messages over pipes, each in its own confinement.
//!
//! ```text
//!   submission stdout ──pipe──▶ relay ──pipe──▶ interactor stdin
//!   submission stdin  ◀──pipe── relay ◀──pipe── interactor stdout
//! ```
//!
//! Nothing else joins them: the submission runs under its [`RunSpec`] (in the sandbox, a box
//! of its own, which shows none of the interactor's files and a `/proc` of its own; with
//! `--no-sandbox`, unconfined like any run there), the
//! interactor under its own spec (a setter's program: unconfined with its problem folder
//! read-only, in a cgroup of its own where the machine offers one, under its own limits), and
//! two relay threads of the judge copy the bytes. The relays keep the transcript of both
//! directions (each capped, [`Transcript`]), count the submission's output against its output
//! limit (past it they stop reading, so that the submission's next write fails), and note when
//! each side closed its stream. A side that waits for the other forever is ended by its wall
//! clock limit; its stream then closes and the other side sees the end of its input. When the
//! interactor program ends without accepting while the submission's stream is still open, the
//! submission is stopped at once ([`runner::RunPipes::stop`]): the verdict is already the
//! interactor's, and problemtools and BAPCtools kill it there too.
//!
//! An in-process jury ([`Jury::InProcess`]) reads and writes the same pipes through recording
//! adapters, in a thread of its own.
//!
//! The judge's own pipe ends are non-blocking and every wait on them is a `poll`: once both
//! runs have returned, the judge's side reads what is left for a short grace and stops, even
//! when a process that escaped its run (a `setsid` child of an unconfined program on a machine
//! without cgroups) still holds a pipe end open (`Stop`).
//!
//! Every pipe is made close-on-exec, so that no other program the judge starts at the same
//! time inherits an end (which would keep a stream from ever ending).

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::Serialize;

use crate::core::verdict::CheckOutcome;
use crate::exec::runner::{self, RunPipes, RunResult, RunSpec};

/// Which way bytes went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// From the jury to the submission (the submission reads it): `<` in a transcript, as in
    /// the Kattis format's `.interaction` samples.
    ToSubmission,
    /// From the submission to the jury (the submission writes it): `>`.
    FromSubmission,
}

impl Direction {
    fn index(self) -> usize {
        match self {
            Direction::ToSubmission => 0,
            Direction::FromSubmission => 1,
        }
    }

    /// The prefix of this direction's lines in a rendered transcript: `<` or `>`.
    pub fn prefix(self) -> char {
        match self {
            Direction::ToSubmission => '<',
            Direction::FromSubmission => '>',
        }
    }
}

/// Both directions of an exchange in the order the relays saw them, at most `cap` bytes of
/// each direction kept (the totals are counted in full).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Transcript {
    /// The kept bytes, as runs of one direction.
    pub chunks: Vec<(Direction, Vec<u8>)>,
    /// Bytes kept per direction (to the submission, from it).
    pub kept: [u64; 2],
    /// Bytes seen per direction.
    pub total: [u64; 2],
    /// Bytes of each direction kept at most.
    pub cap: u64,
}

impl Transcript {
    /// An empty transcript keeping at most `cap` bytes of each direction.
    pub fn new(cap: u64) -> Transcript {
        Transcript {
            cap,
            ..Default::default()
        }
    }

    /// Records `bytes` going `dir`.
    pub fn record(&mut self, dir: Direction, bytes: &[u8]) {
        let i = dir.index();
        self.total[i] += bytes.len() as u64;
        let room = self.cap.saturating_sub(self.kept[i]) as usize;
        let keep = &bytes[..bytes.len().min(room)];
        if keep.is_empty() {
            return;
        }
        self.kept[i] += keep.len() as u64;
        match self.chunks.last_mut() {
            Some((d, b)) if *d == dir => b.extend_from_slice(keep),
            _ => self.chunks.push((dir, keep.to_vec())),
        }
    }

    /// Whether either direction lost bytes to the cap.
    pub fn truncated(&self) -> bool {
        self.kept != self.total
    }

    /// The transcript as lines in the Kattis `.interaction` form: each line the jury sent
    /// prefixed `<`, each line the submission sent prefixed `>`; bytes that are not UTF-8
    /// shown lossily, a last line without its newline completed, and a final note when bytes
    /// were cut. O(bytes kept).
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (dir, bytes) in &self.chunks {
            let text = String::from_utf8_lossy(bytes);
            for line in text.split_inclusive('\n') {
                out.push(dir.prefix());
                out.push_str(line);
                if !line.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        if self.truncated() {
            out.push_str(&format!(
                "[transcript cut at {} bytes per direction; {} bytes were sent to the \
                 submission, {} from it]\n",
                self.cap, self.total[0], self.total[1]
            ));
        }
        out
    }
}

/// The jury's side of an exchange.
pub enum Jury<'a> {
    /// A program (the interactor), run under `spec`; its `stdin`, `stdout` and `pipes` are
    /// replaced by the exchange's pipes. `accept_exit` is its exit code for an accepted
    /// interaction (42 in the Kattis convention, 0 in testlib's): when it ends any other way
    /// while the submission still writes to it, the submission is stopped there (killed, as
    /// problemtools and BAPCtools do), since the verdict is already the interactor's.
    Program {
        /// The interactor's run (boxed: the in-process jury is small).
        spec: Box<RunSpec>,
        /// The exit code that accepts.
        accept_exit: i32,
    },
    /// A function of the judge, run in a thread: it reads the submission's messages from the
    /// reader and writes its own to the writer, and returns once it has decided. It must
    /// return when its reader ends.
    InProcess(InProcessJury<'a>),
}

/// An in-process jury: reads what the submission writes, writes what it reads.
pub type InProcessJury<'a> =
    Box<dyn FnOnce(&mut dyn BufRead, &mut dyn Write) -> CheckOutcome + Send + 'a>;

/// How the jury's side ended.
#[derive(Clone, Debug)]
pub enum JuryEnd {
    /// The interactor program's run.
    Program(RunResult),
    /// The in-process jury's verdict.
    InProcess(CheckOutcome),
}

/// What happened in an exchange.
#[derive(Clone, Debug)]
pub struct Exchange {
    /// The submission's run (its `output_bytes` is what it wrote to the pipe, counted by the
    /// relay; past `output_limit` the relay stopped reading).
    pub submission: RunResult,
    /// The jury's end.
    pub jury: JuryEnd,
    /// Both directions.
    pub transcript: Transcript,
    /// Whether the submission's run ended before the jury's side did (the rules of
    /// [`crate::judge::run::interactive`] depend on who stopped first).
    pub submission_first: bool,
    /// Whether the submission wrote more than its output limit.
    pub output_over: bool,
}

/// A pipe: (read end, write end), both close-on-exec.
fn pipe() -> anyhow::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0i32; 2];
    // SAFETY: pipe2 fills two descriptors on success.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error()).context("cannot make a pipe");
    }
    // SAFETY: both were just made and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// When the relays and the in-process jury's streams stop waiting: set once both runs have
/// returned. A process that escaped its run's kill (possible only outside the sandbox without
/// cgroups: a `setsid` child of an unconfined program) may still hold a pipe end open, and
/// then no end of file ever comes; after [`STOP_GRACE`] the judge's side stops regardless.
struct Stop {
    /// Milliseconds since the exchange's start when both runs had returned; `u64::MAX` before.
    at_ms: AtomicU64,
    start: Instant,
    /// Whether the submission's stream to the jury has ended (its relay saw the end of file).
    submission_ended: AtomicBool,
}

/// How long the judge's side of the pipes keeps reading after both runs returned (what a
/// program wrote just before it ended is still in the pipe).
const STOP_GRACE: Duration = Duration::from_millis(200);

impl Stop {
    fn new(start: Instant) -> Stop {
        Stop {
            at_ms: AtomicU64::new(u64::MAX),
            start,
            submission_ended: AtomicBool::new(false),
        }
    }

    /// Both runs have returned.
    fn set(&self) {
        let now = self.start.elapsed().as_millis() as u64;
        self.at_ms.store(now, Ordering::SeqCst);
    }

    /// Whether the grace after [`Stop::set`] is over.
    fn over(&self) -> bool {
        let at = self.at_ms.load(Ordering::SeqCst);
        at != u64::MAX
            && self.start.elapsed().as_millis() as u64
                >= at.saturating_add(STOP_GRACE.as_millis() as u64)
    }

    /// Waits until `fd` is ready for `events` (or has an error or a hang-up, which the next
    /// read or write reports); false once [`Stop::over`].
    fn wait(&self, fd: i32, events: i16) -> bool {
        loop {
            let mut p = libc::pollfd {
                fd,
                events,
                revents: 0,
            };
            // SAFETY: poll on one valid pollfd.
            let r = unsafe { libc::poll(&mut p, 1, 20) };
            if r != 0 {
                return true;
            }
            if self.over() {
                return false;
            }
        }
    }
}

/// Makes the judge's own end of a pipe non-blocking (its file description is the judge's
/// alone: the program has the other end), so that no read or write of the judge's side can
/// block past [`Stop`].
fn nonblocking(fd: OwnedFd) -> anyhow::Result<File> {
    // SAFETY: fcntl on a descriptor we own.
    let ok = unsafe {
        let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
        flags >= 0 && libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK) == 0
    };
    if !ok {
        return Err(std::io::Error::last_os_error()).context("cannot make a pipe non-blocking");
    }
    Ok(File::from(fd))
}

/// Reads from the non-blocking `f` into `buf`, waiting as [`Stop::wait`] does: `Ok(0)` at the
/// end of the stream or once stopped.
fn read_until(f: &mut File, buf: &mut [u8], stop: &Stop) -> std::io::Result<usize> {
    loop {
        if !stop.wait(f.as_raw_fd(), libc::POLLIN) {
            return Ok(0);
        }
        match f.read(buf) {
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
                ) => {}
            other => return other,
        }
    }
}

/// Writes all of `bytes` to the non-blocking `f`, waiting as [`Stop::wait`] does. Errors when
/// the reader is gone (`EPIPE`) or once stopped.
fn write_until(f: &mut File, mut bytes: &[u8], stop: &Stop) -> std::io::Result<()> {
    while !bytes.is_empty() {
        if !stop.wait(f.as_raw_fd(), libc::POLLOUT) {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        match f.write(bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
                ) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Copies `from` into `to` until `from` ends (or [`Stop::over`]), recording into `log`. Past
/// `limit` bytes (`Some` for the submission's output) it stops and drops both ends. A failed
/// write (the reader is gone) ends the forwarding, after which the rest of `from` is read and
/// recorded but not forwarded, so that the writer is never blocked by a full pipe. Returns the
/// bytes read, whether the limit was passed, and when (since `start`) `from` ended.
fn relay(
    mut from: File,
    to: File,
    dir: Direction,
    log: &Mutex<Transcript>,
    limit: Option<u64>,
    stop: &Stop,
) -> Relayed {
    let mut to = Some(to);
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = match read_until(&mut from, &mut buf, stop) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        total += n as u64;
        let over = limit.is_some_and(|l| total > l);
        let keep = match limit {
            Some(l) if over => n - (total - l).min(n as u64) as usize,
            _ => n,
        };
        log.lock()
            .unwrap_or_else(|e| e.into_inner())
            .record(dir, &buf[..keep]);
        if let Some(w) = to.as_mut() {
            if write_until(w, &buf[..keep], stop).is_err() {
                to = None;
            }
        }
        if over {
            return Relayed {
                bytes: total,
                over: true,
                ended: None,
            };
        }
    }
    if dir == Direction::FromSubmission {
        stop.submission_ended.store(true, Ordering::SeqCst);
    }
    Relayed {
        bytes: total,
        over: false,
        ended: (!stop.over()).then(|| stop.start.elapsed()),
    }
}

/// What a relay saw.
#[derive(Clone, Copy, Debug, Default)]
struct Relayed {
    /// Bytes read.
    bytes: u64,
    /// Whether the limit was passed.
    over: bool,
    /// When the source ended (not when the relay gave up at the limit or at [`Stop`]).
    ended: Option<Duration>,
}

/// A reader that records what it reads and, past `limit` bytes, ends (dropping its pipe so
/// that the writer's next write fails). Its pipe is non-blocking: it waits as [`Stop::wait`]
/// does and ends once stopped.
struct RecordingReader<'a> {
    inner: Option<File>,
    log: &'a Mutex<Transcript>,
    total: u64,
    limit: u64,
    over: bool,
    stop: &'a Stop,
    ended: Option<Duration>,
}

impl Read for RecordingReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(f) = self.inner.as_mut() else {
            return Ok(0);
        };
        let n = read_until(f, buf, self.stop)?;
        if n == 0 && !buf.is_empty() && !self.stop.over() {
            self.ended.get_or_insert_with(|| self.stop.start.elapsed());
        }
        let room = self.limit.saturating_sub(self.total) as usize;
        self.total += n as u64;
        let keep = n.min(room);
        if n > room {
            self.over = true;
            self.inner = None;
        }
        self.log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .record(Direction::FromSubmission, &buf[..keep]);
        Ok(keep)
    }
}

/// A writer that records what it writes (non-blocking underneath, as [`write_until`]).
struct RecordingWriter<'a> {
    inner: File,
    log: &'a Mutex<Transcript>,
    stop: &'a Stop,
}

impl Write for RecordingWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // Recorded before it is delivered, as the relays do: the transcript holds what the
        // jury wrote, also when the submission has already gone and the write fails (else it
        // would depend on whether the submission's exit came before or after the write).
        self.log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .record(Direction::ToSubmission, buf);
        write_until(&mut self.inner, buf, self.stop)?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `submission` against `jury`, joined by pipes (module documentation), and returns
/// when both have ended. `transcript_cap` bytes of each direction are kept. The submission's
/// `stdin`/`stdout` files are not used; its output limit is its spec's `output_bytes`.
///
/// Cost: with an interactor program, two processes and two relay threads, and every byte is
/// copied once more than in a direct pipe; with an in-process jury, one process and one
/// thread reading and writing the submission's pipes directly.
///
/// Errors: a pipe cannot be made, or either program cannot be started ([`runner::run`]).
pub fn exchange(
    submission: &RunSpec,
    jury: Jury<'_>,
    transcript_cap: u64,
) -> anyhow::Result<Exchange> {
    let log = Mutex::new(Transcript::new(transcript_cap));
    let output_limit = submission.limits.output_bytes;
    // Submission's stdin and stdout; the judge's ends are non-blocking.
    let (sub_in_r, sub_in_w) = pipe()?;
    let (sub_out_r, sub_out_w) = pipe()?;
    let (sub_in_w, sub_out_r) = (nonblocking(sub_in_w)?, nonblocking(sub_out_r)?);
    let jury_pipes = match &jury {
        Jury::Program { .. } => {
            let (jury_in_r, jury_in_w) = pipe()?;
            let (jury_out_r, jury_out_w) = pipe()?;
            Some((
                jury_in_r,
                nonblocking(jury_in_w)?,
                nonblocking(jury_out_r)?,
                jury_out_w,
            ))
        }
        Jury::InProcess(_) => None,
    };
    let sub_pipes = RunPipes::new(sub_in_r, sub_out_w);
    let sub_spec = RunSpec {
        pipes: Some(sub_pipes.clone()),
        ..submission.clone()
    };
    let start = Instant::now();
    let stop = Stop::new(start);
    std::thread::scope(|s| -> anyhow::Result<Exchange> {
        let sub = s.spawn(move || {
            let r = runner::run(&sub_spec);
            drop(sub_spec);
            (r, start.elapsed())
        });
        let log = &log;
        let stop = &stop;
        let (jury_end, jury_at, up, sub_joined) = match (jury, jury_pipes) {
            (
                Jury::Program { spec, accept_exit },
                Some((jury_in_r, jury_in_w, jury_out_r, jury_out_w)),
            ) => {
                let jury_spec = RunSpec {
                    pipes: Some(RunPipes::new(jury_in_r, jury_out_w)),
                    ..*spec
                };
                let up = s.spawn(move || {
                    relay(
                        sub_out_r,
                        jury_in_w,
                        Direction::FromSubmission,
                        log,
                        Some(output_limit),
                        stop,
                    )
                });
                let down = s.spawn(move || {
                    relay(
                        jury_out_r,
                        sub_in_w,
                        Direction::ToSubmission,
                        log,
                        None,
                        stop,
                    )
                });
                let r = runner::run(&jury_spec);
                drop(jury_spec);
                let at = start.elapsed();
                // The interactor has rejected (or failed) while the submission still writes
                // to it: the verdict is the interactor's, so the submission is stopped rather
                // than left to run into its own limits.
                let accepted = r
                    .as_ref()
                    .is_ok_and(|r| r.termination == runner::Termination::Exited(accept_exit));
                if !accepted && !stop.submission_ended.load(Ordering::SeqCst) {
                    sub_pipes.stop();
                }
                // Both runs are over: the relays drain what is left, then stop.
                let sub_joined = sub.join();
                stop.set();
                let up = up.join().unwrap_or_default();
                let down = down.join().unwrap_or_default();
                let jury_at = down.ended.map_or(at, |e| e.min(at));
                (r.map(JuryEnd::Program), jury_at, up, sub_joined)
            }
            (Jury::InProcess(f), _) => {
                let jury = s.spawn(move || {
                    let mut reader = BufReader::new(RecordingReader {
                        inner: Some(sub_out_r),
                        log,
                        total: 0,
                        limit: output_limit,
                        over: false,
                        stop,
                        ended: None,
                    });
                    let mut writer = RecordingWriter {
                        inner: sub_in_w,
                        log,
                        stop,
                    };
                    let outcome = f(&mut reader, &mut writer);
                    // The jury's verdict is in: that is when it ended. Its stream to the
                    // submission ends now; what the submission still writes is read (and
                    // recorded) as a relay would, so that it is not killed by SIGPIPE for
                    // writing after an early verdict.
                    let at = start.elapsed();
                    drop(writer);
                    let mut sink = [0u8; 8192];
                    while matches!(reader.read(&mut sink), Ok(n) if n > 0) {}
                    let r = reader.into_inner();
                    let up = Relayed {
                        bytes: r.total,
                        over: r.over,
                        ended: r.ended,
                    };
                    (outcome, at, up)
                });
                let sub_joined = sub.join();
                stop.set();
                let (outcome, at, up) = jury.join().unwrap_or_else(|_| {
                    (
                        CheckOutcome::fail("the interactor panicked (a bug of gridjudge)"),
                        start.elapsed(),
                        Relayed::default(),
                    )
                });
                (Ok(JuryEnd::InProcess(outcome)), at, up, sub_joined)
            }
            (Jury::Program { .. }, None) => unreachable!("a program jury has its pipes"),
        };
        let (sub_result, sub_at) =
            sub_joined.map_err(|_| anyhow::anyhow!("the submission's run panicked"))?;
        let mut submission = sub_result?;
        let jury = jury_end?;
        submission.output_bytes = up.bytes;
        let transcript = std::mem::take(&mut *log.lock().unwrap_or_else(|e| e.into_inner()));
        // A side ended when its stream to the other ended (or its run returned, if earlier):
        // the other side only sees that end afterwards, so the order is causal, not a race
        // between two reaping threads.
        let sub_end = up.ended.map_or(sub_at, |e| e.min(sub_at));
        Ok(Exchange {
            submission,
            jury,
            transcript,
            submission_first: sub_end <= jury_at,
            output_over: up.over,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcripts_render_as_interaction_lines_and_cap_each_direction() {
        let mut t = Transcript::new(8);
        t.record(Direction::ToSubmission, b"3 3\n");
        t.record(Direction::FromSubmission, b"START 1");
        t.record(Direction::FromSubmission, b" 2\n");
        t.record(Direction::ToSubmission, b"0 0\n");
        assert_eq!(t.kept, [8, 8]);
        assert_eq!(t.total, [8, 10]);
        assert!(t.truncated());
        assert_eq!(
            t.render(),
            "<3 3\n>START 1 \n<0 0\n[transcript cut at 8 bytes per direction; 8 bytes were \
             sent to the submission, 10 from it]\n"
        );
    }

    /// An in-process jury that writes after the submission has gone (its write fails: the
    /// pipe has no reader) still finds its message in the transcript: what the jury wrote does
    /// not depend on when the submission exited.
    #[test]
    fn a_jury_message_to_a_submission_that_has_gone_is_in_the_transcript() {
        let dir = tempfile::tempdir().unwrap();
        let spec = RunSpec {
            argv: vec!["/bin/true".into()],
            stdin: dir.path().join("unused.in"),
            stdout: dir.path().join("unused.out"),
            stderr: None,
            limits: runner::RunLimits::new(5_000, 256),
            work_parent: Some(dir.path().to_path_buf()),
            sandbox: None,
            pipes: None,
            read_only: None,
        };
        let mut wrote = None;
        let ex = exchange(
            &spec,
            Jury::InProcess(Box::new(|reader, writer| {
                // The submission has ended once its stream does.
                let mut sink = Vec::new();
                let _ = reader.read_to_end(&mut sink);
                std::thread::sleep(Duration::from_millis(50));
                wrote = Some(writer.write_all(b"too late\n").is_ok());
                CheckOutcome::ac("")
            })),
            1 << 10,
        )
        .unwrap();
        assert_eq!(wrote, Some(false), "the write should have failed");
        assert_eq!(ex.transcript.render(), "<too late\n");
    }
}
