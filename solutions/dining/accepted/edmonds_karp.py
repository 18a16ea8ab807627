"""POJ 3281 Dining by Edmonds-Karp: shortest augmenting paths found by BFS.

Same network as the reference (source -> food -> cow_in -> cow_out -> drink -> sink, unit
capacities); at most min(N, F, D) <= 100 augmentations of one BFS each.
"""

import sys
from collections import deque


def read_network(tokens):
    """Return (graph, source, sink); graph[u] maps v -> residual capacity."""
    n, f, d = tokens[0], tokens[1], tokens[2]
    source, sink = "S", "T"
    graph = {source: {}, sink: {}}

    def add(u, v):
        graph.setdefault(u, {})[v] = 1
        graph.setdefault(v, {}).setdefault(u, 0)

    for food in range(1, f + 1):
        add(source, ("food", food))
    for drink in range(1, d + 1):
        add(("drink", drink), sink)
    pos = 3
    for cow in range(n):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        for food in tokens[pos : pos + liked_foods]:
            add(("food", food), ("in", cow))
        pos += liked_foods
        for drink in tokens[pos : pos + liked_drinks]:
            add(("out", cow), ("drink", drink))
        pos += liked_drinks
        add(("in", cow), ("out", cow))
    return graph, source, sink


def find_path(graph, source, sink):
    parent = {source: None}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v, capacity in graph[u].items():
            if capacity > 0 and v not in parent:
                parent[v] = u
                if v == sink:
                    return parent
                queue.append(v)
    return None


def max_flow(graph, source, sink):
    flow = 0
    parent = find_path(graph, source, sink)
    while parent is not None:
        v = sink
        while v != source:  # every capacity is 1, so each path carries exactly one unit
            u = parent[v]
            graph[u][v] -= 1
            graph[v][u] += 1
            v = u
        flow += 1
        parent = find_path(graph, source, sink)
    return flow


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    graph, source, sink = read_network(tokens)
    sys.stdout.write(f"{max_flow(graph, source, sink)}\n")


if __name__ == "__main__":
    main()
