# Mistake: reads and answers only the first case, as if the input held one network; the cases
# that follow up to the end of the input are ignored.
import sys
from collections import deque


def max_flow(nodes, ditches):
    heads = [[] for _ in range(nodes + 1)]
    to, cap = [], []
    for s, e, c in ditches:
        heads[s].append(len(to))
        to.append(e)
        cap.append(c)
        heads[e].append(len(to))
        to.append(s)
        cap.append(0)
    flow = 0
    while True:
        via = [-1] * (nodes + 1)
        via[1] = -2
        queue = deque([1])
        while queue and via[nodes] == -1:
            u = queue.popleft()
            for a in heads[u]:
                if cap[a] > 0 and via[to[a]] == -1:
                    via[to[a]] = a
                    queue.append(to[a])
        if via[nodes] == -1:
            return flow
        path = []
        v = nodes
        while v != 1:
            path.append(via[v])
            v = to[via[v] ^ 1]
        bottleneck = min(cap[a] for a in path)
        for a in path:
            cap[a] -= bottleneck
            cap[a ^ 1] += bottleneck
        flow += bottleneck


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    ditches = [tuple(data[2 + 3 * i : 5 + 3 * i]) for i in range(n)]
    sys.stdout.write(f"{max_flow(m, ditches)}\n")


main()
