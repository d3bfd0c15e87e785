//! {{TITLE}}
//!
//! Write the statement's input and output format here. As created by `new --shape queries`,
//! `solve` reads one header (n, the number of heaps), then n queries (one heap size a line),
//! and prints one answer line for the whole input: `First` if the first player wins Nim on all
//! the heaps together, else `Second`. The file compiles and its tests pass: replace the game,
//! keep the shape.
//!
//! The judge, the problem's page and its limits are this problem's line under
//! `[package.metadata.problems]` in `problems/Cargo.toml`.

use grundy::prelude::{nim_sum, Outcome};
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("the number of heaps n", 1..=u64::MAX)?;
    let mut heaps = Vec::new();
    for i in 1..=n {
        heaps.push(sc.uint(format_args!("heap {}", i), 0..=u64::MAX)?);
    }
    let outcome = Outcome::from_grundy(nim_sum(heaps.iter().copied()));
    writeln!(out, "{}", outcome.pick("First", "Second"))?;
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

    /// The brute force's state: one search whose memo is kept from input to input (the
    /// harness makes one `Starter` and asks it every input).
    struct Starter(Search<Vec<u64>>);
    impl Default for Starter {
        fn default() -> Self {
            Starter(Search::normal(nim_moves))
        }
    }
    impl Problem for Starter {
        /// The whole input: the queries (here the heaps).
        type Case = Vec<u64>;
        /// One answer line for the whole input, so each generated input is one case.
        const MAX_CASES: usize = 1;
        /// The largest `--size` the brute force takes: it searches every position of up to
        /// four heaps below the size.
        const MAX_SIZE: u64 = 30;
        /// A random input: 1 to 4 queries; `size` bounds the numbers (`stress --size`).
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 4)).map(|_| rng.range(0, size)).collect()
        }
        /// The judge input: the header, then one query a line.
        fn input(cases: &[Vec<u64>]) -> String {
            let heaps = &cases[0];
            let mut text = format!("{}\n", heaps.len());
            for heap in heaps {
                text += &format!("{}\n", heap);
            }
            text
        }
        /// The answer by literal game-tree search over all the heaps together.
        fn brute(&mut self, heaps: &Vec<u64>) -> String {
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let first = self.0.mover_wins(sorted);
            format!("{}\n", if first { "First" } else { "Second" })
        }
        /// Smaller inputs for the shrinker: fewer queries (each alone, each dropped), so that
        /// a counterexample is cut down query by query.
        fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
            testkit::shorter_lists(heaps)
        }
    }

    testkit::problem_tests!(
        Starter,
        solve,
        refuses: [
            ("", "input ended early: expected the number of heaps n"),
            ("0\n", "the number of heaps n = `0` is out of range"),
            ("2\n1\n", "input ended early: expected heap 2"),
            ("1\nx\n", "heap 1: expected an integer, found `x`"),
            ("1\n1\n2\n", "unexpected extra input"),
        ]
    );
}
