// Expected: run_time_error. Correct algorithm (iterative Hopcroft-Karp), but the alternating
// step is a recursive DFS over all vertices, left and right alike (left -> its right
// neighbours, right -> its partner), written as a std::function lambda as contest code often
// is. On the path of 2*10^5 vertices with a free end (chain 199999 left asc) the recursion
// is 2*10^5 calls deep, each taking the lambda's and std::function's frames, and with the
// judge's 8 MiB stack it overflows: SIGSEGV. It passes with the large
// or unlimited stacks of many setups, which is why the stack limit is in problem.toml.
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
    // Vertices 1..L are left, L+1..L+R right.
    vector<char> seen(L + R + 1, 0);
    function<void(int)> dfs = [&](int x) {
        seen[x] = 1;
        if (x <= L) {
            for (int v : g[x])
                if (!seen[L + v]) dfs(L + v);
        } else if (int w = mr[x - L]; w != 0 && !seen[w]) {
            dfs(w);
        }
    };
    for (int u = 1; u <= L; u++)
        if (ml[u] == 0 && !seen[u]) dfs(u);
    vector<char> second(seen.begin(), seen.begin() + L + 1);
    string out;
    for (int u = 1; u <= L; u++) out += second[u] ? "Second\n" : "First\n";
    cout << out;
}
