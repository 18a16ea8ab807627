"""Validator for Guess the number: exit 0 iff stdin is a valid test, else exit 1 with one line.

A test is `t` on the first line, then t games `n x` with 1 <= x <= n <= 10^9; lines end with a
newline, numbers are separated by single spaces and have no signs or leading zeros.
"""
import re
import sys

MAX_GAMES = 20
MAX_N = 10 ** 9
INTEGER = re.compile(r"[1-9][0-9]{0,9}")


class Invalid(Exception):
    """The input breaks a rule; the message says where."""


def numbers(line, number, names):
    tokens = line.split(" ")
    if len(tokens) != len(names) or not all(INTEGER.fullmatch(t) for t in tokens):
        raise Invalid(f"line {number}: expected {' '.join(names)} (positive integers separated "
                      f"by single spaces), found {line[:40]!r}")
    return [int(t) for t in tokens]


def validate(raw):
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise Invalid("input contains bytes that are not ASCII") from None
    if not text.endswith("\n"):
        raise Invalid("missing newline at end of file" if text else "input is empty")
    lines = text[:-1].split("\n")
    (games,) = numbers(lines[0], 1, ["t"])
    if games > MAX_GAMES:
        raise Invalid(f"line 1: t = {games} is outside [1, {MAX_GAMES}]")
    if len(lines) != games + 1:
        raise Invalid(f"expected {games} games after line 1, found {len(lines) - 1} lines")
    for number, line in enumerate(lines[1:], start=2):
        n, x = numbers(line, number, ["n", "x"])
        if n > MAX_N:
            raise Invalid(f"line {number}: n = {n} is outside [1, {MAX_N}]")
        if x > n:
            raise Invalid(f"line {number}: x = {x} is outside [1, n = {n}]")


def main():
    try:
        validate(sys.stdin.buffer.read())
    except Invalid as problem:
        sys.stdout.write(f"invalid: {problem}\n")
        sys.exit(1)


main()
