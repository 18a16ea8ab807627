# Mistake: walks the shortest route to the barn and the same route back, i.e. prints twice the
# shortest distance from 1 to N, forgetting that no path may be walked twice.
import sys
from heapq import heappop, heappush


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    adjacent = [[] for _ in range(n + 1)]
    for i in range(m):
        a, b, w = data[2 + 3 * i : 5 + 3 * i]
        adjacent[a].append((b, w))
        adjacent[b].append((a, w))
    dist = [float("inf")] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adjacent[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                heappush(heap, (d + w, v))
    sys.stdout.write(f"{2 * dist[n]}\n")


main()
