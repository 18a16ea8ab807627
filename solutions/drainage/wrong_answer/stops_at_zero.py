# Mistake: takes a case with N = 0 ditches for an end-of-input marker (as in many problems that
# end with "0 0") and stops there, so the cases after it get no answer.
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
    pos = 0
    out = []
    while pos < len(data):
        n, m = data[pos], data[pos + 1]
        if n == 0:
            break
        pos += 2
        ditches = [tuple(data[pos + 3 * i : pos + 3 * i + 3]) for i in range(n)]
        pos += 3 * n
        out.append(max_flow(m, ditches))
    sys.stdout.write("".join(f"{f}\n" for f in out))


main()
