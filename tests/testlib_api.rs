//! What only the testlib-API sources need beyond the mirror tests of tests/game_cpp.rs and
//! tests/bunny_cpp.rs (where `problems/<p>/polygon/{check,validator}.cpp`, built against p2d's
//! testlib.h by [`common::cpp::testlib_dir`], are builds like the others, `row_major = true`
//! included):
//!
//! * `checker/builtin/testlib_tokens.cpp` (the built-in `tokens` checker of program problems,
//!   for Polygon packages) against gridjudge's [`BuiltinChecker::Tokens`], on `bunny`'s package
//!   tests and official samples: the hand outputs of every jury answer, and seeded hostile
//!   outputs (a quick share by default, more under `--ignored`), in both flag sets;
//! * p2d's own exit codes (DOMjudge's 42/43 and `judgemessage.txt`) for every checker source.

mod common;

use std::path::Path;

use common::checker::{self as h, hand_outputs};
use common::cpp::{compiled, par_map, Build, LUOGU, STRICT};
use common::mirror::{cpp_check, original_samples, shown, tally, Case};
use gridjudge::core::checkers::BuiltinChecker;
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
