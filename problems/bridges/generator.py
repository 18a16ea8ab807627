"""Seeded test generator for "bridges".

    generator.py --n N --m M [--shape S] [--costs C] [--write W] [--max-cost X] [--target T]
                 [--decoys D] --seed K

Shapes (the graph is always simple and connected):
  euler   every degree even: a chain of cycles through all islands plus random extra cycles
  cactus  every degree even: a tree of cycles (m - n + 1 cycles sharing articulation islands),
          so the tour has to back out of many dead-end cycles
  dense   every degree even: a complete graph with cycles removed (small n, many bridges)
  odd     an even graph with one bridge removed: exactly two odd islands, so the answer is NIE
  random  a random spanning tree plus random bridges (almost always some odd degree)
Costs are chosen against a balanced orientation of the graph (for odd/random shapes a random one):
  planted   the planted way costs 1..T, the other way 1..X
  nearmiss  every bridge has a cheap way (1..T) and a dear way (T+1..X); the cheap way follows the
            planted orientation except on --decoys bridges, so the cheap ways do not balance, the
            optimum lies above every min(l, p) and the flow must pick which dear ways to pay
  uniform   both ways 1..X
  free      both ways 1..T: many bridges are free at the optimum, a large flow is needed
Writing: random swaps each bridge's ends (with its costs); acyclic writes every bridge from the
earlier to the later island of a random order, so "all bridges a->b" is as unbalanced as it gets.
"""

import argparse
import random
import sys


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--m", type=int, required=True)
    parser.add_argument("--shape", choices=["euler", "cactus", "dense", "odd", "random"],
                        default="euler")
    parser.add_argument("--costs", choices=["planted", "nearmiss", "uniform", "free"],
                        default="planted")
    parser.add_argument("--write", choices=["random", "acyclic"], default="random")
    parser.add_argument("--max-cost", type=int, default=1000)
    parser.add_argument("--target", type=int, default=None,
                        help="cost bound of the planted way (default: random in 1..max-cost)")
    parser.add_argument("--decoys", type=int, default=3,
                        help="nearmiss: bridges whose cheap way goes against the planted tour")
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args(argv)
    if not 2 <= args.n <= 1000 or not 1 <= args.m <= 2000:
        parser.error("need 2 <= n <= 1000 and 1 <= m <= 2000")
    if not 1 <= args.max_cost <= 1000:
        parser.error("need 1 <= max-cost <= 1000")
    if args.target is not None and not 1 <= args.target <= args.max_cost:
        parser.error("need 1 <= target <= max-cost")
    if args.costs == "nearmiss" and (args.max_cost < 2 or args.target == args.max_cost):
        parser.error("nearmiss needs target < max-cost")
    if args.decoys < 0:
        parser.error("need decoys >= 0")
    return parser, args


class ShapeError(Exception):
    """The requested n and m do not admit the requested shape."""


def pick_cycle_length(rng, remaining, longest):
    """A cycle length that leaves a remainder which is 0 or again at least 3."""
    choices = [k for k in range(3, min(longest, remaining) + 1) if remaining - k not in (1, 2)]
    if not choices:
        raise ShapeError("cannot split %d bridges into cycles of length 3..%d"
                         % (remaining, longest))
    return rng.choice(choices)


def split_into_parts(rng, total, parts, smallest):
    """Random composition of `total` into `parts` numbers, each at least `smallest`."""
    spare = total - parts * smallest
    cuts = sorted(rng.randint(0, spare) for _ in range(parts - 1))
    bounds = [0] + cuts + [spare]
    return [smallest + bounds[i + 1] - bounds[i] for i in range(parts)]


def add_cycle(edges, present, cycle):
    for i, u in enumerate(cycle):
        v = cycle[(i + 1) % len(cycle)]
        edges.append((u, v))
        present.add((min(u, v), max(u, v)))


def cactus(rng, n, cycles):
    """A tree of `cycles` cycles on islands 0..n-1 (each cycle meets the rest in one island)."""
    if cycles < 1 or 2 * cycles > n - 1:
        raise ShapeError("a cactus of %d islands holds 1..%d cycles" % (n, (n - 1) // 2))
    order = list(range(n))
    rng.shuffle(order)
    edges, present = [], set()
    placed = 1
    for length in split_into_parts(rng, n - 1, cycles, 2):
        anchor = order[rng.randrange(placed)]
        add_cycle(edges, present, [anchor] + order[placed:placed + length])
        placed += length
    return edges, present


def add_random_cycles(rng, n, edges, present, remaining):
    """Add edge-disjoint random cycles with `remaining` new bridges in all."""
    longest = n
    failures = 0
    while remaining:
        length = pick_cycle_length(rng, remaining, longest)
        cycle = rng.sample(range(n), length)
        pairs = [(min(u, v), max(u, v)) for u, v in zip(cycle, cycle[1:] + cycle[:1])]
        if not any(pair in present for pair in pairs):
            add_cycle(edges, present, cycle)
            remaining -= length
            continue
        failures += 1
        if failures % 50 == 0:
            longest = max(5, longest // 2)  # long random cycles rarely fit a crowded graph
        if failures > 5000:
            raise ShapeError("graph too dense for random cycles; use --shape dense")


def even_graph(rng, n, m):
    """Connected graph with m bridges and every degree even: a cactus base plus random cycles."""
    if m < n or n < 3:
        raise ShapeError("an even connected graph needs n >= 3 and m >= n")
    base_cycles = 1 if m - n not in (1, 2) else m - n + 1
    edges, present = cactus(rng, n, base_cycles)
    add_random_cycles(rng, n, edges, present, m - len(edges))
    return edges


def dense_even_graph(rng, n, m):
    """Complete graph (minus a perfect matching when n is even) with cycles removed down to m."""
    present = {(u, v) for u in range(n) for v in range(u + 1, n)
               if n % 2 == 1 or not (u % 2 == 0 and v == u + 1)}
    remaining = len(present) - m
    if remaining < 0:
        raise ShapeError("at most %d bridges in an even graph on %d islands" % (len(present), n))
    while remaining:
        length = pick_cycle_length(rng, remaining, n)
        for _ in range(2000):
            cycle = rng.sample(range(n), length)
            pairs = [(min(u, v), max(u, v)) for u, v in zip(cycle, cycle[1:] + cycle[:1])]
            if all(pair in present for pair in pairs) and len(set(pairs)) == length:
                present.difference_update(pairs)
                remaining -= length
                break
        else:
            raise ShapeError("could not thin the complete graph; use --shape euler")
    edges = sorted(present)
    if not is_connected(n, edges):
        raise ShapeError("thinning disconnected the graph; try another seed")
    return edges


def random_connected_graph(rng, n, m):
    if not n - 1 <= m <= n * (n - 1) // 2:
        raise ShapeError("a simple connected graph on %d islands has %d..%d bridges"
                         % (n, n - 1, n * (n - 1) // 2))
    order = list(range(n))
    rng.shuffle(order)
    edges = [(order[rng.randrange(i)], order[i]) for i in range(1, n)]
    present = {(min(u, v), max(u, v)) for u, v in edges}
    while len(edges) < m:
        u, v = rng.sample(range(n), 2)
        if (min(u, v), max(u, v)) not in present:
            present.add((min(u, v), max(u, v)))
            edges.append((u, v))
    return edges


def is_connected(n, edges):
    adjacent = [[] for _ in range(n)]
    for u, v in edges:
        adjacent[u].append(v)
        adjacent[v].append(u)
    seen = [False] * n
    seen[0] = True
    stack = [0]
    while stack:
        for w in adjacent[stack.pop()]:
            if not seen[w]:
                seen[w] = True
                stack.append(w)
    return all(seen)


def balanced_orientation(n, edges):
    """Orient an even graph along an Euler circuit (Hierholzer on the undirected graph)."""
    incident = [[] for _ in range(n)]
    for i, (u, v) in enumerate(edges):
        incident[u].append(i)
        incident[v].append(i)
    used = [False] * len(edges)
    pointer = [0] * n
    oriented = [None] * len(edges)
    stack = [(edges[0][0], -1)]
    while stack:
        v, _ = stack[-1]
        while pointer[v] < len(incident[v]) and used[incident[v][pointer[v]]]:
            pointer[v] += 1
        if pointer[v] == len(incident[v]):
            stack.pop()
            continue
        i = incident[v][pointer[v]]
        used[i] = True
        u, w = edges[i]
        nxt = w if u == v else u
        oriented[i] = (v, nxt)
        stack.append((nxt, i))
    return oriented


def build_graph(rng, args):
    """Edges as (tail, head) pairs of a planted orientation, balanced for the even shapes."""
    n, m = args.n, args.m
    if args.shape == "euler":
        return balanced_orientation(n, even_graph(rng, n, m))
    if args.shape == "cactus":
        return balanced_orientation(n, cactus(rng, n, m - n + 1)[0])
    if args.shape == "dense":
        return balanced_orientation(n, dense_even_graph(rng, n, m))
    if args.shape == "odd":
        if 4 * (m + 1) <= n * (n - 1):
            edges = even_graph(rng, n, m + 1)
        else:
            edges = dense_even_graph(rng, n, m + 1)
        edges.pop(rng.randrange(len(edges)))  # every bridge of an even graph lies on a cycle
        return [e if rng.random() < 0.5 else e[::-1] for e in edges]
    return random_connected_graph(rng, n, m)


def choose_costs(rng, style, top, target, decoy):
    """(planted way, other way) cost pair."""
    if style == "planted":
        return rng.randint(1, target), rng.randint(1, top)
    if style == "uniform":
        return rng.randint(1, top), rng.randint(1, top)
    if style == "free":
        return rng.randint(1, target), rng.randint(1, target)
    cheap, dear = rng.randint(1, target), rng.randint(target + 1, top)
    return (dear, cheap) if decoy else (cheap, dear)


def write_test(rng, args, oriented):
    n = args.n
    label = list(range(1, n + 1))
    rng.shuffle(label)
    rank = list(range(n))
    rng.shuffle(rank)
    target = args.target if args.target is not None else rng.randint(1, max(1, args.max_cost - 1))
    decoys = set(rng.sample(range(len(oriented)), min(args.decoys, len(oriented))))
    lines = ["%d %d" % (n, len(oriented))]
    rows = []
    for i, (u, v) in enumerate(oriented):
        forward, backward = choose_costs(rng, args.costs, args.max_cost, target, i in decoys)
        swap = rank[u] > rank[v] if args.write == "acyclic" else rng.random() < 0.5
        if swap:
            u, v, forward, backward = v, u, backward, forward
        rows.append("%d %d %d %d" % (label[u], label[v], forward, backward))
    rng.shuffle(rows)
    return "\n".join(lines + rows) + "\n"


def main():
    parser, args = parse_args(sys.argv[1:])
    rng = random.Random(args.seed)
    try:
        oriented = build_graph(rng, args)
    except ShapeError as error:
        parser.error(str(error))
    sys.stdout.write(write_test(rng, args, oriented))


main()
