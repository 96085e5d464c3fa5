// Generator `random L R E SEED`: a uniformly random bipartite graph with L left vertices,
// R right vertices and exactly E distinct edges, listed in random order.
// Needs 1 <= L, R <= 100000, 0 <= E <= min(200000, L*R). Dense requests (E > L*R/2) are
// drawn as the complement of a random sparse set, so any E up to L*R is fast.
// Deterministic: a splitmix64 stream seeded from SEED and the sizes (no std:: distributions).
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
    // Uniform enough in [0, n) for n < 2^40 (modulo bias below 2^-24).
    uint64_t below(uint64_t n) { return next() % n; }
};

long long arg(const char* s, const char* name) {
    char* end = nullptr;
    long long v = std::strtoll(s, &end, 10);
    if (*s == '\0' || *end != '\0') {
        std::fprintf(stderr, "random: %s must be an integer, got `%s`\n", name, s);
        std::exit(1);
    }
    return v;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: random L R E SEED\n");
        return 1;
    }
    const long long L = arg(argv[1], "L"), R = arg(argv[2], "R"), E = arg(argv[3], "E");
    const long long seed = arg(argv[4], "SEED");
    if (L < 1 || L > 100000 || R < 1 || R > 100000 || E < 0 || E > 200000 || E > L * R) {
        std::fprintf(stderr, "random: need 1 <= L, R <= 100000 and 0 <= E <= min(200000, L*R)\n");
        return 1;
    }
    SplitMix64 rng{(uint64_t)seed * 0x100000001b3ULL ^ (uint64_t)L << 40 ^ (uint64_t)R << 20 ^
                   (uint64_t)E};
    const long long total = L * R;
    const bool complement = E > total / 2;
    const long long draw = complement ? total - E : E;  // how many pairs to draw
    std::vector<long long> picked;                       // pair id = (u-1)*R + (v-1)
    picked.reserve(draw);
    std::unordered_set<long long> seen;                  // membership only, never iterated
    seen.reserve(draw * 2 + 1);
    while ((long long)picked.size() < draw) {
        const long long id = (long long)rng.below((uint64_t)total);
        if (seen.insert(id).second) picked.push_back(id);
    }
    std::vector<long long> edges;
    if (complement) {  // total <= 2E <= 400000 here
        edges.reserve(E);
        for (long long id = 0; id < total; id++)
            if (!seen.count(id)) edges.push_back(id);
    } else {
        edges.swap(picked);
    }
    for (long long i = (long long)edges.size() - 1; i > 0; i--) {
        const long long j = (long long)rng.below((uint64_t)i + 1);
        std::swap(edges[i], edges[j]);
    }
    std::string out = std::to_string(L) + " " + std::to_string(R) + " " + std::to_string(E) + "\n";
    for (long long id : edges) {
        out += std::to_string(id / R + 1);
        out += ' ';
        out += std::to_string(id % R + 1);
        out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
