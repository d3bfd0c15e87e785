#!/usr/bin/env python3
"""Writes stair_game's edge and max-limits cases with expected outputs made here, not by the Rust
solution: a literal game-tree search in Python for small boards, and for the large ones the
staircase rule written again here, which the search first cross-checks on random small boards.
Run from anywhere: python3 testcases/stair_game/make_cases.py
"""
import functools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


@functools.lru_cache(maxsize=None)
def mover_wins(balls):
    """Literal search: some balls from stair k >= 2 (index k - 1) to the stair below."""
    for k in range(1, len(balls)):
        for moved in range(1, balls[k] + 1):
            after = list(balls)
            after[k] -= moved
            after[k - 1] += moved
            if not mover_wins(tuple(after)):
                return True
    return False


def rule(balls):
    x = 0
    for i in range(1, len(balls), 2):  # stairs 2, 4, ...
        x ^= balls[i]
    return x != 0


def text(tests):
    lines = [str(len(tests))]
    for balls in tests:
        lines.append(str(len(balls)))
        lines.append(" ".join(map(str, balls)))
    return "\n".join(lines) + "\n"


def answers(tests, decide):
    return "".join("first\n" if decide(tuple(b)) else "second\n" for b in tests)


def write(name, tests, decide):
    with open(os.path.join(HERE, name + ".in"), "w") as f:
        f.write(text(tests))
    with open(os.path.join(HERE, name + ".out"), "w") as f:
        f.write(answers(tests, decide))


def main():
    rng = random.Random(1099)
    for _ in range(400):
        balls = tuple(rng.randint(0, 3) for _ in range(rng.randint(1, 4)))
        assert rule(balls) == mover_wins(balls), balls
    edge = [[0], [7], [0, 0], [0, 1], [5, 0], [1, 1, 1], [0, 2, 0, 2], [0, 2, 0, 3],
            [3, 0, 3, 0, 3], [0, 1, 0, 1, 0, 1], [2, 1, 2], [0, 3, 2]]
    write("edge", edge, mover_wins)
    big = 10**9
    # Sum of n at the limit 2 * 10^5, in one test; the other cases are small.
    max_tests = [[rng.randint(0, big) for _ in range(200000)]]
    write("max-limits", max_tests, rule)
    # t at the limit: 150,000 tests (sum of n 2 * 10^5), one stair each (always `second`) or two.
    many = [[rng.randint(0, 99)] for _ in range(100000)] + \
        [[rng.randint(0, 99), rng.randint(0, 2)] for _ in range(50000)]
    rng.shuffle(many)
    write("max-tests", many, rule)


main()
