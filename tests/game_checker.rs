//! The checker of `game`, through the `Problem` trait as the checker binary calls it.
//!
//! * one test per verdict and message (AC, WA, PE, FAIL), with exact verdicts and message text;
//! * the `row_major` option of problem.toml;
//! * megabytes of garbage streamed from readers that make bytes on the fly;
//! * a 200 MB output streamed through the checker without being held in memory.
//!
//! The hostile stream (12 000 outputs judged by an independent model of the output rules, the
//! Rust checker and every C++ build) is in tests/game_cpp.rs.

mod common;

use std::io::{self, Read};

use common::checker::{assert_outcome, bytes, repeat, Segment, Stream, StreamJudge};
use common::game;
use gridjudge::core::token_reader::MAX_TOKEN;
use gridjudge::core::verdict::{CheckOutcome, Verdict};
use gridjudge::problem::ProblemConfig;

use common::game::{LOSE_MAZE, SAMPLE, SAMPLE_ANS};

fn config() -> ProblemConfig {
    common::config(game())
}

/// problem.toml with `[checker] row_major = true`.
fn row_major_config() -> ProblemConfig {
    common::config_with(
        game(),
        "row_major = false",
        "row_major = true",
        "row-major test config",
    )
}

fn jury(input: &str) -> Vec<u8> {
    game().solve(input.as_bytes(), &config().lifted).unwrap()
}

fn check_with(input: &str, output: &[u8], answer: &[u8], cfg: &ProblemConfig) -> CheckOutcome {
    common::checker::check_with(game(), input, output, answer, cfg)
}

fn check(input: &str, output: &str) -> CheckOutcome {
    check_with(input, output.as_bytes(), &jury(input), &config())
}

// ---------------------------------------------------------------------------------------------
// One verdict at a time.

#[test]
fn accepted_answers() {
    assert_eq!(jury(SAMPLE), SAMPLE_ANS.as_bytes());
    assert_outcome(&check(SAMPLE, SAMPLE_ANS), Verdict::Ac, "WIN, 2 cells");
    // Any order, any white space, no final line end, CR LF.
    for out in [
        "WIN\n3 2\n2 3\n",
        "WIN 2 3 3 2",
        "\n\n  WIN\r\n3\t2\r\n2 3",
        "WIN\x0b3 2\x0c2 3\n\n\n",
    ] {
        assert_outcome(&check(SAMPLE, out), Verdict::Ac, "WIN, 2 cells");
    }
    for out in ["LOSE\n", "LOSE", "\t LOSE \r\n\n"] {
        assert_outcome(&check(LOSE_MAZE, out), Verdict::Ac, "LOSE");
    }
    // A maze without a free cell is LOSE.
    assert_outcome(&check("1 2\n##\n", "LOSE\n"), Verdict::Ac, "LOSE");
}

#[test]
fn wrong_set_shows_missing_and_extra_as_a_diff() {
    let o = check(SAMPLE, "WIN\n2 3\n");
    assert_eq!(o.verdict, Verdict::Wa);
    assert_eq!(
        o.message,
        "wrong set of winning cells: 1 missing, 0 extra (expected 2 cells, got 1); \
         diff (- missing, + extra): -3 2"
    );
    let o = check(SAMPLE, "WIN\n3 2\n1 1\n2 3\n");
    assert_eq!(
        o.message,
        "wrong set of winning cells: 0 missing, 1 extra (expected 2 cells, got 3); \
         diff (- missing, + extra): +1 1"
    );
    // Listed out of order: the diff is of the sorted lists.
    let o = check(SAMPLE, "WIN\n2 3\n1 1\n");
    assert_eq!(
        o.message,
        "wrong set of winning cells: 1 missing, 1 extra (expected 2 cells, got 2); \
         diff (- missing, + extra): +1 1, -3 2"
    );
    assert_eq!(
        o.details,
        "--- jury answer (sorted)\n+++ your output (sorted)\n+1 1\n-3 2\n"
    );
    assert_eq!(
        o.judgemessage(),
        format!("WA: {}\n{}", o.message, o.details)
    );
}

/// A huge difference is cut to a readable length: 6 changes in the one-line message, 40 in
/// the details, with the count of the rest.
#[test]
fn long_diffs_are_cut() {
    let input = common::game::open_99();
    // Open 99x99: the 4901 cells with row + column even win. Answer only the first.
    let o = check(&input, "WIN\n1 1\n");
    assert_eq!(o.verdict, Verdict::Wa);
    assert!(
        o.message.starts_with(
            "wrong set of winning cells: 4900 missing, 0 extra (expected 4901 cells, got 1); \
             diff (- missing, + extra): -1 3, -1 5, -1 7, -1 9, -1 11, -1 13, ... 4894 more"
        ),
        "{}",
        o.message
    );
    assert!(o.message.len() < 200);
    let lines: Vec<&str> = o.details.lines().collect();
    assert_eq!(lines.len(), 2 + 40 + 1);
    assert_eq!(lines[2], "-1 3");
    assert_eq!(lines[42], "... 4860 more lines");
    // Every free cell: 4900 extra.
    let mut all = String::from("WIN\n");
    for r in 1..=99 {
        for c in 1..=99 {
            all.push_str(&format!("{r} {c}\n"));
        }
    }
    let o = check(&input, &all);
    assert_outcome(
        &o,
        Verdict::Wa,
        "0 missing, 4900 extra (expected 4901 cells, got 9801)",
    );
    assert_outcome(&o, Verdict::Wa, "+1 2, +1 4,");
    assert!(o.message.len() < 200);
}

#[test]
fn wrong_answers_by_rule() {
    let wa = |out: &str, fragment: &str| {
        assert_outcome(&check(SAMPLE, out), Verdict::Wa, fragment);
    };
    wa(
        "WIN\n2 3\n3 2\n2 3\n",
        "line 4, column 1: cell (2, 3) is listed twice",
    );
    wa("WIN\n1 2\n", "line 2, column 1: cell (1, 2) is a wall");
    wa("WIN\n3 3\n2 3\n", "cell (3, 3) is a wall");
    for (out, cell) in [
        ("WIN\n0 1\n", "(0, 1)"),
        ("WIN\n4 1\n", "(4, 1)"),
        ("WIN\n1 0\n", "(1, 0)"),
        ("WIN\n1 4\n", "(1, 4)"),
        ("WIN\n-1 2\n", "(-1, 2)"),
        ("WIN\n2 9223372036854775807\n", "(2, 9223372036854775807)"),
        ("WIN\n-9223372036854775808 1\n", "(-9223372036854775808, 1)"),
    ] {
        wa(out, &format!("cell {cell} is outside the 3x3 maze"));
    }
    // The first broken rule decides, in reading order.
    wa("WIN\n2 3\n9 9\n1 2\n", "line 3, column 1: cell (9, 9)");
    // WIN for a LOSE maze and the reverse.
    assert_outcome(
        &check(LOSE_MAZE, "WIN\n1 1\n"),
        Verdict::Wa,
        "answered WIN with 1 cells, but no start cell wins",
    );
    wa(
        "LOSE\n",
        "answered LOSE, but A wins from 2 cells, e.g. (2 3), (3 2)",
    );
    wa("WIN\n", "WIN with no winning cell listed");
    wa(" WIN \n\n", "WIN with no winning cell listed");
    // Rows and columns swapped on a non-square maze: (1, 3) is a free winner, (3, 1) is off
    // the 2x3 board.
    let input = "2 3\n...\n..#\n";
    assert_eq!(jury(input), b"WIN\n1 1\n1 3\n2 2\n");
    assert_outcome(
        &check(input, "WIN\n1 1\n3 1\n2 2\n"),
        Verdict::Wa,
        "cell (3, 1) is outside the 2x3 maze",
    );
}

#[test]
fn presentation_errors() {
    let pe = |out: &[u8], fragment: &str| {
        let o = check_with(SAMPLE, out, SAMPLE_ANS.as_bytes(), &config());
        assert_outcome(&o, Verdict::Pe, fragment);
    };
    pe(b"", "empty output: expected WIN or LOSE");
    pe(b" \n\t\r\n", "empty output");
    pe(
        b"win\n2 3\n3 2\n",
        "line 1, column 1: expected WIN or LOSE, found `win`",
    );
    pe(b"Yes\n", "expected WIN or LOSE, found `Yes`");
    pe(
        b"WIN\n2 3\n3 x\n",
        "line 3, column 3: expected a column number, found `x`",
    );
    pe(
        b"WIN\n2.0 3\n",
        "line 2, column 1: expected a row number, found `2.0`",
    );
    pe(b"WIN\n+2 3\n", "expected a row number, found `+2`");
    pe(
        b"WIN\n02 3\n",
        "expected a row number, found `02` (leading zero)",
    );
    // As testlib's readInt: -0, a leading zero or beyond 64 bits is not an integer.
    pe(
        b"WIN\n2 -0\n",
        "line 2, column 3: expected a column number, found `-0` (-0 is not an integer here)",
    );
    pe(
        b"WIN\n-01 3\n",
        "expected a row number, found `-01` (leading zero)",
    );
    pe(
        b"WIN\n2 123456789012345678901234567890\n",
        "expected a column number, found `12345678901234567890...` (outside the 64-bit \
         integers)",
    );
    pe(
        b"WIN\n9223372036854775808 1\n",
        "expected a row number, found `9223372036854775808` (outside the 64-bit integers)",
    );
    pe(
        b"WIN\n-9223372036854775809 1\n",
        "found `-9223372036854775809` (outside the 64-bit integers)",
    );
    pe(b"WIN\n2 3e0\n", "expected a column number, found `3e0`");
    pe(
        b"WIN\n2 3\n3\n",
        "line 3, column 1: row 3 has no column (odd count of numbers)",
    );
    pe(
        b"WIN\n2 3\n3 2\nthe end\n",
        "line 4, column 1: expected a row number, found `the`",
    );
    pe(
        b"WIN\n2 3\n3 2\n1\n",
        "row 1 has no column (odd count of numbers)",
    );
    // Anything after LOSE, even a correct-looking cell.
    pe(
        b"LOSE\n2 3\n",
        "line 2, column 1: expected end of output after LOSE, found `2`",
    );
    pe(
        b"LOSE LOSE",
        "expected end of output after LOSE, found `LOSE`",
    );
    // Bytes that are not text are shown escaped.
    pe(b"WIN\x00\n2 3\n", "expected WIN or LOSE, found `WIN\\x00`");
    pe(b"\xff\xfeWIN", "found `\\xff\\xfeWIN`");
    pe(
        b"WIN\n2 \xe2\x80\x8b3\n",
        "expected a column number, found `\\xe2\\x80\\x8b3`",
    );
    // A token longer than the reader keeps: PE, not buffered.
    let long = format!("WIN\n2 {}\n", "3".repeat(MAX_TOKEN + 1));
    pe(
        long.as_bytes(),
        "line 2, column 3: token longer than 64 bytes",
    );
    // 64 bytes is still a token (read whole, then not an integer: beyond 64 bits).
    let edge = format!("WIN\n2 {}\n", "3".repeat(MAX_TOKEN));
    let o = check_with(SAMPLE, edge.as_bytes(), SAMPLE_ANS.as_bytes(), &config());
    assert_outcome(&o, Verdict::Pe, "(outside the 64-bit integers)");
}

#[test]
fn fail_only_when_the_jury_is_broken() {
    let fail = |input: &str, answer: &[u8], fragment: &str| {
        for out in [SAMPLE_ANS.as_bytes(), b"LOSE\n", b"garbage"] {
            let o = check_with(input, out, answer, &config());
            assert_outcome(&o, Verdict::Fail, fragment);
            assert_eq!(o.testlib_exit_code(), 3);
            assert_eq!(o.kattis_exit_code(), 1);
        }
    };
    fail(SAMPLE, b"", "jury answer is broken: empty output");
    fail(
        SAMPLE,
        b"WINNER\n",
        "jury answer is broken: line 1, column 1: expected WIN or LOSE",
    );
    fail(
        SAMPLE,
        b"WIN\n1 2\n",
        "jury answer is broken: line 2, column 1: cell (1, 2) is a wall",
    );
    fail(
        SAMPLE,
        b"WIN\n2 3\n2 3\n",
        "jury answer is broken: line 3, column 1: cell (2, 3) is listed twice",
    );
    fail(
        SAMPLE,
        b"WIN\n2 3\n3\n",
        "jury answer is broken: line 3, column 1: row 3 has no column",
    );
    fail(
        SAMPLE,
        b"WIN\n",
        "jury answer is broken: WIN with no winning cell listed",
    );
    fail(SAMPLE, b"LOSE\n1 1\n", "jury answer is broken");
    // The input is read by tokens, as testlib's checkers read it: a short row is named by its
    // token; white space alone breaks nothing.
    fail(
        "3 3\n..\n",
        SAMPLE_ANS.as_bytes(),
        "input does not validate: line 2, column 1: expected 3 characters of maze row 1, \
         found 2 characters",
    );
    fail(
        "3 3\n.##\n...\n#.#\n.\n",
        SAMPLE_ANS.as_bytes(),
        "input does not validate: line 5, column 1: expected end of file, found `.`",
    );
    let loose = check_with(
        "3 3 \r\n.## \r\n...\n\n#.#",
        SAMPLE_ANS.as_bytes(),
        SAMPLE_ANS.as_bytes(),
        &config(),
    );
    assert_eq!(loose.verdict, Verdict::Ac, "{loose:?}");
    fail(
        "",
        SAMPLE_ANS.as_bytes(),
        "input does not validate: line 1, column 1",
    );
    // A checker option of the wrong type is the jury's mistake too.
    let cfg = common::config_with(
        game(),
        "row_major = false",
        "row_major = \"yes\"",
        "bad config",
    );
    let o = check_with(SAMPLE, SAMPLE_ANS.as_bytes(), SAMPLE_ANS.as_bytes(), &cfg);
    assert_outcome(
        &o,
        Verdict::Fail,
        "checker option `row_major` must be true or false",
    );
    // A wrong but well-formed jury answer is not detectable here: the checker compares.
    let o = check_with(SAMPLE, b"LOSE\n", b"LOSE\n", &config());
    assert_eq!(o.verdict, Verdict::Ac);
}

#[test]
fn row_major_option() {
    assert!(
        !config().checker_flag("row_major", true).unwrap(),
        "shipped default"
    );
    let rm = row_major_config();
    assert!(rm.checker_flag("row_major", false).unwrap());
    let ans = SAMPLE_ANS.as_bytes();
    let permuted = b"WIN\n3 2\n2 3\n";
    assert_outcome(
        &check_with(SAMPLE, ans, ans, &rm),
        Verdict::Ac,
        "WIN, 2 cells",
    );
    assert_outcome(
        &check_with(SAMPLE, permuted, ans, &rm),
        Verdict::Wa,
        "line 3, column 1: cell (2, 3) comes after (3, 2): row-major order required",
    );
    assert_outcome(
        &check_with(SAMPLE, permuted, ans, &config()),
        Verdict::Ac,
        "WIN",
    );
    // Order within a row counts too; the other rules still apply, in reading order.
    let input = "1 5\n.....\n";
    let ans = jury(input);
    assert_eq!(ans, b"WIN\n1 1\n1 3\n1 5\n");
    for (out, verdict, fragment) in [
        ("WIN 1 1 1 3 1 5", Verdict::Ac, "WIN, 3 cells"),
        (
            "WIN 1 1 1 5 1 3",
            Verdict::Wa,
            "cell (1, 3) comes after (1, 5)",
        ),
        ("WIN 1 3 1 3 1 5", Verdict::Wa, "listed twice"),
        ("WIN 1 1 1 3", Verdict::Wa, "1 missing, 0 extra"),
        (
            "WIN 1 1 1 3 1 5 1 x",
            Verdict::Pe,
            "expected a column number",
        ),
    ] {
        let o = check_with(input, out.as_bytes(), &ans, &rm);
        assert_outcome(&o, verdict, fragment);
    }
    // The jury answer is not held to the order.
    let o = check_with(SAMPLE, SAMPLE_ANS.as_bytes(), permuted, &rm);
    assert_eq!(o.verdict, Verdict::Ac);
}

// ---------------------------------------------------------------------------------------------
// Streams.

/// Megabytes of garbage, made on the fly: judged without reading more than needed, never FAIL.
#[test]
fn streamed_garbage() {
    let cfg = config();
    let (ans, mb) = (SAMPLE_ANS.as_bytes(), 1u64 << 20);
    let sample = StreamJudge {
        problem: game(),
        input: SAMPLE.as_bytes(),
        answer: ans,
        config: &cfg,
    };
    for seed in 0..6 {
        // Random bytes: the first token is not WIN or LOSE (or is too long): PE at once.
        let (o, s) = sample.judge(vec![Segment::Random(8 * mb)], seed);
        assert_eq!(o.verdict, Verdict::Pe, "{o:?}");
        assert!(s.served < mb, "read {} bytes to judge", s.served);
    }
    // WIN then endless repeats of one free cell: WA at the second repeat.
    let cells = vec![bytes(b"WIN\n"), repeat(b"2 3\n", 50 * mb)];
    sample.expect(cells, Verdict::Wa, "listed twice", false);
    // WIN then megabytes of digits with no space: one too-long token, PE.
    let digits = vec![bytes(b"WIN\n2 "), repeat(b"1234567890", 50 * mb)];
    sample.expect(digits, Verdict::Pe, "token longer than 64 bytes", false);
    // The right answer after 8 MB of mixed white space, then 8 MB more: read to the end, AC.
    let ws = b" \t\r\n\x0b\x0c  \n";
    let padded = vec![
        repeat(ws, 8 * mb),
        bytes(b"WIN 3 2 2 3"),
        repeat(ws, 8 * mb),
    ];
    sample.expect(padded, Verdict::Ac, "WIN, 2 cells", true);
    // LOSE, 8 MB of white space, then one more token: PE, found only at the very end.
    let lose = StreamJudge {
        input: LOSE_MAZE.as_bytes(),
        answer: b"LOSE\n",
        ..sample
    };
    let after = "expected end of output after LOSE, found `x`";
    let segments = vec![bytes(b"LOSE"), repeat(ws, 8 * mb), bytes(b"x")];
    lose.expect(segments, Verdict::Pe, after, true);
}

/// Peak resident memory of this process (Linux), in KiB.
fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/self/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Set (to anything) in the child process of [`two_hundred_megabytes_are_streamed`], which
/// then streams and measures instead of starting a child.
const STREAM_CHILD: &str = "GRIDJUDGE_TEST_STREAM_CHILD";

/// What the child prints before the growth of its peak memory in KiB (libtest may print the
/// test's name before it on the same line).
const GREW: &str = "peak memory grew by KiB: ";

/// 200 MB of output: the winning cells of a 99×99 open board (4901 cells, in reverse order)
/// with ~20 KB of white space before each token, made on the fly. The checker must read it all
/// and accept it; the process's peak memory must not grow by anything near the output size.
/// The peak is that of a child process (this test binary run again on this test alone): in
/// the test process itself other tests allocate on their threads at the same time.
#[test]
fn two_hundred_megabytes_are_streamed() {
    if std::env::var_os(STREAM_CHILD).is_some() {
        let input = common::game::open_99();
        let ans = jury(&input);
        assert_eq!(common::game::answer_lines(&ans).len(), 4902);
        let segments = common::game::padded_reversed(&ans);
        let mut s = Stream::new("game", segments, 0);
        assert!(s.total() > 199_000_000);
        let before = peak_rss_kib();
        let o = game().check(input.as_bytes(), &mut s, &ans, &config());
        let after = peak_rss_kib();
        assert_outcome(&o, Verdict::Ac, "WIN, 4901 cells");
        assert_eq!(s.served, s.total(), "everything was read");
        println!("{GREW}{}", after - before);
        return;
    }
    let o = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "two_hundred_megabytes_are_streamed"])
        .args(["--nocapture", "--test-threads", "1"])
        .env(STREAM_CHILD, "1")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "the child failed:\n{out}\n{err}");
    let grew: u64 = out
        .lines()
        .find_map(|l| l.split_once(GREW).map(|(_, kib)| kib))
        .unwrap_or_else(|| panic!("the child did not measure:\n{out}\n{err}"))
        .trim()
        .parse()
        .unwrap();
    assert!(grew < 64 * 1024, "peak memory grew by {grew} KiB");
}

/// An interrupted read (EINTR) is retried like any reader does, not a judge error.
#[test]
fn interrupted_reads_are_retried() {
    struct Hiccups<'a> {
        data: &'a [u8],
        calls: u32,
    }
    impl Read for Hiccups<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls % 2 == 1 {
                return Err(io::Error::new(io::ErrorKind::Interrupted, "signal"));
            }
            let n = self.data.len().min(buf.len()).min(3);
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }
    let mut r = Hiccups {
        data: b"WIN\n3 2\n2 3\n",
        calls: 0,
    };
    let o = game().check(SAMPLE.as_bytes(), &mut r, SAMPLE_ANS.as_bytes(), &config());
    assert_outcome(&o, Verdict::Ac, "WIN, 2 cells");
    // Any other read error is the judge's problem (FAIL), not the contestant's verdict.
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let o = game().check(
        SAMPLE.as_bytes(),
        &mut Broken,
        SAMPLE_ANS.as_bytes(),
        &config(),
    );
    assert_outcome(&o, Verdict::Fail, "disk on fire");
}

/// The counts of missing and extra cells are exact however many cells differ. (With
/// `similar`'s default Myers, which turns heuristic past an edit cost of about 256, this maze
/// was reported as "16 missing, 3727 extra" although every winning cell was printed.)
#[test]
fn large_differences_are_counted_exactly() {
    let input = common::generated(game(), "random n=100 m=100 walls=0.4", 3);
    let ans = jury(&input);
    let winners = common::game::answer_lines(&ans).len() - 1;
    let mut all = String::from("WIN\n");
    let mut free = 0;
    for (r, row) in input.lines().skip(1).enumerate() {
        for (c, b) in row.bytes().enumerate() {
            if b == b'.' {
                all.push_str(&format!("{} {}\n", r + 1, c + 1));
                free += 1;
            }
        }
    }
    let o = check(&input, &all);
    assert_outcome(
        &o,
        Verdict::Wa,
        &format!(
            "0 missing, {} extra (expected {winners} cells, got {free})",
            free - winners
        ),
    );
}
