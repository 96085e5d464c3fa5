//! External tools the end-to-end tests drive: command-line programs installed from PyPI into
//! virtual environments under `target/` (problemtools, BAPCtools, p2d), and running a program
//! for its exit code alone. Test files that need only this declare
//! `#[path = "common/tools.rs"] mod tools;` instead of the whole `common` module.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// Held while a virtual environment is made: the tests of one file run on several threads,
/// and two `python3 -m venv` on the same folder at once fail (`File exists`).
static INSTALLING: Mutex<()> = Mutex::new(());

/// `target/<venv>/bin/<exe>`, installing `package` (a PyPI requirement such as `problemtools`
/// or `p2d==0.4.0`) into the virtual environment `target/<venv>` on first use, and reusing it
/// afterwards; one thread at a time installs. Panics, naming the step, when python3, venv or
/// pip fails (no network, no `python3-venv`).
pub fn pypi_tool(venv: &str, package: &str, exe: &str) -> PathBuf {
    let _one_at_a_time = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    let venv = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(venv);
    let path = venv.join("bin").join(exe);
    if !path.is_file() {
        let st = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("python3 is needed to install from PyPI");
        assert!(st.success(), "python3 -m venv {} failed", venv.display());
        let st = Command::new(venv.join("bin/pip"))
            .args(["install", "--quiet", package])
            .status()
            .unwrap();
        assert!(st.success(), "pip install {package} failed");
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
