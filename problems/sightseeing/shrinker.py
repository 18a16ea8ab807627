"""Shrinker for sightseeing: proposes smaller inputs, one JSON string per line, best first.

Moves a format-blind shrinker cannot make: keep one scenario alone, drop a scenario, remove a
junction with its streets and renumber the rest, route a junction with exactly two streets past
it, drop a pair of streets at once (which can keep every junction balanced), and renumber the
junctions that are used as 1..k. `judge stress` keeps a proposal only when it is valid and the
submission still fails on it.
"""

import json
import sys

PAIRS_UP_TO = 30  # streets in a scenario; beyond that, pairs of streets are too many to try


def read_scenarios(text):
    numbers = [int(token) for token in text.split()]
    count, position, scenarios = numbers[0], 1, []
    for _ in range(count):
        m, s = numbers[position], numbers[position + 1]
        position += 2
        streets = [tuple(numbers[position + 3 * i : position + 3 * i + 3]) for i in range(s)]
        position += 3 * s
        scenarios.append((m, streets))
    return scenarios


def render(scenarios):
    lines = [str(len(scenarios))]
    for m, streets in scenarios:
        lines.append(f"{m} {len(streets)}")
        lines.extend(f"{x} {y} {d}" for x, y, d in streets)
    return "\n".join(lines) + "\n"


def without_junction(m, streets, junction):
    def label(j):
        return j - 1 if j > junction else j

    kept = [(label(x), label(y), d) for x, y, d in streets if junction not in (x, y)]
    return m - 1, kept


def routed_past(m, streets, junction):
    """Replace the two streets of a junction that has exactly two by one street past it."""
    touching = [i for i, (x, y, _) in enumerate(streets) if junction in (x, y)]
    if len(touching) != 2:
        return None
    first, second = (streets[i] for i in touching)
    if first[0] == first[1] or second[0] == second[1]:
        return None
    ends = [x if y == junction else y for x, y, _ in (first, second)]
    # For a one-way street: +1 when it enters the junction, -1 when it leaves it; 0 two-way.
    flows = [0 if d == 0 else (1 if y == junction else -1) for x, y, d in (first, second)]
    if flows[0] and flows[1] and flows[0] == flows[1]:
        return None  # both enter or both leave: no way through
    if flows[0] == 1 or flows[1] == -1:
        merged = (ends[0], ends[1], 1)  # through from the first street's end
    elif flows[0] == -1 or flows[1] == 1:
        merged = (ends[1], ends[0], 1)
    else:
        merged = (ends[0], ends[1], 0)
    rest = [street for i, street in enumerate(streets) if i not in touching] + [merged]
    return without_junction(m, rest, junction)


def compacted(m, streets):
    order = {}
    for x, y, _ in streets:
        for j in (x, y):
            order.setdefault(j, len(order) + 1)
    if len(order) == m and all(order[j] == j for j in order):
        return None
    return max(1, len(order)), [(order[x], order[y], d) for x, y, d in streets]


def scenario_proposals(m, streets):
    renumbered = compacted(m, streets)
    if renumbered:
        yield renumbered
    for junction in range(m, 0, -1):
        routed = routed_past(m, streets, junction)
        if routed:
            yield routed
    for junction in range(m, 0, -1):
        if m > 1:
            yield without_junction(m, streets, junction)
    if len(streets) <= PAIRS_UP_TO:
        for i in range(len(streets)):
            for j in range(i + 1, len(streets)):
                yield m, [s for k, s in enumerate(streets) if k not in (i, j)]


def proposals(scenarios):
    if len(scenarios) > 1:
        for scenario in scenarios:
            yield [scenario]
        for index in range(len(scenarios)):
            yield scenarios[:index] + scenarios[index + 1 :]
    for index, (m, streets) in enumerate(scenarios):
        for smaller in scenario_proposals(m, streets):
            if smaller[1]:
                yield scenarios[:index] + [smaller] + scenarios[index + 1 :]


def main():
    try:
        scenarios = read_scenarios(sys.stdin.read())
    except (ValueError, IndexError):
        return  # not an input of this problem: nothing to propose
    out = [json.dumps(render(proposal)) for proposal in proposals(scenarios)]
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
