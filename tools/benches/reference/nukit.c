/* Reference for the nukit benchmark: CCC 2008 S5 as a tight C program: one fread,
 * hand-parsed integers, a memoised search from each pool that stops at the first winning
 * reaction, over the judge's box of counts 0..30; no input checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int R[5][4] = {{2, 1, 0, 2}, {1, 1, 1, 1}, {0, 0, 2, 1}, {0, 3, 0, 0}, {1, 0, 0, 1}};
static unsigned char state[31][31][31][31]; /* 0 unknown, 1 wins, 2 loses */

static int wins(int a, int b, int c, int d) {
    unsigned char *s = &state[a][b][c][d];
    if (*s) return *s == 1;
    int p[4] = {a, b, c, d};
    for (int k = 0; k < 5; k++) {
        if (p[0] >= R[k][0] && p[1] >= R[k][1] && p[2] >= R[k][2] && p[3] >= R[k][3] &&
            !wins(a - R[k][0], b - R[k][1], c - R[k][2], d - R[k][3])) {
            *s = 1;
            return 1;
        }
    }
    *s = 2;
    return 0;
}

int main(void) {
    static char in[1 << 16];
    size_t len = fread(in, 1, sizeof in - 1, stdin);
    in[len] = 0;
    char *p = in;
#define NEXT(v) do { while (*p < '0') p++; v = 0; while (*p >= '0') v = v * 10 + (*p++ - '0'); } while (0)
    int n, a, b, c, d;
    NEXT(n);
    static char out[1 << 16];
    char *o = out;
    while (n--) {
        NEXT(a);
        NEXT(b);
        NEXT(c);
        NEXT(d);
        const char *w = wins(a, b, c, d) ? "Patrick\n" : "Roland\n";
        size_t k = strlen(w);
        memcpy(o, w, k);
        o += k;
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
