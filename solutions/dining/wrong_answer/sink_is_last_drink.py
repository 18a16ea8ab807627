"""WRONG: an off-by-one in the node numbers, the sink is F + 2N + D instead of F + 2N + D + 1.

Foods 1..F, cow entries F+1..F+N, cow exits F+N+1..F+2N, drinks F+2N+1..F+2N+D: the sink
falls on drink D itself, which then has no capacity of its own, so every cow that likes drink
D may drink it.
"""

import sys
from collections import deque


def max_flow(graph, source, sink):
    flow = 0
    while True:
        parent = {source: source}
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
            graph[v][u] = graph[v].get(u, 0) + 1
            v = u
        flow += 1


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    n, f, d = tokens[:3]
    source, sink = 0, f + 2 * n + d
    graph = [{} for _ in range(f + 2 * n + d + 2)]
    for food in range(1, f + 1):
        graph[source][food] = 1
    for drink in range(1, d + 1):
        node = f + 2 * n + drink
        if node != sink:
            graph[node][sink] = 1
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
    print(max_flow(graph, source, sink))


main()
