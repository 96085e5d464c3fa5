//! The picture of a `game` test: walls dark, free cells in two faint shades by (row + column)
//! parity (the two colour classes of the matching), A's winning start cells green with a dot.

use std::fmt::Write as _;

use anyhow::{anyhow, bail};

use super::WALL;
use crate::grid::Grid;
use crate::problem::ProblemConfig;
use crate::render::{cell_px, grid_lines, number, open_svg, tokens, RenderOptions, READ_OPTIONS};

/// The SVG of a maze with `answer`'s winning cells, or the reference solution's.
pub(super) fn render(
    input: &[u8],
    answer: Option<&[u8]>,
    config: &ProblemConfig,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    let g = super::parse(input, &config.lifted, READ_OPTIONS)
        .map_err(|e| anyhow!("the input is not a `game` maze: {e}"))?;
    let winners = match answer {
        Some(a) => game_answer_cells(&g, a)?,
        None => super::winning_cells(&g),
    };
    Ok(game_svg(&g, &winners, opts))
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
        let fill = if g.at(id) == WALL {
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
