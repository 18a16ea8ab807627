"""Seeded generator for Farm Tour.

    generator.py [--fields N] [--paths M] [--exact] [--min-w A] [--max-w B]
                 [--shape SHAPE] --seed S

The farm has at most N fields and M paths (exactly that many with --exact), lengths in A..B.
Every farm has two routes from field 1 to field N that share no path, so a tour exists.
Shapes:
  random  a cycle through fields 1 and N over some of the fields, the rest hung on it, and
          random paths between any fields (some parallel, a few loops);
  ladder  two long rails of short paths from 1 to N, joined by longer rungs and local paths:
          the best routes follow the rails through hundreds of fields;
  chain   fields 1, 2, ..., N in a line, each link doubled and very short, and long paths
          between random fields that are never a shortcut: both routes pass every field;
  grid    fields on a grid, 1 and N at opposite corners, extra paths between neighbours;
  trap    a chain of gadgets whose unique shortest route must be partly undone: taking the
          shortest route first and then the best of what is left is wrong; heavy random paths
          elsewhere;
  dense   few fields joined by many parallel paths and loops;
  mixed   one of the shapes above, chosen by the seed.
Paths are printed in random order (--order shuffled) or, with --order far-first, those farthest
from field 1 first, so that a Bellman-Ford sweep in input order advances
only one path per sweep. Each path is printed in a random direction.
"""

import argparse
import random
from heapq import heappop, heappush

SHAPES = ("random", "ladder", "chain", "grid", "trap", "dense")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fields", type=int, default=1000, help="most fields, 2..1000")
    parser.add_argument("--paths", type=int, default=10_000, help="most paths, 2..10000")
    parser.add_argument("--exact", action="store_true", help="use exactly --fields and --paths")
    parser.add_argument("--min-w", type=int, default=1, help="shortest path length, >= 1")
    parser.add_argument("--max-w", type=int, default=34_999, help="longest path length, < 35000")
    parser.add_argument("--shape", choices=SHAPES + ("mixed",), default="mixed")
    parser.add_argument("--order", choices=("shuffled", "far-first"), default="shuffled")
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args()
    if not (
        2 <= args.fields <= 1000
        and 2 <= args.paths <= 10_000
        and 1 <= args.min_w <= args.max_w <= 34_999
    ):
        parser.error(
            "out of range: 2 <= fields <= 1000, 2 <= paths <= 10000, 1 <= min-w <= max-w <= 34999"
        )
    return args


class Farm:
    def __init__(self, rng, n, m, min_w, max_w):
        self.rng, self.n, self.m = rng, n, m
        self.min_w, self.max_w = min_w, max_w
        self.paths = []

    def room(self):
        return self.m - len(self.paths)

    def length(self, low=0.0, high=1.0):
        """A random length in the given fraction of the allowed range."""
        span = self.max_w - self.min_w
        return self.rng.randint(self.min_w + int(low * span), self.min_w + int(high * span))

    def add(self, a, b, w=None):
        if self.room() > 0:
            self.paths.append((a, b, self.length() if w is None else w))

    def fill_random(self, low=0.0, high=1.0):
        """Spend the remaining paths between random fields (a few of them loops)."""
        while self.room() > 0:
            a = self.rng.randint(1, self.n)
            b = a if self.rng.random() < 0.01 else self.rng.randint(1, self.n)
            self.add(a, b, self.length(low, high))


def shape_random(farm):
    rng, n = farm.rng, farm.n
    inner = list(range(2, n))
    rng.shuffle(inner)
    on_cycle = inner[: rng.randint(0, min(len(inner), farm.m - 2))]
    cycle = [1] + on_cycle[: len(on_cycle) // 2] + [n] + on_cycle[len(on_cycle) // 2 :]
    for i, u in enumerate(cycle):
        farm.add(u, cycle[(i + 1) % len(cycle)])
    placed = list(cycle)
    for v in inner[len(on_cycle) :]:
        farm.add(v, rng.choice(placed))
        placed.append(v)
    farm.fill_random()


def shape_ladder(farm):
    rng, n = farm.rng, farm.n
    inner = rng.sample(range(2, n), min(n - 2, farm.m - 2))  # the rails take one path each
    rail_a = [1] + inner[: len(inner) // 2] + [n]
    rail_b = [1] + inner[len(inner) // 2 :] + [n]
    for rail in (rail_a, rail_b):
        for u, v in zip(rail, rail[1:], strict=False):
            farm.add(u, v, farm.length(0.0, 0.2))
    while farm.room() > 0:  # rungs and short hops between nearby positions of the rails
        i = rng.randrange(1, len(rail_a) - 1) if len(rail_a) > 2 else 0
        j = min(len(rail_b) - 1, max(0, i + rng.randint(-2, 2)))
        side = rng.random()
        if side < 0.5:
            farm.add(rail_a[i], rail_b[j], farm.length(0.3, 1.0))
        else:
            rail = rail_a if side < 0.75 else rail_b
            farm.add(
                rail[i], rail[min(len(rail) - 1, i + rng.randint(2, 4))], farm.length(0.3, 1.0)
            )


def shape_chain(farm):
    line = list(range(1, min(farm.n, farm.m // 2 + 1) + 1))
    line[-1] = farm.n
    for u, v in zip(line, line[1:], strict=False):
        for _ in range(2):
            farm.add(u, v, farm.length(0.0, 0.0008))
    farm.fill_random(0.9, 1.0)


def shape_grid(farm):
    """A full rows x cols grid (rows, cols >= 2, so it has two disjoint corner-to-corner routes)
    over as many fields as the paths allow, or fields 1 and N alone when there are too few."""
    rng, n = farm.rng, farm.n
    size = min(n, farm.m // 2)
    if size < 4:
        rows, cols = 1, 2
    else:
        cols = min(size // 2, max(2, int(size**0.5 * rng.uniform(0.6, 1.6))))
        rows = size // cols
    labels = [1] + rng.sample(range(2, n), rows * cols - 2) + [n]
    neighbours = []
    for r in range(rows):
        for c in range(cols):
            here = labels[r * cols + c]
            if c + 1 < cols:
                neighbours.append((here, labels[r * cols + c + 1]))
            if r + 1 < rows:
                neighbours.append((here, labels[(r + 1) * cols + c]))
    rng.shuffle(neighbours)
    for u, v in neighbours:
        farm.add(u, v)
    while farm.room() > 0:  # extra parallel paths beside the grid's own
        u, v = rng.choice(neighbours)
        farm.add(u, v)


def shape_trap(farm):
    """Gadgets x-p-q-y (short) with crossings x-q and p-y (longer): the shortest x..y route uses
    p-q, but the two best disjoint routes are x-p-y and x-q-y."""
    rng, n = farm.rng, farm.n
    inner = list(range(2, n))
    rng.shuffle(inner)
    gadgets = min(len(inner) // 3, farm.m // 5)
    checkpoints = [1] + inner[: gadgets - 1] + [n] if gadgets else [1, n]
    middles = inner[gadgets - 1 :] if gadgets else inner
    if not gadgets:
        farm.add(1, n)
        farm.add(1, n)
    # Lengths small enough that the whole chain of gadgets (at most 9 * scale per gadget on the
    # way out and back) stays below the shortest random path: those are never a shortcut.
    scale = max(1, farm.max_w // (18 * max(1, gadgets)))
    for g in range(gadgets):
        x, y = checkpoints[g], checkpoints[g + 1]
        p, q = middles[2 * g], middles[2 * g + 1]
        unit = rng.randint(1, 3)
        short, long_ = unit * scale, (2 * unit + 1) * scale
        for a, b, w in ((x, p, short), (p, q, short), (q, y, short), (x, q, long_), (p, y, long_)):
            farm.add(a, b, min(farm.max_w, max(farm.min_w, w)))
    farm.fill_random(0.5, 1.0)


def shape_dense(farm):
    rng, n = farm.rng, farm.n
    few = [1, n] + rng.sample(range(2, n), min(n - 2, rng.randint(0, 4)))
    farm.add(1, n)
    farm.add(n, 1)
    while farm.room() > 0:
        a = rng.choice(few)
        farm.add(a, a if rng.random() < 0.05 else rng.choice(few))


def order_far_first(n, paths):
    """Sort paths by the distance of their farther end from field 1, farthest first."""
    adjacent = [[] for _ in range(n + 1)]
    for a, b, w in paths:
        adjacent[a].append((b, w))
        adjacent[b].append((a, w))
    unreachable = 35_000 * 10_000  # more than any route; such paths come first
    dist = [unreachable] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adjacent[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                heappush(heap, (d + w, v))
    return sorted(paths, key=lambda path: -max(dist[path[0]], dist[path[1]]))


def main():
    args = parse_args()
    rng = random.Random(args.seed)
    shape = rng.choice(SHAPES) if args.shape == "mixed" else args.shape
    m = args.paths if args.exact else rng.randint(2, args.paths)
    # Without --exact, keep at least about one path per field so that most fields are reached.
    n = args.fields if args.exact else rng.randint(2, max(2, min(args.fields, m)))
    farm = Farm(rng, n, m, args.min_w, args.max_w)
    {
        "random": shape_random,
        "ladder": shape_ladder,
        "chain": shape_chain,
        "grid": shape_grid,
        "trap": shape_trap,
        "dense": shape_dense,
    }[shape](farm)
    paths = [(b, a, w) if rng.random() < 0.5 else (a, b, w) for a, b, w in farm.paths]
    rng.shuffle(paths)
    if args.order == "far-first":
        paths = order_far_first(n, paths)
    lines = [f"{n} {len(paths)}"] + [f"{a} {b} {w}" for a, b, w in paths]
    print("\n".join(lines))


main()
