//! Compiling and running C++ checkers and validators: the self-contained sources of
//! `problems/<p>/testlib/` and the testlib-API sources of `problems/<p>/polygon/` that
//! tests/game_cpp.rs and tests/bunny_cpp.rs compare with gridjudge's own (through
//! tests/common/mirror.rs), and the judges' builds of tests/conformance.rs.
//!
//! * [`Build`]: a source, g++'s flags, an optional include folder, the [`Api`] it is written
//!   against and an optional checker option; [`builds`] lists the builds every C++ source of a
//!   problem is tested with;
//! * [`testlib_dir`]: the `testlib.h` of the PyPI package p2d, installed on first use;
//! * [`compiled`]: g++, once per test process and build, into a cache folder keyed by the hash
//!   of the source, the headers of the include folder, the flags and the compiler;
//! * [`run`]: a binary with arguments and a stdin stream, under a watchdog ([`TIME_LIMIT`]) and
//!   optionally an address-space cap ([`MEMORY_LIMIT`]); its exit code and stderr;
//! * [`par_map`]: a small pool of threads for many short runs.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;

use sha2::{Digest, Sha256};

/// What a judge uses, plus every warning as an error.
pub const STRICT: &[&str] = &["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror"];
/// Luogu's command line (C++14).
pub const LUOGU: &[&str] = &["-fno-asm", "-std=c++14", "-O2"];

/// Address space a C++ binary may use when run with a memory cap: enough for the binary and
/// its fixed buffers, far too little to hold a streamed output of hundreds of megabytes.
pub const MEMORY_LIMIT: u64 = 64 << 20;

/// Wall-clock time a C++ binary may take before it is killed: a hang fails the test instead
/// of blocking `cargo test`.
pub const TIME_LIMIT: Duration = Duration::from_secs(30);

/// `problems/<problem>/testlib/<name>.cpp`.
pub fn source(problem: &str, name: &str) -> PathBuf {
    super::problem_dir(problem)
        .join("testlib")
        .join(format!("{name}.cpp"))
}

/// What a source is written against, which decides how it is called and what it can be held
/// to beyond its verdicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Api {
    #[default]
    /// Self-contained (`problems/<p>/testlib/`): testlib's calling convention with gridjudge's
    /// messages, flags, report file and streaming, all compared.
    Own,
    /// testlib's API (`problems/<p>/polygon/`, `checker/builtin/testlib_tokens.cpp`), built
    /// with p2d's testlib.h ([`testlib_dir`]). testlib decides, not our source:
    /// * the checker's calling convention, DOMjudge's as p2d adapts it
    ///   (`check <input> <answer> <feedback_dir> < output`, the message in `judgemessage.txt`),
    ///   so there is no report file and no command line of ours to test;
    /// * the validator's messages (the verdict alone is compared, not message, line or column)
    ///   and flags (no `--group=G`, `--testset=X` or usage errors; an unknown `--group` is
    ///   testlib's FAIL 3, not our usage error 2);
    /// * files over 128 MiB are refused, and an output read from stdin costs memory in
    ///   proportion, so the huge streams cannot be judged under the memory cap.
    Testlib,
}

/// One way to compile a C++ program: `g++ <flags> [-isystem <include>] -o <bin> <source>`.
#[derive(Clone, Debug, Default)]
pub struct Build {
    pub source: PathBuf,
    pub flags: Vec<&'static str>,
    /// A folder of headers (such as a `testlib.h`), searched by `#include`.
    pub include: Option<PathBuf>,
    pub api: Api,
    /// A boolean checker option of problem.toml set to true: in the source (its one line
    /// `const bool NAME = false;`, as `gridjudge export` rewrites it) and in the Rust config.
    pub option: Option<&'static str>,
}

impl Build {
    pub fn new(source: PathBuf, flags: &[&'static str]) -> Build {
        let flags = flags.to_vec();
        Build {
            source,
            flags,
            ..Build::default()
        }
    }

    /// `source` (relative to the repository) against p2d's testlib.h, built with testlib's own
    /// exit codes (0 AC, 1 WA, 2 PE, 3 FAIL; p2d's testlib.h defaults to DOMjudge's 42/43),
    /// `flags`, and every warning an error (testlib.h is a system header: its warnings are not
    /// ours).
    pub fn testlib(source: &str, flags: &[&'static str]) -> Build {
        let codes = ["-DOK_EXIT_CODE=0", "-DWA_EXIT_CODE=1", "-DPE_EXIT_CODE=2"];
        let codes = codes.into_iter().chain(["-DFAIL_EXIT_CODE=3"]);
        let warnings = ["-Wall", "-Wextra", "-Werror"].into_iter();
        let warnings = warnings.filter(|w| !flags.contains(w));
        Build {
            include: Some(testlib_dir().to_path_buf()),
            api: Api::Testlib,
            flags: (codes.chain(flags.iter().copied()).chain(warnings)).collect(),
            ..Build::new(Path::new(env!("CARGO_MANIFEST_DIR")).join(source), &[])
        }
    }

    /// The source's text, with the option set.
    pub fn text(&self) -> Vec<u8> {
        let src = &self.source;
        let text = std::fs::read(src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
        let Some(name) = self.option else { return text };
        let text = String::from_utf8(text).unwrap();
        let line = format!("const bool {name} = false;");
        assert_eq!(text.matches(&line).count(), 1, "{self}: one {line:?}");
        text.replace(&line, &format!("const bool {name} = true;"))
            .into_bytes()
    }
}

impl fmt::Display for Build {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} [{}]", self.source.display(), self.flags.join(" "))?;
        match self.option {
            Some(o) => write!(f, " with {o}"),
            None => Ok(()),
        }
    }
}

/// The builds of `problems/<problem>/testlib/<name>.cpp` that the mirror tests compare with
/// gridjudge (with every warning an error, and with Luogu's flags), then those of
/// `problems/<problem>/polygon/<polygon>.cpp` against p2d's testlib.h.
pub fn builds(problem: &str, name: &str, polygon: &str) -> Vec<Build> {
    let testlib = format!("problems/{problem}/polygon/{polygon}.cpp");
    let own = [STRICT, LUOGU].map(|flags| Build::new(source(problem, name), flags));
    let api = [STRICT, LUOGU].map(|flags| Build::testlib(&testlib, flags));
    own.into_iter().chain(api).collect()
}

/// The p2d release whose testlib.h (testlib 0.9.44 adapted to DOMjudge) the testlib-API
/// sources are compiled against: the one `tests/pypi-pins.txt` pins.
pub fn p2d_version() -> &'static str {
    super::tools::pinned_version("p2d")
}

/// The folder holding p2d's testlib.h, `target/p2d-testlib-<version>/`, installed from PyPI on
/// first use: p2d (without its dependencies) goes into a throw-away virtual environment, and
/// its `p2d/testlib/{testlib.h,LICENSE}` are copied to a staging folder renamed into place, so
/// that test processes running at the same time never see half a file.
pub fn testlib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
        let dir = target.join(format!("p2d-testlib-{}", p2d_version()));
        if dir.join("testlib.h").is_file() {
            return dir;
        }
        std::fs::create_dir_all(&target).unwrap();
        let tmp = tempfile::tempdir_in(&target).unwrap();
        let venv = tmp.path().join("venv");
        let st = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status();
        assert!(st.is_ok_and(|s| s.success()), "python3 -m venv (for p2d)");
        let st = Command::new(venv.join("bin/pip"))
            .args(["install", "--quiet", "--no-deps"])
            .arg(super::tools::pinned("p2d"))
            .status();
        assert!(
            st.is_ok_and(|s| s.success()),
            "pip install {}",
            super::tools::pinned("p2d")
        );
        let site = std::fs::read_dir(venv.join("lib"))
            .unwrap()
            .map(|e| e.unwrap().path().join("site-packages/p2d/testlib"))
            .find(|p| p.join("testlib.h").is_file())
            .expect("p2d ships p2d/testlib/testlib.h");
        let staged = tmp.path().join("testlib");
        std::fs::create_dir(&staged).unwrap();
        for f in ["testlib.h", "LICENSE"] {
            std::fs::copy(site.join(f), staged.join(f)).unwrap();
        }
        // Another process may have won the race: its copy is the same file.
        let moved = std::fs::rename(&staged, &dir);
        assert!(
            moved.is_ok() || dir.join("testlib.h").is_file(),
            "{moved:?}"
        );
        dir
    })
}

/// The hash that names a build: the source (with its option), the include folder's files, the
/// flags and the compiler's version.
fn build_key(b: &Build) -> String {
    let version = Command::new("g++")
        .arg("--version")
        .output()
        .expect("g++ is needed to compile the C++ checkers and validators");
    let read = |p: &Path| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut hash = Sha256::new();
    hash.update(b.text());
    if let Some(dir) = &b.include {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for f in files {
            hash.update(f.file_name().unwrap().as_encoded_bytes());
            hash.update(read(&f));
        }
    }
    hash.update(b.flags.join(" "));
    hash.update(&version.stdout);
    hash.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Compiles `b` into `$CARGO_TARGET_TMPDIR/cpp-<hash>/<file stem>` and returns the executable.
/// A binary already there (from an earlier run: same source, headers, flags and compiler) is
/// reused; otherwise g++ builds a temporary file that is renamed into place, so test processes
/// running at the same time never see a half-written binary. g++ must print nothing. Each
/// build is compiled at most once per test process, however many threads ask.
pub fn compiled(b: &Build) -> PathBuf {
    type Slot = Arc<OnceLock<PathBuf>>;
    static BUILDS: OnceLock<Mutex<HashMap<String, Slot>>> = OnceLock::new();
    let slot = BUILDS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(b.to_string())
        .or_default()
        .clone();
    slot.get_or_init(|| compile(b)).clone()
}

fn compile(b: &Build) -> PathBuf {
    let stem = b.source.file_stem().unwrap().to_str().unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cpp-{}", build_key(b)));
    let bin = dir.join(stem);
    if bin.is_file() {
        return bin;
    }
    std::fs::create_dir_all(&dir).unwrap();
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{stem}"))
        .tempfile_in(&dir)
        .unwrap()
        .into_temp_path();
    let mut cmd = Command::new("g++");
    cmd.args(&b.flags);
    if let Some(include) = &b.include {
        cmd.arg("-isystem").arg(include);
    }
    // With an option, the rewritten text is compiled from a temporary file beside the binary.
    let staged = (b.option.is_some()).then(|| {
        let f = tempfile::Builder::new().suffix(".cpp").tempfile_in(&dir);
        let f = f.unwrap().into_temp_path();
        std::fs::write(&f, b.text()).unwrap();
        f
    });
    let source = staged.as_deref().unwrap_or(&b.source);
    let out = cmd
        .arg("-o")
        .arg(&tmp)
        .arg(source)
        .output()
        .expect("g++ runs");
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "g++ {b}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    tmp.persist(&bin).unwrap();
    bin
}

/// What a C++ binary did: its exit code, its stdout and its stderr (lossily decoded).
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `bin` with `args`, `stdin` streamed to it from another thread
/// (a binary that stops reading early just breaks the pipe, which ends the feeding). With
/// `limit_memory`, the binary's address space is capped at [`MEMORY_LIMIT`] (`setrlimit` in
/// the child, so that run costs a `fork` rather than a `posix_spawn`).
///
/// Panics if the binary is killed by a signal (a crash, or a memory cap hit as `SIGSEGV` or
/// `SIGABRT`) or is still running after [`TIME_LIMIT`] (it is then killed).
pub fn run<S: AsRef<OsStr>>(
    bin: &Path,
    args: impl IntoIterator<Item = S>,
    mut stdin: impl Read + Send,
    limit_memory: bool,
) -> Run {
    let args: Vec<OsString> = args.into_iter().map(|a| a.as_ref().to_owned()).collect();
    let mut cmd = Command::new(bin);
    cmd.args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if limit_memory {
        // SAFETY: the closure runs in the forked child before exec and calls only setrlimit,
        // which is async-signal-safe; it allocates nothing.
        unsafe {
            cmd.pre_exec(|| {
                let lim = libc::rlimit {
                    rlim_cur: MEMORY_LIMIT,
                    rlim_max: MEMORY_LIMIT,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().expect("spawn a C++ binary");
    let pid = child.id() as libc::pid_t;
    let mut pipe = child.stdin.take().unwrap();
    let out_pipe: Box<dyn Read + Send> = Box::new(child.stdout.take().unwrap());
    let err_pipe: Box<dyn Read + Send> = Box::new(child.stderr.take().unwrap());
    // (exited, killed): the child has exited (not yet reaped), the watchdog killed it.
    let state = (Mutex::new((false, false)), Condvar::new());
    let (status, [stdout, stderr]) = std::thread::scope(|s| {
        s.spawn(move || {
            // A broken pipe only means that the binary had read enough.
            let _ = io::copy(&mut stdin, &mut pipe);
        });
        let readers = [out_pipe, err_pipe].map(|mut p| {
            s.spawn(move || {
                let mut bytes = Vec::new();
                p.read_to_end(&mut bytes).unwrap();
                bytes
            })
        });
        let state = &state;
        s.spawn(move || {
            let (lock, cvar) = state;
            let guard = lock.lock().unwrap();
            let (mut guard, _) = cvar
                .wait_timeout_while(guard, TIME_LIMIT, |(exited, _)| !*exited)
                .unwrap();
            if !guard.0 {
                // SAFETY: kill(2) on the child's pid. The child cannot have been reaped (and
                // its pid reused): it is reaped only after `exited` is set under this lock.
                unsafe { libc::kill(pid, libc::SIGKILL) };
                guard.1 = true;
            }
        });
        wait_exited(pid);
        {
            let (lock, cvar) = &state;
            lock.lock().unwrap().0 = true;
            cvar.notify_all();
        }
        let status = child.wait().unwrap();
        (status, readers.map(|r| r.join().unwrap()))
    });
    let [stdout, stderr] = [stdout, stderr].map(|b| String::from_utf8_lossy(&b).into_owned());
    let what = format!("{} {args:?}", bin.display());
    assert!(
        !state.0.lock().unwrap().1,
        "{what} still running after {TIME_LIMIT:?}, killed; stderr: {stderr}"
    );
    match status.code() {
        Some(code) => Run {
            code,
            stdout,
            stderr,
        },
        None => panic!(
            "{what} killed by signal {:?} (a crash{}); stderr: {stderr}",
            status.signal(),
            if limit_memory {
                ", or more memory than the cap"
            } else {
                ""
            }
        ),
    }
}

/// Blocks until the child `pid` has exited, leaving it unreaped (`WNOWAIT`), so that its pid
/// stays valid for the watchdog until `Child::wait` reaps it.
fn wait_exited(pid: libc::pid_t) {
    loop {
        // SAFETY: waitid with a valid out-pointer to a zeroed siginfo_t.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if r == 0 {
            return;
        }
        let e = io::Error::last_os_error();
        assert_eq!(e.kind(), io::ErrorKind::Interrupted, "waitid: {e}");
    }
}

/// Threads [`par_map`] uses: the work is mostly short-lived child processes, so some overlap
/// pays even on two cores.
pub const WORKERS: usize = 3;

/// `f(worker, item)` for every item on [`WORKERS`] threads (`worker` in `0..WORKERS`, e.g.
/// to name a scratch file of its own); the results in the order of `items`.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let parts: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..WORKERS)
            .map(|w| {
                let (next, f) = (&next, &f);
                s.spawn(move || {
                    // A panicking worker (a failed assertion) stops the others early.
                    let _stop = StopOnPanic(next, items.len());
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= items.len() {
                            break done;
                        }
                        done.push((i, f(w, &items[i])));
                    }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut out: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    for (i, r) in parts.into_iter().flatten() {
        out[i] = Some(r);
    }
    out.into_iter().map(Option::unwrap).collect()
}

/// Moves the shared counter of [`par_map`] past the end when its worker unwinds.
struct StopOnPanic<'a>(&'a AtomicUsize, usize);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(self.1, Ordering::Relaxed);
        }
    }
}
