//! The setter's programs die with gridjudge: a generator that sleeps while `gridjudge build`
//! is killed with SIGKILL (which leaves gridjudge no chance to clean up) is gone at once, not
//! after its sleep (issue 22, point 5: `PR_SET_PDEATHSIG` on every unconfined run).
//!
//! Needs `python3` (the program problem's generator, validator and reference are Python).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Pids of the processes whose command line contains `marker`.
fn processes_with(marker: &str) -> Vec<i32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
            continue;
        };
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let zombie = state
            .rfind(')')
            .is_some_and(|i| state[i + 1..].trim_start().starts_with('Z'));
        if !zombie && String::from_utf8_lossy(&cmdline).contains(marker) {
            out.push(pid);
        }
    }
    out
}

/// A program problem `sleepy` in `dir` whose one generator sleeps for 60 s.
fn sleepy_problem(dir: &Path, marker: &str) {
    let p = dir.join("sleepy");
    std::fs::create_dir_all(&p).unwrap();
    std::fs::write(
        p.join("problem.toml"),
        "name = \"sleepy\"\ntitle = \"Sleepy\"\n\n[limits]\ntime_ms = 1000\nmemory_mib = 256\n\n\
         [programs]\ngenerators = { slow = \"gen.py\" }\nsolution = \"sol.py\"\n\
         validator = { source = \"val.py\", convention = \"kattis\" }\n\
         checker = { builtin = \"tokens\" }\n",
    )
    .unwrap();
    std::fs::write(p.join("gen.py"), "import time\ntime.sleep(60)\nprint(1)\n").unwrap();
    std::fs::write(p.join("sol.py"), "print(input())\n").unwrap();
    std::fs::write(
        p.join("val.py"),
        "import sys\nsys.stdin.read()\nsys.exit(42)\n",
    )
    .unwrap();
    std::fs::write(
        p.join("manifest.toml"),
        format!("[[test]]\ngen = \"slow {marker}\"\n"),
    )
    .unwrap();
}

#[test]
fn a_sleeping_generator_dies_with_a_killed_build() {
    let tmp = tempfile::tempdir().unwrap();
    let marker = format!("MARK{}", std::process::id());
    sleepy_problem(tmp.path(), &marker);
    let mut build = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["build", "sleepy", "--problems-dir"])
        .arg(tmp.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while processes_with(&marker).is_empty() {
        assert!(Instant::now() < deadline, "the generator never started");
        assert!(build.try_wait().unwrap().is_none(), "the build ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    build.kill().unwrap();
    build.wait().unwrap();
    // Without the parent-death signal the generator would sleep on for a minute.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = processes_with(&marker);
        if left.is_empty() {
            break;
        }
        if Instant::now() >= deadline {
            for pid in &left {
                // SAFETY: kill with integers; cleaning up after a failed test.
                unsafe { libc::kill(*pid, libc::SIGKILL) };
            }
            panic!("the generator outlived the killed build: pids {left:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
