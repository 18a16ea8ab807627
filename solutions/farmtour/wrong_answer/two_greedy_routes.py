# Mistake: greedy. Takes the shortest route from 1 to N, deletes the paths it used, and adds the
# shortest route back in what is left. When the best pair of routes must share a field in a
# different way (or the first route cuts the farm in two), the sum is too large or infinite.
import sys
from heapq import heappop, heappush

UNREACHABLE = 10**18


def shortest_route(n, adjacent, removed):
    """Dijkstra from field 1; returns (distance to n, ids of the paths on the route)."""
    dist = [UNREACHABLE] * (n + 1)
    via = [None] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heappop(heap)
        if d > dist[u]:
            continue
        for v, w, path in adjacent[u]:
            if path not in removed and d + w < dist[v]:
                dist[v] = d + w
                via[v] = (u, path)
                heappush(heap, (d + w, v))
    used = set()
    v = n
    while via[v] is not None:
        v, path = via[v]
        used.add(path)
    return dist[n], used


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    adjacent = [[] for _ in range(n + 1)]
    for i in range(m):
        a, b, w = data[2 + 3 * i : 5 + 3 * i]
        adjacent[a].append((b, w, i))
        adjacent[b].append((a, w, i))
    there, used = shortest_route(n, adjacent, set())
    back, _ = shortest_route(n, adjacent, used)
    sys.stdout.write(f"{there + back}\n")


main()
