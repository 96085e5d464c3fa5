// Expected: time_limit_exceeded. Mistake: the from-scratch approach. Correct but slow: at every
// one of the 2k + 1 positions it takes the usable cells not yet left behind and computes TWO
// maximum matchings from scratch with the textbook adjacency-matrix Kuhn (simple augmenting
// paths; every search step scans a whole matrix row, the visited marks are cleared before
// every search): one with the token's cell and one without it. The mover wins iff removing the
// cell makes the maximum matching smaller. That is (2k + 1) * 2 matchings of O(V^3) each:
// instant on the small boards, far over the limit on 40x40 games with hundreds of moves.
#include <cstdio>
#include <vector>

// Cells are numbered 0..V-1 in row-major order; adj[a][b] says a and b are 4-adjacent.
static int V;
static std::vector<std::vector<char>> adj;
static std::vector<int> partner, colour;
static std::vector<char> present, visited;

static bool dfs(int v) {
    for (int u = 0; u < V; ++u) {
        if (!adj[v][u] || !present[u] || visited[u]) continue;
        visited[u] = 1;
        if (partner[u] == -1 || dfs(partner[u])) {
            partner[u] = v;
            return true;
        }
    }
    return false;
}

// Size of a maximum matching of the present cells, from nothing.
static int max_matching() {
    int size = 0;
    for (int u = 0; u < V; ++u) partner[u] = -1;
    for (int v = 0; v < V; ++v) {
        if (!present[v] || colour[v] != 0) continue;
        for (int u = 0; u < V; ++u) visited[u] = 0;
        if (dfs(v)) ++size;
    }
    return size;
}

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    V = n * m;
    std::vector<char> board(V);
    static char line[64];
    int start = -1;
    for (int r = 0; r < n; ++r) {
        scanf("%s", line);
        for (int c = 0; c < m; ++c) {
            board[r * m + c] = line[c];
            if (line[c] == '.') start = r * m + c;
        }
    }
    int k;
    scanf("%d", &k);
    std::vector<int> token(2 * k + 1);
    token[0] = start;
    for (int t = 1; t <= 2 * k; ++t) {
        int x, y;
        scanf("%d %d", &x, &y);
        token[t] = (x - 1) * m + (y - 1);
    }
    colour.assign(V, 0);
    for (int v = 0; v < V; ++v) colour[v] = (v / m + v % m) % 2;
    const int sc = colour[start];
    std::vector<char> usable(V);
    for (int v = 0; v < V; ++v)
        usable[v] = v == start || (colour[v] == sc && board[v] == 'X') ||
                    (colour[v] != sc && board[v] == 'O');
    adj.assign(V, std::vector<char>(V, 0));
    for (int v = 0; v < V; ++v) {
        int r = v / m, c = v % m;
        if (r + 1 < n) adj[v][v + m] = adj[v + m][v] = 1;
        if (c + 1 < m) adj[v][v + 1] = adj[v + 1][v] = 1;
    }
    partner.assign(V, -1);
    present.assign(V, 0);
    visited.assign(V, 0);
    std::vector<char> gone(V, 0), win(2 * k + 1, 0);
    for (int t = 0; t <= 2 * k; ++t) {
        for (int v = 0; v < V; ++v) present[v] = usable[v] && !gone[v];
        int with = max_matching();
        present[token[t]] = 0;
        int without = max_matching();
        win[t] = without < with;
        gone[token[t]] = 1;
    }
    std::vector<int> out;
    for (int i = 1; i <= k; ++i)
        if (win[2 * i - 2] && win[2 * i - 1]) out.push_back(i);
    printf("%d\n", (int)out.size());
    for (size_t i = 0; i < out.size(); ++i) printf("%d\n", out[i]);
}
