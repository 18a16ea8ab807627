"""WRONG: augmenting paths on the split network, but without reverse (residual) edges.

Pushing flow only lowers forward capacities; with no reverse edge a later path can never
reroute an earlier one, so the result is merely a maximal, not a maximum, flow.
"""

import sys


def find_path(graph, u, sink, seen):
    if u == sink:
        return True
    seen[u] = True
    for v in graph[u]:
        if graph[u][v] > 0 and not seen[v] and find_path(graph, v, sink, seen):
            graph[u][v] -= 1
            return True
    return False


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    n, f, d = tokens[:3]
    source, sink = 0, f + 2 * n + d + 1
    graph = [{} for _ in range(sink + 1)]
    for food in range(1, f + 1):
        graph[source][food] = 1
    for drink in range(1, d + 1):
        graph[f + 2 * n + drink][sink] = 1
    pos = 3
    for cow in range(1, n + 1):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        for food in tokens[pos : pos + liked_foods]:
            graph[food][f + cow] = 1
        pos += liked_foods
        for drink in tokens[pos : pos + liked_drinks]:
            graph[f + n + cow][f + 2 * n + drink] = 1
        pos += liked_drinks
        graph[f + cow][f + n + cow] = 1
    flow = 0
    while find_path(graph, source, sink, [False] * (sink + 1)):
        flow += 1
    print(flow)


main()
