"""WRONG: min(cows matched to foods, cows matched to drinks), two separate bipartite matchings.

Each matching is right on its own, but the cows that get a food need not be the cows that
get a drink; the two sides must be matched together through the same cow.
"""

import sys


def try_match(cow, likes, owner, seen):
    """Kuhn's augmenting path from `cow`."""
    for item in likes[cow]:
        if not seen[item]:
            seen[item] = True
            if owner[item] < 0 or try_match(owner[item], likes, owner, seen):
                owner[item] = cow
                return True
    return False


def matching_size(likes, items):
    owner = [-1] * (items + 1)
    return sum(try_match(cow, likes, owner, [False] * (items + 1)) for cow in range(len(likes)))


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    n, f, d = tokens[:3]
    food_likes, drink_likes = [], []
    pos = 3
    for _ in range(n):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        food_likes.append(tokens[pos : pos + liked_foods])
        pos += liked_foods
        drink_likes.append(tokens[pos : pos + liked_drinks])
        pos += liked_drinks
    print(min(matching_size(food_likes, f), matching_size(drink_likes, d)))


main()
