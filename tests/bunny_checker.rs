//! The checker of `bunny`, through the `Problem` trait as the checker binary calls it.
//!
//! * one test per verdict and message (AC, WA, PE, FAIL), with exact verdicts and message text,
//!   and the exit codes and judge message of both calling conventions (testlib, Kattis);
//! * a hostile stream of 12 000 outputs (token soup, mutations of the correct answer, random
//!   bytes, NUL, invalid UTF-8, 30-digit and negative numbers, very long tokens, megabytes of
//!   white space), each judged against an independent in-memory model of the output rules;
//! * megabytes of garbage streamed from readers that make bytes on the fly: judged after
//!   reading only what the verdict needs, never FAIL.

mod common;

use common::checker::{
    assert_outcome, bytes, garbage_token, hostile_stream, join, model_int, model_next,
    model_tokens, mutated, random_bytes_after, repeat, soup, spaced_out, sprinkle, Segment,
    StreamJudge,
};
use gridjudge::problem::{Problem, ProblemConfig};
use gridjudge::reader::MAX_TOKEN;
use gridjudge::rng::TestRng;
use gridjudge::verdict::{CheckOutcome, Verdict};

fn bunny() -> &'static dyn Problem {
    common::problem("bunny")
}

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
            (
                "123456789012345678901234567890 1 2",
                "is not between 0 and 11",
            ),
            ("-123456789012345678901234567890", "is not between 0 and 11"),
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
            ("03 2 7 11", "found `03`"),
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

// ---------------------------------------------------------------------------------------------
// An independent model of the output rules.

/// The verdict the statement's rules give `out` for a record with `k` moves of Bunny and the
/// jury's mistakes `jury`, judged in memory. Tokens are split on white space and read in order;
/// a token over [`MAX_TOKEN`] bytes is PE where it is reached. r: missing or not an integer PE,
/// outside 0..=k WA. Then r indices: missing or not an integer PE, outside 1..=k or not above
/// the previous one WA. Then any token PE. Then the list must equal the jury's.
fn model(k: i128, jury: &[i128], out: &[u8]) -> Verdict {
    let mut toks = model_tokens(out);
    let mut next = || model_next(&mut toks);
    let mut read = || -> Result<Vec<i128>, Verdict> {
        let r = next()?.and_then(model_int).ok_or(Verdict::Pe)?;
        if !(0..=k).contains(&r) {
            return Err(Verdict::Wa);
        }
        let mut list: Vec<i128> = Vec::new();
        for _ in 0..r {
            let v = next()?.and_then(model_int).ok_or(Verdict::Pe)?;
            if !(1..=k).contains(&v) || list.last().is_some_and(|&p| p >= v) {
                return Err(Verdict::Wa);
            }
            list.push(v);
        }
        match next()? {
            Some(_) => Err(Verdict::Pe),
            None => Ok(list),
        }
    };
    match read() {
        Err(v) => v,
        Ok(list) if list == jury => Verdict::Ac,
        Ok(_) => Verdict::Wa,
    }
}

fn numbers(text: &[u8]) -> Vec<i128> {
    String::from_utf8_lossy(text)
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// k of a canonical record.
fn k_of(input: &str) -> i128 {
    let n: usize = input.split_whitespace().next().unwrap().parse().unwrap();
    input.lines().nth(n + 1).unwrap().parse().unwrap()
}

#[test]
fn model_agrees_with_hand_verdicts() {
    let z = zig();
    let jury_list = numbers(&jury(&z))[1..].to_vec();
    for (out, v) in [
        (&b"3 2 7 11"[..], Verdict::Ac),
        (b"3 2 7 10", Verdict::Wa),
        (b"2 2 7", Verdict::Wa),
        (b"12", Verdict::Wa),
        (b"-1", Verdict::Wa),
        (b"3 2 7", Verdict::Pe),
        (b"3 2 7 11 11", Verdict::Pe),
        (b"3 7 2 11", Verdict::Wa),
        (b"3 2 7 x", Verdict::Pe),
        (b"x", Verdict::Pe),
        (b"", Verdict::Pe),
        (b"-0", Verdict::Wa),
    ] {
        assert_eq!(model(11, &jury_list, out), v, "{}", out.escape_ascii());
        let o = check_bytes(&z, out, &jury(&z));
        assert_eq!(o.verdict, v, "{}", out.escape_ascii());
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile outputs.

/// Records for the hostile test: r = 0, a few and most mistakes, k from 1 to 799.
fn hostile_records() -> Vec<String> {
    let mut v = vec![
        SAMPLE3.to_string(),
        "1 6\nXO.OXO\n1\n1 2\n1 1\n".to_string(),
        zig(),
    ];
    for (spec, seed) in [
        ("comb n=3 m=13", 1),
        ("comb n=40 m=40", 1),
        ("play n=16 m=16 colours=random usable=0.8 err=1 eggerr=1", 2),
        ("play n=2 m=40 colours=allusable err=0", 3),
        ("long n=40 m=40 path=zigzag skips=0.1", 4),
        ("long n=40 m=40", 5),
    ] {
        v.push(common::generated(bunny(), spec, seed));
    }
    v
}

/// Hostile tokens: numbers of every kind near and far from the ranges, bytes that are not text.
fn hostile_token(rng: &mut TestRng, k: u32) -> Vec<u8> {
    match rng.below(20) {
        0..=5 => rng.range(0, k + 1).to_string().into_bytes(),
        kind @ 6..=15 => garbage_token(rng, kind - 6, &[b"r"]),
        16 => b"\x001".to_vec(),
        17 => b"2\x003".to_vec(),
        _ => rng
            .range(k.saturating_sub(2), k + 2)
            .to_string()
            .into_bytes(),
    }
}

fn tokens_of(list: &[i128]) -> Vec<Vec<u8>> {
    list.iter().map(|x| x.to_string().into_bytes()).collect()
}

/// One hostile output of kind `kind` for a record with `k` moves and jury mistakes `jury`, and
/// the verdict its kind alone decides, if any.
fn hostile_output(
    kind: u32,
    rng: &mut TestRng,
    k: u32,
    jury: &[i128],
    ans: &[u8],
) -> (Vec<u8>, Option<Verdict>) {
    let r = jury.len();
    let with_count = |list: &[i128]| {
        let mut t = vec![list.len().to_string().into_bytes()];
        t.extend(tokens_of(list));
        t
    };
    match kind {
        // The correct answer, random white space: AC.
        0 | 1 => (join(&with_count(jury), rng, 0.5), Some(Verdict::Ac)),
        // One index dropped, r kept: PE (too few numbers).
        2 if r > 0 => {
            let mut t = with_count(jury);
            t.remove(1 + rng.below(r as u32) as usize);
            (join(&t, rng, 0.5), Some(Verdict::Pe))
        }
        // One index dropped with r: WA.
        3 if r > 0 => {
            let mut l = jury.to_vec();
            l.remove(rng.below(r as u32) as usize);
            (join(&with_count(&l), rng, 0.5), Some(Verdict::Wa))
        }
        // One index added where it belongs: WA (unless every move is a mistake already).
        4 if r < k as usize => {
            let mut l = jury.to_vec();
            let extra = loop {
                let x = i128::from(rng.range(1, k));
                if !l.contains(&x) {
                    break x;
                }
            };
            l.push(extra);
            l.sort_unstable();
            (join(&with_count(&l), rng, 0.5), Some(Verdict::Wa))
        }
        // Two indices swapped, or one repeated: WA (not strictly increasing).
        5 if r >= 2 => {
            let mut l = jury.to_vec();
            let a = rng.below(r as u32 - 1) as usize;
            l.swap(a, a + 1);
            (join(&with_count(&l), rng, 0.5), Some(Verdict::Wa))
        }
        6 if r >= 1 && r < k as usize => {
            let mut l = jury.to_vec();
            let a = rng.below(r as u32) as usize;
            l.insert(a, l[a]);
            (join(&with_count(&l), rng, 0.5), Some(Verdict::Wa))
        }
        // A count out of range, then anything: WA.
        7 => {
            let bad = match rng.below(3) {
                0 => format!("-{}", rng.range(1, 1000)),
                1 => (k + 1 + rng.below(1000)).to_string(),
                _ => "98765432109876543210987654321".to_string(),
            };
            let mut t = vec![bad.into_bytes()];
            t.extend(tokens_of(jury));
            (join(&t, rng, 0.5), Some(Verdict::Wa))
        }
        // Replace, insert or append hostile tokens.
        8..=10 => {
            let mut tokens = with_count(jury);
            sprinkle(&mut tokens, rng, |rng| hostile_token(rng, k));
            (join(&tokens, rng, 0.5), None)
        }
        // Token soup.
        11 | 12 => {
            let tokens = soup(rng, |rng| hostile_token(rng, k));
            (join(&tokens, rng, 0.5), None)
        }
        // Random bytes, alone or after a correct start.
        13 => (random_bytes_after(ans, rng), None),
        // The correct answer with bytes flipped, cut, or inserted.
        14 => (mutated(ans, rng), None),
        // Lots of white space around and between the tokens of the correct answer: AC.
        15 => (spaced_out(&with_count(jury), rng), Some(Verdict::Ac)),
        _ => (join(&with_count(jury), rng, 0.5), Some(Verdict::Ac)),
    }
}

/// 12 000 hostile outputs over 9 records. Each output's verdict must equal the model's, be one
/// of AC, WA, PE (never FAIL), and match the verdict of its kind where the kind alone decides
/// it. The checker must not panic (a panic fails the test).
#[test]
fn hostile_outputs_get_the_verdict_of_the_rules() {
    let records = hostile_records();
    let answers: Vec<Vec<u8>> = records.iter().map(|r| jury(r)).collect();
    let juries: Vec<Vec<i128>> = answers.iter().map(|a| numbers(a)[1..].to_vec()).collect();
    let ks: Vec<u32> = records.iter().map(|r| k_of(r) as u32).collect();
    assert!(juries.iter().any(|j| j.is_empty()) && juries.iter().any(|j| j.len() > 60));
    hostile_stream("bunny", 12_000, (1000, 4000), |i, rng| {
        let x = i as usize % records.len();
        let kind = rng.below(17);
        let (out, known) = hostile_output(kind, rng, ks[x], &juries[x], &answers[x]);
        let o = check_bytes(&records[x], &out, &answers[x]);
        let want = model(i128::from(ks[x]), &juries[x], &out);
        (o, want, known, out, format!("case {i} kind {kind}"))
    });
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
