# Mistake: reads cases while at least two lines are left, as if every case had a ditch after its
# header (a guard against a trailing blank line). A last case with N = 0 is a header alone, so
# it is never read and gets no answer; N = 0 cases in the middle are fine.
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
        path, v = [], nodes
        while v != 1:
            path.append(via[v])
            v = to[via[v] ^ 1]
        pushed = min(cap[a] for a in path)
        for a in path:
            cap[a] -= pushed
            cap[a ^ 1] += pushed
        flow += pushed


def main():
    lines = sys.stdin.read().strip().split("\n")
    i = 0
    out = []
    while i < len(lines) - 1:
        n, m = map(int, lines[i].split())
        ditches = [tuple(map(int, line.split())) for line in lines[i + 1 : i + 1 + n]]
        out.append(max_flow(m, ditches))
        i += n + 1
    sys.stdout.write("".join(f"{f}\n" for f in out))


main()
