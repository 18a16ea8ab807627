"""Sightseeing tour by FIFO push-relabel on the reference's network.

Two-way streets are oriented as written; a junction with surplus 2k gets k units of excess from
the source, one with deficit 2k may pass k units to the sink, and each two-way street x -> y is
an arc of capacity 1. A tour exists iff every balance is even and the maximum preflow brings all
the surplus to the sink. Heights start exact (breadth-first from the sink), and a gap in the
heights lifts every junction above it at once, so junctions cut off from the sink stop cycling.
"""
import sys
from collections import deque


def max_preflow(adj, head, cap, source, sink):
    """The value of a maximum flow: the excess the sink holds once no junction is active."""
    n = len(adj)
    height = exact_heights(adj, head, cap, sink)
    height[source] = n
    count = [0] * (2 * n + 1)
    for h in height:
        count[h] += 1
    excess = [0] * n
    current = [0] * n
    active = deque()
    for e in adj[source]:
        if cap[e]:
            v = head[e]
            excess[v] += cap[e]
            cap[e ^ 1] += cap[e]
            cap[e] = 0
            active.append(v)  # a junction: the source's arcs lead to distinct junctions
    while active:
        u = active.popleft()
        arcs = adj[u]
        while excess[u]:
            if current[u] == len(arcs):
                relabel(u, adj, head, cap, height, count, n)
                current[u] = 0
                continue
            e = arcs[current[u]]
            v = head[e]
            if cap[e] and height[u] == height[v] + 1:
                amount = min(excess[u], cap[e])
                cap[e] -= amount
                cap[e ^ 1] += amount
                excess[u] -= amount
                if not excess[v] and v != source and v != sink:
                    active.append(v)
                excess[v] += amount
            else:
                current[u] += 1
    return excess[sink]


def exact_heights(adj, head, cap, sink):
    """Residual distance to the sink, or len(adj) for nodes that cannot reach it."""
    n = len(adj)
    height = [n] * n
    height[sink] = 0
    queue = [sink]
    for v in queue:
        for e in adj[v]:
            u = head[e]
            if cap[e ^ 1] and height[u] == n:
                height[u] = height[v] + 1
                queue.append(u)
    return height


def relabel(u, adj, head, cap, height, count, n):
    old = height[u]
    new = min(height[head[e]] for e in adj[u] if cap[e]) + 1
    count[old] -= 1
    if count[old] == 0 and old < n:
        # Gap: nothing at height old any more, so no node above it can reach the sink.
        for v in range(n):
            if old < height[v] < n:
                count[height[v]] -= 1
                height[v] = n + 1
                count[n + 1] += 1
        new = max(new, n + 1)
    height[u] = min(new, 2 * n)
    count[height[u]] += 1


def tour_exists(m, streets):
    balance = [0] * m
    source, sink = m, m + 1
    adj = [[] for _ in range(m + 2)]
    head = []
    cap = []

    def add_arc(u, v, c):
        adj[u].append(len(head))
        head.append(v)
        cap.append(c)
        adj[v].append(len(head))
        head.append(u)
        cap.append(0)

    for i in range(0, len(streets), 3):
        x = streets[i] - 1
        y = streets[i + 1] - 1
        balance[x] += 1
        balance[y] -= 1
        if streets[i + 2] == 0 and x != y:
            add_arc(x, y, 1)
    need = 0
    for v in range(m):
        b = balance[v]
        if b % 2:
            return False
        if b > 0:
            add_arc(source, v, b // 2)
            need += b // 2
        elif b < 0:
            add_arc(v, sink, -b // 2)
    return need == 0 or max_preflow(adj, head, cap, source, sink) == need


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
