// duel: starts on the first free cell and answers B's first move by moving the token back to
// its start cell, which is already visited. Expected: WRONG ANSWER (illegal move) on every
// board where B can move at all; AC only where B has no first move.
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
    cout << "START " << s / m + 1 << ' ' << s % m + 1 << endl;
    int r, c;
    if (cin >> r >> c && r != 0) cout << s / m + 1 << ' ' << s % m + 1 << endl;
}
