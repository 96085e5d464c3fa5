//! The picture of a `game` test: walls dark grey, free cells blue or sand by (row + column)
//! parity (the two colour classes of the matching), A's winning start cells green with a dark
//! dot; compared with an output, winning cells it omits are *missing* (purple with a white ring)
//! and cells it lists that are not winning are *extra* (red with a white cross). Row and column
//! numbers and a legend come from [`crate::problems::picture::Frame`].

use std::fmt::Write as _;

use anyhow::{anyhow, bail};

use super::WALL;
use crate::problem::ProblemConfig;
use crate::problem::RenderOptions;
use crate::problems::grid::Grid;
use crate::problems::picture::{
    answer_diff, grid_lines, number, tokens, AnswerDiff, Frame, LegendItem, Px, READ_OPTIONS,
};

/// Wall cells.
pub(crate) const WALL_FILL: &str = "#3b3b3b";
/// Free cells with (row + column) even.
pub(crate) const EVEN_FILL: &str = "#b9d3f3";
/// Free cells with (row + column) odd.
pub(crate) const ODD_FILL: &str = "#f3d9a4";
/// Winning start cells (in the jury answer and, with an output, in it too).
pub(crate) const WIN_FILL: &str = "#5cb85c";
/// Winning cells the output omits.
pub(crate) const MISSING_FILL: &str = "#8e44ad";
/// Cells the output lists that are not winning.
pub(crate) const EXTRA_FILL: &str = "#d62728";

/// How a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    Wall,
    Even,
    Odd,
    Win,
    Missing,
    Extra,
}

/// The SVG of a maze with the jury answer's winning cells, compared with `output` when given.
pub(super) fn render(
    input: &[u8],
    output: Option<&[u8]>,
    config: &ProblemConfig,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    let g = super::parse(input, &config.lifted, READ_OPTIONS)
        .map_err(|e| anyhow!("the input is not a `game` maze: {e}"))?;
    let winners = super::winning_cells(&g);
    let diff = match output {
        Some(a) => Some(answer_diff(&winners, &game_answer_cells(&g, a)?)),
        None => None,
    };
    Ok(game_svg(&g, &winners, diff.as_ref(), opts))
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

/// Draws a cell of side `s` with its top left corner at (`x`, `y`): its fill and, when `s` is
/// at least 6 pixels, its mark (dot, ring or cross).
fn draw_cell(out: &mut String, x: f64, y: f64, s: f64, look: Look) {
    let fill = match look {
        Look::Wall => WALL_FILL,
        Look::Even => EVEN_FILL,
        Look::Odd => ODD_FILL,
        Look::Win => WIN_FILL,
        Look::Missing => MISSING_FILL,
        Look::Extra => EXTRA_FILL,
    };
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
        Px(x),
        Px(y),
        Px(s),
        Px(s)
    );
    if s < 6.0 {
        return;
    }
    let (cx, cy) = (Px(x + s / 2.0), Px(y + s / 2.0));
    match look {
        Look::Win => {
            let _ = write!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#1d5e1d\"/>",
                Px((s / 5.0).max(1.0))
            );
        }
        Look::Missing => {
            let _ = write!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#ffffff\" \
                 stroke-width=\"{}\"/>",
                Px(s * 0.28),
                Px((s / 10.0).max(1.0))
            );
        }
        Look::Extra => {
            let (a, b) = (s * 0.25, s * 0.75);
            let _ = write!(
                out,
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
                Px(x + a),
                Px(y + a),
                Px(x + b),
                Px(y + b),
                Px(x + b),
                Px(y + a),
                Px(x + a),
                Px(y + b),
                Px((s / 10.0).max(1.0))
            );
        }
        Look::Wall | Look::Even | Look::Odd => {}
    }
}

fn swatch(look: Look) -> String {
    let mut s = String::new();
    draw_cell(&mut s, 0.0, 1.0, 16.0, look);
    s
}

/// The legend of a picture with `winners` and, when an output is compared, `diff`.
fn legend(winners: usize, diff: Option<&AnswerDiff>) -> Vec<LegendItem> {
    let item = |look, text: String| LegendItem {
        swatch: swatch(look),
        text,
    };
    let mut l = vec![
        item(Look::Wall, "wall".into()),
        item(
            Look::Even,
            "free cell, row + column even (one colour class)".into(),
        ),
        item(
            Look::Odd,
            "free cell, row + column odd (the other colour class)".into(),
        ),
    ];
    match diff {
        None => l.push(item(
            Look::Win,
            format!("A wins starting here ({winners} cell(s), the jury answer)"),
        )),
        Some(d) => {
            l.push(item(
                Look::Win,
                format!(
                    "A wins starting here, and the output lists it ({} cell(s))",
                    d.agreed.len()
                ),
            ));
            l.push(item(
                Look::Missing,
                format!(
                    "missing: A wins here but the output omits it ({} cell(s))",
                    d.missing.len()
                ),
            ));
            l.push(item(
                Look::Extra,
                format!(
                    "extra: the output lists it but A does not win here ({} cell(s))",
                    d.extra.len()
                ),
            ));
        }
    }
    l
}

fn game_svg(g: &Grid, winners: &[u32], diff: Option<&AnswerDiff>, opts: RenderOptions) -> String {
    let legend = legend(winners.len(), diff);
    let f = Frame::new(g, opts, &legend);
    let s = f.cell;
    let mut special = vec![None; g.len() as usize];
    match diff {
        None => winners
            .iter()
            .for_each(|&id| special[id as usize] = Some(Look::Win)),
        Some(d) => {
            for (ids, look) in [
                (&d.agreed, Look::Win),
                (&d.missing, Look::Missing),
                (&d.extra, Look::Extra),
            ] {
                ids.iter().for_each(|&id| special[id as usize] = Some(look));
            }
        }
    }
    let verdict = if winners.is_empty() { "LOSE" } else { "WIN" };
    let title = match diff {
        None => format!(
            "game {}x{}: {verdict}, {} winning cell(s)",
            g.n,
            g.m,
            winners.len()
        ),
        Some(d) => format!(
            "game {}x{}: {verdict}, {} winning cell(s); the output: {} missing, {} extra",
            g.n,
            g.m,
            winners.len(),
            d.missing.len(),
            d.extra.len()
        ),
    };
    let mut out = String::with_capacity(g.len() as usize * 20 + 2000);
    f.open(&mut out, &title);
    // The two colour classes as one checkerboard pattern under the board (one element instead
    // of one per cell), then walls as horizontal runs, then the marked cells one by one.
    let id = format!("gj-classes-{}", (s * 100.0).round() as u64);
    let _ = write!(
        out,
        "<defs><pattern id=\"{id}\" width=\"{d}\" height=\"{d}\" patternUnits=\"userSpaceOnUse\">\
         <rect width=\"{d}\" height=\"{d}\" fill=\"{EVEN_FILL}\"/>\
         <rect x=\"{c}\" width=\"{c}\" height=\"{c}\" fill=\"{ODD_FILL}\"/>\
         <rect y=\"{c}\" width=\"{c}\" height=\"{c}\" fill=\"{ODD_FILL}\"/></pattern></defs>\
         <g shape-rendering=\"crispEdges\"><rect width=\"{}\" height=\"{}\" fill=\"url(#{id})\"/>",
        Px(s * f64::from(g.m)),
        Px(s * f64::from(g.n)),
        d = Px(2.0 * s),
        c = Px(s),
    );
    for r in 0..g.n {
        let mut c = 0;
        while c < g.m {
            if g.at(g.id(r, c)) != WALL || special[g.id(r, c) as usize].is_some() {
                c += 1;
                continue;
            }
            let start = c;
            while c < g.m && g.at(g.id(r, c)) == WALL && special[g.id(r, c) as usize].is_none() {
                c += 1;
            }
            let (x, y) = f.corner(r, start);
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{WALL_FILL}\"/>",
                Px(x),
                Px(y),
                Px(s * f64::from(c - start)),
                Px(s)
            );
        }
    }
    out.push_str("</g>");
    for id in 0..g.len() {
        if let Some(look) = special[id as usize] {
            let (r, c) = g.pos(id);
            let (x, y) = f.corner(r, c);
            draw_cell(&mut out, x, y, s, look);
        }
    }
    grid_lines(&mut out, &f);
    f.close(&mut out, &legend);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::picture::draw;

    const SAMPLE: &[u8] = b"3 3\n.##\n...\n#.#\n";

    /// The missing and extra cells of `output` as 1-based (row, column) pairs, row-major: what
    /// the picture marks.
    type Cells = Vec<(u32, u32)>;

    fn diff(input: &[u8], output: &[u8]) -> (Cells, Cells) {
        let cfg = ProblemConfig::load(&super::super::Game, None).unwrap();
        let g = super::super::parse(input, &cfg.lifted, READ_OPTIONS).unwrap();
        let d = answer_diff(
            &super::super::winning_cells(&g),
            &game_answer_cells(&g, output).unwrap(),
        );
        let cells = |ids: &[u32]| {
            ids.iter()
                .map(|&id| {
                    let (r, c) = g.pos(id);
                    (r + 1, c + 1)
                })
                .collect()
        };
        (cells(&d.missing), cells(&d.extra))
    }

    #[test]
    fn wrong_outputs_give_exactly_the_missing_and_extra_cells() {
        // The sample's winning cells are (2, 3) and (3, 2) (the statement's answer).
        assert_eq!(diff(SAMPLE, b"WIN\n2 3\n3 2\n"), (vec![], vec![]));
        assert_eq!(diff(SAMPLE, b"WIN\n3 2\n2 3\n"), (vec![], vec![]));
        assert_eq!(
            diff(SAMPLE, b"WIN\n2 3\n2 1\n1 1\n"),
            (vec![(3, 2)], vec![(1, 1), (2, 1)])
        );
        assert_eq!(diff(SAMPLE, b"LOSE\n"), (vec![(2, 3), (3, 2)], vec![]));
        // A wall listed as winning is extra too.
        assert_eq!(
            diff(SAMPLE, b"WIN\n2 3\n3 2\n1 2\n"),
            (vec![], vec![(1, 2)])
        );
        // No free cell: LOSE, and every listed cell is extra.
        assert_eq!(diff(b"2 2\n##\n##\n", b"LOSE\n"), (vec![], vec![]));
        assert_eq!(
            diff(b"2 2\n##\n##\n", b"WIN\n2 2\n1 1\n"),
            (vec![], vec![(1, 1), (2, 2)])
        );
    }

    #[test]
    fn the_picture_marks_and_explains_missing_and_extra_cells() {
        let p = &super::super::Game;
        let svg = draw(
            p,
            SAMPLE,
            Some(b"WIN\n2 3\n2 1\n1 1\n"),
            RenderOptions::default(),
        )
        .unwrap();
        // One cell of each fill on the board plus one legend swatch each.
        assert_eq!(svg.matches(&format!("fill=\"{WIN_FILL}\"")).count(), 2);
        assert_eq!(svg.matches(&format!("fill=\"{MISSING_FILL}\"")).count(), 2);
        assert_eq!(svg.matches(&format!("fill=\"{EXTRA_FILL}\"")).count(), 3);
        assert!(svg.contains("missing: A wins here but the output omits it (1 cell(s))"));
        assert!(svg.contains("extra: the output lists it but A does not win here (2 cell(s))"));
        assert!(svg.contains("1 missing, 2 extra"), "{svg}");
    }
}
