"""WRONG ANSWER: after "higher" keeps the guess among the candidates (low = middle).

With two candidates left the middle is the lower one; when the number is the upper one, the
search guesses the same number again and again until the guesses run out (n = 2 and x = 2,
n = 5 and x = 2, ...). Many numbers are found in time, which makes this the kind of bug
`judge stress` is for.
"""
import sys


def main():
    games = int(sys.stdin.readline())
    for _ in range(games):
        low, high = 1, int(sys.stdin.readline())
        while True:
            middle = (low + high) // 2
            print(f"guess {middle}", flush=True)
            reply = sys.stdin.readline().strip()
            if reply == "correct":
                break
            if reply == "lower":
                high = middle - 1
            else:
                low = middle


main()
