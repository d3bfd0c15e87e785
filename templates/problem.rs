//! {{TITLE}}
//!
//! Write the statement's input and output format here. As created by `new`, `solve` plays Nim
//! (T tests; each n, then n heap sizes; `First` if the first player wins, else `Second`), so
//! that the file compiles and its tests pass: replace the game, keep the shape.
//!
//! The judge, the problem's page and its limits are this problem's line under
//! `[package.metadata.problems]` in `problems/Cargo.toml`.

use grundy::prelude::{nim_sum, Outcome};
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let tests = sc.uint("the number of test cases T", 1..=u64::MAX)?;
    let mut heaps = Vec::new();
    for case in 1..=tests {
        let n = sc.uint(format_args!("n of test case {}", case), 1..=u64::MAX)?;
        heaps.clear();
        for i in 1..=n {
            heaps.push(sc.uint(
                format_args!("heap {} of test case {}", i, case),
                0..=u64::MAX,
            )?);
        }
        let outcome = Outcome::from_grundy(nim_sum(heaps.iter().copied()));
        writeln!(out, "{}", outcome.pick("First", "Second"))?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{nim_moves, Search};
    use testkit::{Problem, Rng};

    /// The brute force's state: one search whose memo is kept from case to case (the harness
    /// makes one `Starter` and asks it every case), so that each position is searched once.
    struct Starter(Search<Vec<u64>>);
    impl Default for Starter {
        fn default() -> Self {
            Starter(Search::normal(nim_moves))
        }
    }
    impl Problem for Starter {
        /// One test case: the heap sizes.
        type Case = Vec<u64>;
        /// The largest `--size` the brute force takes: it searches every position of up to
        /// three heaps below the size.
        const MAX_SIZE: u64 = 100;
        /// A random case; `size` bounds the numbers (the stress tool's `--size`).
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 3)).map(|_| rng.range(0, size)).collect()
        }
        /// The judge's largest input, for `stress --max` (and the `accepts_max_input` test):
        /// write the statement's limits here (here T = 100 tests of 100 heaps up to 10^9).
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            let mut heaps = |_| (0..100).map(|_| rng.range(0, 1_000_000_000)).collect();
            (0..100).map(&mut heaps).collect()
        }
        /// The judge input holding the cases.
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        /// The answer by literal game-tree search: every move from every position.
        fn brute(&mut self, heaps: &Vec<u64>) -> String {
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let first = self.0.mover_wins(sorted);
            format!("{}\n", if first { "First" } else { "Second" })
        }
        /// Smaller cases for the shrinker: fewer heaps (each alone, each dropped).
        fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
            testkit::shorter_lists(heaps)
        }
    }

    testkit::problem_tests!(
        Starter,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n2\n3\n", "input ended early: expected heap 2 of test case 1"),
        ]
    );
}
