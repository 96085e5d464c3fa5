//! A new problem added as a folder only, no Rust code: "sum of two numbers", written from
//! scratch into a temporary problems folder (a Python generator taking `A_MAX {seed}`, a
//! testlib-style C++ validator, a C++ reference, the built-in tokens checker, five tests, an
//! accepted Python and a wrong C submission, a stress line), then `list`, `build`, `solve`,
//! `verify`, `stress` and `export` through the `gridjudge` binary with `--problems-dir`.

mod common;

use std::fs;
use std::path::Path;
use std::process::Output;

use common::text;

const PROBLEM_TOML: &str = r#"name = "sum"
title = "Sum of two numbers"

[limits]
time_ms = 1000
memory_mib = 256

[programs]
generators = { gen = "gen.py" }
validator = { source = "validator.cpp", convention = "testlib" }
solution = "reference.cpp"
checker = { builtin = "tokens" }
stress = "gen 1..5 {seed}"

[programs.limits]
time_ms = 5000
memory_mib = 512
output_mib = 16
"#;

const GENERATOR: &str = r#"# gen.py A_MAX SEED: two numbers in [-A_MAX, A_MAX] drawn with splitmix64 from SEED.
import sys
a_max, state = int(sys.argv[1]), int(sys.argv[2])
def next_u64():
    global state
    state = (state + 0x9E3779B97F4A7C15) % 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31)
a, b = (next_u64() % (2 * a_max + 1) - a_max for _ in range(2))
print(a, b)
"#;

const VALIDATOR: &str = r#"// Strict validator (testlib convention): one line "A B", integers in [-10^9, 10^9], no
// leading zeros, no '+', no "-0", one space, one line end at the end of the file.
#include <cstdio>
#include <cstdlib>
#include <string>
static int line = 1, col = 1, c;
static void fail(const std::string& what, const std::string& found) {
  std::fprintf(stderr, "line %d, column %d: expected %s, found %s\n", line, col, what.c_str(),
               found.c_str());
  std::exit(3);
}
static std::string show(int ch) {
  if (ch == EOF) return "end of file";
  if (ch == '\n') return "line end";
  if (ch == ' ') return "space";
  return std::string("'") + char(ch) + "'";
}
static long long number(const char* name) {
  std::string s;
  int start = col;
  c = std::getchar();
  while (c == '-' || (c >= '0' && c <= '9')) { s += char(c); c = std::getchar(); }
  std::string what = std::string("integer ") + name + " in [-1000000000, 1000000000]";
  bool ok = !s.empty() && s != "-" && s.size() <= 11 && s.find('-', 1) == std::string::npos;
  size_t d = !s.empty() && s[0] == '-' ? 1 : 0;
  if (ok && ((s[d] == '0' && s.size() > d + 1) || s == "-0")) ok = false;
  if (!ok) { col = start; fail(what, s.empty() ? show(c) : s); }
  long long v = std::atoll(s.c_str());
  if (v < -1000000000LL || v > 1000000000LL) { col = start; fail(what, s); }
  col += int(s.size());
  return v;
}
int main() {
  number("A");
  if (c != ' ') fail("a single space", show(c));
  col++;
  number("B");
  if (c != '\n') fail("line end", show(c));
  line++; col = 1;
  if ((c = std::getchar()) != EOF) fail("end of file", show(c));
  return 0;
}
"#;

const REFERENCE: &str = r#"#include <cstdio>
int main() {
  long long a, b;
  if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
  std::printf("%lld\n", a + b);
}
"#;

const MANIFEST: &str = r#"[[test]]
file = "samples/1.in"
answer = "samples/1.ans"
sample = true

[[test]]
gen = "gen 10 {seed}"

[[test]]
gen = "gen 10 {seed}"
seed = 2

[[test]]
gen = "gen 1000000000 {seed}"

[[test]]
gen = "gen 0 {seed}"
"#;

const ACCEPTED: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// Forgets the signs: |A| + |B|.
const WRONG: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(void) {
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\n", llabs(a) + llabs(b));
  return 0;
}
"#;

/// The statement, for the Kattis export.
const STATEMENT: &str = r"\problemname{Sum of two numbers}
Print the sum of the two integers $A$ and $B$ on the only line of the input.
\section*{Input}
One line with $A$ and $B$.
\section*{Output}
$A+B$.
";

/// Writes the problem folder `root/sum`.
fn write_problem(root: &Path) {
    let dir = root.join("sum");
    let files = [
        ("problem.toml", PROBLEM_TOML),
        ("gen.py", GENERATOR),
        ("validator.cpp", VALIDATOR),
        ("reference.cpp", REFERENCE),
        ("manifest.toml", MANIFEST),
        ("samples/1.in", "1 2\n"),
        ("samples/1.ans", "3\n"),
        ("submissions/accepted/sum.py", ACCEPTED),
        ("submissions/wrong_answer/absolute.c", WRONG),
        ("statement/problem.en.tex", STATEMENT),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// Runs `gridjudge ARGS --problems-dir ROOT` with `stdin`.
fn gridjudge(root: &Path, args: &[&str], stdin: &str) -> Output {
    let root = ["--problems-dir", root.to_str().unwrap()];
    common::gridjudge_with(&[args, &root].concat(), stdin.as_bytes())
}

#[track_caller]
fn ok(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", text(o));
    serde_json::from_slice(&o.stdout).unwrap_or(serde_json::Value::Null)
}

#[test]
fn a_problem_written_as_a_folder_builds_verifies_stresses_and_exports() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    write_problem(root);
    let dir = root.join("sum");

    // `list` finds it, with its generator.
    let o = gridjudge(root, &["list"], "");
    ok(&o);
    let listed = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        listed.lines().collect::<Vec<_>>(),
        ["sum  (gridjudge)", "  gen"],
        "{listed}"
    );

    // `build`: five tests, validated, solved, locked.
    let build = ok(&gridjudge(root, &["build", "sum", "--json"], ""));
    let p = &build["problems"][0];
    assert_eq!(p["problem"], "sum");
    assert_eq!(p["lock"]["status"], "lock created (5 tests)");
    let tests = p["tests"].as_array().unwrap();
    let identities: Vec<&str> = tests
        .iter()
        .map(|t| t["identity"].as_str().unwrap())
        .collect();
    assert_eq!(
        identities,
        [
            "file samples/1.in",
            "gen gen 10 {seed} seed=0",
            "gen gen 10 {seed} seed=2",
            "gen gen 1000000000 {seed} seed=0",
            "gen gen 0 {seed} seed=0",
        ]
    );
    // Each jury answer is the sum of the input's two numbers; `{seed}` made other tests.
    let mut inputs = Vec::new();
    for t in tests {
        let name = t["name"].as_str().unwrap();
        let input = fs::read_to_string(dir.join(format!("tests/{name}.in"))).unwrap();
        let answer = fs::read_to_string(dir.join(format!("tests/{name}.ans"))).unwrap();
        let ab: Vec<i64> = input
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(ab.len(), 2, "{input}");
        assert_eq!(
            answer,
            format!("{}\n", ab[0] + ab[1]),
            "test {name}: {input}"
        );
        inputs.push(input);
    }
    assert_eq!(inputs[0], "1 2\n");
    assert_ne!(inputs[1], inputs[2]);
    assert_eq!(inputs[4], "0 0\n");
    assert!(dir.join("tests.lock").is_file());
    // A second build with --locked matches the lock.
    let again = ok(&gridjudge(
        root,
        &["build", "sum", "--locked", "--json"],
        "",
    ));
    assert_eq!(again["problems"][0]["lock"]["status"], "matches the lock");

    // `solve` runs the reference.
    let o = gridjudge(root, &["solve", "sum"], "-7 3\n");
    ok(&o);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "-4\n");

    // `verify`: the Python solution passes everything, the C one is killed.
    let v = ok(&gridjudge(root, &["verify", "sum", "--json"], ""));
    let subs = v["judge"]["submissions"].as_array().unwrap();
    let verdicts = |i: usize| -> String {
        subs[i]["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["verdict"].as_str().unwrap().chars().next().unwrap())
            .collect()
    };
    assert_eq!(subs[0]["name"], "accepted/sum.py");
    assert_eq!(verdicts(0), "AAAAA");
    assert_eq!(subs[1]["name"], "wrong_answer/absolute.c");
    // Test 01 (1 2) and test 05 (0 0) have no negative number.
    assert_eq!(verdicts(1), "AWWWA");
    assert_eq!(v["survivors"].as_array().unwrap().len(), 0);

    // `stress` with the problem's stress line finds a counterexample and shrinks it to one
    // negative number and a zero.
    let wrong = dir.join("submissions/wrong_answer/absolute.c");
    let o = gridjudge(
        root,
        &["stress", "sum", wrong.to_str().unwrap(), "--json"],
        "",
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let s: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(s["generator"], "gen 1..5 {seed}");
    assert_eq!(s["failures"].as_array().map(Vec::len), Some(1), "{s}");
    let f = &s["failures"][0];
    assert_eq!(f["verdict"], "WA", "{s}");
    let minimal = f["input"].as_str().unwrap();
    let mut ab: Vec<i64> = minimal
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    ab.sort();
    assert_eq!(ab, [-1, 0], "{minimal}");
    assert_eq!(f["answer"], "-1\n");
    assert_eq!(f["output"], "1\n");

    // `export` in both layouts: the tests, the problem's own validator and the built-in
    // checker as a source.
    for format in ["testlib", "kattis", "kattis-2025-09"] {
        // A Kattis package's folder name is its short name: lowercase letters and digits.
        let out = root.join(format!("sum{}", format.replace('-', "")));
        let mut args = vec![
            "export",
            "sum",
            "--format",
            format,
            "-o",
            out.to_str().unwrap(),
        ];
        if format != "testlib" {
            // Compiling the statement takes LaTeX (tests/statement.rs, ignored by default).
            args.push("--no-compiled-statement");
        }
        let o = gridjudge(root, &args, "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{format}: {err}");
        let has = |p: &str| out.join(p).exists();
        if format == "testlib" {
            for f in [
                "1.in",
                "1.ans",
                "5.in",
                "5.ans",
                "validator.cpp",
                "checker.cpp",
                "config.yaml",
            ] {
                assert!(has(f), "testlib export lacks {f}");
            }
        } else {
            let output_validator = if format == "kattis" {
                "output_validators/gridjudge/run"
            } else {
                "output_validator/run"
            };
            for f in [
                "problem.yaml",
                "data/sample/1.in",
                "input_validators/gridjudge/run",
                output_validator,
                "submissions/accepted/sum.py",
                "submissions/wrong_answer/absolute.c",
            ] {
                assert!(has(f), "kattis export lacks {f}");
            }
        }
    }
}
