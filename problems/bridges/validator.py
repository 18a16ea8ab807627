"""Validator for "bridges": reads one input on stdin, exit 0 if valid, else 1 and one line why.

Layout: "n m", then m lines "a b l p"; single spaces, no other blank lines, the file ends with a
newline. 2 <= n <= 1000, 1 <= m <= 2000, 1 <= a, b <= n, a != b, 1 <= l, p <= 1000, at most one
bridge per unordered pair, and the bridges connect all islands.
"""

import re
import sys

INTEGER = re.compile(r"0|[1-9][0-9]{0,8}")


class Invalid(Exception):
    pass


def read_lines(raw):
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise Invalid("the input is not ASCII text") from None
    if not text.endswith("\n"):
        raise Invalid("the input must end with a newline")
    return text[:-1].split("\n")


def parse_line(lines, index, count, names):
    """The integers of line `index` (0-based), which must hold exactly `count` of them."""
    where = "line %d" % (index + 1)
    if index >= len(lines):
        raise Invalid("%s: missing, expected %s" % (where, " ".join(names)))
    tokens = lines[index].split(" ")
    if len(tokens) != count:
        raise Invalid("%s: expected %d integers (%s) separated by single spaces, found %r"
                      % (where, count, " ".join(names), lines[index][:60]))
    for name, token in zip(names, tokens):
        if not INTEGER.fullmatch(token):
            raise Invalid("%s: %s is not a plain integer: %r" % (where, name, token[:20]))
    return [int(token) for token in tokens]


def require(condition, where, message):
    if not condition:
        raise Invalid("%s: %s" % (where, message))


def validate(raw):
    lines = read_lines(raw)
    n, m = parse_line(lines, 0, 2, ("n", "m"))
    require(2 <= n <= 1000, "line 1", "n = %d, expected 2..1000" % n)
    require(1 <= m <= 2000, "line 1", "m = %d, expected 1..2000" % m)
    pairs = {}
    parent = list(range(n + 1))
    components = n
    for i in range(1, m + 1):
        where = "line %d (bridge %d)" % (i + 1, i)
        a, b, l, p = parse_line(lines, i, 4, ("a", "b", "l", "p"))
        require(1 <= a <= n and 1 <= b <= n, where, "islands must be in 1..%d" % n)
        require(a != b, where, "a bridge must join two different islands")
        require(1 <= l <= 1000 and 1 <= p <= 1000, where, "costs must be in 1..1000")
        key = (min(a, b), max(a, b))
        require(key not in pairs, where, "islands %d and %d already joined by bridge %d"
                % (key[0], key[1], pairs.get(key, 0)))
        pairs[key] = i
        ra, rb = find(parent, a), find(parent, b)
        if ra != rb:
            parent[ra] = rb
            components -= 1
    require(len(lines) == m + 1, "line %d" % (m + 2),
            "unexpected extra line after the %d bridges: %r" % (m, lines[-1][:60]))
    if components > 1:
        raise Invalid("input: the bridges do not connect all islands (island %d is cut off "
                      "from island 1)" % first_cut_off(parent, n))


def find(parent, v):
    while parent[v] != v:
        parent[v] = parent[parent[v]]
        v = parent[v]
    return v


def first_cut_off(parent, n):
    root = find(parent, 1)
    return next(v for v in range(2, n + 1) if find(parent, v) != root)


def main():
    try:
        validate(sys.stdin.buffer.read())
    except Invalid as error:
        print(error)
        sys.exit(1)


main()
