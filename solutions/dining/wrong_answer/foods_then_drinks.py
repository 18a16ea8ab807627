"""WRONG: matches cows to foods first (a maximum matching), then the fed cows to drinks.

Each step is a correct bipartite matching (Kuhn's augmenting paths, cows in input order), but
the first one does not know about drinks: it may give the foods to cows whose drinks clash,
while another choice of the same size, or a smaller one, would feed more cows in the end.
"""

import sys


def match(cows, likes, size):
    """Kuhn's algorithm: a maximum matching of `cows` to items 1..size; cow -> item."""
    owner = [0] * (size + 1)

    def augment(cow, seen):
        for item in likes[cow]:
            if item in seen:
                continue
            seen.add(item)
            if not owner[item] or augment(owner[item], seen):
                owner[item] = cow
                return True
        return False

    for cow in cows:
        augment(cow, set())
    return {owner[item]: item for item in range(1, size + 1) if owner[item]}


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    n, f, d = tokens[:3]
    foods, drinks = {}, {}
    pos = 3
    for cow in range(1, n + 1):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        foods[cow] = tokens[pos : pos + liked_foods]
        pos += liked_foods
        drinks[cow] = tokens[pos : pos + liked_drinks]
        pos += liked_drinks
    fed = match(range(1, n + 1), foods, f)
    print(len(match(sorted(fed), drinks, d)))


main()
