//! What only the testlib-API sources need beyond the mirror tests of tests/game_cpp.rs and
//! tests/bunny_cpp.rs (where `problems/<p>/polygon/{check,validator}.cpp`, built against p2d's
//! testlib.h by [`common::cpp::testlib_dir`], are builds like the others, `row_major = true`
//! included):
//!
//! * `checker/builtin/testlib_tokens.cpp` (the built-in `tokens` checker of program problems,
//!   for Polygon packages) against gridjudge's [`BuiltinChecker::Tokens`], on `bunny`'s package
//!   tests and official samples: the hand outputs of every jury answer, and seeded hostile
//!   outputs (a quick share by default, more under `--ignored`), in both flag sets;
//! * `checker/builtin/testlib_kattis_default.cpp` (the Kattis format's default output
//!   validator as a testlib-API checker, for Kattis packages exported to testlib judges), set
//!   up by [`gridjudge::export::kattis_default_checker_source`] for each flag set of
//!   tests/common/kattis_cases.rs, against [`DefaultOutputValidator`] on generated and hand
//!   (answer, output) cases; what testlib decides by itself (a byte order mark) is asserted
//!   apart;
//! * p2d's own exit codes (DOMjudge's 42/43 and `judgemessage.txt`) for every checker source.

mod common;

use std::path::Path;

use common::checker::{self as h, hand_outputs};
use common::cpp::{compiled, par_map, Build, LUOGU, STRICT};
use common::kattis_cases;
use common::mirror::{cpp_check, original_samples, shown, tally, Bin, Case};
use gridjudge::core::checkers::BuiltinChecker;
use gridjudge::core::output_validator::DefaultOutputValidator;
use gridjudge::core::rng::TestRng;

const TOKENS: &str = "checker/builtin/testlib_tokens.cpp";

/// The C++ `tokens` checker built with `flags` and the Rust one agree on the hand outputs of
/// every jury answer of `bunny`'s package tests and official samples (the jury answers and the
/// re-spaced ones are AC, some WA, none PE or FAIL), and on the first `hostile` seeded hostile
/// outputs, spread over them (AC and WA occur, no FAIL).
fn tokens_checkers_agree(flags: &[&'static str], hostile: u32) {
    let dir = tempfile::tempdir().unwrap();
    let tests = common::package_tests("bunny").iter();
    let tests = tests.map(|t| (t.name.clone(), t.input.clone(), t.answer.clone()));
    let cases: Vec<(String, Case)> = (tests.chain(original_samples("bunny")))
        .map(|(name, i, a)| (name.clone(), Case::new(dir.path(), &name, &i, &a)))
        .collect();
    let hand = (cases.iter()).flat_map(|c| {
        hand_outputs(&c.1.answer)
            .into_iter()
            .map(move |(o, s)| (c, o, s))
    });
    let hostile = (0..hostile).map(|i| {
        let mut rng = TestRng::for_test("bunny", "testlib-api", "", u64::from(i));
        let case = &cases[rng.below(cases.len() as u32) as usize];
        let out = hostile_output(i % 10, &mut rng, &case.1.answer);
        (case, out, format!("hostile kind {} seed {i}", i % 10))
    });
    let b = Build::testlib(TOKENS, flags);
    let bin = (compiled(&b), b);
    let [hand, hostile]: [Vec<_>; 2] = [hand.collect(), hostile.collect()];
    let [hand, hostile] = [hand, hostile].map(|work| {
        let codes = par_map(&work, |_, ((name, case), output, what)| {
            let want = BuiltinChecker::Tokens.check(&mut &output[..], &case.answer);
            let paths = [&case.input_path, Path::new("/dev/stdin"), &case.answer_path];
            let cpp = cpp_check(&bin, paths, &output[..], false);
            let (code, out) = (want.testlib_exit_code(), shown(output));
            assert_eq!(
                cpp.code, code,
                "{} on {name} ({what}): C++ {:?}; {out}",
                bin.1, cpp.stderr
            );
            code
        });
        let t = tally(codes);
        [0, 1, 2, 3].map(|c| t.get(&c).copied().unwrap_or(0))
    });
    let [ac, wa, pe, fail] = hand;
    assert!(
        ac >= 3 * cases.len() as u64 && wa > 0 && pe + fail == 0,
        "{hand:?}"
    );
    let [ac, wa, _, fail] = hostile;
    assert!(
        (ac > 0 && wa > 0 || hostile == [0; 4]) && fail == 0,
        "{hostile:?}"
    );
}

/// A seeded hostile output of kind `kind` (0..10) for a jury answer `ans`.
fn hostile_output(kind: u32, rng: &mut TestRng, ans: &[u8]) -> Vec<u8> {
    let toks: Vec<Vec<u8>> = h::model_tokens(ans).map(<[u8]>::to_vec).collect();
    let garbage = |rng: &mut TestRng| {
        let kind = rng.below(h::GARBAGE_KINDS);
        h::garbage_token(rng, kind, &[])
    };
    let at = |rng: &mut TestRng, len: usize| rng.below(len as u32 + 1) as usize;
    match kind {
        0 => {
            let mut t = toks.clone();
            h::sprinkle(&mut t, rng, garbage);
            h::join(&t, rng, 0.7)
        }
        1 => h::random_bytes_after(ans, rng),
        2 => h::mutated(ans, rng),
        3 => h::join(&h::soup(rng, garbage), rng, 0.5),
        4 => {
            // Plausible mistakes: tokens shuffled, one dropped or doubled, a number moved by 1.
            let mut t = toks;
            let i = at(rng, t.len() - 1);
            match rng.below(4) {
                0 => rng.shuffle(&mut t[1..]),
                1 => drop(t.remove(i)),
                2 => t.insert(i, t[i].clone()),
                _ => {
                    let x = std::str::from_utf8(&t[i])
                        .ok()
                        .and_then(|s| s.parse::<i64>().ok());
                    if let Some(x) = x {
                        let d = if rng.chance(0.5) { 1 } else { -1 };
                        t[i] = (x + d).to_string().into_bytes();
                    }
                }
            }
            h::join(&t, rng, 0.9)
        }
        5 => h::join(&toks, rng, 0.5),
        6 => h::spaced_out(&toks, rng),
        7 => {
            // A byte 0xFF (testlib's stdin end-of-file mark) in or after the answer.
            let mut o = ans.to_vec();
            o.insert(at(rng, o.len()), 0xff);
            if rng.chance(0.5) {
                o.extend_from_slice(h::SEPARATORS[rng.below(h::SEPARATORS.len() as u32) as usize]);
            }
            o
        }
        8 => [&b"\xef\xbb\xbf"[..], &h::mutated(ans, rng)].concat(),
        _ => ans[..at(rng, ans.len())].to_vec(), // the answer cut anywhere
    }
}

#[test]
fn tokens_checker_agrees_on_hand_outputs_and_300_hostile_ones() {
    tokens_checkers_agree(LUOGU, 300);
    tokens_checkers_agree(STRICT, 0);
}

#[test]
#[ignore = "slow: 3000 hostile outputs per build"]
fn tokens_checker_agrees_on_hostile_outputs() {
    for flags in [LUOGU, STRICT] {
        tokens_checkers_agree(flags, 3000);
    }
}

/// With p2d's own exit codes (DOMjudge's: no `-D..._EXIT_CODE`), every checker source says 42
/// for AC and 43 for WA and PE, and writes its message to `judgemessage.txt`.
#[test]
fn checkers_keep_domjudge_codes_with_p2d_defaults() {
    let dir = tempfile::tempdir().unwrap();
    for (source, problem) in [
        ("problems/game/polygon/check.cpp", "game"),
        ("problems/bunny/polygon/check.cpp", "bunny"),
        (TOKENS, "bunny"),
    ] {
        let mut b = Build::testlib(source, LUOGU);
        b.flags.retain(|f| !f.contains("_EXIT_CODE="));
        let bin = (compiled(&b), b);
        let t = &common::package_tests(problem)[0];
        let case = Case::new(dir.path(), problem, &t.input, &t.answer);
        for (output, code) in [(&t.answer[..], 42), (b"1 1 1\n", 43), (b"x", 43)] {
            let paths = [&case.input_path, Path::new("/dev/stdin"), &case.answer_path];
            let r = cpp_check(&bin, paths, output, false);
            assert_eq!(r.code, code, "{source}: {r:?}");
            assert!(!r.stderr.is_empty(), "{source}: no judgemessage.txt");
        }
    }
}

/// Generated (answer, output) cases per flag set of the Kattis default checker.
const KATTIS_GENERATED: usize = 300;

/// Hand cases for the Kattis default checker, judged under every flag set: what the
/// generator does not make (non-finite and out-of-range numbers, empty files, white space at
/// the ends, `\v` and `\f`, bytes 0xFF and NUL, tokens near and over the 4096-byte cap of a
/// number).
fn kattis_hand_cases() -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut c: Vec<(Vec<u8>, Vec<u8>)> = [
        // nan and inf are strings, also with a tolerance.
        ("nan\n", "NaN\n"),
        ("nan\n", "nan\n"),
        ("NaN", "0"),
        ("inf -inf\n", "INF -Inf\n"),
        ("inf\n", "1e500\n"),
        ("inf", "infinity"),
        ("-inf", "-1e500"),
        // 1e500 overflows: a string; 1e-500 underflows: the number 0.
        ("1e500\n", "1e500\n"),
        ("1e500\n", "1E500\n"),
        ("1e500\n", "1.0e500\n"),
        ("1e500", "inf"),
        ("1e308", "1e500"),
        ("1e308", "1.0000000000001e308"),
        ("1e-500", "0"),
        ("1e-500", "1e-400"),
        ("0", "-0"),
        ("0", "1e-300"),
        // Empty output, empty answer.
        ("1 2\n", ""),
        ("1\n", "\n"),
        ("", ""),
        ("\n", ""),
        ("", "\n"),
        ("", " "),
        ("", "x"),
        ("", "0"),
        // White space at the ends and inside.
        ("1 2\n", "1 2"),
        ("1 2\n", "1 2\n\n"),
        ("1 2\n", "1 2 \n"),
        ("1 2", "1 2\n"),
        ("1 2\n", "1 2\r\n"),
        ("1 2\n", "1  2\n"),
        ("1 2\n", " 1 2\n"),
        (" 1 2\n", "1 2\n"),
        (" 1 2\n", " 1 2\n"),
        ("\n1\n", "\n1\n"),
        ("\t1", " 1"),
        ("1\x0b2\x0c", "1\x0b2\x0c"),
        ("1\x0b2", "1\x0c2"),
        ("1 2", "1\x0b2\x0c"),
        ("a\rb", "a\nb"),
        // Case: ASCII only.
        ("Yes", "yes"),
        ("Yes", "YES\n"),
        ("\u{e9}", "\u{c9}"),
        ("\u{e9}", "\u{e9}"),
        // Numbers in every form, and what is none.
        ("10", "10.5"),
        ("10", "10.01"),
        ("10", "10.0100001"),
        ("10", "11"),
        ("1000000000", "1000000999"),
        ("1000000000", "1000001001"),
        ("0.1", "0.10"),
        ("0.1", "0.1000000001"),
        ("16", "0x10"),
        ("0x10", "16"),
        ("0x10", "0X10"),
        ("5", "+5."),
        ("0.5", ".5"),
        ("1E3", "1000"),
        ("-0.025", "-2.5e-2"),
        ("1", "1,0"),
        ("1", "1e"),
        ("1", "."),
        ("1", "-"),
        ("1", "1e+"),
        ("1", "--1"),
        ("1", "1.5.2"),
        ("1", "1e5x"),
        ("1 2", "1 2 3"),
        ("1 2", "1"),
        ("Case 1: 2.5", "case 1: 2.5000001"),
    ]
    .iter()
    .map(|(a, o)| (a.as_bytes().to_vec(), o.as_bytes().to_vec()))
    .collect();
    let bytes: &[(&[u8], &[u8])] = &[
        // A byte 0xFF (testlib's end-of-file mark on stdin) in, between and after tokens.
        (b"1 2\n", b"1 2\xff\n"),
        (b"1 2\n", b"1 \xff2\n"),
        (b"1 2\n", b"1 2\n\xff"),
        (b"\xff\n", b"\xff\n"),
        (b"\xff\n", b"\xff"),
        (b"\xff\xff", b"\xff"),
        (b"a\xffb", b"A\xffB"),
        (b"1\n", b"\xff"),
        (b"", b"\xff"),
        (b"1\n", b"1\xff"),
        // NUL bytes inside tokens are bytes like any other.
        (b"a\0b", b"a\0b"),
        (b"a\0b", b"A\0B"),
        (b"a\0b", b"a\0c"),
        (b"a\0b", b"a"),
        (b"a", b"a\0"),
        (b"1\0", b"1"),
        (b"1", b"1\0"),
        (b"\0", b"\0"),
        (b"\0", b""),
        // A byte order mark in the answer is part of its first token.
        (b"\xef\xbb\xbf5\n", b"5\n"),
    ];
    c.extend(bytes.iter().map(|(a, o)| (a.to_vec(), o.to_vec())));
    // Long tokens where a number is expected: 4096 bytes are read, 5000 are WA.
    let zeros = |n: usize| "0".repeat(n);
    let long = [
        ("1\n".to_string(), format!("{}1\n", zeros(4095))),
        ("1\n".to_string(), format!("{}1\n", zeros(4096))),
        ("1\n".to_string(), format!("1.{}\n", zeros(4998))),
        ("7 8\n".to_string(), format!("7 {}\n", "8".repeat(5000))),
        ("x\n".to_string(), format!("{}\n", "y".repeat(100))),
        ("a".repeat(5000), "A".repeat(5000)),
        ("a".repeat(5000), "a".repeat(4999)),
        // An answer of 5000 digits: 1e4999 is a string; 1e-4991 is 0.
        (format!("1{}", zeros(4999)), format!("1{}", zeros(4999))),
        (format!("1{}", zeros(4999)), "1e4999".to_string()),
        (format!("0.{}1", zeros(4990)), "0".to_string()),
    ];
    c.extend(long.map(|(a, o)| (a.into_bytes(), o.into_bytes())));
    c
}

/// What testlib decides before the checker reads a byte, so that the C++ verdict differs from
/// the Kattis one (see the header comment of the C++ source): (answer, output, the C++ exit
/// code, why). [`DefaultOutputValidator`] says WA to each.
const TESTLIB_DECIDES: &[(&[u8], &[u8], i32, &str)] = &[
    (
        b"5\n",
        b"\xef\xbb\xbf5\n",
        0,
        "registerTestlibCmd skips a UTF-8 byte order mark at the start of the output",
    ),
    (
        b"\xef\xbb\xbf5\n",
        b"\xef\xbb\xbf\xef\xbb\xbf5\n",
        0,
        "registerTestlibCmd skips the output's first byte order mark, the second is the answer's",
    ),
    (
        b"",
        b"\xef",
        0,
        "testlib's stdin reader: an output that is a byte order mark's first byte reads as empty",
    ),
    (
        b"",
        b"\xef\xbb",
        0,
        "testlib's stdin reader: an output that is a byte order mark's first two bytes reads as \
         empty",
    ),
];

/// A case of the Kattis default checker: the index of its flag set in
/// [`kattis_cases::FLAGS`], the answer, the output, and the C++ exit code when testlib imposes
/// one ([`TESTLIB_DECIDES`]).
struct KattisCase {
    set: usize,
    answer: Vec<u8>,
    output: Vec<u8>,
    imposed: Option<i32>,
}

/// `checker/builtin/testlib_kattis_default.cpp`, set up by
/// [`gridjudge::export::kattis_default_checker_source`] for each flag set of
/// [`kattis_cases::FLAGS`] (all nine compiled with every warning an error, against p2d's
/// testlib.h), gives [`DefaultOutputValidator::check`]'s verdict (exit 0 AC, 1 WA) on
/// [`KATTIS_GENERATED`] generated cases and every hand case; both verdicts occur in each flag
/// set. The only differences are those of [`TESTLIB_DECIDES`], asserted as they are.
#[test]
fn kattis_default_checker_agrees_with_default_output_validator() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("empty.in");
    std::fs::write(&input, "").unwrap();
    let flag_sets = kattis_cases::FLAGS;
    // One build per flag set, from the set-up source written to a folder of its own.
    let builds: Vec<(DefaultOutputValidator, Bin)> = par_map(flag_sets, |_, flags| {
        let words: Vec<String> = flags.split_whitespace().map(String::from).collect();
        let v = DefaultOutputValidator::from_args(&words).unwrap();
        let src = gridjudge::export::kattis_default_checker_source(&v).unwrap();
        let folder = dir.path().join(format!("set-{}", flags.replace(' ', "-")));
        std::fs::create_dir(&folder).unwrap();
        let path = folder.join("testlib_kattis_default.cpp");
        std::fs::write(&path, src).unwrap();
        let b = Build::testlib(path.to_str().unwrap(), LUOGU);
        (v, (compiled(&b), b))
    });
    let mut work: Vec<KattisCase> = Vec::new();
    let hand = kattis_hand_cases();
    for set in 0..flag_sets.len() {
        let generated = kattis_cases::pairs(1_000 + set as u64, KATTIS_GENERATED);
        for (answer, output) in generated.into_iter().chain(hand.iter().cloned()) {
            work.push(KattisCase {
                set,
                answer,
                output,
                imposed: None,
            });
        }
        for (answer, output, code, _) in TESTLIB_DECIDES {
            work.push(KattisCase {
                set,
                answer: answer.to_vec(),
                output: output.to_vec(),
                imposed: Some(*code),
            });
        }
    }
    let runs = par_map(&work, |worker, c| {
        let (v, bin) = &builds[c.set];
        let (answer, output) = (&c.answer, &c.output);
        let want = v.check(&mut &output[..], answer);
        let answer_path = dir.path().join(format!("worker-{worker}.ans"));
        std::fs::write(&answer_path, answer).unwrap();
        let paths = [&input, Path::new("/dev/stdin"), &answer_path];
        let cpp = cpp_check(bin, paths, &output[..], false);
        (want.testlib_exit_code(), want.message, cpp.code, cpp.stderr)
    });
    let mut differences = Vec::new();
    for (set, flags) in flag_sets.iter().enumerate() {
        let (mut ac, mut wa, mut cases, mut imposed) = (0, 0, 0, 0);
        for (c, (rust, rust_msg, cpp, cpp_msg)) in work.iter().zip(&runs) {
            if c.set != set {
                continue;
            }
            let what = format!(
                "flags {flags:?} answer {} output {}: Rust exit {rust} ({rust_msg}), C++ exit \
                 {cpp} ({cpp_msg})",
                shown(&c.answer),
                shown(&c.output)
            );
            match c.imposed {
                Some(code) => {
                    imposed += 1;
                    assert_eq!(
                        (*rust, *cpp),
                        (1, code),
                        "testlib's own decision changed: {what}"
                    );
                }
                None => {
                    cases += 1;
                    match rust {
                        0 => ac += 1,
                        1 => wa += 1,
                        _ => panic!("neither AC nor WA: {what}"),
                    }
                    if rust != cpp {
                        differences.push(what);
                    }
                }
            }
        }
        eprintln!(
            "kattis default checker, flags {flags:?}: {cases} cases compared ({ac} AC, {wa} WA \
             by Rust), {imposed} decided by testlib as documented"
        );
        assert!(ac > 0 && wa > 0, "flags {flags:?}: {ac} AC, {wa} WA");
    }
    eprintln!("kattis default checker: {} differences", differences.len());
    assert!(
        differences.is_empty(),
        "{} verdicts differ between the C++ and the Rust default output validator:\n{}",
        differences.len(),
        differences.join("\n")
    );
}
