// Expected: accepted. Hopcroft-Karp with 0-based vertices and vector adjacency (a different
// coding from the reference): BFS layers from all free left vertices, then augmenting DFSs
// along the layers kept on an explicit stack of (vertex, next edge) pairs, so nothing recurses
// and the 8 MiB stack is never at risk. Then an alternating BFS from the free left vertices:
// reached left vertices (and the free ones) are `Second`. O(E sqrt V).
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int L, R, E;
    cin >> L >> R >> E;
    vector<vector<int>> g(L);
    for (int i = 0; i < E; i++) {
        int u, v;
        cin >> u >> v;
        g[u - 1].push_back(v - 1);
    }
    vector<int> ml(L, -1), mr(R, -1), d(L);
    const int INF = INT_MAX;
    auto bfs = [&]() {
        queue<int> q;
        for (int u = 0; u < L; u++) {
            d[u] = ml[u] == -1 ? 0 : INF;
            if (ml[u] == -1) q.push(u);
        }
        bool found = false;
        while (!q.empty()) {
            int u = q.front();
            q.pop();
            for (int v : g[u]) {
                int w = mr[v];
                if (w == -1) found = true;
                else if (d[w] == INF) {
                    d[w] = d[u] + 1;
                    q.push(w);
                }
            }
        }
        return found;
    };
    vector<size_t> nxt(L);
    vector<pair<int, int>> st;  // (left vertex, right vertex it went through to get here)
    while (bfs()) {
        fill(nxt.begin(), nxt.end(), 0);
        for (int s = 0; s < L; s++) {
            if (ml[s] != -1) continue;
            st.assign(1, {s, -1});
            while (!st.empty()) {
                int u = st.back().first;
                if (nxt[u] == g[u].size()) {
                    d[u] = INF;
                    st.pop_back();
                    continue;
                }
                int v = g[u][nxt[u]++];
                int w = mr[v];
                if (w == -1) {
                    // Augment: u takes v, and each earlier vertex takes the right vertex its
                    // successor came through.
                    for (size_t i = st.size(); i-- > 0;) {
                        int x = st[i].first;
                        int y = (i + 1 < st.size()) ? st[i + 1].second : v;
                        ml[x] = y;
                        mr[y] = x;
                    }
                    for (auto& p : st) d[p.first] = INF;
                    st.clear();
                } else if (d[w] != INF && d[w] == d[u] + 1) {
                    st.push_back({w, v});
                }
            }
        }
    }
    vector<char> lose(L, 0);
    vector<int> q;
    for (int u = 0; u < L; u++)
        if (ml[u] == -1) lose[u] = 1, q.push_back(u);
    for (size_t h = 0; h < q.size(); h++)
        for (int v : g[q[h]]) {
            int w = mr[v];
            if (w != -1 && !lose[w]) lose[w] = 1, q.push_back(w);
        }
    string out;
    out.reserve(7 * (size_t)L);
    for (int u = 0; u < L; u++) out += lose[u] ? "Second\n" : "First\n";
    cout << out;
}
