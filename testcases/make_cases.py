#!/usr/bin/env python3
"""Writes our own testcases with expected outputs from methods independent of the Rust code.

Small cases are answered by a literal game-tree search written here in Python; the cases at the
judges' maximum limits by a second implementation of the known rule (also here), which the small
cases cross-check against the search first. Run from the repository root:
    python3 testcases/make_cases.py
The outputs are committed; the runner never needs Python.
"""
import functools
import os
import random

ROOT = os.path.dirname(os.path.abspath(__file__))


def write(problem, name, text_in, text_out):
    os.makedirs(os.path.join(ROOT, problem), exist_ok=True)
    with open(os.path.join(ROOT, problem, name + ".in"), "w") as f:
        f.write(text_in)
    with open(os.path.join(ROOT, problem, name + ".out"), "w") as f:
        f.write(text_out)


def mex(values):
    values = set(values)
    g = 0
    while g in values:
        g += 1
    return g


# ---------------------------------------------------------------- mmmgame (misère Nim)
@functools.lru_cache(maxsize=None)
def misere_mover_wins(piles):
    if not piles:
        return True  # the previous player ate the last M&M
    for i, p in enumerate(piles):
        for eat in range(1, p + 1):
            rest = list(piles)
            rest[i] -= eat
            if not misere_mover_wins(tuple(sorted(x for x in rest if x))):
                return True
    return False


def misere_rule(piles):
    if all(p <= 1 for p in piles):
        return sum(piles) % 2 == 0
    x = 0
    for p in piles:
        x ^= p
    return x != 0


def mmmgame(rng):
    for _ in range(500):
        piles = tuple(sorted(rng.randint(1, 5) for _ in range(rng.randint(1, 4))))
        assert misere_rule(piles) == misere_mover_wins(piles), piles
    edge = [[1], [2], [1, 1], [1, 1, 1], [4747], [1] * 47, [1] * 46, [2, 2], [1, 2, 3], [4747] * 47]
    write_mmm("edge", edge, lambda p: misere_mover_wins(tuple(sorted(p))) if sum(p) <= 12 else misere_rule(p))
    big = [[rng.randint(1, 4747) for _ in range(47)] for _ in range(474)]
    write_mmm("max-limits", big, misere_rule)


def write_mmm(name, tests, wins):
    text_in = "%d\n" % len(tests) + "".join("%d\n%s\n" % (len(t), " ".join(map(str, t))) for t in tests)
    text_out = "".join("John\n" if wins(t) else "Brother\n" for t in tests)
    write("mmmgame", name, text_in, text_out)


if __name__ == "__main__":
    import sys
    chosen = sys.argv[1:] or ["mmmgame"]
    for problem in chosen:
        globals()[problem](random.Random(problem))
