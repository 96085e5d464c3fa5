//! External tools the end-to-end tests drive: command-line programs installed from PyPI into
//! virtual environments under `target/` (problemtools, BAPCtools, p2d), and running a program
//! for its exit code alone. Test files that need only this declare
//! `#[path = "common/tools.rs"] mod tools;` instead of the whole `common` module. Also the
//! PyPI pins (`tests/pypi-pins.txt`) and [`skip_or_fail`], the one way a test may skip.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// The pinned PyPI requirements (`tests/pypi-pins.txt`), the one place their versions are set.
const PINS: &str = include_str!("../pypi-pins.txt");

/// The pinned requirement of the PyPI package `name` (e.g. `bapctools==2026.10.0`), from
/// `tests/pypi-pins.txt`. Panics when the file does not pin `name`.
pub fn pinned(name: &str) -> String {
    format!("{name}=={}", pinned_version(name))
}

/// The version `tests/pypi-pins.txt` pins for the PyPI package `name`. Panics when the file
/// does not pin `name`.
pub fn pinned_version(name: &str) -> &'static str {
    PINS.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .find_map(|l| {
            let (n, v) = l.split_once("==")?;
            (n.trim() == name).then_some(v.trim())
        })
        .unwrap_or_else(|| panic!("tests/pypi-pins.txt pins no version of `{name}`"))
}

/// Whether this run is CI's: the environment variable `CI` is set to anything but empty, `0`
/// or `false` (`.ci/run` runs with `CI=true`).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// A test that cannot check something here calls this with the reason, then skips that part.
/// In CI ([`in_ci`]) every skip is a failure: this panics with the reason. Elsewhere it prints
/// `SKIPPED: <reason>` on stderr (shown with `--nocapture` or when the test fails), so a skip
/// is never silent.
#[track_caller]
pub fn skip_or_fail(reason: &str) {
    if in_ci() {
        panic!("CI must not skip: {reason}");
    }
    eprintln!("SKIPPED at {}: {reason}", std::panic::Location::caller());
}

/// Held while a virtual environment is made: the tests of one file run on several threads,
/// and two `python3 -m venv` on the same folder at once fail (`File exists`).
static INSTALLING: Mutex<()> = Mutex::new(());

/// An exclusive `flock(2)` on `path` (made when missing), released when dropped: two test
/// processes at once (`.ci/run` runs test binaries side by side) install a venv one at a time.
/// Panics when the file cannot be opened or locked.
struct FileLock(std::fs::File);

impl FileLock {
    fn new(path: &Path) -> FileLock {
        use std::os::fd::AsRawFd;
        let f = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // SAFETY: flock on a descriptor this function owns; no memory is passed.
        let rc = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) };
        assert_eq!(
            rc,
            0,
            "flock {}: {}",
            path.display(),
            std::io::Error::last_os_error()
        );
        FileLock(f)
    }
}

/// `target/<venv>/bin/<exe>`, installing the PyPI package `name` at its pinned version
/// ([`pinned`]) into the virtual environment `target/<venv>` on first use, and reusing it
/// afterwards; one thread of one process at a time installs (`target/<venv>.lock`). A venv
/// installed with another pin (its file `gridjudge-pin` differs) is reinstalled at the pinned
/// version. Panics, naming the step, when python3, venv or pip fails (no network, no
/// `python3-venv`).
pub fn pypi_tool(venv: &str, name: &str, exe: &str) -> PathBuf {
    let _one_at_a_time = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::create_dir_all(&target).unwrap();
    let _one_process_at_a_time = FileLock::new(&target.join(format!("{venv}.lock")));
    let venv = target.join(venv);
    let path = venv.join("bin").join(exe);
    let requirement = pinned(name);
    let marker = venv.join("gridjudge-pin");
    let installed = std::fs::read_to_string(&marker).ok();
    if !path.is_file() || installed.as_deref() != Some(requirement.as_str()) {
        if !venv.join("bin/pip").is_file() {
            let st = Command::new("python3")
                .args(["-m", "venv"])
                .arg(&venv)
                .status()
                .expect("python3 is needed to install from PyPI");
            assert!(st.success(), "python3 -m venv {} failed", venv.display());
        }
        let st = Command::new(venv.join("bin/pip"))
            .args(["install", "--quiet", &requirement])
            .status()
            .unwrap();
        assert!(st.success(), "pip install {requirement} failed");
        assert!(path.is_file(), "{requirement} installed no {exe}");
        std::fs::write(&marker, &requirement).unwrap();
    }
    path
}

/// Runs `exe args` with `stdin` bytes and output thrown away; its exit code (-1 when a signal
/// ended it). A program that exits before reading all of `stdin` is fine (broken pipe).
pub fn exit_code<S: AsRef<std::ffi::OsStr>>(exe: &Path, args: &[S], stdin: &[u8]) -> i32 {
    use std::io::Write;
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait().unwrap().code().unwrap_or(-1)
}

/// Runs the external tool `cmd` (verifyproblem, bt) with stdin closed; whether it exited with
/// 0, and its stdout then stderr as one text without colours ([`strip_ansi`]), also echoed to
/// the test's stderr (shown when the test fails). Panics when it cannot be started.
pub fn run_tool(cmd: &mut Command) -> (bool, String) {
    let o = cmd
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {:?}: {e}", cmd.get_program()));
    let text = strip_ansi(&format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    ));
    eprintln!("{:?}:\n{text}", cmd.get_program());
    (o.status.success(), text)
}

/// `text` without its ANSI escape sequences (`ESC [` parameters, then one final byte in
/// `@`..=`~`, as ECMA-48 defines a control sequence). BAPCtools colours its report whenever
/// the environment variable `CI` is set, even into a pipe, so its lines are matched on this.
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            for f in chars.by_ref() {
                if ('@'..='~').contains(&f) {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
