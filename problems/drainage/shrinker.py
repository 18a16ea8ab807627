"""Shrinker for drainage: proposes smaller inputs, one JSON string per line, best first.

The cases run to the end of the input, so a format-blind shrinker can only fix the count of the
first case. These moves know the format: keep one case alone or drop one; drop the ditches that can
carry nothing, or the intersections that lie on no route from 1 to M; remove an intersection with
its ditches; route an intersection with one ditch in and one out past it; merge two intersections
joined by a ditch; merge parallel ditches; drop one ditch; renumber the intersections used as 1..k.
Intersection 1 stays the source and the last one stays the sink whenever intersections are
renumbered. `judge stress` keeps a proposal only when it is valid and the submission still fails on
it.
"""

import json
import sys

MAX_CAPACITY = 10_000_000
MAX_PROPOSALS = 1000  # each costs the judge a validator run and maybe two program runs
MAX_OUTPUT = 16 << 20  # bytes; ten big cases make big proposals


def read_cases(text):
    numbers = [int(token) for token in text.split()]
    if not numbers:
        raise ValueError("empty input")
    position, cases = 0, []
    while position < len(numbers):
        n, m = numbers[position], numbers[position + 1]
        position += 2
        if n < 0 or position + 3 * n > len(numbers):
            raise ValueError("truncated case")
        ditches = [tuple(numbers[position + 3 * i : position + 3 * i + 3]) for i in range(n)]
        position += 3 * n
        cases.append((m, ditches))
    return cases


def render(cases):
    lines = []
    for m, ditches in cases:
        lines.append(f"{len(ditches)} {m}")
        lines.extend(f"{s} {e} {c}" for s, e, c in ditches)
    return "\n".join(lines) + "\n"


def relabelled(m, ditches, kept):
    """Keep the inner intersections in `kept` (with their ditches) and renumber them in order
    as 2, 3, ...; 1 stays 1 and M becomes the last."""
    inner = sorted(v for v in kept if 1 < v < m)
    label = {1: 1, m: len(inner) + 2} | {v: i for i, v in enumerate(inner, start=2)}
    rest = [(label[s], label[e], c) for s, e, c in ditches if s in label and e in label]
    return len(inner) + 2, rest


def inner_used(m, ditches):
    return {v for s, e, _ in ditches for v in (s, e) if 1 < v < m}


def without_intersection(m, ditches, v):
    return relabelled(m, ditches, inner_used(m, ditches) - {v})


def compacted(m, ditches):
    smaller = relabelled(m, ditches, inner_used(m, ditches))
    return None if smaller == (m, ditches) else smaller


def without_dead_ditches(m, ditches):
    """Drop the ditches no flow from 1 to M uses: empty ones, loops, into 1 or out of M."""
    live = [(s, e, c) for s, e, c in ditches if c > 0 and s != e and e != 1 and s != m]
    return None if len(live) == len(ditches) else (m, live)


def reached(start, ditches, forward):
    """The intersections water from `start` can reach (forward) or that can reach `start`."""
    neighbours = {}
    for s, e, c in ditches:
        if c > 0:
            here, there = (s, e) if forward else (e, s)
            neighbours.setdefault(here, []).append(there)
    seen, stack = {start}, [start]
    while stack:
        for there in neighbours.get(stack.pop(), ()):
            if there not in seen:
                seen.add(there)
                stack.append(there)
    return seen


def on_routes_only(m, ditches):
    """Remove the intersections that no route from 1 to M passes through."""
    used = inner_used(m, ditches)
    useful = used & reached(1, ditches, True) & reached(m, ditches, False)
    return None if useful == used else relabelled(m, ditches, useful)


def routed_past(m, ditches, v):
    """Replace the one ditch into `v` and the one out of it by a ditch past `v`."""
    touching = [i for i, (s, e, _) in enumerate(ditches) if v in (s, e)]
    if len(touching) != 2:
        return None
    first, second = (ditches[i] for i in touching)
    into, out = (first, second) if first[1] == v else (second, first)
    if into[1] != v or into[0] == v or out[0] != v or out[1] == v:
        return None
    past = (into[0], out[1], min(into[2], out[2]))
    rest = [d if i != touching[0] else past for i, d in enumerate(ditches) if i != touching[1]]
    return without_intersection(m, rest, v)


def contracted(m, ditches, u, v):
    """Merge two intersections joined by a ditch into one, which is the source or the sink
    when either of them is; the ditches between them go."""
    if {u, v} == {1, m}:
        return None
    keep, gone = (v, u) if v in (1, m) else (u, v)
    rest = [
        (keep if s == gone else s, keep if e == gone else e, c)
        for s, e, c in ditches
        if {s, e} != {u, v}
    ]
    return relabelled(m, rest, inner_used(m, rest) - {gone})


def joined_pairs(ditches):
    """Each pair of distinct intersections joined by a ditch, once, in input order."""
    return dict.fromkeys(tuple(sorted((s, e))) for s, e, _ in ditches if s != e)


def parallel_merged(m, ditches):
    """For each group of parallel ditches, one proposal with the group as one ditch."""
    groups = {}
    for i, (s, e, _) in enumerate(ditches):
        if s != e:
            groups.setdefault((s, e), []).append(i)
    for indices in groups.values():
        total = sum(ditches[i][2] for i in indices)
        if len(indices) > 1 and total <= MAX_CAPACITY:
            first = ditches[indices[0]]
            yield (
                m,
                [
                    (first[0], first[1], total) if i == indices[0] else d
                    for i, d in enumerate(ditches)
                    if i == indices[0] or i not in indices
                ],
            )


def case_moves(m, ditches):
    """Smaller versions of one case, by kind of move, from the biggest bites to the smallest."""
    inner = sorted(inner_used(m, ditches), reverse=True)
    return [
        (without_dead_ditches(m, ditches), on_routes_only(m, ditches)),
        (without_intersection(m, ditches, v) for v in inner),
        (routed_past(m, ditches, v) for v in inner),
        (contracted(m, ditches, u, v) for u, v in joined_pairs(ditches)),
        parallel_merged(m, ditches),
        ((m, ditches[:i] + ditches[i + 1 :]) for i in range(len(ditches))),
        (compacted(m, ditches),),
    ]


def proposals(cases):
    if len(cases) > 1:
        for case in cases:
            yield [case]
        for index in range(len(cases)):
            yield cases[:index] + cases[index + 1 :]
    moves = [case_moves(m, ditches) for m, ditches in cases]
    for kind in range(len(moves[0])):  # one kind of move in every case before the next kind
        for index, case_kinds in enumerate(moves):
            for smaller in case_kinds[kind]:
                if smaller:
                    yield cases[:index] + [smaller] + cases[index + 1 :]


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
        cases = read_cases(sys.stdin.read())
    except (ValueError, IndexError):
        return  # not an input of this problem: nothing to propose
    texts = (render(proposal) for proposal in proposals(cases))
    sys.stdout.write("".join(bounded(texts)))


if __name__ == "__main__":
    main()
