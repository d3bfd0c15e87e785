#!/usr/bin/env python3
"""Writes move_the_coins' edge and max-limits cases with expected outputs made here, not by the
Rust solution. Small trees are answered by a literal game-tree search over the coins on the
re-parented tree; the large case by the odd-depth XOR rule with a different method from the
solution's (validity by binary-lifting ancestry instead of an Euler tour; subtree XORs
accumulated in reverse breadth-first order), which the search first cross-checks.
Run from anywhere: python3 testcases/move_the_coins/make_cases.py
"""
import functools
import os
import random
from collections import deque

HERE = os.path.dirname(os.path.abspath(__file__))


def parents_of(n, edges):
    adj = [[] for _ in range(n)]
    for a, b in edges:
        adj[a - 1].append(b - 1)
        adj[b - 1].append(a - 1)
    parent = [-1] * n
    parent[0] = 0
    order = [0]
    seen = [False] * n
    seen[0] = True
    q = deque([0])
    while q:
        v = q.popleft()
        for w in adj[v]:
            if not seen[w]:
                seen[w] = True
                parent[w] = v
                order.append(w)
                q.append(w)
    return parent, order


@functools.lru_cache(maxsize=None)
def mover_wins(parent, coins):
    for v in range(len(coins)):
        if parent[v] != v:
            for moved in range(1, coins[v] + 1):
                after = list(coins)
                after[v] -= moved
                after[parent[v]] += moved
                if not mover_wins(parent, tuple(after)):
                    return True
    return False


def is_tree(parent):
    for start in range(len(parent)):
        v = start
        for _ in range(len(parent)):
            if v == 0:
                break
            v = parent[v]
        if v != 0:
            return False
    return True


def by_search(n, coins, edges, questions):
    parent, _ = parents_of(n, edges)
    out = []
    for u, v in questions:
        p = list(parent)
        p[u - 1] = v - 1
        if not is_tree(p):
            out.append("INVALID")
        else:
            out.append("YES" if mover_wins(tuple(p), tuple(coins)) else "NO")
    return out


def by_rule(n, coins, edges, questions):
    parent, order = parents_of(n, edges)
    depth = [0] * n
    for v in order[1:]:
        depth[v] = depth[parent[v]] + 1
    levels = max(1, n.bit_length())
    up = [parent[:]]
    for k in range(1, levels):
        prev = up[-1]
        up.append([prev[prev[v]] for v in range(n)])
    sub = [[0, 0] for _ in range(n)]  # XOR at even, odd depth in the subtree
    for v in reversed(order):
        sub[v][depth[v] % 2] ^= coins[v]
        if v != 0:
            p = parent[v]
            sub[p][0] ^= sub[v][0]
            sub[p][1] ^= sub[v][1]
    total = sub[0][1]
    out = []
    for u, v in questions:
        u -= 1
        v -= 1
        # Is u an ancestor of v (or v itself)? Lift v to u's depth.
        inside = False
        if depth[v] >= depth[u]:
            x, d = v, depth[v] - depth[u]
            k = 0
            while d:
                if d & 1:
                    x = up[k][x]
                d >>= 1
                k += 1
            inside = x == u
        if inside:
            out.append("INVALID")
            continue
        value = total
        if (depth[v] + 1) % 2 != depth[u] % 2:
            value ^= sub[u][0] ^ sub[u][1]
        out.append("YES" if value else "NO")
    return out


def random_tree(rng, n, path=0):
    """Edges of a random tree on 1..n: a path of `path` nodes, the rest hung at random."""
    label = list(range(2, n + 1))
    rng.shuffle(label)
    label = [1] + label
    edges = []
    for i in range(1, n):
        p = i - 1 if i < path else rng.randrange(i)
        a, b = label[p], label[i]
        edges.append((a, b) if rng.random() < 0.5 else (b, a))
    rng.shuffle(edges)
    return edges


def text(n, coins, edges, questions):
    lines = [str(n), " ".join(map(str, coins))]
    lines += ["%d %d" % e for e in edges]
    lines.append(str(len(questions)))
    lines += ["%d %d" % q for q in questions]
    return "\n".join(lines) + "\n"


def write(name, case, answers):
    with open(os.path.join(HERE, name + ".in"), "w") as f:
        f.write(text(*case))
    with open(os.path.join(HERE, name + ".out"), "w") as f:
        f.write("".join(a + "\n" for a in answers))


def main():
    rng = random.Random(50000)
    for _ in range(300):
        n = rng.randint(2, 5)
        coins = [rng.randint(0, 2) for _ in range(n)]
        edges = random_tree(rng, n)
        questions = [(rng.randint(2, n), rng.randint(1, n)) for _ in range(3)]
        assert by_rule(n, coins, edges, questions) == by_search(n, coins, edges, questions)
    # Edge: a chain 1-2-3-4-5 with coins on every node, every question (u, v), u != v; and a
    # single node with no question.
    n = 5
    coins = [1, 2, 1, 2, 1]
    edges = [(1, 2), (3, 2), (3, 4), (5, 4)]
    questions = [(u, v) for u in range(2, n + 1) for v in range(1, n + 1) if u != v]
    write("edge", (n, coins, edges, questions), by_search(n, coins, edges, questions))
    write("single-node", (1, [20], [], []), [])
    # Max limits: n = q = 5 * 10^4, coins up to 20, a 20,000-node path (deep subtrees) with
    # the rest hung at random; a third of the questions hang u under one of its descendants.
    n = 50000
    coins = [rng.randint(0, 20) for _ in range(n)]
    edges = random_tree(rng, n, path=20000)
    parent, order = parents_of(n, edges)
    children = [[] for _ in range(n)]
    for v in order[1:]:
        children[parent[v]].append(v)
    questions = []
    for k in range(50000):
        u = rng.randint(2, n)
        if k % 3 == 0 and children[u - 1]:
            x = u - 1
            for _ in range(rng.randint(1, 30)):
                if not children[x]:
                    break
                x = rng.choice(children[x])
            questions.append((u, x + 1))
        else:
            v = rng.randint(1, n)
            questions.append((u, v if v != u else 1))
    write("max-limits", (n, coins, edges, questions), by_rule(n, coins, edges, questions))


main()
