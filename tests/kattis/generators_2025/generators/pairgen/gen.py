# The main file of the named generator `pair` (generators.yaml, `generators:`).
import sys

from lib import pair

print(*pair(int(sys.argv[1])))
