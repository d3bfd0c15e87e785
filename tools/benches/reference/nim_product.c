/* Reference for the nim_product benchmark: Library Checker nim_product_64 as a tight C program
 * (one fread, hand-parsed integers, one output buffer), no input checks. The split into halves
 * a = a1 F + a0 at F = 2^32, 2^16, 2^8 (F * F = F + F / 2), with the products of bytes from a
 * table built by the same split down to bits. */
#include <stdio.h>
#include <stdlib.h>

typedef unsigned long long u64;
static unsigned char bytes[256][256];

static u64 slow(u64 a, u64 b, int w) {
    if (w == 1) return a & b;
    int h = w / 2;
    u64 m = (1ULL << h) - 1, lo = slow(a & m, b & m, h), hi = slow(a >> h, b >> h, h);
    u64 mid = slow((a & m) ^ (a >> h), (b & m) ^ (b >> h), h);
    return (mid ^ lo) << h | (lo ^ slow(hi, 1ULL << (h - 1), h));
}

/* One function per width so that gcc inlines them all into the loop. */
static inline u64 mul16(u64 a, u64 b) {
    u64 a0 = a & 255, a1 = a >> 8, b0 = b & 255, b1 = b >> 8;
    u64 lo = bytes[a0][b0], hi = bytes[a1][b1], mid = bytes[a0 ^ a1][b0 ^ b1];
    return (mid ^ lo) << 8 | (lo ^ bytes[hi][0x80]);
}
static inline u64 mul32(u64 a, u64 b) {
    u64 a0 = a & 0xFFFF, a1 = a >> 16, b0 = b & 0xFFFF, b1 = b >> 16;
    u64 lo = mul16(a0, b0), hi = mul16(a1, b1), mid = mul16(a0 ^ a1, b0 ^ b1);
    return (mid ^ lo) << 16 | (lo ^ mul16(hi, 0x8000));
}
static inline u64 mul64(u64 a, u64 b) {
    u64 a0 = a & 0xFFFFFFFFULL, a1 = a >> 32, b0 = b & 0xFFFFFFFFULL, b1 = b >> 32;
    u64 lo = mul32(a0, b0), hi = mul32(a1, b1), mid = mul32(a0 ^ a1, b0 ^ b1);
    return (mid ^ lo) << 32 | (lo ^ mul32(hi, 0x80000000ULL));
}

int main(void) {
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) bytes[a][b] = (unsigned char)slow(a, b, 8);
    size_t cap = 1 << 20, len = 0, got;
    char *in = malloc(cap + 1);
    while ((got = fread(in + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) in = realloc(in, (cap *= 2) + 1);
    }
    in[len] = 0;
    char *p = in;
#define NEXT(v) do { while (*p < '0') p++; v = 0; while (*p >= '0') v = v * 10 + (*p++ - '0'); } while (0)
    u64 t, a, b;
    NEXT(t);
    char *out = malloc(t * 21 + 1), *o = out;
    while (t--) {
        NEXT(a);
        NEXT(b);
        u64 c = mul64(a, b);
        char digits[20];
        int k = 0;
        do digits[k++] = (char)('0' + c % 10), c /= 10; while (c);
        while (k) *o++ = digits[--k];
        *o++ = '\n';
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
