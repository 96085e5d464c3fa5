# Right when every number is positive (group 1 only): accepted with 40 points.
input()
print(sum(map(int, input().split())))
