# A generator that is a folder: bt runs the file whose name starts with `main`.
import random
import sys

from helper import scale

rng = random.Random(int(sys.argv[2]))
n = int(sys.argv[1])
print(scale(rng.randint(0, n)), -rng.randint(0, n))
