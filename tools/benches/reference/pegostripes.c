/* Reference for the pegostripes benchmark: POI 2000 "Stripes" as a tight C program in the
 * style of the accepted solutions: the Grundy values of rows up to the longest board, each the
 * mex over every strip length and every place to lay it of g(left) ^ g(right), then one
 * fread and hand-parsed integers; no input checks. */
#include <stdio.h>

#define MAXP 1000

int main(void) {
    static char in[1 << 16];
    size_t len = fread(in, 1, sizeof in - 1, stdin);
    in[len] = 0;
    char *p = in;
#define NEXT(v) do { while (*p < '0') p++; v = 0; while (*p >= '0') v = v * 10 + (*p++ - '0'); } while (0)
    int s[3], m;
    NEXT(s[0]);
    NEXT(s[1]);
    NEXT(s[2]);
    NEXT(m);
    static int board[MAXP];
    int longest = 0;
    for (int i = 0; i < m; i++) {
        NEXT(board[i]);
        if (board[i] > longest) longest = board[i];
    }
    static int g[MAXP + 1], seen[2048];
    for (int x = 1; x <= longest; x++) {
        for (int k = 0; k < 3; k++) {
            int r = s[k];
            if (r > x || (k > 0 && r == s[0]) || (k > 1 && r == s[1])) continue;
            for (int i = 0; 2 * i <= x - r; i++) seen[g[i] ^ g[x - r - i]] = x;
        }
        int v = 0;
        while (seen[v] == x) v++;
        g[x] = v;
    }
    static char out[1 << 13];
    char *o = out;
    for (int i = 0; i < m; i++) {
        *o++ = g[board[i]] ? '1' : '2';
        *o++ = '\n';
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
