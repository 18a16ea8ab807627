"""WRONG ANSWER: tries 1, 2, 3, ... in turn.

Right for tiny n, but n = 1000 allows only 10 guesses: the interactor stops it at the limit and
exits first with its verdict, while the submission waits for the reply to its next guess.
"""
import sys


def main():
    games = int(sys.stdin.readline())
    for _ in range(games):
        sys.stdin.readline()
        guess = 1
        while True:
            print(f"guess {guess}", flush=True)
            if sys.stdin.readline().strip() == "correct":
                break
            guess += 1


main()
