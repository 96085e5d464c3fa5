#!/usr/bin/env python3
"""Generator `perfect N EXTRA RIGHT_SPARE SEED`: a graph whose left side is perfectly matched
by construction.

L = N, R = N + RIGHT_SPARE. A hidden matching joins every left vertex to its own right
vertex; EXTRA further distinct random edges are added; both sides' labels and the edge
order are shuffled. Every maximum matching covers every left vertex (it has size L), so every
answer is `First`. RIGHT_SPARE > 0 leaves right vertices unmatched (L != R): a search that
starts from the unmatched RIGHT vertices wrongly calls many left vertices `Second`.
With N = 50000 and EXTRA = 150000, every right vertex reaches most of the graph by
alternating paths and no left vertex is free, so "free one left vertex, search for a
replacement" per vertex explores ~E edges each time: O(V * E), far over the time limit.

Deterministic: a splitmix64 stream in pure Python (no `random` helpers).
"""
import sys

from splitmix import SplitMix64


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: perfect N EXTRA RIGHT_SPARE SEED")
    n, extra, spare, seed = (int(x) for x in sys.argv[1:])
    L, R = n, n + spare
    if not (1 <= L <= 100000 and 1 <= R <= 100000 and 0 <= extra
            and n + extra <= min(200000, L * R)):
        sys.exit("perfect: need 1 <= N, N+RIGHT_SPARE <= 100000, N+EXTRA <= min(200000, L*R)")
    rng = SplitMix64(seed * 1000003 + n * 7919 + extra * 31 + spare)
    edges = [(u, u) for u in range(1, n + 1)]
    seen = set(u * (R + 1) + u for u in range(1, n + 1))
    while len(edges) < n + extra:
        u = rng.below(L) + 1
        v = rng.below(R) + 1
        key = u * (R + 1) + v
        if key not in seen:
            seen.add(key)
            edges.append((u, v))
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
