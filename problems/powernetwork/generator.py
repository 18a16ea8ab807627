"""Seeded test generator for POJ 1459 Power Network.

    generator.py [--sets K] [--max-n N] [--exact] [--max-m M] [--max-link Z] [--max-power P]
                 [--shape SHAPE] [--layout LAYOUT] --seed S

Each of the K data sets has n drawn from 1..N (exactly N with --exact) and at most M links
(exactly min(M, n*n) with --exact). Shapes (`mixed` picks one per data set):
  random    random links, stations and consumers; self-loops and repeated links happen
  dense     every ordered pair (u, v), self-loops included, once: m = n*n, the largest input
  parallel  links drawn from a few pairs, so most of them repeat and capacities add up
  both      many nodes are a power station and a consumer at once
  layered   nodes in thin layers, stations in the first and consumers in the last: long
            augmenting paths and many phases
  selfloop  large self-loops on stations and consumers, which must carry nothing
  edge      a degenerate data set: n = 0, no stations, no consumers, no links or all capacities 0
Layouts of the white space between items (`mixed` picks one per data set):
  line      a data set per line, single spaces
  wrapped   header and items wrapped over indented lines, as in the original sample
  column    every item on its own line
  scattered random runs of spaces, tabs, newlines and blank lines; data sets share lines
  oneline   every data set on one single line
"""

import argparse
import random

SHAPES = ("random", "dense", "parallel", "both", "layered", "selfloop", "edge")
LAYOUTS = ("line", "wrapped", "column", "scattered", "oneline")
SCATTER = (" ", " ", " ", "  ", "\t", " \t", "\n", "\n", "\n\n", "\t\n   ", "   ", "\n\t")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=3, help="number of data sets (1..10)")
    parser.add_argument("--max-n", type=int, default=100)
    parser.add_argument("--exact", action="store_true", help="n = max-n and m = min(max-m, n*n)")
    parser.add_argument("--max-m", type=int, default=10000)
    parser.add_argument("--max-link", type=int, default=1000)
    parser.add_argument("--max-power", type=int, default=10000)
    parser.add_argument("--shape", choices=SHAPES + ("mixed",), default="mixed")
    parser.add_argument("--layout", choices=LAYOUTS + ("mixed",), default="mixed")
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args()
    # Keep every output inside the statement's limits, so that it always passes the validator.
    for name, low, high in (
        ("sets", 1, 10),
        ("max_n", 1, 100),
        ("max_m", 0, 10000),
        ("max_link", 0, 1000),
        ("max_power", 0, 10000),
    ):
        if not low <= getattr(args, name) <= high:
            parser.error(f"--{name.replace('_', '-')} must be in {low}..{high}")
    return args


class DataSet:
    def __init__(self, n, links, stations, consumers):
        self.n = n
        self.links = links  # [(u, v, z)]
        self.stations = stations  # [(u, z)], distinct u
        self.consumers = consumers  # [(u, z)], distinct u

    def items(self):
        counts = (self.n, len(self.stations), len(self.consumers), len(self.links))
        return (
            [str(count) for count in counts]
            + [f"({u},{v}){z}" for u, v, z in self.links]
            + [f"({u}){z}" for u, z in self.stations]
            + [f"({u}){z}" for u, z in self.consumers]
        )


class Builder:
    """Draws one data set of a shape from the seeded generator and the size options."""

    def __init__(self, rng, args):
        self.rng = rng
        self.args = args

    def pick_n(self):
        return self.args.max_n if self.args.exact else self.rng.randint(1, self.args.max_n)

    def pick_m(self, n):
        most = min(self.args.max_m, n * n)
        return most if self.args.exact else self.rng.randint(0, most)

    def link(self, u, v):
        return (u, v, self.rng.randint(0, self.args.max_link))

    def random_links(self, n):
        return [
            self.link(self.rng.randrange(n), self.rng.randrange(n)) for _ in range(self.pick_m(n))
        ]

    def powered(self, nodes):
        return [(u, self.rng.randint(0, self.args.max_power)) for u in nodes]

    def some_nodes(self, n, low=1):
        return self.rng.sample(range(n), self.rng.randint(min(low, n), n))

    def random(self):
        n = self.pick_n()
        links = self.random_links(n)
        return DataSet(n, links, self.powered(self.some_nodes(n)), self.powered(self.some_nodes(n)))

    def dense(self):
        n = self.pick_n()
        pairs = [(u, v) for u in range(n) for v in range(n)]
        self.rng.shuffle(pairs)
        links = [self.link(u, v) for u, v in pairs[: min(len(pairs), self.args.max_m)]]
        return DataSet(n, links, self.powered(self.some_nodes(n)), self.powered(self.some_nodes(n)))

    def parallel(self):
        n = self.pick_n()
        pool = [(self.rng.randrange(n), self.rng.randrange(n)) for _ in range(max(1, n // 2))]
        links = [self.link(*self.rng.choice(pool)) for _ in range(self.pick_m(n))]
        return DataSet(n, links, self.powered(self.some_nodes(n)), self.powered(self.some_nodes(n)))

    def both(self):
        n = self.pick_n()
        stations = self.some_nodes(n, low=(n + 1) // 2)
        consumers = stations[: max(1, len(stations) // 2)] + self.some_nodes(n, low=0)[: n // 4]
        consumers = list(dict.fromkeys(consumers))
        self.rng.shuffle(consumers)
        links = self.random_links(n)
        return DataSet(n, links, self.powered(stations), self.powered(consumers))

    def layered(self):
        n = self.pick_n()
        order = list(range(n))
        self.rng.shuffle(order)
        width = self.rng.choice((1, 2, 3, 5, 10))
        layers = [order[i : i + width] for i in range(0, n, width)]
        links = []
        for here, after in zip(layers, layers[1:], strict=False):
            for u in here:
                links.extend(self.link(u, v) for v in after)
                links.append(self.link(self.rng.choice(after), u))  # back links lengthen paths
        links = links[: min(self.args.max_m, n * n)]
        self.rng.shuffle(links)
        return DataSet(n, links, self.powered(layers[0]), self.powered(layers[-1]))

    def selfloop(self):
        data = self.random()
        allowed = min(self.args.max_m, data.n * data.n)
        loops = [(u, u, self.args.max_link) for u, _ in data.stations + data.consumers][:allowed]
        data.links = data.links[: allowed - len(loops)] + loops
        self.rng.shuffle(data.links)
        return data

    def edge(self):
        kind = self.rng.choice(("empty", "no-stations", "no-consumers", "no-links", "zeros"))
        if kind == "empty":
            return DataSet(0, [], [], [])
        data = self.random()
        if kind == "no-stations":
            data.stations = []
        elif kind == "no-consumers":
            data.consumers = []
        elif kind == "no-links":
            data.links = []
        else:
            data.links = [(u, v, 0) for u, v, _ in data.links]
            data.stations = [(u, 0) for u, _ in data.stations]
        return data

    def build(self, shape):
        return getattr(self, shape)()


def lay_out(rng, items, layout):
    """Join the items of one data set with white space in the given layout."""
    if layout == "column":
        return "\n".join(items)
    if layout == "wrapped":
        per_line = rng.randint(3, 8)
        head = " ".join(items[: 4 + per_line])
        rest = [
            " ".join(items[i : i + per_line]) for i in range(4 + per_line, len(items), per_line)
        ]
        return "\n".join([head] + ["         " + line for line in rest])
    if layout == "scattered":
        return "".join(item + rng.choice(SCATTER) for item in items[:-1]) + items[-1]
    return " ".join(items)


def render(rng, data_sets, layout):
    parts = []
    for index, data in enumerate(data_sets):
        chosen = rng.choice(LAYOUTS) if layout == "mixed" else layout
        if index:
            if chosen == "oneline":
                parts.append(" ")
            elif chosen == "scattered":
                parts.append(rng.choice(SCATTER))
            else:
                parts.append("\n")
        parts.append(lay_out(rng, data.items(), chosen))
    return "".join(parts) + "\n"


def main():
    args = parse_args()
    rng = random.Random(args.seed)
    builder = Builder(rng, args)
    data_sets = []
    for _ in range(args.sets):
        shape = rng.choice(SHAPES) if args.shape == "mixed" else args.shape
        data_sets.append(builder.build(shape))
    print(render(rng, data_sets, args.layout), end="")


if __name__ == "__main__":
    main()
