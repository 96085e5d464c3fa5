//! A picture of one test as an SVG document ([`svg`]): the problem's own drawing
//! ([`Problem::render_svg`], with the shared pieces in [`crate::problems::picture`]) under its
//! built-in `problem.toml`.

use anyhow::bail;

use crate::problem::{Problem, ProblemConfig, RenderOptions};

/// The SVG document picturing `input` of `problem` with the jury answer (the reference
/// solution's result), and, when `output` is given, the differences of that output from the
/// jury answer (missing and extra cells for `game`, missed and wrongly claimed mistakes for
/// `bunny`), drawn by [`Problem::render_svg`] with the built-in `problem.toml`.
///
/// Errors when `max_side_px` is 0, the problem has no picture, the input does not parse, or the
/// output is malformed or names cells (moves) outside the board (record).
pub fn svg(
    problem: &dyn Problem,
    input: &[u8],
    output: Option<&[u8]>,
    opts: RenderOptions,
) -> anyhow::Result<String> {
    if opts.max_side_px == 0 {
        bail!("the picture size must be at least 1 pixel");
    }
    let cfg = ProblemConfig::load(problem, None)?;
    problem.render_svg(input, output, &cfg, opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::by_name;

    /// The board's outline (`<rect width=W height=H fill="none" stroke="#666666"`) as (W, H).
    fn board_size(svg: &str) -> (f64, f64) {
        let i = svg
            .find("fill=\"none\" stroke=\"#666666\"")
            .expect("a board outline");
        let head = &svg[svg[..i].rfind("<rect").unwrap()..i];
        let attr = |name: &str| -> f64 {
            let from = head.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            let to = from + head[from..].find('"').unwrap();
            head[from..to].parse().unwrap()
        };
        (attr("width"), attr("height"))
    }

    #[test]
    fn size_is_the_longer_side_of_the_board() {
        let game = by_name("game").unwrap();
        let bunny = by_name("bunny").unwrap();
        let opts = |px| RenderOptions { max_side_px: px };
        // 3x3 maze: 300x300 board; a 1x6 bunny record: 300 wide, 50 high; a 2x5 maze: 500x200.
        let svg3 = svg(game, b"3 3\n.##\n...\n#.#\n", None, opts(300)).unwrap();
        assert_eq!(board_size(&svg3), (300.0, 300.0));
        let b = svg(bunny, b"1 6\nXO.OXO\n1\n1 2\n1 1\n", None, opts(300)).unwrap();
        assert_eq!(board_size(&b), (300.0, 50.0));
        let g = svg(game, b"2 5\n.....\n.#...\n", None, opts(500)).unwrap();
        assert_eq!(board_size(&g), (500.0, 200.0));
        let e = format!(
            "{:#}",
            svg(game, b"2 2\n..\n..\n", None, opts(0)).unwrap_err()
        );
        assert!(e.contains("at least 1 pixel"), "{e}");
    }

    #[test]
    fn game_picture_has_numbers_a_legend_and_the_sample_winners() {
        use crate::problems::game::render::{WALL_FILL, WIN_FILL};
        let p = by_name("game").unwrap();
        let svg = svg(p, b"3 3\n.##\n...\n#.#\n", None, RenderOptions::default()).unwrap();
        assert!(svg.starts_with("<svg"));
        // Two winning cells and the legend's swatch; 4 walls in 3 runs and the swatch.
        assert_eq!(
            svg.matches(&format!("fill=\"{WIN_FILL}\"")).count(),
            3,
            "{svg}"
        );
        assert_eq!(svg.matches(&format!("fill=\"{WALL_FILL}\"")).count(), 4);
        assert!(svg.contains("A wins starting here (2 cell(s), the jury answer)"));
        assert!(svg.contains("row + column even (one colour class)"));
        // Row numbers 1..3 on the left and column numbers 1..3 on top.
        assert_eq!(svg.matches(">1</text>").count(), 2);
        assert_eq!(svg.matches(">3</text>").count(), 2);
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
        assert_eq!(svg.matches("Bunny's move 1: mistake").count(), 1);
        assert!(svg.contains("Bunny's mistake (1 in the jury answer)"));
        let agreed = svg_of(p, input, b"1\n1\n");
        assert_eq!(agreed.matches("Bunny's move 1: mistake").count(), 1);
        let none = svg_of(p, input, b"0\n");
        assert_eq!(none.matches("Bunny's move 1: missed mistake").count(), 1);
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
