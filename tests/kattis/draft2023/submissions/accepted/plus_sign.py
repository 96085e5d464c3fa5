# Kadane's algorithm with the answer written as `+7`: only the draft's own output validator
# (output_validator/integers/) accepts that; the default one would not.
n = int(input())
a = list(map(int, input().split()))
best = cur = a[0]
for x in a[1:]:
    cur = max(x, cur + x)
    best = max(best, cur)
print(f"+{best}" if best >= 0 else best)
