"""TOO SLOW: Ford-Fulkerson with depth-first augmenting paths on a capacity matrix.

Correct, but a depth-first path may carry only a few units of power, and answers reach
hundreds of thousands: on the largest networks it needs far more paths than the limit allows.
"""

import re
import sys
from array import array


def augment(cap, u, sink, limit, seen):
    if u == sink:
        return limit
    seen[u] = True
    row = cap[u]
    for v in range(len(cap)):
        if row[v] > 0 and not seen[v]:
            pushed = augment(cap, v, sink, min(limit, row[v]), seen)
            if pushed:
                row[v] -= pushed
                cap[v][u] += pushed
                return pushed
    return 0


def main():
    sys.setrecursionlimit(10000)
    numbers = array("i", (int(x[0]) for x in re.finditer(rb"\d+", sys.stdin.buffer.read())))
    pos = 0
    while pos < len(numbers):
        n, stations, consumers, links = numbers[pos : pos + 4]
        pos += 4
        cap = [[0] * (n + 2) for _ in range(n + 2)]
        for _ in range(links):
            u, v, z = numbers[pos : pos + 3]
            pos += 3
            if u != v:
                cap[u][v] += z
        for _ in range(stations):
            cap[n][numbers[pos]] += numbers[pos + 1]
            pos += 2
        for _ in range(consumers):
            cap[numbers[pos]][n + 1] += numbers[pos + 1]
            pos += 2
        flow = 0
        pushed = augment(cap, n, n + 1, float("inf"), [False] * (n + 2))
        while pushed:
            flow += pushed
            pushed = augment(cap, n, n + 1, float("inf"), [False] * (n + 2))
        print(flow)


main()
