"""Shrinker for powernetwork: proposes smaller inputs, one JSON string per line, best first.

The white-space tokens of this format are whole items such as `(0,1)20`, so a format-blind
shrinker can neither lower a capacity nor drop an item while fixing the counts in the header.
These moves can: keep one data set alone, drop a data set, lay the input out as one data set a
line, remove the nodes that nothing names, remove a node with every item that names it and
renumber the others (0-based), route a dispatcher with one link in and one out past it, drop
runs of links, stations or consumers, and lower capacities to fewer digits. Moves other than
the layout keep the white space before each remaining item, so a failure that depends on the
layout (a blank line, a data set that starts mid-line) survives them. `judge stress` keeps a
proposal only when it is valid and the submission still fails on it.
"""

import json
import re
import sys
from dataclasses import dataclass, replace

ITEM = re.compile(r"([ \t\n]*)([^ \t\n]+)")
LINK = re.compile(r"\((\d+),(\d+)\)(\d+)")
DOUBLET = re.compile(r"\((\d+)\)(\d+)")
NUMBER = re.compile(r"(\d+)")
MOST_RUNS = 64  # runs of items dropped at once per list; single items when the list is short
ITEMS_UP_TO = 64  # items in a data set; beyond that, lowering each capacity is too many to try
OUTPUT_BUDGET = 32 * 1024 * 1024  # bytes; the judge caps a shrinker's output at 64 MB


@dataclass(frozen=True)
class DataSet:
    """One network; every item keeps the white space that came before it (its gap)."""

    n: int
    header_gaps: tuple  # before each of `n np nc m`
    links: tuple  # (gap, u, v, z)
    stations: tuple  # (gap, u, z)
    consumers: tuple  # (gap, u, z)

    def items(self):
        counts = (self.n, len(self.stations), len(self.consumers), len(self.links))
        yield from zip(self.header_gaps, map(str, counts), strict=True)
        yield from ((gap, f"({u},{v}){z}") for gap, u, v, z in self.links)
        yield from ((gap, f"({u}){z}") for gap, u, z in self.stations + self.consumers)


class Reader:
    """The items of the input in order, each as (gap, numbers of the given pattern)."""

    def __init__(self, text):
        self.items, end = [], 0
        for match in ITEM.finditer(text):
            self.items.append(match.groups())
            end = match.end()
        self.tail = text[end:]  # the white space after the last item
        self.pos = 0

    def take(self, pattern):
        gap, token = self.items[self.pos]
        match = pattern.fullmatch(token)
        if not match:
            raise ValueError(f"unexpected item {token!r}")
        self.pos += 1
        return (gap, *map(int, match.groups()))

    def data_set(self):
        header = [self.take(NUMBER) for _ in range(4)]
        (_, n), (_, np), (_, nc), (_, m) = header
        return DataSet(
            n=n,
            header_gaps=tuple(gap for gap, _ in header),
            links=tuple(self.take(LINK) for _ in range(m)),
            stations=tuple(self.take(DOUBLET) for _ in range(np)),
            consumers=tuple(self.take(DOUBLET) for _ in range(nc)),
        )


def read_input(text):
    reader = Reader(text)
    data_sets = []
    while reader.pos < len(reader.items):
        data_sets.append(reader.data_set())
    if not data_sets:
        raise ValueError("no data set")
    return data_sets, reader.tail


def render(data_sets, tail):
    return "".join(gap + item for data in data_sets for gap, item in data.items()) + tail


def laid_out(data_sets):
    """One data set a line, single spaces between items."""
    lines = (" ".join(item for _, item in data.items()) for data in data_sets)
    return "\n".join(lines) + "\n"


def renumbered(data, label, n):
    """The data set on n nodes with node u renamed label[u]; items naming no label go."""
    return replace(
        data,
        n=n,
        links=tuple(
            (gap, label[u], label[v], z) for gap, u, v, z in data.links if u in label and v in label
        ),
        stations=tuple((gap, label[u], z) for gap, u, z in data.stations if u in label),
        consumers=tuple((gap, label[u], z) for gap, u, z in data.consumers if u in label),
    )


def without_node(data, node):
    label = {u: u - (u > node) for u in range(data.n) if u != node}
    return renumbered(data, label, data.n - 1)


def named_nodes(data):
    return (
        {u for _, u, _, _ in data.links}
        | {v for _, _, v, _ in data.links}
        | {u for _, u, _ in data.stations + data.consumers}
    )


def compacted(data):
    """The nodes that no item names removed, the others renumbered in order."""
    used = sorted(named_nodes(data))
    return renumbered(data, {u: label for label, u in enumerate(used)}, len(used))


def routed_past(data, node):
    """A dispatcher with one link in and one out replaced by one link, then removed."""
    if any(u == node for _, u, _ in data.stations + data.consumers):
        return None
    touching = [i for i, (_, u, v, _) in enumerate(data.links) if node in (u, v)]
    if len(touching) != 2:
        return None
    first, second = (data.links[i] for i in touching)
    if first[2] == node and second[1] == node and node not in (first[1], second[2]):
        gap, start, end = first[0], first[1], second[2]
    elif second[2] == node and first[1] == node and node not in (second[1], first[2]):
        gap, start, end = first[0], second[1], first[2]
    else:
        return None
    links = list(data.links)
    links[touching[0]] = (gap, start, end, min(first[3], second[3]))
    del links[touching[1]]
    return without_node(replace(data, links=tuple(links)), node)


def runs(count):
    """(start, stop) of runs to drop: halves, quarters, ... down to single items."""
    length = max(1, count // 2)
    while count:
        if count // length > MOST_RUNS:
            return
        yield from ((start, min(start + length, count)) for start in range(0, count, length))
        if length == 1:
            return
        length //= 2


def without_runs(data, field):
    items = getattr(data, field)
    for start, stop in runs(len(items)):
        yield replace(data, **{field: items[:start] + items[stop:]})


def fewer_digits(value):
    """Values below `value` written with fewer digits: 0, 1 and a tenth of it."""
    return [
        lower for lower in dict.fromkeys((0, 1, value // 10)) if len(str(lower)) < len(str(value))
    ]


def scaled_down(data):
    """Every capacity a tenth of itself (rounded down): about the same network, shorter."""
    return replace(
        data,
        links=tuple((gap, u, v, z // 10) for gap, u, v, z in data.links),
        stations=tuple((gap, u, z // 10) for gap, u, z in data.stations),
        consumers=tuple((gap, u, z // 10) for gap, u, z in data.consumers),
    )


def with_lower_capacities(data):
    for field in ("links", "stations", "consumers"):
        items = getattr(data, field)
        for index, item in enumerate(items):
            for lower in fewer_digits(item[-1]):
                changed = items[:index] + ((*item[:-1], lower),) + items[index + 1 :]
                yield replace(data, **{field: changed})


def smaller_data_sets(data):
    yield compacted(data)
    for node in range(data.n - 1, -1, -1):
        yield without_node(data, node)
    for node in range(data.n - 1, -1, -1):
        routed = routed_past(data, node)
        if routed:
            yield routed
    for field in ("links", "stations", "consumers"):
        yield from without_runs(data, field)
    if any(item[-1] >= 10 for item in data.links + data.stations + data.consumers):
        yield scaled_down(data)
    if len(data.links) + len(data.stations) + len(data.consumers) <= ITEMS_UP_TO:
        yield from with_lower_capacities(data)


def proposals(data_sets, tail):
    """Whole inputs, as text; the first is the layout, which changes no item."""
    yield laid_out(data_sets)
    if len(data_sets) > 1:
        for data in data_sets:
            yield render([data], tail)
        for index in range(len(data_sets)):
            yield render(data_sets[:index] + data_sets[index + 1 :], tail)
    for index, data in enumerate(data_sets):
        for smaller in smaller_data_sets(data):
            yield render(data_sets[:index] + [smaller] + data_sets[index + 1 :], tail)


def main():
    text = sys.stdin.read()
    try:
        data_sets, tail = read_input(text)
    except (ValueError, IndexError):
        return  # not an input of this problem: nothing to propose
    seen, written = {text}, 0
    for proposal in proposals(data_sets, tail):
        if proposal in seen:
            continue
        seen.add(proposal)
        line = json.dumps(proposal) + "\n"
        written += len(line)
        if written > OUTPUT_BUDGET:
            break
        sys.stdout.write(line)


if __name__ == "__main__":
    main()
