"""Bridges: lower the bound step by step, repairing the orientation with one reversed path each.

Start from an Euler circuit of the undirected graph: its orientation is balanced. Repeatedly take
the bridge whose current way is dearest (cost c) and turn it round. That leaves its new tail v
with one bridge too many going out and its new head u with one too many coming in; a directed
path v -> ... -> u made of bridges whose other way costs less than c, all turned round, restores
the balance. If no such path exists, no balanced orientation keeps every cost below c (the
bridges where the current and any cheaper orientation differ would contain one), so c is the
answer. A bridge turned round as the dearest can never turn back (its old way costs c), so
there are at most m + 1 searches.
"""

import heapq
import sys


def read_bridges():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    values = list(map(int, data[2:2 + 4 * m]))
    return n, values[0::4], values[1::4], values[2::4], values[3::4]


def incident_bridges(n, a, b):
    incident = [[] for _ in range(n + 1)]
    for i in range(len(a)):
        incident[a[i]].append(i)
        incident[b[i]].append(i)
    return incident


def undirected_circuit_tails(n, a, b, incident):
    """Tail of every bridge when the undirected graph is walked along an Euler circuit."""
    tail = [0] * len(a)
    used = [False] * len(a)
    pointer = [0] * (n + 1)
    stack = [1]
    while stack:
        v = stack[-1]
        edges = incident[v]
        i = pointer[v]
        while i < len(edges) and used[edges[i]]:
            i += 1
        pointer[v] = i
        if i == len(edges):
            stack.pop()
            continue
        e = edges[i]
        used[e] = True
        tail[e] = v
        stack.append(a[e] + b[e] - v)
    return tail


class Orientation:
    def __init__(self, n, a, b, l, p, incident, tail):
        self.a, self.b, self.l, self.p = a, b, l, p
        self.incident = incident
        self.tail = tail
        self.seen = [0] * (n + 1)
        self.stamp = 0
        self.parent_edge = [0] * (n + 1)

    def cost(self, e):
        return self.l[e] if self.tail[e] == self.a[e] else self.p[e]

    def other_cost(self, e):
        return self.p[e] if self.tail[e] == self.a[e] else self.l[e]

    def flip(self, e):
        self.tail[e] = self.a[e] + self.b[e] - self.tail[e]

    def reverse_path(self, start, goal, bound):
        """Turn round a directed path start -> goal of bridges whose other way costs < bound.

        Return the bridges turned round, or None if there is no such path.
        """
        self.stamp += 1
        stamp, seen, parent_edge = self.stamp, self.seen, self.parent_edge
        a, b, l, p, tail, incident = self.a, self.b, self.l, self.p, self.tail, self.incident
        seen[start] = stamp
        queue = [start]
        for v in queue:
            for e in incident[v]:
                if tail[e] != v or (p[e] if v == a[e] else l[e]) >= bound:
                    continue
                w = a[e] + b[e] - v
                if seen[w] != stamp:
                    seen[w] = stamp
                    parent_edge[w] = e
                    if w == goal:
                        return self.flip_path_to(start, goal)
                    queue.append(w)
        return None

    def flip_path_to(self, start, goal):
        flipped = []
        v = goal
        while v != start:
            e = self.parent_edge[v]
            v = self.tail[e]
            self.flip(e)
            flipped.append(e)
        return flipped


def lower_bound_as_far_as_possible(orientation, m):
    """Return the optimum; the orientation is left balanced with every cost at most that."""
    heap = [(-orientation.cost(e), e) for e in range(m)]
    heapq.heapify(heap)
    while True:
        negative, e = heap[0]
        if -negative != orientation.cost(e):  # stale: the bridge was turned round since
            heapq.heappop(heap)
            continue
        bound = -negative
        if orientation.other_cost(e) >= bound:
            return bound
        orientation.flip(e)
        new_tail = orientation.tail[e]
        flipped = orientation.reverse_path(new_tail, orientation.a[e] + orientation.b[e] - new_tail,
                                           bound)
        if flipped is None:
            orientation.flip(e)
            return bound
        heapq.heappop(heap)
        for f in flipped + [e]:
            heapq.heappush(heap, (-orientation.cost(f), f))


def directed_circuit(n, a, b, tail, start):
    """Bridge numbers (0-based) of an Euler circuit of the oriented graph, from `start`."""
    out = [[] for _ in range(n + 1)]
    for e, u in enumerate(tail):
        out[u].append(e)
    stack = [(start, -1)]
    circuit = []
    while stack:
        v, arrived_by = stack[-1]
        if out[v]:
            e = out[v].pop()
            stack.append((a[e] + b[e] - v, e))
        else:
            stack.pop()
            circuit.append(arrived_by)
    circuit.pop()
    circuit.reverse()
    return circuit


def has_odd_degree(n, a, b):
    degree = [0] * (n + 1)
    for u, v in zip(a, b):
        degree[u] += 1
        degree[v] += 1
    return any(d % 2 for d in degree)


def main():
    n, a, b, l, p = read_bridges()
    if has_odd_degree(n, a, b):
        sys.stdout.write("NIE\n")
        return
    incident = incident_bridges(n, a, b)
    orientation = Orientation(n, a, b, l, p, incident, undirected_circuit_tails(n, a, b, incident))
    optimum = lower_bound_as_far_as_possible(orientation, len(a))
    route = directed_circuit(n, a, b, orientation.tail, 1)
    sys.stdout.write("%d\n%s\n" % (optimum, " ".join(str(e + 1) for e in route)))


main()
