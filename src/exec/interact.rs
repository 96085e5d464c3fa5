//! An interactive run: a submission and the jury's side (an interactor program, or a function
//! of the judge itself) exchange messages over pipes, each in its own confinement.
//!
//! ```text
//!   submission stdout ──pipe──▶ relay ──pipe──▶ interactor stdin
//!   submission stdin  ◀──pipe── relay ◀──pipe── interactor stdout
//! ```
//!
//! Nothing else joins them: the submission runs under its [`RunSpec`] (in the sandbox, a box
//! of its own, which shows none of the interactor's files and a `/proc` of its own), the
//! interactor under its own spec (a setter's program: unconfined with its problem folder
//! read-only, in a cgroup of its own where the machine offers one, under its own limits), and
//! two relay threads of the judge copy the bytes. The relays keep the transcript of both
//! directions (each capped, [`Transcript`]), count the submission's output against its output
//! limit (past it they stop reading, so that the submission's next write fails), and note when
//! each side closed its stream. A side that waits for the other forever is ended by its wall
//! clock limit; its stream then closes and the other side sees the end of its input.
//!
//! An in-process jury ([`Jury::InProcess`]) reads and writes the same pipes through recording
//! adapters, in a thread of its own.
//!
//! Every pipe is made close-on-exec, so that no other program the judge starts at the same
//! time inherits an end (which would keep a stream from ever ending).

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
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
    /// A program (the interactor), run under this spec; its `stdin`, `stdout` and `pipes`
    /// are replaced by the exchange's pipes.
    Program(RunSpec),
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

/// Copies `from` into `to` until `from` ends, recording into `log`. Past `limit` bytes
/// (`Some` for the submission's output) it stops and drops both ends. A failed write (the
/// reader is gone) ends the copy too, after which the rest of `from` is read and recorded but
/// not forwarded, so that the writer is never blocked by a full pipe. Returns the bytes read,
/// whether the limit was passed, and when (since `start`) `from` ended.
fn relay(
    mut from: File,
    to: File,
    dir: Direction,
    log: &Mutex<Transcript>,
    limit: Option<u64>,
    start: Instant,
) -> Relayed {
    let mut to = Some(to);
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
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
            if w.write_all(&buf[..keep]).is_err() {
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
    Relayed {
        bytes: total,
        over: false,
        ended: Some(start.elapsed()),
    }
}

/// What a relay saw.
#[derive(Clone, Copy, Debug, Default)]
struct Relayed {
    /// Bytes read.
    bytes: u64,
    /// Whether the limit was passed.
    over: bool,
    /// When the source ended (not when the relay gave up at the limit).
    ended: Option<Duration>,
}

/// A reader that records what it reads and, past `limit` bytes, ends (dropping its pipe so
/// that the writer's next write fails).
struct RecordingReader<'a> {
    inner: Option<File>,
    log: &'a Mutex<Transcript>,
    total: u64,
    limit: u64,
    over: bool,
    start: Instant,
    ended: Option<Duration>,
}

impl Read for RecordingReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(f) = self.inner.as_mut() else {
            return Ok(0);
        };
        let n = f.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.ended.get_or_insert_with(|| self.start.elapsed());
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

/// A writer that records what it writes.
struct RecordingWriter<'a> {
    inner: File,
    log: &'a Mutex<Transcript>,
}

impl Write for RecordingWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .record(Direction::ToSubmission, &buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Runs `submission` against `jury`, joined by pipes (module documentation), and returns
/// when both have ended. `transcript_cap` bytes of each direction are kept. The submission's
/// `stdin`/`stdout` files are not used; its output limit is its spec's `output_bytes`.
///
/// Cost: two processes (one for an in-process jury) and two relay threads; every byte is
/// copied once more than in a direct pipe.
///
/// Errors: a pipe cannot be made, or either program cannot be started ([`runner::run`]).
pub fn exchange(
    submission: &RunSpec,
    jury: Jury<'_>,
    transcript_cap: u64,
) -> anyhow::Result<Exchange> {
    let log = Mutex::new(Transcript::new(transcript_cap));
    let output_limit = submission.limits.output_bytes;
    // Submission's stdin and stdout.
    let (sub_in_r, sub_in_w) = pipe()?;
    let (sub_out_r, sub_out_w) = pipe()?;
    let sub_spec = RunSpec {
        pipes: Some(RunPipes::new(sub_in_r, sub_out_w)),
        ..submission.clone()
    };
    let start = Instant::now();
    std::thread::scope(|s| -> anyhow::Result<Exchange> {
        let sub = s.spawn(move || {
            let r = runner::run(&sub_spec);
            drop(sub_spec);
            (r, start.elapsed())
        });
        let (jury_end, jury_at, up) = match jury {
            Jury::Program(spec) => {
                let (jury_in_r, jury_in_w) = pipe()?;
                let (jury_out_r, jury_out_w) = pipe()?;
                let jury_spec = RunSpec {
                    pipes: Some(RunPipes::new(jury_in_r, jury_out_w)),
                    ..spec
                };
                let log = &log;
                let up = s.spawn(move || {
                    relay(
                        File::from(sub_out_r),
                        File::from(jury_in_w),
                        Direction::FromSubmission,
                        log,
                        Some(output_limit),
                        start,
                    )
                });
                let down = s.spawn(move || {
                    relay(
                        File::from(jury_out_r),
                        File::from(sub_in_w),
                        Direction::ToSubmission,
                        log,
                        None,
                        start,
                    )
                });
                let r = runner::run(&jury_spec);
                drop(jury_spec);
                let at = start.elapsed();
                let up = up.join().unwrap_or_default();
                let down = down.join().unwrap_or_default();
                let jury_at = down.ended.map_or(at, |e| e.min(at));
                (r.map(JuryEnd::Program), jury_at, up)
            }
            Jury::InProcess(f) => {
                let log = &log;
                let (outcome, up) = s
                    .spawn(move || {
                        let mut reader = BufReader::new(RecordingReader {
                            inner: Some(File::from(sub_out_r)),
                            log,
                            total: 0,
                            limit: output_limit,
                            over: false,
                            start,
                            ended: None,
                        });
                        let mut writer = RecordingWriter {
                            inner: File::from(sub_in_w),
                            log,
                        };
                        let outcome = f(&mut reader, &mut writer);
                        let r = reader.into_inner();
                        let up = Relayed {
                            bytes: r.total,
                            over: r.over,
                            ended: r.ended,
                        };
                        (outcome, up)
                    })
                    .join()
                    .unwrap_or_else(|_| {
                        (
                            CheckOutcome::fail("the interactor panicked (a bug of gridjudge)"),
                            Relayed::default(),
                        )
                    });
                (Ok(JuryEnd::InProcess(outcome)), start.elapsed(), up)
            }
        };
        let (sub_result, sub_at) = sub
            .join()
            .map_err(|_| anyhow::anyhow!("the submission's run panicked"))?;
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
}
