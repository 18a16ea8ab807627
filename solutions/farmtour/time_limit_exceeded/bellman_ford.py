# Correct but too slow: successive shortest paths where each of the two routes is found by plain
# Bellman-Ford, sweeping all 4M arcs until nothing changes. A sweep costs O(M) and a route with
# hundreds of paths needs hundreds of sweeps, far over the limit on long, thin farms.
import sys


def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    tail, head, cap, cost = [], [], [], []
    for i in range(m):
        a, b, w = data[2 + 3 * i : 5 + 3 * i]
        for u, v in ((a, b), (b, a)):
            tail += [u, v]
            head += [v, u]
            cap += [1, 0]
            cost += [w, -w]
    arcs = range(len(head))
    total = 0
    for _ in range(2):
        inf = float("inf")
        dist = [inf] * (n + 1)
        arc_into = [-1] * (n + 1)
        dist[1] = 0
        changed = True
        while changed:
            changed = False
            for a in arcs:
                if cap[a] and dist[tail[a]] + cost[a] < dist[head[a]]:
                    dist[head[a]] = dist[tail[a]] + cost[a]
                    arc_into[head[a]] = a
                    changed = True
        total += dist[n]
        v = n
        while v != 1:
            a = arc_into[v]
            cap[a] -= 1
            cap[a ^ 1] += 1
            v = tail[a]
    sys.stdout.write(f"{total}\n")


main()
