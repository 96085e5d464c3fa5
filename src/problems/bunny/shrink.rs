//! Shrinking a `bunny` record for `gridjudge stress`
//! ([`crate::problem::Problem::shrink_candidates`]).
//!
//! The single steps:
//! * **shorten** the record to its first k' < k move pairs; Bunny would then still have a
//!   move, so its options at the end — the white pieces next to the final empty cell — are
//!   recoloured black. Those pieces are unvisited and of the other chessboard colour than the
//!   final empty cell, so they are next to none of Egg's empty cells, and every earlier move
//!   stays legal (the argument of the generators, see `gen.rs`);
//! * **remove a row or a column** that the token never visits: consecutive token cells stay
//!   adjacent (a vertical step cannot jump over a row it does not visit), moves are renumbered.
//!   The token's path lies wholly on one side of such a line. Each removal comes twice: as it
//!   is, and with the pieces on the side away from the path recoloured (`X` <-> `O`). The
//!   removal shifts the chessboard colour of one side relative to the other; the recolouring
//!   undoes that shift for usability, so the usable graph stays the same except for the
//!   removed line (whose two neighbour lines become adjacent);
//! * **recolour** one piece off the token's path that the token could use (see
//!   [`super::is_usable`]) so that it cannot (`X` <-> `O`): the usable graph loses a vertex.
//!
//! A step can break the rules (a removed row brings a white piece next to the final empty
//! cell, say); the caller validates every candidate. Every step lowers the measure (n·m, k,
//! usable cells) lexicographically, so greedy shrinking ends. Candidates come sorted by that
//! measure, smallest first; ties keep the order shorten, rows, columns, recolour.

use super::{format_record, is_usable, parse, unbounded, Record, BLACK, EMPTY, WHITE};
use crate::problem::ValidateOptions;
use crate::problems::grid::Grid;

/// The record cut to its first `pairs` move pairs, with Bunny's remaining options at the end
/// recoloured black; `None` when such an option is a visited cell (never for a legal record).
fn shorten(rec: &Record, pairs: usize) -> Option<Record> {
    let moves = rec.moves[..2 * pairs].to_vec();
    let mut board = rec.grid.cells.clone();
    let mut empty = rec.start;
    for &id in &moves {
        board[empty as usize] = board[id as usize];
        board[id as usize] = EMPTY;
        empty = id;
    }
    let mut grid = rec.grid.clone();
    for nb in rec.grid.neighbours(empty) {
        if board[nb as usize] == WHITE {
            if nb == rec.start || moves.contains(&nb) {
                return None;
            }
            grid.set(nb, BLACK);
        }
    }
    Some(Record {
        grid,
        start: rec.start,
        moves,
    })
}

/// The record with the cells for which `keep(row, col)` is false removed, into an
/// `n` × `m` board, and the pieces for which `flip(row, col)` is true recoloured. Neither the
/// removed nor the recoloured cells may be on the token's path.
fn remove_cells(
    rec: &Record,
    n: u32,
    m: u32,
    keep: impl Fn(u32, u32) -> bool,
    flip: impl Fn(u32, u32) -> bool,
) -> Record {
    let g = &rec.grid;
    let mut new_id = vec![u32::MAX; g.len() as usize];
    let mut cells = Vec::with_capacity((n * m) as usize);
    for id in 0..g.len() {
        let (r, c) = g.pos(id);
        if keep(r, c) {
            new_id[id as usize] = cells.len() as u32;
            let piece = g.at(id);
            cells.push(match piece {
                WHITE if flip(r, c) => BLACK,
                BLACK if flip(r, c) => WHITE,
                _ => piece,
            });
        }
    }
    Record {
        grid: Grid { n, m, cells },
        start: new_id[rec.start as usize],
        moves: rec.moves.iter().map(|&id| new_id[id as usize]).collect(),
    }
}

/// Number of usable cells of a record's board.
fn usable(rec: &Record) -> usize {
    (0..rec.grid.len())
        .filter(|&id| is_usable(&rec.grid, rec.start, id))
        .count()
}

/// Every single-step reduction of `input` (see the module documentation), as canonical record
/// bytes; none when `input` does not parse as a legal record. O((k + n + m + n·m) · (n·m + k))
/// time.
pub fn candidates(input: &[u8]) -> Vec<Vec<u8>> {
    let Ok(rec) = parse(input, &unbounded(), ValidateOptions::default()) else {
        return Vec::new();
    };
    let g = &rec.grid;
    let path = rec.positions();
    let mut on_path = vec![false; g.len() as usize];
    for &p in &path {
        on_path[p as usize] = true;
    }
    let mut out: Vec<Record> = Vec::new();
    for pairs in 1..rec.k() {
        out.extend(shorten(&rec, pairs));
    }
    let row_used = |r: u32| (0..g.m).any(|c| on_path[g.id(r, c) as usize]);
    let col_used = |c: u32| (0..g.n).any(|r| on_path[g.id(r, c) as usize]);
    // The path is connected and misses the removed line, so it lies on the start's side.
    let (start_row, start_col) = g.pos(rec.start);
    if g.n >= 2 {
        for r in (0..g.n).filter(|&r| !row_used(r)) {
            let away = |rr: u32| (rr < r) != (start_row < r);
            out.push(remove_cells(
                &rec,
                g.n - 1,
                g.m,
                |rr, _| rr != r,
                |_, _| false,
            ));
            out.push(remove_cells(
                &rec,
                g.n - 1,
                g.m,
                |rr, _| rr != r,
                |rr, _| away(rr),
            ));
        }
    }
    if g.m >= 2 {
        for c in (0..g.m).filter(|&c| !col_used(c)) {
            let away = |cc: u32| (cc < c) != (start_col < c);
            out.push(remove_cells(
                &rec,
                g.n,
                g.m - 1,
                |_, cc| cc != c,
                |_, _| false,
            ));
            out.push(remove_cells(
                &rec,
                g.n,
                g.m - 1,
                |_, cc| cc != c,
                |_, cc| away(cc),
            ));
        }
    }
    for id in 0..g.len() {
        if !on_path[id as usize] && is_usable(g, rec.start, id) {
            let mut r = rec.clone();
            r.grid
                .set(id, if g.at(id) == WHITE { BLACK } else { WHITE });
            out.push(r);
        }
    }
    let mut keyed: Vec<((u32, usize, usize), Vec<u8>)> = out
        .into_iter()
        .map(|r| ((r.grid.len(), r.k(), usable(&r)), format_record(&r)))
        .collect();
    // Stable: equal measures keep the order shorten, rows, columns, recolour.
    keyed.sort_by_key(|(key, _)| *key);
    let mut seen = std::collections::HashSet::new();
    keyed
        .into_iter()
        .map(|(_, b)| b)
        .filter(|b| seen.insert(b.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Bounds;

    fn valid(b: &[u8]) -> bool {
        let bounds = Bounds(
            [("n", [1, 40]), ("m", [1, 40]), ("k", [1, 1000])]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        );
        parse(b, &bounds, ValidateOptions::default()).is_ok()
    }

    #[test]
    fn a_two_pair_record_shortens_and_drops_an_unvisited_column() {
        // Token path (2,1) -> (1,1) -> (1,2) -> (1,3) -> (2,3); (2,2) and column 4 unvisited.
        let input = b"2 4\nOXOX\n.XXX\n2\n1 1\n1 2\n1 3\n2 3\n";
        assert!(valid(input));
        let c: Vec<String> = candidates(input)
            .iter()
            .map(|b| String::from_utf8(b.clone()).unwrap())
            .collect();
        assert_eq!(
            c,
            [
                // Column 4 removed (6 cells).
                "2 3\nOXO\n.XX\n2\n1 1\n1 2\n1 3\n2 3\n",
                // One pair: Bunny's option (1,3) next to the empty (1,2) recoloured black.
                "2 4\nOXXX\n.XXX\n1\n1 1\n1 2\n",
                // The one usable cell off the path, (1,4) (X on the start's colour), made
                // unusable; (2,2) and (2,4) are X on the other colour: unusable already.
                "2 4\nOXOO\n.XXX\n2\n1 1\n1 2\n1 3\n2 3\n",
            ]
        );
        // Here every candidate is a legal record.
        assert!(candidates(input).iter().all(|b| valid(b)));
    }

    #[test]
    fn garbage_and_a_minimal_record_give_no_candidates() {
        assert!(candidates(b"1 3\nO.X\n").is_empty());
        // 1x3, k = 1: nothing off the path, nothing to shorten.
        assert!(candidates(b"1 3\nXO.\n1\n1 2\n1 1\n").is_empty());
    }
}
