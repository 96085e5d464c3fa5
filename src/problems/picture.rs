//! Pictures of tests: an input (and optionally an output to compare with the jury answer) as a
//! self-contained SVG document, hand-written (no drawing library).
//!
//! Every picture has row numbers on the left, column numbers on top (1-based, as in the input
//! and answer formats; every one when cells are large enough, else 1 and multiples of 2, 5, 10,
//! ...) and a legend under the board explaining every colour and mark it uses.
//!
//! * `game`: walls dark grey, free cells in blue and sand by (row + column) parity (the two
//!   colour classes of the matching), A's winning start cells green with a dark dot. With an
//!   output, winning cells it omits are *missing* (purple, white ring) and cells it lists that
//!   are not winning are *extra* (red, white cross).
//! * `bunny`: black (`X`) and white (`O`) pieces as discs on a two-colour board, the start
//!   (empty) cell outlined, the empty cell's path as a line through cell centres, and in each
//!   cell a move enters the move's number as the statement numbers moves: blue `i` is Bunny's
//!   i-th move (the numbers mistakes are reported by), orange `i` is Egg's i-th move. Bunny's
//!   mistakes are red rings; with an output, the mistakes it misses are purple dashed rings and
//!   the moves it wrongly calls mistakes orange dashed squares.
//!
//! The jury answer is always the reference solution's result. Inputs are read with the
//! problem's strict parser under its lifted bounds (`problem.toml [lifted]`), so a picture can be
//! drawn of any input the reference accepts; an output is read tolerantly (tokens split by
//! white space). Errors name what was wrong.
//!
//! Each problem draws its own pictures ([`crate::problem::Problem::render_svg`], in `src/problems/<p>/render.rs`)
//! with the shared pieces here: the options, the `Frame` (cell size, margins, row and column
//! numbers, legend), grid lines, [`answer_diff`] and XML escaping.

use std::fmt::{self, Write as _};

use anyhow::{anyhow, Context};

use crate::core::xml::xml_escape;
use crate::problem::RenderOptions;
use crate::problem::ValidateOptions;
use crate::problems::grid::Grid;

/// Options a problem's drawing reads inputs with: strict, but the historical trailing spaces
/// of official samples are accepted, so that every sample can be drawn.
pub(crate) const READ_OPTIONS: ValidateOptions = ValidateOptions {
    allow_trailing_spaces: true,
};

/// The white-space separated tokens of an answer, which must be UTF-8 text.
pub(crate) fn tokens(answer: &[u8]) -> anyhow::Result<Vec<&str>> {
    let text = std::str::from_utf8(answer).context("the answer is not UTF-8 text")?;
    Ok(text.split_ascii_whitespace().collect())
}

pub(crate) fn number(tok: Option<&&str>, what: &str) -> anyhow::Result<u64> {
    let t = tok.ok_or_else(|| anyhow!("the answer ends before {what}"))?;
    t.parse::<u64>()
        .map_err(|_| anyhow!("the answer has `{t}` where {what} should be"))
}

/// How an output differs from the jury answer, both seen as sets of items (cells or moves).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnswerDiff {
    /// Items in both, ascending.
    pub agreed: Vec<u32>,
    /// Items of the jury answer the output omits, ascending.
    pub missing: Vec<u32>,
    /// Items of the output the jury answer does not have, ascending.
    pub extra: Vec<u32>,
}

impl AnswerDiff {
    /// Whether the output agrees with the jury answer.
    pub fn is_empty(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty()
    }
}

/// Compares `output` with `jury` as sets (order and repetitions ignored). `O((a + b) log(a + b))`.
pub fn answer_diff(jury: &[u32], output: &[u32]) -> AnswerDiff {
    let set = |v: &[u32]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (j, o) = (set(jury), set(output));
    let mut d = AnswerDiff::default();
    let (mut a, mut b) = (0, 0);
    while a < j.len() || b < o.len() {
        match (j.get(a), o.get(b)) {
            (Some(&x), Some(&y)) if x == y => {
                d.agreed.push(x);
                a += 1;
                b += 1;
            }
            (Some(&x), Some(&y)) if x < y => {
                d.missing.push(x);
                a += 1;
            }
            (Some(&x), None) => {
                d.missing.push(x);
                a += 1;
            }
            (_, Some(&y)) => {
                d.extra.push(y);
                b += 1;
            }
            (None, None) => unreachable!("the loop condition"),
        }
    }
    d
}

/// A length in pixels written with at most two decimals (`12`, `7.5`, `3.33`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Px(pub f64);

impl fmt::Display for Px {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = (self.0 * 100.0).round() / 100.0;
        if v == v.trunc() {
            write!(f, "{}", v as i64)
        } else {
            let s = format!("{v:.2}");
            f.write_str(s.trim_end_matches('0'))
        }
    }
}

/// One line of a picture's legend: a swatch drawn in a 16×16 box with its top left corner at
/// the origin, and its explanation.
pub(crate) struct LegendItem {
    /// SVG elements of the swatch.
    pub swatch: String,
    /// Plain text (escaped when written).
    pub text: String,
}

/// Font size of numbers and the legend, in pixels.
const FONT_PX: f64 = 12.0;
/// Height of a legend line.
const LEGEND_LINE: f64 = 20.0;
/// Rough width of a character of the legend font (for the picture's width).
const CHAR_PX: f64 = 6.6;

/// The layout of a picture: the board with row numbers on its left, column numbers above and
/// the legend below. Problems draw cells in board coordinates (origin at the board's top left
/// corner, [`Frame::cell`] pixels per cell) between [`Frame::open`] and [`Frame::close`].
pub(crate) struct Frame {
    /// Rows and columns.
    pub n: u32,
    pub m: u32,
    /// Cell side in pixels.
    pub cell: f64,
    left: f64,
    top: f64,
    width: f64,
    height: f64,
}

impl Frame {
    /// The layout of `g` under `opts` with `legend` (whose lines set the picture's height and
    /// possibly its width).
    pub fn new(g: &Grid, opts: RenderOptions, legend: &[LegendItem]) -> Frame {
        let (n, m) = (g.n.max(1), g.m.max(1));
        let cell = f64::from(opts.max_side_px.max(1)) / f64::from(n.max(m));
        let left = digits(n) as f64 * CHAR_PX + 8.0;
        let top = FONT_PX + 6.0;
        let board_w = cell * f64::from(m);
        let board_h = cell * f64::from(n);
        let legend_w = legend
            .iter()
            .map(|l| 10.0 + 24.0 + l.text.chars().count() as f64 * CHAR_PX)
            .fold(0.0, f64::max);
        let width = (left + board_w + 8.0).max(legend_w + 10.0).ceil();
        let height = (top + board_h + 10.0 + LEGEND_LINE * legend.len() as f64 + 4.0).ceil();
        Frame {
            n,
            m,
            cell,
            left,
            top,
            width,
            height,
        }
    }

    /// Top left corner of cell (`row`, `column`) (0-based) in board coordinates.
    pub fn corner(&self, row: u32, column: u32) -> (f64, f64) {
        (f64::from(column) * self.cell, f64::from(row) * self.cell)
    }

    /// Centre of cell (`row`, `column`) (0-based) in board coordinates.
    pub fn centre(&self, row: u32, column: u32) -> (f64, f64) {
        let (x, y) = self.corner(row, column);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// The SVG header (white background, `title`), the row and column numbers, and the start
    /// of the board group.
    pub fn open(&self, out: &mut String, title: &str) {
        let (w, h) = (Px(self.width), Px(self.height));
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\
             <title>{}</title><rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>",
            xml_escape(title)
        );
        let _ = write!(
            out,
            "<g font-size=\"{FONT_PX}\" fill=\"#444444\" text-anchor=\"middle\">"
        );
        let col_need = digits(self.m) as f64 * CHAR_PX + 4.0;
        for c in labelled(self.m, self.cell, col_need) {
            let x = self.left + (f64::from(c) - 0.5) * self.cell;
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\">{c}</text>",
                Px(x),
                Px(self.top - 5.0)
            );
        }
        out.push_str("</g>");
        let _ = write!(
            out,
            "<g font-size=\"{FONT_PX}\" fill=\"#444444\" text-anchor=\"end\">"
        );
        for r in labelled(self.n, self.cell, FONT_PX + 1.0) {
            let y = self.top + (f64::from(r) - 0.5) * self.cell + FONT_PX * 0.35;
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\">{r}</text>",
                Px(self.left - 4.0),
                Px(y)
            );
        }
        out.push_str("</g>");
        let _ = write!(
            out,
            "<g transform=\"translate({},{})\">",
            Px(self.left),
            Px(self.top)
        );
    }

    /// Ends the board group (with a frame around the board), draws `legend` under the board
    /// and ends the document.
    pub fn close(&self, out: &mut String, legend: &[LegendItem]) {
        let _ = write!(
            out,
            "<rect width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#666666\" \
             stroke-width=\"1\"/></g>",
            Px(self.cell * f64::from(self.m)),
            Px(self.cell * f64::from(self.n))
        );
        let y0 = self.top + self.cell * f64::from(self.n) + 10.0;
        let _ = write!(out, "<g font-size=\"{FONT_PX}\" fill=\"#222222\">");
        for (i, item) in legend.iter().enumerate() {
            let y = y0 + LEGEND_LINE * i as f64;
            let _ = write!(
                out,
                "<g transform=\"translate(10,{})\">{}</g><text x=\"34\" y=\"{}\">{}</text>",
                Px(y),
                item.swatch,
                Px(y + 12.5),
                xml_escape(&item.text)
            );
        }
        out.push_str("</g></svg>\n");
    }
}

/// Decimal digits of `v`.
fn digits(v: u32) -> usize {
    v.max(1).to_string().len()
}

/// The smallest of 1, 2, 5, 10, 20, 50, ... whose span of cells is at least `need` pixels.
fn label_step(cell: f64, need: f64) -> u32 {
    let mut step = 1u32;
    let mut k = 0;
    while f64::from(step) * cell < need && step < 1_000_000_000 {
        k += 1;
        step = [1, 2, 5][k % 3] * 10u32.pow(k as u32 / 3);
    }
    step
}

/// The numbers labelled on an axis of `count` cells of `cell` pixels whose labels need `need`
/// pixels: 1 and the multiples of [`label_step`] far enough from 1 not to overlap it.
fn labelled(count: u32, cell: f64, need: f64) -> impl Iterator<Item = u32> {
    let step = label_step(cell, need);
    (1..=count).filter(move |&i| i == 1 || (i % step == 0 && f64::from(i - 1) * cell >= need))
}

/// Thin lines between cells when cells are at least 8 pixels.
pub(crate) fn grid_lines(out: &mut String, f: &Frame) {
    if f.cell < 8.0 {
        return;
    }
    let (w, h) = (f.cell * f64::from(f.m), f.cell * f64::from(f.n));
    let _ = write!(out, "<g stroke=\"#8a8a8a\" stroke-width=\"0.5\">");
    for r in 1..f.n {
        let y = Px(f64::from(r) * f.cell);
        let _ = write!(
            out,
            "<line x1=\"0\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
            Px(w)
        );
    }
    for c in 1..f.m {
        let x = Px(f64::from(c) * f.cell);
        let _ = write!(
            out,
            "<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{}\"/>",
            Px(h)
        );
    }
    out.push_str("</g>");
}

/// The picture of `input` (and `output`) drawn by `p` under its built-in `problem.toml`, for
/// the problems' unit tests of their drawings.
#[cfg(test)]
pub(crate) fn draw(
    p: &dyn crate::problem::Problem,
    input: &[u8],
    output: Option<&[u8]>,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    p.render_svg(
        input,
        output,
        &crate::problem::ProblemConfig::load(p, None)?,
        opts,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_diff_splits_agreed_missing_and_extra() {
        let d = answer_diff(&[5, 1, 3, 9], &[3, 4, 4, 9, 10]);
        assert_eq!(d.agreed, vec![3, 9]);
        assert_eq!(d.missing, vec![1, 5]);
        assert_eq!(d.extra, vec![4, 10]);
        assert!(!d.is_empty());
        assert!(answer_diff(&[2, 1], &[1, 2, 2]).is_empty());
        assert_eq!(answer_diff(&[], &[7]).extra, vec![7]);
        assert_eq!(answer_diff(&[7], &[]).missing, vec![7]);
    }

    #[test]
    fn pixel_lengths_have_at_most_two_decimals() {
        assert_eq!(Px(12.0).to_string(), "12");
        assert_eq!(Px(7.5).to_string(), "7.5");
        assert_eq!(Px(10.0 / 3.0).to_string(), "3.33");
        assert_eq!(Px(2.999).to_string(), "3");
    }

    #[test]
    fn axis_labels_do_not_crowd() {
        // 40-pixel cells: every number; 4-pixel cells need 14 pixels: every 5th.
        assert_eq!(labelled(3, 40.0, 14.0).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(
            labelled(20, 4.0, 14.0).collect::<Vec<_>>(),
            vec![1, 5, 10, 15, 20]
        );
        // 1-pixel cells, 20 pixels needed: every 20th, but 20 itself is too close to 1.
        let mut want = vec![1];
        want.extend((40..=300).step_by(20));
        assert_eq!(labelled(300, 1.0, 20.0).collect::<Vec<_>>(), want);
    }
}
