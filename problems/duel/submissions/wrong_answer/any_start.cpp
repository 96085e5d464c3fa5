// duel: starts on the first free cell (row-major) and then plays any legal move (the first
// of up, left, right, down). Expected: WRONG ANSWER: it never says LOSE, so it loses on every
// board with a perfect matching, and B punishes its aimless play elsewhere.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    cin >> n >> m;
    vector<string> g(n);
    for (auto& row : g) cin >> row;
    int s = 0;
    while (s < n * m && g[s / m][s % m] != '.') s++;
    if (s == n * m) { cout << "LOSE" << endl; return 0; }
    g[s / m][s % m] = 'v';
    cout << "START " << s / m + 1 << ' ' << s % m + 1 << endl;
    int r, c, dr[] = {-1, 0, 0, 1}, dc[] = {0, -1, 1, 0};
    while (cin >> r >> c && r != 0) {
        r--, c--;
        g[r][c] = 'v';
        int d = 0;
        for (; d < 4; d++) {
            int rr = r + dr[d], cc = c + dc[d];
            if (rr >= 0 && rr < n && cc >= 0 && cc < m && g[rr][cc] == '.') break;
        }
        if (d == 4) { cout << "0 0" << endl; return 0; }
        r += dr[d], c += dc[d];
        g[r][c] = 'v';
        cout << r + 1 << ' ' << c + 1 << endl;
    }
}
