/* Reference for the lieges benchmark: Codeforces 603C "Lieges of Legendre" as a tight C
 * program (one fread, hand-parsed integers), no input checks. For even k a pile of a splits into
 * an even number of equal piles, worth 0; so g(a) is 0, 1, 2 for a = 0, 1, 2 and then 1 on even,
 * 0 on odd a. For odd k the split is worth g(a / 2), giving g(a) = mex{g(a - 1), g(a / 2)} on
 * even a, with g(1..4) = 1, 0, 1, 2 and 0 on odd a above 3. */
#include <stdio.h>
#include <stdlib.h>

static int odd_k(long a) {
    if (a < 5) { static const int small[5] = {0, 1, 0, 1, 2}; return small[a]; }
    if (a & 1) return 0;
    return odd_k(a / 2) == 1 ? 2 : 1;
}

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
    long n, k, a;
    int x = 0;
    NEXT(n);
    NEXT(k);
    while (n--) {
        NEXT(a);
        if (k & 1) x ^= odd_k(a);
        else x ^= a < 3 ? (int)a : !(a & 1);
    }
    puts(x ? "Kevin" : "Nicky");
    return 0;
}
