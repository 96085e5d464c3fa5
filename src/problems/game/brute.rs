//! Exhaustive solver for `game`: plays the literal game (minimax over visited sets), with no
//! matching theory at all. Exponential; meant for mazes of up to about 20 free cells.

use std::collections::HashMap;

use super::FREE;
use crate::problems::grid::Grid;

/// The winning start cells of A (cell ids, row-major) by exhaustive game search, or `None`
/// when the maze has more than 64 free cells (visited sets are 64-bit masks).
///
/// Cost: O(S·4) time and memory where S is the number of (token cell, visited set) states
/// reachable by self-avoiding walks; exponential in the number of free cells.
pub fn brute_force_winners(g: &Grid) -> Option<Vec<u32>> {
    let free: Vec<u32> = (0..g.len()).filter(|&id| g.at(id) == FREE).collect();
    if free.len() > 64 {
        return None;
    }
    let mut index = vec![u8::MAX; g.len() as usize];
    for (i, &id) in free.iter().enumerate() {
        index[id as usize] = i as u8;
    }
    let adj: Vec<Vec<u8>> = free
        .iter()
        .map(|&id| {
            g.neighbours(id)
                .filter(|&nb| index[nb as usize] != u8::MAX)
                .map(|nb| index[nb as usize])
                .collect()
        })
        .collect();
    let mut memo: HashMap<(u64, u8), bool> = HashMap::new();
    let winners = free
        .iter()
        .enumerate()
        .filter(|&(i, _)| !mover_wins(i as u8, 1u64 << i, &adj, &mut memo))
        .map(|(_, &id)| id)
        .collect();
    Some(winners)
}

/// Whether the player to move wins with the token on `pos` and `visited` cells used.
/// Iterative depth-first minimax with an explicit stack (the depth is the number of free
/// cells, at most 64, but no recursion is used anyway).
fn mover_wins(pos: u8, visited: u64, adj: &[Vec<u8>], memo: &mut HashMap<(u64, u8), bool>) -> bool {
    if let Some(&w) = memo.get(&(visited, pos)) {
        return w;
    }
    // Frame: (pos, visited, next neighbour index).
    let mut stack: Vec<(u8, u64, usize)> = vec![(pos, visited, 0)];
    let mut child_result: Option<bool> = None;
    while let Some(top) = stack.last_mut() {
        let (p, vis, ref mut i) = *top;
        let p_now = p;
        if let Some(child_wins) = child_result.take() {
            if !child_wins {
                // Moving there leaves the opponent lost: the mover wins.
                memo.insert((vis, p_now), true);
                stack.pop();
                child_result = Some(true);
                continue;
            }
        }
        let mut pushed = None;
        while *i < adj[p as usize].len() {
            let nb = adj[p as usize][*i];
            *i += 1;
            if vis >> nb & 1 == 1 {
                continue;
            }
            let nvis = vis | 1u64 << nb;
            match memo.get(&(nvis, nb)) {
                Some(false) => {
                    memo.insert((vis, p), true);
                    pushed = Some(None);
                    break;
                }
                Some(true) => continue,
                None => {
                    pushed = Some(Some((nb, nvis)));
                    break;
                }
            }
        }
        match pushed {
            Some(Some((nb, nvis))) => stack.push((nb, nvis, 0)),
            Some(None) => {
                stack.pop();
                child_result = Some(true);
            }
            None => {
                // Every move leads to a position the opponent wins (or there is no move).
                memo.insert((vis, p), false);
                stack.pop();
                child_result = Some(false);
            }
        }
    }
    memo[&(visited, pos)]
}
