#!/bin/bash
# Cross-checks the reference against the brute force on COUNT (default 300) small random
# graphs (L + R <= 16, every density), from generators/random.cpp.
# usage: tools/stress_small.sh [COUNT]
set -e
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 -o "$work/random" generators/random.cpp
g++ -O2 -std=c++17 -o "$work/ref" solutions/reference.cpp
bad=0
for seed in $(seq 1 "${1:-300}"); do
  L=$(( seed % 8 + 1 )); R=$(( (seed / 8) % (16 - L) + 1 ))
  E=$(( (seed * 7919) % (L * R + 1) ))
  "$work/random" $L $R $E $seed > "$work/in"
  "$work/ref" < "$work/in" > "$work/ref.out"
  python3 solutions/brute.py < "$work/in" > "$work/brute.out"
  cmp -s "$work/ref.out" "$work/brute.out" || { echo "differ: random $L $R $E $seed"; bad=1; }
done
echo "done, differences: $bad"
exit $bad
