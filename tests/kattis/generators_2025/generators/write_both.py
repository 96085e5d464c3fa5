# write_both.py NAME A: writes NAME.in ("A A") and NAME.ans itself, in its working folder;
# nothing on stdout.
import sys

name, a = sys.argv[1], int(sys.argv[2])
with open(f"{name}.in", "w") as f:
    f.write(f"{a} {a}\n")
with open(f"{name}.ans", "w") as f:
    f.write(f"{2 * a}\n")
