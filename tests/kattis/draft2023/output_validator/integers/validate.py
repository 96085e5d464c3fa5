# The output validator of the draft test package: accepts the team's output when it is the
# answer's integer, written in any form Python's int() reads (leading zeros, a plus sign).
# It reads bytes: any output, text or not, gets a verdict (problemtools feeds it random bytes).
import sys

feedback = sys.argv[3]
answer = open(sys.argv[2], "rb").read().split()
team = sys.stdin.buffer.read().split()


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
    reject(f"expected {answer[0].decode()}, found {value}")
sys.exit(42)
