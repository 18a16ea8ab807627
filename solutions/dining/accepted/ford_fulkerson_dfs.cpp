// POJ 3281 Dining by Ford-Fulkerson with depth-first augmenting paths (adjacency matrix).
// Nodes: 0 source, foods 1..F, cow entries F+1..F+N, cow exits F+N+1..F+2N,
// drinks F+2N+1..F+2N+D, sink F+2N+D+1. At most 100 augmentations of O(V^2) each.
#include <cstdio>
#include <vector>

static int nodes;
static std::vector<std::vector<int>> cap;
static std::vector<char> seen;

static bool augment(int u, int sink) {
    if (u == sink) return true;
    seen[u] = 1;
    for (int v = 0; v < nodes; ++v) {
        if (cap[u][v] > 0 && !seen[v] && augment(v, sink)) {
            --cap[u][v];
            ++cap[v][u];
            return true;
        }
    }
    return false;
}

int main() {
    int n, f, d;
    if (scanf("%d %d %d", &n, &f, &d) != 3) return 1;
    const int source = 0, sink = f + 2 * n + d + 1;
    nodes = sink + 1;
    cap.assign(nodes, std::vector<int>(nodes, 0));
    for (int food = 1; food <= f; ++food) cap[source][food] = 1;
    for (int drink = 1; drink <= d; ++drink) cap[f + 2 * n + drink][sink] = 1;
    for (int cow = 1; cow <= n; ++cow) {
        int likedFoods, likedDrinks, item;
        if (scanf("%d %d", &likedFoods, &likedDrinks) != 2) return 1;
        for (int i = 0; i < likedFoods; ++i) {
            if (scanf("%d", &item) != 1) return 1;
            cap[item][f + cow] = 1;
        }
        for (int i = 0; i < likedDrinks; ++i) {
            if (scanf("%d", &item) != 1) return 1;
            cap[f + n + cow][f + 2 * n + item] = 1;
        }
        cap[f + cow][f + n + cow] = 1;
    }
    int flow = 0;
    seen.assign(nodes, 0);
    while (augment(source, sink)) {
        ++flow;
        seen.assign(nodes, 0);
    }
    printf("%d\n", flow);
    return 0;
}
