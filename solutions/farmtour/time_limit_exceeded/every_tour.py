# Correct but hopeless on anything large: tries every tour. A depth-first search walks from
# field 1 to the barn and back, never walking a path twice and never entering a field twice on
# one leg, and keeps the shortest tour found (a tour longer than the best so far is cut off).
# The number of tours grows exponentially with the farm: a line of 1000 fields with every link
# doubled has 2^999 ways out alone, so it never ends.
import sys


def shortest_tour(n, adjacency):
    best = [float("inf")]
    walked = set()

    def walk(field, target, length, visited, on_way_back):
        if length >= best[0]:
            return
        if field == target:
            if on_way_back:
                best[0] = length
            else:
                walk(target, 1, length, {target}, True)
            return
        for other, w, path in adjacency[field]:
            if path not in walked and other not in visited:
                walked.add(path)
                visited.add(other)
                walk(other, target, length + w, visited, on_way_back)
                visited.discard(other)
                walked.discard(path)

    walk(1, n, 0, {1}, False)
    return best[0]


def main():
    sys.setrecursionlimit(10_000)  # a leg may pass all 1000 fields
    data = list(map(int, sys.stdin.buffer.read().split()))
    n, m = data[0], data[1]
    adjacency = [[] for _ in range(n + 1)]
    for path in range(m):
        a, b, w = data[2 + 3 * path : 5 + 3 * path]
        adjacency[a].append((b, w, path))
        adjacency[b].append((a, w, path))
    sys.stdout.write(f"{shortest_tour(n, adjacency)}\n")


main()
