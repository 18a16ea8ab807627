"""Input validator for POJ 3281 Dining.

Checks the exact layout: line 1 is `N F D`, then one line per cow `Fi Di foods... drinks...`,
tokens separated by single spaces, every line ending in a newline, nothing after the last cow.
Exit 0 if valid; otherwise print one line naming the line and what was expected, exit 1.
"""

import re
import sys

MAX_SIZE = 100
# Nine digits at most, so that int() never sees a huge string.
INTEGER = re.compile(r"0|-?[1-9][0-9]{0,8}")


class Invalid(Exception):
    pass


def split_lines(data):
    if not data:
        raise Invalid("line 1: expected `N F D`, found an empty file")
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise Invalid("the input is not plain ASCII text") from None
    if not text.endswith("\n"):
        raise Invalid(f"line {text.count(chr(10)) + 1}: the last line must end with a newline")
    return text[:-1].split("\n")


def parse_ints(line, number, what):
    """The integers of one line: single spaces between tokens, no other white space."""
    if line == "" or line != line.strip(" ") or "  " in line or re.search(r"[^ 0-9-]", line):
        raise Invalid(
            f"line {number}: expected {what} as integers separated by single spaces, "
            f"found {line[:60]!r}"
        )
    values = []
    for token in line.split(" "):
        if not INTEGER.fullmatch(token):
            raise Invalid(
                f"line {number}: expected an integer of at most 9 digits in {what}, "
                f"found {token[:40]!r}"
            )
        values.append(int(token))
    return values


def check_range(value, low, high, number, name):
    if not low <= value <= high:
        raise Invalid(f"line {number}: expected {low} <= {name} <= {high}, found {value}")


def check_header(lines):
    values = parse_ints(lines[0], 1, "`N F D`")
    if len(values) != 3:
        raise Invalid(f"line 1: expected 3 integers `N F D`, found {len(values)}")
    for value, name in zip(values, "NFD", strict=True):
        check_range(value, 1, MAX_SIZE, 1, name)
    return values


def check_ids(ids, count, number, cow, kind):
    for item in ids:
        check_range(item, 1, count, number, f"{kind} id of cow {cow}")
    if len(set(ids)) != len(ids):
        raise Invalid(f"line {number}: cow {cow} lists a {kind} twice")


def check_cow(line, number, cow, f, d):
    values = parse_ints(line, number, f"cow {cow}")
    if len(values) < 2:
        raise Invalid(f"line {number}: expected `Fi Di` then the ids for cow {cow}")
    liked_foods, liked_drinks = values[0], values[1]
    check_range(liked_foods, 1, f, number, f"Fi of cow {cow}")
    check_range(liked_drinks, 1, d, number, f"Di of cow {cow}")
    expected = 2 + liked_foods + liked_drinks
    if len(values) != expected:
        raise Invalid(
            f"line {number}: expected {expected} integers for cow {cow} "
            f"(Fi={liked_foods}, Di={liked_drinks}), found {len(values)}"
        )
    check_ids(values[2 : 2 + liked_foods], f, number, cow, "food")
    check_ids(values[2 + liked_foods :], d, number, cow, "drink")


def validate(data):
    lines = split_lines(data)
    n, f, d = check_header(lines)
    if len(lines) < n + 1:
        raise Invalid(
            f"line {len(lines) + 1}: expected {n} cow lines after the header, "
            f"found only {len(lines) - 1}"
        )
    if len(lines) > n + 1:
        raise Invalid(
            f"line {n + 2}: expected the end of input after {n} cow lines, "
            f"found {lines[n + 1][:60]!r}"
        )
    for cow in range(1, n + 1):
        check_cow(lines[cow], cow + 1, cow, f, d)


def main():
    try:
        validate(sys.stdin.buffer.read())
    except Invalid as error:
        print(error)
        sys.exit(1)


if __name__ == "__main__":
    main()
