//! The checker of `bunny`, through the `Problem` trait as the checker binary calls it.
//!
//! * one test per verdict and message (AC, WA, PE, FAIL), with exact verdicts and message text,
//!   and the exit codes and judge message of both calling conventions (testlib, Kattis);
//! * megabytes of garbage streamed from readers that make bytes on the fly: judged after
//!   reading only what the verdict needs, never FAIL.
//!
//! The hostile stream (12 000 outputs judged by an independent model of the output rules, the
//! Rust checker and every C++ build) is in tests/bunny_cpp.rs.

mod common;

use common::bunny;
use common::checker::{assert_outcome, bytes, repeat, Segment, StreamJudge};
use gridjudge::core::token_reader::MAX_TOKEN;
use gridjudge::core::verdict::{CheckOutcome, Verdict};
use gridjudge::problem::ProblemConfig;

fn config() -> ProblemConfig {
    common::config(bunny())
}

/// Sample 3: k = 2, both of Bunny's moves are mistakes.
const SAMPLE3: &str = "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n";
/// A zigzag record: k = 11, mistakes 2, 7 and 11.
fn zig() -> String {
    common::generated(bunny(), "long n=2 m=14 path=zigzag skips=0.5", 1)
}

/// A comb record: k = 6, every move a mistake.
fn comb() -> String {
    common::generated(bunny(), "comb n=3 m=13", 1)
}

fn jury(input: &str) -> Vec<u8> {
    bunny()
        .solve(input.as_bytes(), &config().constraints)
        .unwrap()
}

fn check_bytes(input: &str, output: &[u8], answer: &[u8]) -> CheckOutcome {
    common::checker::check_with(bunny(), input, output, answer, &config())
}

fn check(input: &str, output: &str) -> CheckOutcome {
    check_bytes(input, output.as_bytes(), &jury(input))
}

#[test]
fn the_fixtures_are_what_the_tests_assume() {
    assert_eq!(jury(SAMPLE3), b"2\n1\n2\n");
    let z = zig();
    assert!(z.starts_with("2 14\n"), "{z}");
    assert_eq!(k_of(&z), 11);
    assert_eq!(jury(&z), b"3\n2\n7\n11\n");
    let c = comb();
    assert_eq!(k_of(&c), 6);
    assert_eq!(jury(&c), b"6\n1\n2\n3\n4\n5\n6\n");
}

/// Each output of `cases` gets `verdict` on `input`, with a message containing its fragment.
#[track_caller]
fn expect(input: &str, verdict: Verdict, cases: &[(&str, &str)]) {
    for (out, fragment) in cases {
        assert_outcome(&check(input, out), verdict, fragment);
    }
}

#[test]
fn accepted_answers() {
    let crlf = "\r\n\t 2\x0b\x0c1\r\n\r\n2 \n\n";
    let sample3 = [
        ("2\n1\n2\n", "r = 2 mistakes of k = 2"),
        ("2 1 2", "r = 2"),
        (crlf, "r = 2"),
    ];
    expect(SAMPLE3, Verdict::Ac, &sample3);
    let sample2 =
        std::fs::read_to_string(common::problem_dir("bunny").join("samples/sample2.in")).unwrap();
    expect(
        &sample2,
        Verdict::Ac,
        &[("0", "r = 0 mistakes of k = 4"), (" 0 \n", "r = 0")],
    );
    expect(
        &zig(),
        Verdict::Ac,
        &[("3 2 7 11", "r = 3 mistakes of k = 11")],
    );
    expect(&comb(), Verdict::Ac, &[("6 1 2 3 4 5 6", "r = 6")]);
}

#[test]
fn wrong_answers_show_a_diff() {
    let z = zig();
    let o = check(&z, "2\n2\n7\n");
    assert_outcome(
        &o,
        Verdict::Wa,
        "expected r = 3 mistakes, found 2: 1 missing, 0 extra",
    );
    assert!(
        o.message.ends_with("diff (- missing, + extra): -11"),
        "{o:?}"
    );
    assert_eq!(o.details, "--- jury answer\n+++ your output\n-11\n");
    let o = check(&z, "3\n2\n7\n10\n");
    assert_outcome(
        &o,
        Verdict::Wa,
        "right count r = 3, wrong indices: 1 missing, 1 extra",
    );
    assert!(o.message.ends_with("-11, +10"), "{o:?}");
    let o = check(&z, "4 1 2 7 11");
    assert_outcome(&o, Verdict::Wa, "expected r = 3 mistakes, found 4");
    assert!(o.message.ends_with(": +1"), "{o:?}");
    let o = check(SAMPLE3, "0");
    assert_outcome(
        &o,
        Verdict::Wa,
        "expected r = 2 mistakes, found 0: 2 missing",
    );
    assert!(o.message.ends_with("-1, -2"), "{o:?}");
    assert!(
        o.judgemessage().contains("-1\n-2\n"),
        "{}",
        o.judgemessage()
    );
}

#[test]
fn long_diffs_are_cut() {
    // 40x40 comb: dozens of mistakes; answering none shows a few and counts the rest.
    let input = common::generated(bunny(), "comb n=40 m=40", 1);
    let ans = jury(&input);
    let r: usize = String::from_utf8_lossy(&ans)
        .lines()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(r > 60, "{r}");
    let o = check_bytes(&input, b"0", &ans);
    assert_outcome(&o, Verdict::Wa, &format!("... {} more", r - 8));
    assert!(o.message.len() < 250, "{}", o.message);
    assert!(
        o.details.ends_with(&format!("... {} more lines\n", r - 50)),
        "{}",
        o.details
    );
    assert_eq!(o.details.lines().count(), 2 + 50 + 1);
}

#[test]
fn wrong_answers_by_rule() {
    let not_a_move = "not a move number between 1 and 11";
    expect(
        &zig(),
        Verdict::Wa,
        &[
            (
                "12 1 2 3 4 5 6 7 8 9 10 11 12",
                "line 1, column 1: count r = 12 is not between 0 and 11 (Bunny made 11 moves)",
            ),
            ("-1", "count r = -1 is not between"),
            ("9223372036854775807 1 2", "is not between 0 and 11"),
            ("-9223372036854775808", "is not between 0 and 11"),
            (
                "3 2 7 12",
                &format!("line 1, column 7: index 3 of 3 is 12, {not_a_move}"),
            ),
            ("1\n0\n", &format!("index 1 of 1 is 0, {not_a_move}")),
            ("1\n-3\n", "is -3, not a move number"),
            (
                "3\n2\n11\n7\n",
                "line 4, column 1: index 3 of 3 is 7, after 11: the indices must be strictly \
                 increasing",
            ),
            ("2 3 3", "is 3, after 3"),
            // The first defect in reading order decides: a WA index before a PE token.
            ("3 19 x 1", "index 1 of 3 is 19"),
        ],
    );
}

#[test]
fn presentation_errors() {
    expect(
        &zig(),
        Verdict::Pe,
        &[
            ("", "empty output"),
            (" \n\t\n", "empty output"),
            (
                "three",
                "line 1, column 1: expected r, the number of mistakes, found `three`",
            ),
            ("+3 2 7 11", "found `+3`"),
            ("03 2 7 11", "found `03` (leading zero)"),
            // As testlib's readInt: -0, a leading zero or beyond 64 bits is not an integer.
            ("-0", "found `-0` (-0 is not an integer here)"),
            (
                "3 2 -07 11",
                "index 2 of 3: expected an integer, found `-07` (leading zero)",
            ),
            (
                "123456789012345678901234567890 1 2",
                "found `12345678901234567890...` (outside the 64-bit integers)",
            ),
            (
                "-9223372036854775809",
                "found `-9223372036854775809` (outside the 64-bit integers)",
            ),
            (
                "3 2 9223372036854775808 11",
                "(outside the 64-bit integers)",
            ),
            ("3.0", "found `3.0`"),
            ("3\n2\n7\n", "r = 3, but the output ends after 2 indices"),
            (
                "3 2 x 11",
                "line 1, column 5: index 2 of 3: expected an integer, found `x`",
            ),
            (
                "3 2 7 11 12",
                "line 1, column 10: expected the end of the output after the 3 indices, found \
                 `12`",
            ),
            ("3 2 7 11\nok", "found `ok`"),
        ],
    );
    // NUL is not white space: it sticks to the number before it.
    let nul = "index 2 of 2: expected an integer, found `2\\x00`";
    let long = format!("2 1 {}", "2".repeat(MAX_TOKEN + 1));
    expect(
        SAMPLE3,
        Verdict::Pe,
        &[("2 1 2\0", nul), (&long, "token longer than 64 bytes")],
    );
    assert_outcome(
        &check_bytes(SAMPLE3, b"2 1 \xff\xfe", b"2\n1\n2\n"),
        Verdict::Pe,
        "`\\xff\\xfe`",
    );
}

#[test]
fn fail_only_when_the_jury_is_broken() {
    let ans = jury(SAMPLE3);
    for (bad_answer, fragment) in [
        (&b""[..], "jury answer is broken: empty output"),
        (
            b"3\n1\n2\n",
            "jury answer is broken: line 1, column 1: count r = 3 is not between",
        ),
        (b"2\n1\n", "jury answer is broken: r = 2, but"),
        (b"2\n2\n1\n", "jury answer is broken"),
        (b"1\n1\n2\n", "jury answer is broken"),
    ] {
        let o = check_bytes(SAMPLE3, b"2 1 2", bad_answer);
        assert_outcome(&o, Verdict::Fail, fragment);
    }
    // The input itself must be a legal record.
    let o = bunny().check(b"4 4\nOOXX\n", &mut &b"0"[..], b"0\n", &config());
    assert_outcome(&o, Verdict::Fail, "input does not validate: line 3");
    let o = bunny().check(
        b"1 6\nXO.OXO\n1\n1 4\n1 5\n",
        &mut &b"0"[..],
        b"0\n",
        &config(),
    );
    assert_outcome(&o, Verdict::Fail, "Bunny could still move");
    // A correct jury answer with a broken contestant output is never FAIL.
    assert_ne!(check_bytes(SAMPLE3, b"\xff", &ans).verdict, Verdict::Fail);
}

/// The outcome in both conventions: testlib exit codes and one line on stderr, Kattis exit
/// codes and judgemessage.txt with the diff.
#[test]
fn both_calling_conventions() {
    let z = zig();
    for (out, testlib, kattis) in [("3 2 7 11", 0, 42), ("3 2 7 10", 1, 43), ("3 2", 2, 43)] {
        let o = check(&z, out);
        assert_eq!(o.testlib_exit_code(), testlib, "{o:?}");
        assert_eq!(o.kattis_exit_code(), kattis, "{o:?}");
    }
    let o = check_bytes(&z, b"0", b"");
    assert_eq!((o.testlib_exit_code(), o.kattis_exit_code()), (3, 1));
    let o = check(&z, "3 2 7 10");
    assert_eq!(
        o.judgemessage(),
        format!(
            "WA: {}\n--- jury answer\n+++ your output\n-11\n+10\n",
            o.message
        )
    );
}

/// k of a canonical record.
fn k_of(input: &str) -> i128 {
    let n: usize = input.split_whitespace().next().unwrap().parse().unwrap();
    input.lines().nth(n + 1).unwrap().parse().unwrap()
}

/// Megabytes of garbage, made on the fly: judged without reading more than the verdict needs,
/// never FAIL; a correct answer followed by 64 MB of white space is read to the end and
/// accepted without being held in memory.
#[test]
fn streamed_garbage() {
    let (cfg, z) = (config(), zig());
    let ans = jury(&z);
    let mb = 1u64 << 20;
    let zig = StreamJudge {
        problem: bunny(),
        input: z.as_bytes(),
        answer: &ans,
        config: &cfg,
    };
    for seed in 0..6 {
        // Random bytes: the first token is not an integer (or is too long): PE at once.
        let (o, s) = zig.judge(vec![Segment::Random(8 * mb)], seed);
        assert_ne!(o.verdict, Verdict::Fail, "{o:?}");
        assert_ne!(o.verdict, Verdict::Ac, "{o:?}");
        assert!(s.served < mb, "read {} bytes to judge", s.served);
    }
    // r = 3 then endless repeats of one index: WA at the second.
    let repeats = vec![bytes(b"3\n"), repeat(b"2\n", 50 * mb)];
    zig.expect(repeats, Verdict::Wa, "strictly increasing", false);
    // A huge count: WA without reading the numbers that follow.
    let huge = vec![bytes(b"1000000000\n"), repeat(b"1 ", 50 * mb)];
    let why = "count r = 1000000000 is not between";
    zig.expect(huge, Verdict::Wa, why, false);
    // r then megabytes of digits with no space: one too-long token, PE.
    let digits = vec![bytes(b"3 2 "), repeat(b"1234567890", 50 * mb)];
    zig.expect(digits, Verdict::Pe, "token longer than 64 bytes", false);
    // The answer, then 64 MB of white space: AC after reading all of it.
    let padded = vec![bytes(&ans), repeat(b" \n\t\r", 64 * mb)];
    zig.expect(padded, Verdict::Ac, "r = 3", true);
    // The answer, 64 MB of white space, then one more token: PE.
    let more = vec![bytes(&ans), repeat(b"\n", 64 * mb), bytes(b"6")];
    let why = "expected the end of the output after the 3 indices";
    let o = zig.expect(more, Verdict::Pe, why, true);
    let at = format!("line {}, column 1", 64 * mb + 5);
    assert!(o.message.contains(&at), "{o:?}");
}
