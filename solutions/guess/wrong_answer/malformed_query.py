"""WRONG ANSWER: asks in another judge's format, "? Y" instead of "guess Y".

The interactor rejects the first query and exits; reading the reply then finds the end of the
input (EOFError, a crash), but the interactor's verdict came first and stands.
"""


def main():
    games = int(input())
    for _ in range(games):
        low, high = 1, int(input())
        while True:
            middle = (low + high) // 2
            print("?", middle, flush=True)
            reply = input()
            if reply == "correct":
                break
            low, high = (low, middle - 1) if reply == "lower" else (middle + 1, high)


main()
