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

from splitmix import SplitMix64


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
