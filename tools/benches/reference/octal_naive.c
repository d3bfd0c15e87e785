/* Reference for the naive octal benchmark: Officers (0.6: remove one object, leaving zero,
 * one or two heaps) by the definition, as a plain C loop: for each n, mark G(a) ^ G(m - a)
 * for every split and take the mex. Prints a hash of the values. Usage: octal_naive N */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int n_max = atoi(argv[1]);
    unsigned short *g = malloc(sizeof *g * (n_max + 1));
    static unsigned int stamp[1 << 16];
    unsigned int gen = 0;
    unsigned long long hash = 0;
    for (int n = 0; n < n_max; n++) {
        gen++;
        /* 0.6: digit 6 at position 1 = leave one heap (n - 1) or two heaps splitting n - 1. */
        if (n >= 2) stamp[g[n - 1]] = gen;
        int m = n - 1;
        for (int a = 1; a <= m / 2; a++) stamp[g[a] ^ g[m - a]] = gen;
        int v = 0;
        while (stamp[v] == gen) v++;
        g[n] = (unsigned short)v;
        hash = hash * 1000003ULL + v;
    }
    printf("%llx\n", hash);
    return 0;
}
