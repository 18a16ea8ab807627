// Mistake: the capacity matrix is shared by all cases and cleared before each one, but over
// intersections 1..M-1 only (an off-by-one in the loop bound): the row and the column of the
// stream, M, keep what the previous case left there, so spare capacity into the stream leaks
// into the next case with as many intersections.
#include <algorithm>
#include <cstdio>
#include <queue>

static long long cap[202][202];
static int parent_of[202];

static bool find_path(int nodes) {
    std::fill(parent_of, parent_of + nodes + 1, 0);
    parent_of[1] = 1;
    std::queue<int> q;
    q.push(1);
    while (!q.empty()) {
        int u = q.front();
        q.pop();
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
        for (int u = 1; u < m; ++u)
            for (int v = 1; v < m; ++v) cap[u][v] = 0;
        for (int i = 0; i < n; ++i) {
            int s, e;
            long long c;
            std::scanf("%d %d %lld", &s, &e, &c);
            if (s != e) cap[s][e] += c;
        }
        long long flow = 0;
        while (find_path(m)) {
            long long pushed = 1LL << 62;
            for (int v = m; v != 1; v = parent_of[v]) pushed = std::min(pushed, cap[parent_of[v]][v]);
            for (int v = m; v != 1; v = parent_of[v]) {
                cap[parent_of[v]][v] -= pushed;
                cap[v][parent_of[v]] += pushed;
            }
            flow += pushed;
        }
        std::printf("%lld\n", flow);
    }
    return 0;
}
