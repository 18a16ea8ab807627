"""Shrinker for dining: proposes smaller inputs, one JSON string per line, best first.

Moves a format-blind shrinker cannot make: remove a food (or a drink) from every cow that likes
it and renumber the higher ids, dropping cows left with nothing they like; compact the ids to
1..k; renumber them so that the most liked come first (the least sum of ids); remove one liked
item from a cow while lowering her Fi (or Di). Removing whole cows needs no help: removing a run
of lines while lowering N is one of `judge stress`'s own moves. `judge stress` keeps a proposal
only when it is valid and the submission still fails on it.
"""

import json
import sys
from collections import Counter

LIKES_UP_TO = 300  # liked items in all; beyond that, removing them one by one is too many to try
OUTPUT_BUDGET = 32 * 1024 * 1024  # bytes; the judge caps a shrinker's output at 64 MB


def read_input(text):
    numbers = [int(token) for token in text.split()]
    n, f, d = numbers[0], numbers[1], numbers[2]
    position, cows = 3, []
    for _ in range(n):
        liked_foods, liked_drinks = numbers[position], numbers[position + 1]
        if liked_foods < 0 or liked_drinks < 0:
            raise ValueError("negative count")
        start = position + 2
        foods = numbers[start : start + liked_foods]
        drinks = numbers[start + liked_foods : start + liked_foods + liked_drinks]
        if len(foods) != liked_foods or len(drinks) != liked_drinks:
            raise ValueError("truncated input")
        cows.append((foods, drinks))
        position = start + liked_foods + liked_drinks
    return f, d, cows


def render(f, d, cows):
    lines = [f"{len(cows)} {f} {d}"]
    for foods, drinks in cows:
        lines.append(" ".join(map(str, [len(foods), len(drinks), *foods, *drinks])))
    return "\n".join(lines) + "\n"


def without_food(f, d, cows, food):
    """Food `food` gone from every cow, higher foods one lower; cows that liked only it go."""
    kept = []
    for foods, drinks in cows:
        rest = [x - (x > food) for x in foods if x != food]
        if rest:
            kept.append((rest, drinks))
    return f - 1, d, kept


def swapped(f, d, cows):
    """Foods and drinks exchanged, so that one function handles both."""
    return d, f, [(drinks, foods) for foods, drinks in cows]


def without_drink(f, d, cows, drink):
    return swapped(*without_food(*swapped(f, d, cows), drink))


def relabelled(f, d, cows, food_label, drink_label):
    cows = [
        ([food_label[x] for x in foods], [drink_label[x] for x in drinks]) for foods, drinks in cows
    ]
    return f, d, cows


def labels_in_order(ids):
    """The distinct ids to 1..k, in the order they are given."""
    return {x: label for label, x in enumerate(dict.fromkeys(ids), start=1)}


def compacted(f, d, cows):
    """Foods and drinks nobody likes removed, the rest renumbered 1..k in order."""
    foods = sorted({x for liked, _ in cows for x in liked})
    drinks = sorted({x for _, liked in cows for x in liked})
    return relabelled(
        len(foods), len(drinks), cows, labels_in_order(foods), labels_in_order(drinks)
    )


def most_liked_first(liked_lists):
    """The ids, the most often liked first (ties by id): labels in this order make the
    sum of all ids the least possible."""
    counts = Counter(x for liked in liked_lists for x in liked)
    return sorted(counts, key=lambda x: (-counts[x], x))


def by_popularity(f, d, cows):
    """Ids renumbered 1..k, the most liked food (drink) first."""
    foods = labels_in_order(most_liked_first(liked for liked, _ in cows))
    drinks = labels_in_order(most_liked_first(liked for _, liked in cows))
    return relabelled(len(foods), len(drinks), cows, foods, drinks)


def without_liked_items(f, d, cows):
    """Each cow with one liked food (or drink) fewer, while she still likes one of each."""
    for index, (foods, drinks) in enumerate(cows):
        for position in range(len(foods) if len(foods) > 1 else 0):
            changed = (foods[:position] + foods[position + 1 :], drinks)
            yield f, d, cows[:index] + [changed] + cows[index + 1 :]
        for position in range(len(drinks) if len(drinks) > 1 else 0):
            changed = (foods, drinks[:position] + drinks[position + 1 :])
            yield f, d, cows[:index] + [changed] + cows[index + 1 :]


def proposals(f, d, cows):
    yield compacted(f, d, cows)
    for food in range(f, 0, -1) if f > 1 else ():
        yield without_food(f, d, cows, food)
    for drink in range(d, 0, -1) if d > 1 else ():
        yield without_drink(f, d, cows, drink)
    yield by_popularity(f, d, cows)
    if sum(len(foods) + len(drinks) for foods, drinks in cows) <= LIKES_UP_TO:
        yield from without_liked_items(f, d, cows)


def main():
    try:
        f, d, cows = read_input(sys.stdin.read())
    except (ValueError, IndexError):
        return  # not an input of this problem: nothing to propose
    original = render(f, d, cows)
    seen, written = {original}, 0
    for proposal in proposals(f, d, cows):
        text = render(*proposal)
        if text in seen or not proposal[2]:
            continue  # unchanged, already proposed, or no cow left (N >= 1)
        seen.add(text)
        line = json.dumps(text) + "\n"
        written += len(line)
        if written > OUTPUT_BUDGET:
            break
        sys.stdout.write(line)


if __name__ == "__main__":
    main()
