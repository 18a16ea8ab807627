"""POJ 1459 Power Network by Edmonds-Karp on a capacity matrix.

With at most 102 nodes a matrix holds the residual capacities; parallel links are summed
into one cell and self-loops are skipped. The input is read as a stream of items: each
`(u,v)z` or `(u)z` item is cut at its brackets and comma, so any white space layout works.
"""

import sys
from collections import deque


def read_numbers(data):
    return data.replace(b"(", b" ").replace(b")", b" ").replace(b",", b" ").split()


def read_data_set(numbers, pos):
    """Return (capacity matrix, neighbours, source, sink, next position)."""
    n, stations, consumers, links = (int(x) for x in numbers[pos : pos + 4])
    pos += 4
    source, sink = n, n + 1
    cap = [[0] * (n + 2) for _ in range(n + 2)]
    for i in range(pos, pos + 3 * links, 3):
        u, v, z = int(numbers[i]), int(numbers[i + 1]), int(numbers[i + 2])
        if u != v:
            cap[u][v] += z
    pos += 3 * links
    for i in range(pos, pos + 2 * stations, 2):
        cap[source][int(numbers[i])] += int(numbers[i + 1])
    pos += 2 * stations
    for i in range(pos, pos + 2 * consumers, 2):
        cap[int(numbers[i])][sink] += int(numbers[i + 1])
    pos += 2 * consumers
    neighbours = [[v for v in range(n + 2) if cap[u][v] or cap[v][u]] for u in range(n + 2)]
    return cap, neighbours, source, sink, pos


def shortest_path(cap, neighbours, source, sink):
    parent = [-1] * len(cap)
    parent[source] = source
    queue = deque([source])
    while queue:
        u = queue.popleft()
        row = cap[u]
        for v in neighbours[u]:
            if parent[v] < 0 and row[v] > 0:
                parent[v] = u
                if v == sink:
                    return parent
                queue.append(v)
    return None


def max_flow(cap, neighbours, source, sink):
    flow = 0
    parent = shortest_path(cap, neighbours, source, sink)
    while parent is not None:
        pushed = None
        v = sink
        while v != source:
            u = parent[v]
            pushed = cap[u][v] if pushed is None else min(pushed, cap[u][v])
            v = u
        v = sink
        while v != source:
            u = parent[v]
            cap[u][v] -= pushed
            cap[v][u] += pushed
            v = u
        flow += pushed
        parent = shortest_path(cap, neighbours, source, sink)
    return flow


def main():
    numbers = read_numbers(sys.stdin.buffer.read())
    answers = []
    pos = 0
    while pos < len(numbers):
        cap, neighbours, source, sink, pos = read_data_set(numbers, pos)
        answers.append(max_flow(cap, neighbours, source, sink))
    sys.stdout.write("".join(f"{a}\n" for a in answers))


if __name__ == "__main__":
    main()
