//! Submissions and setter programs in every language a program problem may use: C, C++,
//! Python 3 and Java, judged through the `gridjudge` binary, in the sandbox and with
//! `--no-sandbox`, on a problem made from scratch in a temporary folder ("double": print twice
//! the number read). Without `javac` or bubblewrap those cases are skipped, saying so, and in
//! CI that fails the test (`.ci/run` installs both).

mod common;

use std::path::Path;
use std::process::Command;

fn gridjudge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// `problems/double` with a Python generator, a C validator, a Java-free C++ reference and
/// the built-in `tokens` checker, built.
fn double_problem(root: &Path) -> std::path::PathBuf {
    let problems = root.join("problems");
    let p = problems.join("double");
    write(
        &p.join("problem.toml"),
        r#"name = "double"
title = "Double"
[limits]
time_ms = 2000
memory_mib = 256
[programs]
generators = { small = "gen.py", cmd = { command = "python3 gen.py" } }
validator = { source = "validator.c", convention = "testlib" }
solution = "reference.cpp"
checker = { builtin = "tokens" }
"#,
    );
    write(
        &p.join("gen.py"),
        "import sys\nprint((int(sys.argv[1]) * 7 + int(sys.argv[2])) % 100000)\n",
    );
    write(
        &p.join("validator.c"),
        r#"#include <stdio.h>
int main(void) {
    long x; char c;
    if (scanf("%ld%c", &x, &c) != 2 || c != '\n' || x < 0 || x > 100000) {
        fprintf(stderr, "line 1, column 1: expected integer in [0, 100000], found other\n");
        return 3;
    }
    if (getchar() != EOF) { fprintf(stderr, "line 2, column 1: expected end of file, found more\n"); return 3; }
    return 0;
}
"#,
    );
    write(
        &p.join("reference.cpp"),
        "#include <cstdio>\nint main(){long x;if(scanf(\"%ld\",&x)!=1)return 1;printf(\"%ld\\n\",2*x);}\n",
    );
    write(
        &p.join("manifest.toml"),
        "[[test]]\ngen = \"small 3 {seed}\"\n\n[[test]]\ngen = \"small 5 0\"\n\n[[test]]\ngen = \"small 11 {seed}\"\nseed = 4\n\n[[test]]\ngen = \"cmd 4 0\"\n",
    );
    let out = gridjudge()
        .args(["build", "double", "--problems-dir"])
        .arg(&problems)
        .output()
        .unwrap();
    common::ok(&out);
    problems
}

fn judge(problems: &Path, sub: &Path, sandbox: bool) -> (bool, String) {
    let mut c = gridjudge();
    c.args(["judge", "double"])
        .arg(sub)
        .arg("--problems-dir")
        .arg(problems);
    if !sandbox {
        c.arg("--no-sandbox");
    }
    let out = c.output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

/// Whether `program -version` runs and exits with 0 (`javac -version`, `bwrap -version`).
fn have(program: &str) -> bool {
    Command::new(program)
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn c_python_and_java_submissions_are_judged_in_and_out_of_the_sandbox() {
    let tmp = tempfile::tempdir().unwrap();
    let problems = double_problem(tmp.path());
    let subs = tmp.path().join("subs");
    let mut cases = vec![
        (
            "ok.c",
            "#include <stdio.h>\nint main(void){long x;scanf(\"%ld\",&x);printf(\"%ld\\n\",2*x);return 0;}\n",
            true,
        ),
        ("ok.py", "print(2 * int(input()))\n", true),
        ("wrong.py", "print(2 * int(input()) + 1)\n", false),
    ];
    if have("javac") {
        cases.push((
            "Twice.java",
            "public class Twice { public static void main(String[] a) { \
             java.util.Scanner s = new java.util.Scanner(System.in); \
             System.out.println(2 * s.nextLong()); } }\n",
            true,
        ));
    } else {
        common::tools::skip_or_fail("javac is not installed: the Java submission is not judged");
    }
    let sandbox = Command::new("bwrap")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !sandbox {
        common::tools::skip_or_fail(
            "bubblewrap (bwrap) is not installed: nothing is judged in the sandbox",
        );
    }
    for (name, text, accepted) in cases {
        let f = subs.join(name);
        write(&f, text);
        for sb in [false, true] {
            if sb && !sandbox {
                continue;
            }
            let (ok, report) = judge(&problems, &f, sb);
            assert_eq!(ok, accepted, "{name} (sandbox: {sb}):\n{report}");
            let want = if accepted { "AC" } else { "WA" };
            assert!(report.contains(want), "{name} (sandbox: {sb}):\n{report}");
        }
    }
}

#[test]
fn a_generator_line_gives_the_same_test_every_time_and_seeds_differ() {
    let tmp = tempfile::tempdir().unwrap();
    let problems = double_problem(tmp.path());
    let tests = problems.join("double/tests");
    // `small 5 0` has no {seed}: passed as written, (5 * 7 + 0) % 100000.
    assert_eq!(
        std::fs::read_to_string(tests.join("02.in")).unwrap(),
        "35\n"
    );
    assert_eq!(
        std::fs::read_to_string(tests.join("02.ans")).unwrap(),
        "70\n"
    );
    // `{seed}` lines get a seed drawn from the identity: two tests of lines that differ only
    // in their seed's identity get other values.
    let a = std::fs::read_to_string(tests.join("01.in")).unwrap();
    let b = std::fs::read_to_string(tests.join("03.in")).unwrap();
    assert_ne!(a, b);
    assert_ne!(a, "21\n", "the seed was not substituted");
    let lock1 = std::fs::read_to_string(problems.join("double/tests.lock")).unwrap();
    // A rebuild from scratch gives the same bytes (the lock matches with --locked).
    std::fs::remove_dir_all(problems.join("double/.builds")).unwrap();
    std::fs::remove_file(problems.join("double/tests")).unwrap();
    let out = gridjudge()
        .args(["build", "double", "--locked", "--problems-dir"])
        .arg(&problems)
        .output()
        .unwrap();
    common::ok(&out);
    assert_eq!(
        std::fs::read_to_string(problems.join("double/tests.lock")).unwrap(),
        lock1
    );
}
