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
//!   at most one augmenting-path search per change, O(V + E) each (Berge's theorem: a
//!   matching is maximum iff it has no augmenting path; C. Berge, PNAS 43, 1957), skipping
//!   what earlier failed searches proved dead.

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

    /// Builds the graph from adjacency lists already in compressed sparse rows, without
    /// copying: the neighbours of vertex `v` are `adj[start[v]..start[v + 1]]`, so `start` has
    /// `n + 1` entries (n = the number of vertices), starts at 0, never decreases and ends at
    /// `adj.len()`. Every edge must be listed from both ends, with the same multiplicity (the
    /// caller's promise, checked only in debug builds, in O(sum of degree squared)).
    ///
    /// Panics on a malformed `start`, or a neighbour out of range or on its vertex's own side.
    /// Cost: O(n + adj.len()) time for the checks, no extra memory.
    pub fn from_csr(n_left: u32, start: Vec<u32>, adj: Vec<u32>) -> BipartiteGraph {
        assert!(
            !start.is_empty() && start[0] == 0,
            "start must begin with 0"
        );
        assert!(
            start.len() - 1 <= u32::MAX as usize && (n_left as usize) < start.len(),
            "n_left exceeds the number of vertices"
        );
        assert_eq!(
            start[start.len() - 1] as usize,
            adj.len(),
            "start must end at adj.len()"
        );
        let n = (start.len() - 1) as u32;
        assert!(
            start.windows(2).all(|w| w[0] <= w[1]),
            "start must never decrease"
        );
        // Left vertices come first, so their lists form one prefix of adj and the right
        // vertices' lists the rest: two flat scans check every edge's side.
        let split = start[n_left as usize] as usize;
        let (to_right, to_left) = adj.split_at(split);
        assert!(
            to_right
                .iter()
                .all(|&w| w.wrapping_sub(n_left) < n - n_left)
                && to_left.iter().all(|&w| w < n_left),
            "an edge breaks the bipartition or leaves 0..{n}"
        );
        let g = BipartiteGraph { n_left, start, adj };
        debug_assert!(
            (0..n).all(|v| g.neighbours(v).iter().all(|&w| {
                let count = |a: u32, b: u32| g.neighbours(a).iter().filter(|&&x| x == b).count();
                count(v, w) == count(w, v)
            })),
            "adjacency is not symmetric"
        );
        g
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

/// Marker for "no layer" in [`HopcroftKarp::dist`].
const INF: u32 = u32::MAX;

/// A maximum matching of `g`.
///
/// Karp–Sipser warm start, then Hopcroft–Karp phases: a breadth-first search from the free
/// left vertices builds layers up to the shortest augmenting-path length, then iterative
/// depth-first searches, root by root in increasing id order, find a maximal set of
/// vertex-disjoint shortest augmenting paths. O(E·sqrt V) time (Hopcroft and Karp 1973),
/// O(V + E) memory, no recursion.
///
/// Phases 1, 2, 3, 5, 9, 17, ... (at most 1 + log2(phases) of them) also *prune*: one more
/// linear pass marks the left vertices that can never again lie on an augmenting path (see
/// `HopcroftKarp::prune`), and later searches skip them. On mazes where many vertices stay
/// unmatched (30 % random walls) most of the graph is such dead ground, which every phase
/// would otherwise search again; pruning makes those phases up to 5 times faster. Pruning
/// only skips searches that would fail, so the matching returned is exactly the one of the
/// unpruned algorithm (generators such as `game`'s `lose` depend on it; a test guards it).
pub fn maximum_matching(g: &BipartiteGraph) -> Matching {
    let warm = karp_sipser(g);
    // An augmenting path joins a free left vertex to a free right vertex, both with an edge.
    // Without one on either side (common: an open board, a tree maze), stop before allocating
    // the phases' arrays.
    let free_with_edge = |v: u32| warm.mate[v as usize] == NONE && !g.neighbours(v).is_empty();
    if !(0..g.n_left).any(free_with_edge) || !(g.n_left..g.len()).any(free_with_edge) {
        return warm;
    }
    let mut hk = HopcroftKarp::new(g, warm);
    let mut phase = 0u32;
    loop {
        let prune = phase == 0 || phase.is_power_of_two();
        let limit = hk.layers(prune);
        if limit == INF {
            break;
        }
        if prune {
            hk.prune();
        }
        hk.augment(limit);
        phase += 1;
    }
    Matching {
        mate: hk.mate,
        size: hk.size,
    }
}

/// The state of [`maximum_matching`] between phases. Arrays marked "left" have `n_left`
/// entries, indexed by left vertex.
///
/// Terms: an *alternating path* leaves a left vertex by a non-matching edge and a right
/// vertex by its matching edge. Let F be the left vertices reachable by one from a free left
/// vertex, and C the left vertices from which one reaches a free right vertex. Every left
/// vertex of an augmenting path is in both. A left vertex outside F ∩ C is *dead*: it stays
/// outside after any augmentation (proof at [`HopcroftKarp::prune`]).
struct HopcroftKarp<'g> {
    g: &'g BipartiteGraph,
    /// Partner of every vertex, or [`NONE`] (V entries).
    mate: Vec<u32>,
    /// Matched pairs.
    size: u32,
    /// Left: breadth-first layer in the current phase, or [`INF`].
    dist: Vec<u32>,
    /// Left: next position in `g.adj` that the depth-first search will try.
    edge_ptr: Vec<u32>,
    /// Left: known dead (in F but not in C at some pruning; vertices outside F are never
    /// reached from a root, so they need no mark).
    dead: Vec<bool>,
    /// Left: `stamp` of the last pruning that found the vertex in C.
    in_c: Vec<u32>,
    /// Number of prunings so far.
    stamp: u32,
    /// Free left vertices with a neighbour, not known dead, in increasing order.
    roots: Vec<u32>,
    /// Free right vertices that may still end an augmenting path (a superset).
    ends: Vec<u32>,
    /// Left vertices given a layer in the current phase, in breadth-first order.
    queue: Vec<u32>,
    /// Depth-first search path (left vertices), or the reverse search's queue.
    stack: Vec<u32>,
}

impl<'g> HopcroftKarp<'g> {
    fn new(g: &'g BipartiteGraph, m: Matching) -> Self {
        let nl = g.n_left as usize;
        let has_edge = |v: u32| g.start[v as usize] < g.start[v as usize + 1];
        let roots = (0..g.n_left)
            .filter(|&u| m.mate[u as usize] == NONE && has_edge(u))
            .collect();
        let ends = (g.n_left..g.len())
            .filter(|&w| m.mate[w as usize] == NONE && has_edge(w))
            .collect();
        HopcroftKarp {
            g,
            mate: m.mate,
            size: m.size,
            dist: vec![INF; nl],
            edge_ptr: vec![0; nl],
            dead: vec![false; nl],
            in_c: vec![0; nl],
            stamp: 0,
            roots,
            ends,
            queue: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Breadth-first layers from the live free left vertices over live left vertices: sets
    /// `dist` and `queue` and returns the length (in left vertices) of the shortest augmenting
    /// paths, or [`INF`] when there is none (the matching is maximum). With `full`, the search
    /// goes on past that length to all of F, as [`Self::prune`] needs. O(V + E).
    fn layers(&mut self, full: bool) -> u32 {
        let g = self.g;
        for &u in &self.queue {
            self.dist[u as usize] = INF;
        }
        self.queue.clear();
        let (mate, dead) = (&self.mate, &self.dead);
        self.roots
            .retain(|&u| mate[u as usize] == NONE && !dead[u as usize]);
        for &u in &self.roots {
            self.dist[u as usize] = 0;
            self.queue.push(u);
        }
        let mut limit = INF;
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head];
            head += 1;
            let du = self.dist[u as usize];
            if du >= limit && !full {
                break;
            }
            for &w in g.neighbours(u) {
                let x = self.mate[w as usize];
                if x == NONE {
                    limit = limit.min(du + 1);
                } else if self.dist[x as usize] == INF && !self.dead[x as usize] {
                    self.dist[x as usize] = du + 1;
                    self.queue.push(x);
                }
            }
        }
        limit
    }

    /// After a full [`Self::layers`] (so `queue` holds F): marks F \ C dead. O(V + E).
    ///
    /// C ∩ F is found by a reverse search from the free right vertices that have a neighbour
    /// in F, restricted to F (a path from a vertex of F stays in F). Free right vertices with
    /// no neighbour in F are dropped from `ends` for good.
    ///
    /// Why dead stays dead. Let X be the left vertices outside C. A left vertex reachable from
    /// X is in X, so every neighbour of X is a matched right vertex whose mate is in X. An
    /// augmenting path P has all its left vertices in C, so it avoids X, and it avoids N(X)
    /// too (from a right vertex of N(X) it would step to a mate in X). Flipping P keeps every
    /// matching edge at X ∪ N(X), hence all alternating paths from X: X stays outside C.
    /// The mirror argument (sides swapped) shows that the right vertices with no alternating
    /// path to a free left vertex keep their mates and that property; a matched left vertex is
    /// outside F exactly when its mate is such a vertex, so it stays outside F. So the
    /// augmenting paths, and the choices of every later search among them, are unchanged by
    /// skipping dead vertices: the result equals that of the unpruned algorithm.
    fn prune(&mut self) {
        let g = self.g;
        self.stamp += 1;
        let stamp = self.stamp;
        let (mate, dist) = (&self.mate, &self.dist);
        self.ends.retain(|&w| {
            mate[w as usize] == NONE && g.neighbours(w).iter().any(|&z| dist[z as usize] != INF)
        });
        let reached = &mut self.stack;
        reached.clear();
        for &w in &self.ends {
            for &z in g.neighbours(w) {
                if self.dist[z as usize] != INF && self.in_c[z as usize] != stamp {
                    self.in_c[z as usize] = stamp;
                    reached.push(z);
                }
            }
        }
        let mut head = 0;
        while head < reached.len() {
            let z = reached[head];
            head += 1;
            let r = self.mate[z as usize];
            if r == NONE {
                continue;
            }
            for &y in g.neighbours(r) {
                if self.dist[y as usize] != INF && self.in_c[y as usize] != stamp {
                    self.in_c[y as usize] = stamp;
                    reached.push(y);
                }
            }
        }
        for &u in &self.queue {
            if self.in_c[u as usize] != stamp {
                self.dead[u as usize] = true;
            }
        }
    }

    /// Depth-first searches from the roots, in increasing order, along layers (`dist` + 1 per
    /// step, below `limit`), flipping each augmenting path found. Paths found in one phase are
    /// vertex-disjoint; every vertex is abandoned once its edges are exhausted. O(V + E).
    fn augment(&mut self, limit: u32) {
        let g = self.g;
        for &u in &self.queue {
            self.edge_ptr[u as usize] = g.start[u as usize];
        }
        for ri in 0..self.roots.len() {
            let root = self.roots[ri];
            if self.dead[root as usize] || self.dist[root as usize] != 0 {
                continue;
            }
            let stack = &mut self.stack;
            stack.clear();
            stack.push(root);
            while let Some(&u) = stack.last() {
                let ui = u as usize;
                let end = g.start[ui + 1];
                let next = self.dist[ui] + 1;
                let mut advanced = false;
                while self.edge_ptr[ui] < end {
                    let w = g.adj[self.edge_ptr[ui] as usize];
                    self.edge_ptr[ui] += 1;
                    let x = self.mate[w as usize];
                    if x == NONE {
                        if next == limit {
                            // Augment along the stack: each stacked vertex takes the right
                            // vertex its edge pointer last passed.
                            for &s in stack.iter() {
                                let si = s as usize;
                                let t = g.adj[self.edge_ptr[si] as usize - 1];
                                self.mate[si] = t;
                                self.mate[t as usize] = s;
                                self.dist[si] = INF; // used: vertex-disjoint paths per phase
                            }
                            self.size += 1;
                            stack.clear();
                            advanced = true;
                            break;
                        }
                    } else if next < limit
                        && self.dist[x as usize] == next
                        && !self.dead[x as usize]
                    {
                        stack.push(x);
                        advanced = true;
                        break;
                    }
                }
                if !advanced {
                    self.dist[ui] = INF; // dead end for this phase
                    stack.pop();
                }
            }
        }
    }
}

/// The vertices that at least one maximum matching leaves uncovered, given a maximum matching
/// `m` of `g` (see the module docs for the theorem). `result[v]` is true for those vertices.
///
/// Breadth-first search from every `m`-unmatched vertex along (any edge, then matching edge)
/// pairs; both sides are handled by the same search since the rule is symmetric.
/// O(V + E) time and memory. `m` must be maximum; otherwise the result is meaningless.
pub fn not_always_covered(g: &BipartiteGraph, m: &Matching) -> Vec<bool> {
    let n = g.len() as usize;
    let mut reached: Vec<bool> = m.mate.iter().map(|&w| w == NONE).collect();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| reached[v as usize]).collect();
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
/// Each change costs at most one augmenting-path search, O(V + E), iterative (no recursion).
/// By Berge's theorem, after activating `v` the maximum grows by one iff an augmenting path
/// starts at `v`; after deactivating a matched vertex, it shrinks by one unless its former
/// partner finds an augmenting path.
///
/// Searches do not repeat work that a failed search proved useless. Call a vertex of side S
/// *dead* when no alternating path leads from it to a free vertex of the other side S'. A
/// failed search from v visits only dead vertices of v's side, which are remembered (per
/// side, until the side's marks are dropped) and skipped by later searches from that side.
/// The marks of side S stay true (proofs below, with M the maximum matching before the
/// change and M' after):
/// * when a vertex of side S is activated. It adds no way out of a dead set X: a free vertex
///   of S is never the mate an alternating path steps to; and an augmenting path P from it
///   (to a free vertex of S') avoids X and N(X) (a vertex of N(X) on P would give its
///   neighbour in X a path to P's free end), so flipping P keeps the matching edges of
///   X ∪ N(X), hence all alternating paths from X;
/// * when a vertex b of side S' is activated and the maximum grows, except for the vertices
///   of the augmenting path, whose marks are cleared. If x of S, not on the path, had an
///   M'-alternating path to a free vertex of S' afterwards, its mate y = M'(x) = M(x) would be
///   left uncovered by some maximum matching of the graph G + b, so ν(G + b − y) = ν(G) + 1
///   and ν(G − y) = ν(G): y is left uncovered by some maximum matching of G, which (see
///   [`not_always_covered`]) gives x an M-alternating path to a free vertex of S' in G.
///
/// A failed activation on side S' (a new free vertex there) drops side S's marks, and every
/// deactivation drops both sides'. Each search also looks, on entering a vertex, for a free
/// neighbour before going deeper, so a path of one edge is found in O(degree).
///
/// Cost. A failed search scans only unmarked vertices of its side (each with its edges, at
/// most twice) and marks all of them, so the failed searches from one side between two drops
/// of its marks cost O(V + E) together. With s successful searches and f_L, f_R failed ones
/// from the left and right, the total is O((s + 2 + f_L + f_R + 2d)·(V + E)) at worst, d
/// deactivations: no better in the worst case than O(changes·(V + E)), but a failed search
/// costs only what it newly proves dead whenever the other side's searches succeed, as in
/// `bunny` records where one player plays well.
#[derive(Clone)]
pub struct IncrementalMatching<'g> {
    g: &'g BipartiteGraph,
    active: Vec<bool>,
    mate: Vec<u32>,
    size: u32,
    /// `stamp` of the last search that visited the vertex.
    seen: Vec<u32>,
    stamp: u32,
    /// The vertex is dead (see above) iff `dead[v] == epoch[side of v]`.
    dead: Vec<u32>,
    /// Current mark epoch of the left (0) and right (1) side; bumping one drops its marks.
    epoch: [u32; 2],
    /// Depth-first search path: (vertex of the root's side, next neighbour index).
    stack: Vec<(u32, u32)>,
    /// Vertices of the root's side that the current search entered.
    visited: Vec<u32>,
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
            dead: vec![0; n],
            epoch: [1, 1],
            stack: Vec::new(),
            visited: Vec::new(),
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
        assert!(
            active.len() == n && m.mate.len() == n,
            "length differs from V"
        );
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
            dead: vec![0; n],
            epoch: [1, 1],
            stack: Vec::new(),
            visited: Vec::new(),
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
        // Removing a vertex can free a mate and reroute paths: drop every mark.
        self.drop_marks(0);
        self.drop_marks(1);
        let w = self.mate[v as usize];
        if w == NONE {
            return false;
        }
        self.mate[v as usize] = NONE;
        self.mate[w as usize] = NONE;
        self.size -= 1;
        !self.augment_from(w)
    }

    /// Drops the dead marks of `side` (0 left, 1 right). O(1), or O(V) once per 2^32 drops.
    fn drop_marks(&mut self, side: usize) {
        self.epoch[side] = self.epoch[side].wrapping_add(1);
        if self.epoch[side] == 0 {
            let n_left = self.g.n_left;
            for (v, d) in self.dead.iter_mut().enumerate() {
                if usize::from(v as u32 >= n_left) == side {
                    *d = 0;
                }
            }
            self.epoch[side] = 1;
        }
    }

    /// Searches an augmenting path from the free active vertex `v` and flips it. Returns
    /// whether it found one. Iterative depth-first search that skips the vertices of `v`'s
    /// side known to be dead and keeps the marks up to date (see the type's docs). O(V + E).
    pub fn augment_from(&mut self, v: u32) -> bool {
        if !self.active[v as usize] || self.mate[v as usize] != NONE {
            return false;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let side = usize::from(!self.g.is_left(v));
        let epoch = self.epoch[side];
        let g = self.g;
        self.stack.clear();
        self.visited.clear();
        self.stack.push((v, 0));
        self.visited.push(v);
        self.seen[v as usize] = self.stamp;
        while let Some(&mut (x, ref mut i)) = self.stack.last_mut() {
            let nb = g.neighbours(x);
            let mut next = None;
            let mut free = None;
            if *i == 0 {
                // Lookahead: on entering x, a free neighbour ends an augmenting path at once,
                // before any deeper search (in reverse-time play the previous token cell is
                // such a neighbour).
                for &y in nb {
                    if self.active[y as usize]
                        && self.mate[y as usize] == NONE
                        && self.seen[y as usize] != self.stamp
                    {
                        free = Some(y);
                        break;
                    }
                }
            }
            while free.is_none() && (*i as usize) < nb.len() {
                let y = nb[*i as usize];
                *i += 1;
                if !self.active[y as usize] || self.seen[y as usize] == self.stamp {
                    continue;
                }
                self.seen[y as usize] = self.stamp;
                let z = self.mate[y as usize];
                if z == NONE {
                    free = Some(y);
                    break;
                }
                if self.seen[z as usize] != self.stamp && self.dead[z as usize] != epoch {
                    self.seen[z as usize] = self.stamp;
                    next = Some(z);
                    break;
                }
            }
            if let Some(y) = free {
                // Flip the path: the top of the stack takes y, every stacked vertex below
                // takes the old mate of the one above it. The other side's vertices on the
                // path lose their dead marks.
                let mut tail = y;
                while let Some((sx, _)) = self.stack.pop() {
                    let prev = self.mate[sx as usize];
                    self.mate[sx as usize] = tail;
                    self.mate[tail as usize] = sx;
                    self.dead[tail as usize] = 0;
                    tail = prev;
                }
                self.size += 1;
                return true;
            }
            match next {
                Some(z) => {
                    self.stack.push((z, 0));
                    self.visited.push(z);
                }
                None => {
                    self.stack.pop();
                }
            }
        }
        // No augmenting path: everything visited on v's side is dead, and v is a new free
        // vertex that the other side's dead vertices may now reach.
        for &x in &self.visited {
            self.dead[x as usize] = epoch;
        }
        self.drop_marks(1 - side);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::TestRng;

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

    /// [`maximum_matching`] as it was before pruning (kept verbatim as the reference: the
    /// pruned version must return exactly the same matching).
    #[allow(clippy::manual_memcpy)]
    fn unpruned_maximum_matching(g: &BipartiteGraph) -> Matching {
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

    /// The graph of a random maze (`n`×`m`, each cell a wall with probability `walls`), cells
    /// of colour 0 on the left, numbered like `game`'s maze graph.
    fn maze(r: &mut TestRng, n: u32, m: u32, walls: f64) -> BipartiteGraph {
        let free: Vec<bool> = (0..n * m).map(|_| !r.chance(walls)).collect();
        let mut id = vec![u32::MAX; (n * m) as usize];
        let mut next = 0;
        for colour in 0..2 {
            for c in 0..n * m {
                if free[c as usize] && (c / m + c % m) % 2 == colour {
                    id[c as usize] = next;
                    next += 1;
                }
            }
        }
        let n_left = (0..n * m)
            .filter(|&c| free[c as usize] && (c / m + c % m) % 2 == 0)
            .count() as u32;
        let mut edges = Vec::new();
        for c in 0..n * m {
            let (row, col) = (c / m, c % m);
            let mut link = |d: u32| {
                if free[c as usize] && free[d as usize] {
                    let (a, b) = (id[c as usize], id[d as usize]);
                    edges.push((a.min(b), a.max(b)));
                }
            };
            if col + 1 < m {
                link(c + 1);
            }
            if row + 1 < n {
                link(c + m);
            }
        }
        BipartiteGraph::from_edges(next, n_left, &edges)
    }

    #[test]
    fn pruning_returns_exactly_the_unpruned_matching() {
        let mut r = TestRng::for_test("matching", "pruning", "", 3);
        let mut phases_seen = 0;
        for round in 0..400 {
            let g = if round % 4 == 3 {
                // Random bipartite graph of average degree about 2..4.
                let nl = r.range(1, 60);
                let nr = r.range(1, 60);
                let mut edges = Vec::new();
                for _ in 0..r.range(0, 4 * (nl + nr)) {
                    edges.push((r.below(nl), nl + r.below(nr)));
                }
                BipartiteGraph::from_edges(nl + nr, nl, &edges)
            } else {
                let side = if round % 8 == 0 { 120 } else { 40 };
                let walls = [0.05, 0.2, 0.3, 0.4, 0.55][r.below(5) as usize];
                let (n, m) = (r.range(1, side), r.range(1, side));
                maze(&mut r, n, m, walls)
            };
            let fast = maximum_matching(&g);
            let reference = unpruned_maximum_matching(&g);
            assert!(fast.is_valid_for(&g));
            assert_eq!(fast, reference, "round {round}");
            phases_seen += u32::from(fast.size > karp_sipser(&g).size);
        }
        // The comparison must cover graphs where the phases (and the pruning) do some work.
        assert!(phases_seen > 40, "{phases_seen}");
    }

    #[test]
    fn from_csr_equals_from_edges() {
        let edges = [(0, 3), (1, 3), (1, 4), (2, 4), (0, 4)];
        let a = BipartiteGraph::from_edges(5, 3, &edges);
        let start: Vec<u32> = (0..=5).map(|v| a.start[v]).collect();
        let b = BipartiteGraph::from_csr(3, start, a.adj.clone());
        for v in 0..5 {
            assert_eq!(a.neighbours(v), b.neighbours(v));
        }
        assert_eq!(b.len(), 5);
        assert_eq!(b.n_left(), 3);
        let empty = BipartiteGraph::from_csr(0, vec![0], Vec::new());
        assert!(empty.is_empty());
    }

    #[test]
    #[should_panic(expected = "breaks the bipartition")]
    fn from_csr_rejects_an_edge_inside_one_side() {
        BipartiteGraph::from_csr(2, vec![0, 1, 2, 2], vec![1, 0]);
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

    /// The maximum matching size of the subgraph induced by `active` (Hopcroft–Karp from
    /// scratch).
    fn induced_size(g: &BipartiteGraph, active: &[bool]) -> u32 {
        let mut edges = Vec::new();
        for u in 0..g.n_left() {
            for &w in g.neighbours(u) {
                if active[u as usize] && active[w as usize] {
                    edges.push((u, w));
                }
            }
        }
        maximum_matching(&BipartiteGraph::from_edges(g.len(), g.n_left(), &edges)).size
    }

    #[test]
    fn incremental_with_dead_marks_agrees_with_from_scratch_on_mazes() {
        // Activation orders like bunny's (alternating sides along a walk) and random ones,
        // with a few deactivations mixed in: every answer must equal the from-scratch one.
        let mut r = TestRng::for_test("matching", "incremental-dead", "", 4);
        let mut failures_then_successes = 0;
        for round in 0..120 {
            let (n, m) = (r.range(2, 12), r.range(2, 12));
            let walls = [0.0, 0.1, 0.25, 0.4][r.below(4) as usize];
            let g = maze(&mut r, n, m, walls);
            let nv = g.len();
            if nv == 0 {
                continue;
            }
            let mut order: Vec<u32> = (0..nv).collect();
            r.shuffle(&mut order);
            let start: usize = r.below(nv) as usize;
            let mut active = vec![false; nv as usize];
            for &v in &order[..start] {
                active[v as usize] = true;
            }
            let m0 = {
                let mut edges = Vec::new();
                for u in 0..g.n_left() {
                    for &w in g.neighbours(u) {
                        if active[u as usize] && active[w as usize] {
                            edges.push((u, w));
                        }
                    }
                }
                maximum_matching(&BipartiteGraph::from_edges(nv, g.n_left(), &edges))
            };
            let mut inc = IncrementalMatching::with_matching(&g, active.clone(), m0);
            let mut last_failed = false;
            for (step, &v) in order[start..].iter().enumerate() {
                if round % 3 == 0 && step % 7 == 6 {
                    let u = order[r.below(start as u32 + step as u32 + 1) as usize];
                    let shrank = inc.deactivate(u);
                    let before = induced_size(&g, &active);
                    active[u as usize] = false;
                    assert_eq!(shrank, induced_size(&g, &active) < before, "round {round}");
                }
                let before = induced_size(&g, &active);
                active[v as usize] = true;
                let grew = inc.activate(v);
                let after = induced_size(&g, &active);
                assert_eq!(grew, after > before, "round {round} step {step}");
                assert_eq!(inc.size(), after, "round {round} step {step}");
                failures_then_successes += u32::from(last_failed && grew);
                last_failed = !grew;
            }
        }
        assert!(failures_then_successes > 50, "{failures_then_successes}");
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
