// Expected: wrong_answer. Mistake: propagates along alternating paths from ONE colour class
// only. Unmatched cells of both colours are reported, but the search "unmatched x -> neighbour
// y -> mate(y)" is started only from unmatched black cells ((row + column) even), so white
// cells that win only because some other maximum matching misses them are never printed.
#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<string> g;
vector<vector<int>> adj;
vector<int> mate, seen;
int stamp_ = 0;

bool tryAugment(int root) {
    ++stamp_;
    // frames: vertex, next neighbour index; via[i]: the white cell that led to frame i
    vector<pair<int, int>> st{{root, 0}};
    vector<int> via{-1};
    while (!st.empty()) {
        int u = st.back().first;
        int &k = st.back().second;
        if (k == (int)adj[u].size()) { st.pop_back(); via.pop_back(); continue; }
        int v = adj[u][k++];
        if (seen[v] == stamp_) continue;
        seen[v] = stamp_;
        if (mate[v] < 0) {
            for (int i = (int)st.size() - 1, take = v; i >= 0; take = via[i], --i) {
                mate[st[i].first] = take;
                mate[take] = st[i].first;
            }
            return true;
        }
        st.push_back({mate[v], 0});
        via.push_back(v);
    }
    return false;
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
    seen.assign(V, 0);
    for (int id = 0; id < V; ++id) {
        if (g[id / m][id % m] != '.' || (id / m + id % m) % 2) continue;
        for (int v : adj[id]) if (mate[v] < 0) { mate[v] = id; mate[id] = v; break; }
    }
    for (int id = 0; id < V; ++id)
        if (g[id / m][id % m] == '.' && (id / m + id % m) % 2 == 0 && mate[id] < 0) tryAugment(id);

    vector<char> win(V, 0);
    deque<int> q;
    for (int id = 0; id < V; ++id) {
        if (g[id / m][id % m] != '.' || mate[id] >= 0) continue;
        win[id] = 1;
        if ((id / m + id % m) % 2 == 0) q.push_back(id);  // only black cells start the search
    }
    while (!q.empty()) {
        int u = q.front(); q.pop_front();
        for (int y : adj[u]) {
            int z = mate[y];
            if (z >= 0 && !win[z]) { win[z] = 1; q.push_back(z); }
        }
    }
    bool any = false;
    for (int id = 0; id < V; ++id) any |= win[id];
    if (!any) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int id = 0; id < V; ++id) if (win[id]) printf("%d %d\n", id / m + 1, id % m + 1);
}
