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
//! This module knows the two problems' formats directly (through their modules' public
//! parsers): the [`Problem`] trait has no drawing hook yet.

use std::fmt::Write as _;

use anyhow::{anyhow, bail, Context};

use crate::grid::Grid;
use crate::problem::{Problem, ProblemConfig, ValidateOptions};
use crate::problems::{bunny, game};

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
/// the reference solution's). Errors when the problem has no picture, the input does not
/// parse, or the answer is malformed or names cells outside the board.
pub fn svg(
    problem: &dyn Problem,
    input: &[u8],
    answer: Option<&[u8]>,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    let cfg = ProblemConfig::load(problem, None)?;
    let vopts = ValidateOptions {
        allow_trailing_spaces: true,
    };
    match problem.name() {
        "game" => {
            let g = game::parse(input, &cfg.lifted, vopts)
                .map_err(|e| anyhow!("the input is not a `game` maze: {e}"))?;
            let winners = match answer {
                Some(a) => game_answer_cells(&g, a)?,
                None => game::winning_cells(&g),
            };
            Ok(game_svg(&g, &winners, opts))
        }
        "bunny" => {
            let rec = bunny::parse(input, &cfg.lifted, vopts)
                .map_err(|e| anyhow!("the input is not a `bunny` record: {e}"))?;
            let mistakes = match answer {
                Some(a) => bunny_answer_mistakes(rec.k(), a)?,
                None => bunny::mistakes(&rec)?,
            };
            Ok(bunny_svg(&rec, &mistakes, opts))
        }
        other => bail!("no picture is defined for problem `{other}`"),
    }
}

fn tokens(answer: &[u8]) -> anyhow::Result<Vec<&str>> {
    let text = std::str::from_utf8(answer).context("the answer is not UTF-8 text")?;
    Ok(text.split_ascii_whitespace().collect())
}

fn number(tok: Option<&&str>, what: &str) -> anyhow::Result<u64> {
    let t = tok.ok_or_else(|| anyhow!("the answer ends before {what}"))?;
    t.parse::<u64>()
        .map_err(|_| anyhow!("the answer has `{t}` where {what} should be"))
}

/// The cells of a `game` answer (`LOSE`, or `WIN` and `row column` pairs, 1-based) as ids.
fn game_answer_cells(g: &Grid, answer: &[u8]) -> anyhow::Result<Vec<u32>> {
    let t = tokens(answer)?;
    match t.first().copied() {
        Some("LOSE") if t.len() == 1 => Ok(Vec::new()),
        Some("LOSE") => bail!("the answer has tokens after LOSE"),
        Some("WIN") => {
            if t.len() % 2 == 0 {
                bail!("the answer's cells are not `row column` pairs (odd token count)");
            }
            let mut out = Vec::new();
            for (i, pair) in t[1..].chunks(2).enumerate() {
                let r = number(pair.first(), &format!("the row of cell {}", i + 1))?;
                let c = number(pair.get(1), &format!("the column of cell {}", i + 1))?;
                if r == 0 || c == 0 || r > u64::from(g.n) || c > u64::from(g.m) {
                    bail!(
                        "the answer's cell {} ({r}, {c}) is outside the {}x{} board",
                        i + 1,
                        g.n,
                        g.m
                    );
                }
                out.push(g.id(r as u32 - 1, c as u32 - 1));
            }
            Ok(out)
        }
        Some(other) => bail!("the answer starts with `{other}`, expected WIN or LOSE"),
        None => bail!("the answer is empty"),
    }
}

/// The mistakes of a `bunny` answer (`r` then r indices in 1..=k).
fn bunny_answer_mistakes(k: usize, answer: &[u8]) -> anyhow::Result<Vec<u32>> {
    let t = tokens(answer)?;
    let r = number(t.first(), "the number of mistakes")?;
    if t.len() as u64 != r + 1 {
        bail!(
            "the answer announces {r} mistake(s) but lists {}",
            t.len().saturating_sub(1)
        );
    }
    t[1..]
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let v = number(Some(s), &format!("mistake {}", i + 1))?;
            if v == 0 || v > k as u64 {
                bail!("the answer's mistake {v} is not a Bunny move (1..={k})");
            }
            Ok(v as u32)
        })
        .collect()
}

fn cell_px(g: &Grid, opts: RenderOptions) -> u32 {
    (opts.max_side_px / g.n.max(g.m).max(1)).clamp(2, 40)
}

/// SVG header with a white background and a title.
fn open_svg(out: &mut String, w: u32, h: u32, title: &str) {
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

fn game_svg(g: &Grid, winners: &[u32], opts: RenderOptions) -> String {
    let s = cell_px(g, opts);
    let (w, h) = (g.m * s, g.n * s);
    let mut win = vec![false; g.len() as usize];
    for &id in winners {
        win[id as usize] = true;
    }
    let mut out = String::with_capacity(g.len() as usize * 80 + 400);
    open_svg(
        &mut out,
        w,
        h,
        &format!("game {}x{}: {} winning cell(s)", g.n, g.m, winners.len()),
    );
    for id in 0..g.len() {
        let (r, c) = g.pos(id);
        let fill = if g.at(id) == game::WALL {
            "#3b3b3b"
        } else if win[id as usize] {
            "#8fd68f"
        } else if g.parity(id) == 0 {
            "#f7f7f2"
        } else {
            "#e3e8ef"
        };
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{fill}\"/>",
            c * s,
            r * s
        );
        if win[id as usize] && s >= 6 {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#1f7a1f\"/>",
                c * s + s / 2,
                r * s + s / 2,
                (s / 5).max(1)
            );
        }
    }
    grid_lines(&mut out, g, s);
    out.push_str("</svg>\n");
    out
}

/// Thin lines between cells when cells are large enough to show them.
fn grid_lines(out: &mut String, g: &Grid, s: u32) {
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

fn bunny_svg(rec: &bunny::Record, mistakes: &[u32], opts: RenderOptions) -> String {
    let g = &rec.grid;
    let s = cell_px(g, opts);
    let (w, h) = (g.m * s, g.n * s);
    let mut out = String::with_capacity(g.len() as usize * 120 + rec.moves.len() * 80 + 400);
    open_svg(
        &mut out,
        w,
        h,
        &format!(
            "bunny {}x{}, k = {}: {} mistake(s)",
            g.n,
            g.m,
            rec.k(),
            mistakes.len()
        ),
    );
    let centre = |id: u32| {
        let (r, c) = g.pos(id);
        (c * s + s / 2, r * s + s / 2)
    };
    // Board and pieces.
    for id in 0..g.len() {
        let (r, c) = g.pos(id);
        let bg = if g.parity(id) == 0 {
            "#efe6d2"
        } else {
            "#e2d5b8"
        };
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{bg}\"/>",
            c * s,
            r * s
        );
        let (cx, cy) = centre(id);
        let rad = (s as f64 * 0.38).max(1.0);
        match g.at(id) {
            bunny::BLACK => {
                let _ = write!(
                    out,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{rad:.1}\" fill=\"#222222\"/>"
                );
            }
            bunny::WHITE => {
                let _ = write!(
                    out,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{rad:.1}\" fill=\"#fdfdfd\" \
                     stroke=\"#555555\" stroke-width=\"1\"/>"
                );
            }
            _ => {
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                     stroke=\"#2a6fdb\" stroke-width=\"2\"/>",
                    c * s + 1,
                    r * s + 1,
                    s.saturating_sub(2),
                    s.saturating_sub(2)
                );
            }
        }
    }
    grid_lines(&mut out, g, s);
    // The empty cell's path.
    let pos = rec.positions();
    if pos.len() > 1 {
        out.push_str(
            "<polyline fill=\"none\" stroke=\"#2a6fdb\" stroke-opacity=\"0.7\" \
             stroke-width=\"2\" stroke-linejoin=\"round\" points=\"",
        );
        for (i, &id) in pos.iter().enumerate() {
            let (x, y) = centre(id);
            let _ = write!(out, "{}{x},{y}", if i == 0 { "" } else { " " });
        }
        out.push_str("\"/>");
    }
    // Mistakes: Bunny's i-th move enters p_{2i-1}.
    for &i in mistakes {
        let t = 2 * i as usize - 1;
        if let Some(&id) = pos.get(t) {
            let (x, y) = centre(id);
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{:.1}\" fill=\"none\" stroke=\"#d62728\" \
                 stroke-width=\"{:.1}\"><title>mistake: Bunny's move {i}</title></circle>",
                (s as f64 * 0.45).max(1.5),
                (s as f64 / 10.0).clamp(1.5, 4.0)
            );
        }
    }
    // Move numbers.
    if s >= 12 {
        let size = (s as f64 * 0.42).max(6.0);
        for (t, &id) in pos.iter().enumerate().skip(1) {
            let (x, y) = centre(id);
            let colour = if t % 2 == 1 { "#1346a8" } else { "#c25e00" };
            let _ = write!(
                out,
                "<text x=\"{x}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\" \
                 fill=\"{colour}\" font-weight=\"bold\">{t}</text>",
                y as f64 + size * 0.35
            );
        }
    }
    out.push_str("</svg>\n");
    out
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
