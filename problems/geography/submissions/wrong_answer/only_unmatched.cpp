// Expected: wrong_answer. Mistake: no alternating step. It computes one maximum matching and
// reports `Second` exactly for the left vertices this matching leaves free. But a covered
// vertex is also `Second` when SOME other maximum matching leaves it free (an even alternating
// path from a free left vertex reaches it). Killed by the sample (left 1 is matched, yet
// Second) and by every test with such vertices: odd chains, the anti-Kuhn test, random graphs.
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
    string out;
    for (int u = 1; u <= L; u++) out += ml[u] == 0 ? "Second\n" : "First\n";
    cout << out;
}
