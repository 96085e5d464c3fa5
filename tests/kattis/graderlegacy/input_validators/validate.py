# Input validator: one integer 1 <= n <= 10^9 on a line of its own.
import re
import sys

data = sys.stdin.read()
if not re.fullmatch(r"[1-9][0-9]{0,9}\n", data) or int(data) > 10**9:
    sys.exit(43)
sys.exit(42)
