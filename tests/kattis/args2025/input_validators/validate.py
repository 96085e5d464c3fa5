#!/usr/bin/env python3
"""Input validator (Kattis convention): one integer 0 <= n <= 1000, one final newline."""
import re
import sys

data = sys.stdin.buffer.read()
if not re.fullmatch(rb"(0|[1-9][0-9]{0,3})\n", data) or int(data) > 1000:
    sys.exit(43)
sys.exit(42)
