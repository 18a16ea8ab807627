// Bridges: binary search on the bound over 1..1000, Edmonds-Karp (shortest augmenting paths
// found by BFS) for the orientation of the bridges that may go either way, and an iterative
// Hierholzer walk on the oriented graph for the route.
#include <algorithm>
#include <cstdio>
#include <vector>
using namespace std;

struct Bridge {
    int a, b, l, p;
};

struct FlowNetwork {
    vector<int> head, cap;
    vector<vector<int>> adj;

    explicit FlowNetwork(int nodes) : adj(nodes) {}

    int add_arc(int u, int v, int c) {
        adj[u].push_back(head.size());
        head.push_back(v);
        cap.push_back(c);
        adj[v].push_back(head.size());
        head.push_back(u);
        cap.push_back(0);
        return head.size() - 2;
    }

    // One BFS per augmenting path; each path carries one unit (every path uses a bridge arc).
    int max_flow(int source, int sink) {
        int flow = 0;
        vector<int> via(adj.size());
        while (true) {
            fill(via.begin(), via.end(), -1);
            via[source] = -2;
            vector<int> queue{source};
            for (size_t k = 0; k < queue.size() && via[sink] == -1; ++k) {
                int v = queue[k];
                for (int arc : adj[v]) {
                    if (cap[arc] > 0 && via[head[arc]] == -1) {
                        via[head[arc]] = arc;
                        queue.push_back(head[arc]);
                    }
                }
            }
            if (via[sink] == -1) return flow;
            for (int v = sink; v != source; v = head[via[v] ^ 1]) {
                cap[via[v]] -= 1;
                cap[via[v] ^ 1] += 1;
            }
            ++flow;
        }
    }
};

// Tail island of every bridge in a balanced orientation with all costs <= bound, or empty.
vector<int> orient(int n, const vector<Bridge>& bridges, int bound) {
    int m = bridges.size();
    vector<int> tail(m), excess(n + 1, 0), free_bridges;
    for (int i = 0; i < m; ++i) {
        const Bridge& e = bridges[i];
        if (e.l <= bound) {
            tail[i] = e.a;
            if (e.p <= bound) free_bridges.push_back(i);
        } else if (e.p <= bound) {
            tail[i] = e.b;
        } else {
            return {};
        }
        excess[tail[i]] += 1;
        excess[e.a + e.b - tail[i]] -= 1;
    }
    FlowNetwork network(n + 2);
    int source = 0, sink = n + 1, need = 0;
    for (int v = 1; v <= n; ++v) {
        if (excess[v] > 0) {
            network.add_arc(source, v, excess[v] / 2);
            need += excess[v] / 2;
        } else if (excess[v] < 0) {
            network.add_arc(v, sink, -excess[v] / 2);
        }
    }
    vector<int> arc_of(free_bridges.size());
    for (size_t k = 0; k < free_bridges.size(); ++k) {
        const Bridge& e = bridges[free_bridges[k]];
        arc_of[k] = network.add_arc(e.a, e.b, 1);
    }
    if (network.max_flow(source, sink) < need) return {};
    for (size_t k = 0; k < free_bridges.size(); ++k) {
        if (network.cap[arc_of[k]] == 0) tail[free_bridges[k]] = bridges[free_bridges[k]].b;
    }
    return tail;
}

// Euler circuit from island 1 (0-based bridge numbers): a bridge joins the circuit, back to
// front, once the walk that used it has nowhere left to go.
vector<int> euler_circuit(int n, const vector<Bridge>& bridges, const vector<int>& tail) {
    int m = bridges.size();
    vector<vector<int>> out(n + 1);
    for (int i = 0; i < m; ++i) out[tail[i]].push_back(i);
    vector<int> stack_vertex{1}, stack_bridge{-1}, circuit;
    while (!stack_vertex.empty()) {
        int v = stack_vertex.back();
        if (!out[v].empty()) {
            int i = out[v].back();
            out[v].pop_back();
            stack_vertex.push_back(bridges[i].a + bridges[i].b - v);
            stack_bridge.push_back(i);
        } else {
            circuit.push_back(stack_bridge.back());
            stack_vertex.pop_back();
            stack_bridge.pop_back();
        }
    }
    circuit.pop_back();
    reverse(circuit.begin(), circuit.end());
    return circuit;
}

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    vector<Bridge> bridges(m);
    vector<int> degree(n + 1, 0);
    for (Bridge& e : bridges) {
        if (scanf("%d %d %d %d", &e.a, &e.b, &e.l, &e.p) != 4) return 1;
        degree[e.a] += 1;
        degree[e.b] += 1;
    }
    for (int v = 1; v <= n; ++v) {
        if (degree[v] % 2) {
            puts("NIE");
            return 0;
        }
    }
    int lo = 1, hi = 1000;  // every bridge is free at 1000, and an even connected graph has a tour
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (orient(n, bridges, mid).empty()) lo = mid + 1;
        else hi = mid;
    }
    vector<int> route = euler_circuit(n, bridges, orient(n, bridges, lo));
    printf("%d\n", lo);
    for (int k = 0; k < m; ++k) printf("%d%c", route[k] + 1, k + 1 < m ? ' ' : '\n');
    return 0;
}
