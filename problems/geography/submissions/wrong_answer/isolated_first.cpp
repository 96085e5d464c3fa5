// Expected: wrong_answer. Mistake: isolated vertices. A left vertex with no edge is skipped
// ("nothing to match") and keeps the default answer `First`; but the token cannot move, so
// First loses: `Second`. Everything else is right. Killed by every test with an isolated left
// vertex: sparse random graphs, blocks and mixed tests with isolated vertices, E = 0.
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
    vector<char> second(L + 1, 0);
    vector<int> q;
    for (int u = 1; u <= L; u++)
        if (ml[u] == 0) second[u] = 1, q.push_back(u);
    for (size_t h = 0; h < q.size(); h++)
        for (int v : g[q[h]]) {
            int w = mr[v];
            if (w != 0 && !second[w]) second[w] = 1, q.push_back(w);
        }
    string out;
    for (int u = 1; u <= L; u++) {
        if (g[u].empty()) {
            out += "First\n";  // the mistake
            continue;
        }
        out += second[u] ? "Second\n" : "First\n";
    }
    cout << out;
}
