// Expected: wrong_answer. Mistake: forward in time, the token's cell counts as a win whenever
// the current matching covers it, and it is then deleted without trying to re-augment from its
// former partner, so the matching is soon no longer maximum.
#include <cstdio>
#include <vector>
#include <string>
#include <iostream>

int n, m;
std::vector<int> mate, seen;
std::vector<char> active;
int stamp = 0;

bool augment(int v) {
    const int r = v / m, c = v % m;
    const int nb[4] = {r > 0 ? v - m : -1, r + 1 < n ? v + m : -1, c > 0 ? v - 1 : -1,
                       c + 1 < m ? v + 1 : -1};
    for (int u : nb) {
        if (u < 0 || !active[u] || seen[u] == stamp) continue;
        seen[u] = stamp;
        if (mate[u] < 0 || augment(mate[u])) {
            mate[u] = v;
            mate[v] = u;
            return true;
        }
    }
    return false;
}

int main() {
    std::ios::sync_with_stdio(false);
    if (!(std::cin >> n >> m)) return 0;
    std::vector<std::string> g(n);
    for (auto &row : g) std::cin >> row;
    int k;
    std::cin >> k;
    std::vector<int> pos(2 * k + 1);
    int start = 0;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c)
            if (g[r][c] == '.') start = r * m + c;
    pos[0] = start;
    for (int t = 1; t <= 2 * k; ++t) {
        int x, y;
        std::cin >> x >> y;
        pos[t] = (x - 1) * m + (y - 1);
    }
    const int V = n * m, sp = (start / m + start % m) % 2;
    active.assign(V, 0);
    for (int v = 0; v < V; ++v) {
        const char ch = g[v / m][v % m];
        const int p = (v / m + v % m) % 2;
        active[v] = (v == start) || (p == sp && ch == 'X') || (p != sp && ch == 'O');
    }
    mate.assign(V, -1);
    seen.assign(V, 0);
    for (int v = 0; v < V; ++v)
        if (active[v] && (v / m + v % m) % 2 == 0 && mate[v] < 0) {
            ++stamp;
            augment(v);
        }
    std::vector<char> win(2 * k + 1);
    for (int t = 0; t <= 2 * k; ++t) {
        const int v = pos[t];
        win[t] = mate[v] >= 0;
        if (mate[v] >= 0) mate[mate[v]] = -1;
        mate[v] = -1;
        active[v] = 0;
    }
    std::vector<int> mistakes;
    for (int i = 1; i <= k; ++i)
        if (win[2 * i - 2] && win[2 * i - 1]) mistakes.push_back(i);
    std::printf("%d\n", (int)mistakes.size());
    for (int i : mistakes) std::printf("%d\n", i);
}
