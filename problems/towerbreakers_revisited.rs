//! HackerRank "Tower Breakers, Revisited!": towers of different heights; a move lowers a tower
//! of height x to a proper divisor y of x. A tower's Grundy value is Ω(x), its prime factor
//! count with multiplicity, and the towers form a disjunctive sum (XOR).
//!
//! Input: T, then per test N and N heights. Output per test: `1` if player 1 wins, else `2`.
//! Beyond the judge: any T and N, heights up to 2^64 − 1; a height of 0 is refused.

use grundy::divisor::tower_grundy;
use grundy::prelude::Outcome;
use judge::{InputError, Lists, Scanner};
use std::io::Write;

/// T, then per test N and the N heights h_1 … h_N.
const TOWERS: Lists = Lists::new("the number of test cases T", "N", "h_");

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    TOWERS.answer_xor(
        sc,
        out,
        |_, height| tower_grundy(height),
        |value| Outcome::from_grundy(value).pick(1, 2),
    )
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{divisor_moves, Search};
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct Revisited;
    impl Problem for Revisited {
        /// The heights of one test case.
        type Case = Vec<u64>;
        const SIZE: u64 = 40;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 3)).map(|_| rng.range(1, size)).collect()
        }
        /// The judge's largest input: T = 100 tests of N = 100 heights up to 10^6.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            (0..100)
                .map(|_| (0..100).map(|_| rng.range(1, 1_000_000)).collect())
                .collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, heights: &Vec<u64>) -> String {
            let mut search = Search::normal(divisor_moves);
            let mut sorted = heights.clone();
            sorted.sort_unstable();
            format!("{}\n", if search.mover_wins(sorted) { 1 } else { 2 })
        }
    }

    testkit::problem_tests!(
        Revisited,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n2\n4 0\n", "h_2 of test case 1 = `0` is out of range"),
            ("1\n0\n", "N of test case 1 = `0` is out of range"),
            ("1\n3\n1 2\n", "input ended early: expected h_3 of test case 1"),
            ("1\n1\n1\n5\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn heights_beyond_the_judge() {
        // Ω(2^63) = 63 and Ω(2^64 − 1) = 7: 63 ^ 7 ≠ 0; a tower against its twin cancels.
        let input = "2\n2\n9223372036854775808 18446744073709551615\n2\n18446744073709551615 18446744073709551615\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "1\n2\n");
    }
}
