#!/usr/bin/env python3
"""What `grundy hackenbush` answers and refuses: random pictures of M edges on N vertices.

    python3 tools/benches/hackenbush_reach.py GRUNDY SEEDS M1,M2,... N1,N2,...|auto KIND COLOURS

KIND is `connected` (a random tree on the N vertices from the ground first, then the other
edges) or `uniform` (each edge's two ends uniform: pieces away from the ground fall at
once); COLOURS is `BRG` or `BR`; `auto` takes N in 2, 3, 4, 6, 10, M/2 + 1 and M + 1. Each
picture comes from Python's seeded `random` (the same on every machine) and is given to
`GRUNDY hackenbush` (e.g. target/release/grundy). Prints, per M and N, how many of seeds
1..SEEDS were answered and refused, and the worst CPU seconds of each (the machine is
shared: CPU time, not wall time, is what to read; see docs/analyzer.md).
"""
import random
import resource
import subprocess
import sys


def picture(n, m, seed, kind, colours):
    r = random.Random(seed * 1000003 + n * 101 + m)
    edges = []
    if kind == "connected":
        for v in range(1, n):
            edges.append((r.randrange(v), v))
    while len(edges) < m:
        edges.append((r.randrange(n), r.randrange(n)))
    r.shuffle(edges)
    lines = [f"{n} {m}"] + [f"{a} {b} {r.choice(colours)}" for a, b in edges]
    return "\n".join(lines) + "\n"


def cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) != 7:
        sys.exit("usage: hackenbush_reach.py GRUNDY SEEDS M1,M2,.. N1,N2,..|auto KIND COLOURS")
    grundy, seeds = sys.argv[1], int(sys.argv[2])
    kind, colours = sys.argv[5], sys.argv[6]
    for m in map(int, sys.argv[3].split(",")):
        if sys.argv[4] == "auto":
            ns = [2, 3, 4, 6, 10, m // 2 + 1, m + 1]
        else:
            ns = [int(n) for n in sys.argv[4].split(",")]
        for n in sorted(set(n for n in ns if n >= 2 and (kind != "connected" or n <= m + 1))):
            answered, refused = [], []
            for seed in range(1, seeds + 1):
                before = cpu()
                run = subprocess.run([grundy, "hackenbush"],
                                     input=picture(n, m, seed, kind, colours).encode(),
                                     capture_output=True)
                spent = cpu() - before
                (answered if run.returncode == 0 else refused).append(spent)
            worst = lambda xs: f"{max(xs):.2f} s" if xs else "-"
            print(f"m={m} n={n} {kind} {colours}: answered {len(answered)} "
                  f"(worst {worst(answered)}), refused {len(refused)} "
                  f"(worst {worst(refused)})", flush=True)


if __name__ == "__main__":
    main()
