//! B's strategy in `duel`, without I/O: a position (the token's cell and the unvisited cells)
//! and the move B makes from it.
//!
//! **Theory** (`../shared/problems/game.md`). Let S be the unvisited free cells (the token's
//! cell excluded) and t the token's cell. The player to move wins iff t is covered by every
//! maximum matching of G\[S ∪ {t}\], i.e. iff a maximum matching M of G\[S\] has an augmenting
//! path from t. A move to u ∈ S wins iff the opponent, at u with S − u unvisited, loses, i.e.
//! iff some maximum matching of G\[S\] leaves u uncovered ("u escapes", [`Play::escapes`]).
//!
//! **State.** One maximum matching of G\[S\], kept by
//! [`crate::core::matching::IncrementalMatching`]: every move (A's or B's) switches one vertex
//! off, with at most one augmentation attempt from its former partner. Each B turn makes one
//! alternating search from t ([`Play::mover_wins`]): B recomputes from the current position,
//! it never keeps following an earlier matching.
//!
//! **B's move** ([`Play::b_move`]), candidates in the order up, left, right, down:
//! - no candidate: B has no move (`0 0`);
//! - B can win: the first candidate u that escapes (A at u then loses against any play);
//! - B cannot win (every candidate u is covered by every maximum matching of G\[S\], so A's
//!   reply M(u) wins for A): B picks the candidate that gives a naive A the most rope to hang
//!   itself. For a candidate u, A's replies are the unvisited neighbours v of u; a reply loses
//!   for A iff v escapes in G\[S − u\] (whose maximum matching is M − {u, M(u)}). B maximises,
//!   in this order, (1) the fraction of A's replies that lose (a player choosing at random
//!   errs most often), (2) the fraction of losing replies among those with the fewest onward
//!   moves (what a greedy player picks). Candidates tied on both are chosen by [`TieRng`],
//!   seeded by a hash of the board, drawing one number only when two or more are tied.
//!
//! Every choice depends on the position alone, not on which maximum matching is kept (the
//! escape sets are properties of the graph), so the C++ interactors in `problems/duel/` make
//! the same moves with their own matching code.
//!
//! Cost per B turn: one alternating search from t, at most one per candidate, and in a losing
//! position at most 3 per candidate; each is O(V + E) at worst and stops at the first free
//! vertex it meets.

use crate::core::matching::{maximum_matching, BipartiteGraph, IncrementalMatching, NONE};
use crate::problems::game::{format_maze, maze_graph, FREE};
use crate::problems::grid::Grid;

/// The random numbers that break B's ties: SplitMix64 (G. Steele, D. Lea, C. Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014) seeded by [`board_seed`], and
/// [`TieRng::below`] as [`crate::core::rng::TestRng::below`] (Lemire's method on the high 32
/// bits of each word). Chosen over `TestRng` because the C++ interactors must draw the same
/// numbers with a few lines of code, without SHA-256 and ChaCha20. Nothing samples `usize`.
#[derive(Clone, Debug)]
pub struct TieRng {
    state: u64,
}

impl TieRng {
    /// The generator with state `seed`.
    pub fn new(seed: u64) -> TieRng {
        TieRng { state: seed }
    }

    /// The next 64-bit word of SplitMix64.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n >= 1`): Lemire's multiply-and-reject on the high 32
    /// bits of [`TieRng::next_u64`].
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let x = (self.next_u64() >> 32) as u32;
            let m = u64::from(x) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }
}

/// The seed of B's ties for a board: 64-bit FNV-1a over the board's canonical text
/// (`N M\n` and the rows, each ended by `\n`, as [`format_maze`] writes it).
pub fn board_seed(g: &Grid) -> u64 {
    format_maze(g)
        .iter()
        .fold(0xCBF2_9CE4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
        })
}

/// A board prepared for play: its graph (the free cells, numbered by
/// [`crate::problems::game::maze_graph`]) and one maximum matching of it.
pub struct Duel {
    grid: Grid,
    graph: BipartiteGraph,
    /// Vertex of each cell (`u32::MAX` for walls) and cell of each vertex.
    vid: Vec<u32>,
    cell: Vec<u32>,
    initial: crate::core::matching::Matching,
    seed: u64,
}

impl Duel {
    /// Prepares `grid`: O(E·sqrt V) for the maximum matching.
    pub fn new(grid: &Grid) -> Duel {
        let (graph, vid) = maze_graph(grid);
        let mut cell = vec![0u32; graph.len() as usize];
        for (id, &v) in vid.iter().enumerate() {
            if v != u32::MAX {
                cell[v as usize] = id as u32;
            }
        }
        let initial = maximum_matching(&graph);
        Duel {
            seed: board_seed(grid),
            grid: grid.clone(),
            graph,
            vid,
            cell,
            initial,
        }
    }

    /// The board.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Whether every start loses for A: the graph has a perfect matching (also when there is
    /// no free cell).
    pub fn every_start_loses(&self) -> bool {
        2 * u64::from(self.initial.size) == u64::from(self.graph.len())
    }

    /// Whether cell `id` (row-major) is free.
    pub fn is_free(&self, id: u32) -> bool {
        id < self.grid.len() && self.grid.at(id) == FREE
    }

    /// The game after A put the token on the free cell `start` (row-major id), B to move.
    /// Panics if `start` is not free (callers check with [`Duel::is_free`]).
    pub fn start(&self, start: u32) -> Play<'_> {
        assert!(self.is_free(start), "start cell {start} is not free");
        let n = self.graph.len() as usize;
        let mut im =
            IncrementalMatching::with_matching(&self.graph, vec![true; n], self.initial.clone());
        let t = self.vid[start as usize];
        im.deactivate(t);
        Play {
            duel: self,
            im,
            token: t,
            rng: TieRng::new(self.seed),
            seen: vec![0; n],
            stamp: 0,
            queue: Vec::new(),
        }
    }
}

/// Scores of one losing candidate of B (module docs): A's replies, the losing ones, and the
/// same among the replies with the fewest onward moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Score {
    replies: u32,
    losing: u32,
    greedy: u32,
    greedy_losing: u32,
}

impl Score {
    /// `self` versus `other`: fractions compared by cross-multiplication.
    fn cmp(&self, other: &Score) -> std::cmp::Ordering {
        let a = u64::from(self.losing) * u64::from(other.replies);
        let b = u64::from(other.losing) * u64::from(self.replies);
        a.cmp(&b).then_with(|| {
            let a = u64::from(self.greedy_losing) * u64::from(other.greedy);
            let b = u64::from(other.greedy_losing) * u64::from(self.greedy);
            a.cmp(&b)
        })
    }
}

/// A game in progress: the token's cell and the unvisited cells, with a maximum matching of
/// them. Cloning copies the position (for searches over the game tree).
#[derive(Clone)]
pub struct Play<'d> {
    duel: &'d Duel,
    im: IncrementalMatching<'d>,
    /// The token's vertex (inactive: visited).
    token: u32,
    rng: TieRng,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
}

impl<'d> Play<'d> {
    /// The token's cell (row-major id).
    pub fn token(&self) -> u32 {
        self.duel.cell[self.token as usize]
    }

    /// The cells the player to move may go to, in the order up, left, right, down.
    pub fn moves(&self) -> Vec<u32> {
        self.candidates()
            .map(|v| self.duel.cell[v as usize])
            .collect()
    }

    /// Whether moving to cell `id` is legal: a free, unvisited cell beside the token.
    pub fn is_legal(&self, id: u32) -> bool {
        self.duel.is_free(id) && {
            let v = self.duel.vid[id as usize];
            self.im.is_active(v) && self.duel.graph.neighbours(self.token).contains(&v)
        }
    }

    /// Moves the token to cell `id`, which must be legal ([`Play::is_legal`]; panics
    /// otherwise): the cell becomes visited.
    pub fn play(&mut self, id: u32) {
        assert!(self.is_legal(id), "illegal move to cell {id}");
        let v = self.duel.vid[id as usize];
        self.im.deactivate(v);
        self.token = v;
    }

    /// B's move from this position (module docs), played; `None` when B has no move.
    pub fn b_move(&mut self) -> Option<u32> {
        let v = self.choose()?;
        let id = self.duel.cell[v as usize];
        self.play(id);
        Some(id)
    }

    fn candidates(&self) -> impl Iterator<Item = u32> + '_ {
        self.duel
            .graph
            .neighbours(self.token)
            .iter()
            .copied()
            .filter(|&v| self.im.is_active(v))
    }

    /// The vertex B moves to, without playing it.
    fn choose(&mut self) -> Option<u32> {
        let cands: Vec<u32> = self.candidates().collect();
        if cands.is_empty() {
            return None;
        }
        if self.mover_wins() {
            let win = cands.iter().copied().find(|&u| self.escapes(u, NONE));
            // The theory guarantees a winning candidate; the first one is a legal fallback.
            return Some(win.unwrap_or(cands[0]));
        }
        let mut best: Vec<u32> = Vec::new();
        let mut best_score: Option<Score> = None;
        for &u in &cands {
            let s = self.score(u);
            match best_score.map(|b| s.cmp(&b)) {
                None | Some(std::cmp::Ordering::Greater) => {
                    best_score = Some(s);
                    best.clear();
                    best.push(u);
                }
                Some(std::cmp::Ordering::Equal) => best.push(u),
                Some(std::cmp::Ordering::Less) => {}
            }
        }
        let pick = if best.len() > 1 {
            self.rng.below(best.len() as u32) as usize
        } else {
            0
        };
        Some(best[pick])
    }

    /// The score of B's losing candidate `u` (module docs).
    fn score(&mut self, u: u32) -> Score {
        let g = &self.duel.graph;
        let replies: Vec<u32> = g
            .neighbours(u)
            .iter()
            .copied()
            .filter(|&v| self.im.is_active(v))
            .collect();
        let onward = |v: u32| {
            g.neighbours(v)
                .iter()
                .filter(|&&w| w != u && self.im.is_active(w))
                .count()
        };
        let fewest = replies.iter().map(|&v| onward(v)).min().unwrap_or(0);
        let greedy: Vec<bool> = replies.iter().map(|&v| onward(v) == fewest).collect();
        let mut s = Score {
            replies: replies.len() as u32,
            losing: 0,
            greedy: greedy.iter().filter(|&&b| b).count() as u32,
            greedy_losing: 0,
        };
        for (i, &v) in replies.iter().enumerate() {
            if !self.escapes(v, u) {
                s.losing += 1;
                s.greedy_losing += u32::from(greedy[i]);
            }
        }
        s
    }

    /// Whether the player to move wins: an augmenting path from the token exists for the
    /// matching of the unvisited cells. One alternating breadth-first search.
    pub fn mover_wins(&mut self) -> bool {
        self.next_stamp();
        self.queue.clear();
        self.queue.push(self.token);
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            for &y in self.duel.graph.neighbours(x) {
                if !self.im.is_active(y) || self.seen[y as usize] == self.stamp {
                    continue;
                }
                self.seen[y as usize] = self.stamp;
                let w = self.im.mate(y);
                if w == NONE {
                    return true;
                }
                if self.seen[w as usize] != self.stamp {
                    self.seen[w as usize] = self.stamp;
                    self.queue.push(w);
                }
            }
        }
        false
    }

    /// Whether the active vertex `x` is left uncovered by some maximum matching of the
    /// unvisited cells without `ban` (`NONE`: none banned; when given, `ban` must be covered
    /// by every maximum matching of the unvisited cells, so that the kept matching minus
    /// `ban`'s pair is maximum without it). An even alternating path from `x` (first edge
    /// matched) to a free vertex of `x`'s side: one breadth-first search.
    pub fn escapes(&mut self, x: u32, ban: u32) -> bool {
        self.next_stamp();
        let im = &self.im;
        let mate = |v: u32| {
            let w = im.mate(v);
            if w == ban {
                NONE
            } else {
                w
            }
        };
        if mate(x) == NONE {
            return true;
        }
        self.queue.clear();
        self.queue.push(x);
        self.seen[x as usize] = self.stamp;
        let mut head = 0;
        while head < self.queue.len() {
            let a = self.queue[head];
            head += 1;
            let b = mate(a);
            for &c in self.duel.graph.neighbours(b) {
                if c == ban || !im.is_active(c) || self.seen[c as usize] == self.stamp {
                    continue;
                }
                self.seen[c as usize] = self.stamp;
                if mate(c) == NONE {
                    return true;
                }
                self.queue.push(c);
            }
        }
        false
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }
}
