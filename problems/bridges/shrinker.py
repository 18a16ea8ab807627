"""Shrinker for bridges: proposes smaller inputs, one JSON string per line, best first.

Removing one bridge flips the parity of two islands, so a format-blind shrinker rarely finds a
smaller input that still fails. These moves keep degrees even where it matters: route an
island with exactly two bridges past it (one bridge instead, costs combined), remove a
triangle of bridges, or remove a pair of bridges; islands left without bridges are dropped and
the rest renumbered (island 1 stays island 1). `judge stress` keeps a proposal only when it is
valid and the submission still fails on it.
"""

import json
import sys

PAIRS_UP_TO = 30  # bridges; beyond that, pairs are too many to try


def read_input(text):
    numbers = [int(token) for token in text.split()]
    n, m = numbers[0], numbers[1]
    bridges = [tuple(numbers[2 + 4 * i : 6 + 4 * i]) for i in range(m)]
    if len(bridges) != m or any(len(bridge) != 4 for bridge in bridges):
        raise ValueError("truncated input")
    return n, bridges


def render(n, bridges):
    lines = [f"{n} {len(bridges)}"] + [" ".join(map(str, bridge)) for bridge in bridges]
    return "\n".join(lines) + "\n"


def cost(bridge, start):
    """What crossing `bridge` from island `start` costs."""
    a, _, along, against = bridge
    return along if start == a else against


def without_empty_islands(n, bridges):
    """Drop islands no bridge touches (never island 1) and renumber the rest in order."""
    used = {1} | {a for a, *_ in bridges} | {b for _, b, *_ in bridges}
    label = {island: index for index, island in enumerate(sorted(used), start=1)}
    return len(used), [(label[a], label[b], *costs) for a, b, *costs in bridges]


def routed_past(n, bridges, island):
    touching = [i for i, (a, b, _, _) in enumerate(bridges) if island in (a, b)]
    if island == 1 or len(touching) != 2:
        return None
    first, second = (bridges[i] for i in touching)
    start = first[0] if first[1] == island else first[1]
    end = second[0] if second[1] == island else second[1]
    joined = {frozenset(bridge[:2]) for bridge in bridges}
    if start == end or frozenset((start, end)) in joined:
        return None
    forward = max(cost(first, start), cost(second, island))
    backward = max(cost(second, end), cost(first, island))
    rest = [bridge for i, bridge in enumerate(bridges) if i not in touching]
    return without_empty_islands(n, rest + [(start, end, forward, backward)])


def triangles(bridges):
    index = {frozenset(bridge[:2]): i for i, bridge in enumerate(bridges)}
    for i, (a, b, _, _) in enumerate(bridges):
        for c in {x for pair in index for x in pair} - {a, b}:
            j, k = index.get(frozenset((b, c))), index.get(frozenset((c, a)))
            if j is not None and k is not None and i < j and i < k:
                yield {i, j, k}


def proposals(n, bridges):
    for island in range(n, 1, -1):
        routed = routed_past(n, bridges, island)
        if routed:
            yield routed
    for triangle in triangles(bridges):
        rest = [bridge for i, bridge in enumerate(bridges) if i not in triangle]
        if rest:
            yield without_empty_islands(n, rest)
    if len(bridges) <= PAIRS_UP_TO:
        for i in range(len(bridges)):
            for j in range(i + 1, len(bridges)):
                rest = [bridge for k, bridge in enumerate(bridges) if k not in (i, j)]
                if rest:
                    yield without_empty_islands(n, rest)


def main():
    try:
        n, bridges = read_input(sys.stdin.read())
    except (ValueError, IndexError):
        return  # not an input of this problem: nothing to propose
    out = [json.dumps(render(*proposal)) for proposal in proposals(n, bridges)]
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
