// Expected: wrong_answer. Mistake: off-by-one in the coordinate bounds. The neighbour tests
// are written "r + 1 < n - 1" and "c + 1 < m - 1", so no edge ever enters the last row or the
// last column: those cells look isolated (and win), and the matching of the rest is wrong.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    cin >> n >> m;
    vector<string> g(n);
    for (auto &s : g) cin >> s;
    int V = n * m;
    vector<vector<int>> adj(V);
    auto link = [&](int a, int b) { adj[a].push_back(b); adj[b].push_back(a); };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c) {
            if (g[r][c] != '.') continue;
            if (r + 1 < n - 1 && g[r + 1][c] == '.') link(r * m + c, (r + 1) * m + c);
            if (c + 1 < m - 1 && g[r][c + 1] == '.') link(r * m + c, r * m + c + 1);
        }
    vector<int> mate(V, -1), seen(V, 0);
    int stamp = 0;
    for (int root = 0; root < V; ++root) {
        if (g[root / m][root % m] != '.' || (root / m + root % m) % 2 || mate[root] != -1) continue;
        ++stamp;
        vector<int> us{root}, ks{0}, via{-1};
        while (!us.empty()) {
            int u = us.back();
            if (ks.back() == (int)adj[u].size()) { us.pop_back(); ks.pop_back(); via.pop_back(); continue; }
            int v = adj[u][ks.back()++];
            if (seen[v] == stamp) continue;
            seen[v] = stamp;
            if (mate[v] == -1) {
                for (int i = (int)us.size() - 1, take = v; i >= 0; take = via[i], --i) {
                    mate[us[i]] = take; mate[take] = us[i];
                }
                break;
            }
            us.push_back(mate[v]); ks.push_back(0); via.push_back(v);
        }
    }
    vector<char> win(V, 0);
    vector<int> q;
    for (int id = 0; id < V; ++id)
        if (g[id / m][id % m] == '.' && mate[id] == -1) { win[id] = 1; q.push_back(id); }
    for (size_t h = 0; h < q.size(); ++h)
        for (int y : adj[q[h]]) {
            int z = mate[y];
            if (z != -1 && !win[z]) { win[z] = 1; q.push_back(z); }
        }
    if (q.empty()) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int id = 0; id < V; ++id) if (win[id]) printf("%d %d\n", id / m + 1, id % m + 1);
}
