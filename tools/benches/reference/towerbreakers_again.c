/* Reference for the towerbreakers_again benchmark: HackerRank "Tower Breakers, Again!" as a
 * tight C program in the style of the accepted solutions: a smallest-prime-factor sieve of the
 * judge's range (heights up to 10^5) gives G(h) = Ω(odd part of h) + [h even] for every h,
 * then one fread, hand-parsed integers and an XOR per test; no input checks. */
#include <stdio.h>

#define MAXH 100000
static int spf[MAXH + 1];
static unsigned char value[MAXH + 1];

int main(void) {
    for (int i = 2; i <= MAXH; i++) {
        if (spf[i]) continue;
        for (int j = i; j <= MAXH; j += i)
            if (!spf[j]) spf[j] = i;
    }
    /* odd[h]: Ω of the odd part of h, kept in value[] and fixed up below. */
    static unsigned char odd[MAXH + 1];
    for (int h = 2; h <= MAXH; h++)
        odd[h] = (h & 1) ? odd[h / spf[h]] + 1 : odd[h >> 1];
    for (int h = 1; h <= MAXH; h++) value[h] = odd[h] + !(h & 1);

    static char in[1 << 20];
    size_t len = fread(in, 1, sizeof in - 1, stdin);
    in[len] = 0;
    char *p = in;
#define NEXT(v) do { while (*p < '0') p++; v = 0; while (*p >= '0') v = v * 10 + (*p++ - '0'); } while (0)
    int t, n, h;
    NEXT(t);
    static char out[1 << 12];
    char *o = out;
    while (t--) {
        NEXT(n);
        int x = 0;
        while (n--) {
            NEXT(h);
            x ^= value[h];
        }
        *o++ = x ? '1' : '2';
        *o++ = '\n';
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
