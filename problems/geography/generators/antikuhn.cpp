// Generator `antikuhn K D M SEED`: the test against plain Kuhn (one DFS per left vertex in
// index order, visited marks reset before every DFS, no greedy start, no other heuristic).
//
// Construction: a "trap" of left vertices 1..K and right vertices 1..K with a hidden perfect
// matching (left i -- right sigma(i)) and D-1 further distinct random edges per trap left
// vertex (D in total), then M "hopeless" left vertices K+1..K+M, each joined to one random
// trap right vertex. Kuhn matches the trap first (it comes first in index order); after that
// every right vertex is matched, so each of the M later DFSs fails -- and a failing DFS only
// stops once it has visited everything alternating paths reach from its start, which in a
// random trap of average degree D >= 3 is almost the whole trap: about K*D edges. Total work
// M * K * D, about 10^10 for K = 1000, D = 100, M = 99000, while Hopcroft-Karp (all free
// vertices searched in one BFS per phase) or Kuhn that keeps its visited marks after a failed
// search stay near linear. Every left vertex is `Second` (the M hopeless vertices are
// unmatched, and alternating paths from them reach every trap left vertex).
// Right labels are shuffled and the trap's edges listed in random order; left labels are not
// (the index order is the point). Needs D <= K, K + M <= 100000, K*D + M <= 200000.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <vector>

namespace {

struct SplitMix64 {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t n) { return next() % n; }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: antikuhn K D M SEED\n");
        return 1;
    }
    const long long K = std::atoll(argv[1]), D = std::atoll(argv[2]), M = std::atoll(argv[3]);
    const uint64_t seed = std::strtoull(argv[4], nullptr, 10);
    if (K < 1 || D < 1 || D > K || M < 0 || K + M > 100000 || K * D + M > 200000) {
        std::fprintf(stderr, "antikuhn: need 1 <= D <= K, M >= 0, K+M <= 100000, K*D+M <= 200000\n");
        return 1;
    }
    SplitMix64 rng{seed ^ 0xbb67ae8584caa73bULL ^ (uint64_t)K << 40 ^ (uint64_t)D << 20 ^ (uint64_t)M};
    std::vector<int> sigma(K);
    for (int i = 0; i < K; i++) sigma[i] = i + 1;
    for (int i = (int)K - 1; i > 0; i--) std::swap(sigma[i], sigma[rng.below(i + 1)]);

    std::vector<std::pair<int, int>> trap;
    trap.reserve(K * D);
    std::unordered_set<long long> seen;  // membership only
    for (int u = 1; u <= K; u++) {
        seen.clear();
        trap.push_back({u, sigma[u - 1]});
        seen.insert(sigma[u - 1]);
        while ((long long)seen.size() < D) {
            const int v = (int)rng.below(K) + 1;
            if (seen.insert(v).second) trap.push_back({u, v});
        }
    }
    for (size_t i = trap.size(); i > 1; i--) std::swap(trap[i - 1], trap[rng.below(i)]);

    std::string out = std::to_string(K + M) + " " + std::to_string(K) + " " +
                      std::to_string(K * D + M) + "\n";
    for (auto& e : trap) {
        out += std::to_string(e.first);
        out += ' ';
        out += std::to_string(e.second);
        out += '\n';
    }
    for (long long u = K + 1; u <= K + M; u++) {
        out += std::to_string(u);
        out += ' ';
        out += std::to_string(rng.below(K) + 1);
        out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
