# Mistake: an undirected path is modelled by ONE pair of arcs, a -> b and b -> a, each of capacity
# 1 and cost w, that serve as each other's reverse. Undoing a path then costs +w instead of -w,
# and after one crossing the opposite arc has capacity 2, so a path can be walked twice.
import sys
from collections import deque


def add_path(add_arc_pair, a, b, w):
    add_arc_pair(a, b, 1, 1, w, w)


def cheapest_route(n, heads, to, cap, cost):
    """SPFA from field 1 over residual arcs; returns (dist, arc_into)."""
    dist = [float("inf")] * (n + 1)
    arc_into = [-1] * (n + 1)
    queued = [False] * (n + 1)
    dist[1] = 0
    queue = deque([1])
    while queue:
        u = queue.popleft()
        queued[u] = False
        for a in heads[u]:
            v = to[a]
            if cap[a] and dist[u] + cost[a] < dist[v]:
                dist[v] = dist[u] + cost[a]
                arc_into[v] = a
                if not queued[v]:
                    queued[v] = True
                    queue.append(v)
    return dist, arc_into


def tour_length(n, heads, to, cap, cost):
    total = 0
    for _ in range(2):
        dist, arc_into = cheapest_route(n, heads, to, cap, cost)
        if dist[n] == float("inf"):
            break
        total += dist[n]
        v = n
        while v != 1:
            a = arc_into[v]
            cap[a] -= 1
            cap[a ^ 1] += 1
            v = to[a ^ 1]
    return total


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    heads = [[] for _ in range(n + 1)]
    to, cap, cost = [], [], []

    def add_arc_pair(u, v, forward_cap, backward_cap, forward_cost, backward_cost):
        heads[u].append(len(to))
        to.append(v)
        cap.append(forward_cap)
        cost.append(forward_cost)
        heads[v].append(len(to))
        to.append(u)
        cap.append(backward_cap)
        cost.append(backward_cost)

    for i in range(m):
        a, b, w = data[2 + 3 * i : 5 + 3 * i]
        add_path(add_arc_pair, a, b, w)
    sys.stdout.write(f"{tour_length(n, heads, to, cap, cost)}\n")


main()
