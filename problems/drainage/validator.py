"""Validator for Drainage Ditches: checks the layout and every constraint of the statement.

Exit 0 when the input is valid; otherwise print one line naming the case, the line and what was
expected, and exit 1.
"""

import re
import sys

MAX_CASES = 10
MAX_DITCHES = 200
MAX_NODES = 200
MAX_CAPACITY = 10_000_000
INTEGER = re.compile(r"0|-?[1-9][0-9]*")


class Invalid(Exception):
    pass


def read_lines():
    """Split stdin into lines, insisting on ASCII text that ends with a newline."""
    raw = sys.stdin.buffer.read()
    if not raw:
        raise Invalid("line 1: expected a case, found an empty input")
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise Invalid("the input is not ASCII text") from None
    if not text.endswith("\n"):
        raise Invalid(f"line {text.count(chr(10)) + 1}: expected a newline at the end of the line")
    return text[:-1].split("\n")


def parse_line(lines, index, where, names, ranges):
    """Parse line `index` (0-based) as integers named `names`, each within its (low, high)."""
    if index >= len(lines):
        raise Invalid(
            f"{where}, line {index + 1}: expected {' '.join(names)}, found the end of input"
        )
    tokens = lines[index].split(" ")
    if len(tokens) != len(names):
        raise Invalid(
            f"{where}, line {index + 1}: expected {len(names)} integers "
            f"({' '.join(names)}) separated by single spaces, found {lines[index]!r}"
        )
    values = []
    for token, name, (low, high) in zip(tokens, names, ranges, strict=True):
        if not INTEGER.fullmatch(token):
            raise Invalid(f"{where}, line {index + 1}: expected integer {name}, found {token!r}")
        value = int(token)
        if not low <= value <= high:
            raise Invalid(
                f"{where}, line {index + 1}: expected {low} <= {name} <= {high}, found {value}"
            )
        values.append(value)
    return values


def check_input(lines):
    index = 0
    case = 0
    while index < len(lines):
        case += 1
        where = f"case {case}"
        if case > MAX_CASES:
            raise Invalid(
                f"{where}, line {index + 1}: expected the end of input after {MAX_CASES} cases"
            )
        n, m = parse_line(lines, index, where, ("N", "M"), ((0, MAX_DITCHES), (2, MAX_NODES)))
        index += 1
        for _ in range(n):
            parse_line(lines, index, where, ("S", "E", "C"), ((1, m), (1, m), (0, MAX_CAPACITY)))
            index += 1


def main():
    try:
        check_input(read_lines())
    except Invalid as problem:
        print(problem)
        sys.exit(1)


main()
