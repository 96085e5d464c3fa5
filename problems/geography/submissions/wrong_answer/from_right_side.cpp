// Expected: wrong_answer. Mistake: the alternating search starts from the wrong side. After a
// maximum matching it walks from the unmatched RIGHT vertices (right -> left by any edge,
// left -> right by the matching edge) and calls every left vertex it reaches `Second`, besides
// the free left ones. Reaching u from a free right vertex means some maximum matching moves
// u to another right vertex, not that one leaves u free: a left vertex with two right
// neighbours is `First` but gets reached. And a left vertex that only a free LEFT vertex
// can displace is missed (no free right vertex at all in the sample).
// Killed by the sample (no free right vertex there, so left 1, matched, comes out First), by
// left-perfect graphs with spare right vertices, blocks with a < b, mixed tests.
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
    for (int i = 0; i < E; i++) {
        int u, v;
        cin >> u >> v;
        g[u].push_back(v);
    }
    matching();
    vector<vector<int>> h(R + 1);  // h[v]: left neighbours of right vertex v
    for (int u = 1; u <= L; u++)
        for (int v : g[u]) h[v].push_back(u);
    vector<char> second(L + 1, 0), seenR(R + 1, 0);
    vector<int> q;
    for (int u = 1; u <= L; u++)
        if (ml[u] == 0) second[u] = 1;
    for (int v = 1; v <= R; v++)
        if (mr[v] == 0) seenR[v] = 1, q.push_back(v);
    for (size_t k = 0; k < q.size(); k++)
        for (int u : h[q[k]]) {
            if (second[u]) continue;
            second[u] = 1;
            int w = ml[u];
            if (w != 0 && !seenR[w]) seenR[w] = 1, q.push_back(w);
        }
    string out;
    for (int u = 1; u <= L; u++) out += second[u] ? "Second\n" : "First\n";
    cout << out;
}
