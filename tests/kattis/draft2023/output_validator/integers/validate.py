# The output validator of the draft test package: accepts the team's output when it is the
# answer's integer, written in any form Python's int() reads (leading zeros, a plus sign).
import sys

feedback = sys.argv[3]
answer = open(sys.argv[2]).read().split()
team = sys.stdin.read().split()


def reject(why):
    with open(feedback.rstrip("/") + "/judgemessage.txt", "w") as f:
        f.write(why + "\n")
    sys.exit(43)


if len(team) != 1:
    reject(f"expected one integer, found {len(team)} tokens")
try:
    value = int(team[0])
except ValueError:
    reject(f"not an integer: {team[0][:30]!r}")
if value != int(answer[0]):
    reject(f"expected {answer[0]}, found {value}")
sys.exit(42)
