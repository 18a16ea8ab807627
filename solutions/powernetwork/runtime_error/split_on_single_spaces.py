"""RUNTIME ERROR: splits each line on single spaces.

line.strip().split(" ") survives the sample, whose items are one space apart, but a tab,
two spaces in a row or a blank line yield tokens such as '' or '(0,1)20\t(1,0)10' that
neither int() nor the item pattern accept, and the program dies with an exception.
"""

import re
import sys
from collections import deque

TRIPLET = re.compile(r"\((\d+),(\d+)\)(\d+)")
DOUBLET = re.compile(r"\((\d+)\)(\d+)")


def max_flow(cap, source, sink):
    size = len(cap)
    flow = 0
    while True:
        parent = [-1] * size
        parent[source] = source
        queue = deque([source])
        while queue and parent[sink] < 0:
            u = queue.popleft()
            for v in range(size):
                if parent[v] < 0 and cap[u][v] > 0:
                    parent[v] = u
                    queue.append(v)
        if parent[sink] < 0:
            return flow
        pushed, v = float("inf"), sink
        while v != source:
            pushed = min(pushed, cap[parent[v]][v])
            v = parent[v]
        v = sink
        while v != source:
            cap[parent[v]][v] -= pushed
            cap[v][parent[v]] += pushed
            v = parent[v]
        flow += pushed


def main():
    tokens = []
    for line in sys.stdin:
        tokens.extend(line.strip().split(" "))
    pos = 0
    while pos < len(tokens):
        n, stations, consumers, links = (int(t) for t in tokens[pos : pos + 4])
        pos += 4
        cap = [[0] * (n + 2) for _ in range(n + 2)]
        for token in tokens[pos : pos + links]:
            u, v, z = map(int, TRIPLET.fullmatch(token).groups())
            if u != v:
                cap[u][v] += z
        pos += links
        for token in tokens[pos : pos + stations]:
            u, z = map(int, DOUBLET.fullmatch(token).groups())
            cap[n][u] += z
        pos += stations
        for token in tokens[pos : pos + consumers]:
            u, z = map(int, DOUBLET.fullmatch(token).groups())
            cap[u][n + 1] += z
        pos += consumers
        print(max_flow(cap, n, n + 1))


main()
