/* Reference for the deforestation benchmark: HackerRank "Deforestation" as a tight C program
 * (one fread, hand-parsed integers), no input checks. Green Hackenbush on a tree rooted at 1:
 * a vertex is worth the XOR over its children of (child's value + 1); Alice wins iff the root's
 * value is not 0. Adjacency in one flat array; children before parents by a BFS order. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t cap = 1 << 20, len = 0, got;
    char *in = malloc(cap + 1);
    while ((got = fread(in + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) in = realloc(in, (cap *= 2) + 1);
    }
    in[len] = 0;
    char *p = in;
#define NEXT(v) do { while (*p < '0') p++; v = 0; while (*p >= '0') v = v * 10 + (*p++ - '0'); } while (0)
    long t;
    NEXT(t);
    while (t--) {
        long n;
        NEXT(n);
        int *eu = malloc(n * sizeof *eu), *ev = malloc(n * sizeof *ev);
        int *first = calloc(n + 2, sizeof *first), *adj = malloc(2 * n * sizeof *adj);
        int *order = malloc(n * sizeof *order), *parent = malloc(n * sizeof *parent);
        long *value = calloc(n, sizeof *value);
        for (long i = 0; i + 1 < n; i++) {
            long u, v;
            NEXT(u);
            NEXT(v);
            eu[i] = u - 1, ev[i] = v - 1;
            first[u]++, first[v]++;
        }
        for (long v = 0; v < n; v++) first[v + 1] += first[v];
        for (long i = 0; i + 1 < n; i++) adj[first[eu[i]]++] = ev[i], adj[first[ev[i]]++] = eu[i];
        for (long v = n; v > 0; v--) first[v] = first[v - 1];
        first[0] = 0;
        long head = 0, tail = 0;
        order[tail++] = 0;
        parent[0] = -1;
        while (head < tail) {
            int v = order[head++];
            for (int j = first[v]; j < first[v + 1]; j++)
                if (adj[j] != parent[v]) parent[adj[j]] = v, order[tail++] = adj[j];
        }
        for (long i = tail - 1; i > 0; i--) value[parent[order[i]]] ^= value[order[i]] + 1;
        puts(value[0] ? "Alice" : "Bob");
        free(eu), free(ev), free(first), free(adj), free(order), free(parent), free(value);
    }
    return 0;
}
