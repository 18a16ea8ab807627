"""Guess the number: binary search, halving the candidates 1..n at their middle.

Each guess at the middle of low..high leaves at most half of them (rounded down), so the number
is found within n.bit_length() guesses, which is what the statement allows.
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
                low = middle + 1


main()
