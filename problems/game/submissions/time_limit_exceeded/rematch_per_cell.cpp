// Expected: time_limit_exceeded. Mistake: the per-cell approach. Correct but slow: for every
// free cell v it bans v and recomputes a maximum matching of the rest FROM SCRATCH (simple
// augmenting paths); A wins from v iff banning v does not shrink the maximum matching.
// That is V matchings of O(V * E) each: fine on 5x5, hopeless on 100x100.
#include <bits/stdc++.h>
using namespace std;

int n, m, V;
vector<string> g;
vector<vector<int>> adj;
vector<int> mate, seen;
int stamp_ = 0;

bool augment(int root, int banned) {
    ++stamp_;
    vector<int> us{root}, ks{0}, via{-1};
    while (!us.empty()) {
        int u = us.back();
        if (ks.back() == (int)adj[u].size()) { us.pop_back(); ks.pop_back(); via.pop_back(); continue; }
        int v = adj[u][ks.back()++];
        if (v == banned || seen[v] == stamp_) continue;
        seen[v] = stamp_;
        if (mate[v] == -1) {
            for (int i = (int)us.size() - 1, take = v; i >= 0; take = via[i], --i) {
                mate[us[i]] = take; mate[take] = us[i];
            }
            return true;
        }
        us.push_back(mate[v]); ks.push_back(0); via.push_back(v);
    }
    return false;
}

int matching(int banned) {
    fill(mate.begin(), mate.end(), -1);
    int size = 0;
    for (int id = 0; id < V; ++id)
        if (id != banned && g[id / m][id % m] == '.' && (id / m + id % m) % 2 == 0)
            size += augment(id, banned);
    return size;
}

int main() {
    cin >> n >> m;
    g.resize(n);
    for (auto &s : g) cin >> s;
    V = n * m;
    adj.assign(V, {});
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c) {
            if (g[r][c] != '.') continue;
            int id = r * m + c;
            if (r > 0 && g[r - 1][c] == '.') adj[id].push_back(id - m);
            if (r + 1 < n && g[r + 1][c] == '.') adj[id].push_back(id + m);
            if (c > 0 && g[r][c - 1] == '.') adj[id].push_back(id - 1);
            if (c + 1 < m && g[r][c + 1] == '.') adj[id].push_back(id + 1);
        }
    mate.assign(V, -1);
    seen.assign(V, 0);
    int full = matching(-1);
    vector<int> win;
    for (int v = 0; v < V; ++v)
        if (g[v / m][v % m] == '.' && matching(v) == full) win.push_back(v);
    if (win.empty()) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int v : win) printf("%d %d\n", v / m + 1, v % m + 1);
}
