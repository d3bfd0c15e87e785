/* Reference for the dividing_game benchmark: AtCoder ABC368 F as a tight C program (one fread,
 * hand-parsed integers), no input checks. Replacing a by a proper divisor removes any nonempty
 * part of its prime factors, so a is a Nim heap of its number of prime factors counted with
 * multiplicity, from a smallest-prime-factor sieve. */
#include <stdio.h>
#include <stdlib.h>

#define MAX 100000
static int spf[MAX + 1], omega[MAX + 1];

int main(void) {
    for (int i = 2; i <= MAX; i++)
        if (!spf[i])
            for (int j = i; j <= MAX; j += i)
                if (!spf[j]) spf[j] = i;
    for (int i = 2; i <= MAX; i++) omega[i] = omega[i / spf[i]] + 1;
    size_t cap = 1 << 20, len = 0, got;
    char *in = malloc(cap + 1);
    while ((got = fread(in + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) in = realloc(in, (cap *= 2) + 1);
    }
    in[len] = 0;
    char *p = in;
#define NEXT(v) do { while (*p < '0') p++; v = 0; while (*p >= '0') v = v * 10 + (*p++ - '0'); } while (0)
    long n, a;
    int x = 0;
    NEXT(n);
    while (n--) {
        NEXT(a);
        x ^= omega[a];
    }
    puts(x ? "Anna" : "Bruno");
    return 0;
}
