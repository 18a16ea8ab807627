"""Drainage Ditches (POJ 1273): maximum flow from intersection 1 to intersection M, by Dinic.

Each ditch becomes an arc with a paired reverse arc of capacity 0, so parallel ditches simply
add up and self-loops are harmless. Cases follow one another until the end of the input.
"""

import sys
from collections import deque


def build_network(nodes, ditches):
    """Return (heads, arc_to, arc_cap): arc i and arc i ^ 1 are each other's reverse."""
    heads = [[] for _ in range(nodes + 1)]
    arc_to, arc_cap = [], []
    for s, e, c in ditches:
        heads[s].append(len(arc_to))
        arc_to.append(e)
        arc_cap.append(c)
        heads[e].append(len(arc_to))
        arc_to.append(s)
        arc_cap.append(0)
    return heads, arc_to, arc_cap


def level_graph(heads, arc_to, arc_cap, source, sink):
    """BFS distances from source over arcs with spare capacity; None when sink is unreachable."""
    level = [-1] * len(heads)
    level[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for a in heads[u]:
            v = arc_to[a]
            if arc_cap[a] and level[v] < 0:
                level[v] = level[u] + 1
                queue.append(v)
    return level if level[sink] >= 0 else None


def push_blocking_flow(heads, arc_to, arc_cap, level, source, sink):
    """Saturate the level graph with depth-first pushes; return the flow added."""
    next_arc = [0] * len(heads)

    def push(u, limit):
        if u == sink:
            return limit
        arcs = heads[u]
        while next_arc[u] < len(arcs):
            a = arcs[next_arc[u]]
            v = arc_to[a]
            if arc_cap[a] and level[v] == level[u] + 1:
                got = push(v, min(limit, arc_cap[a]))
                if got:
                    arc_cap[a] -= got
                    arc_cap[a ^ 1] += got
                    return got
            next_arc[u] += 1
        return 0

    total = 0
    while True:
        got = push(source, float("inf"))
        if not got:
            return total
        total += got


def max_flow(nodes, ditches):
    heads, arc_to, arc_cap = build_network(nodes, ditches)
    flow = 0
    while True:
        level = level_graph(heads, arc_to, arc_cap, 1, nodes)
        if level is None:
            return flow
        flow += push_blocking_flow(heads, arc_to, arc_cap, level, 1, nodes)


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    answers = []
    while pos < len(data):
        n, m = int(data[pos]), int(data[pos + 1])
        pos += 2
        ditches = [
            (int(data[pos + 3 * i]), int(data[pos + 3 * i + 1]), int(data[pos + 3 * i + 2]))
            for i in range(n)
        ]
        pos += 3 * n
        answers.append(max_flow(m, ditches))
    sys.stdout.write("".join(f"{a}\n" for a in answers))


main()
