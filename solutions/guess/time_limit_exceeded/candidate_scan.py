"""TIME LIMIT EXCEEDED: counts the candidates one by one before every guess.

It keeps the replies, and before each guess walks through 1..n to count the numbers they still
allow and to find the middle one. Right, and fine for small n, but n = 10^9 takes minutes.
"""
import sys


def consistent(y, replies):
    for guess, reply in replies:
        if (reply == "lower" and y >= guess) or (reply == "higher" and y <= guess):
            return False
    return True


def main():
    games = int(sys.stdin.readline())
    for _ in range(games):
        n = int(sys.stdin.readline())
        replies = []
        while True:
            candidates = sum(1 for y in range(1, n + 1) if consistent(y, replies))
            seen, guess = 0, 1
            for y in range(1, n + 1):
                if consistent(y, replies):
                    seen += 1
                    if seen == (candidates + 1) // 2:
                        guess = y
                        break
            print(f"guess {guess}", flush=True)
            reply = sys.stdin.readline().strip()
            if reply == "correct":
                break
            replies.append((guess, reply))


main()
