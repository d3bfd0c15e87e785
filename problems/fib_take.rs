//! Luogu P6791 \[SNOI2020\] 取石子 (taking stones): one heap of n stones; the first move takes 1
//! to k stones, every later move 1 to twice the previous take; whoever takes the LAST stone
//! loses. Count the n in 1..=N on which the first player wins.
//!
//! Misère to normal play: nobody takes the last stone while another move exists, so the game
//! on n stones is the normal-play game on n − 1 (take the last of those n − 1 and the opponent
//! must take the final stone). There the mover with a bound q wins iff the smallest
//! Zeckendorf term of the heap is at most q (`grundy::dynamic_take_away` at ratio 2, Fibonacci
//! Nim), so the answer is N minus the heaps m in 0..N the mover loses with bound k, which
//! `DynamicTakeAway::lost_below` counts by a digit DP over Zeckendorf representations.
//!
//! Input: T, then T lines `k N`. Output: one count a line.
//! Beyond the judge (T <= 10^5, k, N <= 10^18): any T, and k, N up to 2^64 − 1, answered
//! exactly. k = 0 (no first move) and N = 0 are refused.

use grundy::dynamic_take_away::DynamicTakeAway;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let fibonacci_nim = DynamicTakeAway::new(2, u64::MAX);
    for case in sc.cases("the number of queries T")? {
        let k = sc.uint_fast(case.field("k"), 1..=u64::MAX)?;
        let n = sc.uint_fast(case.field("N"), 1..=u64::MAX)?;
        // Misère heaps 1..=N are normal-play heaps 0..N: the first player wins on those not lost.
        writeln!(out, "{}", n - fibonacci_nim.lost_below(n, k))?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// A position of the statement's game: (stones, the most the mover may take), the bound
    /// capped at the stones (which changes no move).
    type Position = (u64, u64);

    /// Every move, literally: take 1 to the bound; the next bound is twice the take.
    fn moves(&(stones, bound): &Position) -> Vec<Position> {
        (1..=bound.min(stones))
            .map(|t| (stones - t, (2 * t).min(stones - t)))
            .collect()
    }

    /// The brute force's state: a misère search (the player who takes the last stone loses,
    /// so the player facing an empty heap has won), its memo kept from case to case.
    struct FibTake(Search<Position, fn(&Position) -> Vec<Position>>);
    impl Default for FibTake {
        fn default() -> Self {
            FibTake(Search::misere(moves as fn(&Position) -> Vec<Position>))
        }
    }
    impl Problem for FibTake {
        /// One query: (k, N).
        type Case = (u64, u64);
        const SIZE: u64 = 60;
        /// The search visits every (stones, bound) below N: N² positions.
        const MAX_SIZE: u64 = 400;
        fn case(rng: &mut Rng, size: u64) -> (u64, u64) {
            (rng.range(1, size + 1), rng.range(1, size))
        }
        /// The judge's largest input: 10^5 queries, k and N up to 10^18 (some at 10^18).
        fn max_cases(rng: &mut Rng) -> Vec<(u64, u64)> {
            let top = 1_000_000_000_000_000_000;
            (0..100_000)
                .map(|i| match i % 4 {
                    0 => (top, top),
                    1 => (rng.range(1, top), top),
                    _ => (rng.range(1, top), rng.range(1, top)),
                })
                .collect()
        }
        fn input(cases: &[(u64, u64)]) -> String {
            let mut text = format!("{}\n", cases.len());
            for (k, n) in cases {
                text += &format!("{} {}\n", k, n);
            }
            text
        }
        fn brute(&mut self, &(k, n): &(u64, u64)) -> String {
            let wins = (1..=n)
                .filter(|&stones| self.0.mover_wins((stones, k.min(stones))))
                .count();
            format!("{}\n", wins)
        }
    }

    testkit::problem_tests!(
        FibTake,
        solve,
        refuses: [
            ("", "input ended early: expected the number of queries T"),
            ("0\n", "the number of queries T = `0` is out of range"),
            ("1\n0 5\n", "k of test case 1 = `0` is out of range"),
            ("1\n3 0\n", "N of test case 1 = `0` is out of range"),
            ("2\n1 5\n", "input ended early: expected k of test case 2"),
            ("1\n1 18446744073709551616\n", "N of test case 1 = `18446744073709551616` is out of range"),
            ("1\n1 5 7\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn heaps_beyond_the_judge() {
        // With k at least every heap the first player wins on every n >= 2: he takes n − 1
        // and leaves the last stone. N = 2^64 − 1 answers 2^64 − 2.
        let input = "2\n18446744073709551615 18446744073709551615\n1 1\n";
        assert_eq!(
            judge::run_str(solve, input).unwrap(),
            "18446744073709551614\n0\n"
        );
    }
}
