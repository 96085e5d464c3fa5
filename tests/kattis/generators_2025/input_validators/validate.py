#!/usr/bin/env python3
# Kattis input validator: one line "A B", integers with |A|, |B| <= 10^9. Exit 42 valid, 43 not.
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb"(-?(?:0|[1-9][0-9]*)) (-?(?:0|[1-9][0-9]*))\n", data)
if not m or any(abs(int(x)) > 10**9 or x == b"-0" for x in m.groups()):
    print("expected one line `A B` with |A|, |B| <= 10^9", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
