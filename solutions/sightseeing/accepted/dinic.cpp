// Sightseeing tour (POJ 1637) by Dinic's max flow, as in the reference.
// Two-way streets are oriented as written; a junction with surplus 2k gets a source arc of
// capacity k, one with deficit 2k a sink arc of capacity k, and each two-way street x -> y an
// arc of capacity 1. A tour exists iff every balance is even and the flow saturates the source.
#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

struct Network {
    std::vector<std::vector<int>> adj;
    std::vector<int> head, cap, level, current;

    explicit Network(int n) : adj(n), level(n), current(n) {}

    void add_arc(int u, int v, int c) {
        adj[u].push_back(static_cast<int>(head.size()));
        head.push_back(v);
        cap.push_back(c);
        adj[v].push_back(static_cast<int>(head.size()));
        head.push_back(u);
        cap.push_back(0);
    }

    bool build_levels(int source, int sink) {
        std::fill(level.begin(), level.end(), -1);
        std::vector<int> queue{source};
        level[source] = 0;
        for (std::size_t i = 0; i < queue.size(); ++i) {
            int u = queue[i];
            for (int e : adj[u]) {
                if (cap[e] > 0 && level[head[e]] < 0) {
                    level[head[e]] = level[u] + 1;
                    queue.push_back(head[e]);
                }
            }
        }
        return level[sink] >= 0;
    }

    // Depth is at most the number of nodes (202), so recursion is safe here.
    int augment(int u, int sink, int limit) {
        if (u == sink) return limit;
        for (int &i = current[u]; i < static_cast<int>(adj[u].size()); ++i) {
            int e = adj[u][i];
            int v = head[e];
            if (cap[e] > 0 && level[v] == level[u] + 1) {
                int pushed = augment(v, sink, std::min(limit, cap[e]));
                if (pushed > 0) {
                    cap[e] -= pushed;
                    cap[e ^ 1] += pushed;
                    return pushed;
                }
            }
        }
        return 0;
    }

    int max_flow(int source, int sink) {
        int total = 0;
        while (build_levels(source, sink)) {
            std::fill(current.begin(), current.end(), 0);
            while (int pushed = augment(source, sink, 1 << 30)) total += pushed;
        }
        return total;
    }
};

bool tour_exists(int m, const std::vector<int> &streets) {
    std::vector<int> balance(m, 0);
    Network network(m + 2);
    int source = m, sink = m + 1;
    for (std::size_t i = 0; i < streets.size(); i += 3) {
        int x = streets[i] - 1, y = streets[i + 1] - 1;
        ++balance[x];
        --balance[y];
        if (streets[i + 2] == 0 && x != y) network.add_arc(x, y, 1);
    }
    int need = 0;
    for (int v = 0; v < m; ++v) {
        if (balance[v] % 2 != 0) return false;
        if (balance[v] > 0) {
            network.add_arc(source, v, balance[v] / 2);
            need += balance[v] / 2;
        } else if (balance[v] < 0) {
            network.add_arc(v, sink, -balance[v] / 2);
        }
    }
    return need == 0 || network.max_flow(source, sink) == need;
}

}  // namespace

int main() {
    int scenarios;
    if (std::scanf("%d", &scenarios) != 1) return 1;
    while (scenarios-- > 0) {
        int m, s;
        if (std::scanf("%d %d", &m, &s) != 2) return 1;
        std::vector<int> streets(3 * s);
        for (int &value : streets) {
            if (std::scanf("%d", &value) != 1) return 1;
        }
        std::puts(tour_exists(m, streets) ? "possible" : "impossible");
    }
    return 0;
}
