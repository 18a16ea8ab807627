"""Validator for Farm Tour: checks the layout, every range, and that a tour exists (two routes
from field 1 to field N that share no path, found as a flow of 2 with unit path capacities).

Exit 0 when the input is valid; otherwise print one line naming the line and what was expected,
and exit 1.
"""

import re
import sys
from collections import deque

MAX_FIELDS = 1000
MAX_PATHS = 10_000
MAX_LENGTH = 34_999  # lengths are below 35000
INTEGER = re.compile(r"0|-?[1-9][0-9]*")


class Invalid(Exception):
    pass


def read_lines():
    """Split stdin into lines, insisting on ASCII text that ends with a newline."""
    raw = sys.stdin.buffer.read()
    if not raw:
        raise Invalid("line 1: expected N M, found an empty input")
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise Invalid("the input is not ASCII text") from None
    if not text.endswith("\n"):
        raise Invalid(f"line {text.count(chr(10)) + 1}: expected a newline at the end of the line")
    return text[:-1].split("\n")


def parse_line(lines, index, names, ranges):
    """Parse line `index` (0-based) as integers named `names`, each within its (low, high)."""
    if index >= len(lines):
        raise Invalid(f"line {index + 1}: expected {' '.join(names)}, found the end of input")
    tokens = lines[index].split(" ")
    if len(tokens) != len(names):
        raise Invalid(
            f"line {index + 1}: expected {len(names)} integers ({' '.join(names)}) "
            f"separated by single spaces, found {lines[index]!r}"
        )
    values = []
    for token, name, (low, high) in zip(tokens, names, ranges, strict=True):
        if not INTEGER.fullmatch(token):
            raise Invalid(f"line {index + 1}: expected integer {name}, found {token!r}")
        value = int(token)
        if not low <= value <= high:
            raise Invalid(f"line {index + 1}: expected {low} <= {name} <= {high}, found {value}")
        values.append(value)
    return values


def read_farm(lines):
    n, m = parse_line(lines, 0, ("N", "M"), ((2, MAX_FIELDS), (1, MAX_PATHS)))
    paths = [
        parse_line(lines, 1 + i, ("a", "b", "w"), ((1, n), (1, n), (1, MAX_LENGTH)))
        for i in range(m)
    ]
    if len(lines) > m + 1:
        raise Invalid(f"line {m + 2}: expected the end of input after {m} paths")
    return n, paths


def find_route(n, paths, flow):
    """One augmenting route from 1 to n; path i can carry one unit each way: flow[i] in -1..1."""
    reach = [None] * (n + 1)
    reach[1] = (0, 0)
    adjacent = [[] for _ in range(n + 1)]
    for i, (a, b, _) in enumerate(paths):
        if flow[i] < 1:
            adjacent[a].append((b, i, 1))
        if flow[i] > -1:
            adjacent[b].append((a, i, -1))
    queue = deque([1])
    while queue and reach[n] is None:
        u = queue.popleft()
        for v, i, step in adjacent[u]:
            if reach[v] is None:
                reach[v] = (u, i, step)
                queue.append(v)
    if reach[n] is None:
        return False
    v = n
    while v != 1:
        u, i, step = reach[v]
        flow[i] += step
        v = u
    return True


def check_tour_exists(n, paths):
    flow = [0] * len(paths)
    for found in range(2):
        if not find_route(n, paths, flow):
            raise Invalid(
                f"line 1: expected two routes from field 1 to field {n} that share no "
                f"path, found {found}"
            )


def main():
    try:
        n, paths = read_farm(read_lines())
        check_tour_exists(n, paths)
    except Invalid as problem:
        print(problem)
        sys.exit(1)


main()
