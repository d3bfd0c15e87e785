#!/usr/bin/env bash
# The regression runner: builds once, runs the unit tests, every problem binary on every
# testcases/<problem>/*.in, then each problem's judge bundle (bundled, compiled as its judge
# would, run on the same cases and on bad input). One verdict line per case; the last line is
# `N passed, M failed`, and the exit status is non-zero if anything failed. The work is done by
# the `runner` binary of tools/ (tools/runner/), which this script builds and runs.
#
# Usage: ./run_tests.sh [NAME...]   only problem NAME: its unit tests, clippy, its formatting
#                                  (rustfmt --check), its cases, its bundle; several names
#                                  one after another, the total last
# Environment:
#   TIMEOUT=S      per-case limit in seconds for every problem (digits, optional fraction;
#                  absent or 0: the problem's `time-limit` in problems/Cargo.toml, else 10 s;
#                  every limit is clamped to 0.1 .. 600 s). The limit is on CPU time, as judges
#                  measure it, so the machine's load changes no verdict; a program still running
#                  at 10 times the limit by the wall clock is stopped too.
#   NO_BUNDLE=1    skip the bundle stage
#   OLD_RUSTC=P    an old rustc to compile plain bundles with (default: /usr/bin/rustc if it is
#                  older than the toolchain's; `apt-get install rustc` gives Debian's 1.63)
#   ATCODER=0      skip building bundles against AtCoder's crates (needs the crates registry)
#   CARGO_TARGET_DIR, CARGO_BUILD_TARGET and cargo's other settings are honoured.
# Exit status: 0 all passed, 1 something failed, 2 bad usage or settings.
set -u
cd "$(dirname "$0")" || exit 2
if [ $# -eq 0 ]; then
    # Everything at once: one cargo run shares the cores better than the runner's build and
    # then the rest. If a problem does not compile, the runner is built alone and says so.
    echo "== the runner and every binary (cargo build --release --workspace --bins)"
    cargo build --release --workspace --bins || cargo build --release -p tools --bin runner || exit 2
else
    echo "== the runner (cargo build --release -p tools --bin runner)"
    cargo build --release -p tools --bin runner || exit 2
fi
exec cargo run --release --quiet -p tools --bin runner -- --root "$PWD" "$@"
