//! Hostile C++ submissions judged in the bubblewrap sandbox on real `game` tests (a small package
//! built here from generator lines, answers from the reference solution). Each gets its expected
//! verdict, and afterwards no judged process is left (no process runs as the sandbox uid 65534,
//! no run cgroup of this process remains) and nothing outside its working folder changed (the
//! package's files hash the same; files it tried to write outside do not exist).
//!
//! Programs that must answer correctly are the accepted `hopcroft_karp.cpp` with a hostile
//! prelude: its `main` is renamed and called after the attack (and before a hostile epilogue).
//! Most programs and their expected verdicts are the catalogue `tests/common/hostile.rs`,
//! which `tests/sandbox_user.rs` judges again as an ordinary user; each has a test here
//! (`judge_attack`). The tests of `--limits per-process` and of the `limits_by` key of each
//! run go through the `gridjudge` binary (the limits mode is chosen once per process).
//!
//! The sandbox is required: without it (bubblewrap missing, user namespaces disabled) these
//! tests fail with the judge's message, in CI and elsewhere. The slow ones (time and memory
//! limits, 1 GiB of output, signals to the `gridjudge` binary) are `#[ignore]`d; `.ci/run` runs
//! them with `cargo test --test sandbox -- --ignored`. Needs `g++`, and root for the uid check.

use std::io::Read as _;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use gridjudge::core::verdict::Verdict;
use gridjudge::exec::compile::Submission;
use gridjudge::exec::runner::RunLimits;
use gridjudge::judge::{judge, JudgeOptions, JudgeReport};
use gridjudge::package::load_tests;
use gridjudge::problem::ProblemConfig;

#[path = "common/hostile.rs"]
mod hostile;

/// The tests of this file run one at a time: they count the processes of the sandbox uid.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-sandbox-cache")
}

/// Pids of the processes running as the sandbox uid (65534), seen from here.
fn sandbox_uid_processes() -> Vec<i32> {
    let mut pids = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
            let uid = status.lines().find(|l| l.starts_with("Uid:"));
            if uid.is_some_and(|l| l.split_whitespace().nth(1) == Some("65534")) {
                pids.push(pid);
            }
        }
    }
    pids
}

/// Run cgroups of the gridjudge process `pid` (v1 pids hierarchy, or v2).
fn run_cgroups_of(pid: u32) -> Vec<PathBuf> {
    // Run cgroups are `<pid>-<n>` folders in a per-user folder, nested under the caller's own
    // cgroup where that is possible: searched in the whole hierarchy, a few levels deep.
    fn walk(dir: &Path, prefix: &str, depth: u32, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            if !e.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            if e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(prefix))
            {
                out.push(e.path());
            } else if depth > 0 {
                walk(&e.path(), prefix, depth - 1, out);
            }
        }
    }
    let mut out = Vec::new();
    let prefix = format!("{pid}-");
    for base in [
        "/sys/fs/cgroup/pids",
        "/sys/fs/cgroup/memory",
        "/sys/fs/cgroup/cpuacct",
    ] {
        walk(Path::new(base), &prefix, 6, &mut out);
    }
    if Path::new("/sys/fs/cgroup/cgroup.controllers").exists() {
        walk(Path::new("/sys/fs/cgroup"), &prefix, 8, &mut out);
    }
    out
}

/// Asserts that nothing of the judged programs is left: no process of the sandbox uid (after a
/// grace period of 5 s for the kernel) and no run cgroup of this process.
fn assert_nothing_left(what: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !sandbox_uid_processes().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left = sandbox_uid_processes();
    assert!(left.is_empty(), "{what}: processes left: {left:?}");
    let cgroups = run_cgroups_of(std::process::id());
    assert!(cgroups.is_empty(), "{what}: cgroups left: {cgroups:?}");
}

fn options(time_ms: u64) -> JudgeOptions {
    JudgeOptions {
        limits: RunLimits::new(time_ms, 128),
        jobs: 2,
        progress: false,
        cache_dir: cache_dir(),
        sandbox: true,
    }
}

/// A C++ program: `attack` (a function body run first, with the C and POSIX
/// headers) followed, when `answer`, by the accepted solution's `main` ([`hostile::source`]).
fn hostile_source(dir: &Path, name: &str, globals: &str, attack: &str, answer: bool) -> PathBuf {
    hostile::source(dir, name, globals, attack, answer, "")
}

struct Judged {
    report: JudgeReport,
    _tmp: tempfile::TempDir,
}

/// Judges `sub` on the package's tests (`filter`: all when empty) and checks that the package
/// did not change and nothing is left behind.
fn judge_hostile(
    name: &str,
    globals: &str,
    attack: &str,
    answer: bool,
    time_ms: u64,
    filter: Option<&str>,
) -> Judged {
    judge_hostile_with(name, globals, attack, answer, "", &options(time_ms), filter)
}

/// [`judge_hostile`] with the judge options `opts` (e.g. a wall-clock limit of its own).
fn judge_hostile_with(
    name: &str,
    globals: &str,
    attack: &str,
    answer: bool,
    after: &str,
    opts: &JudgeOptions,
    filter: Option<&str>,
) -> Judged {
    let tmp = tempfile::tempdir().unwrap();
    let game = hostile::package(tmp.path());
    let before = hostile::snapshot(&game);
    let globals = globals.replace("TESTS_DIR", &game.join("tests").display().to_string());
    let attack = attack.replace("TESTS_DIR", &game.join("tests").display().to_string());
    let src = hostile::source(tmp.path(), name, &globals, &attack, answer, after);
    let p = gridjudge::problems::by_name("game").unwrap();
    let cfg = ProblemConfig::load(p, Some(&game.join("problem.toml"))).unwrap();
    let mut tests = load_tests(&game.join("tests")).unwrap();
    if let Some(f) = filter {
        tests = gridjudge::package::filter_tests(&tests, f).unwrap();
    }
    let subs = vec![Submission::from_arg(&src.to_string_lossy()).unwrap()];
    let report = judge(p, &cfg, &subs, &tests, opts)
        .unwrap_or_else(|e| panic!("the judge refused (is bubblewrap installed?): {e:#}"));
    assert!(
        report.submissions[0].compile_error.is_none(),
        "{}",
        report.render()
    );
    assert!(
        report.isolation.starts_with("sandbox: bubblewrap"),
        "{}",
        report.isolation
    );
    assert_eq!(
        hostile::snapshot(&game),
        before,
        "{name} changed the package"
    );
    assert_nothing_left(name);
    Judged { report, _tmp: tmp }
}

/// Judges the catalogue's program `name` ([`hostile::ATTACKS`]) on its tests under its time
/// limit and checks every test's verdict and message against the catalogue.
fn judge_attack(name: &str) -> Judged {
    let a = hostile::attack(name);
    let j = judge_hostile_with(
        a.name,
        a.globals,
        a.attack,
        a.answer,
        a.after,
        &options(a.time_ms),
        Some(a.tests),
    );
    let tests = &j.report.submissions[0].tests;
    assert!(!tests.is_empty(), "{name}: no test judged");
    for t in tests {
        if let Err(e) = hostile::check(a, &t.test, t.verdict.short(), &t.message) {
            panic!("{e}\n{}", j.report.render());
        }
    }
    j
}

/// Asserts that every test got `want`.
fn assert_all(j: &Judged, want: Verdict) {
    for t in &j.report.submissions[0].tests {
        assert_eq!(t.verdict, want, "{}", j.report.render());
    }
}

#[test]
fn reading_every_answer_file_it_can_find_finds_none() {
    let _s = serial();
    // Walks the whole visible tree (but /proc, /sys and /usr), the folder of its stdin as
    // /proc/self/fd/0 names it, and the real test folder; prints every `.ans` it can open, and
    // guesses LOSE when it found none.
    let globals = r#"
static int found = 0;
static void dump(const char *p) {
    FILE *f = fopen(p, "r"); if (!f) return;
    int c; while ((c = fgetc(f)) != EOF) putchar(c);
    fclose(f); ++found;
}
static int visit(const char *p, const struct stat *, int type, struct FTW *) {
    if (!strcmp(p, "/proc") || !strcmp(p, "/sys") || !strcmp(p, "/usr")) return FTW_SKIP_SUBTREE;
    size_t n = strlen(p);
    if (type == FTW_F && n > 4 && !strcmp(p + n - 4, ".ans")) dump(p);
    return FTW_CONTINUE;
}
"#;
    let attack = r#"
nftw("/", visit, 32, FTW_PHYS | FTW_ACTIONRETVAL);
char buf[4096]; ssize_t n = readlink("/proc/self/fd/0", buf, sizeof buf - 1);
if (n > 0) {
    buf[n] = 0; std::string s = buf; s = s.substr(0, s.rfind('/'));
    for (int i = 1; i <= 3; ++i) { char q[8]; snprintf(q, 8, "/%02d.ans", i); dump((s + q).c_str()); }
}
for (int i = 1; i <= 3; ++i) { char q[8]; snprintf(q, 8, "/%02d.ans", i); dump((std::string("TESTS_DIR") + q).c_str()); }
fprintf(stderr, "found %d answer files\n", found);
if (!found) puts("LOSE");
"#;
    // On the WIN boards (tests 01 and 03) its guess LOSE is a wrong answer; a copied answer
    // file would be accepted.
    let j = judge_hostile("find_answers", globals, attack, false, 2000, Some("1,3"));
    assert_all(&j, Verdict::Wa);
}

#[test]
fn overwriting_a_test_leaves_the_tests_unchanged() {
    let _s = serial();
    let attack = r#"
char buf[4096]; ssize_t n = readlink("/proc/self/fd/0", buf, sizeof buf - 1);
if (n > 0) {
    buf[n] = 0; std::string in = buf;
    int fd = open(in.c_str(), O_WRONLY | O_TRUNC); if (fd >= 0) { write(fd, "1 1\n#\n", 6); close(fd); }
    std::string ans = in.substr(0, in.size() - 3) + ".ans";
    FILE *f = fopen(ans.c_str(), "w"); if (f) { fputs("LOSE\n", f); fclose(f); }
}
int fd = open("/proc/self/fd/0", O_RDWR); if (fd >= 0) { pwrite(fd, "1 1\n#\n", 6, 0); close(fd); }
FILE *g = fopen("TESTS_DIR/01.ans", "w"); if (g) { fputs("LOSE\n", g); fclose(g); }
"#;
    let j = judge_hostile("overwrite_test", "", attack, true, 1000, None);
    assert_all(&j, Verdict::Ac);
}

#[test]
fn writing_to_tmp_and_home_changes_nothing_outside() {
    let _s = serial();
    let tag = format!("gridjudge-hostile-{}", std::process::id());
    let targets = [
        format!("/tmp/{tag}"),
        format!("/root/{tag}"),
        format!("{}/{tag}", std::env::var("HOME").unwrap_or("/root".into())),
        format!("{}/{tag}", repo().display()),
    ];
    let attack = format!(
        r#"
const char *paths[] = {{"{}", "{}", "{}", "{}"}};
for (const char *p : paths) {{ FILE *f = fopen(p, "w"); if (f) {{ fputs("owned", f); fclose(f); }} }}
std::string home = getenv("HOME") ? getenv("HOME") : "/";
FILE *h = fopen((home + "/{tag}").c_str(), "w"); if (h) {{ fputs("owned", h); fclose(h); }}
FILE *t = fopen("/tmp/{tag}", "w"); if (!t) return 3; fputs("mine", t); fclose(t);
"#,
        targets[0], targets[1], targets[2], targets[3]
    );
    // It may write its own /tmp (exit code 3 otherwise): AC.
    let j = judge_hostile("write_outside", "", &attack, true, 1000, None);
    assert_all(&j, Verdict::Ac);
    for t in &targets {
        assert!(
            !Path::new(t).exists(),
            "{t} was written outside the sandbox"
        );
    }
}

#[test]
fn a_setsid_child_does_not_outlive_the_answer() {
    let _s = serial();
    judge_attack("setsid_sleeper");
}

#[test]
fn forking_200_children_hits_the_task_limit() {
    let _s = serial();
    let j = judge_attack("fork_200");
    let t = &j.report.submissions[0].tests[0];
    assert!(t.message.contains("task limit of 128"), "{}", t.message);
}

#[test]
fn a_tcp_connection_to_the_host_gets_nowhere() {
    let _s = serial();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let attack = format!(
        r#"
int s = socket(AF_INET, SOCK_STREAM, 0);
sockaddr_in a{{}}; a.sin_family = AF_INET; a.sin_port = htons({port});
inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
if (s >= 0 && connect(s, (sockaddr *)&a, sizeof a) == 0) {{ write(s, "stolen", 6); puts("CONNECTED"); return 0; }}
"#
    );
    let j = judge_hostile("tcp_connect", "", &attack, true, 1000, None);
    assert_all(&j, Verdict::Ac);
    match listener.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        other => panic!("the listener received a connection: {other:?}"),
    }
}

#[test]
fn killing_its_parent_does_not_touch_the_judge() {
    let _s = serial();
    // Still here to look: the judge lived. The program's own verdict stands: it answered (AC),
    // or its own signals ended it (RE); never a judge error or a limit.
    judge_attack("kill_parent");
}

#[test]
fn no_descriptor_of_the_judge_is_inherited() {
    let _s = serial();
    // A descriptor of this process without close-on-exec, open while judging.
    let secret = tempfile::NamedTempFile::new().unwrap();
    let path = std::ffi::CString::new(secret.path().to_str().unwrap()).unwrap();
    // SAFETY: open with a valid path; the descriptor is closed below.
    let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDWR) };
    assert!(fd > 2);
    let attack = r#"
for (int fd = 3; fd < 65536; ++fd)
    if (fcntl(fd, F_GETFD) != -1) { printf("inherited descriptor %d\n", fd); return 0; }
"#;
    let j = judge_hostile("inherited_fd", "", attack, true, 1000, None);
    // SAFETY: fd was opened above.
    unsafe { libc::close(fd) };
    assert_all(&j, Verdict::Ac);
}

#[test]
fn deep_recursion_is_a_runtime_error() {
    let _s = serial();
    judge_attack("deep_recursion");
}

#[test]
fn the_program_runs_as_an_unprivileged_uid_outside_too() {
    let _s = serial();
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        panic!("this test checks the uid drop of a judge running as root; run it as root");
    }
    // While a sleeper is being judged, every process in its run cgroup runs as 65534 for the
    // host (real, effective, saved and file-system uid). Sleeping costs no CPU time; the wall
    // limit is 60 s, so a loaded machine's slow sandbox start cannot turn the sleeper into a
    // TLE (the default, 2 x 1 s + 1 s, left it 1 s).
    let mut opts = options(1000);
    opts.limits.wall_ms = 60_000;
    let handle = std::thread::spawn(move || {
        judge_hostile_with("uid_probe", "", "sleep(2);", true, "", &opts, Some("1"))
    });
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen = Vec::new();
    while seen.is_empty() && Instant::now() < deadline {
        for cg in run_cgroups_of(std::process::id()) {
            // One hierarchy is enough: v1's pids, or the one v2 tree.
            let v2 = Path::new("/sys/fs/cgroup/cgroup.controllers").exists();
            if !v2 && !cg.starts_with("/sys/fs/cgroup/pids") {
                continue;
            }
            let procs = std::fs::read_to_string(cg.join("cgroup.procs")).unwrap_or_default();
            for pid in procs.lines() {
                if let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
                    let uid = status
                        .lines()
                        .find(|l| l.starts_with("Uid:"))
                        .unwrap()
                        .to_string();
                    seen.push(uid);
                }
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let j = handle.join().unwrap();
    assert_all(&j, Verdict::Ac);
    assert!(!seen.is_empty(), "no process of the run was seen");
    for uid in &seen {
        assert_eq!(
            uid.split_whitespace().collect::<Vec<_>>(),
            ["Uid:", "65534", "65534", "65534", "65534"],
            "{seen:?}"
        );
    }
}

#[test]
fn without_bubblewrap_the_judge_refuses_and_says_how_to_get_it() {
    let tmp = tempfile::tempdir().unwrap();
    hostile::package(tmp.path());
    let src = hostile_source(tmp.path(), "harmless", "", "", false);
    // No PATH: no bwrap (and no compiler, which the refusal comes before).
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "game"])
        .arg(&src)
        .arg("--problems-dir")
        .arg(tmp.path())
        .arg("--cache-dir")
        .arg(cache_dir())
        .env_remove("PATH")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    for needed in ["bubblewrap", "apt-get install bubblewrap", "--no-sandbox"] {
        assert!(err.contains(needed), "{err}");
    }
}

// --- issue 22: verdicts from the kernel's accounting, the syscall filter, the box's pid 1 ----

#[test]
fn exit_152_after_the_answer_is_a_runtime_error_not_a_time_limit() {
    let _s = serial();
    judge_attack("exit_152");
}

#[test]
fn exit_153_after_the_answer_is_a_runtime_error_not_an_output_limit() {
    let _s = serial();
    judge_attack("exit_153");
}

#[test]
fn printing_bwrap_on_stderr_is_a_runtime_error_not_a_judge_error() {
    let _s = serial();
    judge_attack("bwrap_on_stderr");
}

#[test]
fn a_crash_after_the_answer_is_a_runtime_error() {
    let _s = serial();
    judge_attack("answer_then_crash");
}

#[test]
fn killing_the_box_init_then_crashing_after_the_answer_is_a_runtime_error() {
    let _s = serial();
    judge_attack("kill_init_then_crash");
}

#[test]
fn a_64_mib_scratch_file_is_not_output() {
    let _s = serial();
    judge_attack("scratch_file_64m");
}

#[test]
fn a_64_mib_memfd_is_not_output() {
    let _s = serial();
    judge_attack("memfd_64m");
}

#[test]
fn an_untouched_3_gib_static_array_is_accepted() {
    let _s = serial();
    judge_attack("static_3g_untouched");
}

#[test]
fn stdin_cannot_be_reopened_for_writing() {
    let _s = serial();
    // The package's files (the test input among them) hash the same afterwards
    // (judge_hostile_with), and every open for writing failed (else exit 9, 10 or 11: RE).
    judge_attack("reopen_stdin_for_writing");
}

#[test]
fn the_box_init_s_descriptors_and_memory_cannot_be_opened() {
    let _s = serial();
    judge_attack("proc_1_fd_and_mem");
}

#[test]
fn forking_1000_children_cannot_start_them_all() {
    let _s = serial();
    judge_attack("fork_1000");
}

/// One test per call the syscall filter forbids: the program makes the call, then prints the
/// answer; it must get RE "forbidden system call", never AC.
macro_rules! forbidden_calls {
    ($($test:ident => $attack:literal,)*) => {$(
        #[test]
        fn $test() {
            let _s = serial();
            judge_attack($attack);
        }
    )*};
}

forbidden_calls! {
    forbidden_ptrace_attach_of_the_box_init => "ptrace_attach_init",
    forbidden_ptrace_traceme => "ptrace_traceme",
    forbidden_unshare_of_a_user_namespace => "unshare_user",
    forbidden_mount => "mount_tmpfs",
    forbidden_bpf => "bpf",
    forbidden_perf_event_open => "perf_event_open",
    forbidden_userfaultfd => "userfaultfd",
    forbidden_keyctl => "keyctl",
    forbidden_process_vm_readv => "process_vm_readv",
    forbidden_pidfd_getfd => "pidfd_getfd",
}

/// Runs `gridjudge judge game <src> --json --tests <tests> <extra>` on the package under
/// `problems`; the exit status, the JSON document on stdout (Null when it is none) and stderr.
fn judge_cli(
    problems: &Path,
    src: &Path,
    tests: &str,
    extra: &[&str],
) -> (Option<i32>, serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "game"])
        .arg(src)
        .arg("--problems-dir")
        .arg(problems)
        .arg("--cache-dir")
        .arg(cache_dir())
        .args(["--tests", tests, "--json"])
        .args(extra)
        .output()
        .unwrap();
    let doc = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (
        out.status.code(),
        doc,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `tests` array of the first submission of a `judge --json` document.
fn json_tests(doc: &serde_json::Value) -> &Vec<serde_json::Value> {
    doc["submissions"][0]["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("no tests in the report: {doc:#}"))
}

#[test]
fn each_run_names_the_mechanism_that_enforced_its_limits() {
    let _s = serial();
    let tmp = tempfile::tempdir().unwrap();
    hostile::package(tmp.path());
    let src = hostile_source(tmp.path(), "plain", "", "", true);
    let mut by_mode = Vec::new();
    for (mode, extra, word) in [
        ("tree", &["--limits", "tree"][..], "cgroup"),
        (
            "per-process",
            &["--limits", "per-process"][..],
            "per-process",
        ),
    ] {
        let (status, doc, err) = judge_cli(tmp.path(), &src, "1-2", extra);
        assert_eq!(status, Some(0), "--limits {mode}: {err}\n{doc:#}");
        for t in json_tests(&doc) {
            assert_eq!(t["verdict"], "AC", "--limits {mode}: {t:#}");
            let by = t["limits_by"]
                .as_str()
                .unwrap_or_else(|| panic!("--limits {mode}: no limits_by in {t:#}"));
            assert!(by.contains(word), "--limits {mode}: limits_by {by:?}");
            by_mode.push((mode, by.to_string()));
        }
        assert_nothing_left(mode);
    }
    assert_ne!(by_mode[0].1, by_mode.last().unwrap().1, "{by_mode:?}");
    // The text report of the weaker mode says so.
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "game"])
        .arg(&src)
        .arg("--problems-dir")
        .arg(tmp.path())
        .arg("--cache-dir")
        .arg(cache_dir())
        .args(["--tests", "1", "--limits", "per-process"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("per-process"), "{text}");
}

// --- slow: time and memory limits, output flood, signals -------------------------------------

#[test]
#[ignore = "slow (wall-clock limits); .ci/run runs it"]
fn four_children_burning_cpu_exceed_the_time_limit() {
    let _s = serial();
    judge_attack("cpu_children");
}

#[test]
#[ignore = "slow (memory limits); .ci/run runs it"]
fn four_children_touching_400_mib_exceed_the_memory_limit() {
    let _s = serial();
    judge_attack("mem_children");
}

#[test]
#[ignore = "slow (wall-clock limits); .ci/run runs it"]
fn sleeping_forever_exceeds_the_time_limit() {
    let _s = serial();
    judge_attack("sleep_forever");
}

#[test]
#[ignore = "slow (memory limits); .ci/run runs it"]
fn allocating_4_gib_exceeds_the_memory_limit() {
    let _s = serial();
    judge_attack("alloc_4g");
}

#[test]
#[ignore = "slow (output flood); .ci/run runs it"]
fn a_gibibyte_of_output_exceeds_the_output_limit() {
    let _s = serial();
    judge_attack("flood_1g");
}

#[test]
#[ignore = "slow (wall-clock limits); .ci/run runs it"]
fn a_single_process_using_1500_ms_of_cpu_exceeds_1_s() {
    let _s = serial();
    judge_attack("cpu_1500ms");
}

#[test]
#[ignore = "slow (memory limits); .ci/run runs it"]
fn touching_300_mib_under_128_mib_exceeds_the_memory_limit() {
    let _s = serial();
    judge_attack("touch_300m");
}

#[test]
#[ignore = "slow (memory limits); .ci/run runs it"]
fn touching_300_mib_of_a_3_gib_static_array_exceeds_the_memory_limit() {
    let _s = serial();
    judge_attack("static_3g_touched_300m");
}

#[test]
#[ignore = "slow (fills the scratch folder); .ci/run runs it"]
fn filling_tmp_with_a_gibibyte_stops_at_the_scratch_size() {
    let _s = serial();
    // AC (the write failed at the scratch size, then it answered) or RE, never OLE; a whole
    // gibibyte written prints FILLED: WA.
    judge_attack("fill_tmp_1g");
}

#[test]
#[ignore = "slow (time and memory limits through the binary); .ci/run runs it"]
fn per_process_limits_still_catch_one_process_over_cpu_or_memory() {
    let _s = serial();
    let tmp = tempfile::tempdir().unwrap();
    hostile::package(tmp.path());
    for name in ["cpu_1500ms", "touch_300m"] {
        let a = hostile::attack(name);
        let src = hostile::source_of(tmp.path(), a);
        let time = a.time_ms.to_string();
        let (status, doc, err) = judge_cli(
            tmp.path(),
            &src,
            a.tests,
            &["--limits", "per-process", "--time-limit", &time],
        );
        assert_eq!(status, Some(1), "{name}: {err}\n{doc:#}");
        for t in json_tests(&doc) {
            let (v, m) = (
                t["verdict"].as_str().unwrap(),
                t["message"].as_str().unwrap(),
            );
            if let Err(e) = hostile::check(a, t["test"].as_str().unwrap(), v, m) {
                panic!("--limits per-process: {e}");
            }
            let by = t["limits_by"].as_str().unwrap_or_default();
            assert!(by.contains("per-process"), "{name}: limits_by {by:?}");
        }
        assert_nothing_left(name);
    }
}

/// Starts `gridjudge judge` on a sleeper, waits until its sandbox runs, sends `sig`, and checks
/// that it exits with 128 + `sig` leaving no process, cgroup or temporary folder behind.
fn interrupt_the_judge(sig: i32) {
    let tmp = tempfile::tempdir().unwrap();
    hostile::package(tmp.path());
    // The judge's temporary folders go here (TMPDIR), to be checked afterwards.
    let scratch = tmp.path().join("scratch");
    std::fs::create_dir(&scratch).unwrap();
    std::fs::set_permissions(&scratch, std::fs::Permissions::from_mode(0o755)).unwrap();
    let src = hostile_source(tmp.path(), "sleeper", "", "for (;;) pause();", false);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "game"])
        .arg(&src)
        .arg("--problems-dir")
        .arg(tmp.path())
        .arg("--cache-dir")
        .arg(cache_dir())
        .args(["--time-limit", "60000", "--wall-limit", "60000"])
        .env("TMPDIR", &scratch)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let judge_pid = child.id();
    let deadline = Instant::now() + Duration::from_secs(60);
    let running = loop {
        let procs: Vec<PathBuf> = run_cgroups_of(judge_pid);
        let busy = procs.iter().any(|cg| {
            // The run's PID 1 and the program.
            std::fs::read_to_string(cg.join("cgroup.procs")).is_ok_and(|t| t.lines().count() >= 2)
        });
        if busy {
            break sandbox_uid_processes();
        }
        assert!(
            Instant::now() < deadline,
            "the judge never started a sandbox"
        );
        assert!(child.try_wait().unwrap().is_none(), "the judge ended early");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(!running.is_empty());
    // SAFETY: kill takes integers; the pid is our child.
    unsafe { libc::kill(judge_pid as i32, sig) };
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(128 + sig), "{err}");
    assert!(err.contains("every judged process was killed"), "{err}");
    assert_nothing_left("interrupted judge");
    assert!(run_cgroups_of(judge_pid).is_empty());
    let left: Vec<_> = std::fs::read_dir(&scratch)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "temporary folders left: {left:?}");
}

#[test]
#[ignore = "slow (compiles and runs the gridjudge binary); .ci/run runs it"]
fn sigterm_to_the_judge_leaves_nothing() {
    let _s = serial();
    interrupt_the_judge(libc::SIGTERM);
}

#[test]
#[ignore = "slow (compiles and runs the gridjudge binary); .ci/run runs it"]
fn sigint_to_the_judge_leaves_nothing() {
    let _s = serial();
    interrupt_the_judge(libc::SIGINT);
}
