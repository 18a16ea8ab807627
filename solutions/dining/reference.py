"""POJ 3281 Dining: reference solution (Dinic).

Each cow is split into an entry and an exit node joined by a unit edge, so that a cow takes
at most one meal even when it likes several foods and drinks:
    source -> food -> cow_in -> cow_out -> drink -> sink, every capacity 1.
The maximum flow is the number of cows that get a liked food and a liked drink.
"""

import sys
from collections import deque


class FlowNetwork:
    """Residual graph in flat lists; edge e and its reverse are e and e ^ 1."""

    def __init__(self, size):
        self.size = size
        self.adj = [[] for _ in range(size)]
        self.to = []
        self.cap = []

    def add_edge(self, u, v, capacity):
        self.adj[u].append(len(self.to))
        self.to.append(v)
        self.cap.append(capacity)
        self.adj[v].append(len(self.to))
        self.to.append(u)
        self.cap.append(0)

    def build_levels(self, source, sink):
        level = [-1] * self.size
        level[source] = 0
        queue = deque([source])
        to, cap, adj = self.to, self.cap, self.adj
        while queue:
            u = queue.popleft()
            for e in adj[u]:
                v = to[e]
                if cap[e] > 0 and level[v] < 0:
                    level[v] = level[u] + 1
                    queue.append(v)
        return level if level[sink] >= 0 else None

    def push_path(self, source, sink, level, arc):
        """Find one source-sink path in the level graph and push its bottleneck.

        Iterative, with current-arc pointers: an arc that leads to a dead end is
        skipped for the rest of the phase.
        """
        to, cap, adj = self.to, self.cap, self.adj
        path = []
        u = source
        while u != sink:
            edges = adj[u]
            i = arc[u]
            next_level = level[u] + 1
            while i < len(edges) and not (cap[edges[i]] > 0 and level[to[edges[i]]] == next_level):
                i += 1
            arc[u] = i
            if i < len(edges):
                path.append(edges[i])
                u = to[edges[i]]
            elif u == source:
                return 0
            else:
                level[u] = -1
                u = to[path.pop() ^ 1]
                arc[u] += 1
        pushed = min(cap[e] for e in path)
        for e in path:
            cap[e] -= pushed
            cap[e ^ 1] += pushed
        return pushed

    def max_flow(self, source, sink):
        total = 0
        while True:
            level = self.build_levels(source, sink)
            if level is None:
                return total
            arc = [0] * self.size
            pushed = self.push_path(source, sink, level, arc)
            while pushed:
                total += pushed
                pushed = self.push_path(source, sink, level, arc)


def build_network(tokens):
    """Nodes: 0 source, 1..F foods, then N cow entries, N cow exits, D drinks, then the sink."""
    n, f, d = tokens[0], tokens[1], tokens[2]
    food_base, cow_in_base = 0, f
    cow_out_base = f + n
    drink_base = f + 2 * n
    sink = f + 2 * n + d + 1
    network = FlowNetwork(sink + 1)
    for food in range(1, f + 1):
        network.add_edge(0, food_base + food, 1)
    for drink in range(1, d + 1):
        network.add_edge(drink_base + drink, sink, 1)
    pos = 3
    for cow in range(1, n + 1):
        liked_foods, liked_drinks = tokens[pos], tokens[pos + 1]
        pos += 2
        for food in tokens[pos : pos + liked_foods]:
            network.add_edge(food_base + food, cow_in_base + cow, 1)
        pos += liked_foods
        for drink in tokens[pos : pos + liked_drinks]:
            network.add_edge(cow_out_base + cow, drink_base + drink, 1)
        pos += liked_drinks
        network.add_edge(cow_in_base + cow, cow_out_base + cow, 1)
    return network, 0, sink


def main():
    tokens = list(map(int, sys.stdin.buffer.read().split()))
    network, source, sink = build_network(tokens)
    sys.stdout.write(f"{network.max_flow(source, sink)}\n")


if __name__ == "__main__":
    main()
