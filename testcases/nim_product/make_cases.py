#!/usr/bin/env python3
"""Writes nim_product's testcases, with expected outputs from this file's own nim product.

The product here is the textbook recursion on halves with four sub-products (the cross terms
computed separately, no table of bytes and no Karatsuba step), memoised below 2^8 and
checked first against the mex definition below 32 and against field axioms on random values.
Run once from the repository root: python3 testcases/nim_product/make_cases.py
"""
import functools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


def nim_mul(a, b):
    if a < 2 or b < 2:
        return a * b
    if a < 256 and b < 256:
        return byte_product(a, b)
    return by_halves(a, b)


@functools.lru_cache(maxsize=None)
def byte_product(a, b):
    return by_halves(a, b)


def by_halves(a, b):
    # The smallest Fermat 2-power F = 2^h with a, b < F^2.
    h = 1
    while max(a, b) >= 1 << (2 * h):
        h *= 2
    f = 1 << h
    a1, a0 = divmod(a, f)
    b1, b0 = divmod(b, f)
    c = nim_mul(a1, b1)
    high = nim_mul(a1, b0) ^ nim_mul(a0, b1) ^ c  # F ⊗ F = F ⊕ F/2
    return (high << h) ^ nim_mul(a0, b0) ^ nim_mul(c, f >> 1)


def by_mex(n):
    p = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {p[x][b] ^ p[a][y] ^ p[x][y] for x in range(a) for y in range(b)}
            g = 0
            while g in seen:
                g += 1
            p[a][b] = g
    return p


def check(rng):
    p = by_mex(32)
    for a in range(32):
        for b in range(32):
            assert nim_mul(a, b) == p[a][b], (a, b)
    for _ in range(300):
        a, b, c = (rng.getrandbits(64) for _ in range(3))
        assert nim_mul(a, b) == nim_mul(b, a)
        assert nim_mul(nim_mul(a, b), c) == nim_mul(a, nim_mul(b, c))
        assert nim_mul(a, b ^ c) == nim_mul(a, b) ^ nim_mul(a, c)
        assert nim_mul(a, b) < 1 << 64


def write(name, pairs):
    with open(os.path.join(HERE, name + ".in"), "w") as f:
        f.write("%d\n" % len(pairs) + "".join("%d %d\n" % p for p in pairs))
    with open(os.path.join(HERE, name + ".out"), "w") as f:
        f.write("".join("%d\n" % nim_mul(a, b) for a, b in pairs))


def main():
    rng = random.Random(35064)
    check(rng)
    top = (1 << 64) - 1
    write("sample-1", [(5, b) for b in range(9)] + [(3141, 5926), (top, top)])
    edge = [(0, 0), (0, top), (top, 0), (1, top), (top, 1), (top, top), (2, 2), (16, 16)]
    edge += [(1 << i, 1 << j) for i in range(0, 64, 7) for j in range(0, 64, 9)]
    edge += [(1 << (1 << k), 1 << (1 << k)) for k in range(6)]
    edge += [((1 << (1 << k)) - 1, (1 << (1 << k)) - 1) for k in range(7)]
    write("edge", edge)
    # The judge's line shape at its largest numbers; 10^6 lines (40 MB) is too big to keep.
    big = []
    for _ in range(40000):
        kind = rng.randrange(8)
        if kind == 0:
            big.append((1 << rng.randrange(64), 1 << rng.randrange(64)))
        elif kind == 1:
            big.append((rng.getrandbits(64) >> rng.randrange(64), rng.getrandbits(64)))
        else:
            big.append((rng.getrandbits(64), rng.getrandbits(64)))
    write("max-limits", big)


if __name__ == "__main__":
    main()
