"""WRONG: greedy, cow by cow: take the first free liked food and the first free liked drink.

An early cow can take the only item a later cow likes while it had another choice;
there is no way to undo that choice, which is what augmenting paths are for.
"""

import sys


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    n, f, d = tokens[:3]
    food_taken = [False] * (f + 1)
    drink_taken = [False] * (d + 1)
    fed = 0
    pos = 3
    for _ in range(n):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        foods = tokens[pos : pos + liked_foods]
        pos += liked_foods
        drinks = tokens[pos : pos + liked_drinks]
        pos += liked_drinks
        food = next((x for x in foods if not food_taken[x]), None)
        drink = next((y for y in drinks if not drink_taken[y]), None)
        if food is not None and drink is not None:
            food_taken[food] = drink_taken[drink] = True
            fed += 1
    print(fed)


main()
