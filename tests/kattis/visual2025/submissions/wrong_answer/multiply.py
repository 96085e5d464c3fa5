# Multiplies instead of adding: wrong on every test (2 * 3, 7 * 1 and 4 * 4 are no sums).
a, b = map(int, input().split())
print(a * b)
