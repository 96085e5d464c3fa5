//! The setter's programs die with gridjudge: a generator that sleeps while `gridjudge build`
//! is killed with SIGKILL (which leaves gridjudge no chance to clean up) is gone at once, not
//! after its sleep (issue 22, point 5: `PR_SET_PDEATHSIG` on every unconfined run).
//!
//! Also: `build` reads the bounds a testlib-convention validator reached from its overview log
//! (`geography`'s validator writes it) and warns for a bound no test reaches.
//!
//! Needs `python3` (the program problem's generator, validator and reference are Python).

mod common;

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

/// `gridjudge build` of a program problem whose testlib-convention validator writes testlib's
/// overview log (`geography`'s): which tests reach each bound, in the output and the JSON, and
/// a warning for each bound no test reaches.
#[test]
fn build_says_which_tests_reach_the_validators_bounds() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("geography");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/geography");
    common::copy_problem(&from, &dir);
    std::fs::write(dir.join("samples/full.in"), "2 2 4\n1 1\n1 2\n2 1\n2 2\n").unwrap();
    std::fs::write(dir.join("samples/empty.in"), "1 1 0\n").unwrap();
    std::fs::write(
        dir.join("manifest.toml"),
        "[[test]]\nfile = \"samples/full.in\"\n\n[[test]]\nfile = \"samples/empty.in\"\n",
    )
    .unwrap();
    std::fs::remove_file(dir.join("tests.lock")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["build", "geography", "--json", "--problems-dir"])
        .arg(tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let b = &v["problems"][0]["bounds"];
    assert_eq!(b["known"], true, "{v}");
    let reach = |name: &str| -> (serde_json::Value, Vec<String>, Vec<String>) {
        let e = b["bounds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == name)
            .unwrap_or_else(|| panic!("no {name}: {b}"));
        let names = |k: &str| -> Vec<String> {
            (e[k].as_array().unwrap().iter())
                .map(|s| s.as_str().unwrap().to_string())
                .collect()
        };
        (e["bounds"].clone(), names("min_tests"), names("max_tests"))
    };
    // L and R are read with 1..100000 in both tests: 02 (1 1 0) reaches the minimum, no test
    // the maximum. E's bound is min(200000, L*R), so it varies: 01 has E = L*R = 4 (its
    // maximum), 02 has E = 0 (the minimum).
    let one = serde_json::json!([1, 100000]);
    assert_eq!(reach("L"), (one.clone(), vec!["02".into()], vec![]));
    assert_eq!(reach("R"), (one, vec!["02".into()], vec![]));
    assert_eq!(
        reach("E"),
        (
            serde_json::Value::Null,
            vec!["02".into()],
            vec!["01".into()]
        )
    );
    // u and v are read in 01 only (02 has no edge), from 1 to 2: both ends.
    let two = serde_json::json!([1, 2]);
    assert_eq!(
        reach("u"),
        (two.clone(), vec!["01".into()], vec!["01".into()])
    );
    assert_eq!(reach("v"), (two, vec!["01".into()], vec!["01".into()]));
    for w in [
        "warning: geography: bound not reached: no test has `L` at its maximum 100000",
        "warning: geography: bound not reached: no test has `R` at its maximum 100000",
    ] {
        assert!(err.contains(w), "{w} not in {err}");
    }
    assert!(!err.contains("`E` at"), "{err}");
}
