//! Pictures of tests: an input (and optionally its answer) as a self-contained SVG document,
//! hand-written (no drawing library).
//!
//! * `game`: walls dark, free cells in two faint shades by (row + column) parity (the two
//!   colour classes of the matching), A's winning start cells green with a dot.
//! * `bunny`: black (`X`) and white (`O`) pieces as discs, the start (empty) cell outlined,
//!   the empty cell's path as a line through cell centres with the move number in each cell it
//!   enters (Bunny's moves blue, Egg's orange), and Bunny's mistakes as red rings.
//!
//! Without an answer the picture shows the reference solution's result. Inputs are read with
//! the problem's strict parser under its lifted bounds (`problem.toml [lifted]`), so a picture
//! can be drawn of any input the reference accepts; an answer is read tolerantly (tokens split
//! by white space). Errors name what was wrong.
//!
//! Each problem draws its own pictures ([`Problem::render_svg`], in `src/problems/<p>/render.rs`)
//! with the shared pieces here: the options, the cell size, the SVG header, grid lines and XML
//! escaping.

use std::fmt::Write as _;

use anyhow::{anyhow, Context};

use crate::grid::Grid;
use crate::problem::{Problem, ProblemConfig, ValidateOptions};

/// Options of [`svg`].
#[derive(Clone, Copy, Debug)]
pub struct RenderOptions {
    /// The longest side of the board in pixels; the cell size is this divided by the longer
    /// board side, clamped to 2..=40 pixels.
    pub max_side_px: u32,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { max_side_px: 640 }
    }
}

/// The SVG document picturing `input` of `problem` (with `answer`'s result when given, else
/// the reference solution's), drawn by [`Problem::render_svg`] with the built-in
/// `problem.toml`. Errors when the problem has no picture, the input does not parse, or the
/// answer is malformed or names cells outside the board.
pub fn svg(
    problem: &dyn Problem,
    input: &[u8],
    answer: Option<&[u8]>,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    let cfg = ProblemConfig::load(problem, None)?;
    problem.render_svg(input, answer, &cfg, opts)
}

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

/// Cell size in pixels for a board under `opts`.
pub(crate) fn cell_px(g: &Grid, opts: RenderOptions) -> u32 {
    (opts.max_side_px / g.n.max(g.m).max(1)).clamp(2, 40)
}

/// SVG header with a white background and a title.
pub(crate) fn open_svg(out: &mut String, w: u32, h: u32, title: &str) {
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\
         <title>{}</title><rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>",
        xml_escape(title)
    );
}

/// Escapes `&`, `<`, `>` and `"` for XML text and attributes.
pub fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Thin lines between cells when cells are large enough to show them.
pub(crate) fn grid_lines(out: &mut String, g: &Grid, s: u32) {
    if s < 8 {
        return;
    }
    let (w, h) = (g.m * s, g.n * s);
    let _ = write!(out, "<g stroke=\"#b0b0b0\" stroke-width=\"0.5\">");
    for r in 0..=g.n {
        let _ = write!(
            out,
            "<line x1=\"0\" y1=\"{y}\" x2=\"{w}\" y2=\"{y}\"/>",
            y = r * s
        );
    }
    for c in 0..=g.m {
        let _ = write!(
            out,
            "<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{h}\"/>",
            x = c * s
        );
    }
    out.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::by_name;

    #[test]
    fn game_picture_marks_the_sample_winners() {
        let p = by_name("game").unwrap();
        let svg = svg(p, b"3 3\n.##\n...\n#.#\n", None, RenderOptions::default()).unwrap();
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("#8fd68f").count(), 2, "{svg}");
        assert_eq!(svg.matches("#3b3b3b").count(), 4);
        let given = svg_of(p, b"3 3\n.##\n...\n#.#\n", b"WIN\n1 1\n");
        assert_eq!(given.matches("#8fd68f").count(), 1);
        let e = svg_err(p, b"3 3\n.##\n...\n#.#\n", b"WIN\n4 1\n");
        assert!(e.contains("outside the 3x3 board"), "{e}");
        let e = svg_err(p, b"3 3\n.##\n", b"LOSE\n");
        assert!(e.contains("not a `game` maze"), "{e}");
    }

    #[test]
    fn bunny_picture_numbers_moves_and_marks_mistakes() {
        let p = by_name("bunny").unwrap();
        let input = b"1 6\nXO.OXO\n1\n1 2\n1 1\n";
        let svg = svg(p, input, None, RenderOptions::default()).unwrap();
        assert!(
            svg.contains(">1</text>") && svg.contains(">2</text>"),
            "{svg}"
        );
        assert_eq!(svg.matches("mistake: Bunny's move 1").count(), 1);
        let none = svg_of(p, input, b"0\n");
        assert!(!none.contains("mistake:"));
        let e = svg_err(p, input, b"1\n2\n");
        assert!(e.contains("not a Bunny move"), "{e}");
        let e = svg_err(p, input, b"2\n1\n");
        assert!(e.contains("announces 2"), "{e}");
    }

    fn svg_of(p: &dyn Problem, input: &[u8], answer: &[u8]) -> String {
        svg(p, input, Some(answer), RenderOptions::default()).unwrap()
    }

    fn svg_err(p: &dyn Problem, input: &[u8], answer: &[u8]) -> String {
        format!(
            "{:#}",
            svg(p, input, Some(answer), RenderOptions::default()).unwrap_err()
        )
    }
}
