"""TIME LIMIT EXCEEDED: waits for a hint before its first guess, which never comes.

The interactor waits for a guess and the submission waits for a line: neither moves, no CPU
time passes, and only the wall-clock backstop ends the run.
"""
import sys


def main():
    sys.stdin.readline()  # the number of games
    sys.stdin.readline()  # n
    sys.stdin.readline()  # a hint that is never sent
    print("guess 1", flush=True)


main()
