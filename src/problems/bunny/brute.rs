//! Exhaustive solver for `bunny`: plays the literal game on whole boards — pieces slide into
//! the empty cell, the player who cannot move loses — with memoised minimax over board states.
//! No token, usable-cell or matching argument is used, so it checks the reference solution
//! independently. Exponential; meant for boards of up to about 16 cells.

use std::collections::HashMap;

use super::{Record, BLACK, EMPTY, WHITE};
use crate::problems::grid::Grid;

/// Largest board the brute force accepts: a board is packed into 2 bits per cell, plus one
/// bit for the player to move, in a `u64`.
pub const MAX_BRUTE_CELLS: u32 = 31;

/// Memo value of a state whose search is still on the stack.
const IN_PROGRESS: u8 = 2;

/// Bunny's mistakes by exhaustive search, or `None` when the board has more than
/// [`MAX_BRUTE_CELLS`] cells: move i is reported when the player to move wins both before it
/// and right after it, by [`brute_force_wins`].
///
/// Cost: that of [`brute_force_wins`].
pub fn brute_force_mistakes(rec: &Record) -> anyhow::Result<Option<Vec<u32>>> {
    Ok(brute_force_wins(rec)?.map(|win| super::mistakes_from_wins(&win)))
}

/// Whether the player to move wins at every position 0..=2k of the record (Bunny at even
/// positions, Egg at odd ones), by exhaustive search; `None` when the board has more than
/// [`MAX_BRUTE_CELLS`] cells.
///
/// Replays the record on the board and decides each position by memoised minimax. Errors if
/// the record contains an illegal move or if a board state repeats during the search (the game
/// would not be finite; the theory says it cannot happen).
///
/// Cost: O(S·4) time and memory where S is the number of board states reachable from the
/// record's positions; exponential in the number of cells.
pub fn brute_force_wins(rec: &Record) -> anyhow::Result<Option<Vec<bool>>> {
    if rec.grid.len() > MAX_BRUTE_CELLS {
        return Ok(None);
    }
    let mut search = Search {
        g: &rec.grid,
        memo: HashMap::new(),
    };
    let mut board = rec.grid.cells.clone();
    let mut empty = rec.start;
    let mut win = Vec::with_capacity(rec.moves.len() + 1);
    for (t, &id) in rec.moves.iter().enumerate() {
        let bunny = t % 2 == 0;
        win.push(search.mover_wins(&mut board, empty, bunny)?);
        let colour = if bunny { WHITE } else { BLACK };
        anyhow::ensure!(
            board[id as usize] == colour && rec.grid.neighbours(empty).any(|nb| nb == id),
            "illegal move {}",
            t + 1
        );
        board[empty as usize] = colour;
        board[id as usize] = EMPTY;
        empty = id;
    }
    win.push(search.mover_wins(&mut board, empty, rec.moves.len() % 2 == 0)?);
    Ok(Some(win))
}

/// Minimax over boards with a memo keyed by the packed board and the player to move.
struct Search<'a> {
    g: &'a Grid,
    memo: HashMap<u64, u8>,
}

impl Search<'_> {
    /// The packed state: 2 bits per cell (`.` 0, `O` 1, `X` 2), bit 63 set when Bunny moves.
    fn key(board: &[u8], bunny: bool) -> u64 {
        let mut key = u64::from(bunny) << 63;
        for (i, &c) in board.iter().enumerate() {
            let code = match c {
                EMPTY => 0,
                WHITE => 1,
                _ => 2,
            };
            key |= code << (2 * i);
        }
        key
    }

    /// Whether the player to move (Bunny if `bunny`, else Egg) wins on `board` with the empty
    /// cell at `empty`. `board` is restored before returning. Recursion depth is the length of
    /// the longest game, at most the number of cells (a repeated state is an error).
    fn mover_wins(&mut self, board: &mut [u8], empty: u32, bunny: bool) -> anyhow::Result<bool> {
        let key = Self::key(board, bunny);
        match self.memo.get(&key) {
            Some(&IN_PROGRESS) => anyhow::bail!("a board state repeats: the game is not finite"),
            Some(&w) => return Ok(w == 1),
            None => {}
        }
        self.memo.insert(key, IN_PROGRESS);
        let colour = if bunny { WHITE } else { BLACK };
        let g = self.g;
        let mut win = false;
        for nb in g.neighbours(empty) {
            if board[nb as usize] != colour {
                continue;
            }
            board[empty as usize] = colour;
            board[nb as usize] = EMPTY;
            let opponent_wins = self.mover_wins(board, nb, !bunny);
            board[nb as usize] = colour;
            board[empty as usize] = EMPTY;
            if !opponent_wins? {
                win = true;
                break;
            }
        }
        self.memo.insert(key, u8::from(win));
        Ok(win)
    }
}
