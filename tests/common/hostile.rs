//! The hostile C++ programs of the sandbox suites and their expected verdicts, shared by
//! `tests/sandbox.rs` (judged as root through the library) and `tests/sandbox_user.rs` (judged
//! through the `gridjudge` binary as an ordinary user). Test files declare
//! `#[path = "common/hostile.rs"] mod hostile;`.
//!
//! A program is `attack` (a function body, run first, with the C and POSIX headers below),
//! then, when `answer`, the accepted `problems/game/submissions/accepted/hopcroft_karp.cpp`
//! (its `main` renamed and called), then `after` (run once the answer is printed and flushed).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use gridjudge::core::verdict::Verdict;

/// One hostile program and what the judge must answer on each of its tests.
pub struct Attack {
    /// Name of the program (its source is `<name>.cpp`).
    pub name: &'static str,
    /// Declarations before `main`.
    pub globals: &'static str,
    /// Code run first in `main`.
    pub attack: &'static str,
    /// Whether the accepted solution runs after `attack` (prints the answer).
    pub answer: bool,
    /// Code run after the answer was printed and stdout flushed (only with `answer`).
    pub after: &'static str,
    /// CPU time limit in ms.
    pub time_ms: u64,
    /// The tests judged (a `--tests` filter of the 3-test `game` package).
    pub tests: &'static str,
    /// Every test's verdict is one of these.
    pub expect: &'static [Verdict],
    /// Every test's message contains this.
    pub message: Option<&'static str>,
    /// Slow (time or memory limits, floods): `#[ignore]`d in the root suite.
    pub slow: bool,
}

const BASE: Attack = Attack {
    name: "",
    globals: "",
    attack: "",
    answer: true,
    after: "",
    time_ms: 1000,
    tests: "1",
    expect: &[Verdict::Ac],
    message: None,
    slow: false,
};

/// Forbidden system call: RE naming it as such, even though the answer follows.
const fn forbidden(name: &'static str, attack: &'static str) -> Attack {
    Attack {
        name,
        attack,
        expect: &[Verdict::Re],
        message: Some("forbidden system call"),
        ..BASE
    }
}

/// A 3 GiB zero-initialised static array. In `.lbss` (after every other object, as
/// `-mcmodel=medium` would place it) so that the default small code model still links: in
/// `.bss` it pushes the library's objects beyond the 2 GiB that relocations reach.
const BIG: &str = "static char big[3ull << 30] __attribute__((section(\".lbss\")));";

/// Every hostile program, in the order the user suite judges them.
pub const ATTACKS: &[Attack] = &[
    // --- verdicts from the kernel's accounting, not from exit statuses or text
    Attack {
        name: "exit_152",
        after: "exit(152);",
        expect: &[Verdict::Re],
        message: Some("exit code 152"),
        ..BASE
    },
    Attack {
        name: "exit_153",
        after: "exit(153);",
        expect: &[Verdict::Re],
        message: Some("exit code 153"),
        ..BASE
    },
    Attack {
        name: "bwrap_on_stderr",
        after: r#"fprintf(stderr, "bwrap: x\n"); exit(1);"#,
        expect: &[Verdict::Re],
        ..BASE
    },
    Attack {
        name: "answer_then_crash",
        after: "raise(SIGSEGV);",
        expect: &[Verdict::Re],
        ..BASE
    },
    Attack {
        name: "scratch_file_64m",
        attack: r#"
static char block[1 << 20]; memset(block, 's', sizeof block);
FILE *f = fopen("/tmp/scratch", "w"); if (!f) return 3;
for (int i = 0; i < 64; ++i) if (fwrite(block, 1, sizeof block, f) != sizeof block) return 4;
if (fclose(f)) return 5;
"#,
        ..BASE
    },
    Attack {
        name: "memfd_64m",
        attack: r#"
static char block[1 << 20]; memset(block, 'm', sizeof block);
int fd = memfd_create("scratch", 0); if (fd < 0) return 3;
for (int i = 0; i < 64; ++i) if (write(fd, block, sizeof block) != (ssize_t)sizeof block) return 4;
"#,
        ..BASE
    },
    Attack {
        name: "static_3g_untouched",
        globals: BIG,
        attack: "((volatile char *)big)[12345] = 1;",
        ..BASE
    },
    Attack {
        name: "static_3g_touched_300m",
        globals: BIG,
        attack: "for (size_t k = 0; k < (300ull << 20); k += 4096) ((volatile char *)big)[k] = 1;",
        expect: &[Verdict::Mle],
        slow: true,
        ..BASE
    },
    // --- stdin cannot be reopened for writing
    Attack {
        name: "reopen_stdin_for_writing",
        attack: r#"
if (open("/proc/self/fd/0", O_WRONLY) >= 0) return 9;
if (open("/proc/self/fd/0", O_RDWR) >= 0) return 10;
char buf[4096]; ssize_t n = readlink("/proc/self/fd/0", buf, sizeof buf - 1);
if (n > 0) { buf[n] = 0; if (buf[0] == '/' && open(buf, O_WRONLY) >= 0) return 11; }
"#,
        ..BASE
    },
    // --- the box's pid 1 is out of reach
    Attack {
        name: "proc_1_fd_and_mem",
        attack: r#"
if (open("/proc/1/mem", O_RDONLY) >= 0) return 9;
if (open("/proc/1/mem", O_RDWR) >= 0) return 10;
if (DIR *d = opendir("/proc/1/fd")) {
    while (dirent *e = readdir(d)) {
        if (e->d_name[0] == '.') continue;
        std::string p = std::string("/proc/1/fd/") + e->d_name;
        if (open(p.c_str(), O_RDONLY) >= 0 || open(p.c_str(), O_WRONLY) >= 0) return 11;
    }
    closedir(d);
}
"#,
        ..BASE
    },
    Attack {
        name: "kill_init_then_crash",
        attack: "kill(1, SIGKILL); kill(-1, SIGKILL);",
        after: "raise(SIGSEGV);",
        expect: &[Verdict::Re],
        ..BASE
    },
    Attack {
        name: "kill_parent",
        attack: "kill(getppid(), SIGKILL); kill(1, SIGKILL); kill(-1, SIGKILL);",
        // The judge lives; the program's own verdict stands (it answered).
        expect: &[Verdict::Ac, Verdict::Re],
        ..BASE
    },
    // --- the syscall filter
    forbidden(
        "ptrace_attach_init",
        "ptrace(PTRACE_ATTACH, 1, nullptr, nullptr);",
    ),
    forbidden(
        "ptrace_traceme",
        "ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);",
    ),
    forbidden("unshare_user", "unshare(CLONE_NEWUSER);"),
    forbidden(
        "mount_tmpfs",
        r#"mount("none", "/tmp", "tmpfs", 0, nullptr);"#,
    ),
    forbidden("bpf", "syscall(SYS_bpf, 0, nullptr, 0);"),
    forbidden(
        "perf_event_open",
        "perf_event_attr a{}; a.size = sizeof a; syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);",
    ),
    forbidden("userfaultfd", "syscall(SYS_userfaultfd, 0);"),
    forbidden("keyctl", "syscall(SYS_keyctl, 0, -3, 0);"),
    forbidden(
        "process_vm_readv",
        "char b[16]; iovec l{b, 16}, r{b, 16}; syscall(SYS_process_vm_readv, 1, &l, 1, &r, 1, 0);",
    ),
    forbidden(
        "pidfd_getfd",
        "int p = syscall(SYS_pidfd_open, 1, 0); syscall(SYS_pidfd_getfd, p, 0, 0);",
    ),
    // --- processes
    Attack {
        name: "setsid_sleeper",
        attack: r#"
pid_t c = fork();
if (c == 0) { setsid(); if (fork() == 0) { for (;;) pause(); } for (;;) pause(); }
"#,
        tests: "1-3",
        ..BASE
    },
    Attack {
        name: "fork_200",
        attack: r#"
for (int i = 0; i < 200; ++i) {
    pid_t c = fork();
    if (c < 0) { perror("fork"); return 1; }
    if (c == 0) { for (;;) pause(); }
}
"#,
        tests: "1-3",
        expect: &[Verdict::Re],
        message: Some("task limit"),
        ..BASE
    },
    Attack {
        name: "fork_1000",
        attack: r#"
for (int i = 0; i < 1000; ++i) {
    pid_t c = fork();
    if (c < 0) { perror("fork"); return 1; }
    if (c == 0) { for (;;) pause(); }
}
puts("1000 children started");
"#,
        expect: &[Verdict::Re],
        message: Some("task limit"),
        ..BASE
    },
    Attack {
        name: "deep_recursion",
        globals:
            "int f(volatile int *p) { volatile int a[256]; a[0] = *p + 1; return f(a) + a[1]; }",
        attack: "int x = 0; return f(&x);",
        answer: false,
        tests: "1-3",
        expect: &[Verdict::Re],
        message: Some("SIGSEGV"),
        ..BASE
    },
    // --- time and memory limits
    Attack {
        name: "cpu_1500ms",
        attack: "while (clock() < CLOCKS_PER_SEC * 3 / 2) {}",
        expect: &[Verdict::Tle],
        slow: true,
        ..BASE
    },
    Attack {
        name: "touch_300m",
        attack: r#"
size_t n = 300u << 20; volatile char *p = (volatile char *)malloc(n); if (!p) return 5;
for (size_t k = 0; k < n; k += 4096) p[k] = 1;
"#,
        expect: &[Verdict::Mle],
        slow: true,
        ..BASE
    },
    Attack {
        name: "cpu_children",
        attack: r#"
for (int i = 0; i < 4; ++i) if (fork() == 0) { volatile unsigned long x = 0; for (;;) ++x; }
while (wait(nullptr) > 0) {}
"#,
        tests: "1-2",
        expect: &[Verdict::Tle],
        slow: true,
        ..BASE
    },
    Attack {
        name: "mem_children",
        attack: r#"
for (int i = 0; i < 4; ++i) if (fork() == 0) {
    size_t n = 400u << 20; volatile char *p = (volatile char *)malloc(n); if (!p) return 5;
    for (size_t k = 0; k < n; k += 4096) p[k] = 1;
    for (;;) pause();
}
while (wait(nullptr) > 0) {}
"#,
        tests: "1-2",
        expect: &[Verdict::Mle],
        slow: true,
        ..BASE
    },
    Attack {
        name: "sleep_forever",
        attack: "for (;;) pause();",
        answer: false,
        time_ms: 500,
        tests: "1-2",
        expect: &[Verdict::Tle],
        slow: true,
        ..BASE
    },
    Attack {
        name: "alloc_4g",
        attack: "std::vector<char> v(size_t(4) << 30, 1); printf(\"%d\\n\", (int)v[12345]);",
        answer: false,
        tests: "1-2",
        expect: &[Verdict::Mle],
        slow: true,
        ..BASE
    },
    Attack {
        name: "flood_1g",
        attack: r#"
static char block[1 << 20]; memset(block, 'W', sizeof block);
for (int i = 0; i < 1024; ++i) fwrite(block, 1, sizeof block, stdout);
"#,
        answer: false,
        time_ms: 2000,
        tests: "1-2",
        expect: &[Verdict::Ole],
        slow: true,
        ..BASE
    },
    // The write fails at the scratch folder's size (then it answers: AC), or the program is
    // stopped (RE), or, since a tmpfs file's pages are the run's memory, the cgroup's memory
    // limit stops it first (MLE); never OLE, and a full gibibyte written is a wrong answer.
    Attack {
        name: "fill_tmp_1g",
        attack: r#"
static char block[1 << 20]; memset(block, 'f', sizeof block);
int fd = open("/tmp/fill", O_WRONLY | O_CREAT | O_TRUNC, 0600);
long long written = 0;
if (fd >= 0)
    for (int i = 0; i < 1024; ++i) { ssize_t w = write(fd, block, sizeof block); if (w <= 0) break; written += w; }
fprintf(stderr, "wrote %lld bytes into /tmp\n", written);
if (written >= (1ll << 30)) { puts("FILLED"); return 0; }
"#,
        time_ms: 2000,
        expect: &[Verdict::Ac, Verdict::Re, Verdict::Mle],
        slow: true,
        ..BASE
    },
];

/// A `game` package with 3 tests (the sample, an open LOSE board, a random maze) in `dir/game`,
/// built by `gridjudge`'s own build so that it has its lock and manifest.
pub fn package(dir: &Path) -> PathBuf {
    let p = gridjudge::problems::by_name("game").unwrap();
    let game = dir.join("game");
    std::fs::create_dir_all(game.join("samples")).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game/problem.toml"),
        game.join("problem.toml"),
    )
    .unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game/samples/sample1.in"),
        game.join("samples/sample1.in"),
    )
    .unwrap();
    std::fs::write(
        game.join("manifest.toml"),
        "[[test]]\nfile = \"samples/sample1.in\"\n\n\
         [[test]]\ngen = \"open n=4 m=5\"\nseed = 1\n\n\
         [[test]]\ngen = \"random n=6 m=10 walls=0.3\"\nseed = 2\n",
    )
    .unwrap();
    gridjudge::package::build_problem(
        p,
        &gridjudge::package::BuildOptions {
            problems_dir: dir.to_path_buf(),
            lock: gridjudge::package::LockMode::Update,
            jobs: Some(1),
            progress: false,
            delete_unknown: false,
        },
    )
    .unwrap();
    game
}

/// The attack named `name`. Panics when there is none.
pub fn attack(name: &str) -> &'static Attack {
    ATTACKS
        .iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("no hostile program named {name}"))
}

/// Writes the C++ source of a hostile program into `dir/<name>.cpp` (see the module doc);
/// returns its path.
pub fn source(
    dir: &Path,
    name: &str,
    globals: &str,
    attack: &str,
    answer: bool,
    after: &str,
) -> PathBuf {
    let headers = "#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n#include <ctime>\n\
                   #include <string>\n#include <vector>\n#include <unistd.h>\n#include <fcntl.h>\n\
                   #include <signal.h>\n#include <ftw.h>\n#include <dirent.h>\n#include <sched.h>\n\
                   #include <sys/stat.h>\n#include <sys/wait.h>\n#include <sys/socket.h>\n\
                   #include <sys/mman.h>\n#include <sys/mount.h>\n#include <sys/ptrace.h>\n\
                   #include <sys/syscall.h>\n#include <sys/uio.h>\n#include <netinet/in.h>\n\
                   #include <arpa/inet.h>\n#include <linux/perf_event.h>\n";
    let solution = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems/game/submissions/accepted/hopcroft_karp.cpp");
    let body = if answer {
        format!(
            "#define main solution_main\n#include \"{}\"\n#undef main\n{globals}\n\
             int main() {{\n{attack}\nint answered = solution_main();\nfflush(stdout);\n{after}\n\
             return answered;\n}}\n",
            solution.display()
        )
    } else {
        format!("{globals}\nint main() {{\n{attack}\nreturn 0;\n}}\n")
    };
    let path = dir.join(format!("{name}.cpp"));
    std::fs::write(&path, format!("{headers}{body}")).unwrap();
    path
}

/// [`source`] of the catalogue entry `a`.
pub fn source_of(dir: &Path, a: &Attack) -> PathBuf {
    source(dir, a.name, a.globals, a.attack, a.answer, a.after)
}

/// Checks one test's verdict and message against `a`; the failure names the attack and test.
pub fn check(a: &Attack, test: &str, verdict: &str, message: &str) -> Result<(), String> {
    if !a.expect.iter().any(|v| v.short() == verdict) {
        let want: Vec<&str> = a.expect.iter().map(|v| v.short()).collect();
        return Err(format!(
            "{} on test {test}: {verdict} ({message}), expected {}",
            a.name,
            want.join(" or ")
        ));
    }
    if let Some(m) = a.message {
        if !message.contains(m) {
            return Err(format!(
                "{} on test {test}: {verdict} with message {message:?}, expected it to contain {m:?}",
                a.name
            ));
        }
    }
    Ok(())
}

/// SHA-256 of every file under `dir`, by relative path.
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let h = Sha256::digest(std::fs::read(&path).unwrap());
                let hex: String = h.iter().map(|b| format!("{b:02x}")).collect();
                out.insert(path.strip_prefix(dir).unwrap().to_path_buf(), hex);
            }
        }
    }
    out
}
