#!/usr/bin/env python3
# Kattis answer validator (`validate.py input_file < answer`): the answer is one line with the
# sum of the input's two integers. Exit 42 valid, 43 not.
import sys

a, b = map(int, open(sys.argv[1]).read().split())
if sys.stdin.buffer.read() != f"{a + b}\n".encode():
    print(f"expected the line {a + b}", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
