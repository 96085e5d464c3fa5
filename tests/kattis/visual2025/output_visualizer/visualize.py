# Output visualizer (Kattis 2025-09 "Output visualizer"): visualize.py INPUT ANSWER FEEDBACK_DIR
# [--scale S] < OUTPUT writes FEEDBACK_DIR/judgeimage.svg: one bar as long as the output's
# number times the scale, in green when it is the answer's number, else in red.
import os
import sys

answer = open(sys.argv[2]).read().strip()
output = sys.stdin.read().strip()
scale = 1
if "--scale" in sys.argv:
    scale = int(sys.argv[sys.argv.index("--scale") + 1])
try:
    width = int(output) * scale
except ValueError:
    width = 0
colour = "green" if output == answer else "red"
with open(os.path.join(sys.argv[3], "judgeimage.svg"), "w") as out:
    out.write(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 20}" height="40">'
        f'<rect x="10" y="10" width="{width}" height="20" fill="{colour}"/></svg>\n'
    )
