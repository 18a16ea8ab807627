"""PARTIALLY ACCEPTED: a junction-by-junction check instead of a flow.
@EXPECTED_SCORE@: 30

A junction can balance if its degree is even and its two-way streets can make up the difference
between its one-way streets out and in. With one-way streets only (subtask 3) that is exactly
"in equals out", which is right; with two-way streets a group of junctions whose two-way
streets all lead to each other, with the surplus on one side and no way out, is accepted.
"""
import sys


def tour_exists(m, streets):
    one_way = [0] * m
    two_way = [0] * m
    for i in range(0, len(streets), 3):
        x = streets[i] - 1
        y = streets[i + 1] - 1
        if x == y:
            continue
        if streets[i + 2] == 1:
            one_way[x] += 1
            one_way[y] -= 1
        else:
            two_way[x] += 1
            two_way[y] += 1
    return all((one_way[v] + two_way[v]) % 2 == 0 and abs(one_way[v]) <= two_way[v]
               for v in range(m))


def main():
    data = sys.stdin.buffer.read().split()
    scenarios = int(data[0])
    pos = 1
    answers = []
    for _ in range(scenarios):
        m, s = int(data[pos]), int(data[pos + 1])
        pos += 2
        streets = list(map(int, data[pos:pos + 3 * s]))
        pos += 3 * s
        answers.append("possible" if tour_exists(m, streets) else "impossible")
    sys.stdout.write("\n".join(answers) + "\n")


main()
