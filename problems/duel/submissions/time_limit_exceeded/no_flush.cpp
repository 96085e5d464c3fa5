// duel: writes its start with '\n' but never flushes, then waits for B's move. The message
// stays in its buffer, the judge waits for it, it waits for the judge: a deadlock. Expected:
// TIME LIMIT EXCEEDED (by wall time) on every test whose board has a free cell.
#include <cstdio>
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    static char row[128];
    int s = -1;
    for (int r = 0; r < n; r++) {
        scanf("%127s", row);
        for (int c = 0; c < m && s < 0; c++)
            if (row[c] == '.') s = r * m + c;
    }
    if (s < 0) { printf("LOSE\n"); return 0; }
    setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
    printf("START %d %d\n", s / m + 1, s % m + 1);
    int r, c;
    while (scanf("%d %d", &r, &c) == 2 && r != 0) printf("%d %d\n", r, c);
}
