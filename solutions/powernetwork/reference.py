"""POJ 1459 Power Network: reference solution (Dinic with a super source and a super sink).

Every number is a run of digits between punctuation, so reading all the integers in order
is immune to however the white space is laid out. The super source feeds each power station
up to its production, each consumer feeds the super sink up to its consumption, and the
links keep their capacities: parallel links add up, self-loops can carry nothing useful and
are dropped. A node may be a station and a consumer at once; it then has both edges.
"""

import re
import sys
from array import array
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


def build_network(numbers, pos):
    """Read one data set from numbers[pos:]; return (network, source, sink, next position)."""
    n, stations, consumers, links = numbers[pos : pos + 4]
    pos += 4
    capacity = {}
    for i in range(pos, pos + 3 * links, 3):
        u, v, z = numbers[i], numbers[i + 1], numbers[i + 2]
        if u != v:
            capacity[u, v] = capacity.get((u, v), 0) + z
    pos += 3 * links
    source, sink = n, n + 1
    network = FlowNetwork(n + 2)
    for (u, v), z in capacity.items():
        network.add_edge(u, v, z)
    for i in range(pos, pos + 2 * stations, 2):
        network.add_edge(source, numbers[i], numbers[i + 1])
    pos += 2 * stations
    for i in range(pos, pos + 2 * consumers, 2):
        network.add_edge(numbers[i], sink, numbers[i + 1])
    pos += 2 * consumers
    return network, source, sink, pos


def main():
    # A compact array instead of a list of int objects: a full input holds about 330,000 numbers.
    numbers = array("i", (int(match[0]) for match in re.finditer(rb"\d+", sys.stdin.buffer.read())))
    answers = []
    pos = 0
    while pos < len(numbers):
        network, source, sink, pos = build_network(numbers, pos)
        answers.append(network.max_flow(source, sink))
    sys.stdout.write("".join(f"{a}\n" for a in answers))


if __name__ == "__main__":
    main()
