// POJ 1459 Power Network by Dinic in C++ with a super source n and a super sink n+1.
// The leading space in each scanf format skips any run of spaces, tabs and newlines
// before an item, which is all the white-space freedom the input allows.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <queue>
#include <vector>

struct Edge {
    int to;
    long long cap;
};

struct Dinic {
    std::vector<Edge> edges;
    std::vector<std::vector<int>> adj;
    std::vector<int> level, arc;

    explicit Dinic(int nodes) : adj(nodes), level(nodes), arc(nodes) {}

    void addEdge(int u, int v, long long cap) {
        adj[u].push_back(static_cast<int>(edges.size()));
        edges.push_back({v, cap});
        adj[v].push_back(static_cast<int>(edges.size()));
        edges.push_back({u, 0});
    }

    bool buildLevels(int source, int sink) {
        std::fill(level.begin(), level.end(), -1);
        std::queue<int> queue;
        level[source] = 0;
        queue.push(source);
        while (!queue.empty()) {
            int u = queue.front();
            queue.pop();
            for (int e : adj[u]) {
                if (edges[e].cap > 0 && level[edges[e].to] < 0) {
                    level[edges[e].to] = level[u] + 1;
                    queue.push(edges[e].to);
                }
            }
        }
        return level[sink] >= 0;
    }

    long long push(int u, int sink, long long limit) {
        if (u == sink) return limit;
        for (int &i = arc[u]; i < static_cast<int>(adj[u].size()); ++i) {
            Edge &edge = edges[adj[u][i]];
            if (edge.cap > 0 && level[edge.to] == level[u] + 1) {
                long long pushed = push(edge.to, sink, std::min(limit, edge.cap));
                if (pushed > 0) {
                    edge.cap -= pushed;
                    edges[adj[u][i] ^ 1].cap += pushed;
                    return pushed;
                }
            }
        }
        return 0;
    }

    long long maxFlow(int source, int sink) {
        long long total = 0;
        while (buildLevels(source, sink)) {
            std::fill(arc.begin(), arc.end(), 0);
            for (long long pushed; (pushed = push(source, sink, LLONG_MAX)) > 0;) total += pushed;
        }
        return total;
    }
};

int main() {
    int n, stations, consumers, links;
    while (scanf("%d %d %d %d", &n, &stations, &consumers, &links) == 4) {
        Dinic network(n + 2);
        const int source = n, sink = n + 1;
        for (int i = 0; i < links; ++i) {
            int u, v, z;
            if (scanf(" (%d,%d)%d", &u, &v, &z) != 3) return 1;
            if (u != v) network.addEdge(u, v, z);
        }
        for (int i = 0; i < stations; ++i) {
            int u, z;
            if (scanf(" (%d)%d", &u, &z) != 2) return 1;
            network.addEdge(source, u, z);
        }
        for (int i = 0; i < consumers; ++i) {
            int u, z;
            if (scanf(" (%d)%d", &u, &z) != 2) return 1;
            network.addEdge(u, sink, z);
        }
        printf("%lld\n", network.maxFlow(source, sink));
    }
    return 0;
}
