"""TIME LIMIT EXCEEDED: exhaustive search over the orientations of the two-way streets.

Correct, but it tries up to 2^t orientations for t two-way streets. The orientations are visited
in Gray-code order, so each step re-orients one street and updates the count of unbalanced
junctions in constant time; still, t = 40 is already far beyond the time limit.
"""
import sys


def tour_exists(m, streets):
    balance = [0] * m
    tails, heads = [], []
    for i in range(0, len(streets), 3):
        x = streets[i] - 1
        y = streets[i + 1] - 1
        balance[x] += 1
        balance[y] -= 1
        if streets[i + 2] == 0 and x != y:
            tails.append(x)
            heads.append(y)
    unbalanced = sum(1 for b in balance if b)
    if unbalanced == 0:
        return True
    for step in range(1, 1 << len(tails)):
        street = (step & -step).bit_length() - 1
        x, y = tails[street], heads[street]
        unbalanced -= (balance[x] != 0) + (balance[y] != 0)
        # Re-orient x -> y as y -> x, and remember the new direction for the next flip.
        balance[x] -= 2
        balance[y] += 2
        tails[street], heads[street] = y, x
        unbalanced += (balance[x] != 0) + (balance[y] != 0)
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
        streets = list(map(int, data[pos:pos + 3 * s]))
        pos += 3 * s
        answers.append("possible" if tour_exists(m, streets) else "impossible")
    sys.stdout.write("\n".join(answers) + "\n")


main()
