"""WRONG ANSWER: greedy flips without augmenting paths.

Starting from the written orientation, it repeatedly looks for a path of two-way streets from a
junction with surplus to one with deficit and re-orients the path. A street it has re-oriented
is never turned back (there are no residual arcs), so an early unlucky path can block the
re-orientations a correct solution would find.
"""
import sys


def tour_exists(m, streets):
    balance = [0] * m
    outgoing = [[] for _ in range(m)]
    for i in range(0, len(streets), 3):
        x = streets[i] - 1
        y = streets[i + 1] - 1
        balance[x] += 1
        balance[y] -= 1
        if streets[i + 2] == 0 and x != y:
            outgoing[x].append(y)
    if any(b % 2 for b in balance):
        return False
    for start in range(m):
        while balance[start] > 0:
            path = find_path(outgoing, balance, start)
            if path is None:
                return False
            for u, v in zip(path, path[1:]):
                outgoing[u].remove(v)
            balance[start] -= 2
            balance[path[-1]] += 2
    return True


def find_path(outgoing, balance, start):
    """Depth-first search over unflipped two-way streets to a junction with deficit."""
    parent = {start: None}
    stack = [start]
    while stack:
        u = stack.pop()
        if balance[u] < 0:
            path = [u]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
        for v in outgoing[u]:
            if v not in parent:
                parent[v] = u
                stack.append(v)
    return None


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
