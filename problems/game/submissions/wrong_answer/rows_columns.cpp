// Expected: wrong_answer. Mistake: rows and columns confused in the cell numbering. A cell
// (r, c) is numbered r * n + c (rows times the NUMBER OF ROWS) instead of r * m + c, and
// decoded with / n and % n. On square mazes n == m and all is well; when m > n, different
// cells get the same number, so the graph and the printed cells are wrong.
#include <bits/stdc++.h>
using namespace std;

const int MAXID = 101 * 101;  // r * n + c < n * n + m <= 10100: no overflow, just wrong
int n, m;
char g[105][105];
vector<int> adj[MAXID];
int mate[MAXID], seen[MAXID], stamp_;
bool used[MAXID];

int cell(int r, int c) { return r * n + c; }

int main() {
    scanf("%d %d", &n, &m);
    for (int r = 0; r < n; ++r) scanf("%s", g[r]);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c) {
            if (g[r][c] != '.') continue;
            int id = cell(r, c);
            used[id] = true;
            if (r > 0 && g[r - 1][c] == '.') adj[id].push_back(cell(r - 1, c));
            if (r + 1 < n && g[r + 1][c] == '.') adj[id].push_back(cell(r + 1, c));
            if (c > 0 && g[r][c - 1] == '.') adj[id].push_back(cell(r, c - 1));
            if (c + 1 < m && g[r][c + 1] == '.') adj[id].push_back(cell(r, c + 1));
        }
    memset(mate, -1, sizeof mate);
    vector<int> blacks;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c)
            if (g[r][c] == '.' && (r + c) % 2 == 0) blacks.push_back(cell(r, c));
    for (int root : blacks) {
        if (mate[root] != -1) continue;
        ++stamp_;
        vector<int> us{root}, ks{0}, via{-1};
        while (!us.empty()) {
            int u = us.back();
            if (ks.back() == (int)adj[u].size()) { us.pop_back(); ks.pop_back(); via.pop_back(); continue; }
            int v = adj[u][ks.back()++];
            if (seen[v] == stamp_ || v == root) continue;
            seen[v] = stamp_;
            if (mate[v] == -1) {
                int take = v;
                for (int i = (int)us.size() - 1; i >= 0; --i) {
                    mate[us[i]] = take; mate[take] = us[i];
                    take = via[i];
                }
                break;
            }
            if (mate[v] == u) continue;
            us.push_back(mate[v]); ks.push_back(0); via.push_back(v);
        }
    }
    vector<char> win(MAXID, 0);
    vector<int> q;
    for (int id = 0; id < MAXID; ++id)
        if (used[id] && mate[id] == -1) { win[id] = 1; q.push_back(id); }
    for (size_t h = 0; h < q.size(); ++h)
        for (int y : adj[q[h]]) {
            int z = mate[y];
            if (z != -1 && !win[z]) { win[z] = 1; q.push_back(z); }
        }
    vector<int> out;
    for (int id = 0; id < MAXID; ++id) if (win[id]) out.push_back(id);
    if (out.empty()) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int id : out) printf("%d %d\n", id / n + 1, id % n + 1);
}
