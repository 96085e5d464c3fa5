//! Checker of `bunny`: the output is `r` and then r indices; the sequence must equal the jury's
//! (increasing order is part of the answer). White space between tokens is free.
//!
//! Verdicts, decided by the first defect in reading order:
//! * PE: empty output, a token that is not an integer as testlib's `readLong` reads one
//!   ([`crate::core::token_reader::Token::int`]: optional `-`, digits, no `+`, no leading
//!   zero, not `-0`, within 64 bits), fewer than r indices, a token after the r indices, a
//!   token longer than [`crate::core::token_reader::MAX_TOKEN`] bytes;
//! * WA: r outside 0..=k (a negative r included; nothing more is read, so memory
//!   stays O(k) whatever r says), an index outside 1..=k, indices not strictly increasing;
//! * then, the whole output having been read: WA when the list differs from the jury's (a
//!   wrong count or wrong indices), explained by a `similar` diff;
//! * FAIL only when the input or the jury answer does not read cleanly.
//!
//! As in testlib, the input and the jury answer are read by tokens (any white space between
//! them: the official data's trailing spaces are fine), and a UTF-8 byte order mark at the start
//! of the output is skipped.

use std::io::Read;

use super::unbounded;
use crate::core::diff::ListDiff;
use crate::core::token_reader::{SkipBom, TokenReader};
use crate::core::verdict::CheckOutcome;

/// How many changes the one-line message and the details show at most.
const SHOW_ONE_LINE: usize = 8;
const SHOW_DETAILS: usize = 50;

/// Reads `r` and the r indices of a record with `k` Bunny moves. Errors carry the verdict a
/// contestant would get (PE or WA). Memory O(min(r, k)).
fn read_answer<R: Read>(reader: &mut TokenReader<R>, k: usize) -> Result<Vec<u32>, CheckOutcome> {
    let mut next = || reader.next_token().map_err(CheckOutcome::from);
    let Some(first) = next()? else {
        return Err(CheckOutcome::pe(
            "empty output: expected r, the number of mistakes",
        ));
    };
    let r = first.int().map_err(|e| {
        CheckOutcome::pe(format!(
            "{}: expected r, the number of mistakes, found {}{}",
            first.at(),
            first.show(),
            e.note()
        ))
    })?;
    let k = k as i64;
    if !(0..=k).contains(&r) {
        return Err(CheckOutcome::wa(format!(
            "{}: count r = {r} is not between 0 and {k} (Bunny made {k} move{})",
            first.at(),
            if k == 1 { "" } else { "s" }
        )));
    }
    let mut list: Vec<u32> = Vec::with_capacity(r as usize);
    for j in 1..=r {
        let Some(t) = next()? else {
            return Err(CheckOutcome::pe(format!(
                "r = {r}, but the output ends after {} indices",
                j - 1
            )));
        };
        let v = t.int().map_err(|e| {
            CheckOutcome::pe(format!(
                "{}: index {j} of {r}: expected an integer, found {}{}",
                t.at(),
                t.show(),
                e.note()
            ))
        })?;
        if !(1..=k).contains(&v) {
            return Err(CheckOutcome::wa(format!(
                "{}: index {j} of {r} is {v}, not a move number between 1 and {k}",
                t.at()
            )));
        }
        if let Some(&prev) = list.last() {
            if i64::from(prev) >= v {
                return Err(CheckOutcome::wa(format!(
                    "{}: index {j} of {r} is {v}, after {prev}: the indices must be strictly \
                     increasing",
                    t.at()
                )));
            }
        }
        list.push(v as u32);
    }
    if let Some(t) = next()? {
        return Err(CheckOutcome::pe(format!(
            "{}: expected the end of the output after the {r} indices, found {}",
            t.at(),
            t.show()
        )));
    }
    Ok(list)
}

/// WA explaining how the printed mistakes differ from the jury's, with a `similar` diff.
fn explain_difference(jury: &[u32], got: &[u32]) -> CheckOutcome {
    let text = |l: &[u32]| -> Vec<String> { l.iter().map(u32::to_string).collect() };
    let diff = ListDiff::new(&text(jury), &text(got));
    let what = if jury.len() == got.len() {
        format!("right count r = {}, wrong indices", jury.len())
    } else {
        format!("expected r = {} mistakes, found {}", jury.len(), got.len())
    };
    let msg = format!(
        "{what}: {} missing, {} extra; diff (- missing, + extra): {}",
        diff.missing,
        diff.extra,
        diff.brief(SHOW_ONE_LINE)
    );
    let details = diff.details("--- jury answer\n+++ your output\n", SHOW_DETAILS);
    CheckOutcome::wa(msg).with_details(details)
}

/// The checker. See the module docs; never panics on any `output`.
pub(super) fn check(input: &[u8], output: &mut dyn Read, answer: &[u8]) -> CheckOutcome {
    let rec = match super::parse_tokens(input, &unbounded()) {
        Ok(rec) => rec,
        Err(e) => return CheckOutcome::fail(format!("input does not validate: {e}")),
    };
    let k = rec.k();
    let jury = match read_answer(&mut TokenReader::new(answer), k) {
        Ok(a) => a,
        Err(o) => return CheckOutcome::fail(format!("jury answer is broken: {}", o.message)),
    };
    let got = match read_answer(&mut TokenReader::new(SkipBom::new(output)), k) {
        Ok(a) => a,
        Err(o) => return o,
    };
    if got == jury {
        CheckOutcome::ac(format!("r = {} mistakes of k = {k} moves", jury.len()))
    } else {
        explain_difference(&jury, &got)
    }
}
