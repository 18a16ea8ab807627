"""Farm Tour (POJ 2135): a minimum-cost flow of 2 units from field 1 to field N.

Each undirected path becomes two arcs (a -> b and b -> a), each of capacity 1 and cost w, and each
arc has its own reverse arc of capacity 0 and cost -w. Two successive shortest paths, found by
Dijkstra on costs reduced by node potentials, give the cheapest pair of path-disjoint routes;
walking one out and the other back is the tour.
"""

import sys
from heapq import heappop, heappush

UNITS = 2


def build_network(n, data):
    """Return (heads, arc_to, arc_cap, arc_cost); arc i and arc i ^ 1 reverse each other."""
    m = data[1]
    heads = [[] for _ in range(n + 1)]
    arc_to = [0] * (4 * m)
    arc_cap = [0] * (4 * m)
    arc_cost = [0] * (4 * m)
    for i in range(m):
        a, b, w = data[2 + 3 * i], data[3 + 3 * i], data[4 + 3 * i]
        for k, (u, v) in enumerate(((a, b), (b, a))):
            arc = 4 * i + 2 * k
            arc_to[arc], arc_cap[arc], arc_cost[arc] = v, 1, w
            arc_to[arc + 1], arc_cost[arc + 1] = u, -w
            heads[u].append(arc)
            heads[v].append(arc + 1)
    return heads, arc_to, arc_cap, arc_cost


def shortest_path(heads, arc_to, arc_cap, arc_cost, potential, source):
    """Dijkstra over residual arcs with reduced costs (all >= 0); returns (dist, arc_into)."""
    n = len(heads)
    inf = float("inf")
    dist = [inf] * n
    arc_into = [-1] * n
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        d, u = heappop(heap)
        if d > dist[u]:
            continue
        pu = potential[u]
        for a in heads[u]:
            if arc_cap[a]:
                v = arc_to[a]
                nd = d + arc_cost[a] + pu - potential[v]
                if nd < dist[v]:
                    dist[v] = nd
                    arc_into[v] = a
                    heappush(heap, (nd, v))
    return dist, arc_into


def min_cost_flow(heads, arc_to, arc_cap, arc_cost, source, sink, units):
    potential = [0] * len(heads)
    cost = 0
    for _ in range(units):
        dist, arc_into = shortest_path(heads, arc_to, arc_cap, arc_cost, potential, source)
        for v, d in enumerate(dist):
            if d != float("inf"):
                potential[v] += d
        v = sink
        while v != source:
            a = arc_into[v]
            arc_cap[a] -= 1
            arc_cap[a ^ 1] += 1
            cost += arc_cost[a]
            v = arc_to[a ^ 1]
    return cost


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n = data[0]
    heads, arc_to, arc_cap, arc_cost = build_network(n, data)
    sys.stdout.write(f"{min_cost_flow(heads, arc_to, arc_cap, arc_cost, 1, n, UNITS)}\n")


main()
