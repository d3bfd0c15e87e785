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


# ---------------------------------------------------------------- nukit
REACTIONS = [(2, 1, 0, 2), (1, 1, 1, 1), (0, 0, 2, 1), (0, 3, 0, 0), (1, 0, 0, 1)]


def nukit_table(limit):
    """Win/loss of every pool with counts <= limit, by literal search in order of total size."""
    wins = {}
    pools = sorted(
        ((a, b, c, d) for a in range(limit + 1) for b in range(limit + 1)
         for c in range(limit + 1) for d in range(limit + 1)), key=sum)
    for pool in pools:
        wins[pool] = any(
            all(r[i] <= pool[i] for i in range(4)) and not wins[tuple(pool[i] - r[i] for i in range(4))]
            for r in REACTIONS)
    return wins


def nukit(rng):
    wins = nukit_table(30)
    def emit(name, pools):
        text_in = "%d\n" % len(pools) + "".join("%d %d %d %d\n" % p for p in pools)
        write("nukit", name, text_in, "".join("Patrick\n" if wins[p] else "Roland\n" for p in pools))
    emit("edge", [(0, 0, 0, 0), (1, 0, 0, 1), (0, 3, 0, 0), (30, 30, 30, 30), (30, 0, 0, 0),
                  (0, 0, 30, 30), (2, 1, 0, 2), (1, 1, 1, 1), (0, 2, 0, 0), (8, 8, 8, 8)])
    emit("max-limits", [tuple(rng.randint(0, 30) for _ in range(4)) for _ in range(99)])


# ---------------------------------------------------------------- knights
KNIGHT = [(-2, 1), (-2, -1), (1, -2), (-1, -2)]


def knight_values(n=15):
    """Grundy value of one coin per 1-based cell, by memoised search."""
    @functools.lru_cache(maxsize=None)
    def g(x, y):
        return mex(g(x + dx, y + dy) for dx, dy in KNIGHT if 1 <= x + dx <= n and 1 <= y + dy <= n)
    return g


@functools.lru_cache(maxsize=None)
def knights_pair_wins(coins):
    """Literal search over a sorted tuple of one or two coins."""
    for i, (x, y) in enumerate(coins):
        for dx, dy in KNIGHT:
            if 1 <= x + dx <= 15 and 1 <= y + dy <= 15:
                rest = list(coins)
                rest[i] = (x + dx, y + dy)
                if not knights_pair_wins(tuple(sorted(rest))):
                    return True
    return False


def knights(rng):
    g = knight_values()
    def xor_wins(coins):
        v = 0
        for x, y in coins:
            v ^= g(x, y)
        return v != 0
    def emit(name, tests, wins):
        text_in = "%d\n" % len(tests) + "".join(
            "%d\n" % len(t) + "".join("%d %d\n" % c for c in t) for t in tests)
        write("knights", name, text_in, "".join("First\n" if wins(t) else "Second\n" for t in tests))
    cell = lambda: (rng.randint(1, 15), rng.randint(1, 15))
    small = [[(1, 1)], [(15, 15)], [(1, 15)], [(15, 1)], [(3, 2), (3, 2)], [(2, 2)], [(3, 1)]]
    small += [[cell() for _ in range(rng.randint(1, 2))] for _ in range(200)]
    emit("one-or-two-coins", small, lambda t: knights_pair_wins(tuple(sorted(t))))
    emit("max-limits", [[cell() for _ in range(1000)] for _ in range(1000)], xor_wins)


# ---------------------------------------------------------------- towerbreakers
@functools.lru_cache(maxsize=None)
def towers_first_wins(towers):
    for i, h in enumerate(towers):
        for y in range(1, h):
            if h % y == 0:
                rest = list(towers)
                rest[i] = y
                if not towers_first_wins(tuple(sorted(rest))):
                    return True
    return False


def towerbreakers(rng):
    rule = lambda n, m: n % 2 == 1 and m > 1  # Omega(m) > 0 iff m > 1; equal towers cancel
    for n in range(1, 5):
        for m in range(1, 30):
            assert rule(n, m) == towers_first_wins((m,) * n), (n, m)
    def emit(name, tests):
        text_in = "%d\n" % len(tests) + "".join("%d %d\n" % t for t in tests)
        write("towerbreakers", name, text_in, "".join("1\n" if rule(*t) else "2\n" for t in tests))
    emit("edge", [(1, 1), (1, 2), (2, 1), (2, 2), (3, 7), (1000000, 1000000), (999999, 1000000),
                  (10**18, 10**18), (10**18 - 1, 10**18), (7, 1), (1, 999999999999999989)])
    emit("max-limits", [(rng.randint(1, 10**6), rng.randint(1, 10**6)) for _ in range(100)])


# ---------------------------------------------------------------- game3
def game3_dp(n):
    wins = [False] * (n + 1)
    for m in range(n - 1, 0, -1):
        wins[m] = any(nxt < n and not wins[nxt] for nxt in (m + 1, 2 * m))
    return wins[1]


def game3_rule(n):
    # Second formulation: read T = N - 1 in binary, right to left; every 1 at an odd position.
    bits = bin(n - 1)[2:][::-1]
    return n > 2 and all(b == "0" for b in bits[0::2])


def game3(rng):
    for n in range(2, 3000):
        assert game3_rule(n) == game3_dp(n), n
    def emit(name, ns):
        text_in = "%d\n" % len(ns) + "".join("%d\n" % n for n in ns)
        write("game3", name, text_in, "".join("Ivica\n" if game3_rule(n) else "Marica\n" for n in ns))
    emit("small", [2, 3, 9, 11])
    emit("small-2", [33, 34, 35, 100, 129])
    emit("max-limits", [10**15, 10**15 - 1, 2**49 + 1, 0b10101010101010101010101010101010101010101010101011, 999999999999999])
    emit("beyond-judge", [2**63, 2**63 + 1, 2**64 - 1, 0xAAAAAAAAAAAAAAAB, 0xAAAAAAAAAAAAAAAA])


# ---------------------------------------------------------------- pegostripes
def strips_bitmask_wins(cells, lengths):
    """Literal search over the board as a bitmask of covered cells."""
    @functools.lru_cache(maxsize=None)
    def wins(covered):
        for s in set(lengths):
            for start in range(0, cells - s + 1):
                strip = ((1 << s) - 1) << start
                if covered & strip == 0 and not wins(covered | strip):
                    return True
        return False
    return wins(0)


def strips_values(lengths, upto):
    """g(x) = mex over strips r and offsets i of g(i) ^ g(x - r - i): the game's own recursion."""
    g = []
    for x in range(upto + 1):
        g.append(mex(g[i] ^ g[x - r - i] for r in set(lengths) if r <= x for i in range(x - r + 1)))
    return g


def write_strips(name, lengths, boards, wins):
    text_in = "%d %d %d\n%d\n" % (tuple(lengths) + (len(boards),)) + "".join("%d\n" % b for b in boards)
    write("pegostripes", name, text_in, "".join("1\n" if wins(b) else "2\n" for b in boards))


def pegostripes(rng):
    lengths = [2, 3, 3]
    write_strips("small-bitmask", lengths, list(range(1, 15)), lambda b: strips_bitmask_wins(b, lengths))
    lengths = [1, 1, 1]
    write_strips("edge-single-cells", lengths, [1, 2, 3, 1000, 999], lambda b: b % 2 == 1)
    lengths = [1000, 1000, 1000]
    write_strips("edge-one-long-strip", lengths, [1, 999, 1000], lambda b: b == 1000)
    lengths = [rng.randint(1, 40), rng.randint(1, 40), rng.randint(1, 40)]
    g = strips_values(lengths, 1000)
    write_strips("max-limits", lengths, [rng.randint(1, 1000) for _ in range(1000)], lambda b: g[b] != 0)
    # Beyond the judge: Dawson's Kayles has period 34 after 53 values (Guy and Smith, 1956).
    g = strips_values([2], 200)
    same = lambda b: b if b < 53 else 53 + (b - 53) % 34
    boards = [10**18, 10**18 + 1, 2**64 - 1, 123456789012345678, 87, 88]
    write_strips("beyond-judge-dawson", [2, 2, 2], boards, lambda b: g[same(b)] != 0)
    # Beyond the judge, no period: strips {1, 2, 3} (octal 0.777) on boards up to 10^5 cells.
    # Python is too slow for the game's recursion there, so the same recursion runs in C.
    g = strips_values_in_c([1, 2, 3], 100000)
    boards = [100000, 99999, 65536, 77777] + [rng.randint(90000, 100000) for _ in range(20)]
    write_strips("beyond-judge-777", [1, 2, 3], boards, lambda b: g[b] != 0)


C_STRIPS = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* g(x) = mex over strips r and offsets i of g(i) ^ g(x - r - i), as in strips_values. */
int main(int argc, char **argv) {
    int upto = atoi(argv[1]), count = argc - 2, *len = malloc(sizeof(int) * count);
    for (int k = 0; k < count; k++) len[k] = atoi(argv[k + 2]);
    unsigned short *g = malloc(sizeof(unsigned short) * (upto + 1));
    static unsigned char seen[1 << 16];
    for (int x = 0; x <= upto; x++) {
        memset(seen, 0, sizeof seen);
        for (int k = 0; k < count; k++)
            for (int i = 0; i + len[k] <= x; i++) seen[g[i] ^ g[x - len[k] - i]] = 1;
        int m = 0;
        while (seen[m]) m++;
        g[x] = m;
        printf("%d\n", m);
    }
    return 0;
}
"""


def strips_values_in_c(lengths, upto):
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "strips.c"), os.path.join(tmp, "strips")
        with open(src, "w") as f:
            f.write(C_STRIPS)
        subprocess.run(["gcc", "-O2", "-o", exe, src], check=True)
        out = subprocess.run([exe, str(upto)] + [str(l) for l in lengths], check=True,
                             capture_output=True, text=True).stdout
    g = [int(v) for v in out.split()]
    assert g[:200] == strips_values(lengths, 199), "the C recursion disagrees with Python's"
    return g



# ---------------------------------------------------------------- the practice list (issue 11)
def omega(n):
    """Prime factors with multiplicity, by trial division (independent of Pollard's rho)."""
    count, d = 0, 2
    while d * d <= n:
        while n % d == 0:
            n //= d
            count += 1
        d += 1
    return count + (1 if n > 1 else 0)


@functools.lru_cache(maxsize=None)
def divisor_mover_wins(towers):
    for i, x in enumerate(towers):
        for y in range(1, x):
            if x % y == 0:
                rest = list(towers)
                rest[i] = y
                if not divisor_mover_wins(tuple(sorted(rest))):
                    return True
    return False


def towerbreakers_revisited(rng):
    for _ in range(300):
        towers = tuple(sorted(rng.randint(1, 30) for _ in range(rng.randint(1, 3))))
        x = 0
        for t in towers:
            x ^= omega(t)
        assert (x != 0) == divisor_mover_wins(towers), towers
    edge = [[1], [1, 1], [2], [2, 2], [4, 2, 2], [6], [12, 1, 5], [1000000], [999983, 999983],
            [720720, 2, 3], [1] * 100, [2] * 99]
    write("towerbreakers_revisited", "edge", case_lines(edge, trailing=" "), answers(edge, omega, "1", "2"))
    big = [[rng.randint(1, 10**6) for _ in range(100)] for _ in range(100)]
    write("towerbreakers_revisited", "max-limits", case_lines(big, trailing=" "), answers(big, omega, "1", "2"))


def split_value_by_mex(limit):
    g = [0] * (limit + 1)
    for x in range(2, limit + 1):
        options = {(g[x // y] if y % 2 else 0) for y in range(2, x + 1) if x % y == 0}
        g[x] = mex(options)
    return g


@functools.lru_cache(maxsize=None)
def split_mover_wins(towers):
    for i, x in enumerate(towers):
        for y in range(2, x + 1):
            if x % y == 0:
                rest = list(towers[:i] + towers[i + 1:]) + [x // y] * y
                if not split_mover_wins(tuple(sorted(rest))):
                    return True
    return False


def towerbreakers_again(rng):
    g = split_value_by_mex(100000)
    for _ in range(200):
        towers = tuple(sorted(rng.randint(1, 16) for _ in range(rng.randint(1, 2))))
        x = 0
        for t in towers:
            x ^= g[t]
        assert (x != 0) == split_mover_wins(towers), towers
    value = lambda h: g[h]
    edge = [[1], [2], [1, 2], [1, 2, 3], [4], [6, 9], [100000], [99991, 2], [65536, 3, 5], [1] * 100]
    write("towerbreakers_again", "edge", case_lines(edge, trailing=" "), answers(edge, value, "1", "2"))
    big = [[rng.randint(1, 10**5) for _ in range(100)] for _ in range(200)]
    write("towerbreakers_again", "max-limits", case_lines(big, trailing=" "), answers(big, value, "1", "2"))


def case_lines(cases, trailing=""):
    text = "%d\n" % len(cases)
    for c in cases:
        text += "%d%s\n%s\n" % (len(c), trailing, " ".join(map(str, c)))
    return text


def answers(cases, value, first, second):
    """The winner of each case, a disjunctive sum: the XOR of value(h) over its heaps."""
    out = ""
    for c in cases:
        x = 0
        for h in c:
            x ^= value(h)
        out += (first if x else second) + "\n"
    return out


@functools.lru_cache(maxsize=None)
def final_min_max(h):
    """What P1 pays from a tower of h: every ordered cut, every pick (literal)."""
    if h == 1:
        return 0
    best = None
    for cuts in range(1, 1 << (h - 1)):
        worst, k, start = 0, 1, 0
        for at in range(1, h + 1):
            if at == h or cuts >> (at - 1) & 1:
                worst = max(worst, k * k + final_min_max(at - start))
                k += 1
                start = at
        best = worst if best is None else min(best, worst)
    return best


def final_cost(n):
    """Least C with f(C) >= n, f by its recursion over budgets (big integers, no saturation)."""
    f = [1, 1, 1, 1]
    while f[-1] < n:
        c = len(f)
        f.append(sum(f[c - k * k] for k in range(1, int(c ** 0.5) + 2) if k * k <= c))
    return next(c for c, v in enumerate(f) if v >= n)


def towerbreakers_final(rng):
    for n in range(2, 15):
        assert final_cost(n) == final_min_max(n), n
    edge = list(range(2, 15)) + [15, 16, 17, 100, 1000]
    write("towerbreakers_final", "edge", "%d\n%s\n" % (len(edge), "\n".join(map(str, edge))),
          "".join("%d\n" % final_cost(n) for n in edge))
    big = [10**18, 10**18 - 1, 2, 999999999999999989] + [rng.randint(2, 10**18) for _ in range(96)]
    write("towerbreakers_final", "max-limits", "%d\n%s\n" % (len(big), "\n".join(map(str, big))),
          "".join("%d\n" % final_cost(n) for n in big))


@functools.lru_cache(maxsize=None)
def knight_mover_wins(x, y):
    for dx, dy in ((-2, 1), (-2, -1), (1, -2), (-1, -2)):
        nx, ny = x + dx, y + dy
        if 1 <= nx <= 15 and 1 <= ny <= 15 and not knight_mover_wins(nx, ny):
            return True
    return False


def chessboard(rng):
    cells = [(x, y) for x in range(1, 16) for y in range(1, 16)]
    write("chessboard", "every-cell", "%d\n%s\n" % (len(cells), "\n".join("%d %d" % c for c in cells)),
          "".join(("First" if knight_mover_wins(*c) else "Second") + "\n" for c in cells))
    edge = [(1, 1), (15, 15), (1, 15), (15, 1), (2, 2), (3, 3)]
    write("chessboard", "edge", "%d\n%s\n" % (len(edge), "\n".join("%d %d" % c for c in edge)),
          "".join(("First" if knight_mover_wins(*c) else "Second") + "\n" for c in edge))


@functools.lru_cache(maxsize=None)
def game31_mover_wins(used, pile):
    for v in range(6):
        if used[v] < 4 and pile + v + 1 <= 31:
            after = list(used)
            after[v] += 1
            if not game31_mover_wins(tuple(after), pile + v + 1):
                return True
    return False


def game31_line(cards):
    used = [0] * 6
    for c in cards:
        used[int(c) - 1] += 1
    pile = sum(int(c) for c in cards)
    mover = game31_mover_wins(tuple(used), pile)
    a_moves = len(cards) % 2 == 0
    return "%s %s\n" % (cards, "A" if a_moves == mover else "B")


def game31(rng):
    lines = []
    for _ in range(300):
        cards = ""
        while rng.random() < 0.9:
            legal = [d for d in "123456" if cards.count(d) < 4 and sum(map(int, cards)) + int(d) <= 31]
            if not legal:
                break
            cards += rng.choice(legal)
        if cards:
            lines.append(cards)
    edge = ["1", "6", "66665", "1111222233", "55556", "6666511", "12", "4444"]
    write("game31", "edge", "".join(l + "\n" for l in edge), "".join(game31_line(l) for l in edge))
    write("game31", "random-lines", "".join(l + "\r\n" for l in lines), "".join(game31_line(l) for l in lines))


@functools.lru_cache(maxsize=None)
def coins_mover_wins(squares):
    for i, s in enumerate(squares):
        for to in range(s):
            rest = list(squares)
            rest[i] = to
            if not coins_mover_wins(tuple(sorted(x for x in rest if x))):
                return True
    return False


def qcj3_rule(counts):
    x = 0
    for square, c in enumerate(counts, 1):
        if c % 2:
            x ^= square
    return x != 0


def qcj3(rng):
    for _ in range(300):
        counts = [rng.randint(0, 2) for _ in range(rng.randint(1, 4))]
        squares = tuple(sorted(s for s, c in enumerate(counts, 1) for _ in range(c)))
        assert qcj3_rule(counts) == coins_mover_wins(squares), counts
    edge = [[1], [2], [0, 1], [1, 1], [1, 0, 1], [24] * 24, [1] * 24, [0] * 23 + [1], [3, 2, 1]]
    big = [[rng.randint(0, 24) for _ in range(rng.randint(1, 24))] for _ in range(100)]
    for name, cases in (("edge", edge), ("max-limits", big)):
        write("qcj3", name, "%d\n" % len(cases) + "".join("%d\n%s\n" % (len(c), " ".join(map(str, c))) for c in cases),
              "".join(("Tom Wins" if qcj3_rule(c) else "Hanks Wins") + "\n" for c in cases))


@functools.lru_cache(maxsize=None)
def resn04_mover_wins(piles):
    for i, s in enumerate(piles):
        if s >= i + 1:
            rest = list(piles)
            rest[i] -= i + 1
            if not resn04_mover_wins(tuple(rest)):
                return True
    return False


def resn04(rng):
    def moves_parity(piles):
        return sum(s // i for i, s in enumerate(piles, 1)) % 2 == 1
    for _ in range(300):
        piles = tuple(rng.randint(1, 12) for _ in range(rng.randint(1, 4)))
        assert moves_parity(piles) == resn04_mover_wins(piles), piles
    edge = [[1], [1, 1], [2], [1, 2], [1000], [1] * 100, [1000] * 100, list(range(1, 101))]
    big = [[rng.randint(1, 1000) for _ in range(100)] for _ in range(100)]
    for name, cases in (("edge", edge), ("max-limits", big)):
        write("resn04", name, case_lines(cases), "".join(("ALICE" if moves_parity(c) else "BOB") + "\n" for c in cases))

if __name__ == "__main__":
    import sys
    chosen = sys.argv[1:] or ["mmmgame", "nukit", "knights", "towerbreakers", "game3", "pegostripes",
                             "towerbreakers_revisited", "towerbreakers_again", "towerbreakers_final",
                             "chessboard", "game31", "qcj3", "resn04"]
    for problem in chosen:
        globals()[problem](random.Random(problem))
