"""MEMORY LIMIT EXCEEDED: dense capacity and flow matrices over a street-node network.

A correct model: each two-way street is a node fed with one unit from the source, which it
passes to the junction it will leave; junction v passes to the sink the number of two-way
streets it must leave, half its degree minus its one-way streets out. A tour exists iff every
degree is even, no junction needs a negative number, and the flow uses every two-way street.
But capacities and flows are kept in two (t + m + 2)^2 matrices: with 1000 streets that is
about 1.4 million entries each, some 23 MB, far above the limit.
"""
import sys


def max_flow(neighbours, capacity, source, sink):
    """Dinic's algorithm over matrices; neighbours lists every node adjacent in either way."""
    n = len(neighbours)
    flow = [[0] * n for _ in range(n)]
    total = 0
    while True:
        level = [-1] * n
        level[source] = 0
        queue = [source]
        for u in queue:
            for v in neighbours[u]:
                if level[v] < 0 and capacity[u][v] > flow[u][v]:
                    level[v] = level[u] + 1
                    queue.append(v)
        if level[sink] < 0:
            return total
        current = [0] * n
        path = [source]
        while path:
            u = path[-1]
            if u == sink:
                amount = min(capacity[a][b] - flow[a][b] for a, b in zip(path, path[1:]))
                for a, b in zip(path, path[1:]):
                    flow[a][b] += amount
                    flow[b][a] -= amount
                total += amount
                path = [source]
                continue
            row = neighbours[u]
            while current[u] < len(row):
                v = row[current[u]]
                if level[v] == level[u] + 1 and capacity[u][v] > flow[u][v]:
                    break
                current[u] += 1
            if current[u] < len(row):
                path.append(row[current[u]])
            else:
                level[u] = -1
                path.pop()


def tour_exists(m, streets):
    degree = [0] * m
    must_leave = [0] * m
    two_way = []
    for i in range(0, len(streets), 3):
        x = streets[i] - 1
        y = streets[i + 1] - 1
        degree[x] += 1
        degree[y] += 1
        if streets[i + 2] == 1:
            must_leave[x] -= 1
        else:
            two_way.append((x, y))
    for v in range(m):
        if degree[v] % 2:
            return False
        must_leave[v] += degree[v] // 2
        if must_leave[v] < 0:
            return False
    t = len(two_way)
    n = t + m + 2
    source, sink = 0, n - 1
    capacity = [[0] * n for _ in range(n)]
    neighbours = [[] for _ in range(n)]

    def add(u, v, c):
        if not capacity[u][v] and not capacity[v][u]:
            neighbours[u].append(v)
            neighbours[v].append(u)
        capacity[u][v] += c

    for k, (x, y) in enumerate(two_way, start=1):
        add(source, k, 1)
        add(k, t + 1 + x, 1)
        add(k, t + 1 + y, 1)
    for v in range(m):
        if must_leave[v]:
            add(t + 1 + v, sink, must_leave[v])
    return max_flow(neighbours, capacity, source, sink) == t


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
