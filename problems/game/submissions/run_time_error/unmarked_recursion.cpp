// Expected: run_time_error. Mistake: a recursive alternating-path search that tests the wrong
// cell before recursing. From a winning cell x it goes to each neighbour y and recurses into
// mate(y), but it checks "is y already a winner?" instead of "is mate(y) already a winner?".
// y (covered by every maximum matching) is never marked, so the search walks x -> y -> mate(y)
// -> y -> mate(y) ... forever and overflows the stack (SIGSEGV). Mazes where no unmatched
// cell has a neighbour (LOSE mazes, isolated cells only) pass.
#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<string> g;
vector<vector<int>> adj;
vector<int> mate;
vector<char> win;

void spread(int x) {
    win[x] = 1;
    for (int y : adj[x])
        if (mate[y] != -1 && !win[y])  // should test win[mate[y]]
            spread(mate[y]);
}

int main() {
    cin >> n >> m;
    g.resize(n);
    for (auto &s : g) cin >> s;
    int V = n * m;
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
    vector<int> seen(V, 0);
    int stamp = 0;
    for (int root = 0; root < V; ++root) {
        if (g[root / m][root % m] != '.' || (root / m + root % m) % 2) continue;
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
    win.assign(V, 0);
    for (int id = 0; id < V; ++id)
        if (g[id / m][id % m] == '.' && mate[id] == -1) spread(id);
    bool any = false;
    for (int id = 0; id < V; ++id) any |= win[id];
    if (!any) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int id = 0; id < V; ++id) if (win[id]) printf("%d %d\n", id / m + 1, id % m + 1);
}
