# Mistake: stores the farm in a "distance matrix" style map keyed by the pair of fields and keeps
# only the shortest of several parallel paths, so tours that walk two parallel paths are lost.
import sys
from heapq import heappop, heappush


def cheapest_route(n, heads, to, cap, cost, potential):
    dist = [float("inf")] * (n + 1)
    arc_into = [-1] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heappop(heap)
        if d > dist[u]:
            continue
        for a in heads[u]:
            v = to[a]
            nd = d + cost[a] + potential[u] - potential[v]
            if cap[a] and nd < dist[v]:
                dist[v] = nd
                arc_into[v] = a
                heappush(heap, (nd, v))
    return dist, arc_into


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    shortest = {}
    for i in range(m):
        a, b, w = data[2 + 3 * i : 5 + 3 * i]
        key = (min(a, b), max(a, b))
        shortest[key] = min(w, shortest.get(key, w))
    heads = [[] for _ in range(n + 1)]
    to, cap, cost = [], [], []
    for (a, b), w in shortest.items():
        for u, v in ((a, b), (b, a)):
            heads[u].append(len(to))
            to += [v]
            cap += [1]
            cost += [w]
            heads[v].append(len(to))
            to += [u]
            cap += [0]
            cost += [-w]
    potential = [0] * (n + 1)
    total = 0
    for _ in range(2):
        dist, arc_into = cheapest_route(n, heads, to, cap, cost, potential)
        if dist[n] == float("inf"):
            break
        for v in range(n + 1):
            if dist[v] < float("inf"):
                potential[v] += dist[v]
        v = n
        while v != 1:
            a = arc_into[v]
            cap[a] -= 1
            cap[a ^ 1] += 1
            total += cost[a]
            v = to[a ^ 1]
    sys.stdout.write(f"{total}\n")


main()
