// Expected: time_limit_exceeded (the verdict the tests decide; see README.md). Plain Kuhn:
// no greedy start, one augmenting-path DFS per left vertex in index order, the visited marks
// (on left vertices, as in the textbook) cleared before every DFS (a timestamp, so clearing is
// O(1): the slowness is the algorithm's, not memset's). The DFS is an explicit stack, so it
// cannot overflow the 8 MiB stack; the alternating step afterwards is correct. O(V * E):
//   * antikuhn 1000 100 99000: the trap (1000 + 1000 vertices, 10^5 edges, perfectly
//     matched first) is explored in full by each of the 99000 failing DFSs: ~10^10 steps;
//   * chain 200000 left asc: left i tries the edge back towards the path's start first and
//     walks the whole prefix before taking its own right vertex: ~5 * 10^9 steps.
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
    vector<int> st;
    for (int s = 1; s <= L; s++) {
        // try_kuhn(s), iteratively: stack of left vertices; it[u] = next edge of u.
        st.assign(1, s);
        used[s] = s, it[s] = 0;
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
            } else if (used[w] != s) {
                used[w] = s, it[w] = 0, via[w] = v;
                st.push_back(w);
            }
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
