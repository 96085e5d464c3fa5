#!/usr/bin/env python3
"""Input validator: n, then n integers; `--positive` (group 1) wants every one > 0."""
import re
import sys

data = sys.stdin.read()
m = re.fullmatch(r"([1-9][0-9]*)\n(-?[1-9][0-9]*|0)( (-?[1-9][0-9]*|0))*\n", data)
ok = m is not None
if ok:
    n = int(m.group(1))
    a = [int(x) for x in data.split("\n")[1].split(" ")]
    ok = 1 <= n <= 1000 and len(a) == n and all(abs(x) <= 10**6 for x in a)
    if "--positive" in sys.argv[1:]:
        ok = ok and all(x > 0 for x in a)
sys.exit(42 if ok else 43)
