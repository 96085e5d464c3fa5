//! Maximum matching in bipartite graphs, and the vertices that some maximum matching leaves
//! uncovered. Shared by every problem.
//!
//! * [`BipartiteGraph`]: vertices `0..n`, the first `n_left` on the left, the rest on the right;
//!   adjacency in compressed sparse rows (CSR), both directions.
//! * [`maximum_matching`]: Karp–Sipser degree-one reductions as a warm start, then
//!   Hopcroft–Karp (J. E. Hopcroft and R. M. Karp, "An n^{5/2} algorithm for maximum matchings
//!   in bipartite graphs", SIAM J. Comput. 2(4), 1973). O(E·sqrt V) time, O(V + E) memory.
//!   Every search is iterative with explicit stacks, so a path of millions of vertices (a
//!   serpentine corridor) cannot overflow the call stack.
//! * [`not_always_covered`]: the vertices left uncovered by at least one maximum matching, by
//!   alternating reachability in O(V + E). A vertex v is uncovered by some maximum matching iff
//!   v is unmatched in a given maximum matching M or v is reached from an M-unmatched vertex x
//!   of v's own side by an even-length M-alternating path (x, y1, mate(y1), y2, mate(y2), ...):
//!   swapping M along that path moves the hole from x to v and keeps |M|. Conversely, if some
//!   maximum matching M' misses v while M covers it, the symmetric difference of M and M'
//!   contains such a path starting at v. This is the set D of the Gallai–Edmonds
//!   decomposition (L. Lovász and M. D. Plummer, "Matching Theory", 1986, section 3.2).
//! * [`IncrementalMatching`]: a matching kept maximum while vertices are switched on and off,
//!   one augmenting-path search per change, O(V + E) each (Berge's theorem: a matching is
//!   maximum iff it has no augmenting path; C. Berge, PNAS 43, 1957).

/// Marker for "no vertex" in mate arrays.
pub const NONE: u32 = u32::MAX;

/// A bipartite graph with CSR adjacency. Vertex ids are `u32`; left vertices are `0..n_left`,
/// right vertices `n_left..n`.
#[derive(Clone, Debug)]
pub struct BipartiteGraph {
    n_left: u32,
    start: Vec<u32>,
    adj: Vec<u32>,
}

impl BipartiteGraph {
    /// Builds the graph from undirected edges `(left, right)` with `left < n_left <= right < n`.
    /// Parallel edges are kept (harmless). Panics on an edge that breaks the bipartition or an
    /// id out of range: callers build graphs from validated inputs.
    ///
    /// Cost: O(n + edges) time and memory; at most `u32::MAX / 2` edges.
    pub fn from_edges(n: u32, n_left: u32, edges: &[(u32, u32)]) -> BipartiteGraph {
        assert!(n_left <= n);
        let mut deg = vec![0u32; n as usize + 1];
        for &(u, v) in edges {
            assert!(
                u < n_left && v >= n_left && v < n,
                "edge ({u}, {v}) breaks the bipartition"
            );
            deg[u as usize] += 1;
            deg[v as usize] += 1;
        }
        let mut start = vec![0u32; n as usize + 1];
        for v in 0..n as usize {
            start[v + 1] = start[v] + deg[v];
        }
        let mut fill = start.clone();
        let mut adj = vec![0u32; start[n as usize] as usize];
        for &(u, v) in edges {
            adj[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
            adj[fill[v as usize] as usize] = u;
            fill[v as usize] += 1;
        }
        BipartiteGraph { n_left, start, adj }
    }

    /// Number of vertices.
    pub fn len(&self) -> u32 {
        (self.start.len() - 1) as u32
    }

    /// True when the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of left vertices.
    pub fn n_left(&self) -> u32 {
        self.n_left
    }

    /// Whether `v` is on the left side.
    pub fn is_left(&self, v: u32) -> bool {
        v < self.n_left
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }
}

/// A matching: `mate[v]` is v's partner or [`NONE`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    /// Partner of every vertex, or [`NONE`].
    pub mate: Vec<u32>,
    /// Number of matched pairs.
    pub size: u32,
}

impl Matching {
    /// Checks that this is a matching of `g` (every pair an edge, symmetric). O(V + E).
    pub fn is_valid_for(&self, g: &BipartiteGraph) -> bool {
        let mut pairs = 0;
        for v in 0..g.len() {
            let w = self.mate[v as usize];
            if w == NONE {
                continue;
            }
            if self.mate[w as usize] != v || !g.neighbours(v).contains(&w) {
                return false;
            }
            pairs += 1;
        }
        pairs == 2 * self.size
    }
}

/// Karp–Sipser warm start: repeatedly match a vertex of residual degree one to its only free
/// neighbour (never loses optimality), otherwise match any free vertex greedily. O(V + E).
fn karp_sipser(g: &BipartiteGraph) -> Matching {
    let n = g.len() as usize;
    let mut mate = vec![NONE; n];
    let mut deg: Vec<u32> = (0..g.len()).map(|v| g.neighbours(v).len() as u32).collect();
    let mut ones: Vec<u32> = (0..g.len()).filter(|&v| deg[v as usize] == 1).collect();
    let mut size = 0;
    let mut next_any = 0usize;
    loop {
        // Pick a vertex: degree one first, else the next free vertex with a free neighbour.
        let v = if let Some(v) = ones.pop() {
            if mate[v as usize] != NONE || deg[v as usize] == 0 {
                continue;
            }
            v
        } else {
            while next_any < n && (mate[next_any] != NONE || deg[next_any] == 0) {
                next_any += 1;
            }
            if next_any == n {
                break;
            }
            next_any as u32
        };
        let Some(&w) = g.neighbours(v).iter().find(|&&w| mate[w as usize] == NONE) else {
            deg[v as usize] = 0;
            continue;
        };
        mate[v as usize] = w;
        mate[w as usize] = v;
        size += 1;
        for x in [v, w] {
            for &y in g.neighbours(x) {
                if mate[y as usize] == NONE {
                    deg[y as usize] -= 1;
                    if deg[y as usize] == 1 {
                        ones.push(y);
                    }
                }
            }
        }
    }
    Matching { mate, size }
}

/// A maximum matching of `g`.
///
/// Karp–Sipser warm start, then Hopcroft–Karp phases: a breadth-first search from all free
/// left vertices builds layers up to the shortest augmenting-path length, then iterative
/// depth-first searches find a maximal set of vertex-disjoint shortest augmenting paths.
/// O(E·sqrt V) time (Hopcroft and Karp 1973), O(V + E) memory, no recursion.
pub fn maximum_matching(g: &BipartiteGraph) -> Matching {
    let Matching { mut mate, mut size } = karp_sipser(g);
    let nl = g.n_left as usize;
    const INF: u32 = u32::MAX;
    let mut dist = vec![INF; nl];
    let mut queue: Vec<u32> = Vec::with_capacity(nl);
    let mut edge_ptr = vec![0u32; nl];
    let mut stack: Vec<u32> = Vec::new();
    loop {
        // BFS layers over left vertices.
        queue.clear();
        for u in 0..nl {
            if mate[u] == NONE && !g.neighbours(u as u32).is_empty() {
                dist[u] = 0;
                queue.push(u as u32);
            } else {
                dist[u] = INF;
            }
        }
        let mut limit = INF;
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            let du = dist[u as usize];
            if du >= limit {
                break;
            }
            for &w in g.neighbours(u) {
                let x = mate[w as usize];
                if x == NONE {
                    if limit == INF {
                        limit = du + 1;
                    }
                } else if dist[x as usize] == INF {
                    dist[x as usize] = du + 1;
                    queue.push(x);
                }
            }
        }
        if limit == INF {
            break;
        }
        // DFS for vertex-disjoint shortest augmenting paths.
        for u in 0..nl {
            edge_ptr[u] = g.start[u];
        }
        for root in 0..nl as u32 {
            if mate[root as usize] != NONE || dist[root as usize] != 0 {
                continue;
            }
            stack.clear();
            stack.push(root);
            while let Some(&u) = stack.last() {
                let ui = u as usize;
                let end = g.start[ui + 1];
                let mut advanced = false;
                while edge_ptr[ui] < end {
                    let w = g.adj[edge_ptr[ui] as usize];
                    edge_ptr[ui] += 1;
                    let x = mate[w as usize];
                    if x == NONE {
                        if dist[ui] + 1 == limit {
                            // Augment along the stack: each stacked vertex takes the right
                            // vertex its edge pointer last passed.
                            for &s in stack.iter() {
                                let si = s as usize;
                                let t = g.adj[edge_ptr[si] as usize - 1];
                                mate[si] = t;
                                mate[t as usize] = s;
                                dist[si] = INF; // used: vertex-disjoint paths per phase
                            }
                            size += 1;
                            stack.clear();
                            advanced = true;
                            break;
                        }
                    } else if dist[x as usize] == dist[ui] + 1 {
                        stack.push(x);
                        advanced = true;
                        break;
                    }
                }
                if !advanced {
                    dist[ui] = INF; // dead end for this phase
                    stack.pop();
                }
            }
        }
    }
    Matching { mate, size }
}

/// The vertices that at least one maximum matching leaves uncovered, given a maximum matching
/// `m` of `g` (see the module docs for the theorem). `result[v]` is true for those vertices.
///
/// Breadth-first search from every `m`-unmatched vertex along (any edge, then matching edge)
/// pairs; both sides are handled by the same search since the rule is symmetric.
/// O(V + E) time and memory. `m` must be maximum; otherwise the result is meaningless.
pub fn not_always_covered(g: &BipartiteGraph, m: &Matching) -> Vec<bool> {
    let n = g.len() as usize;
    let mut reached = vec![false; n];
    let mut queue: Vec<u32> = Vec::new();
    for v in 0..n {
        if m.mate[v] == NONE {
            reached[v] = true;
            queue.push(v as u32);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let x = queue[head];
        head += 1;
        for &y in g.neighbours(x) {
            let z = m.mate[y as usize];
            // z == NONE would be an augmenting path: impossible when m is maximum.
            if z != NONE && !reached[z as usize] {
                reached[z as usize] = true;
                queue.push(z);
            }
        }
    }
    reached
}

/// A matching kept maximum on the subgraph induced by the *active* vertices of a fixed
/// bipartite graph, while vertices are activated and deactivated one at a time.
///
/// Each change costs one augmenting-path search, O(V + E), iterative (no recursion). By
/// Berge's theorem, after activating `v` the maximum grows by one iff an augmenting path
/// starts at `v`; after deactivating a matched vertex, it shrinks by one unless its former
/// partner finds an augmenting path.
pub struct IncrementalMatching<'g> {
    g: &'g BipartiteGraph,
    active: Vec<bool>,
    mate: Vec<u32>,
    size: u32,
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<(u32, u32)>,
}

impl<'g> IncrementalMatching<'g> {
    /// All vertices inactive, empty matching. O(V).
    pub fn new(g: &'g BipartiteGraph) -> Self {
        let n = g.len() as usize;
        IncrementalMatching {
            g,
            active: vec![false; n],
            mate: vec![NONE; n],
            size: 0,
            seen: vec![0; n],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    /// Starts from the vertices marked in `active` (length V) and `m`, a maximum matching of
    /// the subgraph they induce (for instance [`maximum_matching`] of a graph on the same
    /// vertex ids keeping only the edges between active vertices). O(V), instead of the up to
    /// O(V·(V + E)) of activating the vertices one by one.
    ///
    /// Panics if the lengths differ from V, or if `m` pairs an inactive vertex or is not
    /// symmetric (caller bugs). That `m` is maximum is the caller's promise, not checked.
    pub fn with_matching(g: &'g BipartiteGraph, active: Vec<bool>, m: Matching) -> Self {
        let n = g.len() as usize;
        assert!(active.len() == n && m.mate.len() == n, "length differs from V");
        for (v, &w) in m.mate.iter().enumerate() {
            assert!(
                w == NONE || (active[v] && m.mate[w as usize] == v as u32),
                "vertex {v}: its mate {w} is not an active, symmetric partner"
            );
        }
        IncrementalMatching {
            g,
            active,
            mate: m.mate,
            size: m.size,
            seen: vec![0; n],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    /// Size of the current (maximum) matching.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Partner of `v`, or [`NONE`].
    pub fn mate(&self, v: u32) -> u32 {
        self.mate[v as usize]
    }

    /// Whether `v` is active.
    pub fn is_active(&self, v: u32) -> bool {
        self.active[v as usize]
    }

    /// Activates `v` and returns whether the maximum matching grew (then `v` is covered by
    /// every maximum matching of the new graph: it is matched in all of them since the old
    /// graph's maximum is one smaller). No-op returning false when `v` is already active.
    pub fn activate(&mut self, v: u32) -> bool {
        if self.active[v as usize] {
            return false;
        }
        self.active[v as usize] = true;
        self.augment_from(v)
    }

    /// Deactivates `v`; if it was matched, tries to re-augment from its former partner.
    /// Returns whether the maximum matching shrank.
    pub fn deactivate(&mut self, v: u32) -> bool {
        if !self.active[v as usize] {
            return false;
        }
        self.active[v as usize] = false;
        let w = self.mate[v as usize];
        if w == NONE {
            return false;
        }
        self.mate[v as usize] = NONE;
        self.mate[w as usize] = NONE;
        self.size -= 1;
        !self.augment_from(w)
    }

    /// Searches an augmenting path from the free active vertex `v` and flips it. Returns
    /// whether it found one. O(V + E), iterative depth-first search.
    pub fn augment_from(&mut self, v: u32) -> bool {
        if !self.active[v as usize] || self.mate[v as usize] != NONE {
            return false;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let g = self.g;
        self.stack.clear();
        self.stack.push((v, 0));
        self.seen[v as usize] = self.stamp;
        while let Some(&mut (x, ref mut i)) = self.stack.last_mut() {
            let nb = g.neighbours(x);
            let mut next = None;
            while (*i as usize) < nb.len() {
                let y = nb[*i as usize];
                *i += 1;
                if !self.active[y as usize] || self.seen[y as usize] == self.stamp {
                    continue;
                }
                self.seen[y as usize] = self.stamp;
                let z = self.mate[y as usize];
                if z == NONE {
                    // Flip the path: each stacked x takes the y its pointer last passed.
                    let mut tail = y;
                    while let Some((sx, _)) = self.stack.pop() {
                        let prev = self.mate[sx as usize];
                        self.mate[sx as usize] = tail;
                        self.mate[tail as usize] = sx;
                        tail = prev;
                    }
                    self.size += 1;
                    return true;
                }
                if self.seen[z as usize] != self.stamp {
                    self.seen[z as usize] = self.stamp;
                    next = Some(z);
                    break;
                }
            }
            match next {
                Some(z) => self.stack.push((z, 0)),
                None => {
                    self.stack.pop();
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::TestRng;

    /// Maximum matching size by trying every subset of edges (tiny graphs only).
    fn brute_max(n: u32, edges: &[(u32, u32)]) -> u32 {
        let mut best = 0;
        for mask in 0u32..(1 << edges.len()) {
            let mut used = vec![false; n as usize];
            let mut ok = true;
            for (i, &(u, v)) in edges.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    if used[u as usize] || used[v as usize] {
                        ok = false;
                        break;
                    }
                    used[u as usize] = true;
                    used[v as usize] = true;
                }
            }
            if ok {
                best = best.max(mask.count_ones());
            }
        }
        best
    }

    /// For each vertex, whether some maximum matching misses it (tiny graphs only).
    fn brute_not_always(n: u32, edges: &[(u32, u32)]) -> Vec<bool> {
        let max = brute_max(n, edges);
        let mut res = vec![false; n as usize];
        for mask in 0u32..(1 << edges.len()) {
            if mask.count_ones() != max {
                continue;
            }
            let mut used = vec![false; n as usize];
            let mut ok = true;
            for (i, &(u, v)) in edges.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    if used[u as usize] || used[v as usize] {
                        ok = false;
                    }
                    used[u as usize] = true;
                    used[v as usize] = true;
                }
            }
            if ok {
                for v in 0..n as usize {
                    res[v] |= !used[v];
                }
            }
        }
        res
    }

    fn random_graph(r: &mut TestRng) -> (u32, u32, Vec<(u32, u32)>) {
        let nl = r.range(0, 5);
        let nr = r.range(0, 5);
        let mut edges = Vec::new();
        for u in 0..nl {
            for v in 0..nr {
                if edges.len() < 14 && r.chance(0.4) {
                    edges.push((u, nl + v));
                }
            }
        }
        (nl + nr, nl, edges)
    }

    #[test]
    fn agrees_with_exhaustive_search_on_random_small_graphs() {
        let mut r = TestRng::for_test("matching", "unit", "", 1);
        for _ in 0..600 {
            let (n, nl, edges) = random_graph(&mut r);
            let g = BipartiteGraph::from_edges(n, nl, &edges);
            let m = maximum_matching(&g);
            assert!(m.is_valid_for(&g));
            assert_eq!(m.size, brute_max(n, &edges), "{edges:?}");
            assert_eq!(
                not_always_covered(&g, &m),
                brute_not_always(n, &edges),
                "{edges:?}"
            );
        }
    }

    #[test]
    fn long_path_needs_no_deep_recursion() {
        // A path of 2,000,001 vertices alternating sides, with edges listed so that the warm
        // start is poor: Hopcroft–Karp must still finish without recursion.
        let k = 1_000_000u32;
        let n = 2 * k + 1;
        // Vertex order along the path: L0 R0 L1 R1 ... ; left ids 0..=k, right ids k+1..
        let nl = k + 1;
        let mut edges = Vec::new();
        for i in 0..k {
            edges.push((i, nl + i));
            edges.push((i + 1, nl + i));
        }
        let g = BipartiteGraph::from_edges(n, nl, &edges);
        let m = maximum_matching(&g);
        assert_eq!(m.size, k);
        // On an odd path every left vertex (the even positions) can be the hole.
        let d = not_always_covered(&g, &m);
        assert!((0..nl).all(|v| d[v as usize]));
        assert!((nl..n).all(|v| !d[v as usize]));
    }

    #[test]
    fn incremental_matches_static_maximum() {
        let mut r = TestRng::for_test("matching", "incremental", "", 2);
        for _ in 0..300 {
            let (n, nl, edges) = random_graph(&mut r);
            let g = BipartiteGraph::from_edges(n, nl, &edges);
            let mut inc = IncrementalMatching::new(&g);
            let mut active = vec![false; n as usize];
            for _ in 0..20 {
                if n == 0 {
                    break;
                }
                let v = r.below(n);
                if r.chance(0.6) {
                    inc.activate(v);
                    active[v as usize] = true;
                } else {
                    inc.deactivate(v);
                    active[v as usize] = false;
                }
                let sub: Vec<(u32, u32)> = edges
                    .iter()
                    .copied()
                    .filter(|&(a, b)| active[a as usize] && active[b as usize])
                    .collect();
                assert_eq!(inc.size(), brute_max(n, &sub));
                for v in 0..n {
                    let w = inc.mate(v);
                    if w != NONE {
                        assert_eq!(inc.mate(w), v);
                        assert!(active[v as usize] && active[w as usize]);
                        assert!(sub.contains(&(v.min(w), v.max(w))));
                    }
                }
            }
        }
    }
}
