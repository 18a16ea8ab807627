"""Seeded test generator for Guess the number.

    generator.py [--games T] [--n N | --max-n N] [--secret SECRET] --seed S

Prints T games, one a line: `n x` (numbers 1..n, the hidden number x). Secrets:
  random   x uniform in 1..n
  ends     x is 1 or n
  hardest  x needs the most guesses of a binary search that halves 1..n at its middle
  mixed    each game picks one of the above (default)
With --max-n, n is drawn per game from small, power-of-two-edge and large sizes up to N. The same
arguments give the same bytes on every machine (only random.Random(seed) is used).
"""
import argparse
import random
import sys

MAX_GAMES = 20
MAX_N = 10 ** 9
SECRETS = ["random", "ends", "hardest"]


def hardest(rng, n):
    """A number that a binary search halving 1..n at its middle finds only with its last guess
    (n.bit_length() guesses, the most the statement allows): always into the larger half, and
    into either half, at random, when they are equal."""
    low, high, deepest = 1, n, 1
    while low <= high:
        middle = (low + high) // 2
        deepest = middle
        left, right = middle - low, high - middle
        if right > left or (right == left and rng.random() < 0.5):
            low = middle + 1
        else:
            high = middle - 1
    return deepest


def pick_n(rng, max_n):
    kind = rng.choice(["small", "power", "large"])
    if kind == "small" or max_n < 16:
        return rng.randint(1, min(max_n, 16))
    if kind == "power":
        k = rng.randint(1, max_n.bit_length() - 1)
        return min(max_n, max(1, 2 ** k + rng.choice([-1, 0, 1])))
    return rng.randint(max_n // 2 + 1, max_n)


def pick_secret(rng, n, how):
    if how == "mixed":
        how = rng.choice(SECRETS)
    if how == "ends":
        return rng.choice([1, n])
    if how == "hardest":
        return hardest(rng, n)
    return rng.randint(1, n)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--n", type=int, help="the same n in every game")
    parser.add_argument("--max-n", type=int, default=MAX_N)
    parser.add_argument("--secret", choices=SECRETS + ["mixed"], default="mixed")
    parser.add_argument("--seed", type=int, required=True)
    options = parser.parse_args(argv)
    if not 1 <= options.games <= MAX_GAMES:
        parser.error(f"--games must be in [1, {MAX_GAMES}]")
    for value in (options.n, options.max_n):
        if value is not None and not 1 <= value <= MAX_N:
            parser.error(f"--n and --max-n must be in [1, {MAX_N}]")
    rng = random.Random(options.seed)
    lines = [str(options.games)]
    for _ in range(options.games):
        n = options.n or pick_n(rng, options.max_n)
        lines.append(f"{n} {pick_secret(rng, n, options.secret)}")
    sys.stdout.write("\n".join(lines) + "\n")


main(sys.argv[1:])
