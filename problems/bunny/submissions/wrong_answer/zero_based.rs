// Expected: wrong_answer. Mistake: the mistakes are printed 0-based (the index of Bunny's move
// minus one) while the statement numbers Bunny's moves 1..k. The count r is right, so only
// records with at least one mistake fail. The rest is the accepted forward-time solution with
// breadth-first augmenting paths (forward_bfs.rs).
use std::io::{self, Read, Write};

const NONE: u32 = u32::MAX;

struct Board {
    n: usize,
    m: usize,
    alive: Vec<bool>,
    mate: Vec<u32>,
    // BFS bookkeeping: `mark[u] == stamp` means u was reached in the current search.
    mark: Vec<u32>,
    stamp: u32,
    from: Vec<u32>,
    queue: Vec<u32>,
}

impl Board {
    fn neighbours(&self, v: usize) -> [usize; 4] {
        let (r, c) = (v / self.m, v % self.m);
        let none = usize::MAX;
        [
            if r > 0 { v - self.m } else { none },
            if r + 1 < self.n { v + self.m } else { none },
            if c > 0 { v - 1 } else { none },
            if c + 1 < self.m { v + 1 } else { none },
        ]
    }

    /// Looks for an augmenting path from the unmatched cell `src`, breadth first; flips it and
    /// returns true when there is one.
    fn augment(&mut self, src: usize) -> bool {
        self.stamp += 1;
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(src as u32);
        self.mark[src] = stamp;
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head] as usize;
            head += 1;
            for u in self.neighbours(x) {
                if u == usize::MAX || !self.alive[u] || self.mark[u] == stamp {
                    continue;
                }
                self.mark[u] = stamp;
                self.from[u] = x as u32;
                let w = self.mate[u];
                if w == NONE {
                    // Flip the path src -> ... -> x -> u.
                    let mut cur = u;
                    loop {
                        let x = self.from[cur] as usize;
                        let next = self.mate[x];
                        self.mate[cur] = x as u32;
                        self.mate[x] = cur as u32;
                        if x == src {
                            return true;
                        }
                        cur = next as usize;
                    }
                }
                if self.mark[w as usize] != stamp {
                    self.mark[w as usize] = stamp;
                    self.queue.push(w);
                }
            }
        }
        false
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let mut cells: Vec<u8> = Vec::with_capacity(n * m);
    for _ in 0..n {
        cells.extend_from_slice(it.next().unwrap().as_bytes());
    }
    let k: usize = it.next().unwrap().parse().unwrap();
    let start = cells.iter().position(|&ch| ch == b'.').unwrap();
    let mut pos = Vec::with_capacity(2 * k + 1);
    pos.push(start);
    for _ in 0..2 * k {
        let x: usize = it.next().unwrap().parse().unwrap();
        let y: usize = it.next().unwrap().parse().unwrap();
        pos.push((x - 1) * m + (y - 1));
    }

    let colour = |v: usize| (v / m + v % m) % 2;
    let sc = colour(start);
    let alive: Vec<bool> = (0..n * m)
        .map(|v| {
            v == start
                || (colour(v) == sc && cells[v] == b'X')
                || (colour(v) != sc && cells[v] == b'O')
        })
        .collect();
    let mut b = Board {
        n,
        m,
        alive,
        mate: vec![NONE; n * m],
        mark: vec![0; n * m],
        stamp: 0,
        from: vec![NONE; n * m],
        queue: Vec::with_capacity(n * m),
    };
    for v in 0..n * m {
        if b.alive[v] && colour(v) == 0 && b.mate[v] == NONE {
            b.augment(v);
        }
    }

    let mut win = vec![false; 2 * k + 1];
    for (t, &p) in pos.iter().enumerate() {
        b.alive[p] = false;
        let q = b.mate[p];
        if q == NONE {
            continue;
        }
        b.mate[p] = NONE;
        b.mate[q as usize] = NONE;
        win[t] = !b.augment(q as usize);
    }

    let mistakes: Vec<usize> = (0..k).filter(|&i| win[2 * i] && win[2 * i + 1]).collect();
    let mut out = String::with_capacity(8 * (mistakes.len() + 1));
    out.push_str(&format!("{}\n", mistakes.len()));
    for i in mistakes {
        out.push_str(&format!("{i}\n"));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
