"""Too slow: lowers the bound one unit at a time from 1000, one BFS per unit of flow.

Correct: the last bound with a balanced orientation is the optimum. But the scan tests up to a
thousand bounds, each with a fresh Edmonds-Karp flow whose every augmenting path costs a BFS over
the whole network; near 1000 nearly every bridge is free and the flow is large, so large tests
with a low optimum take far beyond the time limit.
"""

import sys


def read_bridges():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    values = list(map(int, data[2:2 + 4 * m]))
    return n, values[0::4], values[1::4], values[2::4], values[3::4]


def orient(n, a, b, l, p, bound):
    """Tails of a balanced orientation with every cost <= bound, or None."""
    m = len(a)
    if any(l[i] > bound and p[i] > bound for i in range(m)):
        return None
    tail = [a[i] if l[i] <= bound else b[i] for i in range(m)]
    excess = [0] * (n + 1)
    for i in range(m):
        excess[tail[i]] += 1
        excess[a[i] + b[i] - tail[i]] -= 1
    adj = [[] for _ in range(n + 2)]
    head, cap = [], []

    def add_arc(u, v, c):
        adj[u].append(len(head))
        head.append(v)
        cap.append(c)
        adj[v].append(len(head))
        head.append(u)
        cap.append(0)

    source, sink = 0, n + 1
    need = 0
    for v in range(1, n + 1):
        if excess[v] > 0:
            add_arc(source, v, excess[v] // 2)
            need += excess[v] // 2
        elif excess[v] < 0:
            add_arc(v, sink, -excess[v] // 2)
    arc_of = {}
    for i in range(m):
        if l[i] <= bound and p[i] <= bound:
            arc_of[i] = len(head)
            add_arc(a[i], b[i], 1)
    for _ in range(need):
        via = [-1] * (n + 2)
        via[source] = -2
        queue = [source]
        for v in queue:
            for arc in adj[v]:
                if cap[arc] and via[head[arc]] == -1:
                    via[head[arc]] = arc
                    queue.append(head[arc])
        if via[sink] == -1:
            return None
        v = sink
        while v != source:
            cap[via[v]] -= 1
            cap[via[v] ^ 1] += 1
            v = head[via[v] ^ 1]
    for i, arc in arc_of.items():
        if cap[arc] == 0:
            tail[i] = b[i]
    return tail


def euler_circuit(n, a, b, tail):
    out = [[] for _ in range(n + 1)]
    for i, u in enumerate(tail):
        out[u].append(i)
    stack = [(1, -1)]
    circuit = []
    while stack:
        v, arrived_by = stack[-1]
        if out[v]:
            i = out[v].pop()
            stack.append((a[i] + b[i] - v, i))
        else:
            stack.pop()
            circuit.append(arrived_by)
    circuit.pop()
    circuit.reverse()
    return circuit


def main():
    n, a, b, l, p = read_bridges()
    degree = [0] * (n + 1)
    for u, v in zip(a, b):
        degree[u] += 1
        degree[v] += 1
    if any(d % 2 for d in degree):
        sys.stdout.write("NIE\n")
        return
    bound = 1000  # every bridge is free: an even connected graph always has a tour
    tail = orient(n, a, b, l, p, bound)
    while bound > 1:
        lower = orient(n, a, b, l, p, bound - 1)
        if lower is None:
            break
        bound, tail = bound - 1, lower
    route = euler_circuit(n, a, b, tail)
    sys.stdout.write("%d\n%s\n" % (bound, " ".join(str(i + 1) for i in route)))


main()
