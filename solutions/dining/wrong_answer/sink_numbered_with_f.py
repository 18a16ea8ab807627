"""WRONG: node numbering typo, the sink is 2F + 2N + 1 instead of F + 2N + D + 1.

Foods 1..F, cow entries F+1..F+N, cow exits F+N+1..F+2N, drinks F+2N+1..F+2N+D. Writing F
for D in the sink's number is harmless when D <= F (as in the sample, F = D = 3), but when
D > F the sink lands on drink F+1, which then has no capacity of its own: any number of
cows may share that drink.
"""

import sys
from collections import deque

MAX_NODES = 4 * 100 + 2  # fixed-size tables, as in the usual contest code


def max_flow(graph, source, sink):
    flow = 0
    while True:
        parent = [-1] * MAX_NODES
        parent[source] = source
        queue = deque([source])
        while queue and parent[sink] < 0:
            u = queue.popleft()
            for v, capacity in graph[u].items():
                if capacity > 0 and parent[v] < 0:
                    parent[v] = u
                    queue.append(v)
        if parent[sink] < 0:
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
    source, sink = 0, 2 * f + 2 * n + 1
    graph = [{} for _ in range(MAX_NODES)]
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
    print(max_flow(graph, source, sink))


main()
