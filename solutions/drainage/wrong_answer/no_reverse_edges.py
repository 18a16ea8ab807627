# Mistake: greedy augmenting paths without reverse (residual) arcs. Each BFS path is pushed and
# its ditches lose capacity, but flow can never be sent back, so an early path that blocks two
# better ones is never undone.
import sys
from collections import deque


def max_flow(nodes, ditches):
    heads = [[] for _ in range(nodes + 1)]
    tail, to, cap = [], [], []
    for s, e, c in ditches:
        heads[s].append(len(to))
        tail.append(s)
        to.append(e)
        cap.append(c)
    flow = 0
    while True:
        via = [-1] * (nodes + 1)
        seen = [False] * (nodes + 1)
        seen[1] = True
        queue = deque([1])
        while queue and not seen[nodes]:
            u = queue.popleft()
            for a in heads[u]:
                if cap[a] > 0 and not seen[to[a]]:
                    seen[to[a]] = True
                    via[to[a]] = a
                    queue.append(to[a])
        if not seen[nodes]:
            return flow
        path = []
        v = nodes
        while v != 1:
            path.append(via[v])
            v = tail[via[v]]
        bottleneck = min(cap[a] for a in path)
        for a in path:
            cap[a] -= bottleneck
        flow += bottleneck


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    pos = 0
    out = []
    while pos < len(data):
        n, m = data[pos], data[pos + 1]
        pos += 2
        ditches = [tuple(data[pos + 3 * i : pos + 3 * i + 3]) for i in range(n)]
        pos += 3 * n
        out.append(max_flow(m, ditches))
    sys.stdout.write("".join(f"{f}\n" for f in out))


main()
