// Expected: accepted. Kuhn's algorithm with the two usual heuristics, iterative: a greedy
// start, then rounds in which every free left vertex gets one augmenting-path DFS, and the
// visited marks are cleared once per round instead of before every DFS; rounds repeat until
// one finds no path. A failed DFS leaves its region marked, so the next failing DFSs of the
// round stop at once: the antikuhn trap is explored once per round, not once per hopeless
// vertex. (Not O(E sqrt V) in theory, but fast on every test here; see README.md.)
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int L, R, E;
    cin >> L >> R >> E;
    vector<vector<int>> g(L + 1);
    for (int i = 0; i < E; i++) {
        int u, v;
        cin >> u >> v;
        g[u].push_back(v);
    }
    vector<int> ml(L + 1, 0), mr(R + 1, 0), used(L + 1, 0), it(L + 1, 0), via(L + 1, 0);
    // Greedy start: every left vertex takes its first free neighbour.
    for (int u = 1; u <= L; u++)
        for (int v : g[u])
            if (mr[v] == 0) {
                ml[u] = v, mr[v] = u;
                break;
            }
    vector<int> st;
    int phase = 0;
    bool changed = true;
    while (changed) {
      changed = false;
      phase++;  // the visited marks are cleared once per round, not once per search
      for (int s = 1; s <= L; s++) {
        if (ml[s] != 0 || used[s] == phase) continue;
        // try_kuhn(s), iteratively: stack of left vertices; it[u] = next edge of u.
        st.assign(1, s);
        used[s] = phase, it[s] = 0;
        bool ok = false;
        while (!st.empty() && !ok) {
            int u = st.back();
            if (it[u] == (int)g[u].size()) {
                st.pop_back();
                continue;
            }
            int v = g[u][it[u]++];
            int w = mr[v];
            if (w == 0) {
                ok = true;
                // st[i] takes the right vertex through which st[i+1] was entered; the top takes v.
                for (size_t i = st.size(); i-- > 0;) {
                    int x = st[i], y = i + 1 < st.size() ? via[st[i + 1]] : v;
                    ml[x] = y, mr[y] = x;
                }
            } else if (used[w] != phase) {
                used[w] = phase, it[w] = 0, via[w] = v;
                st.push_back(w);
            }
        }
        changed |= ok;
      }
    }
    vector<char> second(L + 1, 0);
    vector<int> q;
    for (int u = 1; u <= L; u++)
        if (ml[u] == 0) second[u] = 1, q.push_back(u);
    for (size_t h = 0; h < q.size(); h++)
        for (int v : g[q[h]]) {
            int w = mr[v];
            if (w != 0 && !second[w]) second[w] = 1, q.push_back(w);
        }
    string out;
    for (int u = 1; u <= L; u++) out += second[u] ? "Second\n" : "First\n";
    cout << out;
}
