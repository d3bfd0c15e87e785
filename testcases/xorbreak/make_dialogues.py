#!/usr/bin/env python3
"""Writes xorbreak's scripted dialogues (sample-*.in: the jury's lines, sample-*.out: Alice's),
independently of the Rust code: Alice plays first iff popcount(n) is even, keeps the part of
even popcount, and breaks off its highest bit; Bob is scripted. Every break is checked here."""

def pc(x):
    return bin(x).count("1")

def is_break(p1, p2, p):
    return 0 < p1 < p and 0 < p2 < p and p1 ^ p2 == p

def alice(p):
    assert pc(p) % 2 == 0 and p > 0
    top = 1 << (p.bit_length() - 1)
    return (top, p ^ top)

def game(n, bob, jury, ours, give_up=False):
    """One test: `bob(q)` is Bob's break of the odd number q he keeps (None: he cannot)."""
    jury.append(str(n))
    breaks = 0
    if pc(n) % 2 == 0:
        ours.append("first")
        held = alice(n)
        ours.append("%d %d" % held)
        breaks += 1
    else:
        ours.append("second")
        held = (n, n)
    while True:
        # Bob keeps a part he can break (odd popcount, as Alice leaves him), if any.
        q = max(held, key=lambda x: pc(x))
        if give_up or pc(q) < 2:
            jury.append("0 0")
            return breaks
        a, b = bob(q)
        assert is_break(a, b, q)
        jury.append("%d %d" % (a, b))
        keep = a if pc(a) % 2 == 0 else b
        held = alice(keep)
        assert is_break(held[0], held[1], keep)
        ours.append("%d %d" % held)
        breaks += 1

def drop_lowest(q):
    """Bob keeps q's highest bit in Alice's part: q without its lowest bit, and that bit."""
    low = q & -q
    return (q ^ low, low)

def longest(q):
    """Bob hands Alice q's highest bit over the largest number of odd popcount below the rest
    of q: she then hands him that number, whose highest bit is as high as he can make it."""
    top = 1 << (q.bit_length() - 1)
    rest = (q ^ top) - 1
    while rest > 0 and pc(rest) % 2 == 0:
        rest -= 1
    if rest <= 0:
        return drop_lowest(q)
    return (top | rest, q ^ (top | rest))

def write(name, games):
    jury, ours = [], []
    counts = []
    jury.append(str(len(games)))
    for n, bob, give_up in games:
        counts.append(game(n, bob, jury, ours, give_up))
    assert max(counts) <= 63
    open(name + ".in", "w").write("\n".join(jury) + "\n")
    open(name + ".out", "w").write("\n".join(ours) + "\n")
    print(name, "Alice's breaks per test:", counts)

def statement_bob(q):
    # The statement's Bob breaks 13 into 10 and 7.
    assert q == 13
    return (10, 7)

# The statement's starts; Bob's words where they still apply (for 13 we play second, and Bob
# breaks 13 the way the statement's Alice did); for 777777770001 Bob gives up at once.
write("sample-1", [(1, None, False), (3, None, False), (13, statement_bob, False),
                   (777777770001, None, True)])
# Long games up to the statement's largest n, Bob holding on to his highest bits (53 breaks of
# Alice's against its limit of 63 in the first), and n = 2^64 - 1, beyond the statement.
write("sample-2", [(999799117276250111, longest, False), (10**18, longest, False),
                   (10**18 - 1, drop_lowest, False), (2**59 - 1, longest, False),
                   (1, None, False), (2**64 - 1, longest, False)])
