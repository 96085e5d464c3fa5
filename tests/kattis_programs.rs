//! A Kattis package's programs in every form the specification's "Programs" section allows
//! (2025-09 and legacy), run through the `gridjudge` binary on tiny packages made here: `build`
//! (the data checked by the input validators: valid inputs accepted, `invalid_input` cases
//! rejected) and `verify` (the output validator tells the accepted submission from the wrong
//! one). Also the package's included files (`include/<language>/`) and the clear errors for
//! checktestdata and VIVA validators without their tool.
//!
//! Each package is "print the sum of two integers in [0, 100]": tests `1 2` and `5 7`, the
//! invalid inputs `1 x` and `101 1`.

mod common;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A 2025-09 package in a new temporary folder `<tmp>/p`, with `files` (path, text) added;
/// a path ending in `*` is made executable (the `*` dropped).
fn package(files: &[(&str, &str)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    let mut all: Vec<(&str, &str)> = vec![
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Sum\nuuid: 0c6f1d8e-61d5-4c55-9a52-1e0c0d7a2b11\n\
             limits:\n  time_limit: 2\n",
        ),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/1.in", "5 7\n"),
        ("data/secret/1.ans", "12\n"),
        ("data/invalid_input/letter.in", "1 x\n"),
        ("data/invalid_input/big.in", "101 1\n"),
        (
            "submissions/accepted/a.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
        (
            "submissions/wrong_answer/w.py",
            "a, b = map(int, input().split())\nprint(a + b + 1)\n",
        ),
    ];
    all.extend_from_slice(files);
    for (path, text) in all {
        let (path, exec) = match path.strip_suffix('*') {
            Some(p) => (p, true),
            None => (path, false),
        };
        let to = dir.join(path);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::write(&to, text).unwrap();
        if exec {
            fs::set_permissions(&to, fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
    tmp
}

/// `gridjudge <args> <tmp>/p --no-sandbox` with the cache in `<tmp>/cache` (a package's programs
/// are compiled there, never in the package).
fn gridjudge(tmp: &tempfile::TempDir, args: &[&str]) -> Output {
    gridjudge_with(tmp, args, None)
}

/// [`gridjudge`] with `path` as its `PATH` when given.
fn gridjudge_with(tmp: &tempfile::TempDir, args: &[&str], path: Option<&OsStr>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridjudge"));
    if let Some(p) = path {
        cmd.env("PATH", p);
    }
    cmd.args(args)
        .arg(tmp.path().join("p"))
        .arg("--no-sandbox")
        .arg("--cache-dir")
        .arg(tmp.path().join("cache"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Every file below `dir`, relative, sorted.
fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// `build` then `verify` succeed: the validators accept the tests and reject both invalid
/// inputs, the output validator accepts `a.py` and rejects `w.py`. Nothing but the lock is
/// written into the package.
fn builds_and_verifies(tmp: &tempfile::TempDir) {
    builds_and_verifies_with(tmp, None)
}

/// [`builds_and_verifies`] with `path` as gridjudge's `PATH` when given.
fn builds_and_verifies_with(tmp: &tempfile::TempDir, path: Option<&OsStr>) {
    let dir = tmp.path().join("p");
    let before = listing(&dir);
    let b = gridjudge_with(tmp, &["build"], path);
    assert!(b.status.success(), "build: {}", text(&b));
    let v = gridjudge_with(tmp, &["verify"], path);
    let out = text(&v);
    assert!(v.status.success(), "verify: {out}");
    assert!(out.contains("accepted/a.py") && out.contains("AC"), "{out}");
    assert!(
        out.contains("wrong_answer/w.py") && out.contains("WA"),
        "{out}"
    );
    // Written into the package: the lock (build) and verify's results in gridjudge/, the one
    // folder gridjudge keeps there (problems::kattis::WORK_DIR); nothing else.
    let mut after = listing(&dir);
    after.retain(|p| !before.contains(p));
    assert_eq!(
        after
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect::<Vec<_>>(),
        ["gridjudge/report/verify.json", "gridjudge.lock"],
        "written into the package"
    );
}

/// A shell validator for `a b` with 0 ≤ a, b ≤ 100 (exit 42 / 43).
const SH_VALIDATOR: &str = r#"read a b rest || exit 43
[ -z "$rest" ] || exit 43
case "$a$b" in ''|*[!0-9]*) exit 43;; esac
[ "$a" -le 100 ] && [ "$b" -le 100 ] || exit 43
exit 42
"#;

/// The output validator's checker in C: `judge input answer feedback_dir < output`.
const C_JUDGE: &str = r#"#include <stdio.h>
int main(int argc, char **argv) {
    FILE *f = fopen(argv[2], "r");
    long want, got;
    if (!f || fscanf(f, "%ld", &want) != 1) return 1;
    if (scanf("%ld", &got) != 1) return 43;
    return got == want ? 42 : 43;
}
"#;

#[test]
fn sh_scripts_executables_and_build_run_folders() {
    let tmp = package(&[
        // Not executable: run by sh, as problemtools runs .sh files.
        ("input_validators/a.sh", SH_VALIDATOR),
        // An executable without an extension, run as it is.
        ("input_validators/b*", &format!("#!/bin/sh\n{SH_VALIDATOR}")),
        // build compiles into the copy, run starts what it built.
        (
            "output_validator/build*",
            "#!/bin/sh\ncc -O1 -o judge judge.c\n",
        ),
        (
            "output_validator/run*",
            "#!/bin/sh\nexec \"$(dirname \"$0\")/judge\" \"$@\"\n",
        ),
        ("output_validator/judge.c", C_JUDGE),
    ]);
    builds_and_verifies(&tmp);
    // The build ran once, in a copy in the cache.
    assert!(!tmp.path().join("p/output_validator/judge").exists());
    let builds: Vec<_> = fs::read_dir(tmp.path().join("cache/kattis-build"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(builds.len(), 1, "{builds:?}");
    assert!(builds[0].join("judge").is_file());
}

#[test]
fn a_failing_build_script_is_an_error_naming_the_folder() {
    let tmp = package(&[
        ("input_validators/a.sh", SH_VALIDATOR),
        (
            "output_validator/build*",
            "#!/bin/sh\necho 'no compiler today' >&2\nexit 3\n",
        ),
        ("output_validator/run*", "#!/bin/sh\nexit 42\n"),
    ]);
    let o = gridjudge(&tmp, &["build"]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("output_validator") && out.contains("no compiler today"),
        "{out}"
    );
}

#[test]
fn several_cpp_sources_and_a_python_main_folder() {
    let tmp = package(&[
        // Two C++ sources and a header, compiled together.
        (
            "input_validators/v/main.cpp",
            "#include \"range.h\"\n#include <iostream>\n#include <string>\nint main() {\n  \
             std::string all, line;\n  long a, b; char c;\n  if (!(std::cin >> a >> b)) return 43;\n  \
             if (std::cin >> c) return 43;\n  return in_range(a) && in_range(b) ? 42 : 43;\n}\n",
        ),
        ("input_validators/v/range.h", "bool in_range(long x);\n"),
        (
            "input_validators/v/range.cpp",
            "#include \"range.h\"\nbool in_range(long x) { return 0 <= x && x <= 100; }\n",
        ),
        // A Python folder started through __main__.py, importing its module.
        (
            "output_validator/__main__.py",
            "import sys\nfrom compare import same\n\
             want = open(sys.argv[2]).read().split()\ngot = sys.stdin.read().split()\n\
             sys.exit(42 if same(want, got) else 43)\n",
        ),
        (
            "output_validator/compare.py",
            "def same(a, b):\n    return a == b\n",
        ),
    ]);
    builds_and_verifies(&tmp);
}

/// With DOMjudge's `checktestdata` when installed (Debian trixie on), else the `pyctd` of
/// problemtools' pinned venv (the PyPI `checktestdata` it depends on), put into PATH.
#[test]
fn checktestdata_validators_run_with_exit_codes_mapped() {
    let tmp = package(&[(
        "input_validators/v.ctd",
        "INT(0,100) SPACE INT(0,100) NEWLINE\n",
    )]);
    let in_path = |t| gridjudge::exec::compile::in_path(t);
    let path = if in_path("checktestdata") || in_path("pyctd") {
        None
    } else {
        let verify = common::tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
        let bin = verify.parent().unwrap().to_path_buf();
        assert!(
            bin.join("pyctd").is_file(),
            "problemtools' venv has no pyctd"
        );
        let mut dirs = vec![bin];
        dirs.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        Some(std::env::join_paths(dirs).unwrap())
    };
    builds_and_verifies_with(&tmp, path.as_deref());
}

#[test]
fn viva_without_its_interpreter_is_a_clear_error() {
    if gridjudge::exec::compile::in_path("viva.sh") || gridjudge::exec::compile::in_path("viva") {
        common::tools::skip_or_fail("a VIVA interpreter is installed: no error to see");
        return;
    }
    let tmp = package(&[("input_validators/v.viva", "* a b\n")]);
    let o = gridjudge(&tmp, &["build"]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("v.viva") && out.contains("VIVA interpreter"),
        "{out}"
    );
}

#[test]
fn included_files_join_the_submissions_of_their_language() {
    let tmp = package(&[
        ("input_validators/a.sh", SH_VALIDATOR),
        // Both submissions import a module only include/python3/ has.
        (
            "include/python3/adder.py",
            "def add(a, b):\n    return a + b\n",
        ),
        (
            "submissions/accepted/a.py",
            "from adder import add\na, b = map(int, input().split())\nprint(add(a, b))\n",
        ),
        (
            "submissions/wrong_answer/w.py",
            "from adder import add\na, b = map(int, input().split())\nprint(add(a, b) + 1)\n",
        ),
        // C++ gets include/default/: a driver main.cpp that calls the submission's solve().
        (
            "include/default/main.cpp",
            "#include <iostream>\nlong solve(long a, long b);\nint main() { long a, b; \
             std::cin >> a >> b; std::cout << solve(a, b) << std::endl; }\n",
        ),
        (
            "submissions/accepted/s.cpp",
            "long solve(long a, long b) { return a + b; }\n",
        ),
    ]);
    // s.cpp alone does not link: accepted, it ran with the driver.
    builds_and_verifies(&tmp);
}
