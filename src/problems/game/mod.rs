//! Problem `game`: JSOI2009 "Game" (BZOJ 1443, Luogu P4055).
//!
//! Input: `N M`, then N rows of M characters `.` (free) or `#` (wall). A puts a token on a free
//! cell, then B and A alternate (B first) moving it to an unvisited 4-neighbouring free cell;
//! who cannot move loses. Output: `LOSE`, or `WIN` and every start cell from which A wins.
//!
//! Theory (undirected vertex geography on bipartite graphs; see
//! `../shared/problems/game.md`): the player to move from v loses iff some maximum matching of
//! the free-cell graph leaves v uncovered. So A wins from v iff v is in
//! [`crate::matching::not_always_covered`]. Cost O(E·sqrt V) for Hopcroft–Karp plus O(V + E),
//! with V the free cells and E <= 2·N·M.

mod brute;
mod check;
mod gen;

pub use brute::brute_force_winners;

use crate::args::{ArgError, Args, GeneratorInfo};
use crate::grid::Grid;
use crate::matching::{maximum_matching, not_always_covered, BipartiteGraph};
use crate::problem::{Bounds, InputSummary, Problem, ProblemConfig, ValidateOptions};
use crate::reader::{FormatError, StrictReader};
use crate::rng::TestRng;
use crate::verdict::CheckOutcome;

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
    let (lo, hi) = bounds.get("n")?;
    let n = r.read_int(lo, hi, "N")?;
    r.read_space()?;
    let (lo, hi) = bounds.get("m")?;
    let m = r.read_int(lo, hi, "M")?;
    if let Some([_, max]) = bounds.0.get("cells") {
        if n * m > *max {
            return Err(r.error(format!("N*M <= {max}"), format!("{n}*{m} = {}", n * m)));
        }
    }
    r.read_eoln()?;
    let grid = Grid::read_strict(&mut r, n as u32, m as u32, b".#", "maze row")?;
    r.read_eof()?;
    Ok(grid)
}

/// Writes a maze in canonical form (`N M\n`, rows, final `\n`).
pub fn format_maze(g: &Grid) -> Vec<u8> {
    let mut out = format!("{} {}\n", g.n, g.m).into_bytes();
    g.write_rows(&mut out);
    out
}

/// The bipartite graph of free cells: left = free cells of colour 0, right = colour 1.
/// Returns the graph and the vertex id of every cell (`u32::MAX` for walls). O(N·M).
pub fn maze_graph(g: &Grid) -> (BipartiteGraph, Vec<u32>) {
    let mut vid = vec![u32::MAX; g.len() as usize];
    let mut n_left = 0u32;
    for id in 0..g.len() {
        if g.at(id) == FREE && g.parity(id) == 0 {
            vid[id as usize] = n_left;
            n_left += 1;
        }
    }
    let mut n = n_left;
    for id in 0..g.len() {
        if g.at(id) == FREE && g.parity(id) == 1 {
            vid[id as usize] = n;
            n += 1;
        }
    }
    let mut edges = Vec::new();
    for id in 0..g.len() {
        if g.at(id) == FREE && g.parity(id) == 0 {
            for nb in g.neighbours(id) {
                if g.at(nb) == FREE {
                    edges.push((vid[id as usize], vid[nb as usize]));
                }
            }
        }
    }
    (BipartiteGraph::from_edges(n, n_left, &edges), vid)
}

/// The winning start cells of A, as cell ids in row-major order. O(E·sqrt V).
pub fn winning_cells(g: &Grid) -> Vec<u32> {
    let (graph, vid) = maze_graph(g);
    let m = maximum_matching(&graph);
    let d = not_always_covered(&graph, &m);
    (0..g.len())
        .filter(|&id| vid[id as usize] != u32::MAX && d[vid[id as usize] as usize])
        .collect()
}

/// The canonical jury answer for a set of winning cells (ids in row-major order).
pub fn format_answer(g: &Grid, winners: &[u32]) -> Vec<u8> {
    if winners.is_empty() {
        return b"LOSE\n".to_vec();
    }
    let mut out = Vec::with_capacity(4 + winners.len() * 8);
    out.extend_from_slice(b"WIN\n");
    for &id in winners {
        let (r, c) = g.pos(id);
        out.extend_from_slice(format!("{} {}\n", r + 1, c + 1).as_bytes());
    }
    out
}

impl Problem for Game {
    fn name(&self) -> &'static str {
        "game"
    }

    fn builtin_config(&self) -> &'static str {
        include_str!("../../../problems/game/problem.toml")
    }

    fn validate(
        &self,
        input: &[u8],
        bounds: &Bounds,
        opts: ValidateOptions,
    ) -> Result<InputSummary, FormatError> {
        let g = parse(input, bounds, opts)?;
        Ok(InputSummary {
            size: format!("{}x{}", g.n, g.m),
            cells: u64::from(g.len()),
        })
    }

    fn solve(&self, input: &[u8], bounds: &Bounds) -> anyhow::Result<Vec<u8>> {
        let g = parse(input, bounds, ValidateOptions::default())?;
        Ok(format_answer(&g, &winning_cells(&g)))
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
                format!("WIN {cells}")
            }
            Some(b"LOSE") => "LOSE".into(),
            _ => "?".into(),
        }
    }

    fn generators(&self) -> &'static [GeneratorInfo] {
        gen::GENERATORS
    }

    fn generate(&self, name: &str, args: &Args, rng: &mut TestRng) -> Result<Vec<u8>, ArgError> {
        gen::generate(name, args, rng).map(|g| format_maze(&g))
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
