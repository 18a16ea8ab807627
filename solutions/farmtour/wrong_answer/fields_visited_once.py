# Mistake: reads "no path twice" as "no field twice": every field other than 1 and N is split
# into an entry and an exit joined by capacity 1, so the two routes may not meet anywhere. When
# the best tour passes a field on the way out and again on the way back, the answer is too large
# (or no tour is found at all).
import sys
from heapq import heappop, heappush


def cheapest_route(heads, to, cap, cost, potential, source):
    dist = [float("inf")] * len(heads)
    arc_into = [-1] * len(heads)
    dist[source] = 0
    heap = [(0, source)]
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
    # field f enters at node 2f and leaves at node 2f + 1
    heads = [[] for _ in range(2 * n + 2)]
    to, cap, cost = [], [], []

    def add_arc(u, v, c, w):
        heads[u].append(len(to))
        to.append(v)
        cap.append(c)
        cost.append(w)
        heads[v].append(len(to))
        to.append(u)
        cap.append(0)
        cost.append(-w)

    for f in range(1, n + 1):
        add_arc(2 * f, 2 * f + 1, 2 if f in (1, n) else 1, 0)
    for i in range(m):
        a, b, w = data[2 + 3 * i : 5 + 3 * i]
        add_arc(2 * a + 1, 2 * b, 1, w)
        add_arc(2 * b + 1, 2 * a, 1, w)
    source, sink = 2, 2 * n + 1
    potential = [0] * len(heads)
    total = 0
    for _ in range(2):
        dist, arc_into = cheapest_route(heads, to, cap, cost, potential, source)
        if dist[sink] == float("inf"):
            break
        for v, d in enumerate(dist):
            if d < float("inf"):
                potential[v] += d
        v = sink
        while v != source:
            a = arc_into[v]
            cap[a] -= 1
            cap[a ^ 1] += 1
            total += cost[a]
            v = to[a ^ 1]
    sys.stdout.write(f"{total}\n")


main()
