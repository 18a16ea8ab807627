"""ACCEPTED: binary search that guesses the upper middle of the candidates.

Rounding the middle up instead of down leaves the larger half below the guess instead of above
it; the worst case is still n.bit_length() guesses.
"""
import sys


def main():
    games = int(input())
    for _ in range(games):
        low, high = 1, int(input())
        while True:
            middle = (low + high + 1) // 2
            print("guess", middle, flush=True)
            reply = input()
            if reply == "correct":
                break
            low, high = (low, middle - 1) if reply == "lower" else (middle + 1, high)


main()
