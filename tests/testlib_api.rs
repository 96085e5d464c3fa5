//! The Polygon package's sources written against testlib's API (`problems/<p>/polygon/check.cpp`
//! and `validator.cpp` for `game` and `bunny`, `checker/builtin/testlib_tokens.cpp` for program
//! problems with the built-in `tokens` checker), compiled against the `testlib.h` that the PyPI
//! package p2d ships, and compared verdict for verdict with gridjudge's Rust checkers and
//! validators, called in process.
//!
//! * testlib.h: p2d [`P2D_VERSION`] is installed (no dependencies: only the header is used) into
//!   a throw-away virtual environment, and its `p2d/testlib/testlib.h` is kept in
//!   `target/p2d-testlib-<version>/`; later runs reuse it. p2d adapts testlib to DOMjudge: the
//!   checker is called as `check <input> <answer> <feedback_dir> < output` and its exit codes
//!   default to DOMjudge's (42, 43); the builds here set testlib's own codes (0 AC, 1 WA, 2 PE,
//!   3 FAIL) through the macros that testlib.h reads, and one test keeps DOMjudge's.
//! * Every source is built with the two flag sets of [`BUILDS`] (Luogu's C++14 with -fno-asm,
//!   and C++17); a warning in our source fails.
//! * Compared: every package test's jury answer, hand-made wrong and PE outputs, seeded hostile
//!   outputs (a quick share by default, more under `--ignored`), the validator corpus and the
//!   package tests, without a group and in every test group, strict and with
//!   `--allow-trailing-spaces`.
//!
//! The cases are tables ([`CHECKERS`], [`VALIDATORS`]) so that the file can be folded into a
//! generic harness of C++ mirrors.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

use sha2::{Digest, Sha256};

use common::cpp::{self, Run};
use gridjudge::checkers::BuiltinChecker;
use gridjudge::problem::ValidateOptions;
use gridjudge::rng::TestRng;

/// The p2d release whose testlib.h the sources are compiled against (testlib 0.9.44 adapted to
/// DOMjudge).
const P2D_VERSION: &str = "0.4.0";

/// g++ flag sets every source must compile with: (name, flags).
const BUILDS: [(&str, &[&str]); 2] = [
    ("c++14", &["-fno-asm", "-std=c++14", "-O2"]),
    ("c++17", &["-std=c++17", "-O2"]),
];

/// testlib's own exit codes (p2d's testlib.h defaults to DOMjudge's 42/43).
const TESTLIB_CODES: [&str; 4] = [
    "-DOK_EXIT_CODE=0",
    "-DWA_EXIT_CODE=1",
    "-DPE_EXIT_CODE=2",
    "-DFAIL_EXIT_CODE=3",
];

/// Which Rust checker a C++ checker mirrors.
#[derive(Clone, Copy, Debug)]
enum Rust {
    /// The checker of the registered problem of that name.
    Problem(&'static str),
    /// The built-in `tokens` checker of program problems.
    Tokens,
}

/// A C++ checker, the Rust checker it mirrors, and the problem whose package tests feed it.
struct CheckerCase {
    source: &'static str,
    /// A boolean checker option of problem.toml set to true, in the source (its line
    /// `const bool NAME = false;`, as `gridjudge export` rewrites it) and in the Rust config.
    option: Option<&'static str>,
    rust: Rust,
    tests_of: &'static str,
}

const CHECKERS: [CheckerCase; 4] = [
    CheckerCase {
        source: "problems/game/polygon/check.cpp",
        option: None,
        rust: Rust::Problem("game"),
        tests_of: "game",
    },
    CheckerCase {
        source: "problems/game/polygon/check.cpp",
        option: Some("row_major"),
        rust: Rust::Problem("game"),
        tests_of: "game",
    },
    CheckerCase {
        source: "problems/bunny/polygon/check.cpp",
        option: None,
        rust: Rust::Problem("bunny"),
        tests_of: "bunny",
    },
    CheckerCase {
        source: "checker/builtin/testlib_tokens.cpp",
        option: None,
        rust: Rust::Tokens,
        tests_of: "bunny",
    },
];

/// (problem, C++ validator source).
const VALIDATORS: [(&str, &str); 2] = [
    ("game", "problems/game/polygon/validator.cpp"),
    ("bunny", "problems/bunny/polygon/validator.cpp"),
];

// ---------------------------------------------------------------------------------------------
// testlib.h and the builds.

/// The folder holding p2d's testlib.h, installed from PyPI on first use.
fn testlib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("target")
            .join(format!("p2d-testlib-{P2D_VERSION}"));
        if !dir.join("testlib.h").is_file() {
            install_testlib(&dir);
        }
        dir
    })
}

/// Installs p2d into a temporary virtual environment and copies its testlib.h (and licence) to
/// `dir`, renaming into place so that concurrent test processes never see half a file.
fn install_testlib(dir: &Path) {
    let target = dir.parent().unwrap();
    std::fs::create_dir_all(target).unwrap();
    let tmp = tempfile::tempdir_in(target).unwrap();
    let venv = tmp.path().join("venv");
    let st = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .status()
        .expect("python3 is needed to install p2d (for its testlib.h)");
    assert!(st.success(), "python3 -m venv failed");
    let st = Command::new(venv.join("bin/pip"))
        .args(["install", "--quiet", "--no-deps"])
        .arg(format!("p2d=={P2D_VERSION}"))
        .status()
        .unwrap();
    assert!(st.success(), "pip install p2d=={P2D_VERSION} failed");
    let site = std::fs::read_dir(venv.join("lib"))
        .unwrap()
        .map(|e| e.unwrap().path().join("site-packages/p2d/testlib"))
        .find(|p| p.join("testlib.h").is_file())
        .expect("p2d ships p2d/testlib/testlib.h");
    let staged = tmp.path().join("testlib");
    std::fs::create_dir(&staged).unwrap();
    for f in ["testlib.h", "LICENSE"] {
        std::fs::copy(site.join(f), staged.join(f)).unwrap();
    }
    // Another process may have won the race: its copy is the same file.
    if std::fs::rename(&staged, dir).is_err() {
        assert!(
            dir.join("testlib.h").is_file(),
            "cannot install {}",
            dir.display()
        );
    }
}

/// `src` (relative to the repository) built with flag set `build` of [`BUILDS`] and
/// `codes` (extra -D flags), cached in `$CARGO_TARGET_TMPDIR` under a hash of the source,
/// testlib.h, the flags and the compiler; built once per test process.
fn built(src: &str, option: Option<&str>, build: usize, codes: &[&str]) -> PathBuf {
    type Slot = Arc<OnceLock<PathBuf>>;
    static BUILDS_DONE: OnceLock<Mutex<HashMap<String, Slot>>> = OnceLock::new();
    let key = format!("{src} {option:?} {build} {}", codes.join(" "));
    let slot = BUILDS_DONE
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(key)
        .or_default()
        .clone();
    slot.get_or_init(|| compile(src, option, build, codes))
        .clone()
}

fn compile(src: &str, option: Option<&str>, build: usize, codes: &[&str]) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
    let mut text = std::fs::read_to_string(&path).unwrap();
    if let Some(name) = option {
        let line = format!("const bool {name} = false;");
        assert_eq!(text.matches(&line).count(), 1, "{src}: one line {line:?}");
        text = text.replace(&line, &format!("const bool {name} = true;"));
    }
    let include = testlib_dir();
    let (name, flags) = BUILDS[build];
    let mut args: Vec<&str> = flags.to_vec();
    args.extend(codes);
    args.extend(["-Wall", "-Wextra"]);
    let version = Command::new("g++").arg("--version").output().unwrap();
    let mut hash = Sha256::new();
    hash.update(&text);
    hash.update(std::fs::read(include.join("testlib.h")).unwrap());
    hash.update(args.join(" "));
    hash.update(&version.stdout);
    let hex: String = hash.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("testlib-api-{hex}"));
    let bin = dir.join(path.file_stem().unwrap());
    if bin.is_file() {
        return bin;
    }
    std::fs::create_dir_all(&dir).unwrap();
    let staged = tempfile::Builder::new()
        .suffix(".cpp")
        .tempfile_in(&dir)
        .unwrap()
        .into_temp_path();
    std::fs::write(&staged, &text).unwrap();
    let tmp = tempfile::Builder::new()
        .prefix(".build")
        .tempfile_in(&dir)
        .unwrap()
        .into_temp_path();
    let out = Command::new("g++")
        .args(&args)
        .arg("-I")
        .arg(include)
        .arg("-o")
        .arg(&tmp)
        .arg(&staged)
        .output()
        .expect("g++ runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "g++ {name} {src}:\n{stderr}");
    // testlib.h's own warnings are not ours; any in our file fails.
    let file = staged.file_name().unwrap().to_str().unwrap();
    assert!(
        !stderr
            .lines()
            .any(|l| l.contains(file) && l.contains("warning")),
        "g++ {name} {src} warns:\n{stderr}"
    );
    tmp.persist(&bin).unwrap();
    bin
}

// ---------------------------------------------------------------------------------------------
// Running the checkers.

/// A test's files for the C++ checker, and its bytes for the Rust one.
struct Case {
    label: String,
    input: Vec<u8>,
    answer: Vec<u8>,
    input_path: PathBuf,
    answer_path: PathBuf,
}

/// The package tests of `problem` (and, for `bunny`, the official samples with their trailing
/// spaces), written to `dir`.
fn cases(problem: &str, dir: &Path) -> Vec<Case> {
    let mut list: Vec<(String, Vec<u8>, Vec<u8>)> = common::package_tests(problem)
        .iter()
        .map(|t| (t.name.clone(), t.input.clone(), t.answer.clone()))
        .collect();
    let original = common::problem_dir(problem).join("samples/original");
    if original.is_dir() {
        for i in 1.. {
            let (inp, ans) = (
                original.join(format!("sample{i}.in")),
                original.join(format!("sample{i}.ans")),
            );
            if !inp.is_file() {
                break;
            }
            let input = std::fs::read(inp).unwrap();
            assert!(input.windows(2).any(|w| w == b" \n"), "trailing spaces");
            list.push((format!("original{i}"), input, std::fs::read(ans).unwrap()));
        }
    }
    list.into_iter()
        .map(|(label, input, answer)| {
            let input_path = dir.join(format!("{problem}-{label}.in"));
            let answer_path = dir.join(format!("{problem}-{label}.ans"));
            std::fs::write(&input_path, &input).unwrap();
            std::fs::write(&answer_path, &answer).unwrap();
            Case {
                label: format!("{problem} {label}"),
                input,
                answer,
                input_path,
                answer_path,
            }
        })
        .collect()
}

/// The Rust checker's testlib exit code on `output`.
fn rust_check(checker: &CheckerCase, case: &Case, output: &[u8]) -> i32 {
    match checker.rust {
        Rust::Problem(name) => {
            let p = common::problem(name);
            let cfg = match checker.option {
                None => common::config(p),
                Some(o) => {
                    common::config_with(p, &format!("{o} = false"), &format!("{o} = true"), o)
                }
            };
            p.check(&case.input, &mut &output[..], &case.answer, &cfg)
                .testlib_exit_code()
        }
        Rust::Tokens => BuiltinChecker::Tokens
            .check(&mut &output[..], &case.answer)
            .testlib_exit_code(),
    }
}

/// The C++ checker `bin` on `output`, called as p2d's testlib.h wants it (input, answer,
/// feedback folder, the output on stdin); its exit code, with the message it wrote.
fn cpp_check(bin: &Path, case: &Case, output: &[u8], feedback: &Path) -> (i32, String) {
    let _ = std::fs::remove_file(feedback.join("judgemessage.txt"));
    let args = [
        case.input_path.as_os_str(),
        case.answer_path.as_os_str(),
        feedback.as_os_str(),
    ];
    let Run { code, stderr, .. } = cpp::run(bin, args, output, false);
    let msg = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    (code, format!("{msg} / stderr {stderr}"))
}

/// Up to 200 bytes of `b`, escaped, for a failure message.
fn shown(b: &[u8]) -> String {
    format!(
        "{} ({} bytes)",
        b[..b.len().min(200)].escape_ascii(),
        b.len()
    )
}

/// Runs every (case, output) pair through the Rust checker and the C++ checker `bin`; the exit
/// codes must agree. Returns how many of each verdict (AC, WA, PE, FAIL) were seen.
fn assert_checkers_agree(
    checker: &CheckerCase,
    bin: &Path,
    work: &[(&Case, Vec<u8>, String)],
) -> [u32; 4] {
    let feedback = tempfile::tempdir().unwrap();
    let dirs: Vec<PathBuf> = (0..cpp::WORKERS)
        .map(|w| {
            let d = feedback.path().join(w.to_string());
            std::fs::create_dir(&d).unwrap();
            d
        })
        .collect();
    let codes = cpp::par_map(work, |w, (case, output, what)| {
        let want = rust_check(checker, case, output);
        let (got, msg) = cpp_check(bin, case, output, &dirs[w]);
        assert_eq!(
            got,
            want,
            "{} (option {:?}) on {} ({what}): C++ says {msg:?}; output {}",
            checker.source,
            checker.option,
            case.label,
            shown(output)
        );
        want
    });
    let mut tally = [0; 4];
    for c in codes {
        tally[c as usize] += 1;
    }
    tally
}

/// The whitespace-separated tokens of `b`.
fn tokens(b: &[u8]) -> Vec<Vec<u8>> {
    b.split(|&c| common::checker::is_space(c))
        .filter(|t| !t.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

/// Hand-made outputs for `case`: the jury answer as it is, re-spaced and after a BOM (AC for
/// every checker), and wrong or unreadable variants of it.
fn hand_outputs(case: &Case) -> Vec<(Vec<u8>, String)> {
    let ans = &case.answer;
    let toks = tokens(ans);
    let join = |t: &[Vec<u8>], sep: &[u8]| t.join(sep);
    let mut v: Vec<(Vec<u8>, &str)> = vec![
        (ans.clone(), "the jury answer"),
        (
            join(&toks, b"\x0b\x0c\r\n\t "),
            "every white space byte between tokens",
        ),
        ([&b"\xef\xbb\xbf"[..], ans].concat(), "a UTF-8 BOM first"),
        ([&b"\xef\xbb\xbf\xef\xbb\xbf"[..], ans].concat(), "two BOMs"),
        (Vec::new(), "empty"),
        (b"\n \n".to_vec(), "white space only"),
        (b"LOSE\n".to_vec(), "LOSE"),
        (b"0\n".to_vec(), "0"),
        (
            [ans.as_slice(), b"x\n"].concat(),
            "a token after the answer",
        ),
        (
            [ans.as_slice(), b"1\n"].concat(),
            "a number after the answer",
        ),
        (
            [ans.as_slice(), b"\xff"].concat(),
            "a byte 0xFF after the answer",
        ),
        ([ans.as_slice(), b"\x00"].concat(), "a NUL after the answer"),
        (
            join(&toks[..toks.len() - 1], b"\n"),
            "the last token missing",
        ),
        (join(&toks[1..], b" "), "the first token missing"),
        (
            toks.iter().rev().cloned().collect::<Vec<_>>().join(&b'\n'),
            "the tokens reversed",
        ),
        (ans.replace_first(b"1", b"01"), "a leading zero"),
        (ans.replace_first(b"1", b"+1"), "a plus sign"),
        (ans.replace_first(b"1", b"1\xff"), "a byte 0xFF in a number"),
        (
            ans.replace_first(b"1", b"99999999999999999999999"),
            "a huge number",
        ),
        (ans.replace_first(b"1", b"-1"), "a negative number"),
        (vec![b'7'; 100], "a 100-byte token"),
    ];
    // The lines after the first in reverse order: the cells of `game` out of row-major order.
    let lines: Vec<&[u8]> = ans
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() > 2 {
        let mut rev = vec![lines[0]];
        rev.extend(lines[1..].iter().rev());
        v.push((rev.join(&b'\n'), "the lines after the first reversed"));
    }
    if toks.len() > 2 {
        let mut dup = toks.clone();
        let last = dup.last().unwrap().clone();
        dup.push(last);
        v.push((join(&dup, b" "), "the last token twice"));
    }
    v.into_iter().map(|(o, s)| (o, s.to_string())).collect()
}

/// `replace_first` for byte strings.
trait ReplaceFirst {
    fn replace_first(&self, from: &[u8], to: &[u8]) -> Vec<u8>;
}

impl ReplaceFirst for Vec<u8> {
    fn replace_first(&self, from: &[u8], to: &[u8]) -> Vec<u8> {
        match self.windows(from.len()).position(|w| w == from) {
            Some(i) => [&self[..i], to, &self[i + from.len()..]].concat(),
            None => [self.as_slice(), to].concat(),
        }
    }
}

/// A seeded hostile output for `case`, of kind `kind` (0..10).
fn hostile_output(kind: u32, rng: &mut TestRng, case: &Case) -> Vec<u8> {
    use common::checker as h;
    let toks = tokens(&case.answer);
    let garbage = |rng: &mut TestRng| {
        let kind = rng.below(h::GARBAGE_KINDS);
        h::garbage_token(rng, kind, &[])
    };
    match kind {
        0 => {
            let mut t = toks.clone();
            h::sprinkle(&mut t, rng, garbage);
            h::join(&t, rng, 0.7)
        }
        1 => h::random_bytes_after(&case.answer, rng),
        2 => h::mutated(&case.answer, rng),
        3 => h::join(&h::soup(rng, garbage), rng, 0.5),
        4 => {
            // Plausible mistakes: tokens shuffled, one dropped or doubled, a number moved by 1.
            let mut t = toks.clone();
            let at = rng.below(t.len() as u32) as usize;
            match rng.below(4) {
                0 => rng.shuffle(&mut t[1..]),
                1 => {
                    t.remove(at);
                }
                2 => {
                    let again = t[at].clone();
                    t.insert(at, again);
                }
                _ => {
                    if let Some(x) = std::str::from_utf8(&t[at])
                        .ok()
                        .and_then(|s| s.parse::<i64>().ok())
                    {
                        let d = if rng.chance(0.5) { 1 } else { -1 };
                        t[at] = (x + d).to_string().into_bytes();
                    }
                }
            }
            h::join(&t, rng, 0.9)
        }
        5 => h::join(&toks, rng, 0.5),
        6 => h::spaced_out(&toks, rng),
        7 => {
            // Bytes 0xFF (testlib's stdin end-of-file mark) in or after the answer.
            let mut o = case.answer.clone();
            let at = rng.below(o.len() as u32 + 1) as usize;
            o.insert(at, 0xff);
            if rng.chance(0.5) {
                o.extend_from_slice(h::SEPARATORS[rng.below(h::SEPARATORS.len() as u32) as usize]);
            }
            o
        }
        8 => {
            let mut o = b"\xef\xbb\xbf".to_vec();
            o.extend(h::mutated(&case.answer, rng));
            o
        }
        _ => {
            // The answer cut anywhere: a prefix, maybe mid-token.
            let cut = rng.below(case.answer.len() as u32 + 1) as usize;
            case.answer[..cut].to_vec()
        }
    }
}

fn checker_hand_outputs(build: usize) {
    let dir = tempfile::tempdir().unwrap();
    for checker in &CHECKERS {
        let bin = built(checker.source, checker.option, build, &TESTLIB_CODES);
        let cases = cases(checker.tests_of, dir.path());
        let work: Vec<(&Case, Vec<u8>, String)> = cases
            .iter()
            .flat_map(|c| hand_outputs(c).into_iter().map(move |(o, s)| (c, o, s)))
            .collect();
        let tally = assert_checkers_agree(checker, &bin, &work);
        // Every jury answer is AC, and hand outputs reach every contestant verdict (the
        // tokens checker has no PE).
        assert!(
            tally[0] >= 3 * cases.len() as u32,
            "{}: {tally:?}",
            checker.source
        );
        assert!(tally[1] > 0, "{}: {tally:?}", checker.source);
        if matches!(checker.rust, Rust::Problem(_)) {
            assert!(tally[2] > 0, "{}: {tally:?}", checker.source);
        }
        assert_eq!(
            tally[3], 0,
            "{}: FAIL on a contestant output",
            checker.source
        );
    }
}

#[test]
fn checkers_agree_on_jury_answers_and_hand_outputs_cpp14() {
    checker_hand_outputs(0);
}

#[test]
fn checkers_agree_on_jury_answers_and_hand_outputs_cpp17() {
    checker_hand_outputs(1);
}

/// `per_problem` seeded hostile outputs for each checker, spread over the package tests.
fn checker_hostile_outputs(per_problem: u32, build: usize) {
    let dir = tempfile::tempdir().unwrap();
    for checker in &CHECKERS {
        let bin = built(checker.source, checker.option, build, &TESTLIB_CODES);
        let cases = cases(checker.tests_of, dir.path());
        let work: Vec<(&Case, Vec<u8>, String)> = (0..per_problem)
            .map(|i| {
                let mut rng = TestRng::for_test(checker.tests_of, "testlib-api", "", u64::from(i));
                let case = &cases[rng.below(cases.len() as u32) as usize];
                let kind = i % 10;
                let out = hostile_output(kind, &mut rng, case);
                (case, out, format!("hostile kind {kind} seed {i}"))
            })
            .collect();
        let tally = assert_checkers_agree(checker, &bin, &work);
        assert!(
            tally[0] > 0 && tally[1] > 0,
            "{}: {tally:?}",
            checker.source
        );
        assert_eq!(
            tally[3], 0,
            "{}: FAIL on a contestant output",
            checker.source
        );
    }
}

#[test]
fn checkers_agree_on_hostile_outputs_first_300() {
    checker_hostile_outputs(300, 0);
}

#[test]
#[ignore = "slow: 3000 hostile outputs per checker and build"]
fn checkers_agree_on_hostile_outputs() {
    for build in 0..BUILDS.len() {
        checker_hostile_outputs(3000, build);
    }
}

/// With p2d's own exit codes (DOMjudge's), a checker says 42 for AC and 43 for WA and PE, and
/// writes its message to `judgemessage.txt`.
#[test]
fn checkers_keep_domjudge_codes_with_p2d_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let feedback = tempfile::tempdir().unwrap();
    // Each source once (an option does not change the exit codes).
    for checker in CHECKERS.iter().filter(|c| c.option.is_none()) {
        let bin = built(checker.source, None, 0, &[]);
        let cases = cases(checker.tests_of, dir.path());
        let case = &cases[0];
        for (output, code) in [
            (case.answer.clone(), 42),
            (b"1 1 1\n".to_vec(), 43),
            (b"x".to_vec(), 43),
        ] {
            let (got, msg) = cpp_check(&bin, case, &output, feedback.path());
            assert_eq!(got, code, "{}: {msg}", checker.source);
            assert!(!msg.starts_with(" / "), "no judgemessage.txt: {msg}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Validators.

/// The Rust validator's decision on `input` in `group` (None: the constraints alone).
fn rust_valid(problem: &str, input: &[u8], group: Option<&str>, lenient: bool) -> bool {
    let p = common::problem(problem);
    let bounds = common::config(p).bounds_for(group).unwrap();
    let opts = ValidateOptions {
        allow_trailing_spaces: lenient,
    };
    p.validate(input, &bounds, opts).is_ok()
}

/// Every input through both validators, without a group and in every group of the problem,
/// strict and lenient; the C++ must exit 0 where Rust accepts and 3 (testlib's FAIL) where it
/// rejects. Returns (accepted, rejected) counts.
fn assert_validators_agree(problem: &str, bin: &Path, inputs: &[(String, Vec<u8>)]) -> (u32, u32) {
    let cfg = common::config(common::problem(problem));
    let mut groups: Vec<Option<&str>> = vec![None];
    groups.extend(cfg.groups.keys().map(|g| Some(g.as_str())));
    let mut work = Vec::new();
    for (name, input) in inputs {
        for &group in &groups {
            for lenient in [false, true] {
                work.push((name, input, group, lenient));
            }
        }
    }
    let results = cpp::par_map(&work, |_, &(name, input, group, lenient)| {
        let want = rust_valid(problem, input, group, lenient);
        let mut args: Vec<&str> = Vec::new();
        if let Some(g) = group {
            args.extend(["--group", g]);
        }
        if lenient {
            args.push("--allow-trailing-spaces");
        }
        let run = cpp::run(bin, &args, &input[..], false);
        assert_eq!(
            run.code,
            if want { 0 } else { 3 },
            "{problem} {name} group {group:?} lenient {lenient}: Rust says valid = {want}, C++ \
             says {:?}; input {}",
            run.stderr,
            shown(input)
        );
        want
    });
    let valid = results.iter().filter(|&&v| v).count() as u32;
    (valid, results.len() as u32 - valid)
}

fn validator_corpus(build: usize) {
    for (problem, source) in VALIDATORS {
        let bin = built(source, None, build, &TESTLIB_CODES);
        let corpus = common::validator::Corpus::of(problem);
        let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
        for sub in ["invalid", "valid"] {
            inputs.extend(
                corpus
                    .files(sub)
                    .into_iter()
                    .map(|(n, b)| (format!("{sub}/{n}"), b)),
            );
        }
        // A byte 0xFF where the end of the file belongs (testlib's stdin end mark).
        let valid = corpus.files("valid").into_values().next().unwrap();
        for tail in [&b"\xff"[..], b"\xff\n", b"\n\xff"] {
            let mut v = valid.clone();
            if tail[0] == b'\n' {
                v.pop();
            }
            v.extend_from_slice(tail);
            inputs.push((format!("valid + {}", tail.escape_ascii()), v));
        }
        let (ok, bad) = assert_validators_agree(problem, &bin, &inputs);
        assert!(ok > 0 && bad > 0, "{problem}: {ok} {bad}");
    }
}

#[test]
fn validators_agree_on_the_corpus_cpp14() {
    validator_corpus(0);
}

#[test]
fn validators_agree_on_the_corpus_cpp17() {
    validator_corpus(1);
}

/// The package tests (and bunny's official samples, with their trailing spaces) in every
/// group: each group accepts its own tests and rejects others.
fn validator_package_tests(build: usize) {
    for (problem, source) in VALIDATORS {
        let bin = built(source, None, build, &TESTLIB_CODES);
        let dir = tempfile::tempdir().unwrap();
        let inputs: Vec<(String, Vec<u8>)> = cases(problem, dir.path())
            .into_iter()
            .map(|c| (c.label, c.input))
            .collect();
        let (ok, bad) = assert_validators_agree(problem, &bin, &inputs);
        assert!(ok > 0 && bad > 0, "{problem}: {ok} {bad}");
    }
}

#[test]
fn validators_agree_on_package_tests_and_groups_cpp14() {
    validator_package_tests(0);
}

#[test]
#[ignore = "slow: the package tests in every group, C++17 build"]
fn validators_agree_on_package_tests_and_groups_cpp17() {
    validator_package_tests(1);
}

/// `count` seeded mutations of the package tests' inputs per problem (bytes flipped, cut or
/// inserted: spaces, CR, NUL, 0xFF, digits, ...), through both validators in every group.
fn validator_mutations(count: u32, build: usize) {
    for (problem, source) in VALIDATORS {
        let bin = built(source, None, build, &TESTLIB_CODES);
        let tests = common::package_tests(problem);
        let inputs: Vec<(String, Vec<u8>)> = (0..count)
            .map(|i| {
                let mut rng = TestRng::for_test(problem, "testlib-api-validator", "", u64::from(i));
                let t = &tests[rng.below(tests.len() as u32) as usize];
                let mut input = common::checker::mutated(&t.input, &mut rng);
                if rng.chance(0.2) {
                    let at = rng.below(input.len() as u32 + 1) as usize;
                    let b = [b' ', b'\r', b'\t', 0xff, 0, b'\n'][rng.below(6) as usize];
                    input.insert(at, b);
                }
                (format!("test {} mutation {i}", t.name), input)
            })
            .collect();
        // Mutations are nearly all invalid: the valid side is the corpus's and the tests'.
        let (_, bad) = assert_validators_agree(problem, &bin, &inputs);
        assert!(bad > 0, "{problem}: no mutation rejected");
    }
}

#[test]
fn validators_agree_on_mutated_inputs_first_100() {
    validator_mutations(100, 0);
}

#[test]
#[ignore = "slow: 1000 mutated inputs per problem and build, in every group"]
fn validators_agree_on_mutated_inputs() {
    for build in 0..BUILDS.len() {
        validator_mutations(1000, build);
    }
}
