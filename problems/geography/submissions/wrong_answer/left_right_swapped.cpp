// Expected: wrong_answer. Mistake: left and right confused: the header is read as `R L E`,
// so the number of left vertices is taken to be R (arrays are sized for the larger side, so
// nothing goes out of bounds). Everything else is right, so it is correct whenever L = R;
// with L > R it forgets the last left vertices, with L < R it prints extra lines. Killed by
// every L != R test (the sample has L = 4, R = 3).
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
    cin >> R >> L >> E;  // the mistake: L and R swapped
    const int n = max(L, R);
    g.assign(n + 1, {});
    ml.assign(n + 1, 0), mr.assign(n + 1, 0), dist_.assign(n + 1, 0);
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
    for (int u = 1; u <= L; u++) out += second[u] ? "Second\n" : "First\n";
    cout << out;
}
