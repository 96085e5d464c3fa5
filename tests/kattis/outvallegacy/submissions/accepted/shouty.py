import math
import sys

for line in sys.stdin.read().split("\n"):
    q = line.split()
    if not q:
        continue
    if q[0] == "echo":
        print(q[1])
        continue
    if q[0] == "sqrt":
        a = int(q[1])
        v = math.sqrt(a) if a >= 0 else math.nan
    else:
        a, b = int(q[1]), int(q[2])
        v = a / b if b != 0 else (math.nan if a == 0 else math.copysign(math.inf, a))
    print({"nan": "NaN", "inf": "INF", "-inf": "-Inf"}.get(f"{v}", f"{v:.12e}"))
