"""Shrinker for farmtour: proposes smaller inputs, one JSON string per line, best first.

A tour needs two routes from field 1 to field N that share no path, so removing a single path often
leaves no tour and a format-blind shrinker gets stuck. These moves know the format: drop the paths
no tour needs (loops, parallel paths beyond the two shortest, paths away from field 1's part of the
farm); remove a field with its paths; route a field with exactly two paths past it (one path,
lengths added); merge two fields joined by a path; drop a pair of paths; renumber the fields used
as 1..k. Field 1 stays the house and field N stays the last whenever fields are renumbered. `judge
stress` keeps a proposal only when it is valid and the submission still fails on it.
"""

import json
import sys

MAX_LENGTH = 34_999
PAIRS_UP_TO = 30  # paths; beyond that, pairs of paths are too many to try
MAX_PROPOSALS = 1000  # each costs the judge a validator run and maybe two program runs
MAX_OUTPUT = 16 << 20  # bytes; a big farm makes big proposals


def read_farm(text):
    numbers = [int(token) for token in text.split()]
    n, m = numbers[0], numbers[1]
    if m < 0 or len(numbers) != 2 + 3 * m:
        raise ValueError("not N M and M paths")
    return n, [tuple(numbers[2 + 3 * i : 5 + 3 * i]) for i in range(m)]


def render(n, paths):
    lines = [f"{n} {len(paths)}"] + [f"{a} {b} {w}" for a, b, w in paths]
    return "\n".join(lines) + "\n"


def relabelled(n, paths, kept):
    """Keep the inner fields in `kept` (with their paths) and renumber them in order as 2, 3,
    ...; 1 stays 1 and N becomes the last."""
    inner = sorted(v for v in kept if 1 < v < n)
    label = {1: 1, n: len(inner) + 2} | {v: i for i, v in enumerate(inner, start=2)}
    rest = [(label[a], label[b], w) for a, b, w in paths if a in label and b in label]
    return len(inner) + 2, rest


def inner_used(n, paths):
    return {v for a, b, _ in paths for v in (a, b) if 1 < v < n}


def without_field(n, paths, v):
    return relabelled(n, paths, inner_used(n, paths) - {v})


def compacted(n, paths):
    smaller = relabelled(n, paths, inner_used(n, paths))
    return None if smaller == (n, paths) else smaller


def reached_from_house(paths):
    neighbours = {}
    for a, b, _ in paths:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    seen, stack = {1}, [1]
    while stack:
        for there in neighbours.get(stack.pop(), ()):
            if there not in seen:
                seen.add(there)
                stack.append(there)
    return seen


def without_needless_paths(n, paths):
    """Drop loops, parallel paths beyond the two shortest (two routes use at most two), and
    the fields out of field 1's reach: the shortest tour never walks any of them."""
    shortest = sorted(range(len(paths)), key=lambda i: paths[i][2])
    kept, uses = set(), {}
    for i in shortest:
        a, b, _ = paths[i]
        pair = frozenset((a, b))
        if a != b and uses.get(pair, 0) < 2:
            uses[pair] = uses.get(pair, 0) + 1
            kept.add(i)
    rest = [path for i, path in enumerate(paths) if i in kept]
    smaller = relabelled(n, rest, inner_used(n, rest) & reached_from_house(rest))
    return None if smaller == (n, paths) else smaller


def routed_past(n, paths, v):
    """Replace the two paths of a field that has exactly two by one path past it."""
    touching = [i for i, (a, b, _) in enumerate(paths) if v in (a, b)]
    if len(touching) != 2:
        return None
    first, second = (paths[i] for i in touching)
    if first[0] == first[1] or second[0] == second[1] or first[2] + second[2] > MAX_LENGTH:
        return None
    start = first[0] if first[1] == v else first[1]
    end = second[0] if second[1] == v else second[1]
    past = (start, end, first[2] + second[2])
    rest = [p if i != touching[0] else past for i, p in enumerate(paths) if i != touching[1]]
    return without_field(n, rest, v)


def contracted(n, paths, u, v):
    """Merge two fields joined by a path into one, which is field 1 or N when either of them
    is; the paths between them go."""
    if {u, v} == {1, n}:
        return None
    keep, gone = (v, u) if v in (1, n) else (u, v)
    rest = [
        (keep if a == gone else a, keep if b == gone else b, w)
        for a, b, w in paths
        if {a, b} != {u, v}
    ]
    return relabelled(n, rest, inner_used(n, rest) - {gone})


def joined_pairs(paths):
    """Each pair of distinct fields joined by a path, once, in input order."""
    return dict.fromkeys(tuple(sorted((a, b))) for a, b, _ in paths if a != b)


def without_pairs(n, paths):
    for i in range(len(paths)):
        for j in range(i + 1, len(paths)):
            yield n, [path for k, path in enumerate(paths) if k not in (i, j)]


def proposals(n, paths):
    inner = sorted(inner_used(n, paths), reverse=True)
    yield without_needless_paths(n, paths)
    for v in inner:
        yield without_field(n, paths, v)
    for v in inner:
        yield routed_past(n, paths, v)
    for u, v in joined_pairs(paths):
        yield contracted(n, paths, u, v)
    if len(paths) <= PAIRS_UP_TO:
        yield from without_pairs(n, paths)
    yield compacted(n, paths)


def bounded(texts):
    """The distinct texts, as JSON lines, until MAX_PROPOSALS of them or MAX_OUTPUT bytes."""
    seen, total = set(), 0
    for text in texts:
        if text in seen:
            continue
        line = json.dumps(text) + "\n"
        total += len(line)
        if len(seen) == MAX_PROPOSALS or total > MAX_OUTPUT:
            return
        seen.add(text)
        yield line


def main():
    try:
        n, paths = read_farm(sys.stdin.read())
    except (ValueError, IndexError):
        return  # not an input of this problem: nothing to propose
    texts = (render(*p) for p in proposals(n, paths) if p and p[1])
    sys.stdout.write("".join(bounded(texts)))


if __name__ == "__main__":
    main()
