"""Drainage Ditches by FIFO push-relabel (preflow) with the gap heuristic.

Arcs are stored in pairs (i, i ^ 1); only the value of the flow is needed, so the first phase
(a maximum preflow) is enough: the excess that reaches the sink is the answer.
"""

import sys
from collections import deque


def max_flow(nodes, ditches):
    source, sink = 1, nodes
    heads = [[] for _ in range(nodes + 1)]
    to, cap = [], []
    for s, e, c in ditches:
        heads[s].append(len(to))
        to.append(e)
        cap.append(c)
        heads[e].append(len(to))
        to.append(s)
        cap.append(0)
    height = [0] * (nodes + 1)
    excess = [0] * (nodes + 1)
    count = [0] * (2 * nodes + 2)  # how many intersections sit at each height
    height[source] = nodes
    count[0] = nodes - 1
    count[nodes] = 1
    active = deque()
    for a in heads[source]:
        c = cap[a]
        if c and to[a] != source:
            cap[a] -= c
            cap[a ^ 1] += c
            excess[to[a]] += c
            if to[a] != sink and excess[to[a]] == c:
                active.append(to[a])
    while active:
        u = active.popleft()
        while excess[u]:
            pushed = False
            for a in heads[u]:
                v = to[a]
                if cap[a] and height[u] == height[v] + 1:
                    d = min(excess[u], cap[a])
                    cap[a] -= d
                    cap[a ^ 1] += d
                    excess[u] -= d
                    if v != source and v != sink and excess[v] == 0:
                        active.append(v)
                    excess[v] += d
                    pushed = True
                    if not excess[u]:
                        break
            if excess[u] and not pushed:
                relabel(u, heads, to, cap, height, count, nodes)
    return excess[sink]


def relabel(u, heads, to, cap, height, count, nodes):
    """Lift u just above its lowest residual neighbour; on an emptied height, lift everything
    above that gap out of the sink's reach at once (the gap heuristic)."""
    old = height[u]
    new = min((height[to[a]] for a in heads[u] if cap[a]), default=2 * nodes) + 1
    count[old] -= 1
    if count[old] == 0 and old < nodes:
        for v in range(1, nodes + 1):
            if old < height[v] < nodes:
                count[height[v]] -= 1
                height[v] = nodes + 1
                count[nodes + 1] += 1
        new = max(new, nodes + 1)
    height[u] = min(new, 2 * nodes)
    count[height[u]] += 1


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
