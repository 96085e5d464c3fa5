// duel: a plausible heuristic. Starts on the free cell with the fewest free neighbours
// (a dead end looks good for A) and always moves to the neighbour with the fewest onward
// moves (first of up, left, right, down on ties). Expected: WRONG ANSWER: it never says LOSE,
// and the fewest-onward-moves rule walks into positions that B then wins.
#include <bits/stdc++.h>
using namespace std;
int n, m;
vector<string> g;
int dr[] = {-1, 0, 0, 1}, dc[] = {0, -1, 1, 0};
bool open_(int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && g[r][c] == '.'; }
int degree(int r, int c) {
    int k = 0;
    for (int d = 0; d < 4; d++) k += open_(r + dr[d], c + dc[d]);
    return k;
}
int main() {
    cin >> n >> m;
    g.resize(n);
    for (auto& row : g) cin >> row;
    int best = -1;
    for (int v = 0; v < n * m; v++)
        if (g[v / m][v % m] == '.' && (best < 0 || degree(v / m, v % m) < degree(best / m, best % m))) best = v;
    if (best < 0) { cout << "LOSE" << endl; return 0; }
    g[best / m][best % m] = 'v';
    cout << "START " << best / m + 1 << ' ' << best % m + 1 << endl;
    int r, c;
    while (cin >> r >> c && r != 0) {
        r--, c--;
        g[r][c] = 'v';
        int pick = -1, fewest = 5;
        for (int d = 0; d < 4; d++) {
            int rr = r + dr[d], cc = c + dc[d];
            if (open_(rr, cc) && degree(rr, cc) < fewest) fewest = degree(rr, cc), pick = d;
        }
        if (pick < 0) { cout << "0 0" << endl; return 0; }
        r += dr[pick], c += dc[pick];
        g[r][c] = 'v';
        cout << r + 1 << ' ' << c + 1 << endl;
    }
}
