"""Runtime error: Hierholzer's algorithm written recursively, without raising the recursion limit.

Correct otherwise (binary search and Dinic as in the reference). The recursion goes one level
deeper per bridge of the current walk, so a tour of more than about 1000 bridges without an early
dead end raises RecursionError under Python's default limit.
"""

import sys


def read_bridges():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    values = list(map(int, data[2:2 + 4 * m]))
    return n, values[0::4], values[1::4], values[2::4], values[3::4]


def has_odd_degree(n, a, b):
    degree = [0] * (n + 1)
    for u in a:
        degree[u] += 1
    for v in b:
        degree[v] += 1
    return any(d & 1 for d in degree)


def dinic(adj, head, cap, source, sink):
    """Push as much flow as possible; every augmenting path here carries exactly one unit."""
    nodes = len(adj)
    flow = 0
    while True:
        level = [-1] * nodes
        level[source] = 0
        queue = [source]
        for v in queue:
            next_level = level[v] + 1
            for arc in adj[v]:
                w = head[arc]
                if cap[arc] and level[w] < 0:
                    level[w] = next_level
                    queue.append(w)
        if level[sink] < 0:
            return flow
        flow += augment_level_graph(adj, head, cap, level, source, sink)


def augment_level_graph(adj, head, cap, level, source, sink):
    """Find unit augmenting paths in the level graph until it is blocked (iterative DFS)."""
    pointer = [0] * len(adj)
    pushed = 0
    path = []
    v = source
    while True:
        if v == sink:
            for arc in path:
                cap[arc] -= 1
                cap[arc ^ 1] += 1
            pushed += 1
            path.clear()
            v = source
            continue
        arcs = adj[v]
        i = pointer[v]
        want = level[v] + 1
        while i < len(arcs):
            arc = arcs[i]
            if cap[arc] and level[head[arc]] == want:
                break
            i += 1
        pointer[v] = i
        if i < len(arcs):
            path.append(arcs[i])
            v = head[arcs[i]]
        elif v == source:
            return pushed
        else:
            level[v] = -1  # dead end: no later path may enter v in this phase
            arc = path.pop()
            v = head[arc ^ 1]
            pointer[v] += 1


def orient(n, a, b, l, p, bound):
    """Return for each bridge its tail island under `bound`, or None if no balanced orientation."""
    m = len(a)
    tail = [0] * m
    excess = [0] * (n + 1)
    free = []
    for i in range(m):
        if l[i] <= bound:
            tail[i] = a[i]
            if p[i] <= bound:
                free.append(i)
        elif p[i] <= bound:
            tail[i] = b[i]
        else:
            return None
        u = tail[i]
        excess[u] += 1
        excess[a[i] + b[i] - u] -= 1
    source, sink = 0, n + 1
    adj = [[] for _ in range(n + 2)]
    head = []
    cap = []

    def add_arc(u, v, c):
        adj[u].append(len(head))
        head.append(v)
        cap.append(c)
        adj[v].append(len(head))
        head.append(u)
        cap.append(0)

    need = 0
    for v in range(1, n + 1):
        if excess[v] > 0:
            add_arc(source, v, excess[v] // 2)
            need += excess[v] // 2
        elif excess[v] < 0:
            add_arc(v, sink, -excess[v] // 2)
    if need == 0:
        return tail
    first_free_arc = len(head)
    for i in free:
        add_arc(a[i], b[i], 1)
    if dinic(adj, head, cap, source, sink) < need:
        return None
    for k, i in enumerate(free):
        if cap[first_free_arc + 2 * k] == 0:
            tail[i] = b[i]
    return tail


def euler_circuit(n, a, b, tail, start):
    """Bridge numbers (0-based) of an Euler circuit of the oriented graph, from `start`."""
    out = [[] for _ in range(n + 1)]
    for i, u in enumerate(tail):
        out[u].append(i)
    circuit = []

    def visit(v):
        while out[v]:
            i = out[v].pop()
            visit(a[i] + b[i] - v)
            circuit.append(i)

    visit(start)
    circuit.reverse()
    return circuit


def solve(n, a, b, l, p):
    if has_odd_degree(n, a, b):
        return "NIE\n"
    lowest = max(map(min, l, p))
    candidates = sorted({c for c in l + p if c >= lowest})
    lo, hi = 0, len(candidates) - 1  # the largest candidate always works: every bridge is free
    best = orient(n, a, b, l, p, candidates[hi])
    while lo < hi:
        mid = (lo + hi) // 2
        tail = orient(n, a, b, l, p, candidates[mid])
        if tail is None:
            lo = mid + 1
        else:
            hi = mid
            best = tail
    route = euler_circuit(n, a, b, best, 1)
    return "%d\n%s\n" % (candidates[lo], " ".join(str(i + 1) for i in route))


def main():
    n, a, b, l, p = read_bridges()
    sys.stdout.write(solve(n, a, b, l, p))


main()
