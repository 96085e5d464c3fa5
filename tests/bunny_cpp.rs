//! The C++ sources of `bunny`'s testlib checker and validator
//! (`problems/bunny/testlib/{checker,validator}.cpp`), compiled with g++ and compared with
//! gridjudge's own checker and validator, which run in-process through the library.
//!
//! * Both sources compile clean with `g++ -std=c++17 -O2 -Wall -Wextra -Werror`.
//! * Validator: the corpus (verdict, line and column as `expected.toml` says, groups of the
//!   valid files), every package test (valid, and valid in its manifest group), inputs at the
//!   bounds of every test group and unknown groups, odd bytes, and 3000 seeded mutations of
//!   valid records: the C++ and Rust validators take the same decision, at the same line and
//!   column, with the same message. Polygon's `--testset X` is accepted and ignored.
//! * Checker: every jury answer is AC against itself in both; 4000 hostile outputs and 32
//!   outputs at the edges of the rules get the same exit code (0 AC, 1 WA, 2 PE, never 3) from
//!   both; hundreds of megabytes of garbage streamed through a pipe under a 64 MiB
//!   address-space cap (a checker that held the output would fail); 1000 mutated inputs,
//!   broken jury answers and inputs give the same verdict, FAIL (3) where Rust's checker fails;
//!   testlib's report file, plain and as XML (`-appes`), holds exactly what it should.
//!
//! `cargo test` runs the first fifth of the seeded mutations and hostile outputs (the same
//! cases every run); the full sets and the streamed garbage are `#[ignore]` tests that
//! `.ci/run` runs with `-- --ignored`.
//!
//! The Rust side runs in-process; only the C++ binaries are spawned (by tests/common/cpp.rs:
//! three at a time, each under a watchdog, so that a hang fails instead of blocking).

mod common;

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::path::{Path, PathBuf};

use common::checker::{garbage_token, join, mutated, random_bytes_after, spaced_out, Segment};
use common::cpp::{self, par_map, Run};
use gridjudge::problem::{Problem, ProblemConfig, ValidateOptions};
use gridjudge::problems::bunny as bunny_mod;
use gridjudge::reader::FormatError;
use gridjudge::rng::TestRng;
use gridjudge::verdict::{CheckOutcome, Verdict};

// ---------------------------------------------------------------------------------------------
// The C++ binaries, compiled and run by tests/common/cpp.rs (a watchdog fails a hang).

fn checker_bin() -> PathBuf {
    cpp::compiled(&cpp::source("bunny", "checker"))
}

fn validator_bin() -> PathBuf {
    cpp::compiled(&cpp::source("bunny", "validator"))
}

/// Runs a C++ binary (see [`cpp::run`]); its stderr must be one line.
fn run<S: AsRef<OsStr>>(
    bin: &Path,
    args: impl IntoIterator<Item = S>,
    feed: impl Read + Send,
    limit_memory: bool,
) -> Run {
    let r = cpp::run(bin, args, feed, limit_memory);
    assert!(
        r.stderr.ends_with('\n') && r.stderr.trim_end().lines().count() == 1,
        "not one line on stderr: {r:?}"
    );
    r
}

/// The C++ validator on `input` with `args` (`--group G`, `--allow-trailing-spaces`).
fn cpp_validate(input: &[u8], args: &[&str]) -> Run {
    run(&validator_bin(), args, input, false)
}

/// The C++ checker: `checker <input> <output> <answer>`, nothing on stdin unless `output` is
/// `/dev/stdin` and `feed` streams it; with `limit_memory`, under [`cpp::MEMORY_LIMIT`].
fn cpp_check(
    input: &Path,
    output: &Path,
    answer: &Path,
    feed: impl Read + Send,
    limit_memory: bool,
) -> Run {
    run(&checker_bin(), [input, output, answer], feed, limit_memory)
}

/// (line, column) named by a C++ validator message `invalid: line L, column C: ...`.
fn line_col(msg: &str) -> (u64, u64) {
    let parse = || {
        let rest = msg.strip_prefix("invalid: line ")?;
        let (line, rest) = rest.split_once(", column ")?;
        let (col, _) = rest.split_once(": expected ")?;
        Some((line.parse().ok()?, col.parse().ok()?))
    };
    parse().unwrap_or_else(|| panic!("no line and column in {msg:?}"))
}

// ---------------------------------------------------------------------------------------------
// The Rust side, in-process.

fn bunny() -> &'static dyn Problem {
    common::problem("bunny")
}

fn config() -> ProblemConfig {
    common::config(bunny())
}

const STRICT: ValidateOptions = ValidateOptions {
    allow_trailing_spaces: false,
};
const LENIENT: ValidateOptions = ValidateOptions {
    allow_trailing_spaces: true,
};

/// Rust's validator with the bounds of `group` (None: the constraints). `Ok(None)` for an
/// unknown group (the validator binary then exits 2).
fn rust_validate(
    cfg: &ProblemConfig,
    input: &[u8],
    group: Option<&str>,
    opts: ValidateOptions,
) -> Option<Result<(), FormatError>> {
    let bounds = cfg.bounds_for(group).ok()?;
    Some(bunny().validate(input, &bounds, opts).map(|_| ()))
}

/// The command-line arguments of a validator run.
fn validator_args(group: Option<&str>, lenient: bool) -> Vec<&str> {
    let mut a = Vec::new();
    if let Some(g) = group {
        a.extend(["--group", g]);
    }
    if lenient {
        a.push("--allow-trailing-spaces");
    }
    a
}

/// The C++ validator agrees with Rust's on `input`: exit 0 when valid, exit 3 at the same line
/// and column, with the same message, when invalid, exit 2 for an unknown group. Returns Rust's
/// decision.
#[track_caller]
fn assert_validators_agree(
    cfg: &ProblemConfig,
    input: &[u8],
    group: Option<&str>,
    lenient: bool,
    what: &str,
) -> Option<Result<(), FormatError>> {
    let opts = if lenient { LENIENT } else { STRICT };
    let want = rust_validate(cfg, input, group, opts);
    let got = cpp_validate(input, &validator_args(group, lenient));
    let show = || String::from_utf8_lossy(&input[..input.len().min(200)]).into_owned();
    match &want {
        None => assert_eq!(got.code, 2, "{what}: unknown group {group:?}: {got:?}"),
        Some(Ok(())) => assert_eq!(
            got.code,
            0,
            "{what} (group {group:?}): Rust accepts, C++ says {:?}; input {:?}",
            got.stderr,
            show()
        ),
        Some(Err(e)) => {
            assert_eq!(
                got.code,
                3,
                "{what} (group {group:?}): Rust rejects ({e}), C++ says {:?}; input {:?}",
                got.stderr,
                show()
            );
            assert_eq!(
                line_col(&got.stderr),
                (e.line, e.col),
                "{what} (group {group:?}): Rust: {e}; C++: {}",
                got.stderr
            );
            // The C++ mirrors the messages too, word for word.
            assert_eq!(
                got.stderr.trim_end(),
                format!("invalid: {e}"),
                "{what} (group {group:?})"
            );
        }
    }
    want
}

/// Rust's checker, as the checker binary calls it.
fn rust_check(input: &[u8], output: &[u8], answer: &[u8], cfg: &ProblemConfig) -> CheckOutcome {
    bunny().check(input, &mut &output[..], answer, cfg)
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/// The package tests `problems/bunny/tests/NN.in` with their `.ans` and manifest group.
struct PackageTest {
    name: String,
    input: Vec<u8>,
    answer: Vec<u8>,
    group: Option<String>,
}

fn package_tests() -> Vec<PackageTest> {
    common::package_tests("bunny")
        .iter()
        .map(|t| PackageTest {
            name: format!("{}.in", t.name),
            input: t.input.clone(),
            answer: t.answer.clone(),
            group: t.spec.group.clone(),
        })
        .collect()
}

/// The validator corpus, `validator_corpus/{valid,invalid}/*.in`, by name.
fn corpus(sub: &str) -> BTreeMap<String, Vec<u8>> {
    common::validator::Corpus::of("bunny").files(sub)
}

/// A small legal record on an n x m board whenever n*m >= 3: all black but the empty corner
/// (1, 1) and a white piece next to it; Bunny moves the white piece in, Egg a black piece next
/// to it, and Bunny is stuck. For other sizes (n or m 0, n*m < 3, out of range) the same
/// shape, which no validator accepts.
fn tiny_record(n: i64, m: i64) -> Vec<u8> {
    let mut rows = vec![vec![b'X'; m.max(0) as usize]; n.max(0) as usize];
    let cell = |r: i64, c: i64| r < n && c < m;
    if cell(0, 0) {
        rows[0][0] = b'.';
    }
    let white = if cell(0, 1) { (0, 1) } else { (1, 0) };
    if cell(white.0, white.1) {
        rows[white.0 as usize][white.1 as usize] = b'O';
    }
    let black = [(white.0, white.1 + 1), (white.0 + 1, white.1)]
        .into_iter()
        .find(|&(r, c)| cell(r, c) && (r, c) != (0, 0))
        .unwrap_or((0, 0));
    let mut s = format!("{n} {m}\n");
    for row in rows {
        s.push_str(&String::from_utf8(row).unwrap());
        s.push('\n');
    }
    s.push_str(&format!(
        "1\n{} {}\n{} {}\n",
        white.0 + 1,
        white.1 + 1,
        black.0 + 1,
        black.1 + 1
    ));
    s.into_bytes()
}

// ---------------------------------------------------------------------------------------------
// (a) Validator.

#[test]
fn validator_corpus_gets_the_expected_verdicts_lines_and_columns() {
    let cfg = config();
    let exp = common::validator::Corpus::of("bunny").expected();
    let groups: Vec<String> = cfg.groups.keys().cloned().collect();
    let invalid = corpus("invalid");
    assert!(invalid.len() >= 30);
    for (name, input) in &invalid {
        let want = &exp.invalid[name];
        let got = cpp_validate(input, &[]);
        assert_eq!(got.code, 3, "{name} ({}): {got:?}", want.why);
        assert_eq!(
            line_col(&got.stderr),
            (want.line, want.col),
            "{name}: {}",
            got.stderr
        );
        assert!(
            got.stderr.contains(&want.contains),
            "{name}: {:?} lacks {:?}",
            got.stderr,
            want.contains
        );
        // The same as Rust's, in every group and with trailing spaces allowed.
        assert_validators_agree(&cfg, input, None, false, name);
        assert_validators_agree(&cfg, input, None, true, name);
        for g in &groups {
            assert!(matches!(
                assert_validators_agree(&cfg, input, Some(g), false, name),
                Some(Err(_))
            ));
        }
    }
    let valid = corpus("valid");
    for (name, input) in &valid {
        let got = cpp_validate(input, &[]);
        assert_eq!(got.code, 0, "{name}: {got:?}");
        for g in &groups {
            let ok = cpp_validate(input, &["--group", g]).code == 0;
            let want = !exp.valid[name].contains_key(g);
            assert_eq!(ok, want, "{name} in group {g}");
            assert_validators_agree(&cfg, input, Some(g), false, name);
        }
    }
}

/// `--testset X` and `--testset=X`, which Polygon passes to validators, are accepted and
/// ignored, before or after `--group`: a valid input still exits 0 and an invalid one 3, with
/// the message of the same run without them (Rust's). `--testset` without a value is a usage
/// error (2).
#[test]
fn validator_ignores_polygons_testset() {
    let cfg = config();
    let valid = tiny_record(3, 3);
    let mut invalid = valid.clone();
    invalid.push(b'\n');
    // A group in which the record is valid, and one in which it is not.
    let groups: Vec<&String> = cfg.groups.keys().collect();
    let in_group =
        |input: &[u8], g: &str| rust_validate(&cfg, input, Some(g), STRICT).unwrap().is_ok();
    let narrow = tiny_record(40, 40);
    let small = *groups
        .iter()
        .find(|g| in_group(&valid, g))
        .expect("a group with 3x3 records");
    let big = *groups
        .iter()
        .find(|g| !in_group(&narrow, g))
        .expect("a group without 40x40 records");
    let mut runs = 0;
    for (input, group) in [
        (&valid, None),
        (&valid, Some(small)),
        (&invalid, None),
        (&invalid, Some(small)),
        (&narrow, Some(big)),
    ] {
        let g = group.map(|g| g.as_str());
        let base = assert_validators_agree(&cfg, input, g, false, "base").unwrap();
        let plain = cpp_validate(input, &validator_args(g, false));
        assert_eq!(plain.code, if base.is_ok() { 0 } else { 3 }, "{plain:?}");
        let group_args: Vec<Vec<String>> = match group {
            None => vec![vec![]],
            Some(g) => vec![
                vec!["--group".into(), g.clone()],
                vec![format!("--group={g}")],
            ],
        };
        let testsets = [
            vec!["--testset".to_string(), "tests".to_string()],
            vec!["--testset=tests".to_string()],
        ];
        for ga in &group_args {
            for ts in &testsets {
                for args in [
                    [ga.clone(), ts.clone()].concat(),
                    [ts.clone(), ga.clone()].concat(),
                ] {
                    let args: Vec<&str> = args.iter().map(String::as_str).collect();
                    let got = cpp_validate(input, &args);
                    assert_eq!(
                        (got.code, &got.stderr),
                        (plain.code, &plain.stderr),
                        "{args:?}"
                    );
                    runs += 1;
                }
            }
        }
    }
    assert_eq!(runs, 32);
    let got = cpp::run(
        &validator_bin(),
        ["--group", small, "--testset"],
        &valid[..],
        false,
    );
    assert_eq!(got.code, 2, "{got:?}");
}

#[test]
fn validator_accepts_every_package_test_in_its_group() {
    let cfg = config();
    let tests = package_tests();
    let ran = par_map(&tests, |_, t| {
        let plain = cpp_validate(&t.input, &[]);
        assert_eq!(plain.code, 0, "{}: {plain:?}", t.name);
        assert!(rust_validate(&cfg, &t.input, None, STRICT).unwrap().is_ok());
        if let Some(g) = &t.group {
            let grouped = cpp_validate(&t.input, &["--group", g]);
            assert_eq!(grouped.code, 0, "{} in group {g}: {grouped:?}", t.name);
            assert!(rust_validate(&cfg, &t.input, Some(g), STRICT)
                .unwrap()
                .is_ok());
        }
        t.group.is_some()
    });
    assert!(ran.len() >= 50, "{} package tests", ran.len());
    assert!(ran.iter().all(|&g| g), "every package test names its group");
}

/// Inputs with n and m at and beyond the bounds of the constraints and of every group of
/// problem.toml, and k at its bounds; unknown groups exit 2 in C++ where Rust refuses them.
#[test]
fn validator_group_bounds_match_problem_toml() {
    let cfg = config();
    let mut cases: Vec<(Vec<u8>, Option<String>)> = Vec::new();
    let mut groups: Vec<Option<String>> = vec![None];
    groups.extend(cfg.groups.keys().cloned().map(Some));
    for g in &groups {
        let b = cfg.bounds_for(g.as_deref()).unwrap();
        let edges = |name: &str| {
            let [lo, hi] = b.0[name];
            let mut v = vec![0, 1, 2, 40, 41, lo - 1, lo, lo + 1, hi - 1, hi, hi + 1];
            v.retain(|&x| x >= 0);
            v.sort_unstable();
            v.dedup();
            v
        };
        for &n in &edges("n") {
            for &m in &edges("m") {
                cases.push((tiny_record(n, m), g.clone()));
            }
        }
    }
    // k at its bounds (the rest of the record then fails or not, the same way in both).
    let base = String::from_utf8(tiny_record(3, 3)).unwrap();
    for k in [
        "0",
        "1",
        "2",
        "799",
        "1000",
        "1001",
        "-1",
        "-0",
        "-00",
        "+1",
        "01",
        "99999999999999999999999",
    ] {
        let text = base.replacen("\n1\n", &format!("\n{k}\n"), 1);
        for g in &groups {
            cases.push((text.clone().into_bytes(), g.clone()));
        }
    }
    // Odd bytes and spacing around a 1x3 record.
    let odd: [&[u8]; 14] = [
        b"",
        b"1 3 \r\n.OX\n1\n1 2\n1 3\n",
        b"1 3  \n.OX\n1\n1 2\n1 3\n",
        b"1 3\t\n.OX\n1\n1 2\n1 3\n",
        b" 1 3\n.OX\n1\n1 2\n1 3\n",
        b"1  3\n.OX\n1\n1 2\n1 3\n",
        b"1 3\n.OX \n1\n1 2\n1 3\n",
        b"1 3\n.O\xff\n1\n1 2\n1 3\n",
        b"1 3\n.OX\n1\n1 2\n1 3",
        b"1 3\n.OX\n1\n1 2\n1 3 ",
        b"1 3\n.OX\n1\n1 2\n1 3\n\n",
        b"1 3\n.OX\n1\n1 2\n1 3\n\x00",
        b"123456789012345678901234567890 3\n",
        b"-123456789012345678901234567890 3\n",
    ];
    for input in odd {
        for lenient in [false, true] {
            assert_validators_agree(&cfg, input, None, lenient, "odd bytes");
        }
    }
    // Unknown groups: Rust refuses them; the C++ must exit 2 too.
    for g in ["5x5", "", "N1", "40 ", "groups.n1", "--group"] {
        cases.push((base.clone().into_bytes(), Some(g.to_string())));
    }
    let results = par_map(&cases, |_, (input, g)| {
        assert_validators_agree(&cfg, input, g.as_deref(), false, "bounds case")
    });
    // Every group (and the plain constraints) accepts some input and rejects others.
    for g in &groups {
        let mine: Vec<_> = cases
            .iter()
            .zip(&results)
            .filter(|((_, cg), _)| cg == g)
            .map(|(_, r)| r.as_ref().unwrap().is_ok())
            .collect();
        assert!(mine.iter().any(|&ok| ok), "group {g:?}: nothing valid");
        assert!(mine.iter().any(|&ok| !ok), "group {g:?}: nothing invalid");
    }
    assert_eq!(results.iter().filter(|r| r.is_none()).count(), 6);
}

/// The lines of a canonical record, each without its `\n`.
fn lines_of(input: &[u8]) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    assert_eq!(
        v.pop(),
        Some(Vec::new()),
        "a canonical record ends with a line end"
    );
    v
}

fn unlines(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    out
}

/// Bytes inserted by the byte-level mutations.
const INSERTED: &[u8] = b" \n\r\t0119-+XO.x\x00\xff";

/// A mutation of a valid canonical record: one or two of a move changed (anywhere or to a
/// neighbouring cell), two moves swapped, k changed, a board cell changed, n or m changed, a
/// byte inserted or deleted, the end cut or extended, a trailing space.
fn mutate_record(base: &[u8], rng: &mut TestRng) -> Vec<u8> {
    let mut lines = lines_of(base);
    let first: Vec<u32> = String::from_utf8_lossy(&lines[0])
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    let (n, m) = (first[0], first[1]);
    let k_line = n as usize + 1;
    let mut out = None;
    for _ in 0..1 + u32::from(rng.chance(0.25)) {
        // The move lines (a first mutation may have cut some; at least one stays).
        let moves = k_line + 1..lines.len();
        let pick_move = |rng: &mut TestRng| rng.range(moves.start as u32, moves.end as u32 - 1);
        match rng.below(12) {
            0 => {
                let j = pick_move(rng) as usize;
                lines[j] = format!("{} {}", rng.range(0, n + 1), rng.range(0, m + 1)).into_bytes();
            }
            1 => {
                let j = pick_move(rng) as usize;
                let xy: Vec<i64> = String::from_utf8_lossy(&lines[j])
                    .split(' ')
                    .map(|x| x.parse().unwrap_or(1))
                    .collect();
                let (dx, dy) = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1)][rng.below(5) as usize];
                lines[j] = format!("{} {}", xy[0] + dx, xy.get(1).unwrap_or(&1) + dy).into_bytes();
            }
            2 => {
                let a = pick_move(rng) as usize;
                let b = if rng.chance(0.5) {
                    (a + 1 + rng.below(2) as usize).min(moves.end - 1)
                } else {
                    pick_move(rng) as usize
                };
                lines.swap(a, b);
            }
            3 => {
                let k = (moves.end - moves.start) as i64 / 2;
                let v = match rng.below(6) {
                    0 => (k - 1).to_string(),
                    1 => (k + 1).to_string(),
                    2 => rng.range(0, 1002).to_string(),
                    3 => ["0", "-1", "01", "1000", "1001", "+1", "-0"][rng.below(7) as usize]
                        .to_string(),
                    4 => (k - 1 - i64::from(rng.below(3))).to_string(),
                    _ => (k + 2).to_string(),
                };
                lines[k_line] = v.into_bytes();
            }
            4 | 5 => {
                let (r, c) = (1 + rng.below(n) as usize, rng.below(m) as usize);
                let cell = b"XXOO.x"[rng.below(6) as usize];
                if let Some(b) = lines[r].get_mut(c) {
                    *b = cell;
                }
            }
            6 => {
                let v = if rng.chance(0.5) { n } else { m };
                let w = [v.saturating_sub(1), v + 1, 0, 41][rng.below(4) as usize];
                lines[0] = if v == n {
                    format!("{w} {m}")
                } else {
                    format!("{n} {w}")
                }
                .into_bytes();
            }
            7 => {
                let l = rng.below(lines.len() as u32) as usize;
                let at = rng.below(lines[l].len() as u32 + 1) as usize;
                lines[l].insert(at, INSERTED[rng.below(INSERTED.len() as u32) as usize]);
            }
            8 => {
                let l = rng.below(lines.len() as u32) as usize;
                if !lines[l].is_empty() {
                    let at = rng.below(lines[l].len() as u32) as usize;
                    lines[l].remove(at);
                }
            }
            9 => {
                // Drop the last moves, or repeat some, or add a random move line.
                match rng.below(3) {
                    0 => {
                        let cut = 1 + rng.below(3) as usize;
                        lines.truncate(lines.len().saturating_sub(cut).max(k_line + 2));
                    }
                    1 => {
                        let j = pick_move(rng) as usize;
                        lines.push(lines[j].clone());
                    }
                    _ => {
                        lines.push(format!("{} {}", rng.range(1, n), rng.range(1, m)).into_bytes())
                    }
                }
            }
            10 => {
                let l = rng.below(lines.len() as u32) as usize;
                lines[l].push(b' ');
            }
            _ => {
                // Byte-level: cut the file anywhere, or delete the final line end.
                let mut bytes = unlines(&lines);
                if rng.chance(0.5) {
                    bytes.pop();
                } else {
                    bytes.truncate(rng.below(bytes.len() as u32) as usize);
                }
                out = Some(bytes);
                break;
            }
        }
    }
    out.unwrap_or_else(|| unlines(&lines))
}

/// The first 600 of the 3000 mutations of [`validator_agrees_with_rust_on_mutated_records`].
#[test]
fn validator_agrees_with_rust_on_the_first_600_mutated_records() {
    validator_mutations(600);
}

/// 3000 seeded mutations of valid records (corpus and package tests), validated in a random
/// group or none, now and then with trailing spaces allowed: C++ and Rust agree on every one,
/// at the same line and column.
#[test]
#[ignore = "slow (thousands of processes); .ci/run runs it with --ignored"]
fn validator_agrees_with_rust_on_mutated_records() {
    validator_mutations(3000);
}

/// The first `count` seeded mutations (the same ones in every run): the validators agree, and
/// every kind of rejection occurs (in a subset, at least half its share of the full run's
/// minimum).
fn validator_mutations(count: u32) {
    let cfg = config();
    let mut bases: Vec<Vec<u8>> = corpus("valid").into_values().collect();
    bases.extend(package_tests().into_iter().map(|t| t.input));
    let groups: Vec<String> = cfg.groups.keys().cloned().collect();
    let mut rng = TestRng::for_test("bunny", "cpp-validator-mutations", "", 1);
    let cases: Vec<(Vec<u8>, Option<String>, bool)> = (0..count)
        .map(|_| {
            let base = &bases[rng.below(bases.len() as u32) as usize];
            let input = mutate_record(base, &mut rng);
            let group = rng
                .chance(0.4)
                .then(|| groups[rng.below(groups.len() as u32) as usize].clone());
            (input, group, rng.chance(0.1))
        })
        .collect();
    let results = par_map(&cases, |_, (input, group, lenient)| {
        let r = assert_validators_agree(&cfg, input, group.as_deref(), *lenient, "mutation");
        match r.unwrap() {
            Ok(()) => "valid".to_string(),
            Err(e) if e.expected.starts_with("a legal move") => "broken rule".to_string(),
            Err(e) if e.expected.starts_with("a record that ends") => "not over".to_string(),
            // The first word of what was expected that is not a number: `integer`, `line`
            // (end), `end` (of file), `characters` (of a row), `one` (of 'X', ...), ...
            Err(e) => {
                let word = e.expected.split(' ').find(|w| w.parse::<u64>().is_err());
                word.unwrap_or("?").to_string()
            }
        }
    });
    let mut tally: BTreeMap<String, u32> = BTreeMap::new();
    for r in results {
        *tally.entry(r).or_default() += 1;
    }
    eprintln!("validator mutations: {tally:?}");
    // The stream is varied: valid records, broken rules of the game, and format errors.
    for (what, least) in [
        ("valid", 150),
        ("broken rule", 300),
        ("not over", 20),
        ("integer", 300),
        ("line", 100),
        ("end", 50),
        ("characters", 50),
        ("one", 50),
        ("exactly", 50),
        ("a", 20),
    ] {
        // A subset needs at least half its proportional share (and one of each kind).
        let least = if count >= 3000 {
            least
        } else {
            (least * count / 6000).max(1)
        };
        assert!(tally.get(what).copied().unwrap_or(0) >= least, "{tally:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// (b) Checker.

/// The package tests written to a temporary folder as `NN.in` and `NN.ans`.
struct Files {
    dir: tempfile::TempDir,
    tests: Vec<PackageTest>,
}

impl Files {
    fn new() -> Files {
        let dir = tempfile::Builder::new()
            .prefix("bunny_cpp_files")
            .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
            .unwrap();
        let tests = package_tests();
        for t in &tests {
            std::fs::write(dir.path().join(&t.name), &t.input).unwrap();
            std::fs::write(dir.path().join(ans_name(&t.name)), &t.answer).unwrap();
        }
        Files { dir, tests }
    }

    fn input(&self, i: usize) -> PathBuf {
        self.dir.path().join(&self.tests[i].name)
    }

    fn answer(&self, i: usize) -> PathBuf {
        self.dir.path().join(ans_name(&self.tests[i].name))
    }

    /// A file of the folder, written with `bytes`.
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

fn ans_name(input_name: &str) -> String {
    input_name.replace(".in", ".ans")
}

/// k and the jury's list of a package test.
fn k_and_list(t: &PackageTest) -> (u32, Vec<u32>) {
    let rec = bunny_mod::parse(&t.input, &bunny_mod::unbounded(), STRICT).unwrap();
    let nums: Vec<u32> = String::from_utf8_lossy(&t.answer)
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    (rec.k() as u32, nums[1..].to_vec())
}

#[test]
fn checker_accepts_every_jury_answer() {
    let cfg = config();
    let files = Files::new();
    let idx: Vec<usize> = (0..files.tests.len()).collect();
    par_map(&idx, |_, &i| {
        let t = &files.tests[i];
        let o = rust_check(&t.input, &t.answer, &t.answer, &cfg);
        assert_eq!(o.verdict, Verdict::Ac, "{}: {o:?}", t.name);
        let got = cpp_check(
            &files.input(i),
            &files.answer(i),
            &files.answer(i),
            &[][..],
            false,
        );
        assert_eq!(got.code, 0, "{}: {got:?}", t.name);
        assert!(got.stderr.starts_with("ok "), "{got:?}");
    });
    assert!(idx.len() >= 50);
}

/// Tokens of a list with its count first.
fn with_count(list: &[i64]) -> Vec<Vec<u8>> {
    let mut t = vec![list.len().to_string().into_bytes()];
    t.extend(list.iter().map(|x| x.to_string().into_bytes()));
    t
}

/// A token that is an integer near the range, far out of it, or not an integer at all.
fn hostile_token(rng: &mut TestRng, k: u32) -> Vec<u8> {
    match rng.below(16) {
        0..=4 => rng.range(0, k + 1).to_string().into_bytes(),
        kind @ 5..=14 => garbage_token(rng, kind - 5, &[b"-00", b"1-", b"2k"]),
        _ => [&b"-0"[..], b"\x001", b"0", b"-1"][rng.below(4) as usize].to_vec(),
    }
}

/// One hostile output for a record with `k` moves and jury list `jury` (canonical `ans`).
fn hostile_output(rng: &mut TestRng, k: u32, jury: &[u32], ans: &[u8]) -> Vec<u8> {
    let list: Vec<i64> = jury.iter().map(|&x| i64::from(x)).collect();
    let r = list.len();
    let pick = |rng: &mut TestRng| rng.below(r as u32) as usize;
    match rng.below(20) {
        0 | 1 => join(&with_count(&list), rng, 0.5),
        2 => spaced_out(&with_count(&list), rng),
        // The count changed, the indices kept.
        3 => {
            let mut t = with_count(&list);
            let c = r as i64 + [-2, -1, 1, 2][rng.below(4) as usize];
            t[0] = match rng.below(4) {
                0 => c.to_string().into_bytes(),
                1 => (i64::from(k) + i64::from(rng.below(3)))
                    .to_string()
                    .into_bytes(),
                2 => b"-0".to_vec(),
                _ => b"123456789012345678901234567890".to_vec(),
            };
            join(&t, rng, 0.5)
        }
        // An index dropped, added, swapped with the next, repeated, or moved by one.
        4 if r > 0 => {
            let mut l = list.clone();
            l.remove(pick(rng));
            let mut t = with_count(&l);
            if rng.chance(0.3) {
                t[0] = r.to_string().into_bytes();
            }
            join(&t, rng, 0.5)
        }
        5 => {
            let mut l = list.clone();
            l.push(i64::from(rng.range(1, k)));
            if rng.chance(0.7) {
                l.sort_unstable();
            }
            join(&with_count(&l), rng, 0.5)
        }
        6 if r >= 2 => {
            let mut l = list.clone();
            let a = rng.below(r as u32 - 1) as usize;
            if rng.chance(0.5) {
                l.swap(a, a + 1);
            } else {
                l[a + 1] = l[a];
            }
            join(&with_count(&l), rng, 0.5)
        }
        7 if r > 0 => {
            let mut l = list.clone();
            let a = pick(rng);
            l[a] += [-1, 1][rng.below(2) as usize];
            join(&with_count(&l), rng, 0.5)
        }
        // An index out of range.
        8 if r > 0 => {
            let mut l = list.clone();
            let a = pick(rng);
            l[a] = [0, -1, i64::from(k) + 1, i64::MAX, i64::MIN][rng.below(5) as usize];
            join(&with_count(&l), rng, 0.5)
        }
        // The tokens cut short, or one more token after them.
        9 => {
            let mut t = with_count(&list);
            if rng.chance(0.5) && r > 0 {
                t.truncate(1 + rng.below(r as u32) as usize);
            } else {
                t.push(hostile_token(rng, k));
            }
            join(&t, rng, 0.5)
        }
        10..=12 => {
            let mut t = with_count(&list);
            common::checker::sprinkle(&mut t, rng, |rng| hostile_token(rng, k));
            join(&t, rng, 0.5)
        }
        13 => {
            let t = common::checker::soup(rng, |rng| hostile_token(rng, k));
            join(&t, rng, 0.5)
        }
        14 => random_bytes_after(ans, rng),
        15 | 16 => mutated(ans, rng),
        // Empty or white space only; no line end at all; CR LF line ends.
        17 => [&b""[..], b" ", b"\n\n", b"\r\n\t\x0b\x0c"][rng.below(4) as usize].to_vec(),
        18 => {
            let mut a = ans.to_vec();
            while a.last() == Some(&b'\n') {
                a.pop();
            }
            a
        }
        _ => String::from_utf8_lossy(ans)
            .replace('\n', "\r\n")
            .into_bytes(),
    }
}

/// The first 800 of the 4000 outputs of [`checker_agrees_with_rust_on_hostile_outputs`].
#[test]
fn checker_agrees_with_rust_on_the_first_800_hostile_outputs() {
    checker_hostile_outputs(800);
}

/// 4000 hostile outputs over every package test: the C++ exit code equals Rust's verdict's
/// (0 AC, 1 WA, 2 PE; never 3 for an output).
#[test]
#[ignore = "slow (thousands of processes); .ci/run runs it with --ignored"]
fn checker_agrees_with_rust_on_hostile_outputs() {
    checker_hostile_outputs(4000);
}

/// The first `count` hostile outputs (the same ones in every run): the checkers agree, and
/// AC, WA and PE each occur more than `count / 8` times.
fn checker_hostile_outputs(count: usize) {
    let cfg = config();
    let files = Files::new();
    let meta: Vec<(u32, Vec<u32>)> = files.tests.iter().map(k_and_list).collect();
    assert!(meta.iter().any(|(_, l)| l.is_empty()) && meta.iter().any(|(_, l)| l.len() > 60));
    let mut rng = TestRng::for_test("bunny", "cpp-hostile-checker", "", 1);
    let cases: Vec<(usize, Vec<u8>)> = (0..count)
        .map(|i| {
            let t = i % files.tests.len();
            let (k, jury) = &meta[t];
            (
                t,
                hostile_output(&mut rng, *k, jury, &files.tests[t].answer),
            )
        })
        .collect();
    let verdicts = par_map(&cases, |worker, (t, out)| {
        let test = &files.tests[*t];
        let want = rust_check(&test.input, out, &test.answer, &cfg);
        assert_ne!(
            want.verdict,
            Verdict::Fail,
            "Rust FAIL on an output: {want:?}"
        );
        let path = files.write(&format!("out{worker}"), out);
        let got = cpp_check(&files.input(*t), &path, &files.answer(*t), &[][..], false);
        assert_eq!(
            got.code,
            want.testlib_exit_code(),
            "{}: output {:?}: Rust {want:?}, C++ {got:?}",
            test.name,
            String::from_utf8_lossy(&out[..out.len().min(300)])
        );
        want.verdict
    });
    let mut tally: BTreeMap<Verdict, u32> = BTreeMap::new();
    for v in verdicts {
        *tally.entry(v).or_default() += 1;
    }
    eprintln!("hostile outputs: {tally:?}");
    for v in [Verdict::Ac, Verdict::Wa, Verdict::Pe] {
        assert!(
            tally.get(&v).copied().unwrap_or(0) as usize > count / 8,
            "{tally:?}"
        );
    }
}

/// Fixed outputs at the edges of the rules, on sample 3 (k = 2, mistakes 1 and 2) and on a
/// record with no mistake.
#[test]
fn checker_agrees_with_rust_on_edge_outputs() {
    let cfg = config();
    let files = Files::new();
    let sample3 = files
        .tests
        .iter()
        .position(|t| t.input.starts_with(b"4 4\nOOXX\n"))
        .unwrap();
    let zero = files.tests.iter().position(|t| t.answer == b"0\n").unwrap();
    let long64 = "1".repeat(64);
    let long65 = "1".repeat(65);
    let outputs: Vec<(usize, String, Verdict)> = [
        (sample3, "2\n1\n2\n", Verdict::Ac),
        (sample3, "2 1 2", Verdict::Ac),
        (sample3, "\r\n\t 2\x0b\x0c1\r\n\r\n2 \n\n", Verdict::Ac),
        (sample3, "", Verdict::Pe),
        (sample3, "2 1", Verdict::Pe),
        (sample3, "2 1 2 3", Verdict::Pe),
        (sample3, "2 1 2 x", Verdict::Pe),
        (sample3, "+2 1 2", Verdict::Pe),
        (sample3, "02 1 2", Verdict::Pe),
        (sample3, "2 1 02", Verdict::Pe),
        (sample3, "2 1 2.0", Verdict::Pe),
        (sample3, "2\x001 2", Verdict::Pe),
        (sample3, "3 1 2 3", Verdict::Wa),
        (sample3, "-1", Verdict::Wa),
        (sample3, "1 2", Verdict::Wa),
        (sample3, "2 2 1", Verdict::Wa),
        (sample3, "2 1 1", Verdict::Wa),
        (sample3, "2 0 1", Verdict::Wa),
        (sample3, "2 1 3 x", Verdict::Wa),
        (sample3, "2 -0 1", Verdict::Wa),
        (sample3, "0", Verdict::Wa),
        (sample3, &format!("{long64} 1 2"), Verdict::Wa),
        (sample3, &format!("{long65} 1 2"), Verdict::Pe),
        (sample3, &format!("2 1 2 {long65}"), Verdict::Pe),
        (zero, "0", Verdict::Ac),
        (zero, "-0", Verdict::Ac),
        (zero, "-0\n", Verdict::Ac),
        (zero, "00", Verdict::Pe),
        (zero, "-00", Verdict::Pe),
        (zero, "0 0", Verdict::Pe),
        (zero, "9223372036854775808", Verdict::Wa),
        (zero, "-9223372036854775809", Verdict::Wa),
    ]
    .into_iter()
    .map(|(t, s, v)| (t, s.to_string(), v))
    .collect();
    for (i, (t, out, v)) in outputs.iter().enumerate() {
        let test = &files.tests[*t];
        let want = rust_check(&test.input, out.as_bytes(), &test.answer, &cfg);
        assert_eq!(want.verdict, *v, "{out:?}: {want:?}");
        let path = files.write(&format!("edge{i}"), out.as_bytes());
        let got = cpp_check(&files.input(*t), &path, &files.answer(*t), &[][..], false);
        assert_eq!(got.code, want.testlib_exit_code(), "{out:?}: {got:?}");
    }
}

/// Outputs streamed through a pipe (`/dev/stdin` as the output file): 200 MB of random bytes,
/// endless indices, a huge count, a megabytes-long token, the answer followed by 64 MB of white
/// space (read to the end: AC) and then one more token (PE). The C++ checker runs under
/// [`cpp::MEMORY_LIMIT`] of address space, so holding the output would fail; its verdict
/// equals Rust's on the same bytes.
#[test]
#[ignore = "streams hundreds of megabytes; .ci/run runs it with --ignored"]
fn checker_agrees_with_rust_on_streamed_garbage() {
    let cfg = config();
    let files = Files::new();
    let t = files
        .tests
        .iter()
        .position(|t| t.answer.len() > 8 && t.answer.len() < 100)
        .unwrap();
    let test = &files.tests[t];
    let ans = test.answer.clone();
    let mb = 1u64 << 20;
    let streams: Vec<(Vec<Segment>, u64)> = vec![
        (vec![Segment::Random(200 * mb)], 1),
        (vec![Segment::Random(200 * mb)], 2),
        (
            vec![
                Segment::Bytes(ans[..2].to_vec()),
                Segment::Repeat(b"1\n".to_vec(), 100 * mb),
            ],
            0,
        ),
        (
            vec![
                Segment::Bytes(b"1000000000\n".to_vec()),
                Segment::Repeat(b"1 ".to_vec(), 100 * mb),
            ],
            0,
        ),
        (
            vec![
                Segment::Bytes(b"3 2 ".to_vec()),
                Segment::Repeat(b"1234567890".to_vec(), 100 * mb),
            ],
            0,
        ),
        (
            vec![
                Segment::Bytes(ans.clone()),
                Segment::Repeat(b" \n\t\r".to_vec(), 64 * mb),
            ],
            0,
        ),
        (
            vec![
                Segment::Bytes(ans.clone()),
                Segment::Repeat(b"\n".to_vec(), 64 * mb),
                Segment::Bytes(b"6".to_vec()),
            ],
            0,
        ),
        (
            vec![Segment::Bytes(ans.clone()), Segment::Random(64 * mb)],
            3,
        ),
    ];
    let dev_stdin = Path::new("/dev/stdin");
    let mut codes = Vec::new();
    for (i, (segments, seed)) in streams.into_iter().enumerate() {
        let rebuild = |segs: &[Segment]| -> Vec<Segment> {
            segs.iter()
                .map(|s| match s {
                    Segment::Bytes(b) => Segment::Bytes(b.clone()),
                    Segment::Repeat(p, n) => Segment::Repeat(p.clone(), *n),
                    Segment::Random(n) => Segment::Random(*n),
                })
                .collect()
        };
        let mut rust_stream = common::checker::Stream::new("bunny", rebuild(&segments), seed);
        let want = bunny().check(&test.input, &mut rust_stream, &ans, &cfg);
        assert_ne!(want.verdict, Verdict::Fail, "stream {i}: {want:?}");
        let cpp_stream = common::checker::Stream::new("bunny", segments, seed);
        let got = cpp_check(
            &files.input(t),
            dev_stdin,
            &files.answer(t),
            cpp_stream,
            true,
        );
        assert_eq!(
            got.code,
            want.testlib_exit_code(),
            "stream {i}: Rust {want:?}, C++ {got:?}"
        );
        codes.push(got.code);
    }
    assert_eq!(codes[5], 0, "the answer and white space is AC");
    assert!(codes.contains(&1) && codes.contains(&2), "{codes:?}");
}

/// The first 200 of the 1000 mutations of [`checker_agrees_with_rust_on_mutated_inputs`].
#[test]
fn checker_agrees_with_rust_on_the_first_200_mutated_inputs() {
    checker_mutated_inputs(200);
}

/// 1000 seeded mutations of the package inputs, judged with the jury answer of the original
/// as both output and answer: where the mutated input does not read as a legal record both
/// checkers FAIL, elsewhere they give the same verdict.
#[test]
#[ignore = "slow (a thousand processes); .ci/run runs it with --ignored"]
fn checker_agrees_with_rust_on_mutated_inputs() {
    checker_mutated_inputs(1000);
}

/// The first `count` mutated inputs (the same ones in every run): the checkers agree, and
/// between half and 98% of them are FAIL.
fn checker_mutated_inputs(count: usize) {
    let cfg = config();
    let files = Files::new();
    let mut rng = TestRng::for_test("bunny", "cpp-checker-inputs", "", 1);
    let cases: Vec<(usize, Vec<u8>)> = (0..count)
        .map(|i| {
            let t = i % files.tests.len();
            (t, mutate_record(&files.tests[t].input, &mut rng))
        })
        .collect();
    let verdicts = par_map(&cases, |worker, (t, input)| {
        let test = &files.tests[*t];
        let want = rust_check(input, &test.answer, &test.answer, &cfg);
        let path = files.write(&format!("in{worker}"), input);
        let got = cpp_check(&path, &files.answer(*t), &files.answer(*t), &[][..], false);
        assert_eq!(
            got.code,
            want.testlib_exit_code(),
            "{} mutated: input {:?}: Rust {want:?}, C++ {got:?}",
            test.name,
            String::from_utf8_lossy(&input[..input.len().min(300)])
        );
        want.verdict
    });
    let fails = verdicts.iter().filter(|&&v| v == Verdict::Fail).count();
    eprintln!(
        "checker on mutated inputs: {fails} FAIL of {}",
        verdicts.len()
    );
    assert!(
        (count / 2..=count * 98 / 100).contains(&fails),
        "{fails} FAIL of {count}"
    );
}

/// A jury answer that does not read cleanly, or an input that does not validate, is FAIL (3)
/// in both, whatever the output; so are a missing file and a wrong command line.
#[test]
fn checker_fails_on_broken_jury_files() {
    let cfg = config();
    let files = Files::new();
    // (input, output, answer, the exit code Rust's verdict gives)
    let mut cases: Vec<(PathBuf, PathBuf, PathBuf, i32)> = Vec::new();
    for (i, t) in files.tests.iter().enumerate().step_by(5) {
        let (k, jury) = k_and_list(t);
        let mut bad_answers: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"x".to_vec(),
            b"\n \n".to_vec(),
            format!("{}", k + 1).into_bytes(),
            b"-1".to_vec(),
            b"1 0".to_vec(),
            [&t.answer[..], b" 7"].concat(),
            "9".repeat(65).into_bytes(),
            b"+0".to_vec(),
        ];
        if let Some((_, head)) = jury.split_last() {
            // r kept, the last index dropped.
            let list: Vec<String> = head.iter().map(u32::to_string).collect();
            bad_answers.push(format!("{} {}", jury.len(), list.join(" ")).into_bytes());
        }
        if jury.len() >= 2 {
            bad_answers.push(format!("2 {} {}", jury[1], jury[0]).into_bytes());
        }
        for bad in bad_answers {
            let want = rust_check(&t.input, &t.answer, &bad, &cfg);
            assert_eq!(want.verdict, Verdict::Fail, "{} answer {bad:?}", t.name);
            let name = format!("bad{}", cases.len());
            cases.push((files.input(i), files.answer(i), files.write(&name, &bad), 3));
        }
    }
    let broken = cases.len();
    // Inputs of the invalid corpus (and the official samples with their trailing spaces) with
    // plausible outputs: the same verdict in both, FAIL for every input Rust's checker refuses
    // (it reads inputs by tokens, as testlib's checkers do).
    let mut fails = 0;
    let mut inputs: Vec<Vec<u8>> = corpus("invalid").into_values().collect();
    let samples = common::problem_dir("bunny").join("samples/original");
    for i in 1..=3 {
        inputs.push(std::fs::read(samples.join(format!("sample{i}.in"))).unwrap());
    }
    for (j, input) in inputs.iter().enumerate() {
        let in_path = files.write(&format!("badin{j}"), input);
        for (o, out) in ["0", "1 1", "2 1 2"].iter().enumerate() {
            let want = rust_check(input, out.as_bytes(), out.as_bytes(), &cfg);
            fails += usize::from(want.verdict == Verdict::Fail);
            let out_path = files.write(&format!("badout{o}"), out.as_bytes());
            let code = want.testlib_exit_code();
            cases.push((in_path.clone(), out_path.clone(), out_path, code));
        }
    }
    par_map(&cases, |_, (input, output, answer, want)| {
        let got = cpp_check(input, output, answer, &[][..], false);
        let show = |p: &PathBuf| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
        assert_eq!(
            got.code,
            *want,
            "input {:?}, output {:?}, answer {:?}: C++ {got:?}",
            show(input),
            show(output),
            show(answer)
        );
        assert_eq!(got.stderr.starts_with("FAIL "), *want == 3, "{got:?}");
    });
    // Corpus inputs invalid only by their white space (trailing spaces, CR LF, tabs, blank
    // lines, the official samples) are read by tokens and judged normally, as in testlib.
    assert!(broken >= 90 && fails >= 3 * 30, "{broken} {fails}");
    // A missing answer file, a wrong command line: FAIL, never a contestant verdict; a missing
    // output is testlib's PE (tests/conformance.rs compares it with Rust's).
    let missing = files.dir.path().join("no such file");
    let got = cpp_check(&files.input(0), &missing, &files.answer(0), &[][..], false);
    assert_eq!(got.code, 2, "{got:?}");
    let got = cpp_check(&files.input(0), &files.answer(0), &missing, &[][..], false);
    assert_eq!(got.code, 3, "{got:?}");
    let got = cpp_check(&missing, &files.answer(0), &files.answer(0), &[][..], false);
    assert_eq!(got.code, 3, "{got:?}");
    let got = run(&checker_bin(), [files.input(0)], &[][..], false);
    assert_eq!(got.code, 3, "{got:?}");
}

/// The start of testlib's XML report (`-appes`).
const XML: &str = r#"<?xml version="1.0" encoding="windows-1251"?>"#;

/// testlib's optional report file: `checker <input> <output> <answer> <report>` writes the
/// message to it as testlib does (without the verdict word and without a line end), and with
/// `-appes` after it testlib's XML report instead (`outcome = "..."`, the message escaped, a line
/// end after it); anything else after the report is a usage error (FAIL), as in testlib.
#[test]
fn checker_writes_the_report_file() {
    let files = Files::new();
    let t = files
        .tests
        .iter()
        .position(|t| t.input.starts_with(b"4 4\nOOXX\n"))
        .expect("sample 3");
    let report = files.dir.path().join("report");
    // The run and the report's content on `output`, with `flags` after the report.
    let judge = |output: &str, answer: &Path, flags: &[&str]| {
        let _ = std::fs::remove_file(&report);
        let out = files.write("report.out", output.as_bytes());
        let mut args: Vec<OsString> = [files.input(t), out, answer.to_path_buf(), report.clone()]
            .map(PathBuf::into_os_string)
            .into();
        args.extend(flags.iter().map(OsString::from));
        let got = run(&checker_bin(), &args, &[][..], false);
        let text = std::fs::read_to_string(&report).unwrap_or_else(|e| panic!("{got:?}: {e}"));
        (got, text)
    };
    let answer = files.answer(t);
    let ac = "r = 2 mistakes of k = 2 moves";
    let wa = "expected r = 2 mistakes, found 1: 1 missing, 0 extra (- missing, + extra): -1";
    // Without -appes: the message alone, no line end.
    let (got, text) = judge("2\n1\n2\n", &answer, &[]);
    assert_eq!((got.code, got.stderr.as_str()), (0, &*format!("ok {ac}\n")));
    assert_eq!(text, ac);
    let (got, text) = judge("1 2", &answer, &[]);
    assert_eq!(
        (got.code, got.stderr.as_str()),
        (1, &*format!("wrong answer {wa}\n"))
    );
    assert_eq!(text, wa);
    // Another flag after the report: a usage error, as in testlib.
    let out = files.write("report.out", b"2 1 2");
    let args: Vec<OsString> = vec![
        files.input(t).into(),
        out.into(),
        answer.clone().into(),
        report.clone().into(),
        "-x".into(),
    ];
    assert_eq!(run(&checker_bin(), &args, &[][..], false).code, 3);
    // With -appes: the XML report, exactly; stderr and the exit code as without it.
    let (got, text) = judge("2 1 2", &answer, &["-appes"]);
    assert_eq!((got.code, got.stderr.as_str()), (0, &*format!("ok {ac}\n")));
    assert_eq!(
        text,
        format!("{XML}<result outcome = \"accepted\">{ac}</result>\n")
    );
    let (got, text) = judge("1\n2\n", &answer, &["-appes"]);
    assert_eq!(got.code, 1, "{got:?}");
    assert_eq!(
        text,
        format!("{XML}<result outcome = \"wrong-answer\">{wa}</result>\n")
    );
    let (got, text) = judge("2 1 <&\">", &answer, &["-appes"]);
    assert_eq!(got.code, 2, "{got:?}");
    assert_eq!(
        text,
        format!(
            r#"{XML}<result outcome = "presentation-error">line 1, column 5: index 2 of 2: expected an integer, found `&lt;&amp;\x22&gt;`</result>"#
        ) + "\n"
    );
    // A FAIL, its message naming a file with all four escaped characters.
    let folder = files.dir.path().to_str().unwrap();
    assert!(!folder.contains(['&', '<', '>', '"']), "{folder}");
    let missing = files.dir.path().join(r#"no "such" <answer> & co"#);
    let (got, text) = judge("2 1 2", &missing, &["-appes"]);
    assert_eq!(got.code, 3, "{got:?}");
    assert_eq!(
        text,
        format!(
            r#"{XML}<result outcome = "fail">cannot read answer {folder}/no &quot;such&quot; &lt;answer&gt; &amp; co</result>"#
        ) + "\n"
    );
}
