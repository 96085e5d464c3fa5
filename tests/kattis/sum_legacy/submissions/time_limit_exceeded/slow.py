import sys

data = sys.stdin.read().split()
s = 0.0
for x in data[1:]:
    for _ in range(2000):
        s += 0.0
    s += float(x)
print(s)
