//! The runner on tiny hostile programs, compiled from C at test time with `cc`: each must get
//! the right classification, the run must end, and no process may be left behind.
//!
//! Limits are small (300 ms CPU) so the suite is quick; assertions are on verdicts, never on
//! timings (the only time bound is a generous "it did end" check).
//!
//! The classification tests run twice: unconfined (`--no-sandbox`) and in the bubblewrap
//! sandbox, which must give the same verdicts. The tests that follow a forked child by its pid
//! run unconfined (in the sandbox the pid is another namespace's); `tests/sandbox.rs` covers
//! the sandbox's own guarantees.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use std::sync::Arc;

use gridjudge::exec::runner::{run, Outcome, RunLimits, RunResult, RunSpec, Termination};
use gridjudge::exec::sandbox::Session;
use gridjudge::exec::wait::KillReason;

/// Compiles C `source` into `dir/name` and returns the binary's path.
fn compile_c(dir: &Path, name: &str, source: &str) -> PathBuf {
    let src = dir.join(format!("{name}.c"));
    std::fs::write(&src, source).unwrap();
    let bin = dir.join(name);
    let out = Command::new("cc")
        .arg("-O1")
        .arg("-o")
        .arg(&bin)
        .arg(&src)
        .output()
        .expect("a C compiler `cc` is needed for these tests");
    assert!(
        out.status.success(),
        "cc failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    bin
}

fn small_limits() -> RunLimits {
    RunLimits {
        time_ms: 300,
        wall_ms: 1500,
        memory_kib: 64 * 1024,
        output_bytes: 1 << 20,
        stack_kib: Some(8 * 1024),
        tasks: 16,
    }
}

/// The sandbox session, or a failed test saying what is missing.
fn session() -> Arc<Session> {
    Session::new().unwrap_or_else(|e| panic!("the sandbox is needed for these tests: {e:#}"))
}

/// Both modes: unconfined and sandboxed.
fn modes() -> [Option<Arc<Session>>; 2] {
    [None, Some(session())]
}

struct Ran {
    result: RunResult,
    stdout: Vec<u8>,
    _dir: tempfile::TempDir,
}

/// Runs `argv` on `stdin` under `limits`, unconfined, checking that the run ends in bounded
/// time.
fn run_with(argv: &[&str], stdin: &[u8], limits: RunLimits) -> Ran {
    run_in(argv, stdin, limits, None)
}

/// Runs `argv` on `stdin` under `limits` in `sandbox` (`None`: unconfined), checking that the
/// run ends in bounded time.
fn run_in(argv: &[&str], stdin: &[u8], limits: RunLimits, sandbox: Option<Arc<Session>>) -> Ran {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input");
    std::fs::write(&input, stdin).unwrap();
    let spec = RunSpec {
        argv: argv.iter().map(Into::into).collect(),
        stdin: input,
        stdout: dir.path().join("stdout"),
        stderr: None,
        limits,
        work_parent: Some(dir.path().to_path_buf()),
        sandbox,
        pipes: None,
        read_only: None,
    };
    let t0 = Instant::now();
    let result = run(&spec).unwrap();
    // Not a timing assertion: a generous bound that only fails if a run hangs.
    assert!(
        t0.elapsed() < Duration::from_secs(60),
        "the run did not end in bounded time"
    );
    let stdout = std::fs::read(dir.path().join("stdout")).unwrap();
    Ran {
        result,
        stdout,
        _dir: dir,
    }
}

fn program(name: &str, source: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let bin = compile_c(dir.path(), name, source);
    (dir, bin.to_string_lossy().into_owned())
}

/// Whether process `pid` exists (a zombie counts as existing).
fn alive(pid: i32) -> bool {
    // SAFETY: kill with signal 0 only checks for existence.
    unsafe { libc::kill(pid, 0) == 0 }
}

/// Waits up to 5 s (a grace period for the kernel to deliver SIGKILL) for `pid` to vanish.
fn gone_soon(pid: i32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    !alive(pid)
}

fn read_pid(path: &Path) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Ok(s) = std::fs::read_to_string(path) {
            if let Ok(p) = s.trim().parse() {
                return p;
            }
        }
        assert!(Instant::now() < deadline, "no pid written to {path:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_clean_program_finishes_with_its_output() {
    let (_d, bin) = program(
        "copy",
        "#include <stdio.h>\nint main(void){int c; while((c=getchar())!=EOF) putchar(c); return 0;}\n",
    );
    for mode in modes() {
        let r = run_in(&[&bin], b"3 3\n.##\n", small_limits(), mode);
        assert_eq!(r.result.outcome, Outcome::Finished);
        assert_eq!(r.result.termination, Termination::Exited(0));
        assert_eq!(r.stdout, b"3 3\n.##\n");
        assert!(r.result.peak_kib > 0);
    }
}

#[test]
fn sleeping_forever_is_a_time_limit() {
    let (_d, bin) = program(
        "sleeper",
        "#include <unistd.h>\nint main(void){for(;;) pause();}\n",
    );
    for mode in modes() {
        let r = run_in(&[&bin], b"", small_limits(), mode);
        assert_eq!(r.result.outcome, Outcome::TimeLimit, "{:?}", r.result);
        assert_eq!(r.result.killed, Some(KillReason::WallTime));
    }
}

#[test]
fn spinning_forever_is_a_time_limit() {
    let (_d, bin) = program(
        "spinner",
        "int main(void){volatile unsigned long x=0; for(;;) x++;}\n",
    );
    for mode in modes() {
        let r = run_in(&[&bin], b"", small_limits(), mode);
        assert_eq!(r.result.outcome, Outcome::TimeLimit, "{:?}", r.result);
    }
}

#[test]
fn printing_forever_is_an_output_limit() {
    let (_d, bin) = program(
        "printer",
        "#include <stdio.h>\nint main(void){for(;;) puts(\"WIN 1 1 WIN 1 1\");}\n",
    );
    for mode in modes() {
        let r = run_in(&[&bin], b"", small_limits(), mode);
        assert_eq!(r.result.outcome, Outcome::OutputLimit, "{:?}", r.result);
        assert!(r.stdout.len() as u64 <= small_limits().output_bytes);
    }
}

#[test]
fn allocating_far_beyond_the_limit_is_a_memory_limit() {
    // 4 GiB in 1 MiB blocks, every page touched; the limit is 64 MiB.
    let (_d, bin) = program(
        "hog",
        "#include <stdlib.h>\n#include <string.h>\n\
         int main(void){for(int i=0;i<4096;i++){char*p=malloc(1<<20); if(!p) return 3; memset(p,7,1<<20);} return 0;}\n",
    );
    for mode in modes() {
        let r = run_in(&[&bin], b"", small_limits(), mode);
        assert_eq!(r.result.outcome, Outcome::MemoryLimit, "{:?}", r.result);
    }
}

#[test]
fn a_segfault_is_a_runtime_error() {
    let (_d, bin) = program("segv", "int main(void){*(volatile int*)0 = 1; return 0;}\n");
    for mode in modes() {
        let r = run_in(&[&bin], b"", small_limits(), mode);
        assert_eq!(r.result.termination, Termination::Signaled(libc::SIGSEGV));
        assert!(matches!(r.result.outcome, Outcome::RuntimeError(ref s) if s.contains("SIGSEGV")));
    }
}

#[test]
fn exit_code_1_is_a_runtime_error() {
    let (_d, bin) = program("fail", "int main(void){return 1;}\n");
    for mode in modes() {
        let r = run_in(&[&bin], b"", small_limits(), mode);
        assert_eq!(
            r.result.outcome,
            Outcome::RuntimeError("exit code 1".into())
        );
    }
}

#[test]
fn unbounded_recursion_overflows_the_stack_limit() {
    // With an 8 MiB stack and a 256 MiB memory limit the overflow is a crash (SIGSEGV), not a
    // memory verdict.
    let (_d, bin) = program(
        "recurse",
        "int f(volatile int *p){volatile int a[64]; a[0]=*p+1; return f(a)+a[1];}\n\
         int main(void){int x=0; return f(&x);}\n",
    );
    let mut limits = small_limits();
    limits.memory_kib = 256 * 1024;
    for mode in modes() {
        let r = run_in(&[&bin], b"", limits, mode);
        assert!(
            matches!(r.result.outcome, Outcome::RuntimeError(ref s) if s.contains("SIGSEGV")),
            "{:?}",
            r.result
        );
    }
}

#[test]
fn a_forked_child_does_not_outlive_its_test() {
    // The parent writes the child's pid and exits 0 at once; the child sleeps forever.
    let (d, bin) = program(
        "forker",
        "#include <stdio.h>\n#include <unistd.h>\n\
         int main(int argc, char **argv){pid_t c=fork(); if(c==0){for(;;) pause();}\n\
         FILE *f=fopen(argv[1],\"w\"); fprintf(f,\"%d\\n\",(int)c); fclose(f); return 0;}\n",
    );
    let pid_file = d.path().join("child.pid");
    let r = run_with(&[&bin, &pid_file.to_string_lossy()], b"", small_limits());
    assert_eq!(r.result.outcome, Outcome::Finished, "{:?}", r.result);
    let child = read_pid(&pid_file);
    assert!(gone_soon(child), "child {child} outlived the run");
    assert_eq!(r.result.stray_processes, 0);
}

#[test]
fn a_forked_child_dies_with_a_parent_killed_for_time() {
    // Both parent and child sleep; the wall-clock limit kills the whole group.
    let (d, bin) = program(
        "forker2",
        "#include <stdio.h>\n#include <unistd.h>\n\
         int main(int argc, char **argv){pid_t c=fork(); if(c==0){for(;;) pause();}\n\
         FILE *f=fopen(argv[1],\"w\"); fprintf(f,\"%d\\n\",(int)c); fclose(f); for(;;) pause();}\n",
    );
    let pid_file = d.path().join("child.pid");
    let r = run_with(&[&bin, &pid_file.to_string_lossy()], b"", small_limits());
    assert_eq!(r.result.outcome, Outcome::TimeLimit, "{:?}", r.result);
    let child = read_pid(&pid_file);
    assert!(gone_soon(child), "child {child} outlived the run");
}

#[test]
fn a_missing_program_is_an_error_not_a_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::write(&input, b"").unwrap();
    let spec = RunSpec {
        argv: vec![dir.path().join("no-such-program").into()],
        stdin: input,
        stdout: dir.path().join("out"),
        stderr: None,
        limits: small_limits(),
        work_parent: None,
        sandbox: None,
        pipes: None,
        read_only: None,
    };
    let err = run(&spec).unwrap_err();
    assert!(format!("{err:#}").contains("cannot start"), "{err:#}");
}
