# Ignores its arguments: right only where a test gives none.
print(int(input()))
