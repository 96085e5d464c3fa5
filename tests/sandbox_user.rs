//! The hostile-program suite (`tests/common/hostile.rs`) judged by `gridjudge` running as an
//! ordinary user, started by this harness running as root: the user (`GRIDJUDGE_TEST_USER`,
//! default `gridjudge-ci`) is created with `useradd --create-home` when missing; a folder it
//! owns in /tmp gets a copy of the `gridjudge` binary, a 3-test `game` package built here as
//! root, and the hostile programs compiled here as root with g++; `gridjudge judge … --json`
//! then runs as the user through `setpriv` (`tests/common/as_user.rs`).
//!
//! Two states of the machine, one test each (they change it, so they run one at a time):
//! * after `gridjudge setup-sandbox --user NAME`: nothing is refused, every program gets the
//!   verdict the catalogue expects (TLE, MLE, the task limit, RE "forbidden system call", …)
//!   and every run's limits are a cgroup's;
//! * after `setup-sandbox --user NAME --remove`: `judge` refuses (exit 1, naming
//!   `setup-sandbox` and `--limits per-process`), and with `--limits per-process` a single
//!   process over its CPU limit gets TLE and one over its memory limit MLE.
//!
//! After every run no process of the user is left and no cgroup handed to it holds one; the
//! package's files hash the same at the end. Needs root, `setpriv` (util-linux), `useradd`,
//! `g++` and bubblewrap: without root it skips with a message, and under `CI=true` anything
//! missing fails (`tools::skip_or_fail`). Slow (tens of programs compiled and judged):
//! `#[ignore]`d, run by `.ci/run` (`cargo test --workspace -- --ignored`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[path = "common/as_user.rs"]
mod as_user;
#[path = "common/hostile.rs"]
mod hostile;
#[path = "common/tools.rs"]
mod tools;

use as_user::User;

/// The tests change the machine's state (the user's cgroup folders): one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

/// The user's folder with its copies: the binary, the package, the compiled programs.
struct Setup {
    user: User,
    dir: tempfile::TempDir,
    /// The user's copy of the gridjudge binary.
    bin: PathBuf,
    /// The user's problems folder (holding `game`).
    problems: PathBuf,
    before: BTreeMap<PathBuf, String>,
}

/// The user and its folder with the programs `names` of the catalogue compiled (and `plain`,
/// the accepted solution alone), or None (after `skip_or_fail`) when this cannot run here.
fn setup(names: &[&str]) -> Option<Setup> {
    if !as_user::is_root() {
        tools::skip_or_fail(
            "the ordinary-user sandbox suite needs root (it creates the user and hands it \
             cgroup folders); run it as root, as .ci/run does",
        );
        return None;
    }
    for tool in ["setpriv", "useradd", "g++", "bwrap", "getent"] {
        if !as_user::in_path(tool) {
            tools::skip_or_fail(&format!("`{tool}` is not installed"));
            return None;
        }
    }
    let user = as_user::ensure_user(&as_user::user_name()).unwrap_or_else(|e| panic!("{e}"));
    let dir = as_user::user_dir(&user);
    let bin = dir.path().join("gridjudge");
    std::fs::copy(env!("CARGO_BIN_EXE_gridjudge"), &bin).unwrap();
    // The package, built as root, copied.
    let built = tempfile::tempdir().unwrap();
    hostile::package(built.path());
    let problems = dir.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    as_user::copy_tree(&built.path().join("game"), &problems.join("game"));
    // The programs, compiled as root, two at a time.
    let src_dir = built.path().join("src");
    let out_dir = dir.path().join("bin");
    std::fs::create_dir_all(&src_dir).unwrap();
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut sources = vec![hostile::source(&src_dir, "plain", "", "", true, "")];
    sources.extend(
        names
            .iter()
            .map(|n| hostile::source_of(&src_dir, hostile::attack(n))),
    );
    for pair in sources.chunks(2) {
        let children: Vec<_> = pair
            .iter()
            .map(|src| {
                let exe = out_dir.join(src.file_stem().unwrap());
                let child = Command::new("g++")
                    .args(["-O2", "-std=c++17", "-o"])
                    .arg(&exe)
                    .arg(src)
                    .spawn()
                    .expect("g++ runs");
                (src, child)
            })
            .collect();
        for (src, mut child) in children {
            assert!(
                child.wait().unwrap().success(),
                "g++ failed on {}",
                src.display()
            );
        }
    }
    std::fs::create_dir(dir.path().join("cache")).unwrap();
    as_user::give(dir.path(), &user);
    let before = hostile::snapshot(&problems.join("game"));
    Some(Setup {
        user,
        dir,
        bin,
        problems,
        before,
    })
}

/// What one `judge` run as the user gave.
struct Run {
    status: Option<i32>,
    doc: serde_json::Value,
    stdout: String,
    stderr: String,
}

/// `gridjudge judge game bin/<program> --tests <tests> --time-limit <time_ms> <extra>` as the
/// user, then checks that it left no process and no process in its cgroup folders.
fn judge_as_user(s: &Setup, program: &str, tests: &str, time_ms: u64, extra: &[&str]) -> Run {
    let out = as_user::as_user(&s.user, &s.bin)
        .args(["judge", "game"])
        .arg(s.dir.path().join("bin").join(program))
        .arg("--problems-dir")
        .arg(&s.problems)
        .arg("--cache-dir")
        .arg(s.dir.path().join("cache"))
        .args(["--tests", tests, "--time-limit", &time_ms.to_string()])
        .args(extra)
        .current_dir(s.dir.path())
        .output()
        .expect("setpriv runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let run = Run {
        status: out.status.code(),
        doc: serde_json::from_str(&stdout).unwrap_or(serde_json::Value::Null),
        stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    while !as_user::processes_of(s.user.uid).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left = as_user::processes_of(s.user.uid);
    assert!(
        left.is_empty(),
        "{program}: processes of the user left: {left:?}"
    );
    for f in as_user::v1_folders(&s.user) {
        let held = as_user::procs_under(&f);
        assert!(
            held.is_empty(),
            "{program}: processes left in cgroups: {held:?}"
        );
    }
    run
}

/// Every test of `run` checked against the catalogue entry `a` and its `limits_by` against
/// `mechanism`; the problems found, each naming the program and test.
fn problems_of(a: &hostile::Attack, run: &Run, mechanism: &str) -> Vec<String> {
    let Some(tests) = run.doc["submissions"][0]["tests"].as_array() else {
        return vec![format!(
            "{}: no report (exit status {:?}): {}{}",
            a.name, run.status, run.stdout, run.stderr
        )];
    };
    let mut found = Vec::new();
    if tests.is_empty() {
        found.push(format!("{}: no test judged", a.name));
    }
    for t in tests {
        let field = |k: &str| t[k].as_str().unwrap_or_default().to_string();
        if let Err(e) = hostile::check(a, &field("test"), &field("verdict"), &field("message")) {
            found.push(e);
        }
        let by = field("limits_by");
        if !by.contains(mechanism) {
            found.push(format!(
                "{} on test {}: limits_by {by:?}, expected it to name {mechanism:?}",
                a.name,
                field("test")
            ));
        }
    }
    found
}

#[test]
#[ignore = "slow (compiles and judges the hostile suite as an ordinary user); .ci/run runs it"]
fn after_setup_sandbox_every_hostile_program_gets_its_verdict_as_an_ordinary_user() {
    let _s = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let names: Vec<&str> = hostile::ATTACKS.iter().map(|a| a.name).collect();
    let Some(s) = setup(&names) else { return };
    let said = as_user::setup_sandbox(Path::new(env!("CARGO_BIN_EXE_gridjudge")), &s.user, false)
        .unwrap_or_else(|e| panic!("setup-sandbox failed: {e}"));
    assert!(
        !said.trim().is_empty(),
        "setup-sandbox says nothing of what it did"
    );
    for f in as_user::v1_folders(&s.user) {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata(&f)
            .unwrap_or_else(|e| panic!("setup-sandbox made no {}: {e}", f.display()));
        assert_eq!(m.uid(), s.user.uid, "{} is not the user's", f.display());
    }
    let mut found = Vec::new();
    for a in hostile::ATTACKS {
        let run = judge_as_user(&s, a.name, a.tests, a.time_ms, &["--json"]);
        if run.doc.get("error").is_some() || run.stderr.contains("setup-sandbox") {
            found.push(format!(
                "{}: refused after setup-sandbox: {}{}",
                a.name, run.stdout, run.stderr
            ));
            continue;
        }
        found.extend(problems_of(a, &run, "cgroup"));
    }
    assert_eq!(
        hostile::snapshot(&s.problems.join("game")),
        s.before,
        "the package changed"
    );
    assert!(
        found.is_empty(),
        "as the ordinary user {}:\n{}",
        s.user.name,
        found.join("\n")
    );
}

#[test]
#[ignore = "slow (compiles and judges programs as an ordinary user); .ci/run runs it"]
fn without_setup_sandbox_judge_refuses_or_enforces_per_process_limits() {
    let _s = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(s) = setup(&["cpu_1500ms", "touch_300m"]) else {
        return;
    };
    as_user::setup_sandbox(Path::new(env!("CARGO_BIN_EXE_gridjudge")), &s.user, true)
        .unwrap_or_else(|e| panic!("setup-sandbox --remove failed: {e}"));
    for f in as_user::v1_folders(&s.user) {
        assert!(!f.exists(), "setup-sandbox --remove left {}", f.display());
    }
    // Refused, with the way out named.
    let run = judge_as_user(&s, "plain", "1", 1000, &[]);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert_eq!(run.status, Some(1), "{said}");
    for needed in ["setup-sandbox", "--limits per-process"] {
        assert!(
            said.contains(needed),
            "the refusal does not name {needed}: {said}"
        );
    }
    // The explicit weaker mode: runs, says so, and still stops a single process.
    let weak = ["--limits", "per-process", "--json"];
    let run = judge_as_user(&s, "plain", "1-3", 1000, &weak);
    let plain = hostile::Attack {
        name: "plain",
        globals: "",
        attack: "",
        answer: true,
        after: "",
        time_ms: 1000,
        tests: "1-3",
        expect: &[gridjudge::core::verdict::Verdict::Ac],
        message: None,
        slow: false,
    };
    let mut found = problems_of(&plain, &run, "per-process");
    for name in ["cpu_1500ms", "touch_300m"] {
        let a = hostile::attack(name);
        let run = judge_as_user(&s, name, a.tests, a.time_ms, &weak);
        found.extend(problems_of(a, &run, "per-process"));
    }
    // The text report says per-process on its limits lines.
    let run = judge_as_user(&s, "plain", "1", 1000, &["--limits", "per-process"]);
    if !run.stdout.contains("per-process") {
        found.push(format!(
            "the text report does not say per-process: {}",
            run.stdout
        ));
    }
    assert_eq!(
        hostile::snapshot(&s.problems.join("game")),
        s.before,
        "the package changed"
    );
    assert!(
        found.is_empty(),
        "as the ordinary user {} without setup-sandbox:\n{}",
        s.user.name,
        found.join("\n")
    );
}
