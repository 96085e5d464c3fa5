//! Shrinking a `game` maze for `gridjudge stress` ([`crate::problem::Problem::shrink_candidates`]).
//!
//! The single steps are: remove one row (N >= 2), remove one column (M >= 2), and turn one free
//! cell into a wall. Removing a border row or column trims the border; removing an inner one
//! joins its two neighbours. Every step lowers the measure (N·M, free cells)
//! lexicographically, so greedy shrinking ends. Candidates come sorted by that measure,
//! smallest first, ties in the order rows, columns, cells (each in index order).

use super::{format_maze, parse, unbounded, FREE, WALL};
use crate::problem::ValidateOptions;
use crate::problems::grid::Grid;

/// The maze without row `r`. `g.n >= 2`.
fn without_row(g: &Grid, r: u32) -> Grid {
    let m = g.m as usize;
    let mut cells = Vec::with_capacity(g.cells.len() - m);
    for (i, row) in g.cells.chunks(m).enumerate() {
        if i != r as usize {
            cells.extend_from_slice(row);
        }
    }
    Grid {
        n: g.n - 1,
        m: g.m,
        cells,
    }
}

/// The maze without column `c`. `g.m >= 2`.
fn without_column(g: &Grid, c: u32) -> Grid {
    let m = g.m as usize;
    let cells = g
        .cells
        .iter()
        .enumerate()
        .filter(|(i, _)| i % m != c as usize)
        .map(|(_, &b)| b)
        .collect();
    Grid {
        n: g.n,
        m: g.m - 1,
        cells,
    }
}

/// Every single-step reduction of `input` (see the module documentation), as canonical maze
/// bytes; none when `input` does not parse. O((N + M + N·M) · N·M) time and output size.
pub fn candidates(input: &[u8]) -> Vec<Vec<u8>> {
    let Ok(g) = parse(input, &unbounded(), ValidateOptions::default()) else {
        return Vec::new();
    };
    let free = |g: &Grid| g.cells.iter().filter(|&&c| c == FREE).count();
    let mut out: Vec<(u32, usize, Grid)> = Vec::new();
    if g.n >= 2 {
        for r in 0..g.n {
            let h = without_row(&g, r);
            out.push((h.len(), free(&h), h));
        }
    }
    if g.m >= 2 {
        for c in 0..g.m {
            let h = without_column(&g, c);
            out.push((h.len(), free(&h), h));
        }
    }
    let total_free = free(&g);
    for id in 0..g.len() {
        if g.at(id) == FREE {
            let mut h = g.clone();
            h.set(id, WALL);
            out.push((h.len(), total_free - 1, h));
        }
    }
    // Stable: equal measures keep the order rows, columns, cells.
    out.sort_by_key(|&(cells, free, _)| (cells, free));
    let mut seen = std::collections::HashSet::new();
    out.into_iter()
        .map(|(_, _, h)| format_maze(&h))
        .filter(|b| seen.insert(b.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maze(s: &str) -> Vec<u8> {
        s.as_bytes().to_vec()
    }

    #[test]
    fn steps_of_a_small_maze_smallest_first() {
        let c = candidates(&maze("2 3\n.#.\n..#\n"));
        let text: Vec<String> = c
            .iter()
            .map(|b| String::from_utf8(b.clone()).unwrap())
            .collect();
        // Rows out (3 cells), then columns out (4 cells, fewest free cells first), then one
        // free cell walled (6 cells), each group in index order.
        assert_eq!(
            text,
            [
                "1 3\n..#\n",
                "1 3\n.#.\n",
                "2 2\n#.\n.#\n",
                "2 2\n..\n.#\n",
                "2 2\n.#\n..\n",
                "2 3\n##.\n..#\n",
                "2 3\n.##\n..#\n",
                "2 3\n.#.\n#.#\n",
                "2 3\n.#.\n.##\n",
            ]
        );
    }

    #[test]
    fn a_single_wall_has_no_step_and_garbage_has_none() {
        assert!(candidates(b"1 1\n#\n").is_empty());
        assert_eq!(candidates(b"1 1\n.\n"), [b"1 1\n#\n".to_vec()]);
        assert!(candidates(b"2 2\n..\n").is_empty());
    }
}
