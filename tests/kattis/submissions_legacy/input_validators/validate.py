#!/usr/bin/env python3
"""Input validator (Kattis convention: exit 42 valid, 43 invalid): one line `a b`, two
integers 0 <= a, b <= 10^12 without leading zeros, one space, one final newline."""
import re
import sys

data = sys.stdin.buffer.read()
m = re.fullmatch(rb"(0|[1-9][0-9]{0,12}) (0|[1-9][0-9]{0,12})\n", data)
if not m or int(m.group(1)) > 10**12 or int(m.group(2)) > 10**12:
    sys.exit(43)
sys.exit(42)
