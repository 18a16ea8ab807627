# Mistake: successive shortest paths with plain Dijkstra on the residual network, without node
# potentials. Reverse arcs cost -w, and a field settled before a negative arc reaches it keeps a
# wrong distance, so the second route can be more expensive than the best one.
import sys
from heapq import heappop, heappush


def cheapest_route(n, heads, to, cap, cost):
    dist = [float("inf")] * (n + 1)
    arc_into = [-1] * (n + 1)
    settled = [False] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heappop(heap)
        if settled[u]:
            continue
        settled[u] = True
        for a in heads[u]:
            v = to[a]
            if cap[a] and not settled[v] and d + cost[a] < dist[v]:
                dist[v] = d + cost[a]
                arc_into[v] = a
                heappush(heap, (dist[v], v))
    return dist, arc_into


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    heads = [[] for _ in range(n + 1)]
    to, cap, cost = [], [], []
    for i in range(m):
        a, b, w = data[2 + 3 * i : 5 + 3 * i]
        for u, v in ((a, b), (b, a)):
            heads[u].append(len(to))
            to += [v]
            cap += [1]
            cost += [w]
            heads[v].append(len(to))
            to += [u]
            cap += [0]
            cost += [-w]
    total = 0
    for _ in range(2):
        dist, arc_into = cheapest_route(n, heads, to, cap, cost)
        total += dist[n]
        v = n
        while v != 1:
            a = arc_into[v]
            cap[a] -= 1
            cap[a ^ 1] += 1
            v = to[a ^ 1]
    sys.stdout.write(f"{total}\n")


main()
