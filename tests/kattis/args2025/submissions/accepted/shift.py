import sys

print(int(input()) + (int(sys.argv[1]) if len(sys.argv) > 1 else 0))
