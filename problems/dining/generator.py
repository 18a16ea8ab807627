"""Seeded test generator for POJ 3281 Dining.

    generator.py [--max-n N] [--max-f F] [--max-d D] [--exact] [--likes K]
                 [--shape SHAPE] --seed S

Sizes are drawn uniformly from 1..max unless --exact takes the maxima as they are.
Shapes:
  random       every cow likes 1..K random foods and 1..K random drinks
  full         every cow likes every food and every drink (the largest input)
  planted      min(N, F, D) cows get a private food and drink, plus random likes:
               the answer is min(N, F, D)
  greedy-trap  chains where taking the first free item starves a later cow
  two-groups   half the cows share one drink, half share one food: both one-sided
               matchings are large, the real answer is at most 2
  hungry       few foods and drinks for many cows, each liked by many: most cows go hungry
  mixed        one of the above, chosen by the seed
Ids are relabelled by a random permutation so that no shape depends on the order of ids.
"""

import argparse
import random

SHAPES = ("random", "full", "planted", "greedy-trap", "two-groups", "hungry")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=100)
    parser.add_argument("--max-f", type=int, default=100)
    parser.add_argument("--max-d", type=int, default=100)
    parser.add_argument("--exact", action="store_true", help="use the maxima as the sizes")
    parser.add_argument("--likes", type=int, default=4, help="most foods (drinks) one cow likes")
    parser.add_argument("--shape", choices=SHAPES + ("mixed",), default="random")
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args()
    # Keep every output inside the statement's limits, so that it always passes the validator.
    for name in ("max_n", "max_f", "max_d"):
        if not 1 <= getattr(args, name) <= 100:
            parser.error(f"--{name.replace('_', '-')} must be in 1..100")
    if args.likes < 1:
        parser.error("--likes must be at least 1")
    return args


def pick_likes(rng, count, most):
    """A non-empty random subset of 1..count with at most `most` elements."""
    return rng.sample(range(1, count + 1), rng.randint(1, max(1, min(most, count))))


def random_cows(rng, n, f, d, likes):
    return [(pick_likes(rng, f, likes), pick_likes(rng, d, likes)) for _ in range(n)]


def full_cows(n, f, d):
    return [(list(range(1, f + 1)), list(range(1, d + 1))) for _ in range(n)]


def planted_cows(rng, n, f, d, likes):
    """Cow i < k likes food i and drink i among random others, so k cows can all eat."""
    cows = random_cows(rng, n, f, d, likes)
    for i in range(min(n, f, d)):
        foods, drinks = cows[i]
        if i + 1 not in foods:
            foods[rng.randrange(len(foods))] = i + 1
        if i + 1 not in drinks:
            drinks[rng.randrange(len(drinks))] = i + 1
    return cows


def chain_likes(i, count):
    """Items i and i+1 (1-based), the lower one first: first-fit takes the one a later cow needs."""
    return [i, i + 1] if i + 1 <= count else [i]


def greedy_trap_cows(n, f, d):
    """Cows 1..k like items {i, i+1}; a last cow of each chain likes only item 1.

    Feeding cow i with item i+1 leaves item 1 for the last cow, so everyone eats;
    first-fit hands item i to cow i and the last cow starves.
    """
    cows = []
    k = min(f, d) - 1
    while len(cows) < n:
        chain = [(chain_likes(i, f), chain_likes(i, d)) for i in range(1, max(k, 0) + 1)]
        chain.append(([1], [1]))
        cows.extend(chain)
    return cows[:n]


def two_group_cows(rng, n, f, d, likes):
    cows = []
    for i in range(n):
        if i % 2 == 0:
            cows.append((pick_likes(rng, f, likes), [1]))
        else:
            cows.append(([1], pick_likes(rng, d, likes)))
    return cows


def hungry_cows(rng, n, f, d):
    return [(pick_likes(rng, f, f), pick_likes(rng, d, d)) for _ in range(n)]


def make_cows(rng, shape, n, f, d, likes):
    if shape == "full":
        return full_cows(n, f, d)
    if shape == "planted":
        return planted_cows(rng, n, f, d, likes)
    if shape == "greedy-trap":
        return greedy_trap_cows(n, f, d)
    if shape == "two-groups":
        return two_group_cows(rng, n, f, d, likes)
    if shape == "hungry":
        return hungry_cows(rng, n, f, d)
    return random_cows(rng, n, f, d, likes)


def relabel(rng, cows, f, d, shuffle_likes):
    """Hide the structure: random food and drink ids and, unless the order is the trap,
    a random order of each cow's likes."""
    food_id = list(range(1, f + 1))
    drink_id = list(range(1, d + 1))
    rng.shuffle(food_id)
    rng.shuffle(drink_id)
    relabelled = []
    for foods, drinks in cows:
        foods = [food_id[x - 1] for x in foods]
        drinks = [drink_id[x - 1] for x in drinks]
        if shuffle_likes:
            rng.shuffle(foods)
            rng.shuffle(drinks)
        relabelled.append((foods, drinks))
    return relabelled


def pick_sizes(rng, args, shape):
    if args.exact:
        return args.max_n, args.max_f, args.max_d
    if shape == "hungry":
        few_foods = rng.randint(1, max(1, args.max_f // 10))
        return args.max_n, few_foods, rng.randint(1, max(1, args.max_d // 10))
    return rng.randint(1, args.max_n), rng.randint(1, args.max_f), rng.randint(1, args.max_d)


def render(n, f, d, cows):
    lines = [f"{n} {f} {d}"]
    for foods, drinks in cows:
        lines.append(" ".join(map(str, [len(foods), len(drinks)] + foods + drinks)))
    return "\n".join(lines) + "\n"


def main():
    args = parse_args()
    rng = random.Random(args.seed)
    shape = rng.choice(SHAPES) if args.shape == "mixed" else args.shape
    n, f, d = pick_sizes(rng, args, shape)
    cows = make_cows(rng, shape, n, f, d, args.likes)
    # The greedy trap lives in the order of cows and of their likes; other shapes are shuffled.
    ordered = shape == "greedy-trap"
    if not ordered:
        rng.shuffle(cows)
    print(render(n, f, d, relabel(rng, cows, f, d, not ordered)), end="")


if __name__ == "__main__":
    main()
