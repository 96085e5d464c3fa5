// C++ peer of `gridjudge solve game --no-limits`, for benches/peers.rs only (not a submission).
//
// A plain, well-written iterative Hopcroft-Karp on the grid itself:
// * the whole input read at once (fstat + fread), the maze copied onto a board with a border of
//   walls and an odd row width, so the neighbours of cell x are x-W, x-1, x+1, x+W without
//   bounds checks and the chessboard colour of x is x % 2 (left side = even cells);
// * greedy start: every free left cell, in board order, takes its first unmatched neighbour;
// * one round per phase: a breadth-first search from the free left cells builds the layers up
//   to the shortest augmenting-path length, then iterative depth-first searches along the
//   layers (a direction pointer per left cell) flip a maximal set of vertex-disjoint shortest
//   augmenting paths;
// * the answer: every free cell reached from an unmatched cell of its own side by an even
//   alternating path, one breadth-first search per side; written row-major through a 64 KiB
//   buffer with the column numbers' digits precomputed.
// Prints the number of phases on stderr ("phases N").
//
// Build: g++ -O2 -o game_hk game_hk.cpp
#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef uint32_t u32;
static const u32 NONE = 0xFFFFFFFFu;
static const u32 WALLC = 0xFFFFFFFEu;  // mate value of a wall / border cell

static void die(const char* msg) {
    fprintf(stderr, "%s\n", msg);
    exit(1);
}

int main() {
    // Read all of stdin.
    struct stat st;
    size_t cap = (fstat(0, &st) == 0 && S_ISREG(st.st_mode)) ? (size_t)st.st_size + 1 : 1 << 20;
    char* in = (char*)malloc(cap);
    size_t len = 0;
    for (;;) {
        if (len == cap) {
            cap *= 2;
            in = (char*)realloc(in, cap);
        }
        size_t got = fread(in + len, 1, cap - len, stdin);
        if (got == 0) break;
        len += got;
    }
    size_t p = 0;
    auto read_int = [&]() {
        long v = 0;
        while (p < len && (in[p] < '0' || in[p] > '9')) p++;
        while (p < len && in[p] >= '0' && in[p] <= '9') v = v * 10 + (in[p++] - '0');
        return v;
    };
    const long n = read_int(), m = read_int();
    if (n <= 0 || m <= 0) die("bad size");
    const size_t W = (size_t)(m + 2) | 1, total = (size_t)(n + 2) * W;
    std::vector<u32> mate(total, WALLC);
    for (long r = 0; r < n; r++) {
        while (p < len && in[p] != '.' && in[p] != '#') p++;
        if (p + m > len) die("short input");
        u32* row = &mate[(r + 1) * W + 1];
        for (long c = 0; c < m; c++) row[c] = in[p + c] == '.' ? NONE : WALLC;
        p += m;
    }
    free(in);
    const long off[4] = {-(long)W, -1, 1, (long)W};

    // Start matching.
#ifdef PEER_FULL
    // Karp-Sipser: a cell with exactly one unmatched neighbour takes it (never loses
    // optimality); only when none is left, the next unmatched cell in board order takes its
    // first unmatched neighbour. Degrees are counted when needed.
    {
        auto degree = [&](size_t x, int* first) {
            int count = 0;
            for (int d = 3; d >= 0; d--)
                if (mate[x + off[d]] == NONE) {
                    count++;
                    *first = d;
                }
            return count;
        };
        std::vector<u32> ones;
        auto pair = [&](size_t x, int d) {
            size_t y = x + off[d];
            mate[x] = (u32)y;
            mate[y] = (u32)x;
            size_t ends[2] = {x, y};
            for (size_t z : ends)
                for (int e = 0; e < 4; e++) {
                    size_t t = z + off[e];
                    int f;
                    if (mate[t] == NONE && degree(t, &f) == 1) ones.push_back((u32)t);
                }
        };
        for (int greedy = 0; greedy < 2; greedy++)
            for (size_t x = W; x < total - W; x++) {
                int d = 0;
                if (mate[x] == NONE) {
                    int count = degree(x, &d);
                    if (count == 1 || (greedy && count > 0)) pair(x, d);
                }
                while (!ones.empty()) {
                    size_t v = ones.back();
                    ones.pop_back();
                    if (mate[v] == NONE && degree(v, &d) == 1) pair(v, d);
                }
            }
    }
#else
    // Greedy: every free left cell, in board order, takes its first unmatched neighbour.
    for (size_t x = (W + 1) & ~(size_t)1; x < total - W; x += 2) {
        if (mate[x] == NONE)
            for (int d = 0; d < 4; d++) {
                size_t y = x + off[d];
                if (mate[y] == NONE) {
                    mate[x] = (u32)y;
                    mate[y] = (u32)x;
                    break;
                }
            }
    }
#endif

    // Hopcroft-Karp phases. dist and ptr are per left cell (index x / 2).
    const u32 INF = 0xFFFFFFFFu;
    std::vector<u32> dist(total / 2 + 1, INF);
    std::vector<unsigned char> ptr(total / 2 + 1, 0);
    std::vector<u32> queue, roots, stack;
    queue.reserve(total / 4);
    for (size_t x = 0; x < total; x += 2)
        if (mate[x] == NONE) roots.push_back((u32)x);
#ifdef PEER_FULL
    // Pruning (at phases 0, 1, 2, 4, 8, ...): left cells reachable from a free left cell (F,
    // the full layering) but with no alternating path to a free right cell (C) can never lie
    // on an augmenting path again; they are marked dead (ptr bit 0x80) and skipped.
    const unsigned char DEAD = 0x80, IN_C = 0x40, PTRM = 0x0F;
    std::vector<u32> ends;
    for (size_t x = 1; x < total; x += 2)
        if (mate[x] == NONE) ends.push_back((u32)x);
#else
    const unsigned char DEAD = 0x80, PTRM = 0xFF;
#endif
    long phases = 0;
    for (;;) {
#ifdef PEER_FULL
        const bool full = phases == 0 || (phases & (phases - 1)) == 0;
#else
        const bool full = false;
#endif
        for (u32 u : queue) dist[u / 2] = INF;
        queue.clear();
        size_t kept = 0;
        for (u32 u : roots)
            if (mate[u] == NONE && !(ptr[u / 2] & DEAD)) roots[kept++] = u;
        roots.resize(kept);
        for (u32 u : roots) {
            dist[u / 2] = 0;
            queue.push_back(u);
        }
        u32 limit = INF;
        for (size_t head = 0; head < queue.size(); head++) {
            u32 u = queue[head];
            u32 du = dist[u / 2];
            if (du >= limit && !full) break;
            for (int d = 0; d < 4; d++) {
                u32 w = (u32)(u + off[d]);
                u32 x = mate[w];
                if (x == WALLC) continue;
                if (x == NONE) {
                    if (du + 1 < limit) limit = du + 1;
                } else if (dist[x / 2] == INF && !(ptr[x / 2] & DEAD)) {
                    dist[x / 2] = du + 1;
                    queue.push_back(x);
                }
            }
        }
        if (limit == INF) break;
#ifdef PEER_FULL
        if (full) {
            size_t kept_ends = 0;
            for (u32 w : ends) {
                if (mate[w] != NONE) continue;
                bool near_f = false;
                for (int d = 0; d < 4; d++) {
                    u32 z = (u32)(w + off[d]);
                    near_f |= mate[z] != WALLC && dist[z / 2] != INF;
                }
                if (near_f) ends[kept_ends++] = w;
            }
            ends.resize(kept_ends);
            stack.clear();
            for (u32 w : ends)
                for (int d = 0; d < 4; d++) {
                    u32 z = (u32)(w + off[d]);
                    if (mate[z] != WALLC && dist[z / 2] != INF && !(ptr[z / 2] & IN_C)) {
                        ptr[z / 2] |= IN_C;
                        stack.push_back(z);
                    }
                }
            for (size_t head = 0; head < stack.size(); head++) {
                u32 r = mate[stack[head]];
                if (r == NONE) continue;
                for (int d = 0; d < 4; d++) {
                    u32 y = (u32)(r + off[d]);
                    if (mate[y] != WALLC && dist[y / 2] != INF && !(ptr[y / 2] & IN_C)) {
                        ptr[y / 2] |= IN_C;
                        stack.push_back(y);
                    }
                }
            }
            for (u32 u : queue)
                if (!(ptr[u / 2] & IN_C)) ptr[u / 2] |= DEAD;
            for (u32 z : stack) ptr[z / 2] &= ~IN_C;
        }
#endif
        phases++;
        for (u32 u : queue) ptr[u / 2] &= DEAD;
        for (u32 root : roots) {
            if (dist[root / 2] != 0 || (ptr[root / 2] & DEAD)) continue;
            stack.clear();
            stack.push_back(root);
            while (!stack.empty()) {
                u32 u = stack.back();
                u32 next = dist[u / 2] + 1;
                bool advanced = false;
                while ((ptr[u / 2] & PTRM) < 4) {
                    int d = ptr[u / 2] & PTRM;
                    ptr[u / 2]++;
                    u32 w = (u32)(u + off[d]);
                    u32 x = mate[w];
                    if (x == WALLC) continue;
                    if (x == NONE) {
                        if (next == limit) {
                            for (u32 s : stack) {
                                u32 t = (u32)(s + off[(ptr[s / 2] & PTRM) - 1]);
                                mate[s] = t;
                                mate[t] = s;
                                dist[s / 2] = INF;
                            }
                            stack.clear();
                            advanced = true;
                            break;
                        }
                    } else if (next < limit && dist[x / 2] == next && !(ptr[x / 2] & DEAD)) {
                        stack.push_back(x);
                        advanced = true;
                        break;
                    }
                }
                if (!advanced) {
                    dist[u / 2] = INF;
                    stack.pop_back();
                }
            }
        }
    }
    fprintf(stderr, "phases %ld\n", phases);
    std::vector<u32>().swap(dist);
    std::vector<unsigned char>().swap(ptr);
    std::vector<u32>().swap(roots);

    // Alternating reachability, one side at a time; reached cells marked in a byte array.
    std::vector<unsigned char> win(total, 0);
    for (size_t side = 0; side < 2; side++) {
        queue.clear();
        for (size_t x = side; x < total; x += 2)
            if (mate[x] == NONE) {
                win[x] = 1;
                queue.push_back((u32)x);
            }
        for (size_t head = 0; head < queue.size(); head++) {
            u32 x = queue[head];
            for (int d = 0; d < 4; d++) {
                u32 y = mate[x + off[d]];
                if (y == WALLC || y == NONE) continue;
                if (!win[y]) {
                    win[y] = 1;
                    queue.push_back(y);
                }
            }
        }
    }

    // Answer.
    bool any = false;
    for (size_t x = 0; x < total && !any; x++) any = win[x];
    if (!any) {
        fputs("LOSE\n", stdout);
        return 0;
    }
    std::vector<char> cols;
    std::vector<size_t> col_start;
    char tmp[32];
    for (long c = 1; c <= m; c++) {
        col_start.push_back(cols.size());
        int k = sprintf(tmp, "%ld\n", c);
        cols.insert(cols.end(), tmp, tmp + k);
    }
    col_start.push_back(cols.size());
    const size_t CHUNK = 1 << 16;
    std::vector<char> buf;
    buf.reserve(CHUNK + 64);
    buf.insert(buf.end(), "WIN\n", "WIN\n" + 4);
    for (long r = 0; r < n; r++) {
        int k = sprintf(tmp, "%ld ", r + 1);
        const unsigned char* row = &win[(r + 1) * W + 1];
        for (long c = 0; c < m; c++)
            if (row[c]) {
                buf.insert(buf.end(), tmp, tmp + k);
                buf.insert(buf.end(), &cols[col_start[c]], &cols[col_start[c + 1]]);
                if (buf.size() >= CHUNK) {
                    fwrite(buf.data(), 1, buf.size(), stdout);
                    buf.clear();
                }
            }
    }
    fwrite(buf.data(), 1, buf.size(), stdout);
    return 0;
}
