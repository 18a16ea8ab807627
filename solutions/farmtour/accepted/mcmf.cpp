// Farm Tour by successive shortest paths with SPFA, in C++. Every undirected path is two arcs
// (a -> b and b -> a) of capacity 1 and cost w, each with its own reverse arc of cost -w.
#include <cstdio>
#include <deque>
#include <vector>

struct Network {
    std::vector<int> head, to, next_arc, cap, cost;

    explicit Network(int n) : head(n + 1, -1) {}

    void add_arc(int u, int v, int c, int w) {
        to.push_back(v); cap.push_back(c); cost.push_back(w);
        next_arc.push_back(head[u]); head[u] = (int)to.size() - 1;
    }

    void add_path(int a, int b, int w) {
        add_arc(a, b, 1, w); add_arc(b, a, 0, -w);
        add_arc(b, a, 1, w); add_arc(a, b, 0, -w);
    }

    // Cheapest residual route from s; returns its cost to t and leaves arc_into filled.
    long long cheapest_route(int s, int t, std::vector<int> &arc_into) {
        const long long inf = 1LL << 60;
        int n = (int)head.size();
        std::vector<long long> dist(n, inf);
        std::vector<char> queued(n, 0);
        std::deque<int> q;
        dist[s] = 0;
        q.push_back(s);
        queued[s] = 1;
        while (!q.empty()) {
            int u = q.front(); q.pop_front();
            queued[u] = 0;
            for (int a = head[u]; a != -1; a = next_arc[a]) {
                int v = to[a];
                if (cap[a] > 0 && dist[u] + cost[a] < dist[v]) {
                    dist[v] = dist[u] + cost[a];
                    arc_into[v] = a;
                    if (!queued[v]) { queued[v] = 1; q.push_back(v); }
                }
            }
        }
        return dist[t];
    }
};

int main() {
    int n, m;
    if (std::scanf("%d %d", &n, &m) != 2) return 0;
    Network net(n);
    for (int i = 0; i < m; ++i) {
        int a, b, w;
        std::scanf("%d %d %d", &a, &b, &w);
        net.add_path(a, b, w);
    }
    std::vector<int> arc_into(n + 1, -1);
    long long total = 0;
    for (int unit = 0; unit < 2; ++unit) {
        total += net.cheapest_route(1, n, arc_into);
        for (int v = n; v != 1; v = net.to[arc_into[v] ^ 1]) {
            net.cap[arc_into[v]] -= 1;
            net.cap[arc_into[v] ^ 1] += 1;
        }
    }
    std::printf("%lld\n", total);
    return 0;
}
