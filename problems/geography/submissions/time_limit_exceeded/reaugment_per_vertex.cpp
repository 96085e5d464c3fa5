// Expected: time_limit_exceeded. Correct but slow: re-augmenting once per vertex. After one
// maximum matching, for every matched left vertex s it frees s's right partner r and searches
// (BFS over right vertices, iterative) for an alternating path r -> left -> its partner -> ...
// that ends at a free left vertex other than s; s is `Second` iff one exists (then a maximum
// matching without s exists). Each search may cost O(E): O(V * E) in all. Fast on graphs
// with many free left vertices, hopeless where every search fails after exploring a large
// region: a left-perfect graph with dense extra edges (perfect 50000 150000 ...), the long
// even chain (search from r_i walks the whole rest of the path: O(n^2)).
#include <bits/stdc++.h>
using namespace std;

// Maximum matching: Hopcroft-Karp, iterative (correct; the mistake is elsewhere).
int L, R, E;
vector<vector<int>> g;       // g[u]: right neighbours of left vertex u (1-based)
vector<int> ml, mr, dist_;   // 0 = unmatched

bool bfs() {
    queue<int> q;
    bool found = false;
    for (int u = 1; u <= L; u++) {
        dist_[u] = ml[u] == 0 ? 0 : INT_MAX;
        if (ml[u] == 0) q.push(u);
    }
    while (!q.empty()) {
        int u = q.front();
        q.pop();
        for (int v : g[u]) {
            int w = mr[v];
            if (w == 0) found = true;
            else if (dist_[w] == INT_MAX) dist_[w] = dist_[u] + 1, q.push(w);
        }
    }
    return found;
}

void matching() {
    vector<size_t> nxt(L + 1);
    vector<pair<int, int>> st;
    while (bfs()) {
        fill(nxt.begin(), nxt.end(), 0);
        for (int s = 1; s <= L; s++) {
            if (ml[s] != 0) continue;
            st.assign(1, {s, 0});
            while (!st.empty()) {
                int u = st.back().first;
                if (nxt[u] == g[u].size()) {
                    dist_[u] = INT_MAX;
                    st.pop_back();
                    continue;
                }
                int v = g[u][nxt[u]++], w = mr[v];
                if (w == 0) {
                    for (size_t i = st.size(); i-- > 0;) {
                        int x = st[i].first, y = i + 1 < st.size() ? st[i + 1].second : v;
                        ml[x] = y, mr[y] = x;
                    }
                    for (auto& p : st) dist_[p.first] = INT_MAX;
                    st.clear();
                } else if (dist_[w] != INT_MAX && dist_[w] == dist_[u] + 1) {
                    st.push_back({w, v});
                }
            }
        }
    }
}

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    cin >> L >> R >> E;
    g.assign(L + 1, {});
    ml.assign(L + 1, 0), mr.assign(R + 1, 0), dist_.assign(L + 1, 0);
    vector<vector<int>> h(R + 1);  // left neighbours of each right vertex
    for (int i = 0; i < E; i++) {
        int u, v;
        cin >> u >> v;
        g[u].push_back(v);
        h[v].push_back(u);
    }
    matching();
    vector<int> seen(R + 1, 0), q;
    int stamp = 0;
    string out;
    for (int s = 1; s <= L; s++) {
        bool second = ml[s] == 0;
        if (!second) {
            // Free s's partner r; can the matching be repaired without s?
            stamp++;
            q.assign(1, ml[s]);
            seen[ml[s]] = stamp;
            for (size_t k = 0; k < q.size() && !second; k++) {
                for (int u : h[q[k]]) {
                    if (u == s) continue;
                    if (ml[u] == 0) {
                        second = true;
                        break;
                    }
                    if (seen[ml[u]] != stamp) seen[ml[u]] = stamp, q.push_back(ml[u]);
                }
            }
        }
        out += second ? "Second\n" : "First\n";
    }
    cout << out;
}
