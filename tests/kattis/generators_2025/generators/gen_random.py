# gen_random.py LIMIT SEED: two integers uniform in [-LIMIT, LIMIT] on stdout.
import random
import sys

limit, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
print(rng.randint(-limit, limit), rng.randint(-limit, limit))
