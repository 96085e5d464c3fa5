#!/usr/bin/env python3
"""Brute force of problem `geography`: the game itself, searched exhaustively.

A state is (token position, set of visited vertices as a bitmask); the player to move wins
iff some unvisited neighbour leads to a state where the opponent loses. Memoised, so at most
V * 2^V states with V = L + R <= 16. It knows nothing about matchings: it is the trusted
cross-check of the reference on the tests of group `small`. Larger inputs are refused
(exit 1), as the search would not finish.
"""
import sys
from functools import lru_cache

MAX_VERTICES = 16


def main():
    data = sys.stdin.read().split()
    L, R, E = int(data[0]), int(data[1]), int(data[2])
    if L + R > MAX_VERTICES:
        sys.stderr.write(
            "brute.py: L + R = %d > %d, too large for the exhaustive search\n"
            % (L + R, MAX_VERTICES)
        )
        sys.exit(1)
    # Vertices: left u is u - 1, right v is L + v - 1.
    nbr = [[] for _ in range(L + R)]
    for i in range(E):
        u, v = int(data[3 + 2 * i]), int(data[4 + 2 * i])
        nbr[u - 1].append(L + v - 1)
        nbr[L + v - 1].append(u - 1)

    @lru_cache(maxsize=None)
    def mover_wins(pos, visited):
        for w in nbr[pos]:
            bit = 1 << w
            if not visited & bit and not mover_wins(w, visited | bit):
                return True
        return False

    out = []
    for s in range(L):
        out.append("First" if mover_wins(s, 1 << s) else "Second")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
