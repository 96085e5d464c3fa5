// Expected: accepted. No mistake, a different algorithm from hopcroft_karp.cpp: a greedy
// initial matching, then simple augmenting paths (Kuhn's algorithm), one search per unmatched
// black cell, each search an explicit-stack DFS (no recursion). Then every cell reachable
// from an unmatched cell (of either colour) by an even alternating path wins. O(V * E) worst
// case, fast on grids.
use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut words = text.split_ascii_whitespace();
    let n: usize = words.next().unwrap().parse().unwrap();
    let m: usize = words.next().unwrap().parse().unwrap();
    let mut free = vec![false; n * m];
    for r in 0..n {
        let row = words.next().unwrap().as_bytes();
        for c in 0..m {
            free[r * m + c] = row[c] == b'.';
        }
    }
    let neighbours = |id: usize| -> Vec<usize> {
        let (r, c) = (id / m, id % m);
        let mut out = Vec::with_capacity(4);
        if r > 0 && free[id - m] {
            out.push(id - m);
        }
        if r + 1 < n && free[id + m] {
            out.push(id + m);
        }
        if c > 0 && free[id - 1] {
            out.push(id - 1);
        }
        if c + 1 < m && free[id + 1] {
            out.push(id + 1);
        }
        out
    };
    let adj: Vec<Vec<usize>> = (0..n * m)
        .map(|id| if free[id] { neighbours(id) } else { Vec::new() })
        .collect();
    const NONE: usize = usize::MAX;
    let mut mate = vec![NONE; n * m];
    let blacks: Vec<usize> = (0..n * m)
        .filter(|&id| free[id] && (id / m + id % m) % 2 == 0)
        .collect();
    // greedy start
    for &u in &blacks {
        if let Some(&v) = adj[u].iter().find(|&&v| mate[v] == NONE) {
            mate[u] = v;
            mate[v] = u;
        }
    }
    let mut seen = vec![0u32; n * m];
    let mut stamp = 0u32;
    // stack frames: (black vertex, index of the next neighbour to try, white vertex that led here)
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    for &root in &blacks {
        if mate[root] != NONE {
            continue;
        }
        stamp += 1;
        stack.clear();
        stack.push((root, 0, NONE));
        while let Some(&mut (u, ref mut next, _)) = stack.last_mut() {
            if *next == adj[u].len() {
                stack.pop();
                continue;
            }
            let v = adj[u][*next];
            *next += 1;
            if seen[v] == stamp {
                continue;
            }
            seen[v] = stamp;
            if mate[v] == NONE {
                // flip the path: each black on the stack takes the white that follows it
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
    let mut win = vec![false; n * m];
    let mut queue: Vec<usize> = (0..n * m).filter(|&id| free[id] && mate[id] == NONE).collect();
    for &x in &queue {
        win[x] = true;
    }
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        for &y in &adj[u] {
            let z = mate[y];
            if z != NONE && !win[z] {
                win[z] = true;
                queue.push(z);
            }
        }
    }
    let mut out = String::new();
    for id in 0..n * m {
        if win[id] {
            out.push_str(&format!("{} {}\n", id / m + 1, id % m + 1));
        }
    }
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    if out.is_empty() {
        lock.write_all(b"LOSE\n").unwrap();
    } else {
        lock.write_all(b"WIN\n").unwrap();
        lock.write_all(out.as_bytes()).unwrap();
    }
}
