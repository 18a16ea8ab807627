"""WRONG: augmenting paths without reverse (residual) arcs.

Each shortest path found by BFS is pushed and its links lose capacity, but no flow can ever be
sent back: when the first path takes a link that two longer paths both need, the power those
paths could carry is lost.
"""

import re
import sys
from array import array
from collections import deque


def max_flow_without_undo(cap, source, sink):
    size = len(cap)
    flow = 0
    while True:
        parent = [-1] * size
        parent[source] = source
        queue = deque([source])
        while queue and parent[sink] < 0:
            u = queue.popleft()
            for v in range(size):
                if parent[v] < 0 and cap[u][v] > 0:
                    parent[v] = u
                    queue.append(v)
        if parent[sink] < 0:
            return flow
        pushed, v = float("inf"), sink
        while v != source:
            pushed = min(pushed, cap[parent[v]][v])
            v = parent[v]
        v = sink
        while v != source:
            cap[parent[v]][v] -= pushed
            v = parent[v]
        flow += pushed


def main():
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
        print(max_flow_without_undo(cap, n, n + 1))


main()
