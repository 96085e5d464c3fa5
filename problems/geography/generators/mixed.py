#!/usr/bin/env python3
"""Generator `mixed L R EMAX SIZE SEED`: many small components of different kinds side by
side, so that one test has every kind of answer.

Kinds, drawn at random until the vertices of one side (or the EMAX edges) run out, each with
up to SIZE vertices per side:
  path       a simple path, starting on either side, of any parity: both answers occur
             (an odd path with both ends on the left has only `Second` left vertices,
             any other only `First` ones);
  left star  one left vertex joined to several right ones (`First`);
  right star several left vertices joined to one right one (`Second` when 2 or more);
  dense      a random bipartite graph with edge probability 1/2 on its own vertices;
  isolated   one vertex of either side with no edge (`Second` on the left).
Leftover vertices stay isolated; labels of both sides and the edge order are shuffled.
Right stars and paths ending on the right separate a search started from the unmatched
right vertices from the correct one; isolated and unequal sides catch index slips.

Deterministic: a splitmix64 stream in pure Python (no `random` helpers).
"""
import sys

from splitmix import SplitMix64


def main():
    if len(sys.argv) != 6:
        sys.exit("usage: mixed L R EMAX SIZE SEED")
    L, R, emax, size, seed = (int(x) for x in sys.argv[1:])
    if not (1 <= L <= 100000 and 1 <= R <= 100000 and 0 <= emax <= 200000 and size >= 1):
        sys.exit("mixed: need 1 <= L, R <= 100000, 0 <= EMAX <= 200000, SIZE >= 1")
    rng = SplitMix64(seed * 0x2545F4914F6CDD1D + L * 65537 + R * 257 + emax * 3 + size)
    nl = nr = 0
    edges = []

    def room(a, b, e):
        return nl + a <= L and nr + b <= R and len(edges) + e <= emax

    stuck = 0
    while nl < L and nr < R and stuck < 50:
        kind = rng.below(5)
        if kind == 0:  # path of k vertices starting on the left or the right
            k = rng.below(2 * size) + 2
            start_left = rng.below(2) == 0
            a = (k + 1) // 2 if start_left else k // 2
            b = k - a
            if not room(a, b, k - 1):
                stuck += 1
                continue
            for p in range(k - 1):
                # positions p and p+1; the left one has index p//2 or (p+1)//2 on its side
                if (p % 2 == 0) == start_left:
                    edges.append((nl + p // 2 + 1, nr + (p + 1) // 2 + 1))
                else:
                    edges.append((nl + (p + 1) // 2 + 1, nr + p // 2 + 1))
        elif kind == 1:  # left star
            a, b = 1, rng.below(size) + 1
            if not room(a, b, b):
                stuck += 1
                continue
            edges.extend((nl + 1, nr + v) for v in range(1, b + 1))
        elif kind == 2:  # right star
            a, b = rng.below(size) + 1, 1
            if not room(a, b, a):
                stuck += 1
                continue
            edges.extend((nl + u, nr + 1) for u in range(1, a + 1))
        elif kind == 3:  # dense random piece
            a, b = rng.below(size) + 1, rng.below(size) + 1
            if not room(a, b, a * b):
                stuck += 1
                continue
            for u in range(1, a + 1):
                for v in range(1, b + 1):
                    if rng.below(2):
                        edges.append((nl + u, nr + v))
        else:  # an isolated vertex
            if rng.below(2):
                a, b = 1, 0
            else:
                a, b = 0, 1
            if not room(a, b, 0):
                stuck += 1
                continue
        nl += a
        nr += b
        stuck = 0
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
