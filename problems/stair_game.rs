//! CSES 1099 "Stair Game": balls on stairs 1..n; a move takes any positive number of balls from
//! a stair k >= 2 to stair k − 1; the last mover wins. Stair 1 is the floor, so this is
//! staircase Nim (`grundy::staircase`): the first player wins iff the XOR of the balls on the
//! even stairs 2, 4, … is not 0.
//!
//! Input: t, then per test n and p_1 … p_n. Output per test: `first` or `second`.
//! Beyond the judge: any t and n, and counts up to 2^64 − 1, are answered.

use grundy::prelude::Outcome;
use grundy::staircase;
use judge::{InputError, Lists, Scanner};
use std::io::Write;

/// t, then per test n and the balls p_1 … p_n on stairs 1 … n.
const STAIRS: Lists = Lists::new("the number of tests t", "n", "p_").items(0..=u64::MAX);

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let mut balls = Vec::new();
    for case in sc.cases(STAIRS.cases)? {
        STAIRS.read_into(sc, case, &mut balls)?;
        // Stair 1 is the library's stair 0 (the floor): the same list, indexed from 0.
        let value = staircase::value(&balls);
        writeln!(
            out,
            "{}",
            Outcome::from_grundy(value).pick("first", "second")
        )?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{Search, SliceSearch};
    use testkit::{Problem, Rng};

    /// Every move, literally: some balls from stair k >= 2 (index k − 1) to the stair below.
    fn stair_moves(balls: &[u64]) -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for k in 1..balls.len() {
            for moved in 1..=balls[k] {
                let mut after = balls.to_vec();
                after[k] -= moved;
                after[k - 1] += moved;
                next.push(after);
            }
        }
        next
    }

    struct StairGame {
        search: SliceSearch<u64>,
    }

    impl Default for StairGame {
        fn default() -> Self {
            StairGame {
                search: Search::normal_slices(stair_moves),
            }
        }
    }

    impl Problem for StairGame {
        /// The balls on stairs 1..=n.
        type Case = Vec<u64>;
        const SIZE: u64 = 4;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            let n = rng.range(1, size.min(5));
            (0..n).map(|_| rng.range(0, size.min(3))).collect()
        }
        /// The judge's largest input: 2·10^5 stairs in all (one test of n = 2·10^5, or t =
        /// 2·10^5 tests of one stair, by rng), p_i up to 10^9.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            let (t, n) = *rng.pick(&[(1, 200_000), (200_000, 1)]);
            let mut stairs = |_| (0..n).map(|_| rng.range(0, 1_000_000_000)).collect();
            (0..t).map(&mut stairs).collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, balls: &Vec<u64>) -> String {
            let first = self.search.mover_wins(balls.clone());
            format!("{}\n", if first { "first" } else { "second" })
        }
    }

    testkit::problem_tests!(
        StairGame,
        solve,
        refuses: [
            ("", "expected the number of tests t"),
            ("0\n", "the number of tests t = `0` is out of range"),
            ("1\n0\n", "n of test case 1 = `0` is out of range"),
            ("1\n3\n1 2\n", "input ended early: expected p_3 of test case 1"),
            ("1\n2\n1 -1\n", "p_2 of test case 1 = `-1` is out of range"),
            ("1\n1\nx\n", "expected an integer"),
            ("1\n1\n5\n7\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn counts_beyond_the_judge() {
        // Stairs 2 and 4 hold 2^64 − 1 and 2^63: XOR not 0. Equal counts on them cancel.
        let input = "2\n4\n0 18446744073709551615 7 9223372036854775808\n4\n3 18446744073709551615 1 18446744073709551615\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "first\nsecond\n");
    }
}
