# Counts to a + b one by one: fast on small tests, far too slow on the big ones.
a, b = map(int, input().split())
n = 0
for _ in range(a + b):
    n += 1
print(n)
