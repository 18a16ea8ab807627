"""Wrong: takes the cheaper way of every bridge and ignores that the tour must follow it.

The maximum is printed as the largest min(l, p) over the bridges, and the route is any Euler
circuit of the undirected graph from island 1. Costs the tour really meets can be larger, and the
optimum itself can be larger than that bound (no flow is run). In the sample the circuit happens
to run the cheap way round.
"""

import sys


def read_bridges():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    values = list(map(int, data[2:2 + 4 * m]))
    return n, values[0::4], values[1::4], values[2::4], values[3::4]


def undirected_circuit(n, a, b):
    incident = [[] for _ in range(n + 1)]
    for i in range(len(a)):
        incident[a[i]].append(i)
        incident[b[i]].append(i)
    used = [False] * len(a)
    stack = [(1, -1)]
    circuit = []
    while stack:
        v, arrived_by = stack[-1]
        while incident[v] and used[incident[v][-1]]:
            incident[v].pop()
        if incident[v]:
            i = incident[v].pop()
            used[i] = True
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
    bound = max(map(min, l, p))
    route = undirected_circuit(n, a, b)
    sys.stdout.write("%d\n%s\n" % (bound, " ".join(str(i + 1) for i in route)))


main()
