"""Checker for "bridges" (testlib convention).

    checker.py INPUT OUTPUT ANSWER

Exit 0 accepted, 1 wrong answer, 2 presentation error, 3 checker failure; one line on stdout.
The answer file holds the jury's result: NIE, or the optimum and a route (which is checked too,
so a broken answer file is a checker failure, not a verdict on the contestant).
The contestant's output must be NIE exactly when the answer is; otherwise the optimum, then m
bridge numbers forming a closed walk from island 1 that crosses every bridge once, each crossing
costing at most the printed maximum. The tokens decide WA; when they are right but the lines are
not "maximum" / "route" (or the single line "NIE"), the verdict is PE.
"""

import re
import sys

ACCEPTED, WRONG_ANSWER, PRESENTATION_ERROR, FAIL = 0, 1, 2, 3
NUMBER = re.compile(rb"-?[0-9]{1,18}")


class Rejected(Exception):
    """The checked file is wrong; the message says why."""


class Verdict(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def show(token):
    text = token[:20].decode("ascii", "backslashreplace")
    return repr(text + ("..." if len(token) > 20 else ""))


def to_int(token, what):
    if not NUMBER.fullmatch(token):
        raise Rejected("%s: expected an integer, found %s" % (what, show(token)))
    return int(token)


def read_bridges(path):
    """(n, [(a, b, l, p)]) from the input file; any defect is a checker failure."""
    try:
        with open(path, "rb") as handle:
            tokens = handle.read().split()
        n, m = to_int(tokens[0], "input n"), to_int(tokens[1], "input m")
        if n < 2 or m < 1 or len(tokens) != 2 + 4 * m:
            raise Rejected("input: bad header or %d tokens for m = %d" % (len(tokens), m))
        bridges = []
        for i in range(m):
            what = "input bridge %d" % (i + 1)
            a, b, forward, backward = (to_int(t, what) for t in tokens[2 + 4 * i:6 + 4 * i])
            if not (1 <= a <= n and 1 <= b <= n and a != b):
                raise Rejected("input: bridge %d joins %d and %d" % (i + 1, a, b))
            bridges.append((a, b, forward, backward))
        return n, bridges
    except (OSError, IndexError, Rejected) as error:
        raise Verdict(FAIL, "input file is unusable: %s" % error) from None


def read_route(tokens, bridges, who):
    """Bridge indices (0-based) of the route tokens, checked for count, range and repeats."""
    m = len(bridges)
    if len(tokens) != m:
        raise Rejected("%s: expected %d bridge numbers after the maximum, found %d"
                       % (who, m, len(tokens)))
    route = []
    position_of = [0] * m
    for position, token in enumerate(tokens, 1):
        number = to_int(token, "%s: route position %d" % (who, position))
        if not 1 <= number <= m:
            raise Rejected("%s: route position %d names bridge %d, not in 1..%d"
                           % (who, position, number, m))
        if position_of[number - 1]:
            raise Rejected("%s: bridge %d is crossed twice (positions %d and %d)"
                           % (who, number, position_of[number - 1], position))
        position_of[number - 1] = position
        route.append(number - 1)
    return route


def walk(route, bridges, who):
    """Follow the route from island 1; return the crossing costs. It must end at island 1."""
    island = 1
    costs = []
    for position, i in enumerate(route, 1):
        a, b, forward, backward = bridges[i]
        if island == a:
            island, cost = b, forward
        elif island == b:
            island, cost = a, backward
        else:
            raise Rejected("%s: route position %d, bridge %d (%d-%d) does not touch island %d"
                           % (who, position, i + 1, a, b, island))
        costs.append(cost)
    if island != 1:
        raise Rejected("%s: the route ends at island %d, not at island 1" % (who, island))
    return costs


def read_result(tokens, bridges, who):
    """None for NIE, else (printed maximum, route, crossing costs)."""
    if not tokens:
        raise Rejected("%s: empty" % who)
    if tokens[0] == b"NIE":
        if len(tokens) > 1:
            raise Rejected("%s: extra output after NIE: %s" % (who, show(tokens[1])))
        return None
    printed = to_int(tokens[0], "%s: the maximum" % who)
    route = read_route(tokens[1:], bridges, who)
    return printed, route, walk(route, bridges, who)


def read_answer(path, bridges):
    try:
        with open(path, "rb") as handle:
            result = read_result(handle.read().split(), bridges, "answer file")
    except (OSError, Rejected) as error:
        raise Verdict(FAIL, str(error)) from None
    if result is not None and max(result[2]) != result[0]:
        raise Verdict(FAIL, "answer file: its route's largest cost is not its maximum")
    return None if result is None else result[0]


def judge(output, bridges, optimum):
    """Raise the verdict for the contestant's output bytes against the jury's optimum."""
    try:
        result = read_result(output.split(), bridges, "output")
    except Rejected as error:
        raise Verdict(WRONG_ANSWER, str(error)) from None
    if optimum is None:
        if result is not None:
            raise Verdict(WRONG_ANSWER, "expected NIE (some island has an odd number of bridges)")
    elif result is None:
        raise Verdict(WRONG_ANSWER, "printed NIE, but a tour with maximum %d exists" % optimum)
    else:
        check_costs(result, optimum)
    check_layout(output, 1 if optimum is None else 1 + len(bridges))


def check_costs(result, optimum):
    printed, route, costs = result
    if max(costs) < optimum:
        raise Verdict(FAIL, "the route's largest cost %d beats the jury's %d"
                      % (max(costs), optimum))
    if printed != optimum:
        raise Verdict(WRONG_ANSWER, "printed maximum %d, but the optimum is %d"
                      % (printed, optimum))
    for position, cost in enumerate(costs, 1):
        if cost > printed:
            raise Verdict(WRONG_ANSWER, "route position %d crosses bridge %d at cost %d > %d"
                          % (position, route[position - 1] + 1, cost, printed))


def check_layout(output, token_count):
    """The right tokens in the wrong lines: expect one line, or the maximum then the route."""
    lines = [line.split() for line in output.split(b"\n")]
    while lines and not lines[-1]:
        lines.pop()
    expected = [1] if token_count == 1 else [1, token_count - 1]
    if [len(line) for line in lines] != expected:
        raise Verdict(PRESENTATION_ERROR, "right tokens, but expected %d line(s) holding %s tokens"
                      % (len(expected), "/".join(map(str, expected))))


def main(argv):
    if len(argv) != 4:
        raise Verdict(FAIL, "usage: checker.py input output answer")
    _, bridges = read_bridges(argv[1])
    optimum = read_answer(argv[3], bridges)
    try:
        with open(argv[2], "rb") as handle:
            output = handle.read()
    except OSError as error:
        raise Verdict(FAIL, "cannot read the output: %s" % error) from None
    judge(output, bridges, optimum)
    return Verdict(ACCEPTED, "ok" if optimum is None else "ok, maximum %d" % optimum)


if __name__ == "__main__":
    try:
        outcome = main(sys.argv)
    except Verdict as verdict:
        outcome = verdict
    print(str(outcome).replace("\n", " "))
    sys.exit(outcome.code)
