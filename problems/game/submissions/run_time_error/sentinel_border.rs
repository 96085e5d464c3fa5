// Expected: run_time_error. Mistake: fixed arrays sized for the constraints with no room for
// the sentinel border. The maze is stored 1-based in [[bool; 101]; 101] with a wall border
// assumed at row n + 1 and column m + 1, so that neighbours need no bounds checks. That border
// exists for n, m <= 99; a maze with 100 rows or 100 columns indexes row or column 101 and
// the program panics (index out of bounds). The algorithm itself is right: a maximum matching
// by augmenting paths (explicit stack), then alternating reachability from both colours.
use std::io::{self, Read};

const SIDE: usize = 101;

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut w = text.split_ascii_whitespace();
    let n: usize = w.next().unwrap().parse().unwrap();
    let m: usize = w.next().unwrap().parse().unwrap();
    let mut free = [[false; SIDE]; SIDE];
    for r in 1..=n {
        let row = w.next().unwrap().as_bytes();
        for c in 1..=m {
            free[r][c] = row[c - 1] == b'.';
        }
    }
    // neighbours without bounds checks: the border (row 0, column 0, row n+1, column m+1) is
    // meant to be all walls
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); SIDE * SIDE];
    for r in 1..=n {
        for c in 1..=m {
            if !free[r][c] {
                continue;
            }
            for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                if free[nr][nc] {
                    adj[r * SIDE + c].push((nr, nc));
                }
            }
        }
    }
    let id = |(r, c): (usize, usize)| r * SIDE + c;
    const NONE: usize = usize::MAX;
    let mut mate = vec![NONE; SIDE * SIDE];
    let mut seen = vec![0u32; SIDE * SIDE];
    let mut stamp = 0;
    for r in 1..=n {
        for c in 1..=m {
            if !free[r][c] || (r + c) % 2 != 0 {
                continue;
            }
            stamp += 1;
            let mut stack: Vec<(usize, usize, usize)> = vec![(id((r, c)), 0, NONE)];
            while let Some(&(u, k, _)) = stack.last() {
                if k == adj[u].len() {
                    stack.pop();
                    continue;
                }
                stack.last_mut().unwrap().1 += 1;
                let v = id(adj[u][k]);
                if seen[v] == stamp {
                    continue;
                }
                seen[v] = stamp;
                if mate[v] == NONE {
                    let mut take = v;
                    while let Some((x, _, via)) = stack.pop() {
                        mate[x] = take;
                        mate[take] = x;
                        take = via;
                    }
                    break;
                }
                stack.push((mate[v], 0, v));
            }
        }
    }
    let mut win = vec![false; SIDE * SIDE];
    let mut queue = Vec::new();
    for r in 1..=n {
        for c in 1..=m {
            if free[r][c] && mate[id((r, c))] == NONE {
                win[id((r, c))] = true;
                queue.push(id((r, c)));
            }
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        for &y in &adj[u] {
            let z = mate[id(y)];
            if z != NONE && !win[z] {
                win[z] = true;
                queue.push(z);
            }
        }
    }
    let mut out = String::new();
    for r in 1..=n {
        for c in 1..=m {
            if win[id((r, c))] {
                out.push_str(&format!("{r} {c}\n"));
            }
        }
    }
    if out.is_empty() {
        print!("LOSE\n");
    } else {
        print!("WIN\n{out}");
    }
}
