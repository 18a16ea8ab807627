"""PARTIALLY ACCEPTED: every orientation of the two-way streets, one after another.
@EXPECTED_SCORE@: 50

Right, and fast while a scenario has few two-way streets: subtask 2 (s <= 10) and subtask 3
(none at all). Walking the orientations in Gray-code order turns one street per step, so each
step updates two balances. With hundreds of two-way streets (subtask 4) it never finishes.
"""
import sys


def tour_exists(m, streets):
    """streets: (x, y, d) with 0-based junctions; two-way streets start out as x -> y."""
    balance = [0] * m
    two_way = []
    for x, y, d in streets:
        balance[x] += 1
        balance[y] -= 1
        if d == 0 and x != y:
            two_way.append((x, y))
    unbalanced = sum(1 for b in balance if b)
    if unbalanced == 0:
        return True
    turned = [False] * len(two_way)
    for step in range(1, 2 ** len(two_way)):
        street = (step & -step).bit_length() - 1  # the bit that changes in Gray-code order
        x, y = two_way[street]
        change = 2 if turned[street] else -2  # x -> y becomes y -> x, or back
        turned[street] = not turned[street]
        for v, delta in ((x, change), (y, -change)):
            before = balance[v]
            balance[v] += delta
            unbalanced += (balance[v] != 0) - (before != 0)
        if unbalanced == 0:
            return True
    return False


def main():
    data = sys.stdin.buffer.read().split()
    scenarios = int(data[0])
    pos = 1
    answers = []
    for _ in range(scenarios):
        m, s = int(data[pos]), int(data[pos + 1])
        pos += 2
        streets = []
        for i in range(s):
            x, y, d = (int(t) for t in data[pos + 3 * i:pos + 3 * i + 3])
            streets.append((x - 1, y - 1, d))
        pos += 3 * s
        answers.append("possible" if tour_exists(m, streets) else "impossible")
    sys.stdout.write("\n".join(answers) + "\n")


main()
