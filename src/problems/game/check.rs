//! Checker of `game`: the winning cells in any order (or row-major order when `problem.toml`
//! sets `checker.row_major = true`, as the original judge without a special judge did).
//!
//! The same reader reads the contestant output and the jury answer; a jury answer that does
//! not read cleanly is a judge error (FAIL), never a contestant's. As in testlib, the input and
//! the jury answer are read by tokens (any white space between them: trailing spaces and CR LF
//! line ends of official data are fine), and a UTF-8 byte order mark at the start of the output
//! is skipped.

use std::io::Read;

use super::{unbounded, FREE};
use crate::core::diff::ListDiff;
use crate::core::token_reader::{SkipBom, TokenReader};
use crate::core::verdict::{CheckOutcome, Verdict};
use crate::problem::ProblemConfig;
use crate::problems::grid::Grid;

/// A readable, rule-abiding answer: `None` for LOSE, else the listed cells (ids, in the order
/// given, no duplicates, all free).
type Answer = Option<Vec<u32>>;

/// Reads an answer for maze `g`. Errors carry the verdict a contestant would get (PE / WA).
fn read_answer<R: Read>(
    g: &Grid,
    reader: &mut TokenReader<R>,
    row_major: bool,
) -> Result<Answer, CheckOutcome> {
    let first = reader.next_token().map_err(CheckOutcome::from)?;
    let Some(first) = first else {
        return Err(CheckOutcome::pe("empty output: expected WIN or LOSE"));
    };
    match &first.bytes[..] {
        b"LOSE" => {
            if let Some(t) = reader.next_token().map_err(CheckOutcome::from)? {
                return Err(CheckOutcome::pe(format!(
                    "{}: expected end of output after LOSE, found {}",
                    t.at(),
                    t.show()
                )));
            }
            Ok(None)
        }
        b"WIN" => {
            let mut seen = vec![false; g.len() as usize];
            let mut cells: Vec<u32> = Vec::new();
            while let Some(rt) = reader.next_token().map_err(CheckOutcome::from)? {
                let r = rt.int().map_err(|e| {
                    CheckOutcome::pe(format!(
                        "{}: expected a row number, found {}{}",
                        rt.at(),
                        rt.show(),
                        e.note()
                    ))
                })?;
                let Some(ct) = reader.next_token().map_err(CheckOutcome::from)? else {
                    return Err(CheckOutcome::pe(format!(
                        "{}: row {r} has no column (odd count of numbers)",
                        rt.at()
                    )));
                };
                let c = ct.int().map_err(|e| {
                    CheckOutcome::pe(format!(
                        "{}: expected a column number, found {}{}",
                        ct.at(),
                        ct.show(),
                        e.note()
                    ))
                })?;
                if r < 1 || r > i64::from(g.n) || c < 1 || c > i64::from(g.m) {
                    return Err(CheckOutcome::wa(format!(
                        "{}: cell ({r}, {c}) is outside the {}x{} maze",
                        rt.at(),
                        g.n,
                        g.m
                    )));
                }
                let id = g.id(r as u32 - 1, c as u32 - 1);
                if g.at(id) != FREE {
                    return Err(CheckOutcome::wa(format!(
                        "{}: cell ({r}, {c}) is a wall",
                        rt.at()
                    )));
                }
                if seen[id as usize] {
                    return Err(CheckOutcome::wa(format!(
                        "{}: cell ({r}, {c}) is listed twice",
                        rt.at()
                    )));
                }
                if row_major {
                    if let Some(&prev) = cells.last() {
                        if prev > id {
                            let (pr, pc) = g.pos(prev);
                            return Err(CheckOutcome::wa(format!(
                                "{}: cell ({r}, {c}) comes after ({}, {}): row-major order required",
                                rt.at(),
                                pr + 1,
                                pc + 1
                            )));
                        }
                    }
                }
                seen[id as usize] = true;
                cells.push(id);
            }
            if cells.is_empty() {
                return Err(CheckOutcome::wa(
                    "WIN with no winning cell listed".to_string(),
                ));
            }
            Ok(Some(cells))
        }
        _ => Err(CheckOutcome::pe(format!(
            "{}: expected WIN or LOSE, found {}",
            first.at(),
            first.show()
        ))),
    }
}

fn show_cell(g: &Grid, id: u32) -> String {
    let (r, c) = g.pos(id);
    format!("{} {}", r + 1, c + 1)
}

/// How many diff lines the one-line message and the details show at most.
const SHOW_ONE_LINE: usize = 6;
const SHOW_DETAILS: usize = 40;

/// WA explaining how two cell sets differ, as a `similar` line diff of the sorted lists.
fn explain_difference(g: &Grid, jury: &[u32], got: &[u32]) -> CheckOutcome {
    let mut jury = jury.to_vec();
    let mut got = got.to_vec();
    jury.sort_unstable();
    got.sort_unstable();
    let lines = |ids: &[u32]| -> Vec<String> { ids.iter().map(|&id| show_cell(g, id)).collect() };
    let diff = ListDiff::new(&lines(&jury), &lines(&got));
    let msg = format!(
        "wrong set of winning cells: {} missing, {} extra (expected {} cells, got {}); diff (- missing, + extra): {}",
        diff.missing,
        diff.extra,
        jury.len(),
        got.len(),
        diff.brief(SHOW_ONE_LINE)
    );
    let details = diff.details(
        "--- jury answer (sorted)\n+++ your output (sorted)\n",
        SHOW_DETAILS,
    );
    CheckOutcome::wa(msg).with_details(details)
}

/// The checker. See the module docs; never panics on any `output`.
pub(super) fn check(
    input: &[u8],
    output: &mut dyn Read,
    answer: &[u8],
    config: &ProblemConfig,
) -> CheckOutcome {
    let g = match super::parse_tokens(input, &unbounded()) {
        Ok(g) => g,
        Err(e) => return CheckOutcome::fail(format!("input does not validate: {e}")),
    };
    let row_major = match config.checker_flag("row_major", false) {
        Ok(b) => b,
        Err(e) => return CheckOutcome::fail(format!("problem.toml: {e}")),
    };
    let jury = match read_answer(&g, &mut TokenReader::new(answer), false) {
        Ok(a) => a,
        Err(o) => return CheckOutcome::fail(format!("jury answer is broken: {}", o.message)),
    };
    let got = match read_answer(&g, &mut TokenReader::new(SkipBom::new(output)), row_major) {
        Ok(a) => a,
        Err(o) => return o,
    };
    match (jury, got) {
        (None, None) => CheckOutcome::ac("LOSE"),
        (Some(j), None) => {
            let eg: Vec<String> = j.iter().take(3).map(|&id| format!("({})", show_cell(&g, id))).collect();
            CheckOutcome::wa(format!(
                "answered LOSE, but A wins from {} cells, e.g. {}",
                j.len(),
                eg.join(", ")
            ))
        }
        (None, Some(c)) => CheckOutcome::wa(format!(
            "answered WIN with {} cells, but no start cell wins (the free cells have a perfect matching)",
            c.len()
        )),
        (Some(j), Some(c)) => {
            let mut js = j.clone();
            let mut cs = c.clone();
            js.sort_unstable();
            cs.sort_unstable();
            if js == cs {
                CheckOutcome::new(Verdict::Ac, format!("WIN, {} cells", j.len()))
            } else {
                explain_difference(&g, &j, &c)
            }
        }
    }
}
