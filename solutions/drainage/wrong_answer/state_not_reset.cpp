// Mistake: the global capacity matrix is filled with += and never cleared between cases, so the
// residual capacities left by one case leak into the next one.
#include <cstdio>
#include <queue>
#include <algorithm>

static long long cap[201][201];
static int parent_of[201];

static bool find_path(int nodes) {
    std::fill(parent_of, parent_of + nodes + 1, 0);
    parent_of[1] = 1;
    std::queue<int> q;
    q.push(1);
    while (!q.empty()) {
        int u = q.front(); q.pop();
        for (int v = 1; v <= nodes; ++v)
            if (cap[u][v] > 0 && !parent_of[v]) {
                parent_of[v] = u;
                q.push(v);
            }
    }
    return parent_of[nodes] != 0;
}

int main() {
    int n, m;
    while (std::scanf("%d %d", &n, &m) == 2) {
        for (int i = 0; i < n; ++i) {
            int s, e;
            long long c;
            std::scanf("%d %d %lld", &s, &e, &c);
            if (s != e) cap[s][e] += c;
        }
        long long flow = 0;
        while (find_path(m)) {
            long long bottleneck = 1LL << 62;
            for (int v = m; v != 1; v = parent_of[v]) bottleneck = std::min(bottleneck, cap[parent_of[v]][v]);
            for (int v = m; v != 1; v = parent_of[v]) {
                cap[parent_of[v]][v] -= bottleneck;
                cap[v][parent_of[v]] += bottleneck;
            }
            flow += bottleneck;
        }
        std::printf("%lld\n", flow);
    }
    return 0;
}
