// Expected: wrong_answer. Mistake: odd and even alternating paths confused. From an unmatched
// cell x the search steps to a neighbour y (non-matching edge) and marks y as a winner, then
// continues from mate(y) without marking it. But y is reached by an ODD path: it is covered
// by every maximum matching (A loses there); the winners are the mates, at even distance.
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
    for (int root = 0; root < V; ++root) {
        if (g[root / m][root % m] != '.' || (root / m + root % m) % 2) continue;
        for (int v : adj[root]) if (mate[v] == -1) { mate[v] = root; mate[root] = v; break; }
    }
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
    vector<char> win(V, 0), done(V, 0);
    vector<int> q;
    for (int id = 0; id < V; ++id)
        if (g[id / m][id % m] == '.' && mate[id] == -1) { win[id] = 1; done[id] = 1; q.push_back(id); }
    for (size_t h = 0; h < q.size(); ++h)
        for (int y : adj[q[h]]) {
            int z = mate[y];
            if (z == -1 || done[z]) continue;
            win[y] = 1;  // should be win[z]
            done[z] = 1;
            q.push_back(z);
        }
    bool any = false;
    for (int id = 0; id < V; ++id) any |= win[id];
    if (!any) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int id = 0; id < V; ++id) if (win[id]) printf("%d %d\n", id / m + 1, id % m + 1);
}
