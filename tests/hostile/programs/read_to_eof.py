import sys

# A reference of a problem whose interactor sends all its input, then closes its output: it
# reads to the end of its input before it answers.
numbers = sys.stdin.read().split()
print(sum(map(int, numbers)), flush=True)
