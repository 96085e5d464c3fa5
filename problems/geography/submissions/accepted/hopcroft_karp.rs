// Expected: accepted. Hopcroft-Karp in Rust, written without recursion (the stack limit is
// 8 MiB and alternating paths can be 10^5 vertices long): a greedy initial matching, then
// phases of one BFS (layers from every free left vertex) and DFSs along the layers on an
// explicit stack. Then the vertices reachable from a free left vertex by an alternating path
// (left -> right by any edge, right -> left by its matching edge) are `Second`, all other left
// vertices `First`. O(E sqrt V); CSR adjacency, whole-input read, one buffered write.
use std::io::{self, Read, Write};

const NONE: u32 = u32::MAX;

fn main() {
    let mut text = Vec::new();
    io::stdin().read_to_end(&mut text).unwrap();
    let mut nums = text
        .split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.iter().fold(0usize, |a, &d| a * 10 + (d - b'0') as usize));
    let l = nums.next().unwrap();
    let r = nums.next().unwrap();
    let e = nums.next().unwrap();
    let mut edges = Vec::with_capacity(e);
    let mut start = vec![0usize; l + 1];
    for _ in 0..e {
        let u = nums.next().unwrap() - 1;
        let v = nums.next().unwrap() - 1;
        edges.push((u, v as u32));
        start[u + 1] += 1;
    }
    for u in 0..l {
        start[u + 1] += start[u];
    }
    let mut adj = vec![0u32; e];
    let mut fill = start.clone();
    for &(u, v) in &edges {
        adj[fill[u]] = v;
        fill[u] += 1;
    }

    let mut mate_l = vec![NONE; l];
    let mut mate_r = vec![NONE; r];
    for u in 0..l {
        for &v in &adj[start[u]..start[u + 1]] {
            if mate_r[v as usize] == NONE {
                mate_r[v as usize] = u as u32;
                mate_l[u] = v;
                break;
            }
        }
    }

    let mut layer = vec![u32::MAX; l];
    let mut queue: Vec<u32> = Vec::with_capacity(l);
    let mut cursor = vec![0usize; l];
    let mut path: Vec<u32> = Vec::new();
    loop {
        queue.clear();
        for u in 0..l {
            if mate_l[u] == NONE {
                layer[u] = 0;
                queue.push(u as u32);
            } else {
                layer[u] = u32::MAX;
            }
        }
        let mut found = false;
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head] as usize;
            head += 1;
            for &v in &adj[start[u]..start[u + 1]] {
                let w = mate_r[v as usize];
                if w == NONE {
                    found = true;
                } else if layer[w as usize] == u32::MAX {
                    layer[w as usize] = layer[u] + 1;
                    queue.push(w);
                }
            }
        }
        if !found {
            break;
        }
        cursor.copy_from_slice(&start[..l]);
        for s in 0..l {
            if mate_l[s] != NONE || layer[s] != 0 {
                continue;
            }
            path.clear();
            path.push(s as u32);
            while let Some(&top) = path.last() {
                let u = top as usize;
                if cursor[u] == start[u + 1] {
                    layer[u] = u32::MAX; // dead for this phase
                    path.pop();
                    if let Some(&p) = path.last() {
                        cursor[p as usize] += 1;
                    }
                    continue;
                }
                let v = adj[cursor[u]] as usize;
                let w = mate_r[v];
                if w == NONE {
                    // path[i] takes the right vertex its cursor points at.
                    for &x in &path {
                        let x = x as usize;
                        let y = adj[cursor[x]];
                        mate_l[x] = y;
                        mate_r[y as usize] = x as u32;
                        layer[x] = u32::MAX;
                    }
                    break;
                } else if layer[w as usize] != u32::MAX && layer[w as usize] == layer[u] + 1 {
                    path.push(w);
                } else {
                    cursor[u] += 1;
                }
            }
        }
    }

    let mut second = vec![false; l];
    queue.clear();
    for u in 0..l {
        if mate_l[u] == NONE {
            second[u] = true;
            queue.push(u as u32);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head] as usize;
        head += 1;
        for &v in &adj[start[u]..start[u + 1]] {
            let w = mate_r[v as usize];
            if w != NONE && !second[w as usize] {
                second[w as usize] = true;
                queue.push(w);
            }
        }
    }
    let mut out = Vec::with_capacity(7 * l);
    for &s in &second {
        out.extend_from_slice(if s { b"Second\n" } else { b"First\n" });
    }
    io::stdout().write_all(&out).unwrap();
}
