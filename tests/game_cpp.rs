//! The C++ sources of `game` for judges that compile checkers and validators themselves
//! (`problems/game/testlib/checker.cpp` and `validator.cpp`), against gridjudge's own checker
//! and validator, called in-process through the `Problem` trait as the binaries call them.
//!
//! Both sources are compiled with `g++ -std=c++17 -O2 -Wall -Wextra -Werror`; only the C++
//! binaries are spawned (tests/common/cpp.rs), under a watchdog (a hang fails instead of
//! blocking; a crash fails too), and for the huge outputs under an address-space limit (an
//! output held in memory fails). Every random case is seeded by its number, so each run tries
//! the same cases.
//!
//! * validator: the corpus (verdict, line and column of `expected.toml`), the package tests,
//!   group boundaries, and thousands of seeded byte mutations; every decision and every
//!   message must equal the Rust validator's, with and without `--group small`.
//! * checker: every package test's jury answer against itself, broken jury files (FAIL), and
//!   thousands of hostile outputs plus hundreds of megabytes streamed; every exit code must
//!   equal the Rust checker's testlib exit code. testlib's report file, plain and as XML
//!   (`-appes`), holds exactly what it should.
//!
//! `cargo test` runs the first fifth of the seeded mutations and hostile outputs (the same
//! cases every run); the full sets and the huge streamed outputs are `#[ignore]` tests that
//! `.ci/run` runs with `-- --ignored`.

mod common;

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use common::checker::{
    garbage_token, join, mutated, random_bytes_after, soup, spaced_out, sprinkle, Segment, Stream,
};
use common::cpp::{self, Run};
use common::validator::{Corpus, Rejection};
use gridjudge::problem::{Problem, ProblemConfig, ValidateOptions};
use gridjudge::reader::FormatError;
use gridjudge::rng::TestRng;

use common::game::{LOSE_MAZE, SAMPLE, SAMPLE_ANS};

fn game() -> &'static dyn Problem {
    common::problem("game")
}

fn config() -> ProblemConfig {
    common::config(game())
}

// ---------------------------------------------------------------------------------------------
// The C++ binaries, compiled and run by tests/common/cpp.rs.

fn validator_bin() -> PathBuf {
    cpp::compiled(&cpp::source("game", "validator"))
}

fn checker_bin() -> PathBuf {
    cpp::compiled(&cpp::source("game", "checker"))
}

/// Up to 300 bytes of `b`, escaped, for a failure message.
fn shown(b: &[u8]) -> String {
    let cut = &b[..b.len().min(300)];
    format!(
        "{}{} ({} bytes)",
        cut.escape_ascii(),
        if b.len() > 300 { "..." } else { "" },
        b.len()
    )
}

// ---------------------------------------------------------------------------------------------
// Validator.

/// How a validator run is configured: an optional test group, and the lenient option.
#[derive(Clone, Copy, Debug)]
struct Mode {
    group: Option<&'static str>,
    lenient: bool,
}

const PLAIN: Mode = Mode {
    group: None,
    lenient: false,
};
const SMALL: Mode = Mode {
    group: Some("small"),
    lenient: false,
};

/// The Rust validator's decision: the size (`NxM`) or the rejection.
fn rust_validate(input: &[u8], mode: Mode) -> Result<String, FormatError> {
    let bounds = config().bounds_for(mode.group).unwrap();
    let opts = ValidateOptions {
        allow_trailing_spaces: mode.lenient,
    };
    game().validate(input, &bounds, opts).map(|s| s.size)
}

/// The exit code and stderr of `validator game` for a decision (validator/src/main.rs).
fn rust_validator_says(r: &Result<String, FormatError>) -> (i32, String) {
    match r {
        Ok(size) => (0, format!("valid: game {size}\n")),
        Err(e) => (3, format!("invalid: {e}\n")),
    }
}

fn cpp_validate(input: &[u8], mode: Mode) -> Run {
    let mut args = Vec::new();
    if let Some(g) = mode.group {
        args.extend(["--group", g]);
    }
    if mode.lenient {
        args.push("--allow-trailing-spaces");
    }
    cpp::run(&validator_bin(), &args, input, false)
}

/// The C++ validator and the Rust one decide alike on `input`, with the same message (so the
/// same line and column). Returns whether the input is valid.
#[track_caller]
fn assert_validators_agree(input: &[u8], mode: Mode, case: &str) -> bool {
    let rust = rust_validate(input, mode);
    let (code, stderr) = rust_validator_says(&rust);
    let cpp = cpp_validate(input, mode);
    assert_eq!(
        (cpp.code, cpp.stderr.as_str()),
        (code, stderr.as_str()),
        "{case} {mode:?}: C++ validator disagrees with Rust on {}",
        shown(input)
    );
    code == 0
}

/// The C++ message names exactly the line and column that `want` gives, and contains its text.
#[track_caller]
fn assert_cpp_rejects_at(name: &str, cpp: &Run, want: &Rejection) {
    assert_eq!(cpp.code, 3, "{name}: {}", cpp.stderr);
    let at = format!(
        "invalid: line {}, column {}: expected ",
        want.line, want.col
    );
    assert!(
        cpp.stderr.starts_with(&at),
        "{name} ({}): C++ says {:?}, want {at:?}",
        want.why,
        cpp.stderr
    );
    assert!(
        cpp.stderr.contains(&want.contains),
        "{name}: {:?} lacks {:?}",
        cpp.stderr,
        want.contains
    );
    assert_eq!(cpp.stderr.lines().count(), 1, "{name}: one line");
}

/// The corpus: 48 invalid inputs rejected where `expected.toml` says, 13 valid ones accepted
/// (and in group `small` only where it says), each with the Rust validator's exact message.
#[test]
fn validator_corpus() {
    let corpus = Corpus::of("game");
    let exp = corpus.expected();
    let invalid = corpus.files("invalid");
    assert!(invalid.len() >= 30);
    assert_eq!(invalid.len(), exp.invalid.len());
    for (name, input) in &invalid {
        let want = &exp.invalid[name];
        assert_cpp_rejects_at(name, &cpp_validate(input, PLAIN), want);
        assert!(!assert_validators_agree(input, PLAIN, name));
        assert!(!assert_validators_agree(input, SMALL, name));
    }
    let valid = corpus.files("valid");
    assert_eq!(valid.len(), exp.valid.len());
    for (name, input) in &valid {
        assert!(assert_validators_agree(input, PLAIN, name), "{name}");
        let small = cpp_validate(input, SMALL);
        match exp.valid[name].get("small") {
            None => assert_eq!(small.code, 0, "{name}: {}", small.stderr),
            Some(want) => assert_cpp_rejects_at(name, &small, want),
        }
        assert_validators_agree(input, SMALL, name);
    }
    // Trailing spaces are accepted only with --allow-trailing-spaces, as in Rust.
    let lenient = Mode {
        group: None,
        lenient: true,
    };
    for (name, input) in invalid.iter().chain(&valid) {
        assert_validators_agree(input, lenient, name);
    }
    assert!(invalid
        .keys()
        .filter(|n| n.starts_with("trailing_space"))
        .all(|n| cpp_validate(&invalid[n], lenient).code == 0));
}

/// The package tests (built in memory, see `common::package_tests`): name (`01`, ...), input
/// and jury answer.
fn package_tests() -> Vec<(String, Vec<u8>, Vec<u8>)> {
    common::package_tests("game")
        .iter()
        .map(|t| (t.name.clone(), t.input.clone(), t.answer.clone()))
        .collect()
}

/// Every package test is valid, and valid in group `small` when the manifest puts it there;
/// the C++ validator agrees with Rust on each, with and without the group.
#[test]
fn validator_package_tests_and_group_boundaries() {
    let tests = common::package_tests("game");
    assert!(tests.len() >= 20);
    for t in tests {
        let (name, input) = (&t.name, &t.input);
        assert!(assert_validators_agree(input, PLAIN, name), "{name}");
        let small = assert_validators_agree(input, SMALL, name);
        if t.spec.group.as_deref() == Some("small") {
            assert!(small, "{name} is in group small");
        }
    }
    // N and M at and around the bounds of the constraints and of group `small`.
    let sizes = [0u32, 1, 4, 5, 6, 99, 100, 101];
    let mut counts = [0u32; 2];
    for &n in &sizes {
        for &m in &sizes {
            let mut input = format!("{n} {m}\n").into_bytes();
            for r in 0..n {
                input.extend((0..m).map(|c| if (r * 7 + c) % 3 == 0 { b'#' } else { b'.' }));
                input.push(b'\n');
            }
            for mode in [PLAIN, SMALL] {
                let ok = assert_validators_agree(&input, mode, &format!("{n}x{m}"));
                counts[usize::from(ok)] += 1;
                let want_ok = match mode.group {
                    None => (1..=100).contains(&n) && (1..=100).contains(&m),
                    Some(_) => (1..=5).contains(&n) && (1..=5).contains(&m),
                };
                assert_eq!(ok, want_ok, "{n}x{m} {mode:?}");
            }
        }
    }
    assert!(counts[0] > 20 && counts[1] > 20, "{counts:?}");
    // `--group=small` is `--group small`; an unknown group is a usage error (exit 2), as in
    // validator/src/main.rs, which exits 2 when `bounds_for` fails.
    let six = b"6 5\n.....\n.....\n.....\n.....\n.....\n.....\n";
    let r = cpp::run(&validator_bin(), ["--group=small"], &six[..], false);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "invalid: line 1, column 1: expected integer N in 1..=5, found `6` (out of range)\n"
    );
    let rust_err = config().bounds_for(Some("tiny")).unwrap_err().to_string();
    let r = cpp::run(&validator_bin(), ["--group", "tiny"], &six[..], false);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains(&rust_err),
        "{:?} lacks {rust_err:?}",
        r.stderr
    );
    for args in [
        &["--group"][..],
        &["--bogus"],
        &["--group", "small", "--group", "small"],
    ] {
        assert_eq!(
            cpp::run(&validator_bin(), args, &six[..], false).code,
            2,
            "{args:?}"
        );
    }
}

/// A byte worth inserting into a maze: mostly the format's own bytes.
fn maze_byte(rng: &mut TestRng) -> u8 {
    const PALETTE: &[u8] = b"..##..##  \n\n\r\t0159-+x\x00\xff\x0b";
    if rng.chance(0.1) {
        rng.below(256) as u8
    } else {
        PALETTE[rng.below(PALETTE.len() as u32) as usize]
    }
}

/// `input` with one to three bytes inserted, deleted or replaced, or a cell toggled between
/// free and wall; positions favour the header and the end of the file, where most rules live.
fn mutate_input(input: &[u8], rng: &mut TestRng) -> Vec<u8> {
    let mut out = input.to_vec();
    let ops = if rng.chance(0.5) { 1 } else { 2 + rng.below(2) };
    for _ in 0..ops {
        let len = out.len() as u32;
        let at = match rng.below(10) {
            0..=2 => rng.below(len.min(8) + 1),
            3..=4 => len - rng.below(len.min(4) + 1),
            _ => rng.below(len + 1),
        } as usize;
        match rng.below(5) {
            0 => out.insert(at, maze_byte(rng)),
            1 if at < out.len() => {
                out.remove(at);
            }
            2 if at < out.len() => out[at] = maze_byte(rng),
            // Toggle a cell (anywhere in the file): stays valid unless something else broke.
            3 | 4 => {
                let at = rng.below(len.max(1)) as usize;
                if let Some(b @ (b'.' | b'#')) = out.get_mut(at) {
                    *b = if *b == b'.' { b'#' } else { b'.' };
                }
            }
            _ => out.push(maze_byte(rng)),
        }
    }
    out
}

/// The first 600 of the 3000 seeded mutations of [`validator_mutations_agree`].
#[test]
fn validator_mutations_agree_first_600() {
    validator_mutations(600);
}

/// 3000 seeded mutations of valid inputs (small mazes, the corpus, the package tests): the C++
/// validator takes the Rust validator's decision with its exact message, in every mode.
#[test]
#[ignore = "slow (thousands of processes); .ci/run runs it with --ignored"]
fn validator_mutations_agree() {
    validator_mutations(3000);
}

/// The first `count` seeded mutations (the same ones in every run): both validators agree,
/// and both decisions are well represented.
fn validator_mutations(count: u64) {
    let mut bases: Vec<Vec<u8>> = Corpus::of("game").files("valid").into_values().collect();
    bases.extend(package_tests().into_iter().map(|(_, input, _)| input));
    for s in [
        SAMPLE,
        LOSE_MAZE,
        "1 1\n.\n",
        "1 1\n#\n",
        "5 5\n.....\n.#.#.\n.....\n##.##\n.....\n",
        "2 10\n..........\n####......\n",
        "10 1\n.\n.\n#\n.\n.\n.\n.\n.\n.\n.\n",
    ] {
        // Small mazes are the likeliest to stay valid: weigh them up.
        for _ in 0..6 {
            bases.push(s.as_bytes().to_vec());
        }
    }
    let modes = [
        PLAIN,
        PLAIN,
        SMALL,
        Mode {
            group: None,
            lenient: true,
        },
        Mode {
            group: Some("small"),
            lenient: true,
        },
    ];
    let cases: Vec<u64> = (0..count).collect();
    let decisions = cpp::par_map(&cases, |_, &i| {
        let mut rng = TestRng::for_test("game", "cpp-validator-mutations", "", i);
        let base = &bases[rng.below(bases.len() as u32) as usize];
        let input = mutate_input(base, &mut rng);
        let mode = modes[rng.below(modes.len() as u32) as usize];
        assert_validators_agree(&input, mode, &format!("mutation {i}"))
    });
    let mut tally = [0u32; 2];
    for ok in decisions {
        tally[usize::from(ok)] += 1;
    }
    // Both decisions are well represented.
    assert!(
        u64::from(tally[0]) > count / 3 && u64::from(tally[1]) > count / 10,
        "invalid, valid: {tally:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Checker.

/// A maze with its jury answer, written to files for the C++ checker.
struct Case {
    input: Vec<u8>,
    answer: Vec<u8>,
    n: u32,
    m: u32,
    /// Free cells and walls, 1-based (row, column), row-major.
    free: Vec<(u32, u32)>,
    walls: Vec<(u32, u32)>,
    input_path: PathBuf,
    answer_path: PathBuf,
}

impl Case {
    /// `input` need not be a valid maze (broken inputs are cases too): what cannot be read
    /// is left empty.
    fn new(dir: &Path, label: &str, input: &[u8], answer: &[u8]) -> Case {
        let text = String::from_utf8_lossy(input);
        let mut lines = text.lines();
        let mut nm = lines
            .next()
            .unwrap_or("")
            .split(' ')
            .map(|x| x.parse().unwrap_or(0));
        let (n, m) = (nm.next().unwrap_or(0), nm.next().unwrap_or(0));
        let (mut free, mut walls) = (Vec::new(), Vec::new());
        for (r, line) in lines.enumerate() {
            for (c, b) in line.bytes().enumerate() {
                let cell = (r as u32 + 1, c as u32 + 1);
                if b == b'.' {
                    free.push(cell);
                } else {
                    walls.push(cell);
                }
            }
        }
        let input_path = dir.join(format!("{label}.in"));
        let answer_path = dir.join(format!("{label}.ans"));
        std::fs::write(&input_path, input).unwrap();
        std::fs::write(&answer_path, answer).unwrap();
        Case {
            input: input.to_vec(),
            answer: answer.to_vec(),
            n,
            m,
            free,
            walls,
            input_path,
            answer_path,
        }
    }

    fn jury(dir: &Path, label: &str, input: &str) -> Case {
        let ans = game().solve(input.as_bytes(), &config().lifted).unwrap();
        Case::new(dir, label, input.as_bytes(), &ans)
    }

    fn win(&self) -> bool {
        self.answer.starts_with(b"WIN")
    }
}

/// The Rust checker's testlib exit code and message on `output`.
fn rust_check(input: &[u8], output: &mut dyn Read, answer: &[u8]) -> (i32, String) {
    let o = game().check(input, output, answer, &config());
    (
        o.testlib_exit_code(),
        format!("{} {}", o.verdict, o.message),
    )
}

/// The C++ checker (`stdin` feeds an output path of `/dev/stdin`); its stderr must be one line
/// starting with the verdict. `limit_memory` as in [`cpp::run`].
fn cpp_check(
    input: &Path,
    output: &Path,
    answer: &Path,
    stdin: impl Read + Send,
    limit_memory: bool,
) -> Run {
    let r = cpp::run(&checker_bin(), [input, output, answer], stdin, limit_memory);
    let verdict = ["ok ", "wrong answer ", "wrong output format ", "FAIL "].get(r.code as usize);
    assert!(
        verdict.is_some_and(|v| r.stderr.starts_with(v))
            && r.stderr.ends_with('\n')
            && r.stderr.lines().count() == 1,
        "exit {} with stderr {:?}",
        r.code,
        r.stderr
    );
    r
}

/// Checks `output` with both checkers; the exit codes must agree. The C++ checker reads it
/// from the file `file` (written first), or from a pipe (`/dev/stdin`) when `file` is `None`.
/// Returns the Rust verdict's exit code.
#[track_caller]
fn assert_checkers_agree(case: &Case, output: &[u8], file: Option<&Path>, label: &str) -> i32 {
    let (code, msg) = rust_check(&case.input, &mut &output[..], &case.answer);
    let cpp = match file {
        Some(path) => {
            std::fs::write(path, output).unwrap();
            cpp_check(
                &case.input_path,
                path,
                &case.answer_path,
                io::empty(),
                false,
            )
        }
        None => cpp_check(
            &case.input_path,
            Path::new("/dev/stdin"),
            &case.answer_path,
            output,
            false,
        ),
    };
    assert_eq!(
        cpp.code,
        code,
        "{label}: C++ says {:?}, Rust says {msg:?}; output {}",
        cpp.stderr,
        shown(output)
    );
    code
}

/// The answer's tokens, by line.
fn answer_lines(ans: &[u8]) -> Vec<Vec<Vec<u8>>> {
    ans.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| l.split(|&b| b == b' ').map(<[u8]>::to_vec).collect())
        .collect()
}

fn cell_tokens((r, c): (u32, u32)) -> Vec<Vec<u8>> {
    vec![r.to_string().into_bytes(), c.to_string().into_bytes()]
}

/// Every package test's jury answer is AC against itself in both checkers, and so is the
/// same answer with its cells in reverse order on one line.
#[test]
fn checker_accepts_every_jury_answer() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let tests = package_tests();
    assert!(tests.len() >= 20);
    let mut loses = 0;
    for (name, input, ans) in &tests {
        let case = Case::new(dir.path(), name, input, ans);
        assert_eq!(
            assert_checkers_agree(&case, ans, Some(&case.answer_path), name),
            0
        );
        let mut lines = answer_lines(ans);
        lines[1..].reverse();
        let reversed = join_with(&lines.concat(), b" ");
        assert_eq!(assert_checkers_agree(&case, &reversed, Some(&out), name), 0);
        loses += usize::from(!case.win());
    }
    assert!(loses >= 1, "a LOSE test");
}

fn join_with(tokens: &[Vec<u8>], sep: &[u8]) -> Vec<u8> {
    tokens.join(sep)
}

/// Outputs whose verdict is known by hand, one rule each: both checkers give it.
#[test]
fn checker_hand_cases() {
    let dir = tempfile::tempdir().unwrap();
    let sample = Case::jury(dir.path(), "sample", SAMPLE);
    let lose = Case::jury(dir.path(), "lose", LOSE_MAZE);
    let digits = |len: usize| format!("WIN 2 3 3 {}", "1".repeat(len));
    let (d64, d65) = (digits(64), digits(65));
    let (ac, wa, pe) = (0, 1, 2);
    for (case, out, want) in [
        (&sample, "WIN\n2 3\n3 2\n", ac),
        (&sample, "WIN\n3 2\n2 3", ac),
        (&sample, "\r\n WIN\r\n3\t2\x0b2\x0c3\r", ac),
        (&lose, "LOSE", ac),
        (&lose, " \n LOSE \r\n\n", ac),
        (&sample, "WIN\n2 3\n", wa),
        (&sample, "WIN\n2 3\n3 2\n2 3\n", wa),
        (&sample, "WIN\n2 3\n3 2\n1 2\n", wa),
        (&sample, "WIN\n2 3\n3 2\n0 1\n", wa),
        (&sample, "WIN\n2 3\n3 2\n2 -0\n", wa),
        (
            &sample,
            "WIN\n2 3\n3 2\n2 123456789012345678901234567890\n",
            wa,
        ),
        (&sample, &d64, wa),
        (&sample, &d65, pe),
        (&sample, "WIN\n9 9 3 x\n", wa),
        (&sample, "WIN\n2 3 3 x\n", pe),
        (&sample, "WIN\n2 3 3\n", pe),
        (&sample, "WIN\n+2 3\n3 2\n", pe),
        (&sample, "WIN\n02 3\n3 2\n", pe),
        (&sample, "WIN\n2.0 3\n3 2\n", pe),
        (&sample, "WIN\n2\x003\n3 2\n", pe),
        (&sample, "WIN", wa),
        (&sample, "LOSE\n", wa),
        (&sample, "LOSE\n2 3\n", pe),
        (&sample, "win\n2 3\n3 2\n", pe),
        (&sample, "", pe),
        (&sample, " \n\t", pe),
        (&lose, "WIN\n1 1\n", wa),
        (&lose, "WIN\n", wa),
        (&lose, "LOSE LOSE", pe),
    ] {
        let got =
            assert_checkers_agree(case, out.as_bytes(), None, &out.escape_debug().to_string());
        assert_eq!(got, want, "{}", out.escape_debug());
    }
}

/// A broken jury answer or input is FAIL (3) in both, whatever the contestant printed; an input
/// beyond the statement's constraints is still read (the checker is not the validator); a
/// missing file or a wrong command line is FAIL.
#[test]
fn checker_fails_on_broken_jury_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("out");
    let outputs: [&[u8]; 5] = [
        SAMPLE_ANS.as_bytes(),
        b"LOSE\n",
        b"WIN 1 1",
        b"",
        b"garbage",
    ];
    for (i, broken) in [
        &b""[..],
        b"\n \n",
        b"WIN\n",
        b"WIN\n1 2\n",
        b"WIN\n2 3\n2 3\n",
        b"WIN\n0 1\n",
        b"WIN\n2 3\n3\n",
        b"WIN\n2 3\n3 x\n",
        b"WIN\n02 3\n",
        b"LOSE\nWIN\n",
        b"win\n2 3\n",
        b"MAYBE\n",
        b"WIN 2 99999999999999999999999999999999999999999999999999999999999999999999",
        b"\xff\xfe",
    ]
    .iter()
    .enumerate()
    {
        let case = Case::new(d, &format!("broken{i}"), SAMPLE.as_bytes(), broken);
        for o in outputs {
            assert_eq!(
                assert_checkers_agree(&case, o, Some(&out), &format!("broken answer {i}")),
                3
            );
        }
    }
    // Inputs that differ from the sample only in white space are read by tokens, as testlib's
    // checkers read inputs, and judged normally.
    for (i, input) in [
        "3 3\r\n.##\r\n...\r\n#.#\r\n",
        "3 3\n.##\n...\n#.#",
        "3 3\n.##\n...\n#.#\n\n",
        "3  3\n.##\n...\n#.# \n",
        "\t3\n3 .## ... #.#",
    ]
    .iter()
    .enumerate()
    {
        let case = Case::new(
            d,
            &format!("loose{i}"),
            input.as_bytes(),
            SAMPLE_ANS.as_bytes(),
        );
        assert_eq!(
            assert_checkers_agree(&case, SAMPLE_ANS.as_bytes(), Some(&out), "loose input"),
            0
        );
        assert_eq!(
            assert_checkers_agree(&case, b"LOSE", Some(&out), "loose input"),
            1
        );
    }
    for (i, input) in [
        "",
        "3 3\n.##\n...\n",
        "3 3\n.##\n...\n#.#\n#\n",
        "3 3\n.##\n...\n#.\n#\n",
        "03 3\n.##\n...\n#.#\n",
        "+3 3\n.##\n...\n#.#\n",
        "3 3\n.##\n.x.\n#.#\n",
        "0 3\n",
        "65537 1\n",
        "20000 20000\n",
    ]
    .iter()
    .enumerate()
    {
        let case = Case::new(
            d,
            &format!("badinput{i}"),
            input.as_bytes(),
            SAMPLE_ANS.as_bytes(),
        );
        for o in outputs {
            assert_eq!(
                assert_checkers_agree(&case, o, Some(&out), &format!("bad input {i}")),
                3
            );
        }
    }
    // Beyond the constraints (N, M <= 100) but readable: judged normally. (A path of 151
    // cells has no perfect matching: WIN.)
    let wide = format!("2 151\n{}\n{}\n", ".".repeat(151), "#".repeat(151));
    let case = Case::jury(d, "wide", &wide);
    assert!(case.win());
    assert_eq!(
        assert_checkers_agree(&case, &case.answer, Some(&out), "wide"),
        0
    );
    assert_eq!(assert_checkers_agree(&case, b"LOSE", None, "wide"), 1);
    // Missing files and wrong argument counts: FAIL (the Rust binary exits 3 on both too).
    let sample = Case::jury(d, "sample", SAMPLE);
    let nowhere = d.join("nowhere");
    for (i, o, a) in [
        (&nowhere, &sample.answer_path, &sample.answer_path),
        (&sample.input_path, &sample.answer_path, &nowhere),
    ] {
        assert_eq!(cpp_check(i, o, a, io::empty(), false).code, 3);
    }
    // A missing output is testlib's PE (tests/conformance.rs compares it with Rust's).
    let r = cpp_check(
        &sample.input_path,
        &nowhere,
        &sample.answer_path,
        io::empty(),
        false,
    );
    assert_eq!(r.code, 2, "{r:?}");
    let p = sample.input_path.to_str().unwrap();
    for args in [&[][..], &[p, p]] {
        assert_eq!(
            cpp::run(&checker_bin(), args, io::empty(), false).code,
            3,
            "{args:?}"
        );
    }
}

/// The start of testlib's XML report (`-appes`).
const XML: &str = r#"<?xml version="1.0" encoding="windows-1251"?>"#;

/// testlib's optional report file: `checker <input> <output> <answer> <report>` writes the
/// message to it as testlib does (without the verdict word and without a line end), and with
/// `-appes` after it testlib's XML report instead (`outcome = "..."`, the message escaped, a line
/// end after it); anything else after the report is a usage error (FAIL), as in testlib.
#[test]
fn checker_writes_the_report_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sample = Case::jury(d, "sample", SAMPLE);
    let report = d.join("report");
    let out = d.join("out");
    // The run and the report's content on `output`, with `flags` after the report.
    let judge = |output: &str, answer: &Path, flags: &[&str]| {
        let _ = std::fs::remove_file(&report);
        std::fs::write(&out, output).unwrap();
        let mut args = vec![
            sample.input_path.as_os_str(),
            out.as_os_str(),
            answer.as_os_str(),
            report.as_os_str(),
        ];
        args.extend(flags.iter().map(OsStr::new));
        let r = cpp::run(&checker_bin(), &args, io::empty(), false);
        let text = std::fs::read_to_string(&report)
            .unwrap_or_else(|e| panic!("exit {} {:?}: {e}", r.code, r.stderr));
        (r, text)
    };
    let ac = "WIN, 2 cells";
    let wa = "wrong set of winning cells: 1 missing, 0 extra (expected 2 cells, got 1); e.g. \
              missing (3 2)";
    // Without -appes: the message alone, no line end.
    let (r, text) = judge(SAMPLE_ANS, &sample.answer_path, &[]);
    assert_eq!((r.code, r.stderr.as_str()), (0, &*format!("ok {ac}\n")));
    assert_eq!(text, ac);
    let (r, text) = judge("WIN\n2 3\n", &sample.answer_path, &[]);
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (1, &*format!("wrong answer {wa}\n"))
    );
    assert_eq!(text, wa);
    // Another flag after the report: a usage error, as in testlib.
    std::fs::write(&out, SAMPLE_ANS).unwrap();
    let args = [
        sample.input_path.as_os_str(),
        out.as_os_str(),
        sample.answer_path.as_os_str(),
        report.as_os_str(),
        OsStr::new("-x"),
    ];
    assert_eq!(cpp::run(&checker_bin(), args, io::empty(), false).code, 3);
    // With -appes: the XML report, exactly; stderr and the exit code as without it.
    let (r, text) = judge("WIN 3 2 2 3", &sample.answer_path, &["-appes"]);
    assert_eq!((r.code, r.stderr.as_str()), (0, &*format!("ok {ac}\n")));
    assert_eq!(
        text,
        format!("{XML}<result outcome = \"accepted\">WIN, 2 cells</result>\n")
    );
    let (r, text) = judge("WIN\n2 3\n", &sample.answer_path, &["-appes"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        text,
        format!("{XML}<result outcome = \"wrong-answer\">{wa}</result>\n")
    );
    let (r, text) = judge("WIN\n2 <&\">\n", &sample.answer_path, &["-appes"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        text,
        format!(
            r#"{XML}<result outcome = "presentation-error">line 2, column 3: expected a column number, found `&lt;&amp;\&quot;&gt;`</result>"#
        ) + "\n"
    );
    // A FAIL, its message naming a file with all four escaped characters.
    let folder = d.to_str().unwrap();
    assert!(!folder.contains(['&', '<', '>', '"']), "{folder}");
    let missing = d.join(r#"no "such" <answer> & co"#);
    let (r, text) = judge("LOSE", &missing, &["-appes"]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(
        text,
        format!(
            r#"{XML}<result outcome = "fail">cannot open answer {folder}/no &quot;such&quot; &lt;answer&gt; &amp; co</result>"#
        ) + "\n"
    );
}

/// Mazes for the hostile outputs: hand-made edge cases, generated ones, every package test.
fn hostile_cases(dir: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, s) in [
        SAMPLE,
        LOSE_MAZE,
        "1 1\n.\n",
        "1 1\n#\n",
        "1 2\n##\n",
        "1 7\n.......\n",
        "4 1\n.\n.\n#\n.\n",
        "2 3\n...\n..#\n",
        "5 5\n.....\n.....\n.....\n.....\n.....\n",
        "3 12\n............\n.#.#.#.#.#.#\n............\n",
    ]
    .iter()
    .enumerate()
    {
        cases.push(Case::jury(dir, &format!("hand{i}"), s));
    }
    for (i, (spec, seed)) in [
        ("random n=6 m=9 walls=0.3", 1),
        ("unbalanced n=7 m=4", 2),
        ("random n=40 m=40 walls=0.4", 3),
        ("lose n=8 m=8", 4),
    ]
    .iter()
    .enumerate()
    {
        let input = common::generated(game(), spec, *seed);
        cases.push(Case::jury(dir, &format!("gen{i}"), &input));
    }
    for (name, input, ans) in package_tests() {
        cases.push(Case::new(dir, &format!("test{name}"), &input, &ans));
    }
    cases
}

/// A hostile token for `case`: near misses of the format, numbers around the maze's bounds and
/// the reader's 64-byte cap, malformed numbers, bytes that are not text.
fn hostile_token(rng: &mut TestRng, case: &Case) -> Vec<u8> {
    let (n, m) = (case.n, case.m);
    match rng.below(26) {
        0 => b"WIN".to_vec(),
        1 => b"LOSE".to_vec(),
        2 => [
            &b"win"[..],
            b"Lose",
            b"WINS",
            b"LOSE.",
            b"W",
            b"WIN\x00",
            b"\xefWIN",
        ][rng.below(7) as usize]
            .to_vec(),
        3..=6 => rng.range(0, n + 1).to_string().into_bytes(),
        7..=9 => rng.range(0, m + 1).to_string().into_bytes(),
        10 => format!("0{}", rng.range(0, n)).into_bytes(),
        11 => format!("+{}", rng.range(1, n)).into_bytes(),
        12 => {
            [&b"-0"[..], b"-1", b"1.", b"2e0", b"0x2", b"\xd9\xa1"][rng.below(6) as usize].to_vec()
        }
        13 => {
            // Digits right at the reader's cap (64) and just beyond it.
            let len = 62 + rng.below(5) as usize;
            let mut t = vec![b'1'; len];
            if rng.chance(0.3) {
                t[0] = b'-';
            }
            t
        }
        kind @ 14..=23 => garbage_token(rng, kind - 14, &[b"1 2", b"3-", b"+-3"]),
        24 => b"2\x003".to_vec(),
        _ => b"0".to_vec(),
    }
}

/// Kinds of [`hostile_output`].
const KINDS: u32 = 20;

/// One hostile output of kind `kind` for `case`.
fn hostile_output(kind: u32, rng: &mut TestRng, case: &Case) -> Vec<u8> {
    let mut lines = answer_lines(&case.answer);
    let win = case.win();
    let random_free = |rng: &mut TestRng| case.free[rng.below(case.free.len() as u32) as usize];
    match kind {
        // The correct answer, cells permuted, random white space.
        0 => {
            rng.shuffle(&mut lines[1..]);
            join(&lines.concat(), rng, 0.7)
        }
        // Lots of white space around the tokens.
        1 => spaced_out(&lines.concat(), rng),
        // A cell dropped.
        2 if win => {
            let at = 1 + rng.below(lines.len() as u32 - 1) as usize;
            lines.remove(at);
            join(&lines.concat(), rng, 0.7)
        }
        // A cell listed twice.
        3 if win => {
            let l = lines[1 + rng.below(lines.len() as u32 - 1) as usize].clone();
            let at = 1 + rng.below(lines.len() as u32) as usize;
            lines.insert(at, l);
            join(&lines.concat(), rng, 0.7)
        }
        // A cell added: on the board or just off it, free or not.
        4 => {
            let r = i64::from(rng.range(0, case.n + 2)) - 1;
            let c = i64::from(rng.range(0, case.m + 2)) - 1;
            let at = 1 + rng.below(lines.len() as u32) as usize;
            lines.insert(
                at,
                vec![r.to_string().into_bytes(), c.to_string().into_bytes()],
            );
            join(&lines.concat(), rng, 0.7)
        }
        // A wall listed (replacing a cell or added).
        5 if !case.walls.is_empty() => {
            let w = cell_tokens(case.walls[rng.below(case.walls.len() as u32) as usize]);
            if win && rng.chance(0.5) {
                let at = 1 + rng.below(lines.len() as u32 - 1) as usize;
                lines[at] = w;
            } else {
                lines.push(w);
            }
            join(&lines.concat(), rng, 0.7)
        }
        // Rows and columns swapped.
        6 => {
            for l in lines.iter_mut().skip(1) {
                l.swap(0, 1);
            }
            join(&lines.concat(), rng, 0.7)
        }
        // The other answer: LOSE for WIN, WIN with some free cells (or none) for LOSE.
        7 => {
            if win {
                b"LOSE\n".to_vec()
            } else {
                let mut tokens = vec![b"WIN".to_vec()];
                if !case.free.is_empty() {
                    for _ in 0..rng.below(4) {
                        tokens.extend(cell_tokens(random_free(rng)));
                    }
                }
                join(&tokens, rng, 0.7)
            }
        }
        // Hostile tokens replacing, inserted into or appended to the correct answer.
        8 | 9 => {
            let mut tokens = lines.concat();
            sprinkle(&mut tokens, rng, |rng| hostile_token(rng, case));
            join(&tokens, rng, 0.7)
        }
        // Token soup, often after WIN.
        10 => {
            let mut tokens = soup(rng, |rng| hostile_token(rng, case));
            if rng.chance(0.6) {
                tokens.insert(0, b"WIN".to_vec());
            }
            join(&tokens, rng, 0.7)
        }
        // Random bytes, alone or after a prefix of the correct answer.
        11 => random_bytes_after(&case.answer, rng),
        // The correct answer with bytes flipped, cut or inserted.
        12 => mutated(&case.answer, rng),
        // A token dropped (odd count, or the header gone) or the output cut short.
        13 => {
            let mut tokens = lines.concat();
            let at = rng.below(tokens.len() as u32) as usize;
            tokens.remove(at);
            join(&tokens, rng, 0.7)
        }
        // A coordinate rewritten: leading zero, sign, decimal point, or a saturating number.
        14 if win => {
            let mut tokens = lines.concat();
            let at = 1 + rng.below(tokens.len() as u32 - 1) as usize;
            let t = &tokens[at];
            tokens[at] = match rng.below(6) {
                0 => [&b"0"[..], t].concat(),
                1 => [&b"+"[..], t].concat(),
                2 => [t, &b".0"[..]].concat(),
                3 => [&b"-"[..], t].concat(),
                4 => [t.as_slice(), &[b'0'; 62][..]].concat(),
                _ => [t.as_slice(), &[b'9'; 40][..]].concat(),
            };
            join(&tokens, rng, 0.7)
        }
        // Nothing, or only white space.
        15 => {
            let mut out = Vec::new();
            for _ in 0..rng.below(5) {
                out.extend_from_slice(
                    [&b" "[..], b"\n", b"\r\n", b"\t", b"\x0b", b"\x0c"][rng.below(6) as usize],
                );
            }
            out
        }
        // The correct answer with something after it.
        16 => {
            let mut tokens = lines.concat();
            tokens.push(hostile_token(rng, case));
            join(&tokens, rng, 0.7)
        }
        // Every free cell (or every free cell of one colour), in row-major order.
        17 if !case.free.is_empty() => {
            let parity = rng.below(3);
            let mut tokens = vec![b"WIN".to_vec()];
            for &(r, c) in &case.free {
                if parity == 2 || (r + c) % 2 == parity {
                    tokens.extend(cell_tokens((r, c)));
                }
            }
            join(&tokens, rng, 0.7)
        }
        // One winner replaced by another free cell.
        18 if win && !case.free.is_empty() => {
            let at = 1 + rng.below(lines.len() as u32 - 1) as usize;
            lines[at] = cell_tokens(random_free(rng));
            rng.shuffle(&mut lines[1..]);
            join(&lines.concat(), rng, 0.7)
        }
        // The correct answer, CR LF line ends, no final line end.
        _ => {
            let mut out = join_with(
                &lines.iter().map(|l| l.join(&b"\t"[..])).collect::<Vec<_>>(),
                b"\r\n",
            );
            if rng.chance(0.3) {
                out.extend_from_slice(b"\r\n");
            }
            out
        }
    }
}

/// The first 800 of the 4000 hostile outputs of [`checker_hostile_outputs_agree`].
#[test]
fn checker_hostile_outputs_agree_first_800() {
    checker_hostile_outputs(800);
}

/// 4000 hostile outputs over 61 mazes: the C++ checker's exit code equals the Rust checker's
/// on every one, and AC, WA and PE each occur hundreds of times.
#[test]
#[ignore = "slow (thousands of processes); .ci/run runs it with --ignored"]
fn checker_hostile_outputs_agree() {
    checker_hostile_outputs(4000);
}

/// The first `count` hostile outputs (the same ones in every run): the checkers agree, and
/// AC, WA and PE each occur at least `count / 10` times.
fn checker_hostile_outputs(count: u64) {
    let dir = tempfile::tempdir().unwrap();
    let cases = hostile_cases(dir.path());
    let outputs: Vec<u64> = (0..count).collect();
    let codes = cpp::par_map(&outputs, |_, &i| {
        let mut rng = TestRng::for_test("game", "cpp-checker-hostile", "", i);
        let case = &cases[i as usize % cases.len()];
        let kind = rng.below(KINDS);
        let output = hostile_output(kind, &mut rng, case);
        let label = format!("output {i} kind {kind} maze {}", i as usize % cases.len());
        let code = assert_checkers_agree(case, &output, None, &label);
        assert_ne!(code, 3, "{label}: FAIL on a contestant output");
        code
    });
    let mut tally: BTreeMap<i32, u32> = BTreeMap::new();
    for code in codes {
        *tally.entry(code).or_insert(0) += 1;
    }
    for code in [0, 1, 2] {
        assert!(
            u64::from(tally.get(&code).copied().unwrap_or(0)) > count / 10,
            "exit codes: {tally:?}"
        );
    }
}

/// Hundreds of megabytes streamed into the C++ checker's output (through `/dev/stdin`) under a
/// 64 MiB address-space limit: it reads only what it needs, holds none of it, and gives the
/// Rust checker's verdict on the same stream.
#[test]
#[ignore = "streams about a gigabyte; .ci/run runs it with --ignored"]
fn checker_streams_huge_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sample = Case::jury(d, "sample", SAMPLE);
    let lose = Case::jury(d, "lose", LOSE_MAZE);
    let open = Case::jury(
        d,
        "open",
        &format!("99 99\n{}", format!("{}\n", ".".repeat(99)).repeat(99)),
    );
    let mb = 1u64 << 20;
    let ws = b" \t\r\n\x0b\x0c  \n".to_vec();
    // The open maze's 4901 winners in reverse order, ~40 KB of white space before each token.
    let padded = || {
        let lines = answer_lines(&open.answer);
        let mut tokens = vec![lines[0][0].clone()];
        for l in lines[1..].iter().rev() {
            tokens.extend(l.iter().cloned());
        }
        let pad = 200_000_000 / tokens.len() as u64;
        let mut segments = Vec::new();
        for t in tokens {
            segments.push(Segment::Repeat(b"  \n\t \r\n".to_vec(), pad));
            segments.push(Segment::Bytes(t));
        }
        segments
    };
    type Segments<'a> = Box<dyn Fn() -> Vec<Segment> + 'a>;
    let streams: Vec<(&Case, Segments, i32)> = vec![
        (
            &sample,
            Box::new(move || vec![Segment::Random(200 * mb)]),
            2,
        ),
        (
            &sample,
            Box::new(move || {
                vec![
                    Segment::Bytes(b"WIN\n".to_vec()),
                    Segment::Repeat(b"2 3\n".to_vec(), 100 * mb),
                ]
            }),
            1,
        ),
        (
            &sample,
            Box::new(move || {
                vec![
                    Segment::Bytes(b"WIN\n2 ".to_vec()),
                    Segment::Repeat(b"1234567890".to_vec(), 100 * mb),
                ]
            }),
            2,
        ),
        (
            &lose,
            Box::new({
                let ws = ws.clone();
                move || {
                    vec![
                        Segment::Bytes(b"LOSE".to_vec()),
                        Segment::Repeat(ws.clone(), 50 * mb),
                        Segment::Bytes(b"x".to_vec()),
                    ]
                }
            }),
            2,
        ),
        (
            &sample,
            Box::new(move || {
                vec![
                    Segment::Repeat(ws.clone(), 30 * mb),
                    Segment::Bytes(b"WIN 3 2 2 3".to_vec()),
                    Segment::Repeat(ws.clone(), 30 * mb),
                ]
            }),
            0,
        ),
        (&open, Box::new(padded), 0),
    ];
    let dev_stdin = Path::new("/dev/stdin");
    for (i, (case, segments, want)) in streams.iter().enumerate() {
        let mut rust_stream = Stream::new("game", segments(), i as u64);
        let (code, msg) = rust_check(&case.input, &mut rust_stream, &case.answer);
        assert_eq!(code, *want, "stream {i}: {msg}");
        let cpp_stream = Stream::new("game", segments(), i as u64);
        let cpp = cpp_check(
            &case.input_path,
            dev_stdin,
            &case.answer_path,
            cpp_stream,
            true,
        );
        assert_eq!(
            cpp.code, code,
            "stream {i}: C++ {:?}, Rust {msg:?}",
            cpp.stderr
        );
    }
}
