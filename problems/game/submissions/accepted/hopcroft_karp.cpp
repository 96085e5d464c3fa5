// Expected: accepted. Reference-style solution, no mistake: Hopcroft-Karp maximum matching on
// the chessboard-coloured free cells (augmenting searches written with an explicit stack),
// then a BFS along alternating paths (unmatched x -> neighbour y -> mate(y)) started from the
// unmatched cells of BOTH colours. A cell wins iff the BFS reaches it. O(E sqrt V).
#include <cstdio>
#include <vector>
#include <string>
#include <iostream>

int main() {
    std::ios::sync_with_stdio(false);
    int n, m;
    if (!(std::cin >> n >> m)) return 0;
    std::vector<std::string> g(n);
    for (auto &row : g) std::cin >> row;
    const int V = n * m;
    auto is_free = [&](int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && g[r][c] == '.'; };
    // adjacency of every free cell, compressed
    std::vector<int> start(V + 1, 0), adj;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c) {
            int id = r * m + c;
            start[id] = (int)adj.size();
            if (g[r][c] != '.') continue;
            for (int k = 0; k < 4; ++k)
                if (is_free(r + dr[k], c + dc[k])) adj.push_back((r + dr[k]) * m + c + dc[k]);
        }
    start[V] = (int)adj.size();
    auto left = [&](int id) { return ((id / m) + (id % m)) % 2 == 0; };

    std::vector<int> mate(V, -1), dist(V), it(V);
    std::vector<int> lefts;
    for (int id = 0; id < V; ++id)
        if (g[id / m][id % m] == '.' && left(id)) lefts.push_back(id);
    const int INF = 1 << 30;
    std::vector<int> queue;
    std::vector<int> su, sv;  // stack of left vertices, and the right vertex used to reach the next
    while (true) {
        // BFS layers from the free left vertices
        queue.clear();
        for (int u : lefts) {
            if (mate[u] == -1) { dist[u] = 0; queue.push_back(u); }
            else dist[u] = INF;
        }
        bool found = false;
        for (size_t h = 0; h < queue.size(); ++h) {
            int u = queue[h];
            for (int e = start[u]; e < start[u + 1]; ++e) {
                int w = mate[adj[e]];
                if (w == -1) found = true;
                else if (dist[w] == INF) { dist[w] = dist[u] + 1; queue.push_back(w); }
            }
        }
        if (!found) break;
        for (int u : lefts) it[u] = start[u];
        for (int root : lefts) {
            if (mate[root] != -1) continue;
            su.assign(1, root);
            sv.clear();
            while (!su.empty()) {
                int u = su.back();
                if (it[u] == start[u + 1]) { dist[u] = INF; su.pop_back(); if (!sv.empty()) sv.pop_back(); continue; }
                int v = adj[it[u]++];
                int w = mate[v];
                if (w == -1) {
                    // augment: su[k] takes v, su[i] takes sv[i]
                    int take = v;
                    for (int i = (int)su.size() - 1; i >= 0; --i) {
                        int x = su[i];
                        mate[x] = take;
                        mate[take] = x;
                        if (i > 0) take = sv[i - 1];
                    }
                    break;
                }
                if (dist[w] == dist[u] + 1) { sv.push_back(v); su.push_back(w); }
            }
        }
    }

    std::vector<char> win(V, 0);
    queue.clear();
    for (int id = 0; id < V; ++id)
        if (g[id / m][id % m] == '.' && mate[id] == -1) { win[id] = 1; queue.push_back(id); }
    for (size_t h = 0; h < queue.size(); ++h) {
        int u = queue[h];
        for (int e = start[u]; e < start[u + 1]; ++e) {
            int z = mate[adj[e]];
            if (z != -1 && !win[z]) { win[z] = 1; queue.push_back(z); }
        }
    }
    std::string out;
    for (int id = 0; id < V; ++id)
        if (win[id]) out += std::to_string(id / m + 1) + " " + std::to_string(id % m + 1) + "\n";
    if (out.empty()) std::fputs("LOSE\n", stdout);
    else { std::fputs("WIN\n", stdout); std::fputs(out.c_str(), stdout); }
    return 0;
}
