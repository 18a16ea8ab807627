"""Farm Tour by successive shortest paths with SPFA (queue-based Bellman-Ford), which copes with
the negative costs of reverse arcs directly instead of through potentials. The queue puts a field
first when its label is below the front's (small label first): without that, the largest farms
take about half the time limit.

Each undirected path gives two arcs of capacity 1 and cost w, each with a reverse arc of
capacity 0 and cost -w; two augmenting paths of one unit each make the tour.
"""

import sys
from collections import deque


def read_network():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    heads = [[] for _ in range(n + 1)]
    to, cap, cost = [], [], []
    for i in range(m):
        a, b, w = int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])
        for u, v in ((a, b), (b, a)):
            heads[u].append(len(to))
            to.append(v)
            cap.append(1)
            cost.append(w)
            heads[v].append(len(to))
            to.append(u)
            cap.append(0)
            cost.append(-w)
    return n, heads, to, cap, cost


def cheapest_route(n, heads, to, cap, cost, source):
    """Label-correcting shortest paths over residual arcs; returns (dist, arc_into).

    Small label first: a field whose new distance is below that of the queue's front goes to
    the front, which settles most fields after few visits."""
    inf = float("inf")
    dist = [inf] * (n + 1)
    arc_into = [-1] * (n + 1)
    queued = [False] * (n + 1)
    dist[source] = 0
    queue = deque([source])
    queued[source] = True
    push, push_front, pop = queue.append, queue.appendleft, queue.popleft
    while queue:
        u = pop()
        queued[u] = False
        du = dist[u]
        for a in heads[u]:
            if cap[a]:
                v = to[a]
                nd = du + cost[a]
                if nd < dist[v]:
                    dist[v] = nd
                    arc_into[v] = a
                    if not queued[v]:
                        queued[v] = True
                        if queue and nd < dist[queue[0]]:
                            push_front(v)
                        else:
                            push(v)
    return dist, arc_into


def main():
    n, heads, to, cap, cost = read_network()
    total = 0
    for _ in range(2):
        dist, arc_into = cheapest_route(n, heads, to, cap, cost, 1)
        total += dist[n]
        v = n
        while v != 1:
            a = arc_into[v]
            cap[a] -= 1
            cap[a ^ 1] += 1
            v = to[a ^ 1]
    sys.stdout.write(f"{total}\n")


main()
