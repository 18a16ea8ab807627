# Mistake: successive shortest paths where each route is found by a textbook Dijkstra on the
# residual network (a settled field is final, and the search stops once the barn is settled),
# although reverse arcs cost -w. Without node potentials a field can be settled before a
# cheaper way to it over a negative arc is seen, so the way back may cost more than the best.
import heapq
import sys


def add_path(heads, arcs, a, b, w):
    """Both directions of a path, each with its reverse arc: arc i and i ^ 1 pair up."""
    for u, v in ((a, b), (b, a)):
        heads[u].append(len(arcs))
        arcs.append([v, 1, w])
        heads[v].append(len(arcs))
        arcs.append([u, 0, -w])


def route(n, heads, arcs):
    """The arcs of a cheapest route from field 1 to field n, and its length, by Dijkstra."""
    dist = [None] * (n + 1)
    via = [None] * (n + 1)
    settled = [False] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heapq.heappop(heap)
        if settled[u]:
            continue
        settled[u] = True
        if u == n:
            break
        for a in heads[u]:
            v, spare, cost = arcs[a]
            if spare and not settled[v] and (dist[v] is None or d + cost < dist[v]):
                dist[v] = d + cost
                via[v] = a
                heapq.heappush(heap, (dist[v], v))
    path, v = [], n
    while v != 1:
        path.append(via[v])
        v = arcs[via[v] ^ 1][0]
    return path, dist[n]


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    heads = [[] for _ in range(n + 1)]
    arcs = []
    for i in range(m):
        add_path(heads, arcs, *data[2 + 3 * i : 5 + 3 * i])
    total = 0
    for _ in range(2):
        path, length = route(n, heads, arcs)
        for a in path:
            arcs[a][1] -= 1
            arcs[a ^ 1][1] += 1
        total += length
    sys.stdout.write(f"{total}\n")


main()
