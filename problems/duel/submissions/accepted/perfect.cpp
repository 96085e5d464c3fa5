// duel: plays A perfectly. Expected: AC.
// A wins from a start cell iff some maximum matching M of the free cells misses it. So: find a
// maximum matching (Hopcroft-Karp); with a perfect matching say LOSE, otherwise start on an
// unmatched cell and answer each move w of B with M(w) (B can never reach an unmatched cell:
// that would close an augmenting path).
#include <bits/stdc++.h>
using namespace std;
int n, m;
vector<string> g;
vector<int> mate, dist_;
vector<vector<int>> adj;
bool bfs() {
    queue<int> q;
    bool found = false;
    for (int v = 0; v < n * m; v++) {
        dist_[v] = -1;
        if (g[v / m][v % m] == '.' && (v / m + v % m) % 2 == 0 && mate[v] < 0) dist_[v] = 0, q.push(v);
    }
    while (!q.empty()) {
        int v = q.front(); q.pop();
        for (int w : adj[v]) {
            int x = mate[w];
            if (x < 0) found = true;
            else if (dist_[x] < 0) dist_[x] = dist_[v] + 1, q.push(x);
        }
    }
    return found;
}
vector<size_t> it_;
bool dfs(int v) {
    for (; it_[v] < adj[v].size(); it_[v]++) {
        int w = adj[v][it_[v]], x = mate[w];
        if (x < 0 || (dist_[x] == dist_[v] + 1 && dfs(x))) { mate[v] = w; mate[w] = v; return true; }
    }
    dist_[v] = -1;
    return false;
}
int main() {
    cin >> n >> m;
    g.resize(n);
    for (auto& row : g) cin >> row;
    int cells = n * m, free_ = 0;
    adj.assign(cells, {}); mate.assign(cells, -1); dist_.assign(cells, -1); it_.assign(cells, 0);
    int dr[] = {-1, 0, 0, 1}, dc[] = {0, -1, 1, 0};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            if (g[r][c] != '.') continue;
            free_++;
            for (int d = 0; d < 4; d++) {
                int rr = r + dr[d], cc = c + dc[d];
                if (rr >= 0 && rr < n && cc >= 0 && cc < m && g[rr][cc] == '.') adj[r * m + c].push_back(rr * m + cc);
            }
        }
    int size = 0;
    while (bfs()) {
        fill(it_.begin(), it_.end(), 0);
        for (int v = 0; v < cells; v++)
            if (dist_[v] == 0 && mate[v] < 0 && dfs(v)) size++;
    }
    if (2 * size == free_) { cout << "LOSE" << endl; return 0; }
    int s = 0;
    while (g[s / m][s % m] != '.' || mate[s] >= 0) s++;
    cout << "START " << s / m + 1 << ' ' << s % m + 1 << endl;
    int r, c;
    while (cin >> r >> c && r != 0) {
        int x = mate[(r - 1) * m + (c - 1)];
        cout << x / m + 1 << ' ' << x % m + 1 << endl;
    }
}
