"""Seeded test generator for Sightseeing tour.

    generator.py [--scenarios N] [--m M | --min-m A --max-m B] [--s S | --max-s S]
                 [--shape SHAPE] [--answer possible|impossible|any]
                 [--near-miss flip|remove|odd|any] [--two-way FRACTION] --seed N

A possible scenario is planted: its streets form closed walks, so driving every street in its
planted direction is an Euler circuit; each two-way street is then written in a chosen order,
so a solver must re-orient many of them. An impossible scenario is a near miss of a planted one:
one street flipped (a one-way street reversed, or a two-way street made one-way) and checked to
break every circuit, one street removed, or one two-way street added (both leave two junctions
with odd degree). Every scenario satisfies the reachability guarantee; the same arguments give
the same bytes on every machine (only random.Random(seed) is used).

Shapes:
  planted         random closed walks on random junctions, two-way streets written in random order
  long-augment    Hamiltonian chains of two-way streets written against their planted direction:
                  each imbalance is fixed only by an augmenting path along a whole chain
  parallel        few junctions, closed walks repeated as bundles of identical parallel streets
  self-loops      planted, plus many one-way and two-way self-loops
  single-junction m = 1: only self-loops (always possible)
  slow-for-naive  bipartite: two-way streets A->B written as B A, one-way streets B->A; the flow
                  equals half the streets (about 500), which costs augmenting-path-at-a-time
                  algorithms one graph search per unit
  random          random streets on a random spanning tree from a root; the answer is drawn by
                  rejection sampling
  mixed           each scenario picks one of the shapes above (single-junction only if m may
                  be 1 and the answer may be possible, random only with --answer any)
"""
import argparse
import random
import sys

MAX_SCENARIOS = 20
MAX_JUNCTIONS = 200
MAX_STREETS = 1000
STRUCTURED = ["planted", "long-augment", "parallel", "self-loops", "slow-for-naive"]
SHAPES = STRUCTURED + ["single-junction", "random", "mixed"]
NEAR_MISSES = ["flip", "remove", "odd"]
FLIP_ATTEMPTS = 80
RANDOM_ATTEMPTS = 400


class GenerationError(Exception):
    """The requested scenario cannot be built with these options."""


# ---------------------------------------------------------------- checks used while generating


def reaches_all(m, streets):
    """True iff some junction reaches every other one (see the validator for the argument)."""
    successors = [[] for _ in range(m)]
    for x, y, d in streets:
        successors[x].append(y)
        if d == 0:
            successors[y].append(x)
    seen = [False] * m
    last = 0
    for root in range(m):
        if seen[root]:
            continue
        seen[root] = True
        stack = [(root, iter(successors[root]))]
        while stack:
            v, rest = stack[-1]
            for w in rest:
                if not seen[w]:
                    seen[w] = True
                    stack.append((w, iter(successors[w])))
                    break
            else:
                stack.pop()
                last = v
    reached = [False] * m
    reached[last] = True
    queue = [last]
    for v in queue:
        for w in successors[v]:
            if not reached[w]:
                reached[w] = True
                queue.append(w)
    return all(reached)


def tour_exists(m, streets):
    """The reference's test: parity, then a max flow (Dinic) that must saturate the source."""
    balance = [0] * m
    adj = [[] for _ in range(m + 2)]
    head, cap = [], []

    def add_arc(u, v, c):
        adj[u].append(len(head))
        head.append(v)
        cap.append(c)
        adj[v].append(len(head))
        head.append(u)
        cap.append(0)

    for x, y, d in streets:
        balance[x] += 1
        balance[y] -= 1
        if d == 0 and x != y:
            add_arc(x, y, 1)
    need = 0
    for v, b in enumerate(balance):
        if b % 2:
            return False
        if b > 0:
            add_arc(m, v, b // 2)
            need += b // 2
        elif b < 0:
            add_arc(v, m + 1, -b // 2)
    return max_flow(adj, head, cap, m, m + 1, need) == need


def max_flow(adj, head, cap, source, sink, limit):
    total = 0
    while total < limit:
        level = [-1] * len(adj)
        level[source] = 0
        queue = [source]
        for u in queue:
            for e in adj[u]:
                if cap[e] and level[head[e]] < 0:
                    level[head[e]] = level[u] + 1
                    queue.append(head[e])
        if level[sink] < 0:
            break
        current = [0] * len(adj)
        path = []
        u = source
        while True:
            if u == sink:
                for e in path:
                    cap[e] -= 1
                    cap[e ^ 1] += 1
                total += 1
                path.clear()
                u = source
                continue
            arcs = adj[u]
            while current[u] < len(arcs) and not (
                    cap[arcs[current[u]]] and level[head[arcs[current[u]]]] == level[u] + 1):
                current[u] += 1
            if current[u] < len(arcs):
                path.append(arcs[current[u]])
                u = head[arcs[current[u]]]
            elif u == source:
                break
            else:
                level[u] = -1
                path.pop()
                u = head[path[-1]] if path else source
    return total


# ---------------------------------------------------------------- planted building blocks


def cycle_lengths(rng, total, m):
    """Splits total into cycle lengths of 2..m, or 1 (a self-loop) at the end."""
    cap = max(2, m)
    lengths = []
    while total > 0:
        if total == 1:
            lengths.append(1)
            break
        length = rng.randint(2, min(cap, total))
        if total - length == 1:
            length = length + 1 if length < min(cap, total) else length - 1
        lengths.append(length)
        total -= length
    return lengths


def closed_walk(vertices):
    """Streets u -> v (planted direction) around the cycle through vertices, as (u, v)."""
    return [(vertices[i], vertices[(i + 1) % len(vertices)]) for i in range(len(vertices))]


def random_cycles(rng, m, total):
    """A Hamiltonian cycle (for reachability) plus random cycles: total planted streets, m > 1."""
    order = list(range(m))
    rng.shuffle(order)
    walks = closed_walk(order)
    for length in cycle_lengths(rng, total - m, m):
        walks += closed_walk(rng.sample(range(m), length)) if length > 1 else [(order[0],) * 2]
    return walks


def write_streets(rng, planted, two_way):
    """Makes planted (u, v) streets into (x, y, d); two-way ones are written either way round."""
    streets = []
    for u, v in planted:
        if rng.random() < two_way:
            streets.append((v, u, 0) if rng.random() < 0.5 else (u, v, 0))
        else:
            streets.append((u, v, 1))
    return streets


def build_planted(rng, m, s, two_way):
    return write_streets(rng, random_cycles(rng, m, s), two_way)


def build_long_augment(rng, m, s, two_way):
    chains = rng.randint(1, max(1, min(3, s // m - 1)))
    streets = []
    for _ in range(chains):
        order = rng.sample(range(m), m)
        streets += [(order[i + 1], order[i], 0) for i in range(m - 1)]
        streets.append((order[-1], order[0], 1))
    return streets + [(u, v, 1) for u, v in random_cycles(rng, m, s - len(streets))]


def build_parallel(rng, m, s, two_way):
    """Closed walks repeated as bundles: each street of a walk appears bundle times as written."""
    walks = [(closed_walk(rng.sample(range(m), m)), 1)]
    remaining = s - m
    while remaining >= 2:
        length = rng.randint(2, min(m, remaining))
        bundle = rng.randint(1, min(4, remaining // length))
        walks.append((closed_walk(rng.sample(range(m), length)), bundle))
        remaining -= length * bundle
    streets = []
    for walk, bundle in walks:
        for street in write_streets(rng, walk, two_way):
            streets += [street] * bundle
    return streets + [(v, v, rng.randint(0, 1)) for v in rng.choices(range(m), k=remaining)]


def build_self_loops(rng, m, s, two_way):
    loops = rng.randint(1, max(1, (s - m) // 2))
    streets = build_planted(rng, m, s - loops, two_way)
    return streets + [(v, v, rng.randint(0, 1)) for v in rng.choices(range(m), k=loops)]


def build_slow_for_naive(rng, m, s, two_way):
    """Alternating walks a -> b (two-way, written b a) and b -> a (one-way)."""
    order = rng.sample(range(m), m)
    side_a, side_b = order[: (m + 1) // 2], order[(m + 1) // 2:]
    first = []
    for i, a in enumerate(side_a):
        first += [a, side_b[i] if i < len(side_b) else rng.choice(side_b)]
    walks = [first]
    remaining = s - len(first)
    while remaining >= 2:
        half = rng.randint(1, min(remaining // 2, len(side_b), len(side_a)))
        walks.append([x for pair in zip(rng.sample(side_a, half), rng.sample(side_b, half))
                      for x in pair])
        remaining -= 2 * half
    streets = []
    for walk in walks:
        for i in range(0, len(walk), 2):
            a, b, a_next = walk[i], walk[i + 1], walk[(i + 2) % len(walk)]
            streets += [(b, a, 0), (b, a_next, 1)]
    return streets + [(v, v, 1) for v in rng.choices(range(m), k=remaining)]


def build_single_junction(rng, m, s, two_way):
    return [(0, 0, rng.randint(0, 1)) for _ in range(s)]


# Every builder takes (rng, m, s, two_way) and returns s planted streets (x, y, d) on junctions
# 0..m-1; shapes whose layout fixes which streets are two-way ignore two_way.
BUILDERS = {
    "planted": build_planted,
    "long-augment": build_long_augment,
    "parallel": build_parallel,
    "self-loops": build_self_loops,
    "slow-for-naive": build_slow_for_naive,
    "single-junction": build_single_junction,
}


# ---------------------------------------------------------------- near misses


def flip_one(rng, m, streets):
    """Changes one street so that no circuit is left, keeping reachability; None if none does."""
    candidates = [i for i, (x, y, d) in enumerate(streets) if x != y]
    rng.shuffle(candidates)
    for i in candidates[:FLIP_ATTEMPTS]:
        x, y, d = streets[i]
        changed = streets[:i] + [(y, x, 1) if d == 1 or rng.random() < 0.5 else (x, y, 1)] \
            + streets[i + 1:]
        if reaches_all(m, changed) and not tour_exists(m, changed):
            return changed
    return None


def remove_one(rng, m, streets):
    candidates = [i for i, (x, y, d) in enumerate(streets) if x != y]
    rng.shuffle(candidates)
    for i in candidates:
        changed = streets[:i] + streets[i + 1:]
        if reaches_all(m, changed):
            return changed
    return None


def add_odd(rng, m, streets):
    x, y = rng.sample(range(m), 2)
    position = rng.randint(0, len(streets))
    return streets[:position] + [(x, y, 0)] + streets[position:]


def near_miss(rng, shape, kind, m, s, two_way):
    """An impossible scenario made from a planted one by the near miss kind."""
    if kind == "flip":
        changed = flip_one(rng, m, BUILDERS[shape](rng, m, s, two_way))
        if changed is not None:
            return changed
        kind = "remove"
    if kind == "odd" and s - 1 >= lowest_s(shape, m, "possible"):
        return add_odd(rng, m, BUILDERS[shape](rng, m, s - 1, two_way))
    changed = remove_one(rng, m, BUILDERS[shape](rng, m, s + 1, two_way))
    if changed is None:
        raise GenerationError(f"no street of a {shape} scenario can be removed")
    return changed


# ---------------------------------------------------------------- scenarios


def lowest_s(shape, m, answer):
    """The fewest streets a shape needs on m junctions (a tour needs a cycle through all)."""
    if m == 1:
        return 1
    if shape == "random":
        return m if answer == "possible" else m - 1
    if shape == "long-augment":
        return 2 * m
    if shape == "slow-for-naive":
        return 2 * ((m + 1) // 2)
    if shape == "self-loops":
        return m + 1
    return m


def random_scenario(rng, m, s, want):
    """Random streets on a random spanning tree from a root; rejection sampling for want."""
    for _ in range(RANDOM_ATTEMPTS):
        order = rng.sample(range(m), m)
        streets = [(order[rng.randrange(i)], order[i], rng.randint(0, 1)) for i in range(1, m)]
        streets += [(rng.randrange(m), rng.randrange(m), rng.randint(0, 1))
                    for _ in range(s - len(streets))]
        rng.shuffle(streets)
        if want is None or tour_exists(m, streets) == want:
            return streets
    raise GenerationError(f"no random scenario with m={m} s={s} is "
                          f"{'possible' if want else 'impossible'}; try another shape or size")


def scenario(rng, options):
    answer = options.answer
    if answer == "any":
        # A single junction always has a tour.
        answer = "possible" if options.max_m == 1 else rng.choice(["possible", "impossible"])
    shape = options.shape
    if shape == "mixed":
        # Random scenarios of a given answer may need many draws; mixed leaves them to "any".
        shapes = STRUCTURED + (["random"] if options.answer == "any" else []) + (
            ["single-junction"] if options.min_m == 1 and answer == "possible" else [])
        smallest = max(2, options.min_m)
        fitting = [name for name in shapes if lowest_s(name, smallest, answer) <= options.max_s]
        shape = rng.choice(fitting or shapes)
    if shape == "single-junction" and options.answer == "any":
        answer = "possible"
    m = pick_junctions(rng, shape, answer, options)
    low = lowest_s(shape, m, answer)
    if low > options.max_s:
        raise GenerationError(f"shape {shape} on {m} junctions needs at least {low} streets")
    s = options.s or rng.randint(low, options.max_s)
    two_way = options.two_way if options.two_way is not None else rng.uniform(0.2, 0.9)
    if shape == "random":
        streets = random_scenario(rng, m, s, None if options.answer == "any"
                                  else answer == "possible")
    elif answer == "possible" or m == 1:
        streets = BUILDERS["single-junction" if m == 1 else shape](rng, m, s, two_way)
    else:
        kind = options.near_miss if options.near_miss != "any" else rng.choice(NEAR_MISSES)
        streets = near_miss(rng, shape, kind, m, s, two_way)
    return relabel(rng, m, streets)


def pick_junctions(rng, shape, answer, options):
    """m for one scenario, small enough for the shape to fit in --max-s streets.

    A single junction always has a tour; parallel wants few junctions.
    """
    if shape == "single-junction":
        if answer == "impossible":
            raise GenerationError("a single junction always has a tour")
        return 1
    low, high = options.min_m, options.max_m
    if answer == "impossible":
        if high == 1:
            raise GenerationError("a single junction always has a tour")
        low = max(2, low)
    if shape == "parallel" and options.m is None and low <= 6:
        low, high = max(2, low), max(2, min(6, high))
    while high > low and lowest_s(shape, high, answer) > options.max_s:
        high -= 1
    return rng.randint(low, high)


def relabel(rng, m, streets):
    """Random junction numbers and street order, so that no solver meets a lucky layout."""
    names = rng.sample(range(1, m + 1), m)
    streets = [(names[x], names[y], d) for x, y, d in streets]
    rng.shuffle(streets)
    return m, streets


def render(scenarios):
    lines = [str(len(scenarios))]
    for m, streets in scenarios:
        lines.append(f"{m} {len(streets)}")
        lines += [f"{x} {y} {d}" for x, y, d in streets]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- command line


def parse_options(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenarios", type=int, default=5)
    parser.add_argument("--m", type=int, help="exact number of junctions")
    parser.add_argument("--min-m", type=int, default=1)
    parser.add_argument("--max-m", type=int, default=MAX_JUNCTIONS)
    parser.add_argument("--s", type=int, help="exact number of streets")
    parser.add_argument("--max-s", type=int, default=MAX_STREETS)
    parser.add_argument("--shape", choices=SHAPES, default="mixed")
    parser.add_argument("--answer", choices=["possible", "impossible", "any"], default="any")
    parser.add_argument("--near-miss", choices=NEAR_MISSES + ["any"], default="any",
                        help="how an impossible structured scenario is made")
    parser.add_argument("--two-way", type=float, help="fraction of two-way streets "
                        "(default: random per scenario)")
    parser.add_argument("--seed", type=int, required=True)
    options = parser.parse_args(argv)
    if not 1 <= options.scenarios <= MAX_SCENARIOS:
        parser.error(f"--scenarios must be in [1, {MAX_SCENARIOS}]")
    if options.m is not None:
        options.min_m = options.max_m = options.m
    if not 1 <= options.min_m <= options.max_m <= MAX_JUNCTIONS:
        parser.error(f"need 1 <= --min-m <= --max-m <= {MAX_JUNCTIONS}")
    if options.s is not None:
        options.max_s = options.s
    if not 1 <= options.max_s <= MAX_STREETS:
        parser.error(f"--s / --max-s must be in [1, {MAX_STREETS}]")
    if options.two_way is not None and not 0 <= options.two_way <= 1:
        parser.error("--two-way must be in [0, 1]")
    return options, parser


def main(argv):
    options, parser = parse_options(argv)
    rng = random.Random(options.seed)
    try:
        scenarios = [scenario(rng, options) for _ in range(options.scenarios)]
    except GenerationError as problem:
        parser.error(str(problem))
    sys.stdout.write(render(scenarios))


main(sys.argv[1:])
