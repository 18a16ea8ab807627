"""RUNTIME ERROR: the tour is built by a recursive Hierholzer walk to double-check the flow.

The answer is right whenever the program finishes: after the max flow it re-orients the two-way
streets the flow used and walks the Euler circuit. But the walk recurses once per street on the
current path, and a long circuit (about a thousand streets) passes Python's recursion limit, so
large possible scenarios end in RecursionError.
"""
import sys


def max_flow(adj, head, cap, source, sink):
    """Dinic's algorithm with an iterative DFS; arc e's reverse is e ^ 1, its head is head[e]."""
    n = len(adj)
    total = 0
    while True:
        level = [-1] * n
        level[source] = 0
        queue = [source]
        for u in queue:
            next_level = level[u] + 1
            for e in adj[u]:
                v = head[e]
                if cap[e] and level[v] < 0:
                    level[v] = next_level
                    queue.append(v)
        if level[sink] < 0:
            return total
        total += blocking_flow(adj, head, cap, level, source, sink)


def blocking_flow(adj, head, cap, level, source, sink):
    """Augment along level-increasing paths until none is left; returns the flow pushed."""
    pushed = 0
    current = [0] * len(adj)
    path = []
    u = source
    while True:
        if u == sink:
            amount = min(cap[e] for e in path)
            for e in path:
                cap[e] -= amount
                cap[e ^ 1] += amount
            pushed += amount
            path.clear()
            u = source
            continue
        arcs = adj[u]
        i = current[u]
        while i < len(arcs):
            e = arcs[i]
            if cap[e] and level[head[e]] == level[u] + 1:
                break
            i += 1
        current[u] = i
        if i < len(arcs):
            path.append(arcs[i])
            u = head[arcs[i]]
        elif u == source:
            return pushed
        else:
            # u is a dead end in this phase: drop it from the level graph and retreat.
            level[u] = -1
            path.pop()
            u = head[path[-1]] if path else source


def tour_exists(m, streets):
    balance = [0] * m
    source, sink = m, m + 1
    adj = [[] for _ in range(m + 2)]
    head = []
    cap = []
    arc_of_street = {}

    def add_arc(u, v, c):
        adj[u].append(len(head))
        head.append(v)
        cap.append(c)
        adj[v].append(len(head))
        head.append(u)
        cap.append(0)

    for i in range(0, len(streets), 3):
        x = streets[i] - 1
        y = streets[i + 1] - 1
        balance[x] += 1
        balance[y] -= 1
        if streets[i + 2] == 0 and x != y:
            arc_of_street[i] = len(head)
            add_arc(x, y, 1)
    need = 0
    for v in range(m):
        b = balance[v]
        if b % 2:
            return False
        if b > 0:
            add_arc(source, v, b // 2)
            need += b // 2
        elif b < 0:
            add_arc(v, sink, -b // 2)
    if need and max_flow(adj, head, cap, source, sink) != need:
        return False
    return circuit_length(m, streets, arc_of_street, cap) == len(streets) // 3


def circuit_length(m, streets, arc_of_street, cap):
    """Orients every street as the flow decided and counts the streets of the circuit from 1."""
    outgoing = [[] for _ in range(m)]
    for i in range(0, len(streets), 3):
        x = streets[i] - 1
        y = streets[i + 1] - 1
        if i in arc_of_street and cap[arc_of_street[i]] == 0:
            x, y = y, x
        outgoing[x].append(y)
    walked = [0]

    def walk(u):
        while outgoing[u]:
            walked[0] += 1
            walk(outgoing[u].pop())

    walk(0)
    return walked[0]


def main():
    data = sys.stdin.buffer.read().split()
    scenarios = int(data[0])
    pos = 1
    answers = []
    for _ in range(scenarios):
        m, s = int(data[pos]), int(data[pos + 1])
        pos += 2
        streets = list(map(int, data[pos:pos + 3 * s]))
        pos += 3 * s
        answers.append("possible" if tour_exists(m, streets) else "impossible")
    sys.stdout.write("\n".join(answers) + "\n")


main()
