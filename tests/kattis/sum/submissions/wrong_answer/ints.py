import sys

data = sys.stdin.read().split()
print(sum(int(float(x)) for x in data[1:]))
