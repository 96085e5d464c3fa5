//! Contestants for `duel` written in Rust, and a driver that plays one of them against the
//! interactor in-process, single-threaded ([`play`]): the contestant answers each complete
//! line the interactor has written when the interactor asks to read. For the unit tests, the
//! mirror harness (`tests/duel_cpp.rs`, which also drives them over pipes against the C++
//! interactors) and the catalogue's kill table; each [`Kind`] behaves as the C++ submission of
//! `problems/duel/submissions/` of the same name.

use std::cell::RefCell;
use std::io::{BufRead, Read, Write};
use std::rc::Rc;

use super::strategy::TieRng;
use crate::core::matching::{maximum_matching, NONE};
use crate::core::verdict::CheckOutcome;
use crate::problems::game::{maze_graph, FREE};
use crate::problems::grid::Grid;

/// The contestants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `accepted/perfect`: `LOSE` iff the board has a perfect matching, else starts on the
    /// first cell (row-major) a maximum matching M leaves unmatched and answers B's w by M(w).
    Perfect,
    /// `wrong_answer/always_lose`: always `LOSE`.
    AlwaysLose,
    /// `wrong_answer/any_start`: the first free cell, then the first legal move (up, left,
    /// right, down).
    AnyStart,
    /// `wrong_answer/greedy`: starts on the free cell with the fewest free neighbours, moves
    /// to the neighbour with the fewest onward moves (first in order up, left, right, down).
    Greedy,
    /// Random legal play: a uniform free start, uniform legal moves (seeded).
    Random,
    /// `wrong_answer/illegal_move`: plays as `Perfect` (or starts on the first free cell when
    /// that says `LOSE`) and answers B's first move by going back to its start cell.
    Illegal,
    /// A malformed first message: `START r c` with a trailing space.
    Malformed,
    /// `time_limit_exceeded/no_flush`: never flushes, so the interactor never sees a message
    /// (a deadlock; in-process, the end of its output).
    NoFlush,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::Perfect,
        Kind::AlwaysLose,
        Kind::AnyStart,
        Kind::Greedy,
        Kind::Random,
        Kind::Illegal,
        Kind::Malformed,
        Kind::NoFlush,
    ];

    /// Its name, the file name of its C++ submission.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Perfect => "perfect",
            Kind::AlwaysLose => "always_lose",
            Kind::AnyStart => "any_start",
            Kind::Greedy => "greedy",
            Kind::Random => "random",
            Kind::Illegal => "illegal_move",
            Kind::Malformed => "malformed",
            Kind::NoFlush => "no_flush",
        }
    }
}

/// One contestant: reads the interactor's lines, writes its own.
pub struct Contestant {
    kind: Kind,
    rng: TieRng,
    header: Option<(u32, u32)>,
    rows: Vec<u8>,
    grid: Option<Grid>,
    visited: Vec<bool>,
    token: u32,
    start: u32,
    replies: u32,
    mate_of_cell: Vec<u32>,
    /// The contestant has exited.
    pub done: bool,
}

impl Contestant {
    /// A contestant of `kind`; `seed` seeds [`Kind::Random`].
    pub fn new(kind: Kind, seed: u64) -> Contestant {
        Contestant {
            kind,
            rng: TieRng::new(seed),
            header: None,
            rows: Vec::new(),
            grid: None,
            visited: Vec::new(),
            token: 0,
            start: 0,
            replies: 0,
            mate_of_cell: Vec::new(),
            done: false,
        }
    }

    /// Takes one line of the interactor (without `\n`); returns what the contestant writes
    /// (possibly nothing). Sets [`Contestant::done`] when it exits.
    pub fn on_line(&mut self, line: &str) -> String {
        if self.done {
            return String::new();
        }
        let Some(g) = self.grid.clone() else {
            return self.on_board_line(line);
        };
        let mut it = line.split(' ').map(|t| t.parse::<u32>().unwrap_or(0));
        let (r, c) = (it.next().unwrap_or(0), it.next().unwrap_or(0));
        if r == 0 {
            self.done = true;
            return String::new();
        }
        let w = g.id(r - 1, c - 1);
        self.visited[w as usize] = true;
        self.token = w;
        let reply = self.reply(&g);
        self.replies += 1;
        match reply {
            Some(v) => {
                self.visited[v as usize] = true;
                self.token = v;
                let (vr, vc) = g.pos(v);
                format!("{} {}\n", vr + 1, vc + 1)
            }
            None => {
                self.done = true;
                "0 0\n".into()
            }
        }
    }

    fn on_board_line(&mut self, line: &str) -> String {
        let Some((n, m)) = self.header else {
            let mut it = line.split(' ').map(|t| t.parse::<u32>().unwrap_or(0));
            self.header = Some((it.next().unwrap_or(0), it.next().unwrap_or(0)));
            return String::new();
        };
        self.rows.extend_from_slice(line.as_bytes());
        if self.rows.len() < (n * m) as usize {
            return String::new();
        }
        let mut g = Grid::filled(n, m, FREE);
        g.cells.copy_from_slice(&self.rows);
        self.visited = vec![false; g.len() as usize];
        self.grid = Some(g.clone());
        let first = self.first(&g);
        if self.kind == Kind::NoFlush {
            return String::new();
        }
        match first {
            None => {
                self.done = true;
                "LOSE\n".into()
            }
            Some(s) => {
                self.visited[s as usize] = true;
                self.token = s;
                self.start = s;
                let (r, c) = g.pos(s);
                let tail = if self.kind == Kind::Malformed {
                    " "
                } else {
                    ""
                };
                format!("START {} {}{tail}\n", r + 1, c + 1)
            }
        }
    }

    fn free(g: &Grid) -> Vec<u32> {
        (0..g.len()).filter(|&id| g.at(id) == FREE).collect()
    }

    /// The start cell, or `None` for `LOSE`.
    fn first(&mut self, g: &Grid) -> Option<u32> {
        let free = Self::free(g);
        match self.kind {
            Kind::AlwaysLose => None,
            Kind::Perfect | Kind::Illegal => {
                let (graph, vid) = maze_graph(g);
                let mm = maximum_matching(&graph);
                let mut cell = vec![0u32; graph.len() as usize];
                for (id, &v) in vid.iter().enumerate() {
                    if v != u32::MAX {
                        cell[v as usize] = id as u32;
                    }
                }
                self.mate_of_cell = vid
                    .iter()
                    .map(|&v| {
                        if v == u32::MAX || mm.mate[v as usize] == NONE {
                            NONE
                        } else {
                            cell[mm.mate[v as usize] as usize]
                        }
                    })
                    .collect();
                let hole = free
                    .iter()
                    .copied()
                    .find(|&id| self.mate_of_cell[id as usize] == NONE);
                if self.kind == Kind::Illegal {
                    hole.or(free.first().copied())
                } else {
                    hole
                }
            }
            Kind::AnyStart | Kind::Malformed | Kind::NoFlush => free.first().copied(),
            Kind::Greedy => free
                .iter()
                .copied()
                .min_by_key(|&id| g.neighbours(id).filter(|&nb| g.at(nb) == FREE).count()),
            Kind::Random => {
                if free.is_empty() {
                    None
                } else {
                    Some(free[self.rng.below(free.len() as u32) as usize])
                }
            }
        }
    }

    /// The legal moves from the token, up, left, right, down.
    fn legal(&self, g: &Grid, from: u32) -> Vec<u32> {
        g.neighbours(from)
            .filter(|&nb| g.at(nb) == FREE && !self.visited[nb as usize])
            .collect()
    }

    /// A's answer to B's move, `None` for `0 0`.
    fn reply(&mut self, g: &Grid) -> Option<u32> {
        let legal = self.legal(g, self.token);
        match self.kind {
            Kind::Illegal if self.replies == 0 => Some(self.start),
            Kind::Perfect | Kind::Illegal => {
                let m = self.mate_of_cell[self.token as usize];
                if m != NONE && legal.contains(&m) {
                    Some(m)
                } else {
                    legal.first().copied()
                }
            }
            Kind::Greedy => legal
                .iter()
                .copied()
                .min_by_key(|&v| self.legal(g, v).iter().filter(|&&x| x != v).count()),
            Kind::Random => {
                if legal.is_empty() {
                    None
                } else {
                    Some(legal[self.rng.below(legal.len() as u32) as usize])
                }
            }
            _ => legal.first().copied(),
        }
    }
}

/// One exchange played in-process.
#[derive(Debug)]
pub struct Transcript {
    /// The interactor's verdict.
    pub outcome: CheckOutcome,
    /// Every line the interactor wrote (the board, then B's moves).
    pub from_interactor: Vec<String>,
    /// Every line the contestant wrote.
    pub from_contestant: Vec<String>,
    /// The number of B's moves (`0 0` not counted).
    pub b_moves: u64,
}

/// The interactor's output, shared with the contestant's reader.
struct Wire(Rc<RefCell<Vec<u8>>>);

impl Write for Wire {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The contestant's output as the interactor reads it: when it runs dry, the contestant
/// answers the interactor's new complete lines; if it has nothing to say, its output ends.
struct Reader {
    wire: Rc<RefCell<Vec<u8>>>,
    seen: usize,
    player: Contestant,
    out: Vec<u8>,
    pos: usize,
    written: Vec<u8>,
}

impl Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let avail = self.fill_buf()?;
        let k = avail.len().min(buf.len());
        buf[..k].copy_from_slice(&avail[..k]);
        self.consume(k);
        Ok(k)
    }
}

impl BufRead for Reader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos == self.out.len() {
            self.out.clear();
            self.pos = 0;
            let wire = self.wire.borrow();
            while self.out.is_empty() && !self.player.done {
                let Some(at) = wire[self.seen..].iter().position(|&b| b == b'\n') else {
                    break;
                };
                let line = String::from_utf8_lossy(&wire[self.seen..self.seen + at]).into_owned();
                self.seen += at + 1;
                let said = self.player.on_line(&line);
                self.out.extend_from_slice(said.as_bytes());
            }
            self.written.extend_from_slice(&self.out);
        }
        Ok(&self.out[self.pos..])
    }
    fn consume(&mut self, amt: usize) {
        self.pos += amt;
    }
}

/// Plays `kind` (seeded by `seed`) against the built-in interactor on `g`.
pub fn play(g: &Grid, kind: Kind, seed: u64) -> Transcript {
    let wire = Rc::new(RefCell::new(Vec::new()));
    let mut to = Wire(wire.clone());
    let mut from = Reader {
        wire: wire.clone(),
        seen: 0,
        player: Contestant::new(kind, seed),
        out: Vec::new(),
        pos: 0,
        written: Vec::new(),
    };
    let says_lose = super::strategy::Duel::new(g).every_start_loses();
    let outcome = super::protocol::interact(g, says_lose, &mut from, &mut to);
    let lines = |b: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(b)
            .lines()
            .map(str::to_string)
            .collect()
    };
    let from_interactor = lines(&wire.borrow());
    let b_moves = from_interactor
        .iter()
        .skip(1 + g.n as usize)
        .filter(|l| *l != "0 0")
        .count() as u64;
    Transcript {
        outcome,
        from_interactor,
        from_contestant: lines(&from.written),
        b_moves,
    }
}
