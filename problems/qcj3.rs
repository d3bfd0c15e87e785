//! SPOJ QCJ3 "The Game": coins on squares 1, 2, …; a move slides one coin from square i >= 1 to
//! any square j < i; the last mover wins. A coin on square i is a Nim heap of size i, coins on
//! the same square cancel in pairs, so the value is the XOR of the squares holding an odd
//! number of coins (`grundy::nim::coins_on_squares_value`).
//!
//! Input: the number of tests, then per test S and the coins on squares 1..S. Output per test:
//! `Tom Wins` (first player) or `Hanks Wins`.
//! Beyond the judge: any number of tests, boards of any length, counts up to 2^64 − 1; a board
//! with no coin is a finished game, which Tom (to move) loses.

use grundy::nim::coins_on_squares_value;
use grundy::prelude::Outcome;
use judge::{InputError, Lists, Scanner};
use std::io::Write;

/// The number of tests, then per test S and the coins on squares 1 … S.
const BOARDS: Lists =
    Lists::new("the number of test cases", "S", "the coins on square ").items(0..=u64::MAX);

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    BOARDS.answer_xor(
        sc,
        out,
        |square, coins| coins_on_squares_value([(square, coins)]),
        |value| Outcome::from_grundy(value).pick("Tom Wins", "Hanks Wins"),
    )
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct Qcj3;
    impl Problem for Qcj3 {
        /// The coins on squares 1..=S.
        type Case = Vec<u64>;
        const SIZE: u64 = 4;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            let squares = rng.range(1, size.min(4));
            (0..squares).map(|_| rng.range(0, size.min(3))).collect()
        }
        /// The judge's largest input, as testcases/qcj3/max-limits.in reads the statement ("all the
        /// numbers in the input will be less than 25", a board holds a coin): 100 tests of S = 24
        /// squares of up to 24 coins, one square sure to hold a coin.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            let mut board = |_| {
                let mut coins: Vec<u64> = (0..24).map(|_| rng.range(0, 24)).collect();
                coins[rng.below(24) as usize] = rng.range(1, 24);
                coins
            };
            (0..100).map(&mut board).collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, coins: &Vec<u64>) -> String {
            // Literal search over sorted lists of the squares of the coins not yet on 0.
            let mut search = Search::normal(|squares: &Vec<u64>| {
                let mut next = Vec::new();
                for i in 0..squares.len() {
                    for to in 0..squares[i] {
                        let mut after = squares.clone();
                        after[i] = to;
                        after.retain(|&s| s > 0);
                        after.sort_unstable();
                        next.push(after);
                    }
                }
                next
            });
            let squares: Vec<u64> = (1..=coins.len() as u64)
                .flat_map(|square| {
                    std::iter::repeat(square).take(coins[square as usize - 1] as usize)
                })
                .collect();
            let tom = search.mover_wins(squares);
            format!("{}\n", if tom { "Tom Wins" } else { "Hanks Wins" })
        }
    }

    testkit::problem_tests!(
        Qcj3,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n0\n", "S of test case 1 = `0` is out of range"),
            ("1\n3\n1 2\n", "input ended early: expected the coins on square 3 of test case 1"),
            ("1\n1\n-2\n", "the coins on square 1 of test case 1 = `-2` is out of range"),
            ("1\n1\n1\n1\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn counts_beyond_the_judge() {
        // 2^64 − 1 coins on square 3 (odd) and 2^63 on square 2 (even): value 3.
        let input = "2\n3\n0 9223372036854775808 18446744073709551615\n2\n0 0\n";
        assert_eq!(
            judge::run_str(solve, input).unwrap(),
            "Tom Wins\nHanks Wins\n"
        );
    }
}
