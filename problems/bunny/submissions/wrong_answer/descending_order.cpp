// Expected: wrong_answer. Mistake: the mistakes are printed in decreasing order. Walking the
// positions in reverse time, the program notes Bunny's move i as soon as both of its positions
// are known and prints them in the order found, last move first; the statement wants them in
// increasing order and the checker compares the sequence. Only records with two or more
// mistakes fail. Otherwise this is a correct reverse-time solution (cells added back from the
// last position to the first, a win iff adding the token's cell lets the matching grow).
#include <cstdio>
#include <vector>

static int rows, cols;
static std::vector<int> match_of, seen_at;
static std::vector<char> on;
static int round_id = 0;

// Simple augmenting path from cell a (recursive); true when the matching grew.
static bool grow(int a) {
    const int r = a / cols, c = a % cols;
    const int nb[4] = {c + 1 < cols ? a + 1 : -1, c > 0 ? a - 1 : -1,
                       r + 1 < rows ? a + cols : -1, r > 0 ? a - cols : -1};
    for (int b : nb) {
        if (b < 0 || !on[b] || seen_at[b] == round_id) continue;
        seen_at[b] = round_id;
        if (match_of[b] < 0 || grow(match_of[b])) {
            match_of[b] = a;
            match_of[a] = b;
            return true;
        }
    }
    return false;
}

int main() {
    if (scanf("%d %d", &rows, &cols) != 2) return 0;
    const int cells = rows * cols;
    std::vector<char> piece(cells);
    int start = 0;
    static char buf[64];
    for (int r = 0; r < rows; ++r) {
        scanf("%s", buf);
        for (int c = 0; c < cols; ++c) {
            piece[r * cols + c] = buf[c];
            if (buf[c] == '.') start = r * cols + c;
        }
    }
    int k;
    scanf("%d", &k);
    std::vector<int> at(2 * k + 1);
    at[0] = start;
    for (int t = 1; t <= 2 * k; ++t) {
        int x, y;
        scanf("%d %d", &x, &y);
        at[t] = (x - 1) * cols + (y - 1);
    }
    on.assign(cells, 0);
    const int sp = (start / cols + start % cols) % 2;
    for (int v = 0; v < cells; ++v) {
        const int p = (v / cols + v % cols) % 2;
        on[v] = v == start || (p == sp && piece[v] == 'X') || (p != sp && piece[v] == 'O');
    }
    // Leave out every cell the token visits, match the rest, then add the visited cells back
    // from the last position to the first.
    for (int t = 0; t <= 2 * k; ++t) on[at[t]] = 0;
    match_of.assign(cells, -1);
    seen_at.assign(cells, 0);
    for (int v = 0; v < cells; ++v)
        if (on[v] && match_of[v] < 0) {
            ++round_id;
            grow(v);
        }
    std::vector<char> wins(2 * k + 1, 0);
    std::vector<int> found;
    for (int t = 2 * k; t >= 0; --t) {
        on[at[t]] = 1;
        ++round_id;
        seen_at[at[t]] = round_id;
        wins[t] = grow(at[t]);
        // Bunny's i-th move is mistake when positions 2i-2 and 2i-1 are both wins.
        if (t % 2 == 0 && t < 2 * k && wins[t] && wins[t + 1]) found.push_back(t / 2 + 1);
    }
    printf("%d\n", (int)found.size());
    for (int i : found) printf("%d\n", i);
}
