import re
import sys

# Kattis convention: exit 42 when the input is valid, 43 when it is not.
limit = 50000
args = sys.argv[1:]
if len(args) == 2 and args[0] == "--max":
    limit = int(args[1])
data = sys.stdin.read()
m = re.fullmatch(r"(\d+)\n(-?\d+(?:\.\d+)?(?: -?\d+(?:\.\d+)?)*)\n", data)
if not m or not 1 <= int(m.group(1)) <= limit or len(m.group(2).split()) != int(m.group(1)):
    print("invalid input", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
