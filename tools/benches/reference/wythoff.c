/* Reference for the wythoff benchmark: Luogu P2252 as a tight C program, no input checks.
 * (a, b) with a <= b loses for the mover iff a = floor((b - a) * phi), and
 * floor(d * phi) = floor((d + sqrt(5 d^2)) / 2) = (d + isqrt(5 d^2)) / 2, in integers. */
#include <stdio.h>

int main(void) {
    unsigned long long a, b;
    if (scanf("%llu %llu", &a, &b) != 2) return 1;
    if (a > b) { unsigned long long t = a; a = b; b = t; }
    unsigned long long d = b - a, s = 5 * d * d, lo = 0, hi = 3000000000ULL;
    while (lo < hi) { /* the largest r with r * r <= s */
        unsigned long long mid = (lo + hi + 1) / 2;
        if (mid * mid <= s) lo = mid; else hi = mid - 1;
    }
    unsigned long long r = lo;
    puts(a == (d + r) / 2 ? "0" : "1");
    return 0;
}
