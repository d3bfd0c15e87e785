#!/usr/bin/env python3
"""Paired timing of two programs on one input, for benchmarks against references that cannot be
committed (public accepted C++ solutions compiled in /tmp; see docs/benchmarks.md).

    python3 tools/benches/paired.py RUNS INPUT OURS REFERENCE

Runs OURS and REFERENCE alternately RUNS times each, every run reading INPUT on stdin with its
output discarded, and prints the median wall time of each and their ratio. Alternating spreads
the machine's changing load over both programs alike.
"""
import statistics
import subprocess
import sys
import time


def run(program, path):
    with open(path, "rb") as stdin:
        start = time.perf_counter()
        subprocess.run([program], stdin=stdin, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: paired.py RUNS INPUT OURS REFERENCE")
    runs, path, ours, reference = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    mine, theirs = [], []
    for _ in range(runs):
        mine.append(run(ours, path))
        theirs.append(run(reference, path))
    m, t = statistics.median(mine), statistics.median(theirs)
    print("%s: ours %.2f ms, reference %.2f ms, ratio %.2fx (%d paired runs)"
          % (path, m * 1e3, t * 1e3, m / t, runs))


if __name__ == "__main__":
    main()
