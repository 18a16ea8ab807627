"""TOO SLOW: tries every way to feed the cows, one cow after another (branch and bound).

Correct, and fast when the greedy first branch already feeds every cow, but the number of
partial plans grows exponentially with the herd: with 100 cows that cannot all be fed it
never finishes.
"""

import sys


def read_cows(tokens):
    n = tokens[0]
    cows, pos = [], 3
    for _ in range(n):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        foods = tokens[pos : pos + liked_foods]
        pos += liked_foods
        cows.append((foods, tokens[pos : pos + liked_drinks]))
        pos += liked_drinks
    return cows


def most_fed(cows):
    best = 0
    food_used, drink_used = set(), set()

    def search(i, fed):
        nonlocal best
        best = max(best, fed)
        if i == len(cows) or fed + len(cows) - i <= best:
            return  # even feeding every remaining cow cannot beat the best plan
        foods, drinks = cows[i]
        for food in foods:
            if food in food_used:
                continue
            for drink in drinks:
                if drink in drink_used:
                    continue
                food_used.add(food)
                drink_used.add(drink)
                search(i + 1, fed + 1)
                food_used.discard(food)
                drink_used.discard(drink)
        search(i + 1, fed)

    search(0, 0)
    return best


def main():
    sys.setrecursionlimit(10000)
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    print(most_fed(read_cows(tokens)))


main()
