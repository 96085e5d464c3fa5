#!/usr/bin/env python3
"""Input validator: 1 to 100 lines of `div a b`, `sqrt a` or `echo w`; exit 42 valid, 43 not."""
import re
import sys

data = sys.stdin.read()
lines = data.split("\n")
ok = data.endswith("\n") and 1 <= len(lines) - 1 <= 100
num = r"(0|-?[1-9][0-9]{0,3})"
pattern = re.compile(rf"div {num} {num}|sqrt {num}|echo [a-zA-Z]{{1,20}}")
for line in lines[:-1]:
    if not pattern.fullmatch(line):
        ok = False
        break
    if not line.startswith("echo"):
        if any(abs(int(x)) > 1000 for x in line.split()[1:]):
            ok = False
sys.exit(42 if ok else 43)
