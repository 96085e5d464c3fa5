//! The picture of a `bunny` test: black (`X`) and white (`O`) pieces as discs on a two-colour
//! board, the start (empty) cell outlined, the empty cell's path as a line through cell centres,
//! and the moves numbered as the statement numbers them: in the cell whose piece moves, blue `i`
//! for Bunny's i-th move (the numbers mistakes are reported by) and orange `i` for Egg's i-th
//! move. Bunny's mistakes are red rings; compared with an output, the mistakes it misses are
//! purple dashed rings and the moves it wrongly calls mistakes orange dashed squares. Row and
//! column numbers and a legend come from [`crate::problems::picture::Frame`].

use std::fmt::Write as _;

use anyhow::{anyhow, bail};

use super::{Record, BLACK, WHITE};
use crate::problem::ProblemConfig;
use crate::problem::RenderOptions;
use crate::problems::picture::{
    answer_diff, grid_lines, number, tokens, AnswerDiff, Frame, LegendItem, Px, READ_OPTIONS,
};

/// Board squares with (row + column) even.
pub(crate) const EVEN_FILL: &str = "#f2e3c2";
/// Board squares with (row + column) odd.
pub(crate) const ODD_FILL: &str = "#d0b489";
/// The start cell's outline and the empty cell's path.
const PATH: &str = "#2a6fdb";
/// Numbers of Bunny's moves (on white pieces).
pub(crate) const BUNNY_NUMBER: &str = "#1346a8";
/// Numbers of Egg's moves (on black pieces).
pub(crate) const EGG_NUMBER: &str = "#ffb347";
/// Rings of Bunny's mistakes (the jury's; with an output, those it reports too).
pub(crate) const MISTAKE: &str = "#d62728";
/// Rings of mistakes an output misses.
pub(crate) const MISSED: &str = "#8e44ad";
/// Squares of moves an output wrongly reports as mistakes.
pub(crate) const WRONG: &str = "#ff7f0e";
/// Smallest cell (pixels) that shows move numbers.
const NUMBERS_FROM_PX: f64 = 12.0;

/// The SVG of a record with the jury's mistakes, compared with `output` when given.
pub(super) fn render(
    input: &[u8],
    output: Option<&[u8]>,
    config: &ProblemConfig,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    let rec = super::parse(input, &config.lifted, READ_OPTIONS)
        .map_err(|e| anyhow!("the input is not a `bunny` record: {e}"))?;
    let jury = super::mistakes(&rec)?;
    let diff = match output {
        Some(a) => Some(answer_diff(&jury, &bunny_answer_mistakes(rec.k(), a)?)),
        None => None,
    };
    Ok(bunny_svg(&rec, &jury, diff.as_ref(), opts))
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

/// A disc of `colour` (a piece) centred at (`x`, `y`).
fn disc(out: &mut String, x: f64, y: f64, r: f64, black: bool) {
    if black {
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#222222\"/>",
            Px(x),
            Px(y),
            Px(r)
        );
    } else {
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fdfdfd\" stroke=\"#555555\" \
             stroke-width=\"1\"/>",
            Px(x),
            Px(y),
            Px(r)
        );
    }
}

/// A move number `text` in `colour` centred at (`x`, `y`), `size` pixels high.
fn move_number(out: &mut String, x: f64, y: f64, size: f64, colour: &str, text: &str) {
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{colour}\" \
         font-weight=\"bold\">{text}</text>",
        Px(x),
        Px(y + size * 0.35),
        Px(size)
    );
}

/// A ring around a cell of side `s` centred at (`x`, `y`); dashed for missed mistakes.
fn ring(out: &mut String, x: f64, y: f64, s: f64, colour: &str, dashed: bool) {
    let w = (s / 10.0).clamp(1.5, 4.0);
    let _ = write!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" \
         stroke-width=\"{}\"{}/>",
        Px(x),
        Px(y),
        Px((s * 0.45).max(1.5)),
        Px(w),
        if dashed {
            format!(" stroke-dasharray=\"{} {}\"", Px(w * 1.5), Px(w))
        } else {
            String::new()
        }
    );
}

/// A dashed square just inside a cell of side `s` with its top left corner at (`x`, `y`).
fn dashed_square(out: &mut String, x: f64, y: f64, s: f64) {
    let w = (s / 10.0).clamp(1.5, 4.0);
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{WRONG}\" \
         stroke-width=\"{}\" stroke-dasharray=\"{} {}\"/>",
        Px(x + w / 2.0),
        Px(y + w / 2.0),
        Px(s - w),
        Px(s - w),
        Px(w),
        Px(w * 1.5),
        Px(w)
    );
}

fn square(fill: &str) -> String {
    format!("<rect y=\"1\" width=\"16\" height=\"16\" fill=\"{fill}\"/>")
}

/// The legend of a record with `jury` mistakes compared with `diff`; `numbers` says whether
/// the cells are large enough to show move numbers.
fn legend(jury: &[u32], diff: Option<&AnswerDiff>, numbers: bool) -> Vec<LegendItem> {
    let with = |swatch: String, text: &str| LegendItem {
        swatch,
        text: text.to_string(),
    };
    let piece = |black: bool| {
        let mut s = square(if black { ODD_FILL } else { EVEN_FILL });
        disc(&mut s, 8.0, 9.0, 6.0, black);
        s
    };
    let mut l = vec![
        with(square(EVEN_FILL), "board square, row + column even"),
        with(square(ODD_FILL), "board square, row + column odd"),
        with(piece(true), "black piece (X): Egg moves these"),
        with(piece(false), "white piece (O): Bunny moves these"),
        with(
            format!(
                "{}<rect x=\"1\" y=\"2\" width=\"14\" height=\"14\" fill=\"none\" \
                 stroke=\"{PATH}\" stroke-width=\"2\"/>",
                square(EVEN_FILL)
            ),
            "the empty cell at the start; the line is its path",
        ),
    ];
    if numbers {
        let mut b = piece(false);
        move_number(&mut b, 8.0, 9.0, 11.0, BUNNY_NUMBER, "i");
        l.push(with(
            b,
            "Bunny's i-th move (the statement's move i; mistakes are these numbers)",
        ));
        let mut e = piece(true);
        move_number(&mut e, 8.0, 9.0, 11.0, EGG_NUMBER, "i");
        l.push(with(e, "Egg's i-th move"));
        l.push(with(
            String::new(),
            "a number marks the cell whose piece moves into the empty cell",
        ));
    } else {
        l.push(with(
            String::new(),
            "move numbers hidden: cells under 12 px (raise --size)",
        ));
    }
    let mut r = |colour: &str, dashed: bool, text: String| {
        let mut s = square(EVEN_FILL);
        ring(&mut s, 8.0, 9.0, 16.0, colour, dashed);
        l.push(LegendItem { swatch: s, text });
    };
    match diff {
        None => r(
            MISTAKE,
            false,
            format!("Bunny's mistake ({} in the jury answer)", jury.len()),
        ),
        Some(d) => {
            r(
                MISTAKE,
                false,
                format!(
                    "a mistake the output reports ({} of {})",
                    d.agreed.len(),
                    jury.len()
                ),
            );
            r(
                MISSED,
                true,
                format!(
                    "missed: a mistake the output does not report ({})",
                    d.missing.len()
                ),
            );
            let mut s = square(EVEN_FILL);
            dashed_square(&mut s, 0.0, 1.0, 16.0);
            l.push(LegendItem {
                swatch: s,
                text: format!(
                    "wrong: the output reports this move but it is no mistake ({})",
                    d.extra.len()
                ),
            });
        }
    }
    l
}

fn bunny_svg(rec: &Record, jury: &[u32], diff: Option<&AnswerDiff>, opts: RenderOptions) -> String {
    let g = &rec.grid;
    let probe = Frame::new(g, opts, &[]);
    let numbers = probe.cell >= NUMBERS_FROM_PX;
    let legend = legend(jury, diff, numbers);
    let f = Frame::new(g, opts, &legend);
    let s = f.cell;
    let title = match diff {
        None => format!(
            "bunny {}x{}, k = {} Bunny moves: {} mistake(s)",
            g.n,
            g.m,
            rec.k(),
            jury.len()
        ),
        Some(d) => format!(
            "bunny {}x{}, k = {} Bunny moves: {} mistake(s); the output: {} missed, {} wrong",
            g.n,
            g.m,
            rec.k(),
            jury.len(),
            d.missing.len(),
            d.extra.len()
        ),
    };
    let mut out = String::with_capacity(g.len() as usize * 150 + rec.moves.len() * 120 + 3000);
    f.open(&mut out, &title);
    let centre = |id: u32| {
        let (r, c) = g.pos(id);
        f.centre(r, c)
    };
    // Board and pieces.
    out.push_str("<g shape-rendering=\"crispEdges\">");
    for id in 0..g.len() {
        let (r, c) = g.pos(id);
        let (x, y) = f.corner(r, c);
        let bg = if g.parity(id) == 0 {
            EVEN_FILL
        } else {
            ODD_FILL
        };
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{bg}\"/>",
            Px(x),
            Px(y),
            Px(s),
            Px(s)
        );
    }
    out.push_str("</g>");
    grid_lines(&mut out, &f);
    for id in 0..g.len() {
        let (r, c) = g.pos(id);
        let (cx, cy) = f.centre(r, c);
        let rad = (s * 0.38).max(1.0);
        match g.at(id) {
            BLACK => disc(&mut out, cx, cy, rad, true),
            WHITE => disc(&mut out, cx, cy, rad, false),
            _ => {
                let (x, y) = f.corner(r, c);
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                     stroke=\"{PATH}\" stroke-width=\"2\"/>",
                    Px(x + 1.0),
                    Px(y + 1.0),
                    Px((s - 2.0).max(0.0)),
                    Px((s - 2.0).max(0.0))
                );
            }
        }
    }
    // The empty cell's path.
    let pos = rec.positions();
    if pos.len() > 1 {
        let _ = write!(
            out,
            "<polyline fill=\"none\" stroke=\"{PATH}\" stroke-opacity=\"0.7\" \
             stroke-width=\"2\" stroke-linejoin=\"round\" points=\""
        );
        for (i, &id) in pos.iter().enumerate() {
            let (x, y) = centre(id);
            let _ = write!(out, "{}{},{}", if i == 0 { "" } else { " " }, Px(x), Px(y));
        }
        out.push_str("\"/>");
    }
    // Mistakes: Bunny's i-th move moves the piece on p_{2i-1} (positions are 0-based from the
    // start cell).
    let cell_of_bunny_move = |i: u32| pos.get(2 * i as usize - 1).copied();
    let mark = |out: &mut String, i: u32, kind: u8| {
        if let Some(id) = cell_of_bunny_move(i) {
            let (x, y) = centre(id);
            let what = match kind {
                0 => "mistake",
                1 => "missed mistake",
                _ => "wrongly reported as a mistake",
            };
            let _ = write!(out, "<g><title>Bunny's move {i}: {what}</title>");
            match kind {
                0 => ring(out, x, y, s, MISTAKE, false),
                1 => ring(out, x, y, s, MISSED, true),
                _ => dashed_square(out, x - s / 2.0, y - s / 2.0, s),
            }
            out.push_str("</g>");
        }
    };
    match diff {
        None => jury.iter().for_each(|&i| mark(&mut out, i, 0)),
        Some(d) => {
            d.agreed.iter().for_each(|&i| mark(&mut out, i, 0));
            d.missing.iter().for_each(|&i| mark(&mut out, i, 1));
            d.extra.iter().for_each(|&i| mark(&mut out, i, 2));
        }
    }
    // Move numbers as in the statement: half-move t (1-based) is Bunny's move (t + 1) / 2 when
    // t is odd, Egg's move t / 2 when t is even.
    if numbers {
        let digits = rec.k().max(1).to_string().len() as f64;
        let size = (s * 0.42).min(s * 0.95 / (0.6 * digits)).max(6.0);
        for (t, &id) in pos.iter().enumerate().skip(1) {
            let (x, y) = centre(id);
            let (colour, i) = if t % 2 == 1 {
                (BUNNY_NUMBER, t.div_ceil(2))
            } else {
                (EGG_NUMBER, t / 2)
            };
            move_number(&mut out, x, y, size, colour, &i.to_string());
        }
    }
    f.close(&mut out, &legend);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::picture::draw;

    const SAMPLE2: &[u8] = include_bytes!("../../../problems/bunny/samples/sample2.in");
    const SAMPLE3: &[u8] = include_bytes!("../../../problems/bunny/samples/sample3.in");

    /// (missed, wrongly reported) Bunny moves of `output`: what the picture marks.
    fn diff(input: &[u8], output: &[u8]) -> (Vec<u32>, Vec<u32>) {
        let cfg = ProblemConfig::load(&super::super::Bunny, None).unwrap();
        let rec = super::super::parse(input, &cfg.lifted, READ_OPTIONS).unwrap();
        let d = answer_diff(
            &super::super::mistakes(&rec).unwrap(),
            &bunny_answer_mistakes(rec.k(), output).unwrap(),
        );
        (d.missing, d.extra)
    }

    #[test]
    fn wrong_outputs_give_exactly_the_missed_and_wrong_mistakes() {
        // Sample 3's mistakes are Bunny's moves 1 and 2; sample 2 has none (k = 4).
        assert_eq!(diff(SAMPLE3, b"2\n1\n2\n"), (vec![], vec![]));
        assert_eq!(diff(SAMPLE3, b"1\n2\n"), (vec![1], vec![]));
        assert_eq!(diff(SAMPLE3, b"0\n"), (vec![1, 2], vec![]));
        assert_eq!(diff(SAMPLE2, b"2\n1\n3\n"), (vec![], vec![1, 3]));
        assert_eq!(diff(SAMPLE2, b"0\n"), (vec![], vec![]));
    }

    #[test]
    fn moves_are_numbered_as_in_the_statement() {
        let p = &super::super::Bunny;
        let svg = draw(p, SAMPLE2, None, RenderOptions::default()).unwrap();
        // k = 4: Bunny's moves 1..=4 in blue and Egg's 1..=4 in orange, no 5 or more.
        for i in 1..=4 {
            for colour in [BUNNY_NUMBER, EGG_NUMBER] {
                let label = format!("fill=\"{colour}\" font-weight=\"bold\">{i}</text>");
                assert_eq!(svg.matches(&label).count(), 1, "{colour} {i}");
            }
        }
        assert!(!svg.contains("font-weight=\"bold\">5</text>"));
        assert!(svg.contains("Bunny's i-th move (the statement's move i"));
    }

    #[test]
    fn the_picture_marks_and_explains_missed_and_wrong_mistakes() {
        let p = &super::super::Bunny;
        let svg = draw(p, SAMPLE3, Some(b"1\n2\n"), RenderOptions::default()).unwrap();
        assert_eq!(
            svg.matches("<title>Bunny's move 2: mistake</title>")
                .count(),
            1
        );
        assert_eq!(
            svg.matches("<title>Bunny's move 1: missed mistake</title>")
                .count(),
            1
        );
        assert!(svg.contains("missed: a mistake the output does not report (1)"));
        assert!(svg.contains("wrong: the output reports this move but it is no mistake (0)"));
        let svg = draw(p, SAMPLE2, Some(b"1\n3\n"), RenderOptions::default()).unwrap();
        assert_eq!(
            svg.matches("<title>Bunny's move 3: wrongly reported as a mistake</title>")
                .count(),
            1
        );
    }
}
