// Expected: wrong_answer. Mistake: never prints LOSE. The winning cells are computed
// correctly (maximum matching, then alternating reachability from every unmatched cell), but
// the program assumes some start cell always wins and prints "WIN" unconditionally, so on a
// maze whose free cells have a perfect matching (or no free cell at all) it prints "WIN" with
// no cell after it.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    cin >> n >> m;
    vector<string> g(n);
    for (auto &s : g) cin >> s;
    int V = n * m;
    vector<vector<int>> adj(V);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c) {
            if (g[r][c] != '.') continue;
            int id = r * m + c;
            if (r > 0 && g[r - 1][c] == '.') adj[id].push_back(id - m);
            if (r + 1 < n && g[r + 1][c] == '.') adj[id].push_back(id + m);
            if (c > 0 && g[r][c - 1] == '.') adj[id].push_back(id - 1);
            if (c + 1 < m && g[r][c + 1] == '.') adj[id].push_back(id + 1);
        }
    vector<int> mate(V, -1), seen(V, 0);
    int stamp = 0;
    auto black = [&](int id) { return g[id / m][id % m] == '.' && (id / m + id % m) % 2 == 0; };
    for (int root = 0; root < V; ++root) {
        if (!black(root)) continue;
        ++stamp;
        vector<int> us{root}, ks{0}, via{-1};
        while (!us.empty()) {
            int u = us.back();
            if (ks.back() == (int)adj[u].size()) { us.pop_back(); ks.pop_back(); via.pop_back(); continue; }
            int v = adj[u][ks.back()++];
            if (seen[v] == stamp) continue;
            seen[v] = stamp;
            if (mate[v] == -1) {
                int take = v;
                for (int i = (int)us.size() - 1; i >= 0; --i) {
                    mate[us[i]] = take; mate[take] = us[i];
                    take = via[i];
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
    puts("WIN");
    for (int id = 0; id < V; ++id) if (win[id]) printf("%d %d\n", id / m + 1, id % m + 1);
}
