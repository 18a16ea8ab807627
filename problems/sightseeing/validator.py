"""Validator for Sightseeing tour: exit 0 iff stdin is a valid input, else exit 1 with one line.

    validator.py [--max-m M] [--max-s S] [--one-way] < input

The options narrow the statement's constraints to a subtask (sightseeing-subtasks): at most M
junctions and S streets per scenario, or one-way streets only.

Strict layout: lines end with a newline, tokens are separated by single spaces, integers are
written without signs or leading zeros. Every scenario must satisfy the statement's guarantee
that some junction reaches every other one by legal moves (two-way streets either way, one-way
streets forwards only); every junction 1..m counts, including junctions without streets.

When $JUDGE_BOUNDS_FILE names a file (judge verify sets it), the smallest and largest value of
n, m, s and d with their bounds go there as "NAME VALUE LOW HIGH" lines, so that verify can say
which bounds no test reaches (x and y are bounded by their scenario's m: not reported).
"""
import argparse
import os
import re
import sys

MAX_SCENARIOS = 20
MAX_JUNCTIONS = 200
MAX_STREETS = 1000
INTEGER = re.compile(r"0|[1-9][0-9]{0,8}")


class Invalid(Exception):
    """The input breaks a rule; the message says where."""


class Lines:
    """Reads the input line by line and checks each line's tokens."""

    def __init__(self, raw):
        try:
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            raise Invalid("input contains bytes that are not ASCII") from None
        if not text:
            raise Invalid("input is empty")
        if not text.endswith("\n"):
            raise Invalid(f"line {text.count(chr(10)) + 1}: missing newline at end of file")
        self.lines = text[:-1].split("\n")
        self.number = 0

    def read(self, names, where):
        """Returns the next line's tokens as integers; names says what they are."""
        if self.number == len(self.lines):
            raise Invalid(f"{where}line {self.number + 1}: expected {' '.join(names)}, "
                          "found end of file")
        line = self.lines[self.number]
        self.number += 1
        tokens = line.split(" ")
        if len(tokens) != len(names) or not all(INTEGER.fullmatch(t) for t in tokens):
            raise Invalid(f"{where}line {self.number}: expected {' '.join(names)} (integers "
                          f"separated by single spaces), found {line[:40]!r}")
        return [int(t) for t in tokens]

    def finish(self):
        if self.number != len(self.lines):
            raise Invalid(f"line {self.number + 1}: expected end of file after the last "
                          "scenario")


class Reached:
    """The extreme values each bounded variable takes in this input, with its bounds."""

    def __init__(self):
        self.seen = {}

    def add(self, name, value, low, high):
        smallest, largest, _, _ = self.seen.get(name, (value, value, low, high))
        self.seen[name] = (min(smallest, value), max(largest, value), low, high)

    def write(self, path):
        with open(path, "a") as report:
            for name, (smallest, largest, low, high) in self.seen.items():
                report.write(f"{name} {smallest} {low} {high}\n{name} {largest} {low} {high}\n")


REACHED = Reached()
REPORTED = ("n", "m", "s", "d")


def check_range(value, low, high, name, where, line):
    if name in REPORTED:
        REACHED.add(name, value, low, high)
    if not low <= value <= high:
        raise Invalid(f"{where}line {line}: {name} = {value} is outside [{low}, {high}]")


def unreached_junction(m, successors):
    """Returns (root, lost) with 1-based junctions if no junction reaches all, else None.

    If some junction reaches all, the junction that finishes last in a depth-first search
    over the whole graph does too (it lies in a source component of the condensation).
    """
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
    for v in range(m):
        if not reached[v]:
            return last + 1, v + 1
    return None


def validate_scenario(lines, index, limits):
    where = f"scenario {index}, "
    m, s = lines.read(["m", "s"], where)
    header = lines.number
    check_range(m, 1, limits.max_m, "m", where, header)
    check_range(s, 1, limits.max_s, "s", where, header)
    successors = [[] for _ in range(m)]
    for _ in range(s):
        x, y, d = lines.read(["x", "y", "d"], where)
        check_range(x, 1, m, "x", where, lines.number)
        check_range(y, 1, m, "y", where, lines.number)
        check_range(d, 0, 1, "d", where, lines.number)
        if limits.one_way and d == 0:
            raise Invalid(f"{where}line {lines.number}: d = 0, but only one-way streets "
                          "are allowed (--one-way)")
        successors[x - 1].append(y - 1)
        if d == 0:
            successors[y - 1].append(x - 1)
    unreached = unreached_junction(m, successors)
    if unreached is not None:
        root, lost = unreached
        raise Invalid(f"{where}line {header}: no junction reaches every other one (junction "
                      f"{lost} is unreachable from junction {root}, the only candidate root)")


def validate(raw, limits):
    lines = Lines(raw)
    (n,) = lines.read(["n"], "")
    check_range(n, 1, MAX_SCENARIOS, "n", "", 1)
    for index in range(1, n + 1):
        validate_scenario(lines, index, limits)
    lines.finish()


def parse_limits(argv):
    parser = argparse.ArgumentParser(description="Validator for Sightseeing tour")
    parser.add_argument("--max-m", type=int, default=MAX_JUNCTIONS)
    parser.add_argument("--max-s", type=int, default=MAX_STREETS)
    parser.add_argument("--one-way", action="store_true", help="no two-way streets (d = 1)")
    limits = parser.parse_args(argv)
    if not 1 <= limits.max_m <= MAX_JUNCTIONS or not 1 <= limits.max_s <= MAX_STREETS:
        parser.error(f"need --max-m in [1, {MAX_JUNCTIONS}] and --max-s in [1, {MAX_STREETS}]")
    return limits


def main():
    limits = parse_limits(sys.argv[1:])
    try:
        validate(sys.stdin.buffer.read(), limits)
    except Invalid as problem:
        sys.stdout.write(f"invalid: {problem}\n")
        sys.exit(1)
    if os.environ.get("JUDGE_BOUNDS_FILE"):
        REACHED.write(os.environ["JUDGE_BOUNDS_FILE"])


main()
