// Drainage Ditches by Dinic with arc pairs (e, e ^ 1). Capacities and flows are long long:
// the answer fits in int, but long long leaves no doubt about sums of parallel ditches.
#include <cstdio>
#include <vector>
#include <queue>
#include <algorithm>

struct Network {
    int nodes;
    std::vector<int> to, next_arc, head, level, cur;
    std::vector<long long> cap;

    explicit Network(int n) : nodes(n), head(n + 1, -1), level(n + 1), cur(n + 1) {}

    void add_ditch(int s, int e, long long c) {
        to.push_back(e); cap.push_back(c); next_arc.push_back(head[s]); head[s] = (int)to.size() - 1;
        to.push_back(s); cap.push_back(0); next_arc.push_back(head[e]); head[e] = (int)to.size() - 1;
    }

    bool build_levels(int s, int t) {
        std::fill(level.begin(), level.end(), -1);
        std::queue<int> q;
        level[s] = 0;
        q.push(s);
        while (!q.empty()) {
            int u = q.front(); q.pop();
            for (int a = head[u]; a != -1; a = next_arc[a])
                if (cap[a] > 0 && level[to[a]] < 0) {
                    level[to[a]] = level[u] + 1;
                    q.push(to[a]);
                }
        }
        return level[t] >= 0;
    }

    long long push(int u, int t, long long limit) {
        if (u == t) return limit;
        for (int &a = cur[u]; a != -1; a = next_arc[a]) {
            int v = to[a];
            if (cap[a] > 0 && level[v] == level[u] + 1) {
                long long got = push(v, t, std::min(limit, cap[a]));
                if (got > 0) {
                    cap[a] -= got;
                    cap[a ^ 1] += got;
                    return got;
                }
            }
        }
        return 0;
    }

    long long max_flow(int s, int t) {
        long long flow = 0;
        while (build_levels(s, t)) {
            cur = head;
            while (long long got = push(s, t, 1LL << 62)) flow += got;
        }
        return flow;
    }
};

int main() {
    int n, m;
    while (std::scanf("%d %d", &n, &m) == 2) {
        Network net(m);
        for (int i = 0; i < n; ++i) {
            int s, e;
            long long c;
            std::scanf("%d %d %lld", &s, &e, &c);
            net.add_ditch(s, e, c);
        }
        std::printf("%lld\n", net.max_flow(1, m));
    }
    return 0;
}
