// Expected: run_time_error. Mistake: the positions are stored in an array sized for the
// statement's k <= 1000 rather than for the 2k + 1 positions of the game; checked access makes
// the overflow a crash on the long games (k > 500) instead of silent corruption. The rest is
// the accepted reverse-time solution.
#include <cstdio>
#include <vector>
#include <string>
#include <iostream>
#include <array>

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
    std::array<int, 1001> pos{};
    int start = 0;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < m; ++c)
            if (g[r][c] == '.') start = r * m + c;
    pos[0] = start;
    for (int t = 1; t <= 2 * k; ++t) {
        int x, y;
        std::cin >> x >> y;
        pos.at(t) = (x - 1) * m + (y - 1);
    }
    const int V = n * m, sp = (start / m + start % m) % 2;
    active.assign(V, 0);
    for (int v = 0; v < V; ++v) {
        const char ch = g[v / m][v % m];
        const int p = (v / m + v % m) % 2;
        active[v] = (v == start) || (p == sp && ch == 'X') || (p != sp && ch == 'O');
    }
    for (int t = 0; t <= 2 * k; ++t) active[pos[t]] = 0;
    mate.assign(V, -1);
    seen.assign(V, 0);
    for (int v = 0; v < V; ++v)
        if (active[v] && (v / m + v % m) % 2 == 0 && mate[v] < 0) {
            ++stamp;
            augment(v);
        }
    std::vector<char> win(2 * k + 1);
    for (int t = 2 * k; t >= 0; --t) {
        active[pos[t]] = 1;
        ++stamp;
        seen[pos[t]] = stamp;
        win[t] = augment(pos[t]);
    }
    std::vector<int> mistakes;
    for (int i = 1; i <= k; ++i)
        if (win[2 * i - 2] && win[2 * i - 1]) mistakes.push_back(i);
    std::printf("%d\n", (int)mistakes.size());
    for (int i : mistakes) std::printf("%d\n", i);
}
