"""Seeded generator for Drainage Ditches.

    generator.py [--cases K] [--nodes M] [--ditches N] [--exact] [--max-cap C]
                 [--shape SHAPE] [--answer any|zero] --seed S

Every case has at most M intersections and N ditches (exactly that many with --exact).
Shapes:
  random    ditches between random intersections, a few of them self-loops;
  layered   intersections in layers from 1 to M, ditches mostly between neighbouring layers
            and some going back, so that many augmenting paths interact;
  parallel  few intersections joined by many parallel ditches in both directions;
  crossing  gadgets whose shortest path from 1 to M uses a ditch that the best flow must leave
            empty: greedy augmenting without reverse arcs gets half the answer;
  chain     one long path 1 -> 2 -> ... -> M with shortcuts and back edges (deep searches);
  mixed     each case picks one of the shapes above.
--answer zero cuts every ditch from the side of 1 to the side of M (reversed or emptied), so the
answer is 0; --answer any leaves the network as drawn.
"""

import argparse
import random

SHAPES = ("random", "layered", "parallel", "crossing", "chain")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3, help="number of cases, 1..10")
    parser.add_argument("--nodes", type=int, default=200, help="most intersections, 2..200")
    parser.add_argument("--ditches", type=int, default=200, help="most ditches, 0..200")
    parser.add_argument("--exact", action="store_true", help="use exactly --nodes and --ditches")
    parser.add_argument("--max-cap", type=int, default=10_000_000, help="largest capacity")
    parser.add_argument("--shape", choices=SHAPES + ("mixed",), default="mixed")
    parser.add_argument("--answer", choices=("any", "zero"), default="any")
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args()
    if not (
        1 <= args.cases <= 10
        and 2 <= args.nodes <= 200
        and 0 <= args.ditches <= 200
        and 0 <= args.max_cap <= 10_000_000
    ):
        parser.error(
            "sizes out of range: 1 <= cases <= 10, 2 <= nodes <= 200, "
            "0 <= ditches <= 200, 0 <= max-cap <= 10000000"
        )
    return args


def capacity(rng, max_cap):
    """Mostly large capacities, sometimes small ones or zero, so both extremes appear."""
    roll = rng.random()
    if roll < 0.05:
        return 0
    if roll < 0.25:
        return rng.randint(0, min(max_cap, 10))
    return rng.randint(0, max_cap)


def random_ditches(rng, m, n, max_cap):
    ditches = []
    for _ in range(n):
        s = rng.randint(1, m)
        e = s if rng.random() < 0.03 else rng.randint(1, m)
        ditches.append((s, e, capacity(rng, max_cap)))
    return ditches


def layered_ditches(rng, m, n, max_cap):
    inner = list(range(2, m))
    layers = max(1, min(len(inner), rng.randint(2, 8)))
    groups = [[] for _ in range(layers)]
    for v in inner:
        groups[rng.randrange(layers)].append(v)
    levels = [[1]] + [g for g in groups if g] + [[m]]
    ditches = []
    for i in range(1, len(levels) - 1):  # first give every inner intersection a way in and out
        for v in levels[i]:
            ditches.append((rng.choice(levels[i - 1]), v, capacity(rng, max_cap)))
            ditches.append((v, rng.choice(levels[i + 1]), capacity(rng, max_cap)))
    del ditches[n:]
    while len(ditches) < n:
        i = rng.randrange(len(levels) - 1)
        if rng.random() < 0.15:  # a ditch going back one layer
            ditches.append(
                (rng.choice(levels[i + 1]), rng.choice(levels[i]), capacity(rng, max_cap))
            )
        else:
            ditches.append(
                (rng.choice(levels[i]), rng.choice(levels[i + 1]), capacity(rng, max_cap))
            )
    return ditches


def parallel_ditches(rng, m, n, max_cap):
    few = min(m, rng.randint(2, 4))
    nodes = [1, m] + rng.sample(range(2, m), few - 2)
    ditches = []
    for _ in range(n):
        s, e = rng.choice(nodes), rng.choice(nodes)
        ditches.append((s, e, capacity(rng, max_cap)))
    return ditches


def crossing_ditches(rng, m, n, max_cap):
    """Gadgets 1->a->b->M (shortest), 1->x->y->b and a->z->w->M, all of one capacity."""
    gadgets = min(n // 9, (m - 2) // 6)
    free = list(range(2, m))
    rng.shuffle(free)
    ditches = []
    for g in range(gadgets):
        a, b, x, y, z, w = free[6 * g : 6 * g + 6]
        c = rng.randint(min(1, max_cap), max_cap)
        for s, e in ((1, a), (a, b), (b, m), (1, x), (x, y), (y, b), (a, z), (z, w), (w, m)):
            ditches.append((s, e, c))
    return ditches + random_ditches(rng, m, n - len(ditches), max_cap)


def chain_ditches(rng, m, n, max_cap):
    ditches = [(v, v + 1, rng.randint(min(1, max_cap), max_cap)) for v in range(1, m)][:n]
    while len(ditches) < n:
        s = rng.randint(1, m)
        e = rng.randint(max(1, s - 3), min(m, s + 3))
        ditches.append((s, e, capacity(rng, max_cap)))
    return ditches


def cut_off_sink(rng, m, ditches):
    """Split the intersections into 1's side and M's side and block every ditch between them."""
    side_of_sink = {m} | {v for v in range(2, m) if rng.random() < 0.5}
    blocked = []
    for s, e, c in ditches:
        if s not in side_of_sink and e in side_of_sink:
            s, e, c = (e, s, c) if rng.random() < 0.7 else (s, e, 0)
        blocked.append((s, e, c))
    return blocked


def make_case(rng, args):
    shape = rng.choice(SHAPES) if args.shape == "mixed" else args.shape
    n = args.ditches if args.exact else rng.randint(0, args.ditches)
    # Without --exact, keep about two ditches per intersection so that 1 and M are often joined.
    m = args.nodes if args.exact else rng.randint(2, max(2, min(args.nodes, n // 2)))
    if shape == "crossing" and not args.exact:  # room for every gadget its 9 ditches allow
        m = max(m, min(args.nodes, 2 + 6 * (n // 9)))
    build = {
        "random": random_ditches,
        "layered": layered_ditches,
        "parallel": parallel_ditches,
        "crossing": crossing_ditches,
        "chain": chain_ditches,
    }[shape]
    ditches = build(rng, m, n, args.max_cap)
    if args.answer == "zero":
        ditches = cut_off_sink(rng, m, ditches)
    rng.shuffle(ditches)
    return m, ditches


def main():
    args = parse_args()
    rng = random.Random(args.seed)
    lines = []
    for _ in range(args.cases):
        m, ditches = make_case(rng, args)
        lines.append(f"{len(ditches)} {m}")
        lines.extend(f"{s} {e} {c}" for s, e, c in ditches)
    print("\n".join(lines))


main()
