def pair(n):
    return n, n + 1
