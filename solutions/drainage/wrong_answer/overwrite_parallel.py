# Mistake: the capacity matrix is filled with cap[s][e] = c, so of several ditches between the
# same two intersections only the last one counts (their capacities should add up).
import sys
from collections import deque


def max_flow(nodes, ditches):
    cap = [[0] * (nodes + 1) for _ in range(nodes + 1)]
    for s, e, c in ditches:
        cap[s][e] = c
    flow = 0
    while True:
        parent = [0] * (nodes + 1)
        parent[1] = 1
        queue = deque([1])
        while queue and not parent[nodes]:
            u = queue.popleft()
            for v in range(1, nodes + 1):
                if cap[u][v] > 0 and not parent[v]:
                    parent[v] = u
                    queue.append(v)
        if not parent[nodes]:
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
