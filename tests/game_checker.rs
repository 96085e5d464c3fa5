//! The checker of `game`, through the `Problem` trait as the checker binary calls it.
//!
//! * one test per verdict and message (AC, WA, PE, FAIL), with exact verdicts and message text;
//! * the `row_major` option of problem.toml;
//! * a hostile stream of 12 000 outputs (token soup, mutations of the correct answer, random
//!   bytes, NUL, invalid UTF-8, 30-digit and negative numbers, very long tokens, megabytes of
//!   garbage streamed from readers that make bytes on the fly, runs of white space), each judged
//!   against an independent in-memory model of the output rules;
//! * a 200 MB output streamed through the checker without being held in memory.

mod common;

use std::collections::BTreeSet;
use std::io::{self, Read};

use common::checker::{
    assert_outcome, bytes, garbage_token, hostile_stream, join, model_int, model_next,
    model_tokens, mutated, random_bytes_after, repeat, soup, spaced_out, sprinkle, Segment, Stream,
    StreamJudge,
};
use gridjudge::problem::{Problem, ProblemConfig};
use gridjudge::reader::MAX_TOKEN;
use gridjudge::rng::TestRng;
use gridjudge::verdict::{CheckOutcome, Verdict};

use common::game::{LOSE_MAZE, SAMPLE, SAMPLE_ANS};

fn game() -> &'static dyn Problem {
    common::problem("game")
}

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

/// A stream of `segments` (random bytes from `seed`).
fn stream(segments: Vec<Segment>, seed: u64) -> Stream {
    Stream::new("game", segments, seed)
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
        ("WIN\n2 -0\n", "(2, 0)"),
        (
            "WIN\n2 123456789012345678901234567890\n",
            "(2, 9223372036854775807)",
        ),
        (
            "WIN\n-123456789012345678901234567890 1\n",
            "(-9223372036854775808, 1)",
        ),
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
    pe(b"WIN\n02 3\n", "expected a row number, found `02`");
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
    // 64 bytes is still a token (an out-of-range number: WA, not PE).
    let edge = format!("WIN\n2 {}\n", "3".repeat(MAX_TOKEN));
    let o = check_with(SAMPLE, edge.as_bytes(), SAMPLE_ANS.as_bytes(), &config());
    assert_outcome(&o, Verdict::Wa, "is outside the 3x3 maze");
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
// An independent model of the output rules.

/// A maze as rows of bytes.
struct Maze {
    rows: Vec<Vec<u8>>,
}

impl Maze {
    fn new(input: &str) -> Maze {
        Maze {
            rows: input
                .lines()
                .skip(1)
                .map(|l| l.as_bytes().to_vec())
                .collect(),
        }
    }
    fn n(&self) -> i128 {
        self.rows.len() as i128
    }
    fn m(&self) -> i128 {
        self.rows[0].len() as i128
    }
    fn free(&self, r: i128, c: i128) -> bool {
        self.rows[r as usize - 1][c as usize - 1] == b'.'
    }
}

/// Reads an output by the model's rules: `None` for LOSE, else the set of listed cells.
fn model_read<'a>(
    maze: &Maze,
    toks: &mut impl Iterator<Item = &'a [u8]>,
    row_major: bool,
) -> Result<Option<BTreeSet<(i128, i128)>>, Verdict> {
    match model_next(toks)? {
        Some(b"LOSE") => match model_next(toks)? {
            None => Ok(None),
            Some(_) => Err(Verdict::Pe),
        },
        Some(b"WIN") => {
            let mut set = BTreeSet::new();
            let mut last = None;
            while let Some(rt) = model_next(toks)? {
                let r = model_int(rt).ok_or(Verdict::Pe)?;
                let ct = model_next(toks)?.ok_or(Verdict::Pe)?;
                let c = model_int(ct).ok_or(Verdict::Pe)?;
                if !(1..=maze.n()).contains(&r) || !(1..=maze.m()).contains(&c) {
                    return Err(Verdict::Wa);
                }
                if !maze.free(r, c) || !set.insert((r, c)) {
                    return Err(Verdict::Wa);
                }
                if row_major && last.is_some_and(|l| l > (r, c)) {
                    return Err(Verdict::Wa);
                }
                last = Some((r, c));
            }
            if set.is_empty() {
                return Err(Verdict::Wa);
            }
            Ok(Some(set))
        }
        _ => Err(Verdict::Pe),
    }
}

/// The verdict the rules of the statement give `out`, judged in memory: tokens split on white
/// space; a token over [`MAX_TOKEN`] bytes, a first token other than WIN/LOSE, anything after
/// LOSE, a non-integer or an odd count is PE; then, in reading order, a cell off the board, a
/// wall, a repeat, or (row-major) a cell before the previous one is WA; WIN with no cell is WA;
/// then the set must equal the jury's (`None` for LOSE).
fn model(
    maze: &Maze,
    jury: &Option<BTreeSet<(i128, i128)>>,
    out: &[u8],
    row_major: bool,
) -> Verdict {
    match model_read(maze, &mut model_tokens(out), row_major) {
        Err(v) => v,
        Ok(got) if &got == jury => Verdict::Ac,
        Ok(_) => Verdict::Wa,
    }
}

/// The jury's set of cells, read from a canonical answer.
fn jury_set(ans: &[u8]) -> Option<BTreeSet<(i128, i128)>> {
    let text = std::str::from_utf8(ans).unwrap();
    let mut lines = text.lines();
    match lines.next() {
        Some("LOSE") => None,
        Some("WIN") => Some(
            lines
                .map(|l| {
                    let (r, c) = l.split_once(' ').unwrap();
                    (r.parse().unwrap(), c.parse().unwrap())
                })
                .collect(),
        ),
        other => panic!("bad jury answer {other:?}"),
    }
}

#[test]
fn model_agrees_with_hand_verdicts() {
    // The model is itself checked on the cases above before it judges the hostile stream.
    let maze = Maze::new(SAMPLE);
    let j = jury_set(SAMPLE_ANS.as_bytes());
    for (out, v) in [
        (&b"WIN\n3 2\n2 3"[..], Verdict::Ac),
        (b"WIN\n2 3\n", Verdict::Wa),
        (b"WIN\n2 3\n2 3\n", Verdict::Wa),
        (b"WIN\n1 2\n", Verdict::Wa),
        (b"WIN\n2 3 3\n", Verdict::Pe),
        (b"WIN\n2 3 3 x\n", Verdict::Pe),
        (b"WIN\n9 9 3 x\n", Verdict::Wa),
        (b"LOSE", Verdict::Wa),
        (b"LOSE 1", Verdict::Pe),
        (b"", Verdict::Pe),
        (b"WIN", Verdict::Wa),
    ] {
        assert_eq!(model(&maze, &j, out, false), v, "{}", out.escape_ascii());
        let o = check_with(SAMPLE, out, SAMPLE_ANS.as_bytes(), &config());
        assert_eq!(o.verdict, v, "{}", out.escape_ascii());
    }
    assert_eq!(model(&maze, &j, b"WIN\n3 2\n2 3", true), Verdict::Wa);
}

// ---------------------------------------------------------------------------------------------
// Hostile outputs.

/// Mazes for the hostile test: WIN and LOSE, square and not, from 1×1 to 40×40.
fn hostile_mazes() -> Vec<String> {
    let mut v: Vec<String> = [
        SAMPLE,
        LOSE_MAZE,
        "1 1\n.\n",
        "1 1\n#\n",
        "1 7\n.......\n",
        "4 1\n.\n.\n#\n.\n",
        "5 5\n.....\n.....\n.....\n.....\n.....\n",
        "2 3\n...\n..#\n",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for (spec, seed) in [
        ("random n=6 m=9 walls=0.3", 1),
        ("unbalanced n=7 m=4", 2),
        ("random n=40 m=40 walls=0.4", 3),
        ("lose n=8 m=8", 4),
    ] {
        v.push(common::generated(game(), spec, seed));
    }
    v
}

/// Hostile tokens: near misses of the format, numbers of every kind, bytes that are not text.
fn hostile_token(rng: &mut TestRng, maze: &Maze) -> Vec<u8> {
    let n = maze.n() as u32;
    let m = maze.m() as u32;
    match rng.below(24) {
        0 => b"WIN".to_vec(),
        1 => b"LOSE".to_vec(),
        2 => [
            &b"win"[..],
            b"Win",
            b"lose",
            b"WINS",
            b"LOSE.",
            b"W",
            b"WINLOSE",
        ][rng.below(7) as usize]
            .to_vec(),
        3..=6 => rng.range(0, n + 1).to_string().into_bytes(),
        7..=9 => rng.range(0, m + 1).to_string().into_bytes(),
        kind @ 10..=19 => garbage_token(rng, kind - 10, &[]),
        20 => b"1 1".to_vec(),
        21 => b"\x00WIN".to_vec(),
        22 => b"2\x003".to_vec(),
        _ => b"0".to_vec(),
    }
}

/// The lines of a canonical answer, split into tokens.
fn answer_lines(ans: &[u8]) -> Vec<Vec<Vec<u8>>> {
    ans.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| l.split(|&b| b == b' ').map(<[u8]>::to_vec).collect())
        .collect()
}

fn lines_to_bytes(lines: &[Vec<Vec<u8>>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(&l.join(&b' '));
        out.push(b'\n');
    }
    out
}

/// One hostile output for a maze with canonical answer `ans`, and the verdict it must get when
/// it is known without the model (`None` when only the model knows).
fn hostile_output(
    kind: u32,
    rng: &mut TestRng,
    maze: &Maze,
    ans: &[u8],
) -> (Vec<u8>, Option<Verdict>) {
    let mut lines = answer_lines(ans);
    let win = lines[0][0] == b"WIN";
    match kind {
        // The correct answer, cells permuted, random white space: AC.
        0 | 1 => {
            rng.shuffle(&mut lines[1..]);
            let tokens: Vec<Vec<u8>> = lines.concat();
            (join(&tokens, rng, 0.8), Some(Verdict::Ac))
        }
        // Swap two lines (the header may move: PE then).
        2 => {
            let a = rng.below(lines.len() as u32) as usize;
            let b = rng.below(lines.len() as u32) as usize;
            let header = lines[0].clone();
            lines.swap(a, b);
            let v = if lines[0] == header {
                Verdict::Ac
            } else {
                Verdict::Pe
            };
            (lines_to_bytes(&lines), Some(v))
        }
        // Duplicate a cell line: WA (listed twice).
        3 if win => {
            let a = 1 + rng.below(lines.len() as u32 - 1) as usize;
            let l = lines[a].clone();
            let at = 1 + rng.below(lines.len() as u32) as usize;
            lines.insert(at.min(lines.len()), l);
            (lines_to_bytes(&lines), Some(Verdict::Wa))
        }
        // Remove a cell line: WA (a missing cell, or WIN with none).
        4 if win => {
            let a = 1 + rng.below(lines.len() as u32 - 1) as usize;
            lines.remove(a);
            (lines_to_bytes(&lines), Some(Verdict::Wa))
        }
        // Add a cell, on or off the board: WA (every winner is listed already).
        5 => {
            let r = rng.range(0, maze.n() as u32 + 2) as i64 - 1;
            let c = rng.range(0, maze.m() as u32 + 2) as i64 - 1;
            let at = 1 + rng.below(lines.len() as u32) as usize;
            lines.insert(
                at,
                vec![r.to_string().into_bytes(), c.to_string().into_bytes()],
            );
            let v = if win { Verdict::Wa } else { Verdict::Pe };
            (lines_to_bytes(&lines), Some(v))
        }
        // Rows and columns swapped everywhere.
        6 => {
            for l in lines.iter_mut().skip(1) {
                l.swap(0, 1);
            }
            (lines_to_bytes(&lines), None)
        }
        // Replace, insert or append hostile tokens.
        7..=9 => {
            let mut tokens: Vec<Vec<u8>> = lines.concat();
            sprinkle(&mut tokens, rng, |rng| hostile_token(rng, maze));
            (join(&tokens, rng, 0.8), None)
        }
        // Token soup.
        10..=12 => {
            let mut tokens = soup(rng, |rng| hostile_token(rng, maze));
            if rng.chance(0.5) {
                tokens.insert(0, b"WIN".to_vec());
            }
            (join(&tokens, rng, 0.8), None)
        }
        // Random bytes, alone or after a correct start.
        13 => (random_bytes_after(ans, rng), None),
        // The correct answer with bytes flipped, cut, or inserted.
        14 => (mutated(ans, rng), None),
        // Lots of white space around and between the tokens of the correct answer: AC.
        15 => (spaced_out(&lines.concat(), rng), Some(Verdict::Ac)),
        _ => {
            let tokens: Vec<Vec<u8>> = lines.concat();
            (join(&tokens, rng, 0.8), Some(Verdict::Ac))
        }
    }
}

/// 12 000 hostile outputs over 12 mazes, a third of them under `row_major`. Each output's
/// verdict must equal the model's, be one of AC, WA, PE (never FAIL), and match the verdict of
/// its kind where the kind alone decides it (a permuted correct answer is AC, a duplicated line
/// WA, ...). The checker must not panic (a panic fails the test).
#[test]
fn hostile_outputs_get_the_verdict_of_the_rules() {
    let mazes = hostile_mazes();
    let answers: Vec<Vec<u8>> = mazes.iter().map(|m| jury(m)).collect();
    let models: Vec<Maze> = mazes.iter().map(|m| Maze::new(m)).collect();
    let sets: Vec<_> = answers.iter().map(|a| jury_set(a)).collect();
    let (default_cfg, rm_cfg) = (config(), row_major_config());
    // Every verdict occurs plenty: the stream is not all one kind.
    hostile_stream("game", 12_000, (1000, 3000), |i, rng| {
        let k = i as usize % mazes.len();
        let kind = rng.below(17);
        let row_major = i % 3 == 0;
        let cfg = if row_major { &rm_cfg } else { &default_cfg };
        let (out, known) = hostile_output(kind, rng, &models[k], &answers[k]);
        let o = check_with(&mazes[k], &out, &answers[k], cfg);
        let want = model(&models[k], &sets[k], &out, row_major);
        // Under row_major a permutation is WA unless the order happened to stay: left to the
        // model.
        let known = known.filter(|_| !(row_major && kind <= 2));
        (
            o,
            want,
            known,
            out,
            format!("case {i} kind {kind} row_major {row_major}"),
        )
    });
}

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
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// 200 MB of output: the winning cells of a 99×99 open board (4901 cells, in reverse order)
/// with ~20 KB of white space before each token, made on the fly. The checker must read it all
/// and accept it; the process's peak memory must not grow by anything near the output size.
#[test]
fn two_hundred_megabytes_are_streamed() {
    let input = common::game::open_99();
    let ans = jury(&input);
    assert_eq!(answer_lines(&ans).len(), 4902);
    let segments = common::game::padded_reversed(&ans);
    let mut s = stream(segments, 0);
    assert!(s.total() > 199_000_000);
    let before = peak_rss_kib();
    let o = game().check(input.as_bytes(), &mut s, &ans, &config());
    let after = peak_rss_kib();
    assert_outcome(&o, Verdict::Ac, "WIN, 4901 cells");
    assert_eq!(s.served, s.total(), "everything was read");
    if let (Some(b), Some(a)) = (before, after) {
        assert!(
            a.saturating_sub(b) < 64 * 1024,
            "peak memory grew by {} KiB",
            a - b
        );
    }
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
    let winners = answer_lines(&ans).len() - 1;
    let maze = Maze::new(&input);
    let mut all = String::from("WIN\n");
    let mut free = 0;
    for r in 1..=maze.n() {
        for c in 1..=maze.m() {
            if maze.free(r, c) {
                all.push_str(&format!("{r} {c}\n"));
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
