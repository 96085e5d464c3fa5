// Expected: wrong_answer. Mistake: reports only the cells left unmatched by ONE particular
// maximum matching. The matching itself is right (simple augmenting paths), but a cell that
// this matching covers can still be missed by another maximum matching, and then A wins from
// it too; those cells are never printed.
#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<string> g;
vector<int> mate, seen;
int stampv = 0;

bool isFree(int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && g[r][c] == '.'; }

vector<int> nb(int id) {
    int r = id / m, c = id % m;
    vector<int> out;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int k = 0; k < 4; ++k)
        if (isFree(r + dr[k], c + dc[k])) out.push_back((r + dr[k]) * m + c + dc[k]);
    return out;
}

// one augmenting search from black u, explicit stack
bool augment(int root) {
    ++stampv;
    vector<pair<int, size_t>> st{{root, 0}};
    vector<int> via{-1};
    while (!st.empty()) {
        auto &[u, k] = st.back();
        vector<int> a = nb(u);
        if (k == a.size()) { st.pop_back(); via.pop_back(); continue; }
        int v = a[k++];
        if (seen[v] == stampv) continue;
        seen[v] = stampv;
        if (mate[v] == -1) {
            int take = v;
            for (int i = (int)st.size() - 1; i >= 0; --i) {
                int x = st[i].first;
                mate[x] = take; mate[take] = x;
                take = via[i];
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
    mate.assign(n * m, -1);
    seen.assign(n * m, 0);
    for (int id = 0; id < n * m; ++id)
        if (g[id / m][id % m] == '.' && (id / m + id % m) % 2 == 0) augment(id);
    vector<int> win;
    for (int id = 0; id < n * m; ++id)
        if (g[id / m][id % m] == '.' && mate[id] == -1) win.push_back(id);
    if (win.empty()) { puts("LOSE"); return 0; }
    puts("WIN");
    for (int id : win) printf("%d %d\n", id / m + 1, id % m + 1);
}
