"""Drainage Ditches by Edmonds-Karp: shortest augmenting paths found by BFS over a capacity
matrix. Parallel ditches are merged by adding their capacities into one matrix entry."""

import sys
from collections import deque


def augmenting_path(cap, nodes, source, sink):
    """Return the BFS parent of every intersection, or None when the sink is out of reach."""
    parent = [0] * (nodes + 1)
    parent[source] = source
    queue = deque([source])
    while queue:
        u = queue.popleft()
        row = cap[u]
        for v in range(1, nodes + 1):
            if row[v] > 0 and not parent[v]:
                parent[v] = u
                if v == sink:
                    return parent
                queue.append(v)
    return None


def max_flow(nodes, ditches):
    cap = [[0] * (nodes + 1) for _ in range(nodes + 1)]
    for s, e, c in ditches:
        if s != e:
            cap[s][e] += c
    flow = 0
    while True:
        parent = augmenting_path(cap, nodes, 1, nodes)
        if parent is None:
            return flow
        bottleneck = float("inf")
        v = nodes
        while v != 1:
            bottleneck = min(bottleneck, cap[parent[v]][v])
            v = parent[v]
        v = nodes
        while v != 1:
            cap[parent[v]][v] -= bottleneck
            cap[v][parent[v]] += bottleneck
            v = parent[v]
        flow += bottleneck


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    pos = 0
    out = []
    while pos < len(data):
        n, m = data[pos], data[pos + 1]
        pos += 2
        ditches = [tuple(data[pos + 3 * i : pos + 3 * i + 3]) for i in range(n)]
        pos += 3 * n
        out.append(max_flow(m, ditches))
    sys.stdout.write("".join(f"{f}\n" for f in out))


main()
