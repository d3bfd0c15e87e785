/* Reference for the knights benchmark: HackerRank "Chessboard Game, Again!" as a tight C
 * program (one fread, hand-parsed integers, one output buffer), no input checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char g[15][15];

static int mex_of(int x, int y) {
    static const int dx[4] = {-2, -2, 1, -1}, dy[4] = {1, -1, -2, -2};
    int seen = 0;
    for (int k = 0; k < 4; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        if (nx >= 0 && nx < 15 && ny >= 0 && ny < 15) seen |= 1 << g[nx][ny];
    }
    int m = 0;
    while (seen >> m & 1) m++;
    return m;
}

int main(void) {
    /* Values in order of x + y: every move lowers it. */
    for (int s = 0; s <= 28; s++)
        for (int x = 0; x < 15; x++) {
            int y = s - x;
            if (y >= 0 && y < 15) g[x][y] = (unsigned char)mex_of(x, y);
        }
    size_t cap = 1 << 20, len = 0, got;
    char *in = malloc(cap + 1);
    while ((got = fread(in + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) in = realloc(in, (cap *= 2) + 1);
    }
    in[len] = 0;
    char *p = in;
#define NEXT(v) do { while (*p < '0') p++; v = 0; while (*p >= '0') v = v * 10 + (*p++ - '0'); } while (0)
    long t, k, x, y;
    NEXT(t);
    char *out = malloc(t * 7 + 1), *o = out;
    while (t--) {
        NEXT(k);
        int v = 0;
        while (k--) {
            NEXT(x);
            NEXT(y);
            v ^= g[x - 1][y - 1];
        }
        const char *w = v ? "First\n" : "Second\n";
        size_t n = strlen(w);
        memcpy(o, w, n);
        o += n;
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
