//! `gridjudge build --report`: HTML pages of a problem's tests, written to
//! `problems/<p>/report/`:
//!
//! * `index.html`: the problem page: statistics of the tests and their jury answers
//!   ([`Statistics`]: WIN/LOSE counts or mistakes per record, board sizes, tests per group), the
//!   results of the last `gridjudge verify` (kill matrix, expectations, survivors, minimal
//!   killing set) or a note that verify has not run, and the table of tests linking to
//! * `tests/NN.html`: a page per test with its picture ([`crate::problems::picture`], legend included),
//!   its source and answer, and every submission's verdict on it when verify has run.
//!
//! The pages are plain HTML with inline CSS and SVG and no script, so they open from disk in
//! any browser; the index holds no picture and stays small (about 300 bytes per test). The
//! verify results are read from `report/verify.json`, which `gridjudge verify` writes
//! ([`SavedVerify`]); results of another test set (a test's files changed since) are shown
//! with a warning, and not at all on the pages of the changed tests.

pub mod render;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};

use crate::core::files::{sha256_hex, write_atomic};
use crate::core::xml::xml_escape;
use crate::judge::verify::{SavedVerify, SAVED_RESULTS};
use crate::package::BuiltTest;
use crate::problem::Problem;
use crate::problem::RenderOptions;

/// The facts of one test the statistics read.
#[derive(Clone, Copy, Debug)]
pub struct TestData<'a> {
    /// Test group, if any.
    pub group: Option<&'a str>,
    /// Whether it is a sample.
    pub sample: bool,
    /// Input bytes.
    pub input: &'a [u8],
    /// Jury answer bytes.
    pub answer: &'a [u8],
}

impl<'a> From<&'a BuiltTest> for TestData<'a> {
    fn from(t: &'a BuiltTest) -> Self {
        TestData {
            group: t.spec.group.as_deref(),
            sample: t.spec.sample,
            input: &t.input,
            answer: &t.answer,
        }
    }
}

/// Minimum, median and maximum of some counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spread {
    /// Smallest value.
    pub min: u64,
    /// The median; the lower of the two middle values for an even count.
    pub median: u64,
    /// Largest value.
    pub max: u64,
}

impl Spread {
    /// The spread of `values`; `None` when empty. `O(v log v)`.
    pub fn of(values: &[u64]) -> Option<Spread> {
        let mut v = values.to_vec();
        v.sort_unstable();
        Some(Spread {
            min: *v.first()?,
            median: v[(v.len() - 1) / 2],
            max: *v.last()?,
        })
    }
}

/// What the jury answers say, by problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerStats {
    /// `game`: how many mazes A wins, and the winning start cells of those.
    Game {
        /// Tests answered WIN.
        win: usize,
        /// Tests answered LOSE.
        lose: usize,
        /// Winning cells per WIN test.
        winning_cells: Option<Spread>,
    },
    /// `bunny`: Bunny's moves and mistakes per record.
    Bunny {
        /// Bunny's moves (k) per record.
        bunny_moves: Option<Spread>,
        /// Mistakes per record.
        mistakes: Option<Spread>,
        /// (number of mistakes, records with that many), ascending.
        mistakes_histogram: Vec<(u64, usize)>,
    },
    /// A problem without answer statistics.
    None,
}

/// Statistics of a problem's tests and jury answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistics {
    /// Tests.
    pub tests: usize,
    /// Samples among them.
    pub samples: usize,
    /// (group, tests in it) in order of first appearance; tests without a group count as
    /// `(none)`.
    pub groups: Vec<(String, usize)>,
    /// Rows (n) per board.
    pub rows: Option<Spread>,
    /// Columns (m) per board.
    pub columns: Option<Spread>,
    /// Cells (n·m) per board.
    pub cells: Option<Spread>,
    /// What the jury answers say.
    pub answers: AnswerStats,
}

/// Name of the pseudo-group of tests without a group.
pub const NO_GROUP: &str = "(none)";

/// The statistics of `tests` of problem `problem` (a problem name; `game` and `bunny` have
/// board and answer statistics, any other problem only counts and groups: `rows`, `columns`
/// and `cells` are `None`). Every input of theirs starts with `n m`; `game` answers are `WIN ...` or `LOSE`,
/// a `bunny` input has k after its n board rows and its answer starts with the number of
/// mistakes.
///
/// Errors: a test that does not have this shape, named by its 1-based position.
pub fn statistics(problem: &str, tests: &[TestData<'_>]) -> anyhow::Result<Statistics> {
    let mut groups: Vec<(String, usize)> = Vec::new();
    let (mut rows, mut columns, mut cells) = (Vec::new(), Vec::new(), Vec::new());
    let (mut win, mut lose, mut winning) = (0, 0, Vec::new());
    let (mut ks, mut mistakes) = (Vec::new(), Vec::new());
    for (i, t) in tests.iter().enumerate() {
        let at = || format!("test {}", i + 1);
        let g = t.group.unwrap_or(NO_GROUP);
        match groups.iter_mut().find(|(name, _)| name == g) {
            Some((_, c)) => *c += 1,
            None => groups.push((g.to_string(), 1)),
        }
        // Boards only where the problem has them: a program problem's input need not start
        // with a board's size.
        if !matches!(problem, "game" | "bunny") {
            continue;
        }
        let input = words(t.input).with_context(at)?;
        let answer = words(t.answer).with_context(at)?;
        let n = int(&input, 0, "the input's n").with_context(at)?;
        let m = int(&input, 1, "the input's m").with_context(at)?;
        rows.push(n);
        columns.push(m);
        cells.push(n * m);
        match problem {
            "game" => match answer.first().copied() {
                Some("WIN") => {
                    win += 1;
                    winning.push((answer.len() as u64 - 1) / 2);
                }
                Some("LOSE") => lose += 1,
                _ => return Err(anyhow!("the answer is neither WIN nor LOSE")).with_context(at),
            },
            "bunny" => {
                let k_at = usize::try_from(n).unwrap_or(usize::MAX).saturating_add(2);
                ks.push(int(&input, k_at, "the input's k").with_context(at)?);
                mistakes.push(int(&answer, 0, "the number of mistakes").with_context(at)?);
            }
            _ => {}
        }
    }
    let answers = match problem {
        "game" => AnswerStats::Game {
            win,
            lose,
            winning_cells: Spread::of(&winning),
        },
        "bunny" => {
            let mut hist: BTreeMap<u64, usize> = BTreeMap::new();
            for &r in &mistakes {
                *hist.entry(r).or_default() += 1;
            }
            AnswerStats::Bunny {
                bunny_moves: Spread::of(&ks),
                mistakes: Spread::of(&mistakes),
                mistakes_histogram: hist.into_iter().collect(),
            }
        }
        _ => AnswerStats::None,
    };
    Ok(Statistics {
        tests: tests.len(),
        samples: tests.iter().filter(|t| t.sample).count(),
        groups,
        rows: Spread::of(&rows),
        columns: Spread::of(&columns),
        cells: Spread::of(&cells),
        answers,
    })
}

fn words(bytes: &[u8]) -> anyhow::Result<Vec<&str>> {
    Ok(std::str::from_utf8(bytes)
        .context("not UTF-8 text")?
        .split_ascii_whitespace()
        .collect())
}

fn int(words: &[&str], i: usize, what: &str) -> anyhow::Result<u64> {
    let w = words.get(i).ok_or_else(|| anyhow!("no {what}"))?;
    w.parse()
        .map_err(|_| anyhow!("`{w}` where {what} should be"))
}

const STYLE: &str = "<style>\
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:75em}\
table{border-collapse:collapse;font-size:0.9em;margin:0.5em 0}\
td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}\
td.n{text-align:right}\
.note{background:#fff6d6;border:1px solid #e5c76b;padding:6px 10px}\
.bad{color:#b00020;font-weight:bold}\
nav{margin-bottom:1em}\
pre{background:#f5f5f5;padding:6px;max-height:16em;overflow:auto}\
table.km{font-size:0.8em}table.km td{padding:1px 2px;text-align:center;font-family:monospace;white-space:nowrap}\
table.km th.t{writing-mode:vertical-rl;font-weight:normal;font-family:monospace;padding:3px 1px}\
table.km th.k{background:#ffe08a}\
.vA{background:#d7f0d2}.vW{background:#f4a6a6}.vP{background:#f7c6e0}.vT{background:#ffc978}\
.vM{background:#c9b3f0}.vO{background:#c9b3f0}.vR{background:#b9d3f3}.vF{background:#444;color:#fff}\
</style>";

fn page_head(out: &mut String, title: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{}</title>{STYLE}</head><body>\n",
        xml_escape(title)
    );
}

/// The file name (without `.html`) of test `name`'s page: the name with each `/` (a Kattis
/// package's test groups, `secret/group1/01`) written `__`.
fn page_of(name: &str) -> String {
    name.replace('/', "__")
}

/// Where a report is written and what its tests are.
struct Place {
    /// The folder holding `report/` (and the saved verify results, `report/verify.json`):
    /// the problem's folder, or a Kattis package's `gridjudge/`.
    root: PathBuf,
    /// The path from a test page (`report/tests/NAME.html`) to the folder of the test files,
    /// with a trailing `/`; a test's files are there as `NAME.in` and `NAME.ans`.
    files: String,
    /// For a Kattis package, each test's picture as HTML (a figure, a note that it has none,
    /// or why it could not be made), in test order: its tests come from `data/`, so the
    /// columns of a gridjudge build (generator line, brute force, solve time) are left out.
    kattis: Option<Vec<String>>,
}

/// CSS class of a verdict's cell: `v` and its first letter (`vA`, `vW`, `vT`, ...).
fn verdict_class(verdict: &str) -> String {
    format!("v{}", verdict.chars().next().unwrap_or('F'))
}

/// How saved verify results relate to the built tests.
enum VerifyState<'a> {
    /// `report/verify.json` does not exist.
    NotRun,
    /// It could not be read.
    Unreadable(String),
    /// Results, with the names of the tests they do not match (changed, added or removed).
    Ran {
        saved: &'a SavedVerify,
        changed: Vec<String>,
    },
}

fn verify_state<'a>(
    saved: &'a anyhow::Result<Option<SavedVerify>>,
    tests: &[BuiltTest],
) -> VerifyState<'a> {
    match saved {
        Err(e) => VerifyState::Unreadable(format!("{e:#}")),
        Ok(None) => VerifyState::NotRun,
        Ok(Some(saved)) => {
            let mut changed = Vec::new();
            for t in tests {
                match saved.tests.iter().find(|s| s.name == t.name) {
                    Some(s)
                        if s.input_sha256 == sha256_hex(&t.input)
                            && s.answer_sha256 == sha256_hex(&t.answer) => {}
                    _ => changed.push(t.name.clone()),
                }
            }
            for s in &saved.tests {
                if !tests.iter().any(|t| t.name == s.name) {
                    changed.push(s.name.clone());
                }
            }
            VerifyState::Ran { saved, changed }
        }
    }
}

/// The problem page (`index.html`) of `tests` (a build's tests in order) of `problem`, titled
/// `title`, with the verify results `state`.
fn index_html(
    problem: &dyn Problem,
    title: &str,
    tests: &[BuiltTest],
    state: &VerifyState,
    place: &Place,
) -> String {
    let mut s = String::new();
    page_head(&mut s, &format!("{title} — test report"));
    let _ = writeln!(
        s,
        "<h1>{}</h1>\n<p>Problem <code>{}</code>: {} tests, built by <code>gridjudge build \
         --report</code>. Each test's page shows {}its files and its verdicts.</p>",
        xml_escape(title),
        problem.name(),
        tests.len(),
        if has_pictures(problem) || place.kattis.is_some() {
            "its picture, "
        } else {
            ""
        }
    );
    s.push_str("<h2>Statistics</h2>\n");
    let data: Vec<TestData> = tests.iter().map(TestData::from).collect();
    match statistics(problem.name(), &data) {
        Ok(st) => statistics_html(&mut s, &st),
        Err(e) => {
            let _ = writeln!(
                s,
                "<p class=\"bad\">no statistics: {}</p>",
                xml_escape(&format!("{e:#}"))
            );
        }
    }
    bounds_html(&mut s, tests);
    s.push_str("<h2>Verification</h2>\n");
    verify_html(&mut s, problem.name(), tests, state);
    if place.kattis.is_some() {
        s.push_str(
            "<h2>Tests</h2>\n<table><thead><tr><th>test</th><th>group</th><th>input bytes</th>\
             <th>jury answer</th><th>kills</th></tr></thead><tbody>\n",
        );
        for t in tests {
            let _ = writeln!(
                s,
                "<tr><td><a href=\"tests/{}.html\">{}</a>{}</td><td>{}</td><td class=\"n\">{}\
                 </td><td>{}</td><td>{}</td></tr>",
                xml_escape(&page_of(&t.name)),
                xml_escape(&t.name),
                if t.spec.sample { " (sample)" } else { "" },
                xml_escape(t.spec.group.as_deref().unwrap_or("")),
                t.input.len(),
                xml_escape(&t.summary),
                kills_of(state, &t.name),
            );
        }
        s.push_str(
            "</tbody></table>\n<p>jury answer: its first line. kills: submissions outside \
             <code>accepted/</code> this test does not accept, from the last verify.</p>\n\
             </body></html>\n",
        );
        return s;
    }
    s.push_str(
        "<h2>Tests</h2>\n<table><thead><tr><th>test</th><th>source</th><th>group</th>\
         <th>size</th><th>jury answer</th><th>brute</th><th>solve ms</th><th>kills</th>\
         </tr></thead><tbody>\n",
    );
    for t in tests {
        let _ = writeln!(
            s,
            "<tr><td><a href=\"tests/{p}.html\">{n}</a>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td class=\"n\">{:.2}</td><td>{}</td></tr>",
            if t.spec.sample { " (sample)" } else { "" },
            xml_escape(&t.spec.source()),
            xml_escape(t.spec.group.as_deref().unwrap_or("")),
            xml_escape(&t.size),
            xml_escape(&t.summary),
            if t.brute_checked {
                "confirmed"
            } else {
                "not run"
            },
            t.solve_ms,
            kills_of(state, &t.name),
            n = xml_escape(&t.name),
            p = xml_escape(&page_of(&t.name)),
        );
    }
    s.push_str(
        "</tbody></table>\n<p>brute: whether the brute-force solver confirmed the jury answer \
         (it runs on small tests only). kills: wrong submissions this test does not accept, \
         from the last verify.</p>\n</body></html>\n",
    );
    s
}

/// The `kills` cell of test `name`: how many catalogue submissions outside
/// `accepted/` get something other than AC on it.
fn kills_of(state: &VerifyState, name: &str) -> String {
    let VerifyState::Ran { saved, changed } = state else {
        return String::new();
    };
    if changed.iter().any(|c| c == name) {
        return "changed since verify".into();
    }
    let Some(j) = saved.tests.iter().position(|t| t.name == name) else {
        return String::new();
    };
    let killed = saved
        .submissions
        .iter()
        .filter(|s| s.expected != "accepted")
        .filter(|s| s.runs.get(j).is_some_and(|r| r.verdict != "AC"))
        .count();
    if saved.killing_set.iter().any(|k| k == name) {
        format!("{killed} (killing set)")
    } else {
        killed.to_string()
    }
}

fn spread_row(s: &mut String, what: &str, sp: Option<Spread>) {
    let cells = match sp {
        Some(x) => format!(
            "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
            x.min, x.median, x.max
        ),
        None => "<td colspan=\"3\">no test</td>".into(),
    };
    let _ = writeln!(s, "<tr><td>{what}</td>{cells}</tr>");
}

fn statistics_html(s: &mut String, st: &Statistics) {
    let _ = writeln!(
        s,
        "<p>{} tests, {} of them samples.</p>",
        st.tests, st.samples
    );
    match &st.answers {
        AnswerStats::Game { win, lose, .. } => {
            let _ = writeln!(
                s,
                "<p>Jury answers: <b>WIN {win}</b>, <b>LOSE {lose}</b>.</p>"
            );
        }
        AnswerStats::Bunny {
            mistakes_histogram, ..
        } => {
            s.push_str("<p>Records by number of Bunny's mistakes (jury answers):</p>\n<table><tr><th>mistakes</th>");
            for (r, _) in mistakes_histogram {
                let _ = write!(s, "<td class=\"n\">{r}</td>");
            }
            s.push_str("</tr><tr><th>records</th>");
            for (_, c) in mistakes_histogram {
                let _ = write!(s, "<td class=\"n\">{c}</td>");
            }
            s.push_str("</tr></table>\n");
        }
        AnswerStats::None => {}
    }
    // A problem without boards (a program problem) has no per-test sizes to show.
    let boards = st.rows.is_some() || !matches!(st.answers, AnswerStats::None);
    if boards {
        s.push_str("<table><thead><tr><th>per test</th><th>min</th><th>median</th><th>max</th></tr></thead><tbody>\n");
        spread_row(s, "rows n", st.rows);
        spread_row(s, "columns m", st.columns);
        spread_row(s, "cells n·m", st.cells);
    }
    match &st.answers {
        AnswerStats::Game { winning_cells, .. } => {
            spread_row(s, "winning cells (WIN tests)", *winning_cells)
        }
        AnswerStats::Bunny {
            bunny_moves,
            mistakes,
            ..
        } => {
            spread_row(s, "Bunny's moves k", *bunny_moves);
            spread_row(s, "mistakes per record", *mistakes);
        }
        AnswerStats::None => {}
    }
    if boards {
        s.push_str("</tbody></table>\n");
    }
    s.push_str("<table><thead><tr><th>group</th><th>tests</th></tr></thead><tbody>\n");
    for (g, c) in &st.groups {
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td class=\"n\">{c}</td></tr>",
            xml_escape(g)
        );
    }
    s.push_str("</tbody></table>\n");
}

fn verify_html(s: &mut String, problem: &str, tests: &[BuiltTest], state: &VerifyState) {
    let (saved, changed) = match state {
        VerifyState::NotRun => {
            let _ = writeln!(
                s,
                "<p class=\"note\"><code>gridjudge verify</code> has not run for this problem \
                 (there is no <code>{SAVED_RESULTS}</code>), so there is no kill matrix and no \
                 verdicts. Run <code>gridjudge verify {problem}</code>, then <code>gridjudge \
                 build --report {problem}</code> (or <code>gridjudge build --verify --report \
                 {problem}</code>).</p>"
            );
            return;
        }
        VerifyState::Unreadable(e) => {
            let _ = writeln!(
                s,
                "<p class=\"note bad\">The verify results cannot be read: {}</p>",
                xml_escape(e)
            );
            return;
        }
        VerifyState::Ran { saved, changed } => (saved, changed),
    };
    let _ = writeln!(
        s,
        "<p>Last <code>gridjudge verify</code>: finished {}, {} submission(s) on {} test(s): \
         <b class=\"{}\">{}</b>.</p>",
        xml_escape(&saved.finished),
        saved.submissions.len(),
        saved.tests.len(),
        if saved.ok { "" } else { "bad" },
        if saved.ok {
            "every expectation met, no wrong submission survives"
        } else {
            "FAILED"
        }
    );
    if !changed.is_empty() {
        let _ = writeln!(
            s,
            "<p class=\"note\">These results are from another test set: test(s) {} changed, \
             were added or were removed since. Run <code>gridjudge verify {problem}</code> and \
             rebuild the report.</p>",
            xml_escape(&changed.join(" "))
        );
    }
    s.push_str(
        "<p>Kill matrix: a row per submission, a column per test; A accepted, W wrong answer, \
         P presentation error, T time limit, M memory limit, O output limit, R runtime error, \
         F judge error. Highlighted test names form the minimal killing set.</p>\n\
         <table class=\"km\"><thead><tr><th>submission</th><th>as expected</th>",
    );
    for t in &saved.tests {
        let in_build = tests.iter().any(|b| b.name == t.name);
        let name = xml_escape(&t.name);
        let label = if in_build {
            format!(
                "<a href=\"tests/{}.html\">{name}</a>",
                xml_escape(&page_of(&t.name))
            )
        } else {
            name.clone()
        };
        let k = if saved.killing_set.contains(&t.name) {
            " k"
        } else {
            ""
        };
        let _ = write!(s, "<th class=\"t{k}\">{label}</th>");
    }
    s.push_str("</tr></thead><tbody>\n");
    for sub in &saved.submissions {
        // The submission's folder (its name's first part) is the expected verdict.
        let _ = write!(
            s,
            "<tr><th>{}</th><td>{}</td>",
            xml_escape(&sub.name),
            match &sub.problem {
                None => "ok".to_string(),
                Some(p) => format!("<span class=\"bad\">no: {}</span>", xml_escape(p)),
            }
        );
        if let Some(e) = &sub.compile_error {
            let _ = write!(
                s,
                "<td colspan=\"{}\">compile error: {}</td>",
                saved.tests.len().max(1),
                xml_escape(e)
            );
        } else {
            for (t, r) in saved.tests.iter().zip(&sub.runs) {
                let _ = write!(
                    s,
                    "<td class=\"{}\" title=\"{} on {}: {} ms\">{}</td>",
                    verdict_class(&r.verdict),
                    xml_escape(&r.verdict),
                    xml_escape(&t.name),
                    r.time_ms,
                    r.verdict.chars().next().unwrap_or('?')
                );
            }
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody></table>\n");
    let _ = writeln!(
        s,
        "<p>Surviving wrong submissions (AC on every test): {}.</p>\n<p>Minimal killing set \
         ({}): {}.</p>",
        if saved.survivors.is_empty() {
            "none".to_string()
        } else {
            format!(
                "<span class=\"bad\">{}</span>",
                xml_escape(&saved.survivors.join(", "))
            )
        },
        if saved.killing_set_exact {
            "exact minimum"
        } else {
            "greedy, may not be minimum"
        },
        xml_escape(&saved.killing_set.join(" "))
    );
}

/// At most `limit` bytes of `bytes` as text, with a note of what was cut.
fn preview(bytes: &[u8], limit: usize) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(limit)]).into_owned();
    if bytes.len() > limit {
        format!("{text}\n… ({} bytes in all)", bytes.len())
    } else {
        text
    }
}

/// The size of a test page's picture: cells of at least 24 pixels (room for three-digit move
/// numbers), the board's longer side between 640 and 1200 pixels.
fn picture_options(input: &[u8]) -> RenderOptions {
    let longer = words(input)
        .ok()
        .and_then(|w| Some(int(&w, 0, "n").ok()?.max(int(&w, 1, "m").ok()?)))
        .unwrap_or(0);
    RenderOptions {
        max_side_px: longer.saturating_mul(24).clamp(640, 1200) as u32,
    }
}

/// Bytes of an input or answer shown on a test page.
const PREVIEW_BYTES: usize = 1500;

/// Whether `problem` draws its tests (`render`): the built-in problems do, a program problem
/// has no picture.
fn has_pictures(problem: &dyn Problem) -> bool {
    crate::problems::program::ProgramProblem::of(problem).is_none()
}

/// The page of test `i` of `tests` (`tests/NN.html`): navigation, facts, picture, verdicts.
fn test_html(
    problem: &dyn Problem,
    title: &str,
    tests: &[BuiltTest],
    i: usize,
    state: &VerifyState,
    place: &Place,
) -> String {
    let t = &tests[i];
    let name = xml_escape(&t.name);
    let mut s = String::new();
    page_head(&mut s, &format!("{title} — test {}", t.name));
    let link = |j: Option<usize>, label: &str| match j.and_then(|j| tests.get(j)) {
        Some(o) => format!(
            "<a href=\"{}.html\">{label} ({})</a>",
            xml_escape(&page_of(&o.name)),
            xml_escape(&o.name)
        ),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        "<nav><a href=\"../index.html\">{} — all tests</a> {} {}</nav>\n<h1>Test {name}{}</h1>",
        xml_escape(title),
        link(i.checked_sub(1), "previous"),
        link(Some(i + 1), "next"),
        if t.spec.sample { " (sample)" } else { "" }
    );
    let files = format!(
        "<a href=\"{f}{name}.in\">{name}.in</a> <a href=\"{f}{name}.ans\">{name}.ans</a>",
        f = xml_escape(&place.files)
    );
    if let Some(pictures) = &place.kattis {
        let _ = writeln!(
            s,
            "<table><tr><th>group</th><td>{}</td></tr><tr><th>input bytes</th><td>{}</td></tr>\
             <tr><th>files</th><td>{files}</td></tr></table>",
            xml_escape(t.spec.group.as_deref().unwrap_or(NO_GROUP)),
            t.input.len()
        );
        if let Some(p) = pictures.get(i) {
            s.push_str(p);
            s.push('\n');
        }
    }
    if place.kattis.is_none() {
        let _ = writeln!(
            s,
            "<table><tr><th>source</th><td>{}</td></tr><tr><th>group</th><td>{}</td></tr>\
         <tr><th>size</th><td>{}</td></tr><tr><th>jury answer</th><td>{}</td></tr>\
         <tr><th>brute force</th><td>{}</td></tr><tr><th>solve ms</th><td>{:.2}</td></tr>\
         <tr><th>files</th><td>{files}</td></tr></table>",
            xml_escape(&t.spec.source()),
            xml_escape(t.spec.group.as_deref().unwrap_or(NO_GROUP)),
            xml_escape(&t.size),
            xml_escape(&t.summary),
            if t.brute_checked {
                "confirmed the jury answer"
            } else {
                "not run"
            },
            t.solve_ms
        );
    }
    if place.kattis.is_none() && has_pictures(problem) {
        let picture = match render::svg(problem, &t.input, None, picture_options(&t.input)) {
            Ok(svg) => svg,
            Err(e) => format!(
                "<p class=\"bad\">no picture: {}</p>",
                xml_escape(&format!("{e:#}"))
            ),
        };
        let _ = writeln!(
            s,
            "<figure>{picture}<figcaption>The jury answer on the board. For a contestant's \
             output: <code>gridjudge render {p} problems/{p}/tests/{name}.in --answer OUTPUT \
             -o out.svg</code> marks where it differs.</figcaption></figure>",
            p = problem.name()
        );
    }
    if let Some(t) = &t.transcript {
        let _ = writeln!(
            s,
            "<h2>Exchange of the reference player</h2>\n<p>Lines <code>&lt;</code> are what \
             the player read, lines <code>&gt;</code> what it wrote.</p>\n<pre>{}</pre>",
            xml_escape(t)
        );
    }
    s.push_str("<h2>Verdicts</h2>\n");
    match state {
        VerifyState::NotRun => s.push_str(
            "<p class=\"note\"><code>gridjudge verify</code> has not run for this problem.</p>\n",
        ),
        VerifyState::Unreadable(e) => {
            let _ = writeln!(
                s,
                "<p class=\"note bad\">The verify results cannot be read: {}</p>",
                xml_escape(e)
            );
        }
        VerifyState::Ran { saved, changed } => {
            if changed.contains(&t.name) {
                s.push_str(
                    "<p class=\"note\">This test changed since the last <code>gridjudge \
                     verify</code>; its verdicts are not known.</p>\n",
                );
            } else if let Some(j) = saved.tests.iter().position(|x| x.name == t.name) {
                let _ = writeln!(
                    s,
                    "<p>From the verify that finished {}.</p>\n<table><thead><tr>\
                     <th>submission</th><th>expected</th><th>verdict</th><th>CPU ms</th>\
                     <th>memory KiB</th><th>message</th></tr></thead><tbody>",
                    xml_escape(&saved.finished)
                );
                for sub in &saved.submissions {
                    let row = match (&sub.compile_error, sub.runs.get(j)) {
                        (Some(e), _) => {
                            format!("<td colspan=\"4\">compile error: {}</td>", xml_escape(e))
                        }
                        (None, Some(r)) => format!(
                            "<td class=\"{}\">{}</td><td class=\"n\">{}</td>\
                             <td class=\"n\">{}</td><td>{}</td>",
                            verdict_class(&r.verdict),
                            xml_escape(&r.verdict),
                            r.time_ms,
                            r.memory_kib,
                            xml_escape(&r.message)
                        ),
                        (None, None) => "<td colspan=\"4\">no run</td>".into(),
                    };
                    let _ = writeln!(
                        s,
                        "<tr><td>{}</td><td>{}</td>{row}</tr>",
                        xml_escape(&sub.name),
                        xml_escape(&sub.expected)
                    );
                }
                s.push_str("</tbody></table>\n");
            }
        }
    }
    let _ = writeln!(
        s,
        "<h2>Input</h2><pre>{}</pre><h2>Jury answer</h2><pre>{}</pre>\n</body></html>",
        xml_escape(&preview(&t.input, PREVIEW_BYTES)),
        xml_escape(&preview(&t.answer, PREVIEW_BYTES))
    );
    s
}

/// Writes the report of a build to `<problems_dir>/<p>/report/`: `index.html` and
/// `tests/NN.html` for every test (each atomically), removing pages of tests that no longer
/// exist, and returns the index's path. Reads the verify results from `report/verify.json`
/// when present (an unreadable file is reported in the pages, not an error).
///
/// Errors: a folder cannot be created or a page cannot be written.
pub fn write_report(
    problem: &dyn Problem,
    title: &str,
    problems_dir: &Path,
    tests: &[BuiltTest],
) -> anyhow::Result<PathBuf> {
    let place = Place {
        root: problems_dir.join(problem.name()),
        files: "../../tests/".into(),
        kattis: None,
    };
    write_pages(problem, title, &place, tests)
}

/// Writes the report of the Kattis package `package` to `gridjudge/report/` in it
/// ([`crate::problems::kattis::WORK_DIR`]), as [`write_report`] does for a gridjudge problem:
/// the problem page (statistics by group, the kill matrix of the last `gridjudge verify`, which
/// saves its results there) and a page per test of `data/` (its files linked where they are,
/// its verdicts, and its picture: the test's illustration, else what `input_visualizer/` draws
/// ([`crate::problems::kattis::Package::picture`]), copied into `report/pictures/`, and what
/// `output_visualizer/` draws of the jury answer taken as an output
/// ([`crate::problems::kattis::Package::answer_pictures`]); a visualizer that fails is named
/// on the page, not an error). Returns the index's path. Cost: one input visualizer run per
/// test without an illustration, and an output validator and output visualizer run per test.
///
/// Errors: a test file cannot be read, a folder or page cannot be written.
pub fn write_kattis_report(
    package: &crate::problems::kattis::Package,
    title: &str,
) -> anyhow::Result<PathBuf> {
    use crate::problems::kattis::WORK_DIR;
    let root = package.dir.join(WORK_DIR);
    let pictures_dir = root.join("report").join("pictures");
    let read = |p: &Path| std::fs::read(p).with_context(|| format!("cannot read {}", p.display()));
    let mut tests = Vec::new();
    let mut pictures = Vec::new();
    for t in &package.tree.tests {
        let answer_path = t.answer.clone().unwrap_or_default();
        let input = read(&t.input)?;
        let answer = read(&answer_path)?;
        let summary: String = String::from_utf8_lossy(&answer)
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(60)
            .collect();
        let page = page_of(&t.name);
        let figure =
            match package.picture(&t.input, &answer_path, &t.settings.input_visualizer_args) {
                Ok(None) => "<p class=\"note\">No picture: the test has no illustration and the \
                         package no <code>input_visualizer/</code>.</p>"
                    .to_string(),
                Ok(Some((bytes, ext))) => {
                    std::fs::create_dir_all(&pictures_dir)
                        .with_context(|| format!("cannot create {}", pictures_dir.display()))?;
                    let file = format!("{page}.{ext}");
                    write_atomic(&pictures_dir.join(&file), &bytes)?;
                    let own = t.input.with_extension(ext).is_file();
                    format!(
                        "<figure><img src=\"../pictures/{}\" alt=\"picture of test {}\" \
                     style=\"max-width:100%\"><figcaption>{}</figcaption></figure>",
                        xml_escape(&file),
                        xml_escape(&t.name),
                        if own {
                            format!(
                                "The test's illustration, data/{}.{ext}.",
                                xml_escape(&t.name)
                            )
                        } else {
                            "Drawn by the package's <code>input_visualizer/</code> from the input \
                         and the jury answer."
                                .to_string()
                        }
                    )
                }
                Err(e) => format!(
                    "<p class=\"bad\">no picture: {}</p>",
                    xml_escape(&format!("{e:#}"))
                ),
            };
        let drawn = match package.answer_pictures(t) {
            Ok(made) => {
                let mut html = String::new();
                for (name, bytes) in &made {
                    std::fs::create_dir_all(&pictures_dir)
                        .with_context(|| format!("cannot create {}", pictures_dir.display()))?;
                    let file = format!("{page}.output.{name}");
                    write_atomic(&pictures_dir.join(&file), bytes)?;
                    html += &format!(
                        "<figure><img src=\"../pictures/{}\" alt=\"{} of test {}\" \
                         style=\"max-width:100%\"><figcaption>{}: drawn by the package's \
                         <code>output_visualizer/</code> with the jury answer as the \
                         output.</figcaption></figure>",
                        xml_escape(&file),
                        xml_escape(name),
                        xml_escape(&t.name),
                        xml_escape(name)
                    );
                }
                html
            }
            Err(e) => format!(
                "<p class=\"bad\">no output picture: {}</p>",
                xml_escape(&format!("{e:#}"))
            ),
        };
        pictures.push(figure + &drawn);
        let group = t.name.rsplit_once('/').map(|(g, _)| g.to_string());
        tests.push(BuiltTest {
            name: t.name.clone(),
            spec: crate::package::TestSpec {
                gen: None,
                seed: None,
                file: Some(format!("data/{}.in", t.name)),
                answer: None,
                sample: t.name.starts_with("sample/"),
                group,
            },
            input,
            answer,
            size: String::new(),
            summary,
            brute_checked: false,
            solve_ms: 0.0,
            reference: None,
            transcript: None,
            bounds: Default::default(),
        });
    }
    let place = Place {
        root,
        files: "../../../data/".into(),
        kattis: Some(pictures),
    };
    write_pages(package.problem, title, &place, &tests)
}

/// The "Bounds reached" section: per variable the validator bounds, its bounds and the tests
/// reaching its minimum and maximum (the first six linked to their pages, then a count), a
/// bound no test reaches marked;
/// or a line saying the validator writes no overview log ([`crate::package::bounds`]).
fn bounds_html(s: &mut String, tests: &[BuiltTest]) {
    let r =
        crate::package::bounds::bounds_reached(tests.iter().map(|t| (t.name.as_str(), &t.bounds)));
    s.push_str("<h2>Bounds reached</h2>\n");
    if !r.known {
        s.push_str("<p>bounds unknown: the validator writes no overview log.</p>\n");
        return;
    }
    s.push_str(
        "<table><thead><tr><th>variable</th><th>bounds</th><th>tests at the minimum</th>\
         <th>tests at the maximum</th></tr></thead><tbody>\n",
    );
    let cell = |names: &[String]| -> String {
        if names.is_empty() {
            return "<td class=\"bad\">not reached</td>".into();
        }
        // The first few linked, then a count: the index stays small.
        let links: Vec<String> = names
            .iter()
            .take(6)
            .map(|n| {
                format!(
                    "<a href=\"tests/{}.html\">{}</a>",
                    xml_escape(&page_of(n)),
                    xml_escape(n)
                )
            })
            .collect();
        let more = match names.len() {
            n if n > 6 => format!(" and {} more ({n} tests)", n - 6),
            _ => String::new(),
        };
        format!("<td>{}{more}</td>", links.join(" "))
    };
    for b in &r.bounds {
        let range = b.range_text();
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td>{}{}</tr>",
            xml_escape(&b.name),
            xml_escape(&range),
            cell(&b.min_tests),
            cell(&b.max_tests)
        );
    }
    s.push_str("</tbody></table>\n");
}

/// Writes the pages of `tests` into `place.root/report/` (see [`write_report`]).
fn write_pages(
    problem: &dyn Problem,
    title: &str,
    place: &Place,
    tests: &[BuiltTest],
) -> anyhow::Result<PathBuf> {
    let dir = place.root.join("report");
    let pages = dir.join("tests");
    std::fs::create_dir_all(&pages)
        .with_context(|| format!("cannot create {}", pages.display()))?;
    let saved = SavedVerify::load(&place.root);
    let state = verify_state(&saved, tests);
    let mut keep = std::collections::HashSet::new();
    for i in 0..tests.len() {
        let file = format!("{}.html", page_of(&tests[i].name));
        write_atomic(
            &pages.join(&file),
            test_html(problem, title, tests, i, &state, place).as_bytes(),
        )?;
        keep.insert(file);
    }
    for e in
        std::fs::read_dir(&pages).with_context(|| format!("cannot read {}", pages.display()))?
    {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.ends_with(".html") && !keep.contains(&name) {
            std::fs::remove_file(e.path())
                .with_context(|| format!("cannot remove {}", e.path().display()))?;
        }
    }
    let path = dir.join("index.html");
    write_atomic(
        &path,
        index_html(problem, title, tests, &state, place).as_bytes(),
    )?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data<'a>(group: Option<&'a str>, input: &'a str, answer: &'a str) -> TestData<'a> {
        TestData {
            group,
            sample: false,
            input: input.as_bytes(),
            answer: answer.as_bytes(),
        }
    }

    #[test]
    fn spread_takes_the_lower_median() {
        assert_eq!(
            Spread::of(&[5, 1, 9, 3]),
            Some(Spread {
                min: 1,
                median: 3,
                max: 9
            })
        );
        assert_eq!(Spread::of(&[4, 2, 7]).unwrap().median, 4);
        assert_eq!(Spread::of(&[]), None);
    }

    #[test]
    fn game_statistics_of_known_tests() {
        let mut tests = vec![
            data(None, "3 3\n.##\n...\n#.#\n", "WIN\n1 1\n2 2\n"),
            data(Some("small"), "2 2\n..\n..\n", "LOSE\n"),
            data(Some("small"), "1 3\n...\n", "WIN\n1 1\n1 3\n"),
            data(Some("big"), "2 5\n.....\n.#...\n", "WIN\n1 5\n"),
        ];
        tests[0].sample = true;
        let st = statistics("game", &tests).unwrap();
        assert_eq!(st.tests, 4);
        assert_eq!(st.samples, 1);
        assert_eq!(
            st.groups,
            vec![
                (NO_GROUP.to_string(), 1),
                ("small".to_string(), 2),
                ("big".to_string(), 1)
            ]
        );
        assert_eq!(
            st.rows,
            Some(Spread {
                min: 1,
                median: 2,
                max: 3
            })
        );
        assert_eq!(
            st.columns,
            Some(Spread {
                min: 2,
                median: 3,
                max: 5
            })
        );
        assert_eq!(
            st.cells,
            Some(Spread {
                min: 3,
                median: 4,
                max: 10
            })
        );
        assert_eq!(
            st.answers,
            AnswerStats::Game {
                win: 3,
                lose: 1,
                winning_cells: Some(Spread {
                    min: 1,
                    median: 2,
                    max: 2
                })
            }
        );
        let e = statistics("game", &[data(None, "1 1\n.\n", "MAYBE\n")]).unwrap_err();
        assert!(
            format!("{e:#}").contains("test 1: the answer is neither"),
            "{e:#}"
        );
    }

    #[test]
    fn bunny_statistics_count_mistakes_per_record() {
        let s1 = data(None, "1 6\nXO.OXO\n1\n1 2\n1 1\n", "1\n1\n");
        let s3 = data(
            None,
            "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n",
            "2\n1\n2\n",
        );
        let s2 = data(
            Some("g"),
            "3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n",
            "0\n",
        );
        let st = statistics("bunny", &[s1, s3, s2, s1]).unwrap();
        assert_eq!(
            st.answers,
            AnswerStats::Bunny {
                bunny_moves: Some(Spread {
                    min: 1,
                    median: 1,
                    max: 4
                }),
                mistakes: Some(Spread {
                    min: 0,
                    median: 1,
                    max: 2
                }),
                mistakes_histogram: vec![(0, 1), (1, 2), (2, 1)],
            }
        );
        assert_eq!(
            st.cells,
            Some(Spread {
                min: 6,
                median: 6,
                max: 16
            })
        );
    }
}
