// Expected: wrong_answer. Mistake: builds the graph from the edges only, so a free cell with
// no free neighbour is not a vertex at all and is never reported. But A wins there: B cannot
// make the first move. A maze whose only unmatched cells are isolated is answered LOSE.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    cin >> n >> m;
    vector<string> g(n);
    for (auto &s : g) cin >> s;
    int V = n * m;
    vector<vector<int>> adj(V);
    vector<char> vertex(V, 0);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < m; ++c)
            if (g[r][c] == '.' && g[r][c + 1] == '.') {
                int a = r * m + c, b = a + 1;
                adj[a].push_back(b); adj[b].push_back(a); vertex[a] = vertex[b] = 1;
            }
    for (int r = 0; r + 1 < n; ++r)
        for (int c = 0; c < m; ++c)
            if (g[r][c] == '.' && g[r + 1][c] == '.') {
                int a = r * m + c, b = a + m;
                adj[a].push_back(b); adj[b].push_back(a); vertex[a] = vertex[b] = 1;
            }
    vector<int> mate(V, -1), seen(V, 0);
    int stamp = 0;
    for (int root = 0; root < V; ++root) {
        if (!vertex[root] || (root / m + root % m) % 2 || mate[root] != -1) continue;
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
        if (vertex[id] && mate[id] == -1) { win[id] = 1; q.push_back(id); }
    for (size_t h = 0; h < q.size(); ++h)
        for (int y : adj[q[h]]) {
            int z = mate[y];
            if (z != -1 && !win[z]) { win[z] = 1; q.push_back(z); }
        }
    if (q.empty()) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int id = 0; id < V; ++id) if (win[id]) printf("%d %d\n", id / m + 1, id % m + 1);
}
