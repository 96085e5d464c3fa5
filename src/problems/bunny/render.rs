//! The picture of a `bunny` test: black (`X`) and white (`O`) pieces as discs, the start
//! (empty) cell outlined, the empty cell's path as a line through cell centres with the move
//! number in each cell it enters (Bunny's moves blue, Egg's orange), and Bunny's mistakes as
//! red rings.

use std::fmt::Write as _;

use anyhow::{anyhow, bail};

use super::{Record, BLACK, WHITE};
use crate::problem::ProblemConfig;
use crate::render::{cell_px, grid_lines, number, open_svg, tokens, RenderOptions, READ_OPTIONS};

/// The SVG of a record with `answer`'s mistakes, or the reference solution's.
pub(super) fn render(
    input: &[u8],
    answer: Option<&[u8]>,
    config: &ProblemConfig,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    let rec = super::parse(input, &config.lifted, READ_OPTIONS)
        .map_err(|e| anyhow!("the input is not a `bunny` record: {e}"))?;
    let mistakes = match answer {
        Some(a) => bunny_answer_mistakes(rec.k(), a)?,
        None => super::mistakes(&rec)?,
    };
    Ok(bunny_svg(&rec, &mistakes, opts))
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

fn bunny_svg(rec: &Record, mistakes: &[u32], opts: RenderOptions) -> String {
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
            BLACK => {
                let _ = write!(
                    out,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{rad:.1}\" fill=\"#222222\"/>"
                );
            }
            WHITE => {
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
