// Generator `chain N START ORDER SEED`: one simple path of N >= 2 vertices alternating between
// the sides, starting on side START (`left` or `right`), plus nothing else.
// ORDER:
//   asc      vertices numbered along the path (left 1, right 1, left 2, ... when START=left),
//            edges listed along the path; so left i lists its edge back towards the path's
//            start first. Plain Kuhn (one DFS per left vertex in index order) then walks the
//            whole prefix of the path for every vertex, O(N^2), with recursion N/2 deep.
//   desc     numbered from the other end of the path, edges listed from that end.
//   shuffle  both sides' labels and the edge order are random permutations (SEED).
// With N = 200000 this is the deep-recursion test: every alternating path search on it is
// 10^5 (left vertices) or 2*10^5 (all vertices) deep.
// Answers: an even N has a perfect matching (every left vertex `First`); an odd N that starts
// and ends on the left leaves one left vertex out, any of them (all `Second`); an odd N that
// starts on the right covers every left vertex (all `First`).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
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

void shuffle(std::vector<int>& a, SplitMix64& rng) {
    for (size_t i = a.size(); i > 1; i--) std::swap(a[i - 1], a[rng.below(i)]);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: chain N left|right asc|desc|shuffle SEED\n");
        return 1;
    }
    const long long n = std::atoll(argv[1]);
    const bool startLeft = std::strcmp(argv[2], "left") == 0;
    const std::string order = argv[3];
    const uint64_t seed = std::strtoull(argv[4], nullptr, 10);
    if (n < 2 || n > 200000 || (!startLeft && std::strcmp(argv[2], "right") != 0) ||
        (order != "asc" && order != "desc" && order != "shuffle")) {
        std::fprintf(stderr, "chain: need 2 <= N <= 200000, START left|right, ORDER asc|desc|shuffle\n");
        return 1;
    }
    // Path position p (0-based) is on the left iff (p even) == startLeft; it is the
    // (p/2 + 1)-th vertex of its side along the path.
    const int L = (int)(startLeft ? (n + 1) / 2 : n / 2);
    const int R = (int)(n - L);
    SplitMix64 rng{seed ^ 0x6a09e667f3bcc909ULL ^ (uint64_t)n << 32};
    std::vector<int> lab_l(L + 1), lab_r(R + 1);
    for (int i = 1; i <= L; i++) lab_l[i] = i;
    for (int i = 1; i <= R; i++) lab_r[i] = i;
    std::vector<int> edge_order(n - 1);
    for (long long i = 0; i < n - 1; i++) edge_order[i] = (int)i;
    if (order == "desc") {
        for (int i = 1; i <= L; i++) lab_l[i] = L + 1 - i;
        for (int i = 1; i <= R; i++) lab_r[i] = R + 1 - i;
        for (long long i = 0; i < n - 1; i++) edge_order[i] = (int)(n - 2 - i);
    } else if (order == "shuffle") {
        std::vector<int> a(lab_l.begin() + 1, lab_l.end()), b(lab_r.begin() + 1, lab_r.end());
        shuffle(a, rng);
        shuffle(b, rng);
        for (int i = 1; i <= L; i++) lab_l[i] = a[i - 1];
        for (int i = 1; i <= R; i++) lab_r[i] = b[i - 1];
        shuffle(edge_order, rng);
    }
    std::string out = std::to_string(L) + " " + std::to_string(R) + " " + std::to_string(n - 1) + "\n";
    for (int e : edge_order) {
        // Edge e joins path positions e and e+1.
        const long long a = e, b = e + 1;
        const long long lp = ((a % 2 == 0) == startLeft) ? a : b;
        const long long rp = lp == a ? b : a;
        out += std::to_string(lab_l[lp / 2 + 1]);
        out += ' ';
        out += std::to_string(lab_r[rp / 2 + 1]);
        out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
