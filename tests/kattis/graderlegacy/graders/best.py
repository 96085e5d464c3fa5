# Custom grader (legacy "Graders"): reads one `<verdict> <score>` line per sub-result and writes
# the best accepted one's score, accepted if any sub-result is, else the first verdict with 0.
# Its one flag must be `best` (data/secret/testdata.yaml's grader_flags).
import sys

if sys.argv[1:] != ["best"]:
    sys.exit(f"unexpected flags {sys.argv[1:]}")
results = [line.split() for line in sys.stdin if line.strip()]
accepted = [float(s) for v, s in results if v == "AC"]
if accepted:
    print("AC", max(accepted))
else:
    print(results[0][0], 0)
