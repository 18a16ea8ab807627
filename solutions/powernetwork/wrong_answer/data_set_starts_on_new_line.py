"""WRONG: expects every data set to start on a new line.

The reader drops what is left of the line on which a data set ends, so a data set that
begins on the same line as the end of the previous one is lost (and what follows is read
out of step). White space, newlines included, may appear anywhere between items.
"""

import re
import sys
from collections import deque


class LineReader:
    """Integers read line by line; drop_line() forgets the rest of the current line."""

    def __init__(self, lines):
        self.lines = iter(lines)
        self.pending = deque()

    def next(self):
        while not self.pending:
            line = next(self.lines, None)
            if line is None:
                return None
            self.pending.extend(int(x) for x in re.findall(r"\d+", line))
        return self.pending.popleft()

    def take(self, count):
        values = [self.next() for _ in range(count)]
        return None if None in values else values

    def drop_line(self):
        self.pending.clear()


def max_flow(graph, source, sink):
    flow = 0
    while True:
        parent = {source: None}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, capacity in graph[u].items():
                if capacity > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return flow
        path, v = [], sink
        while v != source:
            path.append((parent[v], v))
            v = parent[v]
        pushed = min(graph[u][v] for u, v in path)
        for u, v in path:
            graph[u][v] -= pushed
            graph[v][u] = graph[v].get(u, 0) + pushed
        flow += pushed


def read_data_set(reader):
    """The network of one data set as nested dicts, or None at the end of input."""
    header = reader.take(4)
    if header is None:
        return None
    _, stations, consumers, links = header
    graph = {"source": {}, "sink": {}}
    for _ in range(links):
        link = reader.take(3)
        if link is None:
            return None
        u, v, z = link
        graph.setdefault(v, {})
        if u != v:
            row = graph.setdefault(u, {})
            row[v] = row.get(v, 0) + z
    for endpoint, count in (("source", stations), ("sink", consumers)):
        for _ in range(count):
            node = reader.take(2)
            if node is None:
                return None
            u, z = node
            graph.setdefault(u, {})
            if endpoint == "source":
                graph["source"][u] = graph["source"].get(u, 0) + z
            else:
                graph[u]["sink"] = graph[u].get("sink", 0) + z
    reader.drop_line()
    return graph


def main():
    reader = LineReader(sys.stdin)
    graph = read_data_set(reader)
    while graph is not None:
        print(max_flow(graph, "source", "sink"))
        graph = read_data_set(reader)


main()
