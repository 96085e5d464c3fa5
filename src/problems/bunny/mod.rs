//! Problem `bunny`: NOI2011 "Bunny and Egg" (BZOJ 2437, Luogu P1971).
//!
//! Input: `n m`, n rows of m characters from `XO.` with exactly one `.`, then `k` and 2k moves
//! `x y` (1-based row and column of the piece moved into the empty cell). Bunny makes the odd
//! moves with white pieces `O`, Egg the even ones with black pieces `X`; the record is a game
//! that Bunny lost. Output: `r`, then the r indices (1..=k, increasing) of Bunny's mistakes:
//! moves made from a winning position into a position that is winning for Egg.
//!
//! Theory (see `../shared/problems/bunny.md`): think of the empty cell as a token. It never
//! re-enters a cell, so the game is the token game of `game` on the *usable* cells — the start
//! cell, the `X` cells of the start's chessboard colour and the `O` cells of the other colour —
//! with the visited cells deleted. The player to move from token cell p wins iff p is covered
//! by every maximum matching of the usable graph minus the visited cells other than p.
//!
//! The reference solution ([`mover_wins`]) processes the 2k + 1 positions in reverse time on a
//! [`crate::core::matching::IncrementalMatching`], adding the token cell of each position back: the
//! cell just added is covered by every maximum matching iff adding it made the maximum grow
//! (Berge's theorem: one augmenting-path search from it decides). Cost: one Hopcroft–Karp
//! matching of the never-visited cells, O(E·sqrt V), then 2k + 1 searches of O(V + E) each at
//! worst, with V <= n·m usable cells and E <= 2·n·m edges. The searches skip the cells that
//! earlier failed searches proved dead (kept until a failed search on the other colour) and
//! first look for a free neighbour, so on real records most positions cost far less: see
//! [`IncrementalMatching`] for the bound.

mod brute;
mod check;
mod gen;
pub(crate) mod render;
mod shrink;

pub use brute::{brute_force_mistakes, brute_force_wins, MAX_BRUTE_CELLS};
pub use gen::{play_record, PlayPolicy};

use crate::core::args::{ArgError, Args, GeneratorInfo};
use crate::core::matching::{maximum_matching, BipartiteGraph, IncrementalMatching, Matching};
use crate::core::reader::{FormatError, InputRead, RecordBounds, StrictReader, TolerantReader};
use crate::core::rng::TestRng;
use crate::core::verdict::CheckOutcome;
use crate::problem::{Bounds, InputSummary, Problem, ProblemConfig, ValidateOptions};
use crate::problems::grid::Grid;

/// The empty cell.
pub const EMPTY: u8 = b'.';
/// A white piece, moved by Bunny.
pub const WHITE: u8 = b'O';
/// A black piece, moved by Egg.
pub const BLACK: u8 = b'X';

/// The `bunny` problem.
pub struct Bunny;

/// A game record: the initial board and the 2k moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The initial board, cells from `XO.` with exactly one `.`.
    pub grid: Grid,
    /// Cell id (row-major, 0-based) of the initial empty cell.
    pub start: u32,
    /// Cell ids of the pieces moved, in order: `moves[2i]` is Bunny's (i+1)-th move and
    /// `moves[2i + 1]` Egg's. Its length is 2k.
    pub moves: Vec<u32>,
}

impl Record {
    /// k, the number of moves of each player.
    pub fn k(&self) -> usize {
        self.moves.len() / 2
    }

    /// The token (empty cell) positions p_0..=p_{2k}: p_0 is the start, p_t the cell of move t.
    pub fn positions(&self) -> Vec<u32> {
        std::iter::once(self.start)
            .chain(self.moves.iter().copied())
            .collect()
    }
}

/// The colour the mover of 1-based move `j` moves: white for Bunny (odd j), black for Egg.
fn colour_of_move(j: usize) -> u8 {
    if j % 2 == 1 {
        WHITE
    } else {
        BLACK
    }
}

/// A cell shown 1-based, as in the input: `(row, column)`.
fn show_cell(g: &Grid, id: u32) -> String {
    let (r, c) = g.pos(id);
    format!("({}, {})", r + 1, c + 1)
}

/// Who makes 1-based move `j`, e.g. `move 3 (Bunny's 2nd)`.
fn name_move(j: usize) -> String {
    let (who, i) = if j % 2 == 1 {
        ("Bunny", j.div_ceil(2))
    } else {
        ("Egg", j / 2)
    };
    let suffix = match (i % 10, i % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("move {j} ({who}'s {i}{suffix})")
}

/// The first piece of `colour` 4-adjacent to `empty` on `board`, if any: the witness that the
/// player moving that colour has a legal move. O(1).
fn a_legal_move(g: &Grid, board: &[u8], empty: u32, colour: u8) -> Option<u32> {
    g.neighbours(empty).find(|&nb| board[nb as usize] == colour)
}

/// Reads a record strictly and checks every rule of the game.
///
/// Format: `n m` with n, m within `bounds` (`n`, `m`, and `cells` for n·m when declared), n
/// rows of exactly m characters from `XO.` each ended by `\n`, `k` within bounds `k`, then 2k
/// lines `x y` with 1 <= x <= n, 1 <= y <= m, then end of file. Rules: exactly one `.`; before
/// each move the mover has a legal move (else the game had already ended); each move takes a
/// piece 4-adjacent to the empty cell, of the mover's colour; after the 2k moves Bunny has no
/// legal move. Errors name the line and column; a broken rule names the move and why.
///
/// Cost: O(n·m + k) time, O(n·m + k) memory.
pub fn parse(input: &[u8], bounds: &Bounds, opts: ValidateOptions) -> Result<Record, FormatError> {
    let mut r = StrictReader::new(input).allow_trailing_spaces(opts.allow_trailing_spaces);
    parse_from(&mut r, bounds)
}

/// Reads a record tolerantly, as testlib reads the input in a checker: the tokens of [`parse`]
/// (`n`, `m`, n rows, `k`, 2k coordinates) separated by any white space, nothing else after
/// them, and every rule of the game checked. What the checker and `gridjudge solve` read inputs
/// with, so that official data with trailing spaces is judged normally.
pub fn parse_tokens(input: &[u8], bounds: &Bounds) -> Result<Record, FormatError> {
    parse_from(&mut TolerantReader::new(input), bounds)
}

/// The record format and rules of [`parse`] read from `r`, strict or tolerant as `r` is.
pub fn parse_from<'a>(r: &mut impl InputRead<'a>, bounds: &Bounds) -> Result<Record, FormatError> {
    let (n, m) = crate::problems::grid::read_dims(r, bounds, ["n", "m"])?;
    r.read_eoln()?;
    let grid = Grid::read_strict(r, n, m, b"XO.", "board row")?;
    let mut empties = (0..grid.len()).filter(|&id| grid.at(id) == EMPTY);
    let start = match (empties.next(), empties.next()) {
        (Some(s), None) => s,
        (None, _) => {
            return Err(FormatError {
                line: 2,
                col: 1,
                expected: format!(
                    "exactly one empty cell '.' in the board (lines 2..={})",
                    u64::from(n) + 1
                ),
                found: "no '.'".into(),
            })
        }
        (Some(first), Some(second)) => {
            let (row, col) = grid.pos(second);
            return Err(FormatError {
                line: u64::from(row) + 2,
                col: u64::from(col) + 1,
                expected: "exactly one empty cell '.' in the board".into(),
                found: format!("a second '.' (the first is at {})", show_cell(&grid, first)),
            });
        }
    };
    let (lo, hi) = bounds.get("k")?;
    // A negative lower bound in a problem.toml cannot make a negative move count.
    let k = r.read_int(lo.max(0), hi, "k")? as usize;
    r.read_eoln()?;

    let mut board = grid.cells.clone();
    let mut empty = start;
    // Each move takes at least 4 bytes (`x y\n`): never reserve more than the input can hold.
    let mut moves = Vec::with_capacity((2 * k).min(1 << 16));
    let mut last_move_line = 0;
    for j in 1..=2 * k {
        let (line, _) = r.position();
        last_move_line = line;
        let x = r.read_int(1, i64::from(n), "x")?;
        r.read_space()?;
        let y = r.read_int(1, i64::from(m), "y")?;
        r.read_eoln()?;
        let rule = |found: String| FormatError {
            line,
            col: 1,
            expected: format!("a legal {}", name_move(j)),
            found,
        };
        let colour = colour_of_move(j);
        if a_legal_move(&grid, &board, empty, colour).is_none() {
            let found = if j % 2 == 0 {
                format!(
                    "Egg had no legal move after {} (no black piece next to the empty cell {}): \
                     the game ended there and Bunny won",
                    name_move(j - 1),
                    show_cell(&grid, empty)
                )
            } else if j == 1 {
                format!(
                    "Bunny has no legal move at the start (no white piece next to the empty cell \
                     {}): there is no game with k >= 1",
                    show_cell(&grid, empty)
                )
            } else {
                format!(
                    "Bunny had no legal move after {} (no white piece next to the empty cell {}): \
                     the game had already ended",
                    name_move(j - 1),
                    show_cell(&grid, empty)
                )
            };
            return Err(rule(found));
        }
        let id = grid.id(x as u32 - 1, y as u32 - 1);
        if id == empty {
            return Err(rule(format!(
                "({x}, {y}) is the empty cell itself, not a piece"
            )));
        }
        if !grid.neighbours(empty).any(|nb| nb == id) {
            return Err(rule(format!(
                "({x}, {y}) is not adjacent to the empty cell {}",
                show_cell(&grid, empty)
            )));
        }
        let piece = board[id as usize];
        if piece != colour {
            return Err(rule(format!(
                "({x}, {y}) holds '{}', but {} moves '{}' pieces: wrong colour",
                piece as char,
                if colour == WHITE { "Bunny" } else { "Egg" },
                colour as char
            )));
        }
        board[empty as usize] = piece;
        board[id as usize] = EMPTY;
        empty = id;
        moves.push(id);
    }
    if let Some(w) = a_legal_move(&grid, &board, empty, WHITE) {
        return Err(FormatError {
            line: last_move_line,
            col: 1,
            expected: format!(
                "a record that ends with Bunny unable to move after {}",
                name_move(2 * k)
            ),
            found: format!(
                "Bunny could still move at the end: the white piece {} is next to the empty \
                 cell {}",
                show_cell(&grid, w),
                show_cell(&grid, empty)
            ),
        });
    }
    r.read_eof()?;
    Ok(Record { grid, start, moves })
}

/// Writes a record in canonical form (`n m`, rows, `k`, the moves, each line ended by `\n`).
pub fn format_record(rec: &Record) -> Vec<u8> {
    let g = &rec.grid;
    let mut out = format!("{} {}\n", g.n, g.m).into_bytes();
    g.write_rows(&mut out);
    out.extend_from_slice(format!("{}\n", rec.k()).as_bytes());
    for &id in &rec.moves {
        let (r, c) = g.pos(id);
        out.extend_from_slice(format!("{} {}\n", r + 1, c + 1).as_bytes());
    }
    out
}

/// Whether cell `id` can ever hold the token in a game starting with the empty cell at
/// `start`: the start itself, a black piece of the start's chessboard colour, or a white piece
/// of the other colour.
pub fn is_usable(g: &Grid, start: u32, id: u32) -> bool {
    let same = g.parity(id) == g.parity(start);
    id == start || (same && g.at(id) == BLACK) || (!same && g.at(id) == WHITE)
}

/// The usable-cell graph: vertices are the usable cells ([`is_usable`]), left = chessboard
/// colour 0, right = colour 1, edges between 4-adjacent usable cells. Returns the graph and the
/// vertex id of every cell (`u32::MAX` for unusable cells). O(n·m).
pub fn usable_graph(g: &Grid, start: u32) -> (BipartiteGraph, Vec<u32>) {
    let mut vid = vec![u32::MAX; g.len() as usize];
    let mut next = 0u32;
    let mut n_left = 0;
    for side in 0..2 {
        for id in 0..g.len() {
            if g.parity(id) == side && is_usable(g, start, id) {
                vid[id as usize] = next;
                next += 1;
            }
        }
        if side == 0 {
            n_left = next;
        }
    }
    let mut edges = Vec::new();
    for id in 0..g.len() {
        if g.parity(id) == 0 && vid[id as usize] != u32::MAX {
            for nb in g.neighbours(id) {
                if vid[nb as usize] != u32::MAX {
                    edges.push((vid[id as usize], vid[nb as usize]));
                }
            }
        }
    }
    (BipartiteGraph::from_edges(next, n_left, &edges), vid)
}

/// A maximum matching of the subgraph of `g` induced by the vertices marked in `active`, on
/// `g`'s vertex ids (inactive vertices stay unmatched). O(E·sqrt V) (Hopcroft–Karp).
pub fn induced_maximum_matching(g: &BipartiteGraph, active: &[bool]) -> Matching {
    let mut edges = Vec::new();
    for u in 0..g.n_left() {
        if active[u as usize] {
            for &w in g.neighbours(u) {
                if active[w as usize] {
                    edges.push((u, w));
                }
            }
        }
    }
    maximum_matching(&BipartiteGraph::from_edges(g.len(), g.n_left(), &edges))
}

/// The reference solution's core: `win[t]` for every position t in 0..=2k, true iff the player
/// to move at position t (Bunny for even t, Egg for odd t) has a winning strategy. Position t
/// is the board before move t + 1; the token is on p_t and p_0..p_{t-1} are deleted.
///
/// Reverse time on an [`IncrementalMatching`] of the usable graph: start with the cells the
/// token never visits (a Hopcroft–Karp matching of them), then for t = 2k down to 0 activate
/// p_t; the graph is then exactly position t's, and p_t is covered by every maximum matching
/// iff the activation made the maximum grow. O(E·sqrt V + k·(V + E)) time at worst (see
/// [`IncrementalMatching`] for the finer bound), O(V + E + k) memory. The record must be legal (as [`parse`] guarantees); errors otherwise.
pub fn mover_wins(rec: &Record) -> anyhow::Result<Vec<bool>> {
    let (g, vid) = usable_graph(&rec.grid, rec.start);
    let path: Vec<u32> = rec.positions().iter().map(|&id| vid[id as usize]).collect();
    let mut active = vec![true; g.len() as usize];
    for &v in &path {
        anyhow::ensure!(
            v != u32::MAX && active[v as usize],
            "illegal record: the token enters an unusable or visited cell"
        );
        active[v as usize] = false;
    }
    let m = induced_maximum_matching(&g, &active);
    let mut inc = IncrementalMatching::with_matching(&g, active, m);
    let mut win = vec![false; path.len()];
    for (t, &v) in path.iter().enumerate().rev() {
        win[t] = inc.activate(v);
    }
    Ok(win)
}

/// Bunny's mistakes (1-based move indices among Bunny's k moves, increasing) given the mover's
/// result at every position: move i is a mistake iff Bunny wins before it (position 2i - 2) and
/// Egg wins right after it (position 2i - 1).
pub fn mistakes_from_wins(win: &[bool]) -> Vec<u32> {
    let k = win.len() / 2;
    (1..=k)
        .filter(|&i| win[2 * i - 2] && win[2 * i - 1])
        .map(|i| i as u32)
        .collect()
}

/// The reference solution: Bunny's mistakes in a legal record. See [`mover_wins`].
pub fn mistakes(rec: &Record) -> anyhow::Result<Vec<u32>> {
    Ok(mistakes_from_wins(&mover_wins(rec)?))
}

/// The canonical jury answer: `r`, then one index per line.
pub fn format_answer(mistakes: &[u32]) -> Vec<u8> {
    let mut out = format!("{}\n", mistakes.len()).into_bytes();
    for i in mistakes {
        out.extend_from_slice(format!("{i}\n").as_bytes());
    }
    out
}

impl Problem for Bunny {
    fn name(&self) -> &'static str {
        "bunny"
    }

    fn builtin_config(&self) -> &'static str {
        include_str!("../../../problems/bunny/problem.toml")
    }

    fn builtin_bounds(&self, lifted: bool) -> Option<crate::problem::Bounds> {
        crate::problem::compiled_bounds(self.name(), lifted)
    }

    fn config_keys(&self) -> crate::problem::ConfigKeys {
        crate::problem::ConfigKeys {
            required_bounds: &["n", "m", "k"],
            optional_bounds: &["cells"],
            checker_flags: &[],
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
        let rec = parse_from(&mut r, bounds)?;
        let mut summary = InputSummary::of_grid(&rec.grid);
        summary.bounds_log = r.log;
        Ok(summary)
    }

    fn solve(&self, input: &[u8], bounds: &Bounds) -> anyhow::Result<Vec<u8>> {
        let rec = parse_tokens(input, bounds)?;
        Ok(format_answer(&mistakes(&rec)?))
    }

    fn brute_force(&self, input: &[u8], max_cells: u64) -> anyhow::Result<Option<Vec<u8>>> {
        let rec = parse(input, &unbounded(), ValidateOptions::default())?;
        if u64::from(rec.grid.len()) > max_cells {
            return Ok(None);
        }
        Ok(brute_force_mistakes(&rec)?.map(|m| format_answer(&m)))
    }

    fn check(
        &self,
        input: &[u8],
        output: &mut dyn std::io::Read,
        answer: &[u8],
        _config: &ProblemConfig,
    ) -> CheckOutcome {
        check::check(input, output, answer)
    }

    fn describe_answer(&self, answer: &[u8]) -> String {
        match answer.split(|&b| b == b'\n').next() {
            Some(first) if !first.is_empty() && first.iter().all(u8::is_ascii_digit) => {
                let r = String::from_utf8_lossy(first);
                format!("{r} mistake{}", if r == "1" { "" } else { "s" })
            }
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
        gen::generate(name, args, rng).map(|rec| format_record(&rec))
    }

    fn shrink_candidates(&self, input: &[u8]) -> Vec<Vec<u8>> {
        shrink::candidates(input)
    }
}

/// Bounds that accept any record the checker and the brute force may meet (they read jury
/// files, already validated by the build).
pub fn unbounded() -> Bounds {
    Bounds(
        [
            ("n".to_string(), [1, 1 << 16]),
            ("m".to_string(), [1, 1 << 16]),
            ("cells".to_string(), [1, 1 << 28]),
            ("k".to_string(), [1, 1 << 28]),
        ]
        .into_iter()
        .collect(),
    )
}

#[cfg(test)]
mod tests;
