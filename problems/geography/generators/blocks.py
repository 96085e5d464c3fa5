#!/usr/bin/env python3
"""Generator `blocks L R EMAX AMAX BMAX ISOLATED_PERCENT SEED`: disjoint complete bipartite
blocks K(a, b), plus isolated vertices.

Blocks are drawn one after another, a in [1, AMAX] left and b in [1, BMAX] right vertices
(cut to what is left), as long as their a*b edges fit in EMAX; about ISOLATED_PERCENT percent
of each side is kept apart first and stays isolated, and so does whatever the blocks do not
use. Labels of both sides and the edge order are shuffled.
Answers: in K(a, b) every left vertex is `First` iff a <= b (a maximum matching then covers
the whole left side), else every one is `Second`; isolated left vertices are `Second`.
So blocks with a < b, a = b and a > b side by side separate left/right confusions, searches
from the wrong side, and the isolated-vertex slips.

Deterministic: a splitmix64 stream in pure Python (no `random` helpers).
"""
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.s = seed & MASK

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def shuffle(self, a):
        for i in range(len(a) - 1, 0, -1):
            j = self.below(i + 1)
            a[i], a[j] = a[j], a[i]


def main():
    if len(sys.argv) != 8:
        sys.exit("usage: blocks L R EMAX AMAX BMAX ISOLATED_PERCENT SEED")
    L, R, emax, amax, bmax, iso, seed = (int(x) for x in sys.argv[1:])
    if not (1 <= L <= 100000 and 1 <= R <= 100000 and 0 <= emax <= 200000
            and amax >= 1 and bmax >= 1 and 0 <= iso <= 100):
        sys.exit("blocks: need 1 <= L, R <= 100000, 0 <= EMAX <= 200000, AMAX, BMAX >= 1")
    rng = SplitMix64(seed * 2654435761 + L * 40503 + R * 9973 + emax)
    free_l = L - L * iso // 100
    free_r = R - R * iso // 100
    nl = nr = 0  # vertices used so far, numbered 1.. in each side before relabelling
    edges = []
    while free_l - nl > 0 and free_r - nr > 0:
        a = min(rng.below(amax) + 1, free_l - nl)
        b = min(rng.below(bmax) + 1, free_r - nr)
        if len(edges) + a * b > emax:
            break
        for u in range(nl + 1, nl + a + 1):
            for v in range(nr + 1, nr + b + 1):
                edges.append((u, v))
        nl += a
        nr += b
    lab_l = list(range(1, L + 1))
    lab_r = list(range(1, R + 1))
    rng.shuffle(lab_l)
    rng.shuffle(lab_r)
    rng.shuffle(edges)
    out = ["%d %d %d" % (L, R, len(edges))]
    out.extend("%d %d" % (lab_l[u - 1], lab_r[v - 1]) for u, v in edges)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
