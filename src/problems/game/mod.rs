//! Problem `game`: JSOI2009 "Game" (BZOJ 1443, Luogu P4055).
//!
//! Input: `N M`, then N rows of M characters `.` (free) or `#` (wall). A puts a token on a free
//! cell, then B and A alternate (B first) moving it to an unvisited 4-neighbouring free cell;
//! who cannot move loses. Output: `LOSE`, or `WIN` and every start cell from which A wins.
//!
//! Theory (undirected vertex geography on bipartite graphs; see
//! `../shared/problems/game.md`): the player to move from v loses iff some maximum matching of
//! the free-cell graph leaves v uncovered. So A wins from v iff v is in
//! [`crate::core::matching::not_always_covered`]. Cost O(E·sqrt V) for Hopcroft–Karp plus O(V + E),
//! with V the free cells and E <= 2·N·M.

mod board;
mod brute;
mod check;
mod gen;
pub(crate) mod render;
mod shrink;

pub use board::{board_cells, parse_canonical, Board, SolveStats, MAX_BOARD_CELLS, MAX_CELLS};
pub use brute::brute_force_winners;

use crate::core::args::{ArgError, Args, GeneratorInfo};
use crate::core::matching::BipartiteGraph;
use crate::core::reader::{FormatError, InputRead, RecordBounds, StrictReader, TolerantReader};
use crate::core::rng::TestRng;
use crate::core::verdict::CheckOutcome;
use crate::problem::{Bounds, InputSummary, Problem, ProblemConfig, ValidateOptions};
use crate::problems::grid::Grid;

/// A free cell.
pub const FREE: u8 = b'.';
/// A wall.
pub const WALL: u8 = b'#';

/// The `game` problem.
pub struct Game;

/// Reads a maze strictly: `N M` within `bounds` (`n`, `m`, and `cells` for N·M if declared),
/// then N rows of exactly M characters from `.#`, each ended by `\n`, then end of file.
pub fn parse(input: &[u8], bounds: &Bounds, opts: ValidateOptions) -> Result<Grid, FormatError> {
    let mut r = StrictReader::new(input).allow_trailing_spaces(opts.allow_trailing_spaces);
    parse_from(&mut r, bounds)
}

/// Reads a maze tolerantly, as testlib reads the input in a checker: the tokens of [`parse`]
/// (`N`, `M`, then N rows of M characters) separated by any white space, nothing else after
/// them. What checkers and `gridjudge solve` read inputs with.
pub fn parse_tokens(input: &[u8], bounds: &Bounds) -> Result<Grid, FormatError> {
    parse_from(&mut TolerantReader::new(input), bounds)
}

/// The maze format of [`parse`] read from `r`, strict or tolerant as `r` is.
pub fn parse_from<'a>(r: &mut impl InputRead<'a>, bounds: &Bounds) -> Result<Grid, FormatError> {
    let (n, m) = crate::problems::grid::read_dims(r, bounds, ["N", "M"])?;
    r.read_eoln()?;
    let grid = Grid::read_strict(r, n, m, b".#", "maze row")?;
    r.read_eof()?;
    Ok(grid)
}

/// Writes a maze in canonical form (`N M\n`, rows, final `\n`).
pub fn format_maze(g: &Grid) -> Vec<u8> {
    let mut out = format!("{} {}\n", g.n, g.m).into_bytes();
    g.write_rows(&mut out);
    out
}

/// The bipartite graph of free cells: left = free cells of colour 0 ((row + column) even),
/// right = colour 1, each side numbered in row-major order; every vertex lists its free
/// neighbours in the order up, left, right, down. Returns the graph and the vertex id of every
/// cell (`u32::MAX` for walls).
///
/// O(N·M) time in three sweeps over the grid, written straight into compressed sparse rows
/// (no edge list); memory: the graph (V + 1 + 2E words) and N·M words of ids.
pub fn maze_graph(g: &Grid) -> (BipartiteGraph, Vec<u32>) {
    let (n, m) = (g.n as usize, g.m as usize);
    let free = |id: usize| g.cells[id] == FREE;
    // Sweep 1: count the left vertices (right ids start after them) and the edges.
    let (mut n_left, mut edges) = (0u32, 0usize);
    for r in 0..n {
        for c in 0..m {
            let id = r * m + c;
            if free(id) {
                n_left += u32::from((r + c) % 2 == 0);
                edges += usize::from(c + 1 < m && free(id + 1));
                edges += usize::from(r + 1 < n && free(id + m));
            }
        }
    }
    // Sweep 2: vertex ids.
    let mut vid = vec![u32::MAX; n * m];
    let (mut next_left, mut next_right) = (0u32, n_left);
    for r in 0..n {
        for c in 0..m {
            let id = r * m + c;
            if free(id) {
                let next = if (r + c) % 2 == 0 {
                    &mut next_left
                } else {
                    &mut next_right
                };
                vid[id] = *next;
                *next += 1;
            }
        }
    }
    // Sweep 3, once per colour: the adjacency lists in vertex order.
    let mut start = Vec::with_capacity(next_right as usize + 1);
    let mut adj = Vec::with_capacity(2 * edges);
    start.push(0u32);
    for colour in 0..2 {
        for r in 0..n {
            for c in ((r + colour) % 2..m).step_by(2) {
                let id = r * m + c;
                if !free(id) {
                    continue;
                }
                if r > 0 && free(id - m) {
                    adj.push(vid[id - m]);
                }
                if c > 0 && free(id - 1) {
                    adj.push(vid[id - 1]);
                }
                if c + 1 < m && free(id + 1) {
                    adj.push(vid[id + 1]);
                }
                if r + 1 < n && free(id + m) {
                    adj.push(vid[id + m]);
                }
                start.push(adj.len() as u32);
            }
        }
    }
    (BipartiteGraph::from_csr(n_left, start, adj), vid)
}

/// The winning start cells of A, as cell ids in row-major order: [`Board::solve`] on the
/// maze. O(E·sqrt V) time, O(N·M) memory.
pub fn winning_cells(g: &Grid) -> Vec<u32> {
    let mut b = Board::from_grid(g);
    b.solve();
    (0..g.len())
        .filter(|&id| {
            let (r, c) = g.pos(id);
            b.is_winner(r, c)
        })
        .collect()
}

/// The reference solution's whole path, parse to answer, streamed to `out`: a canonical
/// input goes straight onto a [`Board`] ([`parse_canonical`]); anything else through the
/// tolerant [`parse_tokens`] (any white space between the tokens, as testlib reads inputs), which
/// names the error or accepts it. The input is dropped once parsed.
/// O(E·sqrt V) time; memory about 3 bytes per cell besides the input (see [`Board`]).
/// Errors: a malformed input (named), a maze of more than [`MAX_BOARD_CELLS`] board cells, or
/// more than [`MAX_CELLS`] free cells (2^28 - 8).
pub fn solve_to(
    input: impl AsRef<[u8]>,
    bounds: &Bounds,
    out: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    let bytes = input.as_ref();
    let mut board = match parse_canonical(bytes, bounds) {
        Some(b) => b,
        None => {
            let g = parse_tokens(bytes, bounds)?;
            anyhow::ensure!(
                board_cells(g.n, g.m).is_some(),
                "the maze is {}x{}: with its border that is more than the reference solution's {} \
                 board cells",
                g.n,
                g.m,
                MAX_BOARD_CELLS
            );
            Board::from_grid(&g)
        }
    };
    drop(input);
    anyhow::ensure!(
        board.free_cells() as usize <= board::MAX_CELLS,
        "the maze has {} free cells; the reference solution takes at most {}",
        board.free_cells(),
        board::MAX_CELLS
    );
    board.solve();
    board.write_answer(out)?;
    Ok(())
}

/// The canonical jury answer for a set of winning cells (ids in row-major order).
/// O(number of winners), digits written by hand (no formatter per line).
pub fn format_answer(g: &Grid, winners: &[u32]) -> Vec<u8> {
    if winners.is_empty() {
        return b"LOSE\n".to_vec();
    }
    let mut out = Vec::with_capacity(4 + winners.len() * 10);
    out.extend_from_slice(b"WIN\n");
    for &id in winners {
        let (r, c) = g.pos(id);
        push_decimal(&mut out, r + 1);
        out.push(b' ');
        push_decimal(&mut out, c + 1);
        out.push(b'\n');
    }
    out
}

use board::push_decimal;

impl Problem for Game {
    fn name(&self) -> &'static str {
        "game"
    }

    fn builtin_config(&self) -> &'static str {
        include_str!("../../../problems/game/problem.toml")
    }

    fn builtin_bounds(&self, lifted: bool) -> Option<crate::problem::Bounds> {
        crate::problem::compiled_bounds(self.name(), lifted)
    }

    fn config_keys(&self) -> crate::problem::ConfigKeys {
        crate::problem::ConfigKeys {
            required_bounds: &["n", "m"],
            optional_bounds: &["cells"],
            checker_flags: &["row_major"],
        }
    }

    fn validate(
        &self,
        input: &[u8],
        bounds: &Bounds,
        opts: ValidateOptions,
    ) -> Result<InputSummary, FormatError> {
        let strict = StrictReader::new(input).allow_trailing_spaces(opts.allow_trailing_spaces);
        let mut r = RecordBounds::new(strict);
        let g = parse_from(&mut r, bounds)?;
        let mut summary = InputSummary::of_grid(&g);
        summary.bounds_log = r.log;
        Ok(summary)
    }

    fn solve(&self, input: &[u8], bounds: &Bounds) -> anyhow::Result<Vec<u8>> {
        let mut out = Vec::new();
        solve_to(input, bounds, &mut out)?;
        Ok(out)
    }

    fn solve_to(
        &self,
        input: Vec<u8>,
        bounds: &Bounds,
        out: &mut dyn std::io::Write,
    ) -> anyhow::Result<()> {
        solve_to(input, bounds, out)
    }

    fn brute_force(&self, input: &[u8], max_cells: u64) -> anyhow::Result<Option<Vec<u8>>> {
        let g = parse(input, &unbounded(), ValidateOptions::default())?;
        let free = g.cells.iter().filter(|&&c| c == FREE).count() as u64;
        if free > max_cells {
            return Ok(None);
        }
        Ok(brute_force_winners(&g).map(|w| format_answer(&g, &w)))
    }

    fn check(
        &self,
        input: &[u8],
        output: &mut dyn std::io::Read,
        answer: &[u8],
        config: &ProblemConfig,
    ) -> CheckOutcome {
        check::check(input, output, answer, config)
    }

    fn describe_answer(&self, answer: &[u8]) -> String {
        match answer.split(|&b| b == b'\n').next() {
            Some(b"WIN") => {
                let cells = answer
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
                    .saturating_sub(1);
                format!("WIN {cells} cell{}", if cells == 1 { "" } else { "s" })
            }
            Some(b"LOSE") => "LOSE".into(),
            _ => "?".into(),
        }
    }

    fn render_svg(
        &self,
        input: &[u8],
        answer: Option<&[u8]>,
        config: &ProblemConfig,
        opts: crate::problem::RenderOptions,
    ) -> anyhow::Result<String> {
        render::render(input, answer, config, opts)
    }

    fn generators(&self) -> &'static [GeneratorInfo] {
        gen::GENERATORS
    }

    fn generate(&self, name: &str, args: &Args, rng: &mut TestRng) -> Result<Vec<u8>, ArgError> {
        gen::generate(name, args, rng).map(|g| format_maze(&g))
    }

    fn shrink_candidates(&self, input: &[u8]) -> Vec<Vec<u8>> {
        shrink::candidates(input)
    }
}

/// Bounds that accept any maze the checker and brute force may meet (they read jury files).
fn unbounded() -> Bounds {
    Bounds(
        [
            ("n".to_string(), [1, 1 << 16]),
            ("m".to_string(), [1, 1 << 16]),
            ("cells".to_string(), [1, 1 << 28]),
        ]
        .into_iter()
        .collect(),
    )
}

#[cfg(test)]
mod tests;
