#!/usr/bin/env python3
"""Writes berzerk's cases (Codeforces 786A) with expected outputs made here, independently of
the Rust code. Small games are answered by the rule read literally (decide positions until
nothing changes); the large ones by a second, queue-based retrograde analysis over forward
moves, which the small games cross-check against the literal rule first.
Run from the repository root: python3 testcases/berzerk/make_cases.py (a minute or two)."""
import os
import random
from collections import deque

HERE = os.path.dirname(os.path.abspath(__file__))


def literal(n, sets):
    """known[player][object] for objects 1..n: True if the mover wins, False if loses, None loops."""
    known = [[None] * (n + 1) for _ in range(2)]
    changed = True
    while changed:
        changed = False
        for obj in range(2, n + 1):
            for p in range(2):
                if known[p][obj] is not None:
                    continue
                after = []
                for x in sets[p]:
                    to = (obj - 1 + x) % n + 1
                    after.append(False if to == 1 else known[1 - p][to])
                if False in after:
                    known[p][obj] = True
                    changed = True
                elif all(a is True for a in after):
                    known[p][obj] = False
                    changed = True
    return known


def retrograde(n, sets):
    """The same table by counting each position's moves known to reach a won position."""
    # Objects 0..n-1 here (object 1 is 0). left[p][v]: moves of p at v not yet seen to reach a win.
    known = [[None] * n for _ in range(2)]
    left = [[len(sets[p])] * n for p in range(2)]
    queue = deque()
    for p in range(2):
        known[p][0] = False  # the game is over: the player to move has lost
        queue.append((p, 0))
    while queue:
        p, v = queue.popleft()
        q = 1 - p  # who moved into (p, v)
        lost = known[p][v] is False
        kq, lq = known[q], left[q]
        for x in sets[q]:
            u = (v - x) % n
            if u == 0 or kq[u] is not None:
                continue
            if lost:
                kq[u] = True
                queue.append((q, u))
            else:
                lq[u] -= 1
                if lq[u] == 0:
                    kq[u] = False
                    queue.append((q, u))
    return [[None] + row for row in known]  # back to objects 1..n


def answer(n, known):
    word = {True: "Win", False: "Lose", None: "Loop"}
    return "".join(" ".join(word[known[p][o]] for o in range(2, n + 1)) + "\n" for p in range(2))


def text_in(n, sets):
    return "%d\n" % n + "".join("%d %s\n" % (len(s), " ".join(map(str, s))) for s in sets)


def write(name, n, sets, known):
    with open(os.path.join(HERE, name + ".in"), "w") as f:
        f.write(text_in(n, sets))
    with open(os.path.join(HERE, name + ".out"), "w") as f:
        f.write(answer(n, known))


def main():
    rng = random.Random("berzerk")
    for _ in range(400):
        n = rng.randint(2, 14)
        sets = [rng.sample(range(1, n), rng.randint(1, n - 1)) for _ in range(2)]
        assert [r[2:] for r in literal(n, sets)] == [r[2:] for r in retrograde(n, sets)], (n, sets)
    samples = [(5, [[3, 2], [1, 2, 3]]), (8, [[6, 2, 3, 4], [3, 6]])]
    expected = ["Lose Win Win Loop\nLoop Win Win Win\n",
                "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n"]
    for i, ((n, sets), out) in enumerate(zip(samples, expected), 1):
        known = literal(n, sets)
        assert answer(n, known) == out
        write("sample-%d" % i, n, sets, known)
    # Edge: two objects (every move is into the black hole), and one move each that loops.
    write("edge-two-objects", 2, [[1], [1]], literal(2, [[1], [1]]))
    write("edge-loops", 6, [[2], [4]], literal(6, [[2], [4]]))
    # The judge's largest n: sets of nearly every number (the most moves), and small sets
    # of even numbers (odd distances never reach the hole: loops among decided positions).
    n = 7000
    big = [rng.sample(range(1, n), n - 1 - rng.randint(0, 20)) for _ in range(2)]
    write("max-limits", n, big, retrograde(n, big))
    evens = [rng.sample(range(2, n, 2), 40) for _ in range(2)]
    write("max-objects-even-steps", n, evens, retrograde(n, evens))


if __name__ == "__main__":
    main()
