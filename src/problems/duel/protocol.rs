//! The jury's side of one `duel` exchange over two streams ([`interact`]), on top of
//! [`super::strategy`]: it writes the board, reads the contestant's claim or start, then plays
//! B until the game ends, checking every message strictly.
//!
//! Messages of the contestant (one per line, ended by `\n`, tokens separated by single
//! spaces, numbers in decimal without sign or leading zero): `LOSE`, `START r c`, `r c`, and
//! `0 0`. A line longer than [`MAX_LINE`] bytes, any other byte, a missing line end at the
//! end of the stream, an illegal move or a lost game is WA, with a message naming the line of
//! the contestant's output and what was wrong. Lines are read with a bounded buffer: a
//! hostile stream (binary, one huge line, an early end) costs O(`MAX_LINE`) memory and never
//! FAIL.

use std::io::{BufRead, Write};

use super::strategy::Duel;
use crate::core::verdict::CheckOutcome;
use crate::problems::grid::Grid;

/// The longest line the contestant may send, in bytes without its `\n`: `START` and two
/// numbers of at most 9 digits fit in 25.
pub const MAX_LINE: usize = 32;

/// One line of the contestant's output.
enum Line {
    /// A complete line, without its `\n`.
    Text(Vec<u8>),
    /// The stream ended before the line began.
    End,
    /// Something that cannot be a message: the reason.
    Bad(String),
}

/// Reads one line of at most [`MAX_LINE`] bytes from `r` (consuming at most `MAX_LINE + 1`
/// bytes on failure).
fn read_line(r: &mut dyn BufRead) -> Line {
    let mut line = Vec::new();
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Line::Bad(format!("the contestant's output could not be read: {e}")),
        };
        if buf.is_empty() {
            return if line.is_empty() {
                Line::End
            } else {
                Line::Bad(format!(
                    "the output ended inside the line {}: every message ends with a line end",
                    show(&line)
                ))
            };
        }
        let room = MAX_LINE + 1 - line.len();
        let take = buf.len().min(room);
        if let Some(at) = buf[..take].iter().position(|&b| b == b'\n') {
            line.extend_from_slice(&buf[..at]);
            r.consume(at + 1);
            return Line::Text(line);
        }
        line.extend_from_slice(&buf[..take]);
        r.consume(take);
        if line.len() > MAX_LINE {
            return Line::Bad(format!(
                "a line longer than {MAX_LINE} bytes, starting {}",
                show(&line[..16])
            ));
        }
    }
}

/// Bytes as a quoted, escaped string for messages (at most 40 bytes shown).
fn show(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(40)];
    let mut s: String = cut.escape_ascii().to_string();
    if bytes.len() > 40 {
        s.push_str("...");
    }
    format!("\"{s}\"")
}

/// A decimal number token: digits only, no leading zero, at most 9 digits.
fn number(tok: &[u8]) -> Option<u32> {
    let ok = !tok.is_empty()
        && tok.len() <= 9
        && tok.iter().all(u8::is_ascii_digit)
        && (tok[0] != b'0' || tok.len() == 1);
    ok.then(|| tok.iter().fold(0u32, |a, &d| a * 10 + u32::from(d - b'0')))
}

/// `r c` as two numbers, or why not.
fn pair(text: &[u8]) -> Option<(u32, u32)> {
    let mut parts = text.split(|&b| b == b' ');
    let r = number(parts.next()?)?;
    let c = number(parts.next()?)?;
    parts.next().is_none().then_some((r, c))
}

/// Writes one message and flushes; a failed write (the contestant left) is remembered only
/// through the end of its output, which the next read sees.
fn send(w: &mut dyn Write, text: &str) {
    let _ = w.write_all(text.as_bytes()).and_then(|_| w.flush());
}

/// Plays one exchange on `grid` (module docs). `claims_lose` is the jury answer's verdict
/// (`LOSE` or not), checked against the board: FAIL when they disagree.
pub fn interact(
    grid: &Grid,
    answer_says_lose: bool,
    from: &mut dyn BufRead,
    to: &mut dyn Write,
) -> CheckOutcome {
    let duel = Duel::new(grid);
    if duel.every_start_loses() != answer_says_lose {
        return CheckOutcome::fail(format!(
            "the jury answer says {} but the board's graph {} a perfect matching",
            if answer_says_lose { "LOSE" } else { "WIN" },
            if duel.every_start_loses() {
                "has"
            } else {
                "has no"
            }
        ));
    }
    let mut board = format!("{} {}\n", grid.n, grid.m).into_bytes();
    grid.write_rows(&mut board);
    let _ = to.write_all(&board).and_then(|_| to.flush());

    let mut line_no = 0u64;
    let next = |from: &mut dyn BufRead, line_no: &mut u64| {
        *line_no += 1;
        (*line_no, read_line(from))
    };
    let wa = |no: u64, what: String| CheckOutcome::wa(format!("line {no} of your output: {what}"));

    // The claim or the start.
    let (no, first) = next(from, &mut line_no);
    let text = match first {
        Line::Text(t) => t,
        Line::End => return CheckOutcome::wa("your output ended before LOSE or START r c"),
        Line::Bad(why) => return wa(no, why),
    };
    if text == b"LOSE" {
        if !duel.every_start_loses() {
            return wa(
                no,
                "LOSE is wrong: some start cell wins for A (the board's graph has no perfect \
                 matching)"
                    .into(),
            );
        }
        return finish(from, no, "LOSE is right: every start loses");
    }
    let Some(rest) = text.strip_prefix(b"START ") else {
        return wa(
            no,
            format!("expected LOSE or START r c, found {}", show(&text)),
        );
    };
    let Some((r, c)) = pair(rest) else {
        return wa(
            no,
            format!(
                "expected START r c (two numbers without leading zeros, single spaces), found \
                 {}",
                show(&text)
            ),
        );
    };
    if r < 1 || r > grid.n || c < 1 || c > grid.m {
        return wa(
            no,
            format!("START {r} {c} is outside the {}x{} board", grid.n, grid.m),
        );
    }
    let start = grid.id(r - 1, c - 1);
    if !duel.is_free(start) {
        return wa(no, format!("START {r} {c} is a blocked cell"));
    }
    let mut play = duel.start(start);
    let mut moves = 0u64;
    loop {
        match play.b_move() {
            None => {
                send(to, "0 0\n");
                return finish(
                    from,
                    line_no,
                    &format!("A won: B has no move after {moves} moves of the game"),
                );
            }
            Some(id) => {
                let (br, bc) = grid.pos(id);
                moves += 1;
                send(to, &format!("{} {}\n", br + 1, bc + 1));
            }
        }
        let (no2, line) = next(from, &mut line_no);
        let text = match line {
            Line::Text(t) => t,
            Line::End => {
                return wa(
                    no2,
                    "your output ended before your move (r c, or 0 0 without a move)".into(),
                )
            }
            Line::Bad(why) => return wa(no2, why),
        };
        let Some((r, c)) = pair(&text) else {
            return wa(
                no2,
                format!(
                    "expected a move r c (two numbers without leading zeros, single spaces), \
                     found {}",
                    show(&text)
                ),
            );
        };
        if (r, c) == (0, 0) {
            let left = play.moves();
            if left.is_empty() {
                return wa(
                    no2,
                    format!("you lost: A has no move after {moves} moves of the game"),
                );
            }
            let (lr, lc) = grid.pos(left[0]);
            return wa(
                no2,
                format!(
                    "0 0 although A can still move (to {} {}, for one)",
                    lr + 1,
                    lc + 1
                ),
            );
        }
        let legal = r >= 1 && r <= grid.n && c >= 1 && c <= grid.m && {
            let id = grid.id(r - 1, c - 1);
            play.is_legal(id)
        };
        if !legal {
            let (tr, tc) = grid.pos(play.token());
            return wa(
                no2,
                format!(
                    "illegal move {r} {c}: the token is on {} {} and may only go to a free, \
                     unvisited cell beside it",
                    tr + 1,
                    tc + 1
                ),
            );
        }
        play.play(grid.id(r - 1, c - 1));
        moves += 1;
    }
}

/// The end of an exchange the contestant won: nothing may follow its last message. Reads to
/// the end of its output (the contestant must exit) in bounded chunks.
fn finish(from: &mut dyn BufRead, last_line: u64, message: &str) -> CheckOutcome {
    loop {
        match from.fill_buf() {
            Ok([]) => return CheckOutcome::ac(message),
            Ok(buf) => {
                let shown = show(&buf[..buf.len().min(40)]);
                return CheckOutcome::wa(format!(
                    "output after the end of the game (after line {last_line}): {shown}"
                ));
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return CheckOutcome::wa(format!("the contestant's output could not be read: {e}"))
            }
        }
    }
}
