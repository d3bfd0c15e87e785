#!/usr/bin/env python3
"""Writes john's edge and max-limits cases with expected outputs made here, not by the Rust
solution: a literal misère search in Python for small tests, and for the large ones the misère
Nim rule written again here, which the search first cross-checks on random small tests.
Run from anywhere: python3 testcases/john/make_cases.py
"""
import functools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


@functools.lru_cache(maxsize=None)
def mover_wins(piles):
    """Literal misère search over sorted non-empty piles: taking the last stone loses."""
    if not piles:
        return True
    for i, p in enumerate(piles):
        for take in range(1, p + 1):
            rest = list(piles)
            rest[i] -= take
            if not mover_wins(tuple(sorted(x for x in rest if x))):
                return True
    return False


def rule(piles):
    x = 0
    for p in piles:
        x ^= p
    if all(p <= 1 for p in piles):
        return x == 0
    return x != 0


def search(piles):
    return mover_wins(tuple(sorted(p for p in piles if p)))


def small_by_search(piles):
    """The search where it is small enough, else the rule (checked against it above)."""
    return search(piles) if sum(piles) <= 12 else rule(piles)


def write(name, tests, decide):
    lines = [str(len(tests))]
    for piles in tests:
        lines.append(str(len(piles)))
        lines.append(" ".join(map(str, piles)))
    with open(os.path.join(HERE, name + ".in"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(HERE, name + ".out"), "w") as f:
        f.write("".join("John\n" if decide(p) else "Brother\n" for p in tests))


def main():
    rng = random.Random(4279)
    for _ in range(500):
        piles = [rng.randint(0, 5) for _ in range(rng.randint(1, 4))]
        assert rule(piles) == search(piles), piles
    edge = [[1], [2], [0], [0, 0], [1, 1], [1, 1, 1], [1, 0, 1], [2, 2], [2, 3], [1, 2, 3],
            [5000], [1] * 50, [1] * 49, [5000] * 50, [5000] * 49 + [1], [4, 4, 1]]
    write("edge", edge, small_by_search)
    # T = 500 tests of N = 50 piles up to 5000; a fifth of them only 0s and 1s, a fifth
    # built to nim-sum 0, so that every branch of the rule is met.
    tests = []
    for k in range(500):
        if k % 5 == 0:
            piles = [rng.randint(0, 1) for _ in range(50)]
        else:
            piles = [rng.randint(0, 5000) for _ in range(50)]
            if k % 5 == 1:
                x = 0
                for p in piles[:-1]:
                    x ^= p
                piles[-1] = x if x <= 5000 else piles[-1]
        tests.append(piles)
    write("max-limits", tests, rule)


main()
