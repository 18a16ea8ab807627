"""WRONG: the cow is a single node (source -> food -> cow -> drink -> sink).

Without the unit edge cow_in -> cow_out nothing stops one cow from passing two units of
flow, so a cow that likes two foods and two drinks is counted as two fed cows.
"""

import sys
from collections import deque


def add_edge(graph, u, v):
    graph[u][v] = graph[u].get(v, 0) + 1
    graph[v].setdefault(u, 0)


def max_flow(graph, source, sink):
    flow = 0
    while True:
        parent = {source: None}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, capacity in graph[u].items():
                if capacity > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return flow
        v = sink
        while v != source:
            u = parent[v]
            graph[u][v] -= 1
            graph[v][u] += 1
            v = u
        flow += 1


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    n, f, d = tokens[:3]
    source, sink = 0, f + n + d + 1
    graph = [{} for _ in range(sink + 1)]
    for food in range(1, f + 1):
        add_edge(graph, source, food)
    for drink in range(1, d + 1):
        add_edge(graph, f + n + drink, sink)
    pos = 3
    for cow in range(1, n + 1):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        for food in tokens[pos : pos + liked_foods]:
            add_edge(graph, food, f + cow)
        pos += liked_foods
        for drink in tokens[pos : pos + liked_drinks]:
            add_edge(graph, f + cow, f + n + drink)
        pos += liked_drinks
    print(max_flow(graph, source, sink))


main()
