import sys

data = sys.stdin.read().split()
print(sum(float(x) for x in data[1:]))
