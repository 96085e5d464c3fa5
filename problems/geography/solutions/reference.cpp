// Reference solution of problem `geography` (writes the jury answers).
//
// First wins from a left vertex s iff every maximum matching covers s. So:
//   1. one maximum matching: Hopcroft-Karp phases (BFS layers, then disjoint augmenting paths
//      along them) after a greedy initial matching;
//      the layered search is an explicit stack (no recursion: paths can be 10^5 long and
//      submissions run under an 8 MiB stack);
//   2. alternating BFS from every unmatched left vertex: left -> right along any edge (the
//      matching edge of a left vertex only leads back to it), right -> left along the matching
//      edge. s is `Second` iff it is unmatched or reached (an even alternating path from an
//      unmatched left vertex ends at s, so swapping along it gives a maximum matching without s).
// Input is read whole with fread and parsed by hand; the answer is written as one buffer.
// The input is trusted (the validator checks it); vertices are 1-based, 0 means "none".
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

std::vector<char> in;
size_t pos = 0;

long long next_int() {
    while (pos < in.size() && (in[pos] < '0' || in[pos] > '9')) pos++;
    long long x = 0;
    while (pos < in.size() && in[pos] >= '0' && in[pos] <= '9') x = x * 10 + (in[pos++] - '0');
    return x;
}

}  // namespace

int main() {
    {
        char chunk[1 << 16];
        size_t got;
        while ((got = std::fread(chunk, 1, sizeof chunk, stdin)) > 0)
            in.insert(in.end(), chunk, chunk + got);
    }
    const int L = (int)next_int(), R = (int)next_int(), E = (int)next_int();
    std::vector<int> eu(E), ev(E), start(L + 2, 0), adj(E);
    for (int i = 0; i < E; i++) {
        eu[i] = (int)next_int();
        ev[i] = (int)next_int();
        start[eu[i] + 1]++;
    }
    for (int u = 1; u <= L + 1; u++) start[u] += start[u - 1];
    {
        std::vector<int> fill(start.begin(), start.end());
        for (int i = 0; i < E; i++) adj[fill[eu[i]]++] = ev[i];
    }
    // adj[start[u] .. start[u+1]) are the right neighbours of left vertex u.

    std::vector<int> mateL(L + 1, 0), mateR(R + 1, 0);
    for (int u = 1; u <= L; u++) {
        for (int k = start[u]; k < start[u + 1]; k++) {
            if (mateR[adj[k]] == 0) {
                mateL[u] = adj[k];
                mateR[adj[k]] = u;
                break;
            }
        }
    }

    const int INF = 1 << 30;
    std::vector<int> dist(L + 1), queue(L + 1), it(L + 1), stack;
    stack.reserve(L + 1);
    for (;;) {
        // BFS layers from the free left vertices. All layers are built and an augmenting path
        // may end at any free right vertex (not only at the shortest distance): on long
        // paths this needs far fewer phases than the strict shortest-path rule.
        int head = 0, tail = 0;
        bool found = false;
        for (int u = 1; u <= L; u++) {
            if (mateL[u] == 0) {
                dist[u] = 0;
                queue[tail++] = u;
            } else {
                dist[u] = INF;
            }
        }
        while (head < tail) {
            const int u = queue[head++];
            for (int k = start[u]; k < start[u + 1]; k++) {
                const int w = mateR[adj[k]];
                if (w == 0) {
                    found = true;
                } else if (dist[w] == INF) {
                    dist[w] = dist[u] + 1;
                    queue[tail++] = w;
                }
            }
        }
        if (!found) break;  // no augmenting path: the matching is maximum

        // Vertex-disjoint augmenting paths along the layers, each found by an explicit-stack DFS along
        // the layers. it[u] is the edge u is trying; a dead vertex gets dist = INF.
        for (int u = 1; u <= L; u++) it[u] = start[u];
        for (int s = 1; s <= L; s++) {
            if (mateL[s] != 0 || dist[s] != 0) continue;
            stack.clear();
            stack.push_back(s);
            bool augmented = false;
            while (!stack.empty() && !augmented) {
                const int u = stack.back();
                bool pushed = false;
                while (it[u] < start[u + 1]) {
                    const int v = adj[it[u]];
                    const int w = mateR[v];
                    if (w == 0) {
                        augmented = true;
                        break;
                    } else if (dist[w] == dist[u] + 1) {
                        stack.push_back(w);
                        pushed = true;
                        break;
                    }
                    it[u]++;
                }
                if (augmented || pushed) continue;
                dist[u] = INF;  // dead end for the rest of this phase
                stack.pop_back();
                if (!stack.empty()) it[stack.back()]++;
            }
            if (augmented) {
                for (int u : stack) {
                    const int v = adj[it[u]];
                    mateL[u] = v;
                    mateR[v] = u;
                    dist[u] = INF;  // used by this phase's path
                }
            }
        }
    }

    // Alternating BFS from the unmatched left vertices.
    std::vector<char> second(L + 1, 0);
    int head = 0, tail = 0;
    for (int u = 1; u <= L; u++) {
        if (mateL[u] == 0) {
            second[u] = 1;
            queue[tail++] = u;
        }
    }
    while (head < tail) {
        const int u = queue[head++];
        for (int k = start[u]; k < start[u + 1]; k++) {
            const int w = mateR[adj[k]];  // never 0: the matching is maximum
            if (w != 0 && !second[w]) {
                second[w] = 1;
                queue[tail++] = w;
            }
        }
    }

    std::vector<char> out;
    out.reserve((size_t)L * 7);
    for (int u = 1; u <= L; u++) {
        const char* word = second[u] ? "Second\n" : "First\n";
        for (const char* p = word; *p; p++) out.push_back(*p);
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
