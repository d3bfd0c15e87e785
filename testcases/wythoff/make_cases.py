#!/usr/bin/env python3
"""Writes wythoff's testcases. Expected outputs: a literal search for small heaps, and for large
ones Wythoff's pairs by Python's exact integer square root, a_k = (k + isqrt(5k^2)) // 2, which
the search cross-checks first. Run once from the repository root:
    python3 testcases/wythoff/make_cases.py
"""
import os
from math import isqrt

HERE = os.path.dirname(os.path.abspath(__file__))


def pair(k):
    a = (k + isqrt(5 * k * k)) // 2
    return a, a + k


def first_wins(a, b):
    a, b = min(a, b), max(a, b)
    return pair(b - a) != (a, b)


def check():
    n = 40
    wins = [[False] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            nxt = [(x - t, y) for t in range(1, x + 1)] + [(x, y - t) for t in range(1, y + 1)]
            nxt += [(x - t, y - t) for t in range(1, min(x, y) + 1)]
            wins[x][y] = any(not wins[u][v] for u, v in nxt)
            assert wins[x][y] == first_wins(x, y), (x, y)


def write(name, a, b):
    with open(os.path.join(HERE, name + ".in"), "w") as f:
        f.write("%d %d\n" % (a, b))
    with open(os.path.join(HERE, name + ".out"), "w") as f:
        f.write("%d\n" % first_wins(a, b))


def main():
    check()
    write("sample-1", 8, 4)
    write("edge", 0, 0)
    # The largest P-position within the judge's limit of 10^9, given larger heap first.
    k = 10**9
    while pair(k)[1] > 10**9:
        k -= 1
    a, b = pair(k)
    write("max-limits", b, a)
    write("max-limits-win", 10**9, 10**9)
    # Beyond the judge: a P-position near 10^18 and one a stone away from it.
    a, b = pair(10**18)
    write("beyond-judge", a, b)
    write("beyond-judge-win", a, b - 1)


if __name__ == "__main__":
    main()
