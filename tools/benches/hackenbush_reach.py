#!/usr/bin/env python3
"""What `grundy hackenbush` answers within a second: random dense pictures of M edges.

    python3 tools/benches/hackenbush_reach.py GRUNDY SEEDS M N1 N2 ...

For each vertex count N and seed 1..SEEDS, a picture of M edges, each edge's two ends and
colour uniform (a xorshift64 stream from the seed, so the pictures are the same on every
machine), is given to `GRUNDY hackenbush` (e.g. target/release/grundy). Prints, per N, how many
were answered and how many refused, and the worst CPU seconds of each kind (the machine is
shared: CPU time, not wall time, is what to read; see docs/analyzer.md).
"""
import resource
import subprocess
import sys


def picture(n, m, seed):
    state = (seed * 0x9E3779B97F4A7C15 + 1) % 2**64

    def draw():
        nonlocal state
        state ^= (state << 13) % 2**64
        state ^= state >> 7
        state ^= (state << 17) % 2**64
        return state

    lines = [f"{n} {m}"]
    for _ in range(m):
        a, b, c = draw() % n, draw() % n, "BRG"[draw() % 3]
        lines.append(f"{a} {b} {c}")
    return "\n".join(lines) + "\n"


def cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: hackenbush_reach.py GRUNDY SEEDS M N1 [N2 ...]")
    grundy, seeds, m = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for n in map(int, sys.argv[4:]):
        answered, refused = [], []
        for seed in range(1, seeds + 1):
            before = cpu()
            run = subprocess.run([grundy, "hackenbush"], input=picture(n, m, seed).encode(),
                                 capture_output=True)
            spent = cpu() - before
            (answered if run.returncode == 0 else refused).append(spent)
        worst = lambda xs: f"{max(xs):.2f} s" if xs else "-"
        print(f"n={n}: answered {len(answered)} (worst {worst(answered)}), "
              f"refused {len(refused)} (worst {worst(refused)})", flush=True)


if __name__ == "__main__":
    main()
