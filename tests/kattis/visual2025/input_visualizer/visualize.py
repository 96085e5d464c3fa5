# Input visualizer (Kattis 2025-09 "Input visualizer"): visualize.py INPUT ANSWER [--colour C]
# writes testcase.svg in its working folder: a bar for each of the two numbers, then the sum.
import sys

a, b = map(int, open(sys.argv[1]).read().split())
total = open(sys.argv[2]).read().strip()
colour = "black"
if "--colour" in sys.argv:
    colour = sys.argv[sys.argv.index("--colour") + 1]
bars = "".join(
    f'<rect x="{10 + 30 * i}" y="{110 - v}" width="20" height="{v}" fill="{colour}"/>'
    for i, v in enumerate((a, b))
)
with open("testcase.svg", "w") as out:
    out.write(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120">{bars}'
        f'<text x="80" y="60">{a} + {b} = {total}</text></svg>\n'
    )
