//! Generators of `bunny`: legal game records that end with Bunny unable to move. Each draws
//! randomness only from the [`TestRng`] it is given.
//!
//! * `play` chooses a board (colour pattern, empty-cell placement) and plays a game on it:
//!   each player, at each turn, knows which of its moves win (from the same matching
//!   characterisation as the reference solution, kept up to date by an
//!   [`IncrementalMatching`]) and errs — picks a losing move when it has one — with its own
//!   rate.
//! * `comb` plays the same way along a corridor lined with one-cell pockets, where walking on
//!   is a mistake at almost every move.
//! * `long` follows a long path on a board where every cell is usable, up to the longest
//!   record a board allows.
//!
//! A record must end with Bunny stuck. When Bunny's chosen move would leave Egg without a move
//! (Bunny would win), `play` and `comb` instead end the game before that move by recolouring
//! Bunny's options — the white pieces next to the empty cell, all unvisited and of the other
//! chessboard colour than the empty cell — to black. Every earlier move stays legal: the moved
//! pieces are untouched, Egg's positions have the empty cell on that other colour so the
//! recoloured cells are never next to it, and Bunny only loses options it did not take. The
//! reference solution then judges the record on the final board.

use super::{is_usable, usable_graph, Record, BLACK, EMPTY, WHITE};
use crate::core::args::{ArgError, Args, GeneratorInfo, Param};
use crate::core::matching::{maximum_matching, IncrementalMatching};
use crate::core::rng::TestRng;
use crate::problems::grid::Grid;

/// Largest side a generator accepts (beyond the contest's 40, for scale tests).
const MAX_SIDE: u32 = 2000;
/// Largest number of cells a generator accepts.
const MAX_CELLS: u64 = 4_000_000;
/// Boards `play` tries before it gives up on parameters that allow no game.
const PLAY_ATTEMPTS: u32 = 200;

const N: Param = Param {
    key: "n",
    about: "rows, 1..=2000 (default 4)",
};
const M: Param = Param {
    key: "m",
    about: "columns, 1..=2000 (default 4)",
};

/// The generators, as `gen bunny --help` lists them.
pub static GENERATORS: &[GeneratorInfo] = &[
    GeneratorInfo {
        name: "play",
        about: "A game played on a generated board. Colours: `random` (each cell usable by the \
                token with probability `usable`; 0.5 is uniformly random colours), `allusable` \
                (X on the empty cell's chessboard colour, O on the other: every cell usable), \
                `corridors` (a serpentine corridor of usable cells). The empty cell is at a \
                corner, on an edge, inside, or anywhere. Bunny picks a losing move with \
                probability `err` when it has one (else a winning one when it has one); Egg \
                likewise with `eggerr`. With err=0 Bunny never errs; when it would win, the \
                game is ended instead by recolouring its last options to black (which may turn \
                earlier moves into mistakes on the final board). A mistake needs a winning \
                position with a losing move, which open boards rarely offer: `comb` makes them \
                at almost every move. Cost O(k·(V+E)) (a few augmenting searches per move).",
        params: &[
            N,
            M,
            Param {
                key: "colours",
                about: "random, allusable or corridors (default random)",
            },
            Param {
                key: "usable",
                about: "for colours=random: probability that a cell is usable, 0..=1 \
                        (default 0.5)",
            },
            Param {
                key: "start",
                about: "where the empty cell is: corner, edge, inside or any (default any)",
            },
            Param {
                key: "err",
                about: "Bunny's error rate, 0..=1 (default 0.3)",
            },
            Param {
                key: "eggerr",
                about: "Egg's error rate, 0..=1 (default 0)",
            },
            Param {
                key: "prolong",
                about: "1: among the moves of the kind chosen, prefer those that leave the \
                        opponent a move (longer games); 0: no preference (default 0)",
            },
        ],
    },
    GeneratorInfo {
        name: "comb",
        about: "A main corridor (the middle row of each band of three rows, joined into a \
                serpentine at alternating ends) with dead-end pockets of one cell next to it, \
                each present with probability `pockets`: entering a pocket wins at once, so \
                every corridor cell with a pocket is a win for the player on it, and walking on \
                to a cell with a pocket is a mistake. Then a game is played as in `play`; with \
                err=1 eggerr=1 (the default) most of Bunny's moves are mistakes.",
        params: &[
            N,
            M,
            Param {
                key: "pockets",
                about: "probability of each pocket, 0..=1 (default 1)",
            },
            Param {
                key: "err",
                about: "Bunny's error rate, 0..=1 (default 1)",
            },
            Param {
                key: "eggerr",
                about: "Egg's error rate, 0..=1 (default 1)",
            },
            Param {
                key: "prolong",
                about: "1: among the moves of the kind chosen, prefer those that leave the \
                        opponent a move (longer games); 0: no preference (default 1)",
            },
        ],
    },
    GeneratorInfo {
        name: "long",
        about: "Every cell usable; the token follows a long path (`serpentine` along rows or \
                columns, `spiral` inwards, `zigzag` through strips of two lines, or `random`: \
                a serpentine, or a zigzag when skips > 0, scrambled by backbite moves), in a random orientation, for k moves \
                each; Bunny's remaining options are then recoloured so that it is stuck. \
                Without skips the path goes through every cell, Egg wins every position and k \
                defaults to the longest possible game, floor((n*m - 1) / 2); single cells \
                skipped by a zigzag give Bunny winning positions, and mistakes. Catches arrays \
                sized for k instead of 2k, or for the statement's k instead of the real game \
                length.",
        params: &[
            N,
            M,
            Param {
                key: "path",
                about: "serpentine, spiral, zigzag or random (default serpentine)",
            },
            Param {
                key: "dir",
                about: "for serpentine, zigzag and random: rows or cols (default rows)",
            },
            Param {
                key: "k",
                about: "moves of each player, 1..=floor((path length - 1)/2) (default the \
                        maximum)",
            },
            Param {
                key: "skips",
                about: "for zigzag and random: probability that a column of a strip is left \
                        after one cell, leaving the other unvisited, 0..=1 (default 0)",
            },
            Param {
                key: "mix",
                about: "for random: backbite moves per cell, 0..=100 (default 10); cost \
                        O(mix·(n·m)²)",
            },
        ],
    },
];

fn size(args: &Args) -> Result<(u32, u32), ArgError> {
    let n = args.u32_or("n", 4, 1, MAX_SIDE)?;
    let m = args.u32_or("m", 4, 1, MAX_SIDE)?;
    let cells = u64::from(n) * u64::from(m);
    if cells > MAX_CELLS {
        return Err(ArgError(format!("n*m = {cells} exceeds {MAX_CELLS} cells")));
    }
    if cells < 3 {
        return Err(ArgError(format!(
            "n*m = {cells}: a game with k >= 1 needs at least 3 cells"
        )));
    }
    Ok((n, m))
}

/// Runs generator `name`. Errors name the bad argument.
pub fn generate(name: &str, args: &Args, rng: &mut TestRng) -> Result<Record, ArgError> {
    match name {
        "play" => {
            let (n, m) = size(args)?;
            let colours =
                args.choice_or("colours", "random", &["random", "allusable", "corridors"])?;
            let usable = args.f64_or("usable", 0.5, 0.0, 1.0)?;
            let start = args.choice_or("start", "any", &["corner", "edge", "inside", "any"])?;
            let policy = PlayPolicy {
                err: args.f64_or("err", 0.3, 0.0, 1.0)?,
                egg_err: args.f64_or("eggerr", 0.0, 0.0, 1.0)?,
                prolong: args.u32_or("prolong", 0, 0, 1)? == 1,
            };
            for _ in 0..PLAY_ATTEMPTS {
                let s = pick_start(n, m, start, rng)?;
                let grid = colour_board(n, m, s, colours, usable, rng);
                if let Some(rec) = play_record(grid, s, policy, rng) {
                    return Ok(rec);
                }
            }
            Err(ArgError(format!(
                "no board of {PLAY_ATTEMPTS} tried allows a game with k >= 1 for these parameters"
            )))
        }
        "comb" => {
            let (n, m) = size(args)?;
            let pockets = args.f64_or("pockets", 1.0, 0.0, 1.0)?;
            let policy = PlayPolicy {
                err: args.f64_or("err", 1.0, 0.0, 1.0)?,
                egg_err: args.f64_or("eggerr", 1.0, 0.0, 1.0)?,
                prolong: args.u32_or("prolong", 1, 0, 1)? == 1,
            };
            for _ in 0..PLAY_ATTEMPTS {
                let (grid, start) = comb_board(n, m, pockets, rng);
                if let Some(rec) = play_record(grid, start, policy, rng) {
                    return Ok(rec);
                }
            }
            Err(ArgError(format!(
                "no board of {PLAY_ATTEMPTS} tried allows a game with k >= 1 for these parameters"
            )))
        }
        "long" => {
            let (n, m) = size(args)?;
            let kind = args.choice_or(
                "path",
                "serpentine",
                &["serpentine", "spiral", "zigzag", "random"],
            )?;
            let by_cols = args.choice_or("dir", "rows", &["rows", "cols"])? == "cols";
            let mix = args.f64_or("mix", 10.0, 0.0, 100.0)?;
            let skips = args.f64_or("skips", 0.0, 0.0, 1.0)?;
            let mut path = match kind {
                "spiral" => spiral(n, m),
                "zigzag" => zigzag(n, m, by_cols, skips, rng),
                "random" => {
                    let mut p = if skips > 0.0 {
                        zigzag(n, m, by_cols, skips, rng)
                    } else {
                        serpentine(n, m, by_cols)
                    };
                    let moves = (mix * f64::from(n * m)).round() as u64;
                    backbite(n, m, &mut p, moves, rng);
                    p
                }
                _ => serpentine(n, m, by_cols),
            };
            let max_k = (path.len() as u32 - 1) / 2;
            let k = args.u32_or("k", max_k, 1, max_k)?;
            let (flip_rows, flip_cols) = (rng.chance(0.5), rng.chance(0.5));
            for id in path.iter_mut() {
                let (r, c) = (*id / m, *id % m);
                let r = if flip_rows { n - 1 - r } else { r };
                let c = if flip_cols { m - 1 - c } else { c };
                *id = r * m + c;
            }
            Ok(follow_path(n, m, &path[..=(2 * k) as usize]))
        }
        _ => Err(ArgError(format!("bunny has no generator `{name}`"))),
    }
}

/// A uniformly random cell of the requested kind: `corner`, `edge` (on the border, not a
/// corner), `inside` (not on the border) or `any`. On a strip (n = 1 or m = 1) the corners are
/// its two ends and the cells between them are inside. Errors when the board has no such cell.
fn pick_start(n: u32, m: u32, kind: &str, rng: &mut TestRng) -> Result<u32, ArgError> {
    let first_or_last = |x: u32, len: u32| x == 0 || x == len - 1;
    let corner = |r: u32, c: u32| first_or_last(r, n) && first_or_last(c, m);
    let border = |r: u32, c: u32| {
        (n > 1 && first_or_last(r, n)) || (m > 1 && first_or_last(c, m)) || n * m == 1
    };
    let fits = |id: u32| {
        let (r, c) = (id / m, id % m);
        match kind {
            "corner" => corner(r, c),
            "edge" => border(r, c) && !corner(r, c),
            "inside" => !border(r, c),
            _ => true,
        }
    };
    let cells: Vec<u32> = (0..n * m).filter(|&id| fits(id)).collect();
    rng.choose(&cells)
        .copied()
        .ok_or_else(|| ArgError(format!("`start={kind}`: a {n}x{m} board has no such cell")))
}

/// A board with the empty cell at `start`; every other cell is usable (black on the start's
/// chessboard colour, white on the other) or unusable (the opposite colours) by `pattern`.
fn colour_board(n: u32, m: u32, start: u32, pattern: &str, usable: f64, rng: &mut TestRng) -> Grid {
    let mut g = Grid::filled(n, m, BLACK);
    let start_parity = g.parity(start);
    for id in 0..g.len() {
        let (r, c) = g.pos(id);
        let is_usable = match pattern {
            "allusable" => true,
            "corridors" => r % 2 == 0 || (r % 4 == 1 && c == m - 1) || (r % 4 == 3 && c == 0),
            _ => rng.chance(usable),
        };
        let same = g.parity(id) == start_parity;
        g.set(id, if is_usable == same { BLACK } else { WHITE });
    }
    g.set(start, EMPTY);
    g
}

/// The board of `comb` and its start cell. Rows with `row % 3 == 1` (or row 0 when n = 1) are
/// corridor rows, run left to right, then right to left, and so on, joined at their ends
/// through the two rows between them; the start is the first corridor cell. Pocket candidates
/// are the other cells of rows `row % 3 == 0` in even columns and `row % 3 == 2` in odd ones,
/// so no two are adjacent; each is kept with probability `pockets`. Every other cell is
/// unusable.
fn comb_board(n: u32, m: u32, pockets: f64, rng: &mut TestRng) -> (Grid, u32) {
    let mut corridor = vec![false; (n * m) as usize];
    let first = if n == 1 { 0 } else { 1 };
    let mut end = m - 1;
    let mut row = first;
    loop {
        for c in 0..m {
            corridor[(row * m + c) as usize] = true;
        }
        if row + 3 >= n {
            break;
        }
        corridor[((row + 1) * m + end) as usize] = true;
        corridor[((row + 2) * m + end) as usize] = true;
        end = m - 1 - end;
        row += 3;
    }
    let start = first * m;
    let mut g = Grid::filled(n, m, BLACK);
    let start_parity = g.parity(start);
    for id in 0..g.len() {
        let (r, c) = g.pos(id);
        let pocket = match r % 3 {
            0 => c % 2 == 0,
            2 => c % 2 == 1,
            _ => false,
        };
        let usable = corridor[id as usize] || (pocket && rng.chance(pockets));
        let same = g.parity(id) == start_parity;
        g.set(id, if usable == same { BLACK } else { WHITE });
    }
    g.set(start, EMPTY);
    (g, start)
}

/// How the players of [`play_record`] choose their moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayPolicy {
    /// Probability that Bunny picks a losing move when it has one; otherwise it picks a
    /// winning move when it has one. Each choice among moves of a kind is uniform.
    pub err: f64,
    /// The same for Egg.
    pub egg_err: f64,
    /// Among the moves of the kind chosen, prefer those after which the opponent can still
    /// move (longer games).
    pub prolong: bool,
}

/// Plays a game on `grid` (cells `XO.`, the `.` at `start`) following `policy`, and returns its
/// record, or `None` when it ends before Bunny's first move completes a round (k = 0).
///
/// At each turn the mover's moves are classified exactly: after the token leaves p, a move to q
/// loses iff q is covered by every maximum matching of the remaining usable graph, i.e. iff
/// switching q off shrinks the maximum (then it is switched back on). When Bunny's chosen move
/// would leave Egg stuck, the game is ended before it as the module docs describe, changing
/// the returned board. Cost: one Hopcroft–Karp matching, then O(deg) augmenting searches of
/// O(V + E) per move.
pub fn play_record(
    mut grid: Grid,
    start: u32,
    policy: PlayPolicy,
    rng: &mut TestRng,
) -> Option<Record> {
    let (g, vid) = usable_graph(&grid, start);
    let mut cell = vec![0u32; g.len() as usize];
    for (id, &v) in vid.iter().enumerate() {
        if v != u32::MAX {
            cell[v as usize] = id as u32;
        }
    }
    let mut inc =
        IncrementalMatching::with_matching(&g, vec![true; cell.len()], maximum_matching(&g));
    let mut token = vid[start as usize];
    let mut moves = Vec::new();
    let mut bunny = true;
    loop {
        inc.deactivate(token);
        let options: Vec<u32> = g
            .neighbours(token)
            .iter()
            .copied()
            .filter(|&q| inc.is_active(q))
            .collect();
        let (mut winning, mut losing) = (Vec::new(), Vec::new());
        for &q in &options {
            let opponent_wins = inc.deactivate(q);
            inc.activate(q);
            if opponent_wins {
                losing.push(q);
            } else {
                winning.push(q);
            }
        }
        let err = if bunny { policy.err } else { policy.egg_err };
        if policy.prolong {
            // Keep only the moves after which the opponent can still move, if there are any.
            let leaves_a_move = |q: &&u32| g.neighbours(**q).iter().any(|&w| inc.is_active(w));
            for moves in [&mut winning, &mut losing] {
                let (keep, end): (Vec<u32>, Vec<u32>) = moves.iter().partition(leaves_a_move);
                if !keep.is_empty() {
                    *moves = keep;
                } else {
                    *moves = end;
                }
            }
        }
        let (first, second) = if rng.chance(err) {
            (&losing, &winning)
        } else {
            (&winning, &losing)
        };
        let Some(&q) = rng.choose(first).or_else(|| rng.choose(second)) else {
            break; // The mover is stuck: Bunny, since Egg always has a move (below).
        };
        if bunny && !g.neighbours(q).iter().any(|&w| inc.is_active(w)) {
            // Egg would be stuck: end the game here with Bunny stuck instead.
            for &o in &options {
                grid.set(cell[o as usize], BLACK);
            }
            break;
        }
        moves.push(cell[q as usize]);
        token = q;
        bunny = !bunny;
    }
    debug_assert!(bunny, "the game always ends on Bunny's turn");
    (!moves.is_empty()).then_some(Record { grid, start, moves })
}

/// The record of a token that follows `path` (distinct cells, consecutive ones adjacent, odd
/// length 2k + 1) on an n×m board where every cell is usable; Bunny's remaining options at the
/// end are recoloured black so that it is stuck.
fn follow_path(n: u32, m: u32, path: &[u32]) -> Record {
    let start = path[0];
    let mut grid = Grid::filled(n, m, BLACK);
    let start_parity = grid.parity(start);
    for id in 0..grid.len() {
        let same = grid.parity(id) == start_parity;
        grid.set(id, if same { BLACK } else { WHITE });
    }
    grid.set(start, EMPTY);
    let moves = path[1..].to_vec();
    let end = *path.last().expect("a path has a cell");
    let mut visited = vec![false; grid.len() as usize];
    for &id in path {
        visited[id as usize] = true;
    }
    let options: Vec<u32> = grid
        .neighbours(end)
        .filter(|&nb| !visited[nb as usize] && grid.at(nb) == WHITE)
        .collect();
    for nb in options {
        grid.set(nb, BLACK);
    }
    debug_assert!(path.iter().all(|&id| is_usable(&grid, start, id)));
    Record { grid, start, moves }
}

/// The boustrophedon path through every cell: along rows (or along columns when `by_cols`),
/// reversing direction each line.
fn serpentine(n: u32, m: u32, by_cols: bool) -> Vec<u32> {
    let (lines, len) = if by_cols { (m, n) } else { (n, m) };
    let mut path = Vec::with_capacity((n * m) as usize);
    for a in 0..lines {
        for b in 0..len {
            let b = if a % 2 == 0 { b } else { len - 1 - b };
            path.push(if by_cols { b * m + a } else { a * m + b });
        }
    }
    path
}

/// A path through strips of two rows (two columns when `by_cols`), each strip crossed column
/// by column going down and up in turn, the strips joined at alternating ends (a last odd row
/// is crossed straight). With probability `skips` a column is left after its first cell (never
/// two columns in a row), so its other cell stays unvisited: a single cell off the path, which
/// changes who wins along it. A strip must be left from its bottom row; when its length is
/// even that takes one more such skip at its last column. So with `skips = 0` the path goes
/// through every cell when the line length is odd or there are at most two lines.
fn zigzag(n: u32, m: u32, by_cols: bool, skips: f64, rng: &mut TestRng) -> Vec<u32> {
    let (lines, len) = if by_cols { (m, n) } else { (n, m) };
    let cell = |a: u32, b: u32| if by_cols { b * m + a } else { a * m + b };
    let mut path = Vec::with_capacity((n * m) as usize);
    for strip in 0..lines.div_ceil(2) {
        let (top, bottom) = (2 * strip, 2 * strip + 1);
        let columns: Vec<u32> = if strip % 2 == 0 {
            (0..len).collect()
        } else {
            (0..len).rev().collect()
        };
        if bottom == lines {
            path.extend(columns.iter().map(|&b| cell(top, b)));
            break;
        }
        let more_strips = bottom + 1 < lines;
        // Each strip is entered at its top row (from the bottom row of the one before).
        let mut at_top = true;
        let mut skipped = false;
        for (i, &b) in columns.iter().enumerate() {
            let (first, second) = if at_top { (top, bottom) } else { (bottom, top) };
            path.push(cell(first, b));
            skipped = if i + 1 == columns.len() {
                more_strips && !at_top
            } else if skipped || (more_strips && i + 2 == columns.len() && !at_top) {
                // No two skips in a row, nor one that forces another at the last column.
                false
            } else {
                rng.chance(skips)
            };
            if !skipped {
                path.push(cell(second, b));
                at_top = !at_top;
            }
        }
    }
    path
}

/// The clockwise spiral from the top-left corner inwards, through every cell.
fn spiral(n: u32, m: u32) -> Vec<u32> {
    let mut path = Vec::with_capacity((n * m) as usize);
    let (mut top, mut left) = (0i64, 0i64);
    let (mut bottom, mut right) = (i64::from(n) - 1, i64::from(m) - 1);
    let id = |r: i64, c: i64| (r * i64::from(m) + c) as u32;
    while top <= bottom && left <= right {
        for c in left..=right {
            path.push(id(top, c));
        }
        for r in top + 1..=bottom {
            path.push(id(r, right));
        }
        if top < bottom {
            for c in (left..right).rev() {
                path.push(id(bottom, c));
            }
        }
        if left < right {
            for r in (top + 1..bottom).rev() {
                path.push(id(r, left));
            }
        }
        top += 1;
        left += 1;
        bottom -= 1;
        right -= 1;
    }
    path
}

/// Scrambles a path on an n×m board with `moves` backbite moves: an end e of the path and a
/// random grid neighbour x of e that lies on the path are joined, and the path edge at x on
/// e's side is cut, which reverses the segment between them and gives a new end. The result
/// is again a path through the same cells. O(moves · path length).
fn backbite(n: u32, m: u32, path: &mut [u32], moves: u64, rng: &mut TestRng) {
    const OFF: usize = usize::MAX;
    let grid = Grid::filled(n, m, EMPTY);
    let len = path.len();
    let mut index = vec![OFF; grid.len() as usize];
    for (i, &id) in path.iter().enumerate() {
        index[id as usize] = i;
    }
    let mut neighbours: Vec<u32> = Vec::with_capacity(4);
    for _ in 0..moves {
        let at_end = rng.chance(0.5);
        let e = if at_end { path[len - 1] } else { path[0] };
        neighbours.clear();
        neighbours.extend(grid.neighbours(e).filter(|&x| index[x as usize] != OFF));
        let Some(&x) = rng.choose(&neighbours) else {
            continue;
        };
        let j = index[x as usize];
        let range = if at_end { j + 1..len } else { 0..j };
        if range.len() <= 1 {
            continue; // x is already e's neighbour on the path
        }
        path[range.clone()].reverse();
        for i in range {
            index[path[i] as usize] = i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `path` is a path of distinct, consecutively adjacent cells of `cells` cells.
    fn is_path(n: u32, m: u32, path: &[u32], cells: usize) -> bool {
        let g = Grid::filled(n, m, EMPTY);
        let mut seen = vec![false; (n * m) as usize];
        path.len() == cells
            && path
                .iter()
                .all(|&id| !std::mem::replace(&mut seen[id as usize], true))
            && path
                .windows(2)
                .all(|w| g.neighbours(w[0]).any(|x| x == w[1]))
    }

    #[test]
    fn paths_visit_every_cell_once() {
        let mut rng = TestRng::for_test("bunny", "unit", "", 1);
        for (n, m) in [(1, 5), (5, 1), (2, 2), (3, 7), (6, 4), (5, 5), (4, 1)] {
            let all = (n * m) as usize;
            assert!(is_path(n, m, &serpentine(n, m, false), all));
            assert!(is_path(n, m, &serpentine(n, m, true), all));
            assert!(is_path(n, m, &spiral(n, m), all), "{n}x{m}");
            let mut p = serpentine(n, m, false);
            backbite(n, m, &mut p, 500, &mut rng);
            assert!(is_path(n, m, &p, all), "{n}x{m}");
            for by_cols in [false, true] {
                let (lines, len) = if by_cols { (m, n) } else { (n, m) };
                // A strip of even length needs one skip to leave from its bottom row.
                let forced = if len % 2 == 0 { (lines - 1) / 2 } else { 0 };
                let p = zigzag(n, m, by_cols, 0.0, &mut rng);
                assert!(
                    is_path(n, m, &p, all - forced as usize),
                    "{n}x{m} {by_cols}"
                );
            }
        }
    }

    #[test]
    fn zigzag_skips_single_cells() {
        let mut rng = TestRng::for_test("bunny", "unit", "", 4);
        for (n, m) in [(6, 7), (7, 6), (2, 9), (5, 5)] {
            for by_cols in [false, true] {
                let p = zigzag(n, m, by_cols, 1.0, &mut rng);
                let mut on = vec![false; (n * m) as usize];
                p.iter().for_each(|&id| on[id as usize] = true);
                assert!(is_path(n, m, &p, p.len()), "{n}x{m}");
                // Off-path cells exist, and none has an off-path neighbour in its strip.
                let g = Grid::filled(n, m, EMPTY);
                let off: Vec<u32> = (0..n * m).filter(|&id| !on[id as usize]).collect();
                assert!(off.len() >= 2, "{n}x{m} {by_cols}: {off:?}");
                for &x in &off {
                    let (r, c) = g.pos(x);
                    let same_strip = |y: u32| {
                        let (r2, c2) = g.pos(y);
                        if by_cols {
                            c2 / 2 == c / 2
                        } else {
                            r2 / 2 == r / 2
                        }
                    };
                    assert!(
                        g.neighbours(x).all(|y| on[y as usize] || !same_strip(y)),
                        "{r},{c}"
                    );
                }
                let mut q = p.clone();
                backbite(n, m, &mut q, 2000, &mut rng);
                assert!(is_path(n, m, &q, p.len()));
                let mut a = p.clone();
                let mut b = q.clone();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "backbite keeps the cells of the path");
            }
        }
    }

    #[test]
    fn backbite_changes_the_path() {
        let mut rng = TestRng::for_test("bunny", "unit", "", 2);
        let mut p = serpentine(8, 8, false);
        let original = p.clone();
        backbite(8, 8, &mut p, 640, &mut rng);
        assert_ne!(p, original);
    }

    #[test]
    fn start_kinds() {
        let mut rng = TestRng::for_test("bunny", "unit", "", 3);
        for _ in 0..50 {
            let c = pick_start(4, 5, "corner", &mut rng).unwrap();
            assert!([0, 4, 15, 19].contains(&c));
            let e = pick_start(4, 5, "edge", &mut rng).unwrap();
            let (r, col) = (e / 5, e % 5);
            assert!((r == 0 || r == 3 || col == 0 || col == 4) && ![0, 4, 15, 19].contains(&e));
            let i = pick_start(4, 5, "inside", &mut rng).unwrap();
            assert!((1..3).contains(&(i / 5)) && (1..4).contains(&(i % 5)));
        }
        assert!(pick_start(2, 9, "inside", &mut rng)
            .unwrap_err()
            .0
            .contains("no such cell"));
        // Strips: the ends are the corners, the rest is inside.
        for _ in 0..20 {
            assert!([0, 6].contains(&pick_start(1, 7, "corner", &mut rng).unwrap()));
            assert!((1..6).contains(&pick_start(7, 1, "inside", &mut rng).unwrap()));
        }
        assert!(pick_start(1, 7, "edge", &mut rng).is_err());
    }
}
